//! Reading the tree off the step record, once from the start or on from where the last
//! reading stopped. A search that only adds rows (every best-first search: rows are never
//! dropped, ids never reused) changes few nodes per step: the rows it stored, the row it
//! picked, the rows a cheaper route moved and the next pick. [`Growing`] keeps the reading and
//! the tree between steps and updates just those, so a step on a tree of 100,000 nodes costs
//! what the step changed, not the whole tree; a step back takes the same things back, from what
//! the reading kept of each log entry. Anything else (a depth-first search dropping rows, a
//! new iteration) reads the tree again from the start.

use super::chunks::Chunks;
use super::{GONE, Mark, OldEdge, Stub, StubReason, Tree, TreeNode, not_expanded};
use crate::engine::cutoff::{Bound, Cutoff};
use crate::engine::event::{Fate, Outcome};
use crate::engine::notebook::{NodeId, Status};
use crate::engine::step_record::StepRecord;
use crate::engine::view::SearchView;

/// What the log says so far about each row, besides the row itself.
#[derive(Clone, Debug, Default)]
struct Reading {
    /// Log entries read.
    done: usize,
    /// The step that stored each row: ids are reused after depth-first search drops rows,
    /// so what the log says about an id counts only from the step that stored its row.
    born: Chunks<u64>,
    parent: Chunks<Option<NodeId>>,
    /// The last step that picked each row, and how many successors it generated.
    picked: Chunks<Option<(u64, usize)>>,
    /// Every stub read, with the step its parent's row was born at.
    stubs: Chunks<(Stub, u64)>,
    old_edges: Vec<OldEdge>,
    /// What it takes to undo each log entry read, from the first.
    undo: Chunks<Undo>,
}

/// What reading one log entry changed besides rows it stored: enough to take it back.
#[derive(Clone, Copy, Debug)]
struct Undo {
    pick: Option<NodeId>,
    /// The pick's last pick before this one.
    picked: Option<(u64, usize)>,
    /// Stubs and replaced edges read before this entry.
    stubs: usize,
    old_edges: usize,
    /// Every parent this entry changed left a replaced edge (so it can be put back).
    undoable: bool,
}

impl Reading {
    /// An empty reading of a search with `rows` rows whose tree starts at log index `first`.
    fn new(rows: usize, first: usize) -> Reading {
        let mut reading = Reading {
            done: first,
            ..Reading::default()
        };
        reading.grow(rows);
        if rows > 0 {
            reading.born[0] = first as u64;
        }
        reading
    }

    fn grow(&mut self, rows: usize) {
        self.born.resize(rows, GONE);
        self.parent.resize(rows, None);
        self.picked.resize(rows, None);
    }

    /// Reads the log from where the last reading stopped to its end; `touched` gets every row
    /// whose node the new steps may have changed.
    fn read(&mut self, search: &dyn SearchView, cutoff: Option<Cutoff>, touched: &mut Vec<NodeId>) {
        let log = search.step_record();
        let rows = self.born.len();
        for i in self.done..log.len() {
            let pick = log.pick(i);
            let mut undo = Undo {
                pick,
                picked: pick.and_then(|p| self.picked.get(p as usize).copied().flatten()),
                stubs: self.stubs.len(),
                old_edges: self.old_edges.len(),
                undoable: true,
            };
            let mut generated = 0;
            // The rows of the step's successors by their states, once a kept one needs them.
            let mut by_state = None;
            for s in log.successors(i) {
                generated += 1;
                let t = s.target as usize;
                let Some(p) = pick else { continue };
                let reason = match s.fate {
                    Fate::StoredNew | Fate::Improved | Fate::Reopened if t >= rows => continue,
                    Fate::StoredNew => {
                        self.born[t] = i as u64;
                        self.parent[t] = Some(p);
                        continue;
                    }
                    Fate::Improved | Fate::Reopened => {
                        if let Some(from) = self.parent[t] {
                            self.old_edges.push(OldEdge {
                                from,
                                to: s.target,
                                step: i as u64 + 1,
                            });
                        } else {
                            undo.undoable = false;
                        }
                        self.parent[t] = Some(p);
                        touched.push(s.target);
                        continue;
                    }
                    Fate::Kept if cutoff.is_some() => StubReason::OnPath(s.target),
                    Fate::Kept => {
                        let Some(row) = s.row(&mut by_state, || search.successor_rows(p)) else {
                            debug_assert!(false, "step {i}'s kept successor has its row");
                            continue;
                        };
                        StubReason::AlreadyStored(row)
                    }
                    Fate::Pruned => StubReason::Pruned,
                    Fate::NotStoredFull => StubReason::NotStoredFull,
                };
                let birth = self.born.get(p as usize).copied().unwrap_or(GONE);
                let stub = Stub {
                    parent: p,
                    reason,
                    step: i as u64,
                };
                self.stubs.push((stub, birth));
            }
            if let Some(p) = pick
                && let Some(slot) = self.picked.get_mut(p as usize)
            {
                *slot = Some((i as u64, generated));
                touched.push(p);
            }
            self.undo.push(undo);
        }
        self.done = log.len();
    }

