//! What every strategy works on and must do: the shared [`Core`] (problem, settings, notebook,
//! counts) and the [`Strategy`] trait, one expansion per step. The algorithms (in
//! [`super::algo`]) implement it; [`super::search::Search`] drives it.

use super::cost::Cost;
use super::event::{Counts, Fate, Outcome, Pick, StepEvent, SuccessorEvent};
use super::heuristic_check::EdgeCheck;
use super::notebook::{Filed, Lookup, Node, NodeId, Notebook, Status};
use super::open_list::OpenKey;
use super::problem::{Problem, Successor};
use super::settings::Settings;
use super::step_record::StepRecord;

mod step;

pub use step::BUDGET_CHECK_EVERY;
pub(crate) use step::take_step;

/// What storing one successor did to the notebook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// A new row, and its h (so that the caller need not read the row back).
    New(NodeId, Cost),
    /// An existing row took a cheaper route; `was` is its status before (open or closed),
    /// `old_g` and `old_depth` its values before, `h` its estimate (unchanged), so that the
    /// caller can build its old and new open-list keys without reading the row back.
    Improved {
        id: NodeId,
        was: Status,
        old_g: Cost,
        old_depth: u32,
        h: Cost,
    },
    /// An existing row kept its route.
    Kept(NodeId),
    /// New, but there was no room.
    Full,
}

/// The row being expanded, read once for its goal test, its successors and all of them.
#[derive(Clone, Copy, Debug)]
pub struct Expanding {
    pub id: NodeId,
    pub g: Cost,
    pub h: Cost,
    pub depth: u32,
    /// Whether the row holds a goal (its successors are then not generated).
    pub goal: bool,
    /// The row's parent, whose state [`Core::expanding`] reads too when the state type
    /// compares successors with it first ([`Filed::PARENT_FIRST`]).
    pub parent: Option<NodeId>,
    /// [`Notebook::replaying`] as the expansion began, for each successor's lookup.
    pub replaying: bool,
}

impl Expanding {
    /// The g and depth of a child reached by a move of `cost`: one place for the rule, which
    /// storing the child and keying it in the open list both follow.
    #[inline]
    #[must_use]
    pub fn child(&self, cost: Cost) -> (Cost, u32) {
        (self.g + cost, self.depth + 1)
    }
}

/// States a step holds while it stores its pick's successors, where copying them is cheap
/// ([`Filed::HELD`]): read from the chunked notebook once, not once per successor.
#[derive(Clone, Debug)]
pub struct Held<S> {
    /// The pick's, which each new row's estimate is worked out from.
    pick: S,
    /// The pick's parent's, which every successor is compared with before it is looked up
    /// ([`Filed::PARENT_FIRST`]).
    way_back: Option<S>,
}

/// The parts of a search every strategy shares: the problem, settings, notebook and counts.
#[derive(Clone)]
pub struct Core<P: Problem> {
    pub problem: P,
    pub settings: Settings,
    pub notebook: Notebook<P::State>,
    pub counts: Counts,
    /// Successor buffer, reused by every expansion.
    pub buffer: Vec<Successor<P::State, P::Move>>,
    /// The consistency check on every stored successor's edge.
    pub heuristic_check: EdgeCheck,
    /// Every step so far, packed; a strategy writes its step's pick and successors as it
    /// makes them ([`Core::pick`], [`Core::successor`]).
    pub record: StepRecord,
    /// Whether a step lists its successors in its event as well as in the record. A face
    /// reading every step's event needs them; a run to the end reads only the last step's,
    /// rebuilt from the record ([`super::search::Search::run`]), so a run lists none.
    pub lists_successors: bool,
}

impl<P: Problem> Core<P> {
    /// The heuristic estimate of `state` under the chosen heuristic.
    pub fn estimate(&self, state: &P::State) -> Cost {
        self.problem.estimate(state, self.settings.heuristic)
    }

    /// The step picked `pick`: into the event, and into the record before the successors.
    #[inline(always)]
    pub fn pick(&mut self, event: &mut StepEvent, pick: Pick) {
        self.record.picked(pick.id);
        event.pick = Some(pick);
    }

    /// The step's next successor, in place `index` among them: its row (`None` for one pruned
    /// or not stored) and fate, into the record, and into the event when it lists them
    /// ([`Core::lists_successors`]). Called where the fate is known (inlined, each fate's
    /// packing is then a short straight path). `EXTRAS`: whether the event may list it; the
    /// best-first loop compiled without extras, which a run's steps take, leaves out the test.
    #[inline(always)]
    pub fn successor<const EXTRAS: bool>(
        &mut self,
        event: &mut StepEvent,
        id: Option<NodeId>,
        index: u32,
        fate: Fate,
    ) {
        debug_assert_eq!(id.is_some(), fate.has_row(), "a {fate} successor's row");
        self.record.successor(id.unwrap_or(index), fate);
        if EXTRAS && self.lists_successors {
            event.successors.push(SuccessorEvent { id, index, fate });
        }
    }

    /// Bytes held by the notebook, `strategy` and the record of every step.
    pub fn bytes_with<S: Strategy<P> + ?Sized>(&self, strategy: &S) -> usize {
        self.notebook.bytes() + strategy.bytes() + self.record.bytes()
    }

