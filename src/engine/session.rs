//! A search with its problem type erased: the one interface the app and the CLI drive, so that a
//! new domain or algorithm plugs in without changes to either face.

use super::event::{Counts, Fate, Outcome, Pick, StepEvent};
use super::frontier::Key;
use super::heuristic_check::HeuristicWarning;
use super::log::Log;
use super::problem::Problem;
use super::search::Search;
use super::settings::{Heuristic, Settings};
use super::store::{NodeId, Status};
use super::timeline::Timeline;
use super::view::{BoardView, Row};

/// Everything a face can ask of a search.
pub trait Session: Send {
    /// Does one step (nothing after the outcome) and returns what it did.
    fn step(&mut self) -> &StepEvent;
    /// Steps taken so far.
    fn steps(&self) -> u64;
    fn outcome(&self) -> Option<&Outcome>;
    fn counts(&self) -> Counts;
    fn settings(&self) -> &Settings;
    /// Rows in the notebook.
    fn rows(&self) -> usize;
    fn row(&self, id: NodeId) -> Row;
    /// One-line text of a row's state.
    fn state_text(&self, id: NodeId) -> String;
    fn board(&self, id: NodeId) -> BoardView;
    /// The start state's drawing (there is no row before the first step).
    fn start_board(&self) -> BoardView;
    /// Open rows, the next pick first.
    fn open_order(&self) -> Vec<NodeId>;
    /// What the next step will pick and why.
    fn next_pick(&self) -> Option<Pick>;
    /// Rows from the start to `id`.
    fn route(&self, id: NodeId) -> Vec<NodeId>;
    /// The move from row `from` to its child `to`, in words.
    fn move_label(&self, from: NodeId, to: NodeId) -> String;
    /// The route to the accepted goal.
    fn solution(&self) -> Option<Vec<NodeId>>;
    fn last_event(&self) -> &StepEvent;
    /// A step in words: the pick and why, then each successor's fate.
    fn event_lines(&self, event: &StepEvent) -> Vec<String>;
    fn log(&self) -> &Log;
    /// The strategy's own state in words (IDA*'s threshold), if any.
    fn strategy_status(&self) -> Option<String>;
    /// The bound of a depth-first search and its deepening iteration (see
    /// [`super::algo::backtracking::Cutoff`]); `None` for other strategies.
    fn cutoff(&self) -> Option<super::algo::backtracking::Cutoff> {
        None
    }
    /// Bytes held by the notebook, open list and log.
    fn memory_bytes(&self) -> usize;
    /// Tells the search how many bytes its owner keeps for it, so its memory budget covers
    /// them ([`Search::hold_elsewhere`]).
    fn hold_elsewhere(&mut self, bytes: usize) {
        let _ = bytes;
    }
    /// How many complete boards generate and test faces under these settings (saturating at
    /// `u128::MAX`), so a face can say so before the first step; `None` for other algorithms.
    fn candidates(&self) -> Option<u128> {
        None
    }
    /// The board position (grid cell, graph node) of every row in id order, so a map view can
    /// colour all open and closed states at once; empty where states are whole boards.
    fn places(&self) -> Vec<Option<usize>> {
        Vec::new()
    }
    /// An independent copy of the search as it is now (a keyframe for time travel); `None`
    /// when this session cannot be copied, and then time travel goes back only by
    /// [`Session::rewind`].
    fn snapshot(&self) -> Option<Box<dyn Session>> {
        None
    }
    /// Where row `id`'s state sits on a plane, for exporters that draw maps (Posthoc); `None`
    /// for domains without positions.
    fn position(&self, id: NodeId) -> Option<(i64, i64)> {
        let _ = id;
        None
    }
    /// Goes back to step `target` in place by undoing steps, when the steps between allow it
    /// (see [`Search::rewind`]); `false` and nothing changed otherwise.
    fn rewind(&mut self, target: u64) -> bool {
        let _ = target;
        false
    }
    /// Row `id`'s key in a best-first open list (see [`crate::engine::search::Strategy::open_key`]); `None` for
    /// strategies whose open order only they know (stacks, deepening).
    fn open_key(&self, id: NodeId) -> Option<Key> {
        let _ = id;
        None
    }
    /// The heuristic's broken promises met up to this step, in words (see
    /// [`super::heuristic_check`]); built on every call, so ask once per step.
    fn heuristic_warnings(&self) -> Vec<HeuristicWarning> {
        Vec::new()
    }
    /// The heuristics the problem offers (the app's menu), its default first.
    fn heuristics(&self) -> &'static [Heuristic] {
        &Heuristic::ALL
    }
    /// The time-travel controls when this session is a [`Timeline`] (the app's searches are).
    fn timeline(&self) -> Option<&Timeline> {
        None
    }
    /// See [`Session::timeline`].
    fn timeline_mut(&mut self) -> Option<&mut Timeline> {
        None
    }
    /// Every row's status in storing order: what a board needs to colour all stored states at
    /// once (with [`Session::places`]), without building a whole [`Row`] for each.
    fn statuses(&self) -> Vec<Status> {
        (0..self.rows())
            .map(|i| {
                self.row(NodeId::try_from(i).expect("ids fit in u32"))
                    .status
            })
            .collect()
    }
}

