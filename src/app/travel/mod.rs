//! Time travel in the window: the app's search is on a [`Timeline`], so the app can step back
//! (Backspace), slide to any step taken, and go to step N; plus traces (save the run, open one
//! as a read-only replay), breakpoints ("Run until"), quiz mode, the goal's route, and the
//! Compare window. Everything here drives engine types; the engine decides what each step was.
//! The controls themselves are drawn in [`bar`].

mod bar;
pub mod breakpoints;
pub mod compare;
pub mod experiment;
pub mod quiz;

use crate::app::boards::route::RoutePlayer;
use crate::app::command::{Command, TravelCommand};
use crate::app::question::Ask;
use crate::app::sort::{Sort, SortColumn};
use crate::app::words;
use crate::app::{FrontierApp, io};
use crate::engine::breakpoint::{Breakpoint, Watches};
use crate::engine::notebook::Status;
use crate::engine::timeline::Timeline;
use crate::files::guard::Origin;
use crate::present::{ShownSearch, ShownSession, ShownTimeline};
use crate::trace::{Trace, TraceError};
use breakpoints::BreakpointForm;
use compare::CompareWindow;
use quiz::Quiz;
use std::path::Path;

/// A trace being replayed.
struct Replay {
    trace: Trace,
    name: String,
    /// The step last compared with the trace.
    checked: u64,
}

/// The app's time-travel state.
#[derive(Default)]
pub struct Travel {
    form: BreakpointForm,
    watches: Option<Watches>,
    /// The breakpoint that stopped the run in the frame, and why.
    pub(super) hit: Option<(Breakpoint, String)>,
    pub(super) quiz: Quiz,
    saved_sort: Option<Sort>,
    pub(super) route: RoutePlayer,
    pub(super) compare: CompareWindow,
    pub(super) experiment: experiment::ExperimentWindow,
    replay: Option<Replay>,
    go_to: u64,
    /// The Trace menu's path field: empty until a trace is saved or typed (Save trace then
    /// asks where, in the app's data folder, never the working folder).
    trace_path: String,
    /// The file of the trace last saved or opened, and what it held then.
    trace_origin: Option<Origin>,
    /// The step a Reset left, which Undo reset goes back to.
    reset_from: Option<u64>,
}

/// Runs of at most this many steps are reset by building the search again; longer ones are
/// kept on the timeline, so a stray Reset never loses a prepared run.
pub const UNDOABLE_RESET: u64 = 5;

/// Bytes of keyframes the app keeps (a quarter of the engine's default): best-first searches go
/// back by undoing steps in place, so keyframes are only the fallback, and the window should not
/// hold a gigabyte of copies of a big notebook.
const KEYFRAME_BUDGET: usize = 256 << 20;

/// The search on a timeline with the app's keyframe budget, so it can go back.
#[must_use]
pub fn timeline(session: Box<dyn ShownSession>) -> ShownTimeline {
    Timeline::with_limits(
        session,
        crate::engine::timeline::DEFAULT_INTERVAL,
        KEYFRAME_BUDGET,
    )
}

impl Travel {
    /// A new search: forget the watches, the quiz's last answer, the route and any replay.
    pub fn started(&mut self) {
        self.watches = None;
        self.hit = None;
        self.quiz.last = None;
        self.route = RoutePlayer::default();
        self.replay = None;
        self.compare.clear();
        self.reset_from = None;
    }

    /// Another scenario is shown: its runs are no longer the trace last saved or opened, so a
    /// save over that file asks first.
    pub fn forget_trace_file(&mut self) {
        self.trace_origin = None;
        self.trace_path.clear();
    }

    #[must_use]
    pub fn quiz_on(&self) -> bool {
        self.quiz.on
    }

    /// Checks the step `session` just took against the breakpoints being watched; `true` (stop
    /// running) when one is hit, which is kept in [`Travel::hit`].
    pub fn watch(
        watches: &mut Option<Watches>,
        hit: &mut Option<(Breakpoint, String)>,
        session: &dyn ShownSearch,
    ) -> bool {
        let Some(w) = watches else {
            return false;
        };
        match w.check(session.last_event(), session, &|id| session.state_text(id)) {
            Some(found) => {
                *hit = Some(found);
                true
            }
            None => false,
        }
    }

    /// The watches and the hit slot, borrowed apart for the run loop.
    pub fn watch_slots(&mut self) -> (&mut Option<Watches>, &mut Option<(Breakpoint, String)>) {
        (&mut self.watches, &mut self.hit)
    }
}

