//! The top bar: scenario menu and file fields, search settings, and the step controls.

use super::command::Command;
use super::playback::{Mode, SPEED_RANGE};
use super::state::Layout;
use crate::engine::session::Session;
use crate::engine::settings::{Algorithm, TieKey};
use crate::scenario::LIBRARY;
use eframe::egui;
use egui::{ComboBox, DragValue, Slider, Ui};
use std::path::PathBuf;

/// Tie-break policies offered in the menu (a scenario may name any other).
const POLICIES: [&[TieKey]; 6] = [
    &[TieKey::LowestH, TieKey::FirstStored],
    &[TieKey::FirstStored],
    &[TieKey::LastStored],
    &[TieKey::LowestH, TieKey::LastStored],
    &[TieKey::HighestG, TieKey::FirstStored],
    &[TieKey::LowestG, TieKey::FirstStored],
];

/// Notebook sizes offered in the menu.
const MAX_STATES: [usize; 7] = [
    1_000, 4_096, 10_000, 100_000, 1_000_000, 2_000_000, 10_000_000,
];

/// Weights offered for weighted A*.
const WEIGHTS: [f64; 5] = [1.0, 1.5, 2.0, 3.0, 5.0];

/// What the bar shows besides the session.
pub struct ToolbarInput<'a> {
    pub session: &'a dyn Session,
    pub mode: Mode,
    pub speed: f64,
}

fn policy_words(policy: &[TieKey]) -> String {
    policy
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" → ")
}

/// Draws the bar; returns what was asked.
pub fn show(ui: &mut Ui, input: &ToolbarInput<'_>, layout: &mut Layout) -> Vec<Command> {
    let mut commands = Vec::new();
    ui.horizontal_wrapped(|ui| {
        scenario_menu(ui, layout, &mut commands);
        ui.label("Path:");
        ui.add(
            egui::TextEdit::singleline(&mut layout.path_text)
                .desired_width(220.0)
                .hint_text("scenario.ron"),
        );
        let path = PathBuf::from(layout.path_text.trim());
        let has_path = !layout.path_text.trim().is_empty();
        if ui
            .add_enabled(has_path, egui::Button::new("Open"))
            .clicked()
        {
            commands.push(Command::LoadScenario(path.clone()));
        }
        if ui
            .add_enabled(has_path, egui::Button::new("Save"))
            .clicked()
        {
            commands.push(Command::Save(path));
        }
    });
    ui.horizontal_wrapped(|ui| {
        settings_controls(ui, input.session, &mut commands);
    });
    ui.horizontal_wrapped(|ui| {
        step_controls(ui, input, layout, &mut commands);
    });
    commands
}

fn scenario_menu(ui: &mut Ui, layout: &Layout, commands: &mut Vec<Command>) {
    ui.menu_button("Scenario", |ui| {
        ui.strong("Built in");
        for (name, _) in LIBRARY {
            if ui.button(*name).clicked() {
                commands.push(Command::LoadBuiltIn(name));
                ui.close();
            }
        }
        ui.separator();
        if ui.button("Open file…").clicked() {
            if let Some(path) = rfd::FileDialog::new()
                .add_filter("scenario", &["ron"])
                .pick_file()
            {
                commands.push(Command::LoadScenario(path));
            }
            ui.close();
        }
        if ui.button("Save as…").clicked() {
            if let Some(path) = rfd::FileDialog::new()
                .add_filter("scenario", &["ron"])
                .set_file_name("scenario.ron")
                .save_file()
            {
                commands.push(Command::Save(path));
            }
            ui.close();
        }
        if !layout.recent.is_empty() {
            ui.separator();
            ui.strong("Recent");
            for path in &layout.recent {
                if ui.button(path.display().to_string()).clicked() {
                    commands.push(Command::LoadScenario(path.clone()));
                    ui.close();
                }
            }
        }
    });
}

