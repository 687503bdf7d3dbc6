//! Steps longer than a frame, run off the UI thread so the window never freezes.
//!
//! The app steps on its own thread while steps are quick, within the run's step budget (what
//! the views leave of a frame: [`crate::app::playback::RunBudget`]). Once steps have taken
//! longer than [`FRAME_BUDGET`] twice in a row ([`Pace`]), the next batch of steps is an [`Errand`]: the
//! search moves to a worker thread, the frame waits at most the budget for it, and if it is not
//! back the window shows "working…" (with Pause and Reset) until it is. A
//! [`Parked`](crate::app::parked::Parked) search stands in meanwhile, answering from what the
//! search was when it left. Pause lets the step in progress finish and
//! takes no more; Reset builds a new search at once and abandons the errand (its thread finishes
//! the step and drops the old search). The browser build has no threads: there steps always run
//! on the UI thread, a budget's worth per frame.

use crate::app::FrontierApp;
use crate::app::command::Command;
use crate::app::panels::plot::History;
use crate::app::parked::Parked;
use crate::app::playback::{FRAME_BUDGET, Playback};
use crate::app::travel::Travel;
use crate::engine::breakpoint::{Breakpoint, Watches};
use crate::engine::timeline::TimelineError;
use crate::engine::view::SearchView;
use crate::present::ShownTimeline;
use eframe::egui::{self, CentralPanel, Panel, Ui};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;
use web_time::Instant;

impl FrontierApp {
    /// Whether steps are running on a worker thread (the window shows "working…").
    #[must_use]
    pub fn is_working(&self) -> bool {
        self.errand.is_some()
    }

    /// Runs the steps due this frame, within the run's step budget ([`Playback::step_budget`]):
    /// here, or on a worker thread once a step took longer than [`FRAME_BUDGET`] (waiting for
    /// it at most that long). The time it takes is noted as this frame's stepping.
    pub(super) fn advance(&mut self, dt: f64, ctx: &egui::Context) {
        let started = Instant::now();
        self.step_or_send(dt, ctx);
        self.playback.stepped(started.elapsed().as_secs_f64());
    }

    /// Notes how long the frame that began at `started` took, for the next frames' step budget
    /// (see [`crate::app::playback::RunBudget`]).
    pub(super) fn frame_done(&mut self, started: Instant) {
        self.playback.frame_took(started.elapsed().as_secs_f64());
    }

    fn step_or_send(&mut self, dt: f64, ctx: &egui::Context) {
        if let Some(errand) = &self.errand {
            let Some(trip) = errand.poll() else {
                return;
            };
            self.errand = None;
            self.came_back(trip);
        }
        if !self.playback.is_running() {
            return;
        }
        let parked = ShownTimeline::new(Box::new(Parked::of(self.timeline.view())));
        let (watches, hit) = self.travel.watch_slots();
        let trip = Trip {
            timeline: std::mem::replace(&mut self.timeline, parked),
            history: std::mem::take(&mut self.history),
            watches: watches.take(),
            hit: hit.take(),
            playback: self.playback.clone(),
            taken: 0,
            slowest: Duration::ZERO,
            error: None,
        };
        let budget = self.playback.step_budget();
        if self.pace.off_thread() {
            // Half the budget away, so quick steps come back within the frame's wait.
            let errand = Errand::send(move |stop| trip.run(dt, budget / 2.0, stop), waker(ctx));
            match wait_a_frame(&errand) {
                Some(trip) => self.came_back(trip),
                None => self.errand = Some(errand),
            }
        } else {
            let trip = trip.run(dt, budget, &AtomicBool::new(false));
            self.came_back(trip);
        }
    }

    /// Puts back what a batch of steps took with it, and logs the steps.
    fn came_back(&mut self, trip: Trip) {
        self.timeline = trip.timeline;
        self.history = trip.history;
        let (watches, hit) = self.travel.watch_slots();
        *watches = trip.watches;
        *hit = trip.hit;
        self.playback.resume_from(trip.playback);
        if trip.taken > 0 {
            self.pace.took(trip.slowest);
            self.log.record(self.timeline.view(), trip.taken - 1);
            self.comparison.record(self.timeline.view());
        }
        if let Some(e) = trip.error {
            self.playback.pause();
            self.error = Some(e.to_string());
        }
    }

    /// While the search is away: draws the working view, applies what may be applied, and
    /// says so (the frame draws nothing else).
    pub(super) fn working(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) -> bool {
        let Some(errand) = &self.errand else {
            return false;
        };
        commands.extend(show_working(
            ui,
            self.timeline.view(),
            errand.elapsed(),
            errand.stopping(),
        ));
        for command in commands.drain(..) {
            self.apply(command);
        }
        true
    }
}

/// Work sent to a worker thread, coming back as a `T`.
pub struct Errand<T> {
    back: Receiver<T>,
    stop: Arc<AtomicBool>,
    started: Instant,
}

impl<T: Send + 'static> Errand<T> {
    /// Runs `work` on a new thread; `work` should finish soon once the flag it is given is set.
    /// `wake` is called when the result is ready (the app asks for a repaint).
    pub fn send(
        work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
        wake: impl FnOnce() + Send + 'static,
    ) -> Errand<T> {
        let (tx, back) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        std::thread::spawn(move || {
            // Nobody listens when the errand was abandoned: the result is dropped here.
            if tx.send(work(&flag)).is_ok() {
                wake();
            }
        });
        Errand {
            back,
            stop,
            started: Instant::now(),
        }
    }

    /// The result, waiting for it at most `timeout`.
    pub fn wait(&self, timeout: Duration) -> Option<T> {
        match self.back.recv_timeout(timeout) {
            Ok(result) => Some(result),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => panic!("the worker thread panicked"),
        }
    }

    /// The result if it is ready.
    pub fn poll(&self) -> Option<T> {
        self.wait(Duration::ZERO)
    }

    /// Asks the work to finish what it is doing and come back.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether [`Errand::stop`] was asked.
    #[must_use]
    pub fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Time since it was sent.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