    /// Writes the start state as row 0, open.
    pub fn store_start(&mut self) -> NodeId {
        let state = self.problem.start();
        let h = self.estimate(&state);
        self.add_row(Node::new(state, Cost::ZERO, h, None, 0))
    }

    /// Adds a new open row and counts it.
    pub fn add_row(&mut self, node: Node<P::State>) -> NodeId {
        let id = self.notebook.insert(node);
        self.count_new_row();
        id
    }

    fn count_new_row(&mut self) {
        self.counts.states_stored += 1;
        self.counts.open += 1;
        self.counts.max_open = self.counts.max_open.max(self.counts.open);
    }

    /// Changes a row's status and keeps the open and closed counts right.
    pub fn set_status(&mut self, id: NodeId, status: Status) {
        let before = self.notebook.status(id);
        if before == status {
            return;
        }
        match status {
            Status::Open => {
                self.notebook.set_status(id, status);
                self.counts.open += 1;
                self.counts.closed -= 1;
                self.counts.max_open = self.counts.max_open.max(self.counts.open);
            }
            Status::Closed => self.close_open(id),
        }
    }

    /// Closes row `id`, known to be open (a best-first pick, taken off the open list as open):
    /// [`Core::set_status`] without reading the status first.
    #[inline]
    pub fn close_open(&mut self, id: NodeId) {
        debug_assert_eq!(self.notebook.status(id), Status::Open, "row {id}");
        self.notebook.set_status(id, Status::Closed);
        self.counts.open -= 1;
        self.counts.closed += 1;
    }

    /// Generates the successors of row `id` into the buffer (take each with
    /// [`Core::take_successor`]).
    pub fn generate(&mut self, id: NodeId) {
        self.buffer.clear();
        self.problem
            .successors(self.notebook.node(id).state, &mut self.buffer);
    }

    /// Successor `at` of those [`Core::expanding`] or [`Core::generate`] generated, taken out
    /// of the buffer (a pruned move is left in its place), so that each is stored while the
    /// buffer stays where it is, rather than taken whole and drained at every step.
    #[inline(always)]
    pub fn take_successor(&mut self, at: usize) -> Successor<P::State, P::Move> {
        let slot = &mut self.buffer[at];
        let mv = match slot {
            Successor::Child { mv, .. } | Successor::Pruned { mv } => *mv,
        };
        std::mem::replace(slot, Successor::Pruned { mv })
    }

    /// The estimate of `state`, reached from row `parent` by `mv` (see
    /// [`Problem::estimate_child`]).
    pub fn estimate_child(&self, parent: NodeId, state: &P::State, mv: P::Move) -> Cost {
        let from = self.notebook.node(parent);
        self.problem
            .estimate_child(from.state, from.h, state, mv, self.settings.heuristic)
    }

    /// Reads row `id` once for its expansion: its values, whether it is a goal, and, when it is
    /// not, its successors into the buffer (take each with [`Core::take_successor`]). Reading
    /// the row through the chunked notebook once instead of three times (values, goal test,
    /// successors). Inlined always, as [`Core::store_successor`] is: best-first search is
    /// generic over its open rows, and left to itself the compiler called both.
    ///
    /// Also returns, for states copied cheaply ([`Filed::HELD`]), the states the loop over
    /// the successors reads: see [`Held`].
    #[inline(always)]
    pub fn expanding(&mut self, id: NodeId) -> (Expanding, Option<Held<P::State>>) {
        let n = self.notebook.node(id);
        let goal = self.problem.is_goal(n.state);
        if !goal {
            self.buffer.clear();
            self.problem.successors(n.state, &mut self.buffer);
        }
        let parent = n.parent();
        let expanding = Expanding {
            id,
            g: n.g,
            h: n.h,
            depth: n.depth,
            goal,
            parent,
            replaying: self.notebook.replaying(),
        };
        let held = P::State::HELD.then(|| Held {
            pick: n.state.clone(),
            way_back: parent
                .filter(|_| P::State::PARENT_FIRST)
                .map(|parent| self.notebook.node(parent).state.clone()),
        });
        (expanding, held)
    }

