//! How a graph search is shown: an edge walked in words, a node by its name, and the whole
//! graph drawn with the node a state stands on.

use super::{EdgeStep, Graph};
use crate::engine::cost::Cost;
use crate::present::{BoardView, Presentation};

/// A graph node as drawn: its name, position and h value.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphNodeView {
    pub name: String,
    pub x: f64,
    pub y: f64,
    pub h: Cost,
}

/// A graph edge as drawn: node indices and the cost.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphEdgeView {
    pub from: usize,
    pub to: usize,
    pub cost: Cost,
}

/// What the board view draws for one state: the graph's nodes at their drawing positions, its
/// edges by node index, and the node the state stands on.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphView {
    pub nodes: Vec<GraphNodeView>,
    pub edges: Vec<GraphEdgeView>,
    pub directed: bool,
    pub start: usize,
    pub goal: usize,
    pub at: usize,
}

impl Presentation for Graph {
    fn describe_move(&self, from: &u32, mv: EdgeStep) -> String {
        let edge = &self.edges[mv as usize];
        let to = if edge.from == *from as usize {
            edge.to
        } else {
            edge.from
        };
        format!(
            "{} → {} ({})",
            self.name(*from),
            self.nodes[to].name,
            edge.cost
        )
    }

    fn compact(&self, state: &u32) -> String {
        self.name(*state).to_string()
    }

    fn board(&self, state: &u32) -> BoardView {
        BoardView::new(GraphView {
            nodes: self.nodes.clone(),
            edges: self.edges.clone(),
            directed: self.directed,
            start: self.start,
            goal: self.goal,
            at: *state as usize,
        })
    }

    fn place(&self, state: &u32) -> Option<usize> {
        Some(*state as usize)
    }
}
