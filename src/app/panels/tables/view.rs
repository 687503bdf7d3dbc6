//! What a table needs besides its rows, shared by the table and its painted rows.

use crate::engine::event::Pick;
use crate::engine::notebook::{NodeId, Status};
use crate::present::ShownSearch;

/// What a table needs besides its rows.
pub struct TableView<'a> {
    /// Salt for widget ids (two tables share one window).
    pub name: &'static str,
    /// The line above the table ("Open list (12) — f = g + h").
    pub title: String,
    /// Which list the table shows (the open list has the tie column and pick order).
    pub status: Status,
    /// Where the rows' values come from.
    pub session: &'a dyn ShownSearch,
    /// The rows, in table order.
    pub ids: &'a [NodeId],
    /// The next pick, highlighted in every sort order; rows tied with it are marked.
    pub pick: Option<&'a Pick>,
    /// The selected row, highlighted.
    pub selected: Option<NodeId>,
    /// Sorting is off (during the quiz any order but storing order would give the answer away).
    pub sort_locked: bool,
    /// Rows whose h broke a promise, with the words: marked in the h column.
    pub warnings: &'a std::collections::BTreeMap<NodeId, String>,
}
