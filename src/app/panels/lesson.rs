//! The Lesson panel: the scenario's title, its notes, its "what to watch" checklist and the
//! heuristic's warnings, with every "step N" written in the words a link that goes to that step
//! (through time travel). It also keeps the warnings the status line and the tables show, read
//! from the engine once per step.

use crate::app::command::{Command, TravelCommand};
use crate::app::words::WARN_MARK;
use crate::engine::notebook::NodeId;
use crate::present::ShownSearch;
use crate::present::heuristic_report::{HeuristicWarning, WarningKind};
use crate::scenario::{ProblemSpec, Scenario, SearchSpec, SettingChange};
use eframe::egui;
use egui::{Color32, RichText, ScrollArea, Ui};
use std::collections::BTreeMap;

/// The unfolded panel's height at most once "more" is pressed, as a share of the window (it
/// scrolls beyond), so the tables keep rows on a 768-high projector; never less than a few
/// lines.
const MAX_SHARE: f32 = 0.2;
const MIN_HEIGHT: f32 = 110.0;

/// Lines of the notes the unfolded panel shows before "more" is pressed: enough to read what
/// the scenario is about, little enough that the board, the pick's why and both tables keep
/// their room on a projector.
const FIRST_LINES: f32 = 2.0;

/// The colour of warnings.
const WARN_COLOR: Color32 = Color32::from_rgb(0xe0, 0x90, 0x30);

/// A piece of text: plain words, or a step number to link ("step 21" going to step 21).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    Text(&'a str),
    Step(&'a str, u64),
}

/// Splits `text` at every "step N" / "Step N", so each can be drawn as a link.
#[must_use]
pub fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = 0;
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(found) = lower[from..].find("step ") {
        let start = from + found;
        let digits_at = start + "step ".len();
        let digits = text[digits_at..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        let word_start = start == 0 || !text.as_bytes()[start - 1].is_ascii_alphabetic();
        from = digits_at;
        if digits == 0 || !word_start {
            continue;
        }
        let end = digits_at + digits;
        let Ok(n) = text[digits_at..end].parse() else {
            continue;
        };
        if rest < start {
            out.push(Piece::Text(&text[rest..start]));
        }
        out.push(Piece::Step(&text[start..end], n));
        rest = end;
        from = end;
    }
    if rest < text.len() {
        out.push(Piece::Text(&text[rest..]));
    }
    out
}

/// The panel's state: shown or folded, the ticked items, and the warnings of the step shown.
#[derive(Debug, Default)]
pub struct Lesson {
    /// Whether the panel is unfolded.
    pub open: bool,
    /// Whether the unfolded panel shows all it has ("more"), not only its first lines.
    pub more: bool,
    ticked: Vec<bool>,
    /// The scenario the panel was set up for (its title and notes).
    shown_for: String,
    /// The problem as the scenario was opened, before any edit in the app.
    opened_problem: Option<ProblemSpec>,
    /// Whether the start was edited since (the notes then describe another instance).
    edited: bool,
    /// The search generation and step the warnings were read at.
    read_at: Option<(u64, u64)>,
    warnings: Vec<HeuristicWarning>,
    /// The first warning's words per row, for the tables' marks.
    by_row: BTreeMap<NodeId, String>,
}

impl Lesson {
    /// Follows the scenario and the step shown: a new scenario unfolds the panel when it has
    /// notes and clears the ticks; a new step (or search) reads the warnings again.
    pub fn refresh(&mut self, scenario: &Scenario, session: &dyn ShownSearch, generation: u64) {
        let key = format!("{}\n{}", scenario.title, scenario.notes);
        if key != self.shown_for {
            self.open = !scenario.notes.is_empty() || !scenario.watch.is_empty();
            self.more = false;
            self.ticked = vec![false; scenario.watch.len()];
            self.shown_for = key;
            self.opened_problem = Some(scenario.problem.clone());
        }
        self.edited = self.opened_problem.as_ref() != Some(&scenario.problem);
        let at = (generation, session.steps());
        if self.read_at != Some(at) {
            self.read_at = Some(at);
            self.warnings = session.heuristic_warnings();
            self.by_row.clear();
            for w in &self.warnings {
                self.by_row.entry(w.id).or_insert_with(|| w.words.clone());
            }
        }
    }

    /// The warnings met up to the step shown.
    #[must_use]
    pub fn warnings(&self) -> &[HeuristicWarning] {
        &self.warnings
    }

    /// The rows with a warning, and its words.
    #[must_use]
    pub fn marked_rows(&self) -> &BTreeMap<NodeId, String> {
        &self.by_row
    }

