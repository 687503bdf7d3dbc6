//! Best-first search: A*, Dijkstra, breadth-first, greedy and weighted A* are one machine that
//! differs only in its priority (see [`Ordering::f`]) and in whether a cheaper route reopens a
//! closed state.

use crate::engine::cost::Cost;
use crate::engine::event::{Fate, Outcome, Pick, StepEvent, SuccessorEvent};
use crate::engine::frontier::{OpenKey, OpenList, Ordering};
use crate::engine::notebook::{Node, NodeId, Notebook, Status};
use crate::engine::problem::{Problem, Successor};
use crate::engine::settings::{Algorithm, Settings};
use crate::engine::strategy::{Core, Expanding, Stored, Strategy};

/// The best-first state machine.
#[derive(Clone)]
pub struct BestFirst {
    open: OpenList,
    started: bool,
    /// A cheaper route to a stored state replaces its route (and reopens it when closed).
    reopens: bool,
    all_solutions: bool,
}

impl BestFirst {
    #[must_use]
    pub fn new(settings: &Settings) -> BestFirst {
        BestFirst {
            open: OpenList::new(Ordering::new(
                settings.algorithm,
                settings.weight,
                &settings.tie_break,
            )),
            started: false,
            reopens: matches!(
                settings.algorithm,
                Algorithm::AStar | Algorithm::WeightedAStar | Algorithm::Dijkstra
            ),
            all_solutions: settings.all_solutions,
        }
    }

    fn key<S>(&self, store: &Notebook<S>, id: NodeId) -> OpenKey {
        let n = store.node(id);
        self.open.ordering().key(id, n.g, n.h, n.depth)
    }

    fn clean<S>(&mut self, store: &Notebook<S>) {
        let ordering = self.open.ordering().clone();
        self.open.clean_top(|id| {
            // Rows beyond the notebook were forgotten by an undo: their entries are stale.
            ((id as usize) < store.len() && store.status(id) == Status::Open).then(|| {
                let n = store.node(id);
                ordering.key(id, n.g, n.h, n.depth)
            })
        });
    }

    fn pick_at_top<S>(&self, store: &Notebook<S>) -> Option<Pick> {
        let top = self.open.peek()?;
        let id = self.open.ordering().id_of(top);
        let node = store.node(id);
        Some(Pick {
            id,
            g: node.g,
            h: node.h,
            f: top.f,
            ties: self.open.explain(top),
        })
    }

    /// Expands the row `from`: every successor stored, improved, kept, refused or pruned.
    /// Returns whether a new state did not fit.
    fn expand<P: Problem>(
        &mut self,
        core: &mut Core<P>,
        from: Expanding,
        event: &mut StepEvent,
    ) -> bool {
        let mut successors = core.take_successors();
        let mut full = false;
        // A domain yields a handful of successors a state; the index is counted as a u32 so
        // that no conversion is checked per successor.
        for (index, successor) in (0u32..).zip(successors.drain(..)) {
            let (child, fate) = match successor {
                Successor::Pruned { .. } => (None, Fate::Pruned),
                Successor::Child { state, mv, cost } => {
                    let (g, depth) = from.child(cost);
                    match core.store_successor(from, state, mv, cost, self.reopens) {
                        Stored::New(child, h) => {
                            let key = self.open.ordering().key(child, g, h, depth);
                            self.open.push(key);
                            (Some(child), Fate::StoredNew)
                        }
                        Stored::Improved {
                            id: child,
                            was,
                            old_g,
                            old_depth,
                            h,
                        } => {
                            let ordering = self.open.ordering();
                            let new = ordering.key(child, g, h, depth);
                            if was == Status::Open {
                                self.open.forget(ordering.key(child, old_g, h, old_depth));
                            }
                            self.open.push(new);
                            let fate = if was == Status::Open {
                                Fate::Improved
                            } else {
                                Fate::Reopened
                            };
                            (Some(child), fate)
                        }
                        Stored::Kept(child) => (Some(child), Fate::Kept),
                        Stored::Full => {
                            full = true;
                            (None, Fate::NotStoredFull)
                        }
                    }
                }
            };
            event.successors.push(SuccessorEvent {
                id: child,
                index,
                fate,
            });
        }
        core.return_buffer(successors);
        full
    }
}

impl<P: Problem> Strategy<P> for BestFirst {
    fn step(&mut self, core: &mut Core<P>, event: &mut StepEvent) -> Option<Outcome> {
        if !self.started {
            self.started = true;
            let start = core.store_start();
            self.open.push(self.key(&core.notebook, start));
        }
        let Some((top, ties)) = self.open.pop_explained() else {
            return Some(Outcome::Exhausted);
        };
        let id = self.open.ordering().id_of(top);
        // The pick's row is read once for its explanation, its goal test and its successors.
        let from = core.expanding(id);
        event.pick = Some(Pick {
            id,
            g: from.g,
            h: from.h,
            f: top.f,
            ties,
        });
        core.set_status(id, Status::Closed);
        let mut outcome = None;
        if from.goal {
            core.counts.solutions += 1;
            if !self.all_solutions {
                return Some(Outcome::GoalFound);
            }
            event.note =
                Some(format!("solution {} accepted; searching on", core.counts.solutions).into());
        } else {
            core.counts.states_checked += 1;
            if self.expand(core, from, event) {
                outcome = Some(Outcome::LimitReached);
            }
        }
        self.clean(&core.notebook);
        outcome
    }

    fn f(&self, node: &Node<&P::State>) -> Cost {
        self.open.ordering().f(node.g, node.h, node.depth)
    }

    fn open_order(&self, core: &Core<P>) -> Vec<NodeId> {
        let mut keys: Vec<OpenKey> = (0..core.notebook.len())
            .map(|i| NodeId::try_from(i).expect("ids fit in u32"))
            .filter(|&id| core.notebook.status(id) == Status::Open)
            .map(|id| self.key(&core.notebook, id))
            .collect();
        keys.sort_unstable();
        keys.into_iter()
            .map(|k| self.open.ordering().id_of(k))
            .collect()
    }

    fn next_pick(&self, core: &Core<P>) -> Option<Pick> {
        self.pick_at_top(&core.notebook)
    }

    fn bytes(&self) -> usize {
        self.open.bytes()
    }

    fn shared_bytes(&self) -> usize {
        self.open.shared_bytes()
    }

    fn open_key(&self, id: NodeId, node: &Node<&P::State>) -> Option<OpenKey> {
        Some(self.open.ordering().key(id, node.g, node.h, node.depth))
    }

    fn looks_states_up(&self) -> bool {
        true
    }

    fn clone_box(&self) -> Box<dyn Strategy<P> + Send> {
        Box::new(self.clone())
    }

    fn undo(&mut self, core: &mut Core<P>, pick: NodeId, first_new: NodeId) -> bool {
        core.set_status(pick, Status::Open);
        // Newest first, so each row's entry is the newest of its bucket (`OpenList::unpush`).
        let end = NodeId::try_from(core.notebook.len()).expect("ids fit in u32");
        for id in (first_new..end).rev() {
            if core.notebook.status(id) == Status::Open {
                self.open.unpush(self.key(&core.notebook, id));
            }
        }
        core.notebook.forget_newest(first_new as usize);
        self.open.push(self.key(&core.notebook, pick));
        self.clean(&core.notebook);
        true
    }
}