    /// Takes back the entries read from log index `to` on, leaving `rows` rows, as a
    /// best-first search that went back to step `to` has them (rows are stored in order, so
    /// the rows the entries stored are the last ones). `touched` gets every row left whose
    /// node may have changed. Returns `false`, changing nothing, when the log no longer
    /// starts with what was read or an entry cannot be taken back.
    fn undo(
        &mut self,
        log: &StepRecord,
        to: usize,
        rows: usize,
        touched: &mut Vec<NodeId>,
    ) -> bool {
        let first = self.done - self.undo.len();
        let Some(last) = to.checked_sub(first + 1) else {
            return false;
        };
        let born_before = |r: usize| self.born.get(r).is_some_and(|&b| b < to as u64);
        let fits = log.len() == to
            && log.pick(to - 1) == self.undo[last].pick
            && rows > 0
            && born_before(rows - 1)
            && !born_before(rows)
            && self.undo.span_from(last + 1).iter().all(|u| u.undoable);
        if !fits {
            return false;
        }
        while self.undo.len() > last + 1 {
            let u = self.undo.pop().expect("more than `last` entries");
            if let Some(p) = u.pick.filter(|&p| (p as usize) < rows) {
                self.picked[p as usize] = u.picked;
                touched.push(p);
            }
            for e in self.old_edges.drain(u.old_edges..).rev() {
                self.parent[e.to as usize] = Some(e.from);
                touched.push(e.to);
            }
            self.stubs.truncate(u.stubs);
        }
        self.born.truncate(rows);
        self.parent.truncate(rows);
        self.picked.truncate(rows);
        touched.retain(|&id| (id as usize) < rows);
        self.done = to;
        true
    }

    /// Whether row `id` is still the row the log stored at step `birth`.
    fn alive(&self, id: NodeId, birth: u64) -> bool {
        birth != GONE && self.born.get(id as usize) == Some(&birth)
    }
}

/// What marks a row besides its status: the next pick, the accepted goal and the bound.
struct Marks {
    next: Option<NodeId>,
    goal: Option<NodeId>,
    cutoff: Option<Cutoff>,
}

impl Marks {
    fn of(search: &dyn SearchView) -> Marks {
        Marks {
            next: search.next_pick().map(|p| p.id),
            goal: match (search.outcome(), &search.last_event().pick) {
                (Some(Outcome::GoalFound), Some(p)) => Some(p.id),
                _ => None,
            },
            cutoff: search.cutoff(),
        }
    }

    /// Row `id`'s node.
    fn node(&self, search: &dyn SearchView, reading: &Reading, id: NodeId) -> TreeNode {
        let i = id as usize;
        let row = search.row(id);
        let born = reading.born[i];
        let picked = reading.picked[i].filter(|&(step, _)| step >= born && born != GONE);
        let mark = match (row.status, picked) {
            (Status::Open, _) if self.next == Some(id) => Mark::NextPick,
            (Status::Open, _) => Mark::Open,
            _ if self.goal == Some(id) => Mark::Goal,
            (Status::Closed, Some((_, n))) if n > 0 => Mark::Expanded,
            (Status::Closed, _) => not_expanded(self.cutoff, row.f, row.depth),
        };
        TreeNode {
            row: id,
            parent: row.parent,
            g: row.g,
            h: row.h,
            f: row.f,
            depth: row.depth,
            mark,
            born,
        }
    }
}

/// What an update did to the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Update {
    /// Nothing moved.
    Same,
    /// Read again from the start: anything may have changed.
    Rebuilt,
    /// Grew in place: nodes were added at the end and `changed` rows' nodes were redone;
    /// stubs and replaced edges were only appended.
    Grew { changed: Vec<NodeId> },
    /// Went back in place: nodes, stubs and replaced edges were taken off the end and
    /// `changed` rows' nodes were redone.
    Shrank { changed: Vec<NodeId> },
}

/// A search's tree kept up to date step by step (see the module's words).
#[derive(Clone, Debug, Default)]
pub struct Growing {
    tree: Tree,
    reading: Reading,
    /// The pick of the last log entry read, to notice a log that was rewritten.
    last_pick: Option<Option<NodeId>>,
    /// The next pick and goal marked last time, which the next update may unmark.
    next: Option<NodeId>,
    goal: Option<NodeId>,
}