    /// The warning the status line shows: an overestimate (the largest) before an
    /// inconsistency, since it is what can make A*'s route wrong.
    #[must_use]
    pub fn headline(&self) -> Option<&HeuristicWarning> {
        self.warnings
            .iter()
            .find(|w| w.kind == WarningKind::Overestimates)
            .or_else(|| self.warnings.first())
    }
}

/// The status line's warning, if the heuristic broke a promise so far.
pub fn status_line(ui: &mut Ui, lesson: &Lesson) {
    let Some(first) = lesson.headline() else {
        return;
    };
    let more = lesson.warnings.len() - 1;
    let tail = match more {
        0 => String::new(),
        1 => " (1 more warning in the Lesson panel)".into(),
        n => format!(" ({n} more warnings in the Lesson panel)"),
    };
    ui.label(RichText::new(format!("{WARN_MARK} {}{tail}", first.words)).color(WARN_COLOR));
}

/// The settings change that brings up the search some words are about (`about`: a lesson
/// item's `with`, or nothing for the notes, which are about the scenario's own settings), when
/// the search shown runs with others (`shown`: its settings, the scenario's with those given
/// over them); none when it is the search shown. Without it, a step link would go to that step
/// of another search than the words describe.
fn switch_to(scenario: &Scenario, shown: &SearchSpec, about: &SearchSpec) -> Option<SettingChange> {
    (*shown != scenario.search.with_overrides(about)).then(|| SettingChange::Only(about.clone()))
}

/// Draws the panel; step links return [`TravelCommand::GoTo`], after the settings their words
/// are about when the search shown runs with others ([`switch_to`]). `running`: the settings
/// given over the scenario's.
pub fn show(
    ui: &mut Ui,
    lesson: &mut Lesson,
    scenario: &Scenario,
    running: &SearchSpec,
) -> Vec<Command> {
    let mut commands = Vec::new();
    let arrow = if lesson.open { "▼" } else { "▶" };
    let title = if scenario.title.is_empty() {
        "untitled scenario"
    } else {
        &scenario.title
    };
    ui.horizontal(|ui| {
        if ui
            .add(egui::Button::new(RichText::new(format!("{arrow} Lesson")).strong()).frame(false))
            .on_hover_text("Show or hide the scenario's notes and what to watch")
            .clicked()
        {
            lesson.open = !lesson.open;
        }
        // "more" sits right after the arrow, so it stays put whatever the title and the
        // warnings say.
        if lesson.open {
            let (words, tip) = if lesson.more {
                ("less ▴", "Show only the first lines of the notes")
            } else {
                ("more ▾", "Show all the notes and what to watch")
            };
            if ui.small_button(words).on_hover_text(tip).clicked() {
                lesson.more = !lesson.more;
            }
        }
        ui.strong(title);
        if !lesson.warnings.is_empty() {
            ui.colored_label(
                WARN_COLOR,
                format!(
                    "{WARN_MARK} {} warning{}",
                    lesson.warnings.len(),
                    if lesson.warnings.len() == 1 { "" } else { "s" }
                ),
            );
        }
    });
    if !lesson.open {
        return commands;
    }
    let height = if lesson.more {
        (ui.ctx().content_rect().height() * MAX_SHARE).max(MIN_HEIGHT)
    } else {
        FIRST_LINES * (ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y)
    };
    ScrollArea::vertical()
        .id_salt("lesson_scroll")
        .max_height(height)
        .min_scrolled_height(height)
        .show(ui, |ui| {
            commands.extend(contents(ui, lesson, scenario, running))
        });
    commands
}

