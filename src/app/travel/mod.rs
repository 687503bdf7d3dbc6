//! Time travel in the window: the search is a [`Timeline`] (shown as an ordinary session), so
//! the app can step back (Backspace), slide to any step taken, and go to step N; plus traces
//! (save the run, open one as a read-only replay), breakpoints ("Run until"), quiz mode, the
//! goal's route, and the Compare window. Everything here drives engine types; the engine
//! decides what each step was.

pub mod breakpoints;
pub mod compare;
pub mod experiment;
pub mod quiz;

use crate::app::FrontierApp;
use crate::app::boards::route::RoutePlayer;
use crate::app::command::Command;
use crate::app::fields;
use crate::app::panels::tables::{Sort, SortColumn};
use crate::app::words;
use crate::engine::breakpoint::{Breakpoint, Watches};
use crate::engine::session::Session;
use crate::engine::store::{NodeId, Status};
use crate::engine::timeline::Timeline;
use crate::trace::Trace;
use breakpoints::BreakpointForm;
use compare::CompareWindow;
use eframe::egui;
use egui::{Color32, RichText, Slider, Ui};
use quiz::Quiz;
use std::path::PathBuf;

/// What the time-travel controls ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum TravelCommand {
    /// One step back (Backspace).
    StepBack,
    /// Go to this step: back through the timeline, or forward by replaying (a run of steps).
    GoTo(u64),
    /// Run until one of the menu's breakpoints is hit (or the search ends).
    RunUntil(Vec<Breakpoint>),
    /// Save a trace of the run up to the current step.
    SaveTrace(PathBuf),
    /// Open a trace as a read-only replay.
    OpenTrace(PathBuf),
    /// Quiz mode on or off.
    Quiz(bool),
    /// The quiz answer: this open row will be expanded next.
    Answer(NodeId),
}

/// A trace being replayed.
struct Replay {
    trace: Trace,
    name: String,
    /// The step last compared with the trace.
    checked: u64,
}

/// The app's time-travel state.
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
    trace_path: String,
    /// Whether the timeline's divergence (a search that is not deterministic) was reported.
    diverged_shown: bool,
    /// The step a Reset left, which Undo reset goes back to.
    reset_from: Option<u64>,
}

impl Default for Travel {
    fn default() -> Self {
        Travel {
            form: BreakpointForm::default(),
            watches: None,
            hit: None,
            quiz: Quiz::default(),
            saved_sort: None,
            route: RoutePlayer::default(),
            compare: CompareWindow::default(),
            experiment: experiment::ExperimentWindow::default(),
            replay: None,
            go_to: 0,
            trace_path: "run.trace.ron".into(),
            diverged_shown: false,
            reset_from: None,
        }
    }
}

/// Runs of at most this many steps are reset by building the search again; longer ones are
/// kept on the timeline, so a stray Reset never loses a prepared run.
pub const UNDOABLE_RESET: u64 = 5;

/// Bytes of keyframes the app keeps (a quarter of the engine's default): best-first searches go
/// back by undoing steps in place, so keyframes are only the fallback, and the window should not
/// hold a gigabyte of copies of a big notebook.
const KEYFRAME_BUDGET: usize = 256 << 20;

