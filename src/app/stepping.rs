//! Moving the search forward from the window: Step, Fine step and the run commands. A step
//! goes straight down: [`Command::Step`](crate::app::command::Command::Step) →
//! [`FrontierApp::apply`] → [`FrontierApp::step`] → [`Timeline::step`] → the search → its
//! strategy; what it did is then written to the plot, the step log and the runs table, and a
//! replay that went differently is reported here, where it happened.
//!
//! [`Timeline::step`]: crate::engine::timeline::Timeline::step

use crate::app::FrontierApp;
use crate::app::playback::{Fine, FineAction, Playback};
use web_time::Instant;

impl FrontierApp {
    /// The Step command: pauses any run and takes one whole step.
    pub(super) fn step(&mut self) {
        self.playback.pause();
        self.end_fine();
        // A step slower than a frame goes to the worker, like a run of one step.
        if self.pace.off_thread() {
            self.playback.run_steps(1);
        } else {
            self.step_once(true);
        }
    }

    /// Run or pause (Enter); a search that has ended does not start again.
    pub(super) fn run_pause(&mut self) {
        self.end_fine();
        if self.playback.is_running() || self.view().outcome().is_none() {
            self.playback.toggle();
        }
    }

    /// Starts a run (to the end, or of some steps) unless the search has ended.
    pub(super) fn run(&mut self, start: impl FnOnce(&mut Playback)) {
        self.end_fine();
        if self.view().outcome().is_none() {
            start(&mut self.playback);
        }
    }

    /// Takes the search to step `target` (or its end, if sooner) before the window shows, as
    /// `frontier open --at` asks; the log shows the step reached.
    pub fn open_at(&mut self, target: u64) {
        if self.view().steps() >= target || self.view().outcome().is_some() {
            return;
        }
        while self.view().steps() < target && self.view().outcome().is_none() {
            if !self.step_timeline() {
                return;
            }
            self.history.record(self.timeline.view());
        }
        self.comparison.record(self.timeline.view());
        self.log
            .note(format!("opened at step {}", self.view().steps()));
        self.log.record(self.timeline.view(), 0);
    }

    /// One whole step, written to the log now or (fine stepping) once revealed.
    fn step_once(&mut self, log_now: bool) {
        if self.view().outcome().is_some() {
            return;
        }
        let started = Instant::now();
        if !self.step_timeline() {
            return;
        }
        self.pace.took(started.elapsed());
        self.history.record(self.timeline.view());
        if log_now {
            self.log.record(self.timeline.view(), 0);
        } else {
            self.fine_logged = Some(0);
        }
        self.comparison.record(self.timeline.view());
    }

    /// Steps the timeline; a replayed step that went differently from the recorded one (a
    /// search that is not deterministic) stops any run and is shown. Whether the step was
    /// taken as recorded.
    fn step_timeline(&mut self) -> bool {
        match self.timeline.step() {
            Ok(_) => true,
            Err(e) => {
                self.playback.pause();
                self.error = Some(e.to_string());
                false
            }
        }
    }

    /// Leaves fine stepping, writing the rest of a half-revealed step to the log and giving
    /// the board back to the state just expanded.
    pub(super) fn end_fine(&mut self) {
        if let Some(logged) = self.fine_logged.take() {
            self.log
                .record_part(self.timeline.view(), logged..usize::MAX);
            self.selected = None;
        }
        self.fine = Fine::Off;
    }

    /// Shows the part of the step fine stepping has reached: its lines go to the log, and the
    /// row it is about (the pick, or the successor just generated) is selected, so the tables
    /// and the board show it.
    fn show_fine_part(&mut self) {
        let (Fine::Revealing { shown }, Some(logged)) = (self.fine, self.fine_logged) else {
            return;
        };
        if shown > logged {
            self.log.record_part(self.timeline.view(), logged..shown);
            self.fine_logged = Some(shown);
        }
        let event = self.view().last_event();
        let pick = event.pick.as_ref().map(|p| p.id);
        // Line 0 is the pick, line k the k-th successor; a pruned successor has no row, and the
        // lines after the successors (a note, the outcome) are about the pick.
        let part = shown.checked_sub(1).and_then(|line| {
            line.checked_sub(1)
                .and_then(|k| event.successors.get(k))
                .and_then(|s| s.id)
                .or(pick)
        });
        self.selected = part.filter(|&id| (id as usize) < self.view().rows());
    }

    /// The Fine step command: announce the pick, take the step, then reveal each successor.
    pub(super) fn fine_step(&mut self) {
        self.playback.pause();
        let lines = |app: &FrontierApp| app.view().event_lines(app.view().last_event()).len();
        let shown = match self.fine {
            Fine::Revealing { .. } => lines(self),
            Fine::Off | Fine::Announced => 0,
        };
        let (next, action) = self.fine.advance(shown);
        if next == Fine::Announced {
            self.end_fine();
            if self.view().outcome().is_some() {
                return;
            }
        }
        self.fine = match action {
            FineAction::Show => next,
            FineAction::TakeStep => {
                self.step_once(false);
                next.after_step(lines(self))
            }
        };
        self.show_fine_part();
    }
}