impl FrontierApp {
    /// A command as replaying a trace or the quiz has it: `None` when it is refused (said in
    /// the log or the error line), else the command to apply, which may be another one (Reset
    /// while replaying goes back to step 0; selecting an open row in the quiz answers it).
    pub(super) fn travel_gate(&mut self, command: Command) -> Option<Command> {
        let view = self.timeline.view();
        if let Some(replay) = &self.travel.replay {
            let end = replay.trace.steps.len() as u64;
            let running = self.playback.is_running();
            match command {
                Command::Step | Command::FineStep | Command::RunToEnd | Command::RunSteps(_)
                    if view.steps() >= end =>
                {
                    self.log.note(format!("the trace ends at step {end}"));
                    return None;
                }
                Command::RunPause if !running && view.steps() >= end => {
                    self.log.note(format!("the trace ends at step {end}"));
                    return None;
                }
                Command::RunToEnd | Command::RunSteps(_) | Command::RunPause
                    if !running && self.travel.watches.is_none() =>
                {
                    // A run stops at the trace's last step, however many steps a frame takes.
                    let list = [Breakpoint::Step(end)];
                    self.travel.watches = Some(Watches::new(&list, view));
                }
                Command::Set(_) | Command::SlideTile(_) => {
                    self.error = Some(
                        "Settings are locked while replaying a trace: open a scenario to search \
                         again."
                            .into(),
                    );
                    return None;
                }
                Command::Reset => return Some(Command::Travel(TravelCommand::GoTo(0))),
                _ => {}
            }
        }
        if !self.travel.quiz.on {
            return Some(command);
        }
        match command {
            Command::Step if view.next_pick().is_some() => {
                self.log
                    .note(format!("quiz: step {} skipped", view.steps() + 1));
                self.travel.quiz.skipped += 1;
                Some(command)
            }
            Command::Select(Some(id))
                if (id as usize) < view.rows() && view.row(id).status == Status::Open =>
            {
                Some(Command::Travel(TravelCommand::Answer(id)))
            }
            command => Some(command),
        }
    }

    /// Applies one time-travel command.
    pub(super) fn apply_travel(&mut self, command: TravelCommand) {
        match command {
            TravelCommand::StepBack => {
                if let Some(n) = self.timeline.steps().checked_sub(1) {
                    self.go_to(n);
                }
            }
            TravelCommand::GoTo(target) => self.go_to(target),
            TravelCommand::RunUntil(mut list) => {
                if let Some(replay) = &self.travel.replay {
                    list.push(Breakpoint::Step(replay.trace.steps.len() as u64));
                }
                self.end_fine();
                if self.timeline.view().outcome().is_some() {
                    return;
                }
                let words: Vec<String> = list.iter().map(ToString::to_string).collect();
                self.log
                    .note(format!("running until {}", words.join(" or ")));
                self.travel.watches = Some(Watches::new(&list, self.timeline.view()));
                self.travel.hit = None;
                self.playback.run_to_end();
            }
            TravelCommand::SaveTrace(path) => self.save_trace(&path),
            TravelCommand::WriteTrace(path) => self.write_trace(&path),
            TravelCommand::OpenTrace(path) => {
                if self.open_trace(path.display().to_string(), Trace::load(&path)) {
                    self.travel.trace_origin = io::origin_of(&path);
                    self.travel.trace_path = path.display().to_string();
                }
            }
            TravelCommand::OpenTraceText { name, text } => {
                let read = io::read_trace(&name, &text);
                self.open_trace(name, read);
            }
            TravelCommand::Quiz(on) => {
                self.travel.quiz.on = on;
                if on {
                    // The pick-order sort would give the answer away: list by storing order.
                    self.travel.saved_sort = Some(self.layout.open_sort);
                    self.layout.open_sort = Sort {
                        column: SortColumn::Id,
                        descending: false,
                    };
                    self.selected = None;
                } else if let Some(sort) = self.travel.saved_sort.take() {
                    self.layout.open_sort = sort;
                }
            }
            TravelCommand::Answer(id) => {
                if let Some(verdict) = quiz::judge(self.timeline.view(), id) {
                    self.log.note(format!("quiz: #{id}: {}", verdict.words));
                    self.travel.quiz.answered(verdict);
                    self.step();
                }
            }
        }
    }

    /// Back to step 0. A run of more than [`UNDOABLE_RESET`] steps stays on the timeline
    /// (Step replays it, Undo reset goes back to where it was); a shorter one is built afresh.
    pub(super) fn reset(&mut self) {
        let steps = self.timeline.steps();
        // A search away on a worker is abandoned: its timeline is not here to go back on.
        if steps <= UNDOABLE_RESET || self.is_working() {
            self.restart();
            return;
        }
        self.go_to(0);
        if self.timeline.steps() == 0 {
            self.travel.reset_from = Some(steps);
            self.log.note(format!(
                "Reset to step 0: the {steps} steps are kept (Undo reset or Ctrl+Z goes back)"
            ));
        } else {
            // The timeline could not go back (its error is shown): start afresh all the same.
            self.restart();
        }
    }

    /// Back to the step the last Reset left, if the search is still before it.
    pub(super) fn undo_reset(&mut self) {
        if let Some(target) = self.undo_target() {
            self.travel.reset_from = None;
            self.go_to(target);
        }
    }

    /// Where Undo reset would go: the step the last Reset left, while the search is before it.
    fn undo_target(&self) -> Option<u64> {
        self.travel
            .reset_from
            .filter(|&step| self.timeline.steps() < step)
    }

