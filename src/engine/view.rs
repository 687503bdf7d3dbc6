//! The read-only questions asked of a search ([`SearchView`]), and a table row as plain data.
//! How a state is written or drawn is not asked here: the layer above the engine adds those
//! questions over the same search.

use super::cost::Cost;
use super::event::{Counts, Outcome, Pick, StepEvent};
use super::notebook::{NodeId, Status};
use super::open_list::OpenKey;
use super::settings::{Heuristic, Settings};
use super::step_record::StepRecord;
use serde::Serialize;

/// Everything the search model can tell without moving the search: tables, boards, the step log
/// and the status line all read a search through this (or through the presentation's view,
/// which extends it), so none of them can step it by mistake.
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
    /// once, without building a whole [`Row`] for each.
    fn statuses(&self) -> Vec<Status>;
    /// How many rows sit at each depth (index = depth): a run's shape (states by depth, b*),
    /// read once when a run ends without building a whole [`Row`] for each.
    fn stored_by_depth(&self) -> Vec<u64>;
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
    /// The route to the accepted goal.
    fn solution(&self) -> Option<Vec<NodeId>>;
    fn last_event(&self) -> &StepEvent;
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
