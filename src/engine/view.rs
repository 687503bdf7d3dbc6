//! UI-neutral views of the search: the read-only questions a face asks of a search
//! ([`SearchView`]), and what a table row or a board drawing needs, as plain data.

use super::cost::Cost;
use super::event::{Counts, Outcome, Pick, StepEvent};
use super::heuristic_check::HeuristicWarning;
use super::notebook::{NodeId, Status};
use super::open_list::OpenKey;
use super::settings::{Heuristic, Settings};
use super::step_record::StepRecord;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Everything a face can ask of a search without moving it: tables, boards, the step log and
/// the status line all read a search through this, so none of them can step it by mistake.
/// Moving a search is [`super::session::Session`]'s job (or [`super::timeline::Timeline`]'s,
/// which hands out this view of the step it stands at).
///
/// Every method is required: a stand-in (a search away on a worker thread) says what it
/// answers instead of inheriting a default it never chose.
pub trait SearchView {
    /// Steps taken so far.
    fn steps(&self) -> u64;
    fn outcome(&self) -> Option<&Outcome>;
    fn counts(&self) -> Counts;
    fn settings(&self) -> &Settings;
    /// Rows in the notebook.
    fn rows(&self) -> usize;
    fn row(&self, id: NodeId) -> Row;
    /// Every row's status in storing order: what a board needs to colour all stored states at
    /// once (with [`SearchView::places`]), without building a whole [`Row`] for each.
    fn statuses(&self) -> Vec<Status>;
    /// How many rows sit at each depth (index = depth): a run's shape (states by depth, b*),
    /// read once when a run ends without building a whole [`Row`] for each.
    fn stored_by_depth(&self) -> Vec<u64>;
    /// One-line text of a row's state.
    fn state_text(&self, id: NodeId) -> String;
    fn board(&self, id: NodeId) -> BoardView;
    /// The start state's drawing (there is no row before the first step).
    fn start_board(&self) -> BoardView;
    /// The board position (grid cell, graph node) of every row in id order, so a map view can
    /// colour all open and closed states at once; empty where states are whole boards.
    fn places(&self) -> Vec<Option<usize>>;
    /// Row `id`'s board position ([`SearchView::places`] for one row), so a map view can
    /// recolour just the rows a few steps touched.
    fn place(&self, id: NodeId) -> Option<usize>;
    /// Where row `id`'s state sits on a plane, for exporters that draw maps (Posthoc); `None`
    /// for domains without positions.
    fn position(&self, id: NodeId) -> Option<(i64, i64)>;
    /// Open rows, the next pick first.
    fn open_order(&self) -> Vec<NodeId>;
    /// Row `id`'s key in a best-first open list (see
    /// [`crate::engine::strategy::Strategy::open_key`]), so a table can keep the list sorted
    /// itself; `None` for strategies whose open order only they know (stacks, deepening).
    fn open_key(&self, id: NodeId) -> Option<OpenKey>;
    /// What the next step will pick and why (`None` once the search is over).
    fn next_pick(&self) -> Option<Pick>;
    /// Rows from the start to `id`.
    fn route(&self, id: NodeId) -> Vec<NodeId>;
    /// The move from row `from` to its child `to`, in words.
    fn move_label(&self, from: NodeId, to: NodeId) -> String;
    /// The route to the accepted goal.
    fn solution(&self) -> Option<Vec<NodeId>>;
    fn last_event(&self) -> &StepEvent;
    /// A step in words: the pick and why, then each successor's fate.
    fn event_lines(&self, event: &StepEvent) -> Vec<String>;
    fn step_record(&self) -> &StepRecord;
    /// The row holding the state of each successor of row `pick`, for the kept successors the
    /// record does not name (see [`Recorded::found`]).
    ///
    /// [`Recorded::found`]: super::step_record::Recorded::found
    fn successor_rows(&self, pick: NodeId) -> Vec<Option<NodeId>>;
    /// The strategy's own state in words (IDA*'s threshold), if it has one.
    fn strategy_status(&self) -> Option<String>;
    /// The bound of a depth-first search and its deepening iteration (see
    /// [`super::cutoff::Cutoff`]); `None` for other strategies.
    fn cutoff(&self) -> Option<super::cutoff::Cutoff>;
    /// Bytes held by the notebook, open list and log.
    fn memory_bytes(&self) -> usize;
    /// How many complete boards generate and test faces under these settings (saturating at
    /// `u128::MAX`), so a face can say so before the first step; `None` for other algorithms.
    fn candidates(&self) -> Option<u128>;
    /// The heuristic's broken promises met up to this step, in words (see
    /// [`super::heuristic_check`]); built on every call, so ask once per step.
    fn heuristic_warnings(&self) -> Vec<HeuristicWarning>;
    /// The heuristics the problem offers (the app's menu), its default first.
    fn heuristics(&self) -> &'static [Heuristic];
}

