//! The top bar: scenario menu and file fields, search settings, and the step controls.

use crate::app::command::Command;
use crate::app::fields;
use crate::app::io;
use crate::app::playback::{Mode, SPEED_RANGE};
use crate::app::state::Layout;
use crate::app::travel::UNDOABLE_RESET;
use crate::engine::settings::TieKey;
use crate::engine::view::SearchView;
use crate::scenario::{LIBRARY, Scenario};
use eframe::egui;
use egui::{Slider, Ui};
use std::sync::OnceLock;

mod settings;

use settings::settings_controls;

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

/// The depth limit a check box switches on with.
const DEFAULT_DEPTH_LIMIT: u32 = 10;

/// The deepest limit the field takes.
const MAX_DEPTH_LIMIT: u32 = 1_000_000;

/// What the bar shows besides the session.
pub struct ToolbarInput<'a> {
    pub session: &'a dyn SearchView,
    pub mode: Mode,
    pub speed: f64,
    /// Whether the problem is N-queens (the only one forward checking prunes).
    pub queens: bool,
    /// Whether Copy link's confirmation shows beside the Scenario menu.
    pub link_copied: bool,
}

/// The built-in scenarios' titles, by file name, read once.
fn library_titles() -> &'static [(&'static str, String)] {
    static TITLES: OnceLock<Vec<(&'static str, String)>> = OnceLock::new();
    TITLES.get_or_init(|| {
        LIBRARY
            .iter()
            .map(|&(name, _)| {
                let title = Scenario::from_library(name)
                    .and_then(Result::ok)
                    .map(|s| s.title)
                    .filter(|t| !t.is_empty())
                    .unwrap_or_else(|| name.to_string());
                (name, title)
            })
            .collect()
    })
}

/// Draws the bar; returns what was asked.
pub fn show(ui: &mut Ui, input: &ToolbarInput<'_>, layout: &mut Layout) -> Vec<Command> {
    let mut commands = Vec::new();
    ui.horizontal_wrapped(|ui| {
        scenario_menu(ui, layout, &mut commands);
        if input.link_copied {
            crate::app::notice::copied_label(ui);
        }
        ui.label("Path:");
        let (field, path) = fields::path(ui, &mut layout.path_text, "scenario.ron");
        if ui
            .add_enabled(path.is_some(), egui::Button::new("Open"))
            .clicked()
            && let Some(path) = &path
        {
            commands.push(Command::LoadScenario(path.clone()));
        }
        if ui
            .button("Save")
            .on_hover_text(
                "writes the scenario with these settings to the file in Path; asks before \
                 replacing any other file",
            )
            .clicked()
        {
            if path.is_none() {
                field.request_focus();
            }
            // Without a path the app says where to type one.
            commands.push(Command::Save(path.unwrap_or_default()));
        }
    });
    ui.horizontal_wrapped(|ui| {
        settings_controls(ui, input, &mut commands);
    });
    ui.horizontal_wrapped(|ui| {
        step_controls(ui, input, layout, &mut commands);
    });
    commands
}

fn scenario_menu(ui: &mut Ui, layout: &Layout, commands: &mut Vec<Command>) {
    ui.menu_button("Scenario", |ui| {
        ui.strong("Built in");
        for (name, title) in library_titles() {
            if ui.button(title.as_str()).on_hover_text(*name).clicked() {
                commands.push(Command::LoadBuiltIn(name));
                ui.close();
            }
        }
        ui.separator();
        if ui.button("Open file…").clicked() {
            commands.extend(io::ask_open(ui.ctx()));
            ui.close();
        }
        if ui.button("Save as…").clicked() {
            // The system's dialog asks before replacing a file: what it returns is chosen.
            commands.extend(io::ask_save().map(Command::WriteScenario));
            ui.close();
        }
        if ui
            .button("Copy link")
            .on_hover_text(
                "a link to this scenario, these settings and this step (#scenario=…&at=…)",
            )
            .clicked()
        {
            commands.push(Command::CopyLink);
            ui.close();
        }
        if !layout.recent.is_empty() || !layout.recent_texts.is_empty() {
            ui.separator();
            ui.strong("Recent");
            for path in &layout.recent {
                if ui.button(path.display().to_string()).clicked() {
                    commands.push(Command::LoadScenario(path.clone()));
                    ui.close();
                }
            }
            for recent in &layout.recent_texts {
                if ui.button(&recent.name).clicked() {
                    commands.push(Command::LoadScenarioText {
                        name: recent.name.clone(),
                        text: recent.text.clone(),
                    });
                    ui.close();
                }
            }
        }
    });
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
    let slider = Slider::new(&mut speed, SPEED_RANGE)
        .logarithmic(true)
        .suffix(" steps/s")
        .max_decimals(0);
    let name = ui.label("speed");
    if fields::like_fields(ui, |ui| ui.add(slider).labelled_by(name.id)).changed() {
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
    fields::number(ui, "steps to go", &mut layout.steps_to_go, 1..=100_000_000);
    ui.separator();
    if ui
        .button("Reset")
        .on_hover_text(format!(
            "R: back to step 0. A run of more than {UNDOABLE_RESET} steps is kept: Step replays \
             it, Undo reset (Ctrl+Z) goes back to where it was"
        ))
        .clicked()
    {
        commands.push(Command::Reset);
    }
}
