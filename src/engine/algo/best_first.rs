//! Best-first search: A*, Dijkstra, breadth-first, greedy and weighted A* are one machine that
//! differs only in its priority (see [`Ordering::f`]) and in whether a cheaper route reopens a
//! closed state. The open rows are kept by one of two designs ([`OpenRows`]), chosen by the
//! ordering: [`StoringQueue`] where picks go in storing order, [`OpenList`] everywhere else.

use crate::engine::cost::Cost;
use crate::engine::event::{Fate, Outcome, Pick, StepEvent};
use crate::engine::notebook::{Node, NodeId, Notebook, Status};
use crate::engine::open_list::{OpenKey, OpenList, OpenRows, Ordering, StoringQueue};
use crate::engine::problem::{Problem, Successor};
use crate::engine::settings::{Algorithm, Settings};
use crate::engine::strategy::{Core, Expanding, Held, Stored, Strategy};

/// The best-first strategy for `settings`, over the open rows that suit its ordering.
#[must_use]
pub fn strategy<P: Problem>(settings: &Settings) -> Box<dyn Strategy<P> + Send> {
    let ordering = Ordering::new(settings.algorithm, settings.weight, &settings.tie_break);
    if ordering.picks_in_storing_order() {
        Box::new(BestFirst::<StoringQueue>::new(settings, ordering))
    } else {
        Box::new(BestFirst::<OpenList>::new(settings, ordering))
    }
}

/// The best-first state machine over open rows kept by `O`.
#[derive(Clone)]
pub struct BestFirst<O> {
    open: O,
    started: bool,
    /// A cheaper route to a stored state replaces its route (and reopens it when closed).
    reopens: bool,
    all_solutions: bool,
}

impl<O: OpenRows> BestFirst<O> {
    #[must_use]
    fn new(settings: &Settings, ordering: Ordering) -> BestFirst<O> {
        BestFirst {
            open: O::new(ordering),
            started: false,
            reopens: matches!(
                settings.algorithm,
                Algorithm::AStar | Algorithm::WeightedAStar | Algorithm::Dijkstra
            ),
            all_solutions: settings.all_solutions,
        }
    }

    fn key<S>(&self, store: &Notebook<S>, id: NodeId) -> OpenKey {
        key_of(self.open.ordering(), store, id)
    }

    /// Inlined always: it runs every step and is mostly a test that finds nothing stale.
    #[inline(always)]
    fn clean<S>(&mut self, store: &Notebook<S>) {
        self.open
            .clean_top(|ordering, id| current(ordering, store, id));
    }

    fn pick_at_top<S>(&self, store: &Notebook<S>) -> Option<Pick> {
        let ordering = self.open.ordering();
        let (top, ties) = self
            .open
            .next_explained(|ordering, id| current(ordering, store, id))?;
        let id = ordering.id_of(top);
        let node = store.node(id);
        Some(Pick {
            id,
            g: node.g,
            h: node.h,
            f: top.f,
            ties,
        })
    }

    /// Expands the row `from`: every successor stored, improved, kept, refused or pruned.
    /// Returns whether a new state did not fit. `EXTRAS`: whether the successors may be listed
    /// in `event`, their edges checked, their states looked up among rows filed ahead, and
    /// their routes kept where the open rows could replace them (as the core, `from` and
    /// `self` say); see [`Core::successor`].
    fn expand<P: Problem, const EXTRAS: bool>(
        &mut self,
        core: &mut Core<P>,
        from: Expanding,
        held: Option<&Held<P::State>>,
        event: &mut StepEvent,
    ) -> bool {
        let mut full = false;
        // A domain yields a handful of successors a state; the index is counted as a u32 so
        // that no conversion is checked per successor.
        for (index, at) in (0u32..).zip(0..core.buffer.len()) {
            match core.take_successor(at) {
                Successor::Pruned { .. } => {
                    core.successor::<EXTRAS>(event, None, index, Fate::Pruned)
                }
                Successor::Child { state, mv, cost } => {
                    let (g, depth) = from.child(cost);
                    // Without extras, known from the open rows alone (see `step`).
                    let reopens = O::REROUTES && (!EXTRAS || self.reopens);
                    match core.store_successor::<EXTRAS>(from, held, state, mv, cost, reopens) {
                        Stored::New(child, h) => {
                            let key = self.open.ordering().key(child, g, h, depth);
                            self.open.push_new(key);
                            core.successor::<EXTRAS>(event, Some(child), index, Fate::StoredNew);
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
                            core.successor::<EXTRAS>(event, Some(child), index, fate);
                        }
                        Stored::Kept(child) => {
                            core.successor::<EXTRAS>(event, Some(child), index, Fate::Kept);
                        }
                        Stored::Full => {
                            full = true;
                            core.successor::<EXTRAS>(event, None, index, Fate::NotStoredFull);
                        }
                    }
                }
            }
        }
        full
    }
}

/// Row `id`'s key while it is stored and open. Rows beyond the notebook were forgotten by an
/// undo: entries naming them are stale.
#[inline]
fn current<S>(ordering: &Ordering, store: &Notebook<S>, id: NodeId) -> Option<OpenKey> {
    ((id as usize) < store.len() && store.status(id) == Status::Open)
        .then(|| key_of(ordering, store, id))
}

/// Row `id`'s key under `ordering`, from its values in the notebook. Inlined always: with
/// `#[inline]` alone, breadth-first's step took 2.4M more instructions.
#[inline(always)]
fn key_of<S>(ordering: &Ordering, store: &Notebook<S>, id: NodeId) -> OpenKey {
    let n = store.node(id);
    ordering.key(id, n.g, n.h, n.depth)
}

impl<P: Problem, O: OpenRows> Strategy<P> for BestFirst<O> {
    fn step(&mut self, core: &mut Core<P>, event: &mut StepEvent) -> Option<Outcome> {
        if !self.started {
            self.started = true;
            let start = core.store_start();
            self.open.push_new(self.key(&core.notebook, start));
        }
        let Some((top, ties)) = self
            .open
            .pop_explained(core.notebook.len(), |ordering, id| {
                current(ordering, &core.notebook, id)
            })
        else {
            return Some(Outcome::Exhausted);
        };
        let id = self.open.ordering().id_of(top);
        // The pick's row is read once for its explanation, its goal test and its successors.
        let (from, held) = core.expanding(id);
        core.pick(
            event,
            Pick {
                id,
                g: from.g,
                h: from.h,
                f: top.f,
                ties,
            },
        );
        core.close_open(id);
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
            // A step that lists no successor (a run to the end), checks no edge (a heuristic
            // its domain vouches for, or none), is not replaying (after a jump back in time)
            // and replaces routes wherever its open rows can (every best-first search but
            // greedy) has a copy of the loop of its own, compiled without those tests: a run to the
            // end takes it at every step, and its registers are freer, not only the tests gone.
            // Kept because the bench's grid and 15-puzzle A* cases run measurably leaner on it.
            let plain = !core.lists_successors
                && !core.heuristic_check.edges
                && !from.replaying
                && (self.reopens || !O::REROUTES);
            let full = if plain {
                self.expand::<P, false>(core, from, held.as_ref(), event)
            } else {
                self.expand::<P, true>(core, from, held.as_ref(), event)
            };
            if full {
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