    /// Stores `state` reached from row `from` by `mv` of cost `cost`, as the A* chapter's
    /// "Store Neighbor" does: a new state becomes an open row if there is room; a stored one
    /// takes the new route only when it is cheaper and `reopens` allows it, and is then open
    /// again. `held`: the states [`Core::expanding`] gave; a successor equal to the parent's
    /// is the parent's row without a lookup. `EXTRAS`: whether the edge may be checked and
    /// the notebook replaying (see [`Core::successor`]). Inlined: it runs for
    /// every successor and has one caller per strategy, so the call and its returned
    /// [`Stored`] would be paid for every successor.
    #[inline(always)]
    pub fn store_successor<const EXTRAS: bool>(
        &mut self,
        from: Expanding,
        held: Option<&Held<P::State>>,
        state: P::State,
        mv: P::Move,
        cost: Cost,
        reopens: bool,
    ) -> Stored {
        let (g, depth) = from.child(cost);
        let (parent, h_from) = (from.id, from.h);
        let edges = EXTRAS && self.heuristic_check.edges;
        let parent_row = from.parent.filter(|_| {
            P::State::PARENT_FIRST && held.and_then(|held| held.way_back.as_ref()) == Some(&state)
        });
        // The pick's parent is never cheaper to reach through the pick: the pick's g is its
        // parent's as it was when the pick took that route, plus a cost that is not negative,
        // and a row's g only falls. So with no edge to check, the parent's row is not read.
        // Only where routes are replaced: elsewhere the test below says the same, and this
        // one would only add a branch.
        if reopens
            && !edges
            && let Some(back) = parent_row
        {
            debug_assert!(g >= self.notebook.costs(back).0, "the way back is cheaper");
            return Stored::Kept(back);
        }
        let existing = match parent_row {
            Some(back) => back,
            None => match self.notebook.lookup(&state, EXTRAS && from.replaying) {
                Lookup::Vacant(slot) if slot.rows() >= self.settings.max_states => {
                    return Stored::Full;
                }
                Lookup::Vacant(slot) => {
                    let pick = held.map_or_else(|| slot.node(parent).state, |held| &held.pick);
                    let h = self.problem.estimate_child(
                        pick,
                        h_from,
                        &state,
                        mv,
                        self.settings.heuristic,
                    );
                    let id = slot.insert(Node::new(state, g, h, Some(parent), depth));
                    if EXTRAS {
                        self.heuristic_check.edge(parent, h_from, id, h, cost);
                    }
                    self.count_new_row();
                    return Stored::New(id, h);
                }
                Lookup::Stored(existing) => existing,
            },
        };
        if !reopens && !edges {
            // Nothing to check or change: the row is not even read.
            return Stored::Kept(existing);
        }
        let (old_g, h) = self.notebook.costs(existing);
        if EXTRAS {
            self.heuristic_check.edge(parent, h_from, existing, h, cost);
        }
        if !reopens || g >= old_g {
            return Stored::Kept(existing);
        }
        let old_depth = self.notebook.node(existing).depth;
        let was = self.notebook.status(existing);
        self.notebook.reroute(existing, g, parent, depth);
        if was == Status::Closed {
            self.notebook.count_reopening(existing);
            self.counts.reopened += 1;
            self.set_status(existing, Status::Open);
        }
        Stored::Improved {
            id: existing,
            was,
            old_g,
            old_depth,
            h,
        }
    }
}

/// A steppable algorithm over the shared core.
pub trait Strategy<P: Problem> {
    /// Does one step: fills `event` (pick, successors, note) and returns the outcome if the
    /// search ends here.
    fn step(&mut self, core: &mut Core<P>, event: &mut StepEvent) -> Option<Outcome>;
    /// The algorithm's priority of a row (the f column).
    fn f(&self, node: &Node<&P::State>) -> Cost;
    /// Open rows in the order they will be picked: row 1 of the open table.
    fn open_order(&self, core: &Core<P>) -> Vec<NodeId>;
    /// The pick the next step will make, and why (before the first step: nothing stored yet).
    fn next_pick(&self, core: &Core<P>) -> Option<Pick>;
    /// A line about the strategy's own state (IDA*'s threshold), if it has one.
    fn status(&self) -> Option<String> {
        None
    }
    /// The bound of a depth-first strategy and its deepening iteration, if it has one.
    fn cutoff(&self) -> Option<super::cutoff::Cutoff> {
        None
    }
    /// Bytes the strategy holds beyond the notebook (its open list or stack).
    fn bytes(&self) -> usize {
        0
    }
    /// Of [`Strategy::bytes`], those a clone shares instead of copying (a time-travel
    /// keyframe does not hold them on its own).
    fn shared_bytes(&self) -> usize {
        0
    }
    /// The row's place in a best-first open list, for faces that keep the list sorted
    /// themselves: `Some` only where the open list is a sort by a fixed key per row and rows
    /// change only as the log records (no stack, no dropped rows).
    fn open_key(&self, id: NodeId, node: &Node<&P::State>) -> Option<OpenKey> {
        let _ = (id, node);
        None
    }
    /// Whether the strategy looks states up in the notebook (best-first searches store each
    /// state once); the others get a notebook that files no row in its hash index
    /// ([`Notebook::unfiled`]).
    fn looks_states_up(&self) -> bool {
        false
    }
    /// A copy of the strategy, for keyframes when stepping back in time.
    fn clone_box(&self) -> Box<dyn Strategy<P> + Send>;
    /// Takes back a step that picked row `pick` and stored rows `first_new..` and changed no
    /// other row: opens the pick again (with [`Core::set_status`]), forgets those rows
    /// ([`Notebook::forget_newest`], which keeps them filed for the replay) and puts the pick
    /// back on the open list; the search fixes the other counts. `false` (the default) when
    /// the strategy cannot, and then nothing was changed; time travel then restores a keyframe
    /// instead.
    fn undo(&mut self, core: &mut Core<P>, pick: NodeId, first_new: NodeId) -> bool {
        let _ = (core, pick, first_new);
        false
    }
}
