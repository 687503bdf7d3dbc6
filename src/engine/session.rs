//! A search with its problem type erased: the one thing the app, the CLI and the timeline
//! drive, so that a new domain or algorithm plugs in without changes to any of them. A domain
//! is built into a session once, where its scenario is read; after that only its board in the
//! app, which draws its states, names it. Driving ([`Session`]) and reading ([`SearchView`]) are apart: whoever
//! holds a session moves it, and hands out [`Session::view`] to everything that only shows it.
//!
//! A layer above the engine may extend both (the presentation adds how states are written and
//! drawn): it makes a trait over [`Session`] and declares its trait object a [`SessionKind`],
//! so a [`Timeline`](super::timeline::Timeline) of it hands out the richer view, and the engine
//! never names what that layer adds.

use super::event::{Counts, Outcome, Pick, StepEvent};
use super::notebook::{NodeId, Status};
use super::open_list::OpenKey;
use super::problem::Problem;
use super::search::Search;
use super::settings::{Algorithm, Heuristic, Settings};
use super::step_record::StepRecord;
use super::view::{Row, SearchView};

/// A search you drive: step it, wind it back, copy it. Everything it can tell is in its
/// [`Session::view`].
pub trait Session: Send {
    /// The search as it is now, read-only.
    fn view(&self) -> &dyn SearchView;
    /// Does one step (nothing after the outcome) and returns what it did.
    fn step(&mut self) -> &StepEvent;
    /// Goes back to step `target` in place by undoing steps, when the steps between allow it
    /// (see [`Search::rewind`]); `false` and nothing changed otherwise.
    fn rewind(&mut self, target: u64) -> bool;
    /// Tells the search how many bytes its owner keeps for it (a timeline's keyframes and
    /// record), so its memory budget covers them ([`Search::hold_elsewhere`]).
    fn hold_elsewhere(&mut self, bytes: usize);
    /// An independent copy of the search as it is now.
    fn snapshot(&self) -> Box<dyn Session>;
    /// A copy to keep as a time-travel keyframe. It may leave out what a copy of it can take
    /// from the live search when restored ([`Session::adopt`]: the hash index), so keeping
    /// many costs little. By default a [`Session::snapshot`].
    fn keyframe(&mut self) -> Box<dyn Session> {
        self.snapshot()
    }
    /// Makes a copy of a keyframe whole before it is used, taking what the keyframe left out
    /// from `live`, a copy of the same search at another step (which may be left without it
    /// until it adopts back), or building it afresh.
    fn adopt(&mut self, live: &mut dyn Session) {
        let _ = live;
    }
    /// The session as `Any`, so that [`Session::adopt`] can find its own kind.
    fn as_any_mut(&mut self) -> Option<&mut dyn std::any::Any> {
        None
    }
    /// Bytes a [`Session::snapshot`] copies (and then holds on its own); the rest of
    /// [`SearchView::memory_bytes`] it shares with this search. All of them unless a session
    /// shares.
    fn snapshot_bytes(&self) -> usize {
        self.view().memory_bytes()
    }
}

/// What a [`Timeline`](super::timeline::Timeline) can hold: a kind of session whose copies are
/// of the same kind, and whose view is of its kind too. `dyn Session` is one (its view is the
/// engine's [`SearchView`]); a layer above the engine makes its own trait over [`Session`], with
/// a view that extends [`SearchView`], and declares that trait's object one as well.
pub trait SessionKind: Session {
    /// What a session of this kind tells of its search.
    type View<'a>: ?Sized + SearchView + 'a
    where
        Self: 'a;
    /// [`Session::view`], as this kind's view.
    fn kind_view(&self) -> &Self::View<'_>;
    /// [`Session::snapshot`], as this kind.
    fn kind_snapshot(&self) -> Box<Self>;
    /// [`Session::keyframe`], as this kind.
    fn kind_keyframe(&mut self) -> Box<Self>;
    /// The session itself, to hand to [`Session::adopt`].
    fn as_session_mut(&mut self) -> &mut dyn Session;
}

impl SessionKind for dyn Session {
    type View<'a> = dyn SearchView + 'a;