fn settings_controls(ui: &mut Ui, session: &dyn Session, commands: &mut Vec<Command>) {
    let settings = session.settings();
    ComboBox::from_label("algorithm")
        .selected_text(settings.algorithm.to_string())
        .show_ui(ui, |ui| {
            for a in Algorithm::ALL {
                if ui
                    .selectable_label(
                        a == settings.algorithm,
                        format!("{a} ({})", a.priority_formula()),
                    )
                    .clicked()
                    && a != settings.algorithm
                {
                    commands.push(Command::SetAlgorithm(a));
                }
            }
        });
    ComboBox::from_label("heuristic")
        .selected_text(settings.heuristic.to_string())
        .show_ui(ui, |ui| {
            for &h in session.heuristics() {
                if ui
                    .selectable_label(h == settings.heuristic, h.to_string())
                    .clicked()
                    && h != settings.heuristic
                {
                    commands.push(Command::SetHeuristic(h));
                }
            }
        });
    ComboBox::from_label("ties")
        .selected_text(policy_words(&settings.tie_break))
        .show_ui(ui, |ui| {
            for policy in POLICIES {
                let current = settings.tie_break == policy;
                if ui.selectable_label(current, policy_words(policy)).clicked() && !current {
                    commands.push(Command::SetTieBreak(policy.to_vec()));
                }
            }
        });
    ComboBox::from_label("max states")
        .selected_text(settings.max_states.to_string())
        .show_ui(ui, |ui| {
            for n in MAX_STATES {
                if ui
                    .selectable_label(n == settings.max_states, n.to_string())
                    .clicked()
                    && n != settings.max_states
                {
                    commands.push(Command::SetMaxStates(n));
                }
            }
        });
    if settings.algorithm == Algorithm::WeightedAStar {
        ComboBox::from_label("weight")
            .selected_text(settings.weight.to_string())
            .show_ui(ui, |ui| {
                for w in WEIGHTS {
                    let current = (w - settings.weight).abs() < f64::EPSILON;
                    if ui.selectable_label(current, w.to_string()).clicked() && !current {
                        commands.push(Command::SetWeight(w));
                    }
                }
            });
    }
}

fn step_controls(
    ui: &mut Ui,
    input: &ToolbarInput<'_>,
    layout: &mut Layout,
    commands: &mut Vec<Command>,
) {
    let can_step = input.session.outcome().is_none();
    if ui
        .add_enabled(can_step, egui::Button::new("Step"))
        .on_hover_text("Space")
        .clicked()
    {
        commands.push(Command::Step);
    }
    if ui
        .add_enabled(can_step, egui::Button::new("Fine step"))
        .on_hover_text("Shift+Space: the pick and why, then each successor")
        .clicked()
    {
        commands.push(Command::FineStep);
    }
    let run_label = if input.mode == Mode::Paused {
        "Run"
    } else {
        "Pause"
    };
    if ui
        .add_enabled(
            can_step || input.mode != Mode::Paused,
            egui::Button::new(run_label),
        )
        .on_hover_text("Enter")
        .clicked()
    {
        commands.push(Command::RunPause);
    }
    let mut speed = input.speed;
    if ui
        .add(
            Slider::new(&mut speed, SPEED_RANGE)
                .text("speed")
                .logarithmic(true)
                .suffix(" steps/s")
                .max_decimals(0),
        )
        .changed()
    {
        commands.push(Command::SetSpeed(speed));
    }
    if ui
        .add_enabled(can_step, egui::Button::new("Run to end"))
        .clicked()
    {
        commands.push(Command::RunToEnd);
    }
    ui.separator();
    if ui
        .add_enabled(can_step, egui::Button::new("Go"))
        .on_hover_text("Run this many steps")
        .clicked()
    {
        commands.push(Command::RunSteps(layout.steps_to_go));
    }
    ui.add(
        DragValue::new(&mut layout.steps_to_go)
            .range(1..=100_000_000)
            .suffix(" steps to go"),
    );
    ui.separator();
    if ui.button("Reset").on_hover_text("R").clicked() {
        commands.push(Command::Reset);
    }
}
