//! UI-neutral views of the search: what a table row or a board drawing needs, as plain data.

use super::cost::Cost;
use super::store::{NodeId, Status};
use serde::{Deserialize, Serialize};

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
    Grid {
        width: usize,
        height: usize,
        cells: Vec<u8>,
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