    fn kind_view(&self) -> &(dyn SearchView + '_) {
        self.view()
    }

    fn kind_snapshot(&self) -> Box<dyn Session> {
        self.snapshot()
    }

    fn kind_keyframe(&mut self) -> Box<dyn Session> {
        self.keyframe()
    }

    fn as_session_mut(&mut self) -> &mut dyn Session {
        self
    }
}

impl<P> Session for Search<P>
where
    P: Problem + Clone + Send + 'static,
    P::State: Send,
{
    fn view(&self) -> &dyn SearchView {
        self
    }

    fn step(&mut self) -> &StepEvent {
        Search::step(self)
    }

    fn rewind(&mut self, target: u64) -> bool {
        Search::rewind(self, target)
    }

    fn hold_elsewhere(&mut self, bytes: usize) {
        Search::hold_elsewhere(self, bytes);
    }

    fn snapshot(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }

    fn keyframe(&mut self) -> Box<dyn Session> {
        Box::new(Search::keyframe(self))
    }

    fn adopt(&mut self, live: &mut dyn Session) {
        let live = live
            .as_any_mut()
            .and_then(|any| any.downcast_mut::<Search<P>>());
        self.adopt_index(live);
    }

    fn as_any_mut(&mut self) -> Option<&mut dyn std::any::Any> {
        Some(self)
    }

    fn snapshot_bytes(&self) -> usize {
        Search::bytes(self) - Search::shared_bytes(self) - self.strategy().shared_bytes()
    }
}

impl<P> SearchView for Search<P>
where
    P: Problem + Clone + Send + 'static,
    P::State: Send,
{
    fn steps(&self) -> u64 {
        Search::steps(self)
    }

    fn outcome(&self) -> Option<&Outcome> {
        Search::outcome(self)
    }

    fn counts(&self) -> Counts {
        Search::counts(self)
    }

    fn settings(&self) -> &Settings {
        &self.core().settings
    }

    fn rows(&self) -> usize {
        self.core().notebook.len()
    }

    fn row(&self, id: NodeId) -> Row {
        let store = &self.core().notebook;
        let node = store.node(id);
        Row {
            id,
            parent: node.parent(),
            g: node.g,
            h: node.h,
            f: self.strategy().f(&node),
            depth: node.depth,
            status: store.status(id),
            reopened: store.times_reopened(id),
        }
    }

    fn open_order(&self) -> Vec<NodeId> {
        self.strategy().open_order(self.core())
    }

    fn next_pick(&self) -> Option<Pick> {
        if self.outcome().is_some() {
            return None;
        }
        self.strategy().next_pick(self.core())
    }

    fn route(&self, id: NodeId) -> Vec<NodeId> {
        self.core().notebook.route(id)
    }

    fn solution(&self) -> Option<Vec<NodeId>> {
        Search::solution(self)
    }

    fn last_event(&self) -> &StepEvent {
        Search::last_event(self)
    }

    fn step_record(&self) -> &StepRecord {
        Search::step_record(self)
    }

    fn successor_rows(&self, pick: NodeId) -> Vec<Option<NodeId>> {
        Search::successor_rows(self, pick)
    }

    fn strategy_status(&self) -> Option<String> {
        self.strategy().status()
    }

    fn cutoff(&self) -> Option<super::cutoff::Cutoff> {
        self.strategy().cutoff()
    }

    fn memory_bytes(&self) -> usize {
        Search::bytes(self)
    }

    fn candidates(&self) -> Option<u128> {
        let core = self.core();
        if core.settings.algorithm != Algorithm::GenerateAndTest {
            return None;
        }
        core.problem.candidate_count(core.settings.candidates)
    }

    fn open_key(&self, id: NodeId) -> Option<OpenKey> {
        self.strategy().open_key(id, &self.core().notebook.node(id))
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        self.core().problem.heuristics()
    }

    fn stored_by_depth(&self) -> Vec<u64> {
        self.core().notebook.stored_by_depth()
    }

    fn statuses(&self) -> Vec<Status> {
        let store = &self.core().notebook;
        (0..store.len())
            .map(|i| store.status(NodeId::try_from(i).expect("ids fit in u32")))
            .collect()
    }
}
