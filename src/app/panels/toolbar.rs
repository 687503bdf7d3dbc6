//! The top bar: scenario menu and file fields, search settings, and the step controls.

use crate::app::command::Command;
use crate::app::fields;
use crate::app::io;
use crate::app::playback::{Mode, SPEED_RANGE};
use crate::app::state::Layout;
use crate::app::travel::UNDOABLE_RESET;
use crate::engine::settings::{Algorithm, Candidates, TieKey};
use crate::engine::view::SearchView;
use crate::scenario::{LIBRARY, Scenario, SearchSpec, SettingChange};
use eframe::egui;
use egui::{ComboBox, Slider, Ui};
use std::sync::OnceLock;

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

/// Why the tie-break does nothing for `algorithm` (`None` when it decides).
fn no_ties_reason(algorithm: Algorithm) -> Option<String> {
    if algorithm.breaks_ties() {
        return None;
    }
    Some(if algorithm == Algorithm::GenerateAndTest {
        "Generate and test tries its candidates in a fixed order: there are no ties to break"
            .to_string()
    } else {
        format!("{algorithm} takes the newest state from a stack: there are no ties to break")
    })
}

/// A combo box of `choices`, greyed with `disabled_reason` as its tooltip when given; returns
/// the choice clicked, if it differs from `current`.
fn choice<T: PartialEq + Copy>(
    ui: &mut Ui,
    label: &str,
    current: T,
    shown: String,
    choices: impl IntoIterator<Item = (T, String)>,
    disabled_reason: Option<&str>,
) -> Option<T> {
    let mut chosen = None;
    // A box in a scope is not moved to the next row as a lone widget is: in a narrow window,
    // start the row here when the box and its label would not fit.
    let label_width = egui::WidgetText::from(label)
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Body,
        )
        .size()
        .x;
    let spacing = ui.spacing();
    if ui.available_size_before_wrap().x
        < spacing.combo_width + spacing.item_spacing.x + label_width
    {
        ui.end_row();
    }
    ui.add_enabled_ui(disabled_reason.is_none(), |ui| {
        let combo = ComboBox::from_label(label)
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for (value, words) in choices {
                    if ui.selectable_label(value == current, words).clicked() && value != current {
                        chosen = Some(value);
                    }
                }
            });
        if let Some(reason) = disabled_reason {
            combo.response.on_disabled_hover_text(reason);
        }
    });
    chosen
}

/// The command that gives the settings `spec` names.
fn give(spec: SearchSpec) -> Command {
    Command::Set(SettingChange::Give(spec))
}

/// A check box for an on/off setting; returns the spec that sets it when clicked.
fn toggle(
    ui: &mut Ui,
    on: bool,
    label: &str,
    hint: &str,
    spec: impl FnOnce(bool) -> SearchSpec,
) -> Option<Command> {
    let mut value = on;
    ui.checkbox(&mut value, label)
        .on_hover_text(hint)
        .changed()
        .then(|| give(spec(value)))
}

fn settings_controls(ui: &mut Ui, input: &ToolbarInput<'_>, commands: &mut Vec<Command>) {
    let session = input.session;
    let settings = session.settings();
    let a = settings.algorithm;
    let algorithms = Algorithm::ALL.map(|x| (x, format!("{x} ({})", x.priority_formula())));
    commands.extend(
        choice(ui, "algorithm", a, a.to_string(), algorithms, None)
            .map(|a| Command::Set(SettingChange::algorithm(a))),
    );
    let no_h = (!settings.uses_heuristic()).then(|| {
        format!(
            "{a} orders by {}: the heuristic is not used (the h column is shown for \
             comparison)",
            a.priority_formula()
        )
    });
    let h = settings.heuristic;
    let shown = if no_h.is_some() {
        format!("{h} (not used)")
    } else {
        h.to_string()
    };
    let heuristics = session.heuristics().iter().map(|&x| (x, x.to_string()));
    commands.extend(
        choice(ui, "heuristic", h, shown, heuristics, no_h.as_deref()).map(|h| {
            give(SearchSpec {
                heuristic: Some(h),
                ..SearchSpec::default()
            })
        }),
    );
    let no_ties = no_ties_reason(a);
    let current = POLICIES
        .iter()
        .position(|p| *p == settings.tie_break.as_slice());
    let policies = POLICIES
        .iter()
        .enumerate()
        .map(|(i, p)| (Some(i), TieKey::policy_words(p)));
    commands.extend(
        choice(
            ui,
            "ties",
            current,
            TieKey::policy_words(&settings.tie_break),
            policies,
            no_ties.as_deref(),
        )
        .flatten()
        .map(|i| {
            give(SearchSpec {
                tie_break: Some(POLICIES[i].to_vec()),
                ..SearchSpec::default()
            })
        }),
    );
    let sizes = MAX_STATES.map(|n| (n, n.to_string()));
    let n = settings.max_states;
    commands.extend(
        choice(ui, "max states", n, n.to_string(), sizes, None).map(|n| {
            give(SearchSpec {
                max_states: Some(n),
                ..SearchSpec::default()
            })
        }),
    );
    algorithm_options(ui, input, commands);
}

