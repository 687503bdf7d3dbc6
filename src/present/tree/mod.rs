//! The search tree as data: every stored row under its parent, marked as the tables mark it,
//! with the successors that got no row of their own (stubs, with their reason) and the edges a
//! cheaper route replaced. Built from a search's notebook and step record only, so the app's Tree
//! tab and `frontier tree` show the same thing. Iterative deepening shows the current
//! iteration's tree: the log is read from the last step that picked the start.
//!
//! [`Growing`] keeps a tree up to date as the search steps; [`shape`] turns a tree into what is drawn (folding repeated states, hiding collapsed
//! subtrees) and [`layout`] places it.

pub mod chunks;
pub mod layout;
mod read;
pub mod shape;

pub use read::{Growing, Update};

use crate::engine::cost::Cost;
use crate::engine::cutoff::{Bound, Cutoff};
use crate::engine::notebook::NodeId;
use crate::engine::view::SearchView;
use chunks::Chunks;
use serde::Serialize;
use std::fmt;

/// Where a row stands, as the tables and the board mark it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// Open, waiting to be picked.
    Open,
    /// Open, and the next step picks it.
    NextPick,
    /// Picked and expanded (its successors were generated).
    Expanded,
    /// Picked and accepted as the goal.
    Goal,
    /// Picked but over IDA*'s f threshold: cut off, not tested.
    CutOff,
    /// Picked at the depth limit (or IDDFS's depth threshold): tested, not expanded.
    DepthLimit,
    /// Picked and closed without generating anything (no successors, or not expanded).
    NotExpanded,
}

impl Mark {
    /// Words for a hover or the CLI.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Mark::Open => "open",
            Mark::NextPick => "open, the next pick",
            Mark::Expanded => "expanded",
            Mark::Goal => "goal",
            Mark::CutOff => "cut off by the f threshold",
            Mark::DepthLimit => "at the depth limit: not expanded",
            Mark::NotExpanded => "closed, nothing generated",
        }
    }
}

/// Why a successor has no node of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "row", rename_all = "snake_case")]
pub enum StubReason {
    /// Already stored as this row by a route at least as cheap (graph search).
    AlreadyStored(NodeId),
    /// Already on the current path as this row: a cycle (depth-first search).
    OnPath(NodeId),
    /// Refused by the domain.
    Pruned,
    /// The notebook was full.
    NotStoredFull,
}

impl fmt::Display for StubReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StubReason::AlreadyStored(row) => {
                write!(f, "already stored as #{row} by a route at least as cheap")
            }
            StubReason::OnPath(row) => write!(f, "already on the current path as #{row}: a cycle"),
            StubReason::Pruned => f.write_str("pruned by the domain"),
            StubReason::NotStoredFull => f.write_str("not stored: the notebook was full"),
        }
    }
}

/// A successor without a node: under which row, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Stub {
    pub parent: NodeId,
    pub reason: StubReason,
    /// The log entry (step from 0) that generated it: the order things came in.
    #[serde(skip)]
    pub step: u64,
}

/// An edge a cheaper route replaced: `from` was `to`'s parent until step `step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OldEdge {
    pub from: NodeId,
    pub to: NodeId,
    pub step: u64,
}

/// One stored row as a node.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TreeNode {
    pub row: NodeId,
    pub parent: Option<NodeId>,
    pub g: Cost,
    pub h: Cost,
    pub f: Cost,
    pub depth: u32,
    pub mark: Mark,
    /// The log entry (step from 0) that stored the row: the order things came in.
    #[serde(skip)]
    pub born: u64,
}

/// The tree at one step.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Tree {
    /// The step it shows.
    pub step: u64,
    /// One node per stored row, by row id (in chunks: a running search adds thousands a frame).
    pub nodes: Chunks<TreeNode>,
    pub stubs: Chunks<Stub>,
    pub old_edges: Vec<OldEdge>,
    /// The iteration of iterative deepening (from 1), if the search deepens.
    pub iteration: Option<u32>,
    /// The threshold in words ("f ≤ 12", "depth ≤ 3"), for depth-first searches with a bound.
    pub bound: Option<String>,
}

/// Marks a log target that no longer has its row (dropped by depth-first search).
const GONE: u64 = u64::MAX;

impl Tree {
    /// The tree of `search` as it is now (read from the start; [`Growing`] keeps one up to
    /// date step by step).
    #[must_use]
    pub fn of(search: &dyn SearchView) -> Tree {
        Growing::new(search).into_tree()
    }

    /// The header line: the step, and for iterative deepening which iteration and threshold.
    #[must_use]
    pub fn caption(&self) -> String {
        let mut words = format!(
            "step {}: {} node{}, {} stub{}",
            self.step,
            self.nodes.len(),
            plural(self.nodes.len()),
            self.stubs.len(),
            plural(self.stubs.len())
        );
        if let Some(i) = self.iteration {
            words.push_str(&format!("; iteration {i}"));
        }
        if let Some(bound) = &self.bound {
            words.push_str(&format!(", threshold {bound}"));
        }
        words
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Why a closed row picked without generating anything stopped there.
fn not_expanded(cutoff: Option<Cutoff>, f: Cost, depth: u32) -> Mark {
    match cutoff.map(|c| c.bound) {
        Some(Bound::EstimatedCost(t)) if f > t => Mark::CutOff,
        Some(Bound::Depth(limit)) if depth >= limit => Mark::DepthLimit,
        _ => Mark::NotExpanded,
    }
}
