//! Depth-first backtracking: the open list is a stack, each step expands its top.
//!
//! A step pops the top row, closes it and tests it; a row that is not a goal is expanded and its
//! children are stored as new open rows and pushed in reverse, so the domain's first successor is
//! on top and is tried next (N-queens: columns left to right). A row whose children
//! were all pruned, cut or already on the path is a dead end: the step says it backtracks. Path
//! problems are checked for cycles along the current path only (a child equal to one of its
//! ancestors is `Kept`, pointing at that ancestor), not against everything ever stored, so the
//! same state may be stored again in another branch: that is depth-first search, not graph search.
//!
//! Memory: the notebook keeps only the current path, the children waiting on the stack and the
//! finished siblings along the path. When the search retreats past an expanded row, every row
//! stored below it is finished and dropped (the rows stored after it are exactly its
//! descendants), so all 92 solutions of 8 queens, or the millions of rows of larger boards, never
//! sit in memory together. `states_stored` still counts every row ever written; `open` and
//! `closed` count the rows held. Row ids are reused after a drop, so a step's ids are only
//! meaningful until the search retreats past them (time travel restores keyframes).
//!
//! The same machine, given a bound, is one iteration of iterative deepening
//! ([`super::ida_star`]).

use crate::engine::cost::Cost;
use crate::engine::cutoff::{Bound, Cutoff};
use crate::engine::event::{Fate, Note, Outcome, Pick, StepEvent};
use crate::engine::notebook::{Node, NodeId, Notebook, Status, hash_of};
use crate::engine::open_list::Ordering;
use crate::engine::open_list::TieLevels;
use crate::engine::problem::{Problem, Successor};
use crate::engine::settings::Settings;
use crate::engine::strategy::{Core, Strategy};
use hashbrown::HashTable;

/// An expanded row on the current path, with the notebook's length before its children.
#[derive(Clone, Copy, Debug)]
struct Frame {
    id: NodeId,
    mark: usize,
}

/// The depth-first state machine.
#[derive(Clone, Debug)]
pub struct DepthFirst {
    ordering: Ordering,
    bound: Bound,
    all_solutions: bool,
    started: bool,
    /// Open rows, the top last.
    stack: Vec<NodeId>,
    /// Expanded rows from the start down to the row whose children are being tried.
    path: Vec<Frame>,
    /// The ids in `path`, found by their state's hash: the cycle check in one probe.
    on_path: HashTable<NodeId>,
    /// The smallest value beyond the bound seen so far: the next threshold of iterative deepening.
    beyond: Option<Cost>,
    /// States checked since this machine started (one iteration of iterative deepening).
    checked: u64,
}

impl DepthFirst {
    #[must_use]
    pub fn new(settings: &Settings, bound: Bound) -> DepthFirst {
        DepthFirst {
            ordering: Ordering::new(settings.algorithm, settings.weight, &settings.tie_break),
            bound,
            all_solutions: settings.all_solutions,
            started: false,
            stack: Vec::new(),
            path: Vec::new(),
            on_path: HashTable::new(),
            beyond: None,
            checked: 0,
        }
    }

    /// Plain backtracking, bounded by the settings' depth limit if any.
    #[must_use]
    pub fn backtracking(settings: &Settings) -> DepthFirst {
        DepthFirst::new(
            settings,
            settings.depth_limit.map_or(Bound::None, Bound::Depth),
        )
    }

    /// Whether the search started and nothing is left on the stack.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.started && self.stack.is_empty()
    }

    /// The smallest f (or depth) that the bound kept out, if any was.
    #[must_use]
    pub fn beyond(&self) -> Option<Cost> {
        self.beyond
    }

    /// States checked since this machine started.
    #[must_use]
    pub fn checked(&self) -> u64 {
        self.checked
    }

    #[must_use]
    pub fn bound(&self) -> Bound {
        self.bound
    }

    fn f<S>(&self, node: &Node<S>) -> Cost {
        self.ordering.f(node.g, node.h, node.depth)
    }

    fn pick<S>(&self, store: &Notebook<S>, id: NodeId) -> Pick {
        let node = store.node(id);
        Pick {
            id,
            g: node.g,
            h: node.h,
            f: self.f(&node),
            ties: TieLevels::default(),
        }
    }

    fn note_beyond(&mut self, value: Cost) {
        self.beyond = Some(self.beyond.map_or(value, |b| b.min(value)));
    }

    /// Retreats to the parent of `id`: every expanded row deeper on the path is finished, and
    /// the rows stored below the shallowest of them are dropped.
    fn retreat<P: Problem>(&mut self, core: &mut Core<P>, id: NodeId) {
        let parent = core.notebook.node(id).parent();
        let mut keep = None;
        while let Some(&top) = self.path.last()
            && Some(top.id) != parent
        {
            keep = Some(top.mark);
            self.path.pop();
            let hash = hash_of(&core.notebook.node(top.id).state);
            if let Ok(entry) = self.on_path.find_entry(hash, |&other| other == top.id) {
                entry.remove();
            }
        }
        if let Some(len) = keep {
            drop_rows(core, len);
        }
    }

    /// The row on the path from the start to `from` (inclusive, `from` being the row whose
    /// children are tried, the path's next frame) that holds `state`, if any.
    fn on_path<S: Eq + std::hash::Hash>(
        &self,
        store: &Notebook<S>,
        from: NodeId,
        state: &S,
    ) -> Option<NodeId> {
        if store.node(from).state == state {
            return Some(from);
        }
        self.on_path
            .find(hash_of(state), |&id| store.node(id).state == state)
            .copied()
    }

    /// Stores the children of row `id` and pushes them, the first successor on top. Returns
    /// how many were stored, how many were already on the path (cycles), and whether one did
    /// not fit.
    fn expand<P: Problem>(
        &mut self,
        core: &mut Core<P>,
        id: NodeId,
        event: &mut StepEvent,
    ) -> (usize, usize, bool) {
        let (g, depth) = {
            let n = core.notebook.node(id);
            (n.g, n.depth)
        };
        let first = self.stack.len();
        let (mut full, mut cycles) = (false, 0);
        core.generate(id);
        // Each successor written where its fate is known (see `Core::successor`).
        for (index, at) in (0u32..).zip(0..core.buffer.len()) {
            match core.take_successor(at) {
                Successor::Pruned { .. } => {
                    core.successor::<true>(event, None, index, Fate::Pruned)
                }
                Successor::Child { state, mv, cost } => {
                    if let Some(ancestor) = self.on_path(&core.notebook, id, &state) {
                        cycles += 1;
                        core.successor::<true>(event, Some(ancestor), index, Fate::Kept);
                    } else if core.notebook.len() >= core.settings.max_states {
                        full = true;
                        core.successor::<true>(event, None, index, Fate::NotStoredFull);
                    } else {
                        let h = core.estimate_child(id, &state, mv);
                        let child =
                            core.add_row(Node::new(state, g + cost, h, Some(id), depth + 1));
                        self.stack.push(child);
                        core.successor::<true>(event, Some(child), index, Fate::StoredNew);
                    }
                }
            }
        }
        self.stack[first..].reverse();
        (self.stack.len() - first, cycles, full)
    }
}