/// The knobs only some algorithms or problems have, shown where they apply.
fn algorithm_options(ui: &mut Ui, input: &ToolbarInput<'_>, commands: &mut Vec<Command>) {
    let settings = input.session.settings();
    let a = settings.algorithm;
    if a == Algorithm::WeightedAStar {
        let current = WEIGHTS
            .iter()
            .position(|w| (w - settings.weight).abs() < f64::EPSILON);
        let weights = WEIGHTS
            .iter()
            .enumerate()
            .map(|(i, w)| (Some(i), w.to_string()));
        let shown = settings.weight.to_string();
        commands.extend(
            choice(ui, "weight", current, shown, weights, None)
                .flatten()
                .map(|i| {
                    give(SearchSpec {
                        weight: Some(WEIGHTS[i]),
                        ..SearchSpec::default()
                    })
                }),
        );
    }
    if a.uses_depth_limit() {
        let mut on = settings.depth_limit.is_some();
        let mut limit = settings.depth_limit.unwrap_or(DEFAULT_DEPTH_LIMIT);
        let check = ui
            .checkbox(&mut on, "depth limit")
            .on_hover_text("states this deep are tested but not expanded");
        let edited = on
            .then(|| fields::number(ui, "depth", &mut limit, 0..=MAX_DEPTH_LIMIT))
            .is_some_and(|r| r.changed());
        if check.changed() || edited {
            commands.push(Command::Set(SettingChange::DepthLimit(on.then_some(limit))));
        }
    }
    if a == Algorithm::GenerateAndTest {
        let c = settings.candidates;
        let all = Candidates::ALL.map(|x| (x, x.to_string()));
        commands.extend(
            choice(ui, "candidates", c, c.to_string(), all, None).map(|c| {
                give(SearchSpec {
                    candidates: Some(c),
                    ..SearchSpec::default()
                })
            }),
        );
    }
    if input.queens {
        commands.extend(toggle(
            ui,
            settings.forward_checking,
            "forward checking",
            "prune a child that leaves a row still to fill with no safe square",
            |on| SearchSpec {
                forward_checking: Some(on),
                ..SearchSpec::default()
            },
        ));
    }
    commands.extend(toggle(
        ui,
        settings.all_solutions,
        "all solutions",
        "keep searching after a goal and count every solution",
        |on| SearchSpec {
            all_solutions: Some(on),
            ..SearchSpec::default()
        },
    ));
    if a.needs_admissible() {
        commands.extend(toggle(
            ui,
            settings.allow_inadmissible,
            "allow an inadmissible h",
            "run even with a heuristic that can overestimate here (the route found is then \
             not sure to be the cheapest)",
            |on| SearchSpec {
                allow_inadmissible: Some(on),
                ..SearchSpec::default()
            },
        ));
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
    let slider = Slider::new(&mut speed, SPEED_RANGE)
        .text("speed")
        .logarithmic(true)
        .suffix(" steps/s")
        .max_decimals(0);
    if fields::like_fields(ui, |ui| ui.add(slider)).changed() {
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
