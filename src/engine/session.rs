//! A search with its problem type erased: the one thing the app, the CLI and the timeline
//! drive, so that a new domain or algorithm plugs in without changes to any of them. Driving
//! ([`Session`]) and reading ([`SearchView`]) are apart: whoever holds a session moves it, and
//! hands out [`Session::view`] to everything that only shows it.

use super::event::{Counts, Fate, Outcome, Pick, StepEvent};
use super::heuristic_check::HeuristicWarning;
use super::notebook::{NodeId, Status};
use super::open_list::OpenKey;
use super::problem::Problem;
use super::search::Search;
use super::settings::{Algorithm, Heuristic, Settings};
use super::step_record::StepRecord;
use super::view::{BoardView, Row, SearchView};

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

    fn move_label(&self, from: NodeId, to: NodeId) -> String {
        Search::move_label(self, from, to)
    }

    fn solution(&self) -> Option<Vec<NodeId>> {
        Search::solution(self)
    }

    fn last_event(&self) -> &StepEvent {
        Search::last_event(self)
    }

    fn event_lines(&self, event: &StepEvent) -> Vec<String> {
        let mut lines = Vec::new();
        let Some(pick) = &event.pick else {
            lines.push(format!("step {}: nothing left to pick", event.step));
            return lines;
        };
        lines.push(format!(
            "step {}: picked #{} {} (f {}, g {}, h {}) — {}",
            event.step,
            pick.id,
            self.state_text(pick.id),
            pick.f,
            pick.g,
            pick.h,
            pick.explain()
        ));
        for s in &event.successors {
            let line = match (s.id, s.fate) {
                (Some(id), fate) if fate != Fate::Pruned => {
                    let row = SearchView::row(self, id);
                    format!(
                        "  #{id} {} {}: {fate} (f {}, g {}, h {})",
                        self.state_text(id),
                        self.move_label(pick.id, id),
                        row.f,
                        row.g,
                        row.h
                    )
                }
                _ => format!("  {}", self.successor_words(pick.id, s)),
            };
            lines.push(line);
        }
        if let Some(note) = &event.note {
            lines.push(format!("  {note}"));
        }
        if let Some(outcome) = &event.outcome {
            lines.push(format!("  → {outcome}"));
        }
        lines
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

    fn place(&self, id: NodeId) -> Option<usize> {
        let core = self.core();
        core.problem.place(core.notebook.node(id).state)
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

    fn open_key(&self, id: NodeId) -> Option<OpenKey> {
        self.strategy().open_key(id, &self.core().notebook.node(id))
    }

    fn position(&self, id: NodeId) -> Option<(i64, i64)> {
        let core = self.core();
        core.problem.position(core.notebook.node(id).state)
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        self.core().problem.heuristics()
    }

    fn heuristic_warnings(&self) -> Vec<HeuristicWarning> {
        super::heuristic_report::warnings(self)
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