/// One row of the open or closed table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    pub id: NodeId,
    pub parent: Option<NodeId>,
    pub g: Cost,
    pub h: Cost,
    /// The algorithm's priority.
    pub f: Cost,
    pub depth: u32,
    pub status: Status,
    pub reopened: u32,
}

/// What a board view draws for one state of a domain.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum BoardView {
    /// Tiles in reading order, 0 for the blank.
    Sliding {
        width: usize,
        height: usize,
        tiles: Vec<u8>,
    },
    /// An N-queens board: everything a view needs to draw the queens, the squares they attack,
    /// the square just tried and the squares of the next row that were pruned, with why.
    Queens {
        size: usize,
        /// The queen in each row (`None`: empty), the locked queen included.
        rows: Vec<Option<usize>>,
        /// Every queen, the locked one included (the same queens as `rows`, unless a candidate
        /// of generate and test puts two queens in one row).
        queens: Vec<Cell>,
        /// The queen the player placed and the search may not move.
        locked: Option<Cell>,
        /// `attacked[row * size + col]`: some queen attacks the square (its own square aside).
        attacked: Vec<bool>,
        /// The queen placed last: the square this state tries.
        trying: Option<Cell>,
        /// Squares of the next row to fill that the search prunes, each with its reason.
        pruned: Vec<(Cell, String)>,
        /// Pairs of queens that attack each other (only complete candidates have any).
        conflicts: Vec<(Cell, Cell)>,
    },
    /// A grid map in reading order: `cells[y · width + x]` is 0 for a wall, else the terrain
    /// cost of entering (1 for plain floor). `at` is the state's cell; cells are `(x, y)`.
    /// The cells are the map's own, shared: a board a frame costs no copy of the map.
    Grid {
        width: usize,
        height: usize,
        cells: Arc<[u8]>,
        start: (usize, usize),
        goal: (usize, usize),
        at: (usize, usize),
    },
    /// A Sokoban level; every position is a cell index `y · width + x`. `dead` are the floor
    /// squares from which a box can never reach a goal (pushes onto them are pruned).
    Sokoban {
        width: usize,
        height: usize,
        walls: Vec<bool>,
        goals: Vec<usize>,
        boxes: Vec<usize>,
        player: usize,
        dead: Vec<usize>,
    },
    /// An explicit graph: nodes at their drawing positions, edges by node index, and the node
    /// the state stands on.
    Graph {
        nodes: Vec<GraphNodeView>,
        edges: Vec<GraphEdgeView>,
        directed: bool,
        start: usize,
        goal: usize,
        at: usize,
    },
}

/// A square of a board, counted from 0 at the top left (as scenario files write it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

/// A graph node as drawn: its name, position and h value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphNodeView {
    pub name: String,
    pub x: f64,
    pub y: f64,
    pub h: Cost,
}

/// A graph edge as drawn: node indices and the cost.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphEdgeView {
    pub from: usize,
    pub to: usize,
    pub cost: Cost,
}
