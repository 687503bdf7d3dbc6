//! The time-travel controls: the bar under the toolbar (step back, the timeline slider, go to
//! step N, Run until, traces, quiz, compare, experiment), the quiz question and the goal's route
//! under the board, and the Compare and Experiment windows. They read the app and return
//! commands.

use super::{TravelCommand, breakpoints, quiz};
use crate::app::FrontierApp;
use crate::app::command::Command;
use crate::app::{fields, io, words};
use eframe::egui::{self, Color32, RichText, Slider, Ui};
use std::path::PathBuf;

impl FrontierApp {
    /// The time-travel bar: step back, the timeline slider, go to step N, Run until, traces,
    /// quiz, compare and experiment.
    pub(crate) fn travel_bar(&mut self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        let now = self.timeline.steps();
        let recorded = self.timeline.recorded_steps().max(now);
        let undo_to = self.undo_target();
        let travel = &mut self.travel;
        ui.horizontal_wrapped(|ui| {
            // Always there (greyed with nothing to undo), under the same words, so a Reset
            // does not push the bar's other controls aside under the mouse.
            let tip = undo_to.map_or_else(
                || "Ctrl+Z: back to where the last Reset of a long run left".to_owned(),
                |step| format!("Ctrl+Z: back to step {step}, the run before Reset, replayed"),
            );
            if ui
                .add_enabled(undo_to.is_some(), egui::Button::new("Undo reset"))
                .on_hover_text(&tip)
                .on_disabled_hover_text(&tip)
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
            let can_run = self.timeline.view().outcome().is_none();
            if breakpoints::menu(ui, &mut travel.form, can_run) {
                commands.push(Command::Travel(TravelCommand::RunUntil(travel.form.list())));
            }
            ui.separator();
            // Typing the file name must neither close the menu nor reach the app's shortcuts.
            fields::form_menu(ui, "Trace", |ui| {
                let label = ui.label("Trace file:");
                ui.add(
                    egui::TextEdit::singleline(&mut travel.trace_path)
                        .desired_width(220.0)
                        .hint_text("empty: Save trace asks where"),
                )
                .labelled_by(label.id);
                let path = PathBuf::from(travel.trace_path.trim());
                let has_path = !travel.trace_path.trim().is_empty();
                if ui
                    .button("Save trace")
                    .on_hover_text(
                        "the run up to this step, as RON; asks before replacing another file",
                    )
                    .clicked()
                {
                    commands.push(Command::Travel(TravelCommand::SaveTrace(path.clone())));
                    ui.close();
                }
                if ui
                    .add_enabled(
                        has_path || !io::OPEN_TRACE_NEEDS_PATH,
                        egui::Button::new("Open trace"),
                    )
                    .on_hover_text("a read-only replay")
                    .on_disabled_hover_text(
                        "Type the path of a saved trace in the field first: Open trace opens \
                         that file as a read-only replay.",
                    )
                    .clicked()
                {
                    commands.extend(io::ask_open_trace(ui.ctx(), &path));
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
    pub(crate) fn travel_side(&mut self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        if self.travel.quiz.on
            && let Some(id) = quiz::show(ui, &self.travel.quiz, self.timeline.view())
        {
            commands.push(Command::Travel(TravelCommand::Answer(id)));
        }
        crate::app::boards::route::show(
            ui,
            &mut self.travel.route,
            self.timeline.view(),
            self.generation,
        );
        commands
    }

    /// The Compare window, over the scenario and settings being shown, and the Experiment
    /// window, whose clicked instance replaces the scenario.
    pub(crate) fn travel_windows(&mut self, ctx: &egui::Context) {
        super::compare::show(
            ctx,
            &mut self.travel.compare,
            &self.scenario,
            &self.overrides,
        );
        if let Some(opened) = super::experiment::show(ctx, &mut self.travel.experiment) {
            self.replace_scenario(opened.scenario, &opened.origin);
        }
    }
}
