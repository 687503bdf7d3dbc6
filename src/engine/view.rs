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
