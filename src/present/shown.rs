//! A search as the faces show it: the engine's [`SearchView`] plus how its states are written
//! and drawn ([`ShownSearch`]), and the session that hands that view out ([`ShownSession`]).
//!
//! The engine erases a search's problem type behind [`Session`]; this layer erases it behind
//! [`ShownSession`], a trait over `Session` implemented for every [`Search`] whose problem has a
//! [`Presentation`]. Its trait object is a [`SessionKind`], so a [`ShownTimeline`] hands out a
//! [`ShownSearch`] at every step, and the engine never names any of it.

use super::board::BoardView;
use super::heuristic_report::{self, HeuristicWarning};
use super::words;
use super::{PlayedRoute, Presentation};
use crate::engine::event::StepEvent;
use crate::engine::notebook::NodeId;
use crate::engine::search::Search;
use crate::engine::session::{Session, SessionKind};
use crate::engine::timeline::Timeline;
use crate::engine::view::SearchView;

/// What a face can ask of a search beyond the search model: its states in text and drawings,
/// its moves and steps in words, and the heuristic's broken promises.
///
/// Every method is required, as on [`SearchView`]: a stand-in says what it answers.
pub trait ShownSearch: SearchView {
    /// One-line text of a row's state.
    fn state_text(&self, id: NodeId) -> String;
    fn board(&self, id: NodeId) -> BoardView;
    /// The start state's drawing (there is no row before the first step).
    fn start_board(&self) -> BoardView;
    /// The board position (grid cell, graph node) of every row in id order, so a map view can
    /// colour all open and closed states at once (with [`SearchView::statuses`]); empty where
    /// states are whole boards.
    fn places(&self) -> Vec<Option<usize>>;
    /// Row `id`'s board position ([`ShownSearch::places`] for one row), so a map view can
    /// recolour just the rows a few steps touched.
    fn place(&self, id: NodeId) -> Option<usize>;
    /// Where row `id`'s state sits on a plane, for exporters that draw maps (Posthoc); `None`
    /// for domains without positions.
    fn position(&self, id: NodeId) -> Option<(i64, i64)>;
    /// The move from row `from` to its child `to`, in words.
    fn move_label(&self, from: NodeId, to: NodeId) -> String;
    /// The solution along `route` (row ids, start first) played from the start, where the
    /// domain plays it ([`Presentation::played`]).
    fn played(&self, route: &[NodeId]) -> Option<PlayedRoute>;
    /// A step in words: the pick and why, then each successor's fate.
    fn event_lines(&self, event: &StepEvent) -> Vec<String>;
    /// The heuristic's broken promises met up to this step, in words (see
    /// [`heuristic_report`]); built on every call, so ask once per step.
    fn heuristic_warnings(&self) -> Vec<HeuristicWarning>;
}

/// A session whose search can be shown: what the faces drive.
pub trait ShownSession: Session {
    /// The search as it is now, read-only, with its presentation.
    fn shown(&self) -> &dyn ShownSearch;
    /// [`Session::snapshot`], still shown.
    fn shown_snapshot(&self) -> Box<dyn ShownSession>;
    /// [`Session::keyframe`], still shown.
    fn shown_keyframe(&mut self) -> Box<dyn ShownSession> {
        self.shown_snapshot()
    }
}

impl SessionKind for dyn ShownSession {
    type View<'a> = dyn ShownSearch + 'a;

    fn kind_view(&self) -> &(dyn ShownSearch + '_) {
        self.shown()
    }

    fn kind_snapshot(&self) -> Box<dyn ShownSession> {
        self.shown_snapshot()
    }

    fn kind_keyframe(&mut self) -> Box<dyn ShownSession> {
        self.shown_keyframe()
    }

    fn as_session_mut(&mut self) -> &mut dyn Session {
        self
    }
}

/// The timeline every face drives: its view is a [`ShownSearch`].
pub type ShownTimeline = Timeline<dyn ShownSession>;

/// The search over `problem` with `settings`, as the faces drive it.
#[must_use]
pub fn shown_session<P>(
    problem: P,
    settings: crate::engine::settings::Settings,
) -> Box<dyn ShownSession>
where
    P: Presentation + Clone + Send + 'static,
    P::State: Send,
{
    Box::new(Search::new(problem, settings))
}

impl<P> ShownSession for Search<P>
where
    P: Presentation + Clone + Send + 'static,
    P::State: Send,
{
    fn shown(&self) -> &dyn ShownSearch {
        self
    }

    fn shown_snapshot(&self) -> Box<dyn ShownSession> {
        Box::new(self.clone())
    }

    fn shown_keyframe(&mut self) -> Box<dyn ShownSession> {
        Box::new(Search::keyframe(self))
    }
}

impl<P> ShownSearch for Search<P>
where
    P: Presentation + Clone + Send + 'static,
    P::State: Send,
{
    fn state_text(&self, id: NodeId) -> String {
        let core = self.core();
        core.problem.compact(core.notebook.node(id).state)
    }

    fn board(&self, id: NodeId) -> BoardView {
        let core = self.core();
        core.problem.board(core.notebook.node(id).state)
    }

    fn start_board(&self) -> BoardView {
        let problem = &self.core().problem;
        problem.board(&problem.start())
    }

    fn places(&self) -> Vec<Option<usize>> {
        let core = self.core();
        (0..core.notebook.len())
            .map(|i| {
                let id = NodeId::try_from(i).expect("ids fit in u32");
                core.problem.place(core.notebook.node(id).state)
            })
            .collect()
    }

    fn place(&self, id: NodeId) -> Option<usize> {
        let core = self.core();
        core.problem.place(core.notebook.node(id).state)
    }

    fn position(&self, id: NodeId) -> Option<(i64, i64)> {
        let core = self.core();
        core.problem.position(core.notebook.node(id).state)
    }

    fn move_label(&self, from: NodeId, to: NodeId) -> String {
        words::move_label(self, from, to)
    }

    fn played(&self, route: &[NodeId]) -> Option<PlayedRoute> {
        let core = self.core();
        let states: Vec<&P::State> = route
            .iter()
            .map(|&id| core.notebook.node(id).state)
            .collect();
        core.problem.played(&states)
    }

    fn event_lines(&self, event: &StepEvent) -> Vec<String> {
        words::event_lines(self, event)
    }

    fn heuristic_warnings(&self) -> Vec<HeuristicWarning> {
        heuristic_report::warnings(self)
    }
}
