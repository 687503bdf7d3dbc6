//! The search tree as data: every stored row under its parent, marked as the tables mark it,
//! with the successors that got no row of their own (stubs, with their reason) and the edges a
//! cheaper route replaced. Built from a search's notebook and step record only, so the app's Tree
//! tab and `frontier tree` show the same thing. Iterative deepening shows the current
//! iteration's tree: the log is read from the last step that picked the start.
//!
//! [`shape`] turns a tree into what is drawn (folding repeated states, hiding collapsed
//! subtrees) and [`layout`] places it.

pub mod layout;
pub mod shape;

use super::cost::Cost;
use super::cutoff::{Bound, Cutoff};
use super::event::{Fate, Outcome};
use super::notebook::{NodeId, Status};
use super::view::SearchView;
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
}

/// The tree at one step.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Tree {
    /// The step it shows.
    pub step: u64,
    /// One node per stored row, by row id.
    pub nodes: Vec<TreeNode>,
    pub stubs: Vec<Stub>,
    pub old_edges: Vec<OldEdge>,
    /// The iteration of iterative deepening (from 1), if the search deepens.
    pub iteration: Option<u32>,
    /// The threshold in words ("f ≤ 12", "depth ≤ 3"), for depth-first searches with a bound.
    pub bound: Option<String>,
}

/// Marks a log target that no longer has its row (dropped by depth-first search).
const GONE: u64 = u64::MAX;

impl Tree {
    /// The tree of `search` as it is now.
    #[must_use]
    pub fn of(search: &dyn SearchView) -> Tree {
        let rows = search.rows();
        let log = search.step_record();
        let cutoff = search.cutoff();
        // The current tree starts at the last step that picked the start (a new iteration).
        let first = (0..log.len())
            .rev()
            .find(|&i| log.pick(i) == Some(0))
            .unwrap_or(0);
        // The step that stored each row: ids are reused after depth-first search drops rows,
        // so what the log says about an id counts only from the step that stored its row.
        let mut born = vec![GONE; rows];
        let mut parent: Vec<Option<NodeId>> = vec![None; rows];
        let mut picked: Vec<Option<(u64, usize)>> = vec![None; rows];
        let mut stubs: Vec<(Stub, u64)> = Vec::new();
        let mut old_edges = Vec::new();
        if rows > 0 {
            born[0] = first as u64;
        }
        for i in first..log.len() {
            let pick = log.pick(i);
            let mut generated = 0;
            for s in log.successors(i) {
                generated += 1;
                let t = s.target as usize;
                let Some(p) = pick else { continue };
                let reason = match s.fate {
                    Fate::StoredNew | Fate::Improved | Fate::Reopened if t >= rows => continue,
                    Fate::StoredNew => {
                        born[t] = i as u64;
                        parent[t] = Some(p);
                        continue;
                    }
                    Fate::Improved | Fate::Reopened => {
                        if let Some(from) = parent[t] {
                            old_edges.push(OldEdge {
                                from,
                                to: s.target,
                                step: i as u64 + 1,
                            });
                        }
                        parent[t] = Some(p);
                        continue;
                    }
                    Fate::Kept if cutoff.is_some() => StubReason::OnPath(s.target),
                    Fate::Kept => StubReason::AlreadyStored(s.target),
                    Fate::Pruned => StubReason::Pruned,
                    Fate::NotStoredFull => StubReason::NotStoredFull,
                };
                let birth = born.get(p as usize).copied().unwrap_or(GONE);
                stubs.push((Stub { parent: p, reason }, birth));
            }
            if let Some(p) = pick
                && let Some(slot) = picked.get_mut(p as usize)
            {
                *slot = Some((i as u64, generated));
            }
        }
        let alive = |id: NodeId, birth: u64| born.get(id as usize) == Some(&birth) && birth != GONE;
        let stubs = stubs
            .into_iter()
            .filter(|&(stub, birth)| alive(stub.parent, birth))
            .map(|(stub, _)| stub)
            .collect();
        old_edges.retain(|e: &OldEdge| (e.from as usize) < rows && (e.to as usize) < rows);
        let next = search.next_pick().map(|p| p.id);
        let goal = match (search.outcome(), &search.last_event().pick) {
            (Some(Outcome::GoalFound), Some(p)) => Some(p.id),
            _ => None,
        };
        let nodes = (0..rows)
            .map(|i| {
                let id = NodeId::try_from(i).expect("ids fit in u32");
                let row = search.row(id);
                let picked = picked[i].filter(|&(step, _)| step >= born[i] && born[i] != GONE);
                let mark = match (row.status, picked) {
                    (Status::Open, _) if next == Some(id) => Mark::NextPick,
                    (Status::Open, _) => Mark::Open,
                    _ if goal == Some(id) => Mark::Goal,
                    (Status::Closed, Some((_, n))) if n > 0 => Mark::Expanded,
                    (Status::Closed, _) => not_expanded(cutoff, row.f, row.depth),
                };
                TreeNode {
                    row: id,
                    parent: row.parent,
                    g: row.g,
                    h: row.h,
                    f: row.f,
                    depth: row.depth,
                    mark,
                }
            })
            .collect();
        Tree {
            step: search.steps(),
            nodes,
            stubs,
            old_edges,
            iteration: cutoff.and_then(|c| c.iteration),
            bound: cutoff.and_then(|c| match c.bound {
                Bound::EstimatedCost(f) => Some(format!("f ≤ {f}")),
                Bound::Depth(d) => Some(format!("depth ≤ {d}")),
                Bound::None => None,
            }),
        }
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

#[cfg(test)]
mod tests;
