//! How deep a depth-first search may go, and where it stands: the algorithms keep to it, and a
//! face reads it (through `SearchView::cutoff`) to say why a row was not expanded. Its own module,
//! so the view does not depend on the algorithms.

use crate::engine::cost::Cost;

/// What stops depth-first search from going deeper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Nothing (plain backtracking).
    None,
    /// Rows at this depth are tested but not expanded (a depth limit, or IDDFS's threshold).
    Depth(u32),
    /// Rows whose estimated cost f = g + h is above this are cut off when picked, untested
    /// (IDA*'s threshold).
    EstimatedCost(Cost),
}

/// The bound a depth-first search works under and, for iterative deepening, which iteration
/// it is in: what a face needs to say why a row was not expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cutoff {
    /// The iteration of iterative deepening, from 1 (`None` for plain backtracking).
    pub iteration: Option<u32>,
    pub bound: Bound,
}
