//! The toolbar's search settings: the algorithm, its options and the choices each offers.

use super::{DEFAULT_DEPTH_LIMIT, MAX_DEPTH_LIMIT, MAX_STATES, POLICIES, ToolbarInput, WEIGHTS};
use crate::app::command::Command;
use crate::app::fields;
use crate::engine::settings::{Algorithm, Candidates, TieKey};
use crate::scenario::{SearchSpec, SettingChange};
use eframe::egui;
use egui::{ComboBox, Ui};

/// Why the tie-break does nothing for `algorithm` (`None` when it decides).
pub(super) fn no_ties_reason(algorithm: Algorithm) -> Option<String> {
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
pub(super) fn choice<T: PartialEq + Copy>(
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
        // The label comes before its box: after it, it would read as the next box's label.
        let name = ui.label(label);
        let combo = ComboBox::from_id_salt(label)
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for (value, words) in choices {
                    if ui.selectable_label(value == current, words).clicked() && value != current {
                        chosen = Some(value);
                    }
                }
            });
        let response = combo.response.labelled_by(name.id);
        if let Some(reason) = disabled_reason {
            response.on_disabled_hover_text(reason);
        }
    });
    chosen
}

/// The command that gives the settings `spec` names.
pub(super) fn give(spec: SearchSpec) -> Command {
    Command::Set(SettingChange::Give(spec))
}

/// A check box for an on/off setting; returns the spec that sets it when clicked.
pub(super) fn toggle(
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

pub(super) fn settings_controls(
    ui: &mut Ui,
    input: &ToolbarInput<'_>,
    commands: &mut Vec<Command>,
) {
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
pub(super) fn algorithm_options(
    ui: &mut Ui,
    input: &ToolbarInput<'_>,
    commands: &mut Vec<Command>,
) {
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
        // The field is always there (greyed while off), so ticking the box does not widen
        // the row and wrap the toolbar under the mouse.
        let edited = ui
            .add_enabled_ui(on, |ui| {
                fields::number(ui, "depth", &mut limit, 0..=MAX_DEPTH_LIMIT)
            })
            .inner
            .changed();
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