/// Drops the rows from `len` on and keeps the open and closed counts right (`states_stored`
/// keeps counting every row ever written).
pub(super) fn drop_rows<P: Problem>(core: &mut Core<P>, len: usize) {
    for i in len..core.notebook.len() {
        let id = NodeId::try_from(i).expect("ids fit in u32");
        match core.notebook.status(id) {
            Status::Open => core.counts.open -= 1,
            Status::Closed => core.counts.closed -= 1,
        }
    }
    core.notebook.truncate(len);
}

impl<P: Problem> Strategy<P> for DepthFirst {
    fn step(&mut self, core: &mut Core<P>, event: &mut StepEvent) -> Option<Outcome> {
        if !self.started {
            self.started = true;
            let start = core.store_start();
            self.stack.push(start);
        }
        let Some(id) = self.stack.pop() else {
            event.note = Some(Note::StackEmpty);
            return Some(Outcome::Exhausted);
        };
        self.retreat(core, id);
        core.set_status(id, Status::Closed);
        let pick = self.pick(&core.notebook, id);
        let depth = core.notebook.node(id).depth;
        if let Bound::EstimatedCost(threshold) = self.bound
            && pick.f > threshold
        {
            self.note_beyond(pick.f);
            event.note = Some(Note::CutOff {
                f: pick.f,
                threshold,
            });
            core.pick(event, pick);
            return None;
        }
        core.pick(event, pick);
        if core.problem.is_goal(core.notebook.node(id).state) {
            core.counts.solutions += 1;
            if !self.all_solutions {
                return Some(Outcome::GoalFound);
            }
            event.note = Some(Note::SolutionAccepted(core.counts.solutions));
            return None;
        }
        core.counts.states_checked += 1;
        self.checked += 1;
        if let Bound::Depth(limit) = self.bound
            && depth >= limit
        {
            self.note_beyond(Cost::units(i64::from(limit) + 1));
            event.note = Some(Note::AtDepthLimit(limit));
            return None;
        }
        let mark = core.notebook.len();
        let (stored, cycles, full) = self.expand(core, id, event);
        if stored > 0 {
            self.path.push(Frame { id, mark });
            let store = &core.notebook;
            self.on_path
                .insert_unique(hash_of(&store.node(id).state), id, |&other| {
                    hash_of(&store.node(other).state)
                });
        }
        let dead_end = (stored == 0 && !full).then_some(depth);
        if cycles > 0 || dead_end.is_some() || full {
            event.note = Some(Note::Expanded {
                cycles: u32::try_from(cycles).expect("fewer than 4 billion successors"),
                dead_end,
                full: full.then_some(core.settings.max_states),
            });
        }
        full.then_some(Outcome::LimitReached)
    }

    fn f(&self, node: &Node<&P::State>) -> Cost {
        DepthFirst::f(self, node)
    }

    fn open_order(&self, _core: &Core<P>) -> Vec<NodeId> {
        self.stack.iter().rev().copied().collect()
    }

    fn next_pick(&self, core: &Core<P>) -> Option<Pick> {
        self.stack.last().map(|&id| self.pick(&core.notebook, id))
    }

    fn status(&self) -> Option<String> {
        let depth = self.path.len();
        Some(match self.bound {
            Bound::Depth(limit) => format!(
                "stack {}, path depth {depth} of limit {limit}",
                self.stack.len()
            ),
            _ => format!("stack {}, path depth {depth}", self.stack.len()),
        })
    }

    fn cutoff(&self) -> Option<Cutoff> {
        Some(Cutoff {
            iteration: None,
            bound: self.bound,
        })
    }

    fn bytes(&self) -> usize {
        self.stack.capacity() * std::mem::size_of::<NodeId>()
            + self.path.capacity() * std::mem::size_of::<Frame>()
            + self.on_path.allocation_size()
    }

    fn clone_box(&self) -> Box<dyn Strategy<P> + Send> {
        Box::new(self.clone())
    }
}