/// The search wrapped in a timeline, so it can go back.
#[must_use]
pub fn timeline(session: Box<dyn Session>) -> Box<dyn Session> {
    Box::new(Timeline::with_limits(
        session,
        crate::engine::timeline::DEFAULT_INTERVAL,
        KEYFRAME_BUDGET,
    ))
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
        self.diverged_shown = false;
        self.reset_from = None;
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
        session: &dyn Session,
    ) -> bool {
        let Some(w) = watches else {
            return false;
        };
        match w.check(session.last_event(), session) {
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
    /// Handles a command differently while replaying a trace or quizzing; `true` when it was
    /// handled here and the app must not apply it.
    pub(super) fn travel_intercepts(&mut self, command: &Command) -> bool {
        if let Some(replay) = &self.travel.replay {
            let end = replay.trace.steps.len() as u64;
            match command {
                Command::Step | Command::FineStep | Command::RunToEnd | Command::RunSteps(_)
                    if self.session.steps() >= end =>
                {
                    self.log.note(format!("the trace ends at step {end}"));
                    return true;
                }
                Command::RunPause if !self.playback.is_running() && self.session.steps() >= end => {
                    self.log.note(format!("the trace ends at step {end}"));
                    return true;
                }
                Command::RunToEnd | Command::RunSteps(_) | Command::RunPause
                    if !self.playback.is_running() && self.travel.watches.is_none() =>
                {
                    // A run stops at the trace's last step, however many steps a frame takes.
                    let list = [Breakpoint::Step(end)];
                    self.travel.watches = Some(Watches::new(&list, self.session.as_ref()));
                }
                Command::SetAlgorithm(_)
                | Command::Override(_)
                | Command::SetDepthLimit(_)
                | Command::SlideTile(_) => {
                    self.error = Some(
                        "Settings are locked while replaying a trace: open a scenario to search \
                         again."
                            .into(),
                    );
                    return true;
                }
                Command::Reset => {
                    self.apply_travel(TravelCommand::GoTo(0));
                    return true;
                }
                _ => {}
            }
        }
        if self.travel.quiz.on && *command == Command::Step && self.session.next_pick().is_some() {
            self.log
                .note(format!("quiz: step {} skipped", self.session.steps() + 1));
            self.travel.quiz.skipped += 1;
            self.step();
            return true;
        }
        if self.travel.quiz.on
            && let Command::Select(Some(id)) = command
            && (*id as usize) < self.session.rows()
            && self.session.row(*id).status == Status::Open
        {
            self.apply_travel(TravelCommand::Answer(*id));
            return true;
        }
        false
    }

    /// Applies one time-travel command.
    pub(super) fn apply_travel(&mut self, command: TravelCommand) {
        match command {
            TravelCommand::StepBack => {
                if let Some(n) = self.session.steps().checked_sub(1) {
                    self.apply_travel(TravelCommand::GoTo(n));
                }
            }
            TravelCommand::GoTo(target) => self.go_to(target),
            TravelCommand::RunUntil(mut list) => {
                if let Some(replay) = &self.travel.replay {
                    list.push(Breakpoint::Step(replay.trace.steps.len() as u64));
                }
                self.end_fine();
                if self.session.outcome().is_some() {
                    return;
                }
                let words: Vec<String> = list.iter().map(ToString::to_string).collect();
                self.log
                    .note(format!("running until {}", words.join(" or ")));
                self.travel.watches = Some(Watches::new(&list, self.session.as_ref()));
                self.travel.hit = None;
                self.playback.run_to_end();
            }
            TravelCommand::SaveTrace(path) => self.save_trace(&path),
            TravelCommand::OpenTrace(path) => self.open_trace(&path),
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
                if let Some(verdict) = quiz::judge(self.session.as_ref(), id) {
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
        let steps = self.session.steps();
        if steps <= UNDOABLE_RESET || self.session.timeline().is_none() {
            self.restart();
            return;
        }
        self.go_to(0);
        if self.session.steps() == 0 {
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
            .filter(|&step| self.session.steps() < step)
    }

    fn go_to(&mut self, target: u64) {
        self.playback.pause();
        self.end_fine();
        let now = self.session.steps();
        if target > now {
            self.playback.run_steps(target - now);
            return;
        }
        if target == now {
            return;
        }
        let Some(timeline) = self.session.timeline_mut() else {
            return;
        };
        match timeline.go_to(target) {
            Ok(at) => {
                let recorded = timeline.recorded_steps();
                self.history.forget_after(at);
                self.log.forget_after(at);
                self.log
                    .note(format!("back to step {at} (of {recorded} taken)"));
                if at > 0 && !self.log.shows_step(at) {
                    // A run wrote only its last step: show the step gone back to in full.
                    self.log.record(self.session.as_ref(), 0);
                }
                self.selected = None;
                // The sorted tables hold rows that no longer exist: both rebuild this frame.
                self.open_ids.clear();
                self.closed_ids.clear();
                self.pick_text.clear();
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    fn save_trace(&mut self, path: &std::path::Path) {
        let steps = self.session.steps();
        let mut trace = Trace::new(&self.scenario, self.session.settings());
        let mut fresh = match self.scenario.session(&self.overrides) {
            Ok(s) => s,
            Err(e) => {
                self.error = Some(e.to_string());
                return;
            }
        };
        trace.finish(fresh.as_ref());
        while fresh.steps() < steps && fresh.outcome().is_none() {
            fresh.step();
            trace.push(fresh.as_ref());
        }
        match trace.save(path) {
            Ok(()) => self.log.note(format!(
                "saved trace {} ({})",
                path.display(),
                words::counted(steps, "step")
            )),
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    fn open_trace(&mut self, path: &std::path::Path) {
        let opened = Trace::load(path).and_then(|trace| Ok((trace.session()?, trace)));
        match opened {
            Ok((session, trace)) => {
                self.scenario = trace.scenario.clone();
                self.overrides = crate::scenario::SearchSpec::default();
                self.session = timeline(session);
                self.comparison.clear();
                self.error = None;
                self.started();
                let name = path.display().to_string();
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
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// After the frame's steps: report a breakpoint hit, drop watches once the run is over,
    /// and compare a replayed step with the trace.
    pub(super) fn travel_after_steps(&mut self) {
        if let Some((breakpoint, reason)) = self.travel.hit.take() {
            self.log
                .note(format!("stopped by breakpoint {breakpoint}: {reason}"));
            self.travel.watches = None;
        } else if self.travel.watches.is_some() && !self.playback.is_running() {
            self.travel.watches = None;
            if let Some(outcome) = self.session.outcome() {
                self.log.note(format!("no breakpoint hit: {outcome}"));
            }
        }
        if !self.travel.diverged_shown
            && let Some(diverged) = self.session.timeline().and_then(Timeline::diverged)
        {
            self.error = Some(diverged.to_string());
            self.travel.diverged_shown = true;
        }
        let steps = self.session.steps();
        let Some(replay) = &mut self.travel.replay else {
            return;
        };
        if steps > replay.checked
            && let Some(difference) = replay.trace.check(self.session.as_ref())
        {
            self.error = Some(format!("{}: {difference}", replay.name));
            self.playback.pause();
        }
        replay.checked = steps;
        if steps >= replay.trace.steps.len() as u64 && self.playback.is_running() {
            self.playback.pause();
        }
    }

    /// The time-travel bar: step back, the timeline slider, go to step N, Run until, traces,
    /// quiz and compare.
    pub(super) fn travel_bar(&mut self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        let now = self.session.steps();
        let recorded = self
            .session
            .timeline()
            .map_or(now, Timeline::recorded_steps)
            .max(now);
        let undo_to = self.undo_target();
        let travel = &mut self.travel;
        ui.horizontal_wrapped(|ui| {
            if let Some(step) = undo_to
                && ui
                    .button(format!("Undo reset (back to step {step})"))
                    .on_hover_text("Ctrl+Z: the run before Reset, replayed")
                    .clicked()
            {
                commands.push(Command::UndoReset);
            }
            if ui
                .add_enabled(now > 0, egui::Button::new("Step back"))
                .on_hover_text("Backspace")
                .clicked()
            {
                commands.push(Command::Travel(TravelCommand::StepBack));
            }
            let mut at = now;
            let slider = Slider::new(&mut at, 0..=recorded.max(1))
                .text(format!("of {} taken", words::counted(recorded, "step")))
                .integer();
            if fields::like_fields(ui, |ui| ui.add_enabled(recorded > 0, slider)).changed()
                && at != now
            {
                commands.push(Command::Travel(TravelCommand::GoTo(at.min(recorded))));
            }
            fields::number(ui, "step", &mut travel.go_to, 0..=u64::MAX);
            if ui.button("Go to step").clicked() {
                commands.push(Command::Travel(TravelCommand::GoTo(travel.go_to)));
            }
            ui.separator();
            let can_run = self.session.outcome().is_none();
            if breakpoints::menu(ui, &mut travel.form, can_run) {
                commands.push(Command::Travel(TravelCommand::RunUntil(travel.form.list())));
            }
            ui.separator();
            // Typing the file name must neither close the menu nor reach the app's shortcuts.
            fields::form_menu(ui, "Trace", |ui| {
                ui.label("Trace file:");
                ui.add(
                    egui::TextEdit::singleline(&mut travel.trace_path)
                        .desired_width(220.0)
                        .hint_text("trace.ron"),
                );
                let path = PathBuf::from(travel.trace_path.trim());
                let has_path = !travel.trace_path.trim().is_empty();
                if ui
                    .add_enabled(has_path, egui::Button::new("Save trace"))
                    .on_hover_text("the run up to this step, as RON")
                    .clicked()
                {
                    commands.push(Command::Travel(TravelCommand::SaveTrace(path.clone())));
                    ui.close();
                }
                if ui
                    .add_enabled(has_path, egui::Button::new("Open trace"))
                    .on_hover_text("a read-only replay")
                    .clicked()
                {
                    commands.push(Command::Travel(TravelCommand::OpenTrace(path)));
                    ui.close();
                }
            });
            ui.separator();
            let mut on = travel.quiz.on;
            if ui
                .checkbox(&mut on, "Quiz")
                .on_hover_text("guess each pick before it is made")
                .changed()
            {
                commands.push(Command::Travel(TravelCommand::Quiz(on)));
            }
            ui.toggle_value(&mut travel.compare.open, "Compare");
            ui.toggle_value(&mut travel.experiment.open, "Experiment");
        });
        if let Some(replay) = &travel.replay {
            ui.label(
                RichText::new(format!(
                    "Replaying trace {} ({}): read-only, settings locked",
                    replay.name,
                    words::counted(replay.trace.steps.len() as u64, "step")
                ))
                .color(Color32::from_rgb(0x60, 0xa0, 0xf0)),
            );
        }
        commands
    }

    /// The quiz question (when on) and the goal's route (when found), under the board.
    pub(super) fn travel_side(&mut self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        if self.travel.quiz.on
            && let Some(id) = quiz::show(ui, &self.travel.quiz, self.session.as_ref())
        {
            commands.push(Command::Travel(TravelCommand::Answer(id)));
        }
        crate::app::boards::route::show(
            ui,
            &mut self.travel.route,
            self.session.as_ref(),
            self.generation,
        );
        commands
    }

    /// The Compare window, over the scenario and settings being shown, and the Experiment
    /// window, whose clicked instance replaces the scenario.
    pub(super) fn travel_windows(&mut self, ctx: &egui::Context) {
        crate::app::travel::compare::show(
            ctx,
            &mut self.travel.compare,
            &self.scenario,
            &self.overrides,
        );
        if let Some(opened) = experiment::show(ctx, &mut self.travel.experiment) {
            self.replace_scenario(opened.scenario, &opened.origin);
        }
    }
}
