//! The stand-in for a search away on a worker thread ([`crate::app::worker`]): the app keeps a
//! timeline over it while the real one steps elsewhere, so the window can still say where the
//! search was when it left.

use crate::engine::cost::Cost;
use crate::engine::event::{Counts, Outcome, Pick, StepEvent};
use crate::engine::notebook::{NodeId, Status};
use crate::engine::open_list::OpenKey;
use crate::engine::session::Session;
use crate::engine::settings::{Heuristic, Settings};
use crate::engine::step_record::StepRecord;
use crate::engine::view::{Row, SearchView};
use crate::present::heuristic_report::HeuristicWarning;
use crate::present::{BoardView, PlayedRoute, ShownSearch, ShownSession};

/// Stands in for a search that is away on a worker thread: its step count, counts and
/// settings as they were when it left, no rows, and no steps of its own.
#[derive(Clone)]
pub struct Parked {
    steps: u64,
    counts: Counts,
    settings: Settings,
    event: StepEvent,
    log: StepRecord,
}

impl Parked {
    /// The stand-in for `session`, which is leaving.
    #[must_use]
    pub fn of(session: &dyn SearchView) -> Parked {
        Parked {
            steps: session.steps(),
            counts: session.counts(),
            settings: session.settings().clone(),
            event: StepEvent::default(),
            log: StepRecord::default(),
        }
    }
}

impl SearchView for Parked {
    fn steps(&self) -> u64 {
        self.steps
    }
    fn outcome(&self) -> Option<&Outcome> {
        None
    }
    fn counts(&self) -> Counts {
        self.counts
    }
    fn settings(&self) -> &Settings {
        &self.settings
    }
    fn rows(&self) -> usize {
        0
    }
    fn row(&self, id: NodeId) -> Row {
        Row {
            id,
            parent: None,
            g: Cost::ZERO,
            h: Cost::ZERO,
            f: Cost::ZERO,
            depth: 0,
            status: Status::Open,
            reopened: 0,
        }
    }
    fn open_order(&self) -> Vec<NodeId> {
        Vec::new()
    }
    fn next_pick(&self) -> Option<Pick> {
        None
    }
    fn route(&self, _: NodeId) -> Vec<NodeId> {
        Vec::new()
    }
    fn solution(&self) -> Option<Vec<NodeId>> {
        None
    }
    fn last_event(&self) -> &StepEvent {
        &self.event
    }
    fn step_record(&self) -> &StepRecord {
        &self.log
    }
    fn successor_rows(&self, _: NodeId) -> Vec<Option<NodeId>> {
        Vec::new()
    }
    fn strategy_status(&self) -> Option<String> {
        None
    }
    fn cutoff(&self) -> Option<crate::engine::cutoff::Cutoff> {
        None
    }
    fn memory_bytes(&self) -> usize {
        0
    }
    fn statuses(&self) -> Vec<Status> {
        Vec::new()
    }
    fn stored_by_depth(&self) -> Vec<u64> {
        Vec::new()
    }
    fn open_key(&self, _: NodeId) -> Option<OpenKey> {
        None
    }
    fn candidates(&self) -> Option<u128> {
        None
    }
    fn heuristics(&self) -> &'static [Heuristic] {
        &[]
    }
}

/// A parked search has no states to show: no text, no drawing, no words.
impl ShownSearch for Parked {
    fn state_text(&self, _: NodeId) -> String {
        String::new()
    }
    fn board(&self, _: NodeId) -> BoardView {
        BoardView::empty()
    }
    fn start_board(&self) -> BoardView {
        BoardView::empty()
    }
    fn places(&self) -> Vec<Option<usize>> {
        Vec::new()
    }
    fn place(&self, _: NodeId) -> Option<usize> {
        None
    }
    fn position(&self, _: NodeId) -> Option<(i64, i64)> {
        None
    }
    fn move_label(&self, _: NodeId, _: NodeId) -> String {
        String::new()
    }
    fn played(&self, _: &[NodeId]) -> Option<PlayedRoute> {
        None
    }
    fn event_lines(&self, _: &StepEvent) -> Vec<String> {
        Vec::new()
    }
    fn heuristic_warnings(&self) -> Vec<HeuristicWarning> {
        Vec::new()
    }
}

/// A parked search takes no steps: the app never steps it (it only stands in while the
/// frame shows "working…"), so a step does nothing and says so with the last event.
impl Session for Parked {
    fn view(&self) -> &dyn SearchView {
        self
    }
    fn step(&mut self) -> &StepEvent {
        &self.event
    }
    fn rewind(&mut self, _: u64) -> bool {
        false
    }
    fn hold_elsewhere(&mut self, _: usize) {}
    fn snapshot(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }
}

impl ShownSession for Parked {
    fn shown(&self) -> &dyn ShownSearch {
        self
    }
    fn shown_snapshot(&self) -> Box<dyn ShownSession> {
        Box::new(self.clone())
    }
}