    /// Goes to step `target`: forward as a run of steps (drawn as they go), back through the
    /// timeline at once.
    fn go_to(&mut self, target: u64) {
        self.playback.pause();
        self.end_fine();
        let now = self.timeline.steps();
        if target > now {
            self.playback.run_steps(target - now);
            return;
        }
        if target == now {
            return;
        }
        match self.timeline.go_to(target) {
            Ok(at) => {
                let recorded = self.timeline.recorded_steps();
                self.history.forget_after(at);
                self.log.forget_after(at);
                self.log
                    .note(format!("back to step {at} (of {recorded} taken)"));
                if at > 0 && !self.log.shows_step(at) {
                    // A run wrote only its last step: show the step gone back to in full.
                    self.log.record(self.timeline.view(), 0);
                }
                self.selected = None;
                // The sorted tables undo the steps from the record when they refresh.
                self.pick_text.clear();
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Save trace: writes the run up to this step to `path` at once when that loses nothing,
    /// and otherwise asks first (as Save does for scenarios); with no path, asks where.
    fn save_trace(&mut self, path: &Path) {
        if path.as_os_str().is_empty() {
            let name = format!("{}.trace.ron", words::file_stem(&self.scenario.title));
            if let Some(chosen) = io::ask_save_trace(&name) {
                self.write_trace(&chosen);
            }
            return;
        }
        match io::verdict(path, self.travel.trace_origin.as_ref()) {
            Ok(verdict) => match verdict.question(path, "trace") {
                None => self.write_trace(path),
                Some(question) => {
                    self.asking = Some(Ask {
                        question,
                        yes: Command::Travel(TravelCommand::WriteTrace(path.to_path_buf())),
                    });
                }
            },
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Writes the trace of the run up to this step to `path` without asking (a file chosen in
    /// the save dialog, or a yes to replacing it); the file becomes the trace's own.
    fn write_trace(&mut self, path: &Path) {
        let steps = self.timeline.steps();
        let mut trace = Trace::new(&self.scenario, self.timeline.view().settings());
        let mut fresh = match self.scenario.session(&self.overrides) {
            Ok(s) => s,
            Err(e) => {
                self.error = Some(e.to_string());
                return;
            }
        };
        trace.finish(fresh.shown());
        while fresh.shown().steps() < steps && fresh.shown().outcome().is_none() {
            fresh.step();
            trace.push(fresh.shown());
        }
        let written = io::trace_bytes(&trace).and_then(|bytes| {
            io::write_owned(path, &bytes).map_err(|e| TraceError::Write {
                path: path.display().to_string(),
                message: e.to_string(),
            })
        });
        match written {
            Ok(origin) => {
                self.travel.trace_origin = origin;
                self.travel.trace_path = path.display().to_string();
                self.log.note(format!(
                    "saved trace {} ({})",
                    path.display(),
                    words::counted(steps, "step")
                ));
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Replays `read`, the trace read from the file `name`; whether it could be.
    fn open_trace(&mut self, name: String, read: Result<Trace, TraceError>) -> bool {
        let opened = read.and_then(|trace| Ok((trace.session()?, trace)));
        match opened {
            Ok((session, trace)) => {
                self.show_search(trace.scenario.clone(), session);
                self.log.note(format!(
                    "Replaying trace {name} ({}, recorded by frontier {})",
                    words::counted(trace.steps.len() as u64, "step"),
                    trace.engine
                ));
                self.travel.replay = Some(Replay {
                    trace,
                    name,
                    checked: 0,
                });
                true
            }
            Err(e) => {
                self.error = Some(e.to_string());
                false
            }
        }
    }

    /// After the frame's steps: report a breakpoint hit, drop watches once the run is over,
    /// and compare a replayed step with the trace.
    pub(super) fn travel_after_steps(&mut self) {
        if let Some((breakpoint, reason)) = self.travel.hit.take() {
            // A replay's run stops at the trace's last step through a breakpoint of its own,
            // which the user never set: say the trace ended instead.
            let end = self
                .travel
                .replay
                .as_ref()
                .map(|r| r.trace.steps.len() as u64);
            match end {
                Some(end) if breakpoint == Breakpoint::Step(end) => {
                    let outcome = self.timeline.view().outcome().map(ToString::to_string);
                    self.log.note(format!(
                        "the trace ends at step {end}{}",
                        outcome.map_or_else(String::new, |o| format!(": {o}"))
                    ));
                }
                _ => self
                    .log
                    .note(format!("stopped by breakpoint {breakpoint}: {reason}")),
            }
            self.travel.watches = None;
        } else if self.travel.watches.is_some() && !self.playback.is_running() {
            self.travel.watches = None;
            if let Some(outcome) = self.timeline.view().outcome() {
                self.log.note(format!("no breakpoint hit: {outcome}"));
            }
        }
        let steps = self.timeline.steps();
        let Some(replay) = &mut self.travel.replay else {
            return;
        };
        if steps > replay.checked
            && let Some(difference) = replay.trace.check(self.timeline.view())
        {
            self.error = Some(format!("{}: {difference}", replay.name));
            self.playback.pause();
        }
        replay.checked = steps;
        if steps >= replay.trace.steps.len() as u64 && self.playback.is_running() {
            self.playback.pause();
        }
    }
}
