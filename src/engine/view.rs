//! UI-neutral views of the search: what a table row or a board drawing needs, as plain data.

use super::cost::Cost;
use super::store::{NodeId, Status};
use serde::Serialize;

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
}