impl<P> Session for Search<P>
where
    P: Problem + Clone + Send + 'static,
    P::State: Send,
{
    fn step(&mut self) -> &StepEvent {
        Search::step(self)
    }

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
        self.core().store.len()
    }

    fn row(&self, id: NodeId) -> Row {
        let store = &self.core().store;
        let node = store.node(id);
        Row {
            id,
            parent: node.parent(),
            g: node.g,
            h: node.h,
            f: self.strategy().f(node),
            depth: node.depth,
            status: store.status(id),
            reopened: store.times_reopened(id),
        }
    }

    fn state_text(&self, id: NodeId) -> String {
        let core = self.core();
        core.problem.compact(&core.store.node(id).state)
    }

    fn board(&self, id: NodeId) -> BoardView {
        let core = self.core();
        core.problem.board(&core.store.node(id).state)
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
        self.core().store.route(id)
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
                    let row = Session::row(self, id);
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

    fn log(&self) -> &Log {
        Search::log(self)
    }

    fn strategy_status(&self) -> Option<String> {
        self.strategy().status()
    }

    fn cutoff(&self) -> Option<super::algo::backtracking::Cutoff> {
        self.strategy().cutoff()
    }

    fn memory_bytes(&self) -> usize {
        Search::bytes(self)
    }

    fn hold_elsewhere(&mut self, bytes: usize) {
        Search::hold_elsewhere(self, bytes);
    }

    fn candidates(&self) -> Option<u128> {
        let core = self.core();
        if core.settings.algorithm != crate::engine::settings::Algorithm::GenerateAndTest {
            return None;
        }
        core.problem.candidate_count(core.settings.candidates)
    }

    fn places(&self) -> Vec<Option<usize>> {
        let core = self.core();
        (0..core.store.len())
            .map(|i| {
                let id = NodeId::try_from(i).expect("ids fit in u32");
                core.problem.place(&core.store.node(id).state)
            })
            .collect()
    }

    fn snapshot(&self) -> Option<Box<dyn Session>> {
        Some(Box::new(self.clone()))
    }

    fn open_key(&self, id: NodeId) -> Option<Key> {
        self.strategy().open_key(id, self.core().store.node(id))
    }

    fn rewind(&mut self, target: u64) -> bool {
        Search::rewind(self, target)
    }

    fn position(&self, id: NodeId) -> Option<(i64, i64)> {
        let core = self.core();
        core.problem.position(&core.store.node(id).state)
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        self.core().problem.heuristics()
    }

    fn heuristic_warnings(&self) -> Vec<HeuristicWarning> {
        super::heuristic_check::warnings(self)
    }

    fn statuses(&self) -> Vec<Status> {
        let store = &self.core().store;
        (0..store.len())
            .map(|i| store.status(NodeId::try_from(i).expect("ids fit in u32")))
            .collect()
    }
}