impl Growing {
    /// The tree of `search` as it is now, read from the start.
    #[must_use]
    pub fn new(search: &dyn SearchView) -> Growing {
        let log = search.step_record();
        // The current tree starts at the last step that picked the start (a new iteration).
        let first = (0..log.len())
            .rev()
            .find(|&i| log.pick(i) == Some(0))
            .unwrap_or(0);
        let mut reading = Reading::new(search.rows(), first);
        reading.read(search, search.cutoff(), &mut Vec::new());
        let marks = Marks::of(search);
        let ids = 0..NodeId::try_from(search.rows()).expect("ids fit in u32");
        let nodes = ids.map(|id| marks.node(search, &reading, id)).collect();
        let stubs = reading
            .stubs
            .iter()
            .filter(|&&(stub, birth)| reading.alive(stub.parent, birth))
            .map(|&(stub, _)| stub)
            .collect();
        let rows = search.rows();
        let old_edges = reading
            .old_edges
            .iter()
            .filter(|e| (e.from as usize) < rows && (e.to as usize) < rows)
            .copied()
            .collect();
        let mut tree = Tree {
            nodes,
            stubs,
            old_edges,
            ..Tree::default()
        };
        caption_of(&mut tree, search);
        Growing {
            tree,
            last_pick: log.len().checked_sub(1).map(|i| log.pick(i)),
            next: marks.next,
            goal: marks.goal,
            reading,
        }
    }

    /// The tree as of the last update.
    #[must_use]
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The tree, kept no more.
    #[must_use]
    pub fn into_tree(self) -> Tree {
        self.tree
    }

    /// Brings the tree up to `search`'s step: in place when a best-first search went forward
    /// or back, else read again from the start.
    pub fn update(&mut self, search: &dyn SearchView) -> Update {
        let log = search.step_record();
        let rows = search.rows();
        let (old_rows, done) = (self.tree.nodes.len(), self.reading.done);
        if search.steps() == self.tree.step && rows == old_rows && log.len() == done {
            return Update::Same;
        }
        let best_first = search.cutoff().is_none() && old_rows > 0;
        let forward = best_first
            && rows >= old_rows
            && log.len() >= done
            && done.checked_sub(1).map(|i| log.pick(i)) == self.last_pick
            && (done..log.len()).all(|i| log.pick(i) != Some(0));
        let mut changed = Vec::new();
        let stubs = self.reading.stubs.len();
        let edges = self.reading.old_edges.len();
        let back = best_first
            && !forward
            && rows <= old_rows
            && log.len() < done
            && self.reading.undo(log, log.len(), rows, &mut changed);
        if !forward && !back {
            *self = Growing::new(search);
            return Update::Rebuilt;
        }
        if forward {
            self.reading.grow(rows);
            self.reading.read(search, None, &mut changed);
        }
        let marks = Marks::of(search);
        changed.extend(
            [self.next, self.goal, marks.next, marks.goal]
                .into_iter()
                .flatten(),
        );
        let kept = old_rows.min(rows);
        changed.retain(|&id| (id as usize) < kept);
        changed.sort_unstable();
        changed.dedup();
        self.tree.nodes.truncate(rows);
        for &id in &changed {
            self.tree.nodes[id as usize] = marks.node(search, &self.reading, id);
        }
        let new_rows = NodeId::try_from(kept).expect("ids fit in u32")
            ..NodeId::try_from(rows).expect("ids fit in u32");
        for id in new_rows {
            let node = marks.node(search, &self.reading, id);
            self.tree.nodes.push(node);
        }
        // The tree's stubs and replaced edges are the reading's (a best-first search keeps
        // every row): they follow the reading's by the same count.
        let tree = &mut self.tree;
        tree.stubs
            .truncate(tree.stubs.len() + self.reading.stubs.len().min(stubs) - stubs);
        let new_stubs = self.reading.stubs.span_from(stubs).iter();
        tree.stubs.extend(new_stubs.map(|&(stub, _)| stub));
        let edges_now = self.reading.old_edges.len();
        tree.old_edges
            .truncate(tree.old_edges.len() + edges_now.min(edges) - edges);
        tree.old_edges
            .extend_from_slice(&self.reading.old_edges[edges.min(edges_now)..]);
        caption_of(&mut self.tree, search);
        self.last_pick = log.len().checked_sub(1).map(|i| log.pick(i));
        (self.next, self.goal) = (marks.next, marks.goal);
        if forward {
            Update::Grew { changed }
        } else {
            Update::Shrank { changed }
        }
    }
}

/// Sets what the tree's caption says: the step, and a deepening search's iteration and bound.
fn caption_of(tree: &mut Tree, search: &dyn SearchView) {
    let cutoff = search.cutoff();
    tree.step = search.steps();
    tree.iteration = cutoff.and_then(|c| c.iteration);
    tree.bound = cutoff.and_then(|c| match c.bound {
        Bound::EstimatedCost(f) => Some(format!("f ≤ {f}")),
        Bound::Depth(d) => Some(format!("depth ≤ {d}")),
        Bound::None => None,
    });
}