/// What the unfolded panel shows: the notes, what to watch and the heuristic's warnings, with
/// their step links (as [`show`]); the caller scrolls it.
pub fn contents(
    ui: &mut Ui,
    lesson: &mut Lesson,
    scenario: &Scenario,
    running: &SearchSpec,
) -> Vec<Command> {
    let mut commands = Vec::new();
    if lesson.edited {
        ui.colored_label(
            WARN_COLOR,
            "The start was edited: these notes describe the scenario as it was opened.",
        );
    }
    // The search shown, worked out once for the notes and every item.
    let shown = scenario.search.with_overrides(running);
    if scenario.notes.is_empty() {
        ui.weak("This scenario has no notes.");
    } else {
        let own = switch_to(scenario, &shown, &SearchSpec::default());
        linked_text(ui, &scenario.notes, own.as_ref(), &mut commands);
    }
    if !scenario.watch.is_empty() {
        ui.add_space(4.0);
        ui.strong("What to watch");
        for (i, item) in scenario.watch.iter().enumerate() {
            let switch = switch_to(scenario, &shown, &item.with.clone().unwrap_or_default());
            ui.horizontal_wrapped(|ui| {
                if let Some(ticked) = lesson.ticked.get_mut(i) {
                    ui.checkbox(ticked, format!("{}.", i + 1))
                        .on_hover_text("Tick it off once seen");
                }
                linked_text(ui, &item.text, switch.as_ref(), &mut commands);
                if let Some(at) = item.at
                    && ui
                        .link(format!("→ go to step {at}"))
                        .on_hover_text(step_tip(at, switch.is_some()))
                        .clicked()
                {
                    go_to(at, switch.as_ref(), &mut commands);
                }
                match (&item.with, item.at) {
                    (with, None) => {
                        let words = with.as_ref().map_or_else(
                            || "→ run it".to_owned(),
                            |with| format!("→ run it with {}", with_words(with)),
                        );
                        if ui
                            .link(words)
                            .on_hover_text(run_tip(switch.is_some()))
                            .clicked()
                        {
                            commands.extend(switch.clone().map(Command::Set));
                            commands.push(Command::RunToEnd);
                        }
                    }
                    (Some(with), Some(_)) => {
                        ui.weak(format!("(with {})", with_words(with)));
                    }
                    (None, Some(_)) => {}
                }
            });
        }
    }
    if !lesson.warnings.is_empty() {
        ui.add_space(4.0);
        ui.strong("The heuristic's warnings");
        for w in &lesson.warnings {
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(WARN_COLOR, WARN_MARK);
                linked_text(
                    ui,
                    &format!("step {}: {}", w.step, w.words),
                    None,
                    &mut commands,
                );
            });
        }
    }
    commands
}

/// "Dijkstra", "A* · Misplaced tiles": the settings an item is about, in words.
fn with_words(with: &crate::scenario::SearchSpec) -> String {
    let mut parts = Vec::new();
    if let Some(a) = with.algorithm {
        parts.push(a.to_string());
    }
    if let Some(h) = with.heuristic {
        parts.push(h.to_string());
    }
    if with.all_solutions == Some(true) {
        parts.push("all solutions".into());
    }
    if with.forward_checking == Some(true) {
        parts.push("forward checking".into());
    }
    if let Some(limit) = with.depth_limit {
        parts.push(format!("depth limit {limit}"));
    }
    if with.tie_break.is_some() {
        parts.push("another tie-break".into());
    }
    if parts.is_empty() {
        parts.push("other settings".into());
    }
    parts.join(" · ")
}

/// A step link's commands: `switch` first, when the search shown is not the one the words are
/// about ([`switch_to`]), then the jump to `step`.
fn go_to(step: u64, switch: Option<&SettingChange>, commands: &mut Vec<Command>) {
    commands.extend(switch.cloned().map(Command::Set));
    commands.push(Command::Travel(TravelCommand::GoTo(step)));
}

/// A "run it" link's tip: the claims of an item without a step hold at the end of its run.
fn run_tip(switches: bool) -> &'static str {
    if switches {
        "Run the search this is about to its end, where its claims hold (it restarts with its \
         settings)"
    } else {
        "Run the search to its end, where these claims hold"
    }
}

/// A step link's tip: whether it restarts the search with the settings its words are about.
fn step_tip(step: u64, switches: bool) -> String {
    if switches {
        format!("Go to step {step} of the search this is about (it restarts with its settings)")
    } else {
        format!("Go to step {step}")
    }
}

/// Draws `text` wrapped, its step numbers as links (after `switch`, the settings the words are
/// about, when the search shown runs with others).
fn linked_text(
    ui: &mut Ui,
    text: &str,
    switch: Option<&SettingChange>,
    commands: &mut Vec<Command>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        for piece in pieces(text) {
            match piece {
                Piece::Text(words) => {
                    ui.label(words);
                }
                Piece::Step(words, n) => {
                    if ui
                        .link(words)
                        .on_hover_text(step_tip(n, switch.is_some()))
                        .clicked()
                    {
                        go_to(n, switch, commands);
                    }
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_numbers_become_links() {
        assert_eq!(
            pieces("On step 2, watch; Step 21 ends. Steps 3 and footstep 4 do not."),
            vec![
                Piece::Text("On "),
                Piece::Step("step 2", 2),
                Piece::Text(", watch; "),
                Piece::Step("Step 21", 21),
                Piece::Text(" ends. Steps 3 and footstep 4 do not."),
            ]
        );
        assert_eq!(pieces("no links"), vec![Piece::Text("no links")]);
        assert_eq!(pieces(""), Vec::<Piece<'_>>::new());
    }
}