impl<T> Drop for Errand<T> {
    /// An abandoned errand stops as soon as it can.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// What goes to the worker with the search and comes back: everything a step writes to.
pub struct Trip {
    pub timeline: ShownTimeline,
    /// The plot's samples, one per step.
    pub history: History,
    /// The breakpoints being watched, and the one hit.
    pub watches: Option<Watches>,
    pub hit: Option<(Breakpoint, String)>,
    /// A copy of the run state machine; the app takes it back with [`Playback::resume_from`].
    pub playback: Playback,
    /// Steps taken on the trip, and the longest of them.
    pub taken: u64,
    pub slowest: Duration,
    /// A replayed step that went differently from the recorded one: the run stopped there.
    pub error: Option<TimelineError>,
}

impl Trip {
    /// Takes the steps due after `dt` seconds, within `budget` seconds, until `stop` is set
    /// (each step in progress finishes). The first step due is taken whatever the budget (a
    /// thread paused before its first step, or a budget at its floor, must not send a Step
    /// away and bring it back untaken); only `stop` keeps it.
    #[must_use]
    pub fn run(mut self, dt: f64, budget: f64, stop: &AtomicBool) -> Trip {
        let started = Instant::now();
        let mut first = true;
        let (timeline, history) = (&mut self.timeline, &mut self.history);
        let (watches, hit, error) = (&mut self.watches, &mut self.hit, &mut self.error);
        let mut slowest = Duration::ZERO;
        self.taken = self.playback.advance(
            dt,
            || {
                let step_started = Instant::now();
                if let Err(e) = timeline.step() {
                    *error = Some(e);
                    return true;
                }
                let view = timeline.view();
                history.record(view);
                let ended = Travel::watch(watches, hit, view) || view.outcome().is_some();
                slowest = slowest.max(step_started.elapsed());
                ended
            },
            || {
                let go = !stop.load(Ordering::Relaxed)
                    && (first || started.elapsed().as_secs_f64() < budget);
                first = false;
                go
            },
        );
        self.slowest = slowest;
        self
    }
}

/// Over a frame budget this many times in a row, steps go to a worker: once can be the machine
/// pausing the thread mid-step, twice in a row is the search.
const SLOW_IN_A_ROW: u32 = 2;

/// How long steps take lately: whether the next ones should run off the UI thread.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pace {
    over_budget: u32,
}

impl Pace {
    /// Notes a step (or the slowest step of a batch) that took `took`.
    pub fn took(&mut self, took: Duration) {
        self.over_budget = if took.as_secs_f64() > FRAME_BUDGET {
            self.over_budget.saturating_add(1)
        } else {
            0
        };
    }

    /// Whether the next steps go to a worker thread. Never in the browser, which has no
    /// threads: there every slice runs on the UI thread, within the frame budget.
    #[must_use]
    pub fn off_thread(self) -> bool {
        cfg!(not(target_arch = "wasm32")) && self.over_budget >= SLOW_IN_A_ROW
    }
}

/// What the app accepts while its search is away: pausing, resetting (and everything else that
/// builds a new search), the speed, dismissing an error. Stepping, time travel, selecting rows
/// and editing the start need the search itself.
#[must_use]
pub fn allowed_while_away(command: &Command) -> bool {
    !matches!(
        command,
        Command::Step
            | Command::FineStep
            | Command::RunToEnd
            | Command::RunSteps(_)
            | Command::Travel(_)
            | Command::Select(_)
            | Command::SlideTile(_)
            | Command::EditQueens(_)
            | Command::EditGrid(_)
    )
}

/// The window while the search is away: what it is doing and the two buttons that still apply.
pub fn show_working(
    ui: &mut Ui,
    parked: &dyn SearchView,
    elapsed: Duration,
    stopping: bool,
) -> Vec<Command> {
    let mut commands = Vec::new();
    Panel::top("working").show(ui, |ui| {
        ui.horizontal(|ui| {
            if ui.button("Pause").on_hover_text("Enter").clicked() {
                commands.push(Command::RunPause);
            }
            if ui.button("Reset").on_hover_text("R").clicked() {
                commands.push(Command::Reset);
            }
            ui.label(format!(
                "working… step {} ({:.1} s)",
                parked.steps() + 1,
                elapsed.as_secs_f64()
            ));
            if stopping {
                ui.weak("pausing after this step");
            }
        });
    });
    CentralPanel::default().show(ui, |ui| {
        let c = parked.counts();
        ui.label(format!(
            "A step of this search takes longer than a frame, so it runs off the window's \
             thread; the tables and the board come back when it is done.\n\
             Before it: {} steps, states checked {}, states stored {}, open {}.",
            parked.steps(),
            c.states_checked,
            c.states_stored,
            c.open
        ));
    });
    // Not every frame (a spinner would ask for that): the clock ticks, and the worker wakes the
    // window when it is done.
    ui.ctx().request_repaint_after(Duration::from_millis(100));
    commands
}

/// Waits for `errand` at most one frame budget.
pub fn wait_a_frame<T: Send + 'static>(errand: &Errand<T>) -> Option<T> {
    errand.wait(Duration::from_secs_f64(FRAME_BUDGET))
}

/// Asks `ctx` for a repaint, from any thread.
pub fn waker(ctx: &egui::Context) -> impl FnOnce() + Send + 'static {
    let ctx = ctx.clone();
    move || ctx.request_repaint()
}

#[cfg(test)]
mod tests;
