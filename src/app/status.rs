//! The status line (the counts and the outcome in words) and the comparison of the runs made on
//! this scenario in this session.

use crate::engine::event::{Counts, Outcome};
use crate::engine::session::Session;
use crate::engine::settings::{Algorithm, Settings};
use eframe::egui;
use egui::{Color32, Grid, RichText, Ui};

/// The outcome words of the status line.
#[must_use]
pub fn outcome_words(outcome: Option<&Outcome>) -> String {
    outcome.map_or_else(|| "Searching…".to_string(), ToString::to_string)
}

/// One finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub settings: Settings,
    pub outcome: String,
    pub steps: u64,
    pub counts: Counts,
}

/// Final counts of each run on the current scenario, one per distinct settings.
#[derive(Debug, Default)]
pub struct Comparison {
    runs: Vec<Run>,
}

impl Comparison {
    pub fn clear(&mut self) {
        self.runs.clear();
    }

    /// Records a finished (not refused) search, replacing an earlier run with the same settings.
    pub fn record(&mut self, session: &dyn Session) {
        let Some(outcome) = session.outcome() else {
            return;
        };
        if matches!(outcome, Outcome::Refused(_)) {
            return;
        }
        let run = Run {
            settings: session.settings().clone(),
            outcome: outcome.to_string(),
            steps: session.steps(),
            counts: session.counts(),
        };
        match self.runs.iter_mut().find(|r| r.settings == run.settings) {
            Some(old) => *old = run,
            None => self.runs.push(run),
        }
    }

    #[must_use]
    pub fn runs(&self) -> &[Run] {
        &self.runs
    }
}

fn settings_words(s: &Settings) -> String {
    let mut words = format!("{} · {}", s.algorithm, s.heuristic);
    if s.algorithm == Algorithm::WeightedAStar {
        words.push_str(&format!(" · w {}", s.weight));
    }
    words
}

/// The algorithm's own state for the status line: IDA*'s threshold and iteration, the stack of
/// backtracking, and, before generate and test starts, how many candidates it faces.
#[must_use]
pub fn strategy_words(session: &dyn Session) -> Option<String> {
    match session.candidates() {
        Some(count) if session.steps() == 0 => Some(format!(
            "Faces {} candidate boards",
            crate::domains::queens::count_words(Some(count))
        )),
        _ => session.strategy_status(),
    }
}

/// Draws the counts and the outcome.
pub fn show(ui: &mut Ui, session: &dyn Session) {
    let c = session.counts();
    ui.horizontal_wrapped(|ui| {
        let outcome = session.outcome();
        let color = match outcome {
            None => ui.visuals().text_color(),
            Some(Outcome::GoalFound) => Color32::from_rgb(0x40, 0xb0, 0x50),
            Some(_) => Color32::from_rgb(0xe0, 0x70, 0x40),
        };
        ui.label(RichText::new(outcome_words(outcome)).strong().color(color));
        ui.separator();
        ui.label(format!("Step {}", session.steps()));
        if let Some(words) = strategy_words(session) {
            ui.separator();
            ui.label(words);
        }
        for (name, value) in [
            ("States checked", c.states_checked),
            ("States stored", c.states_stored),
            ("Open", c.open),
            ("Closed", c.closed),
            ("Largest open", c.max_open),
            ("Reopened", c.reopened),
        ] {
            ui.separator();
            ui.label(format!("{name} {value}"));
        }
        if let Some(route) = session.solution() {
            ui.separator();
            ui.label(format!("Route: {} moves", route.len().saturating_sub(1)));
        }
        ui.separator();
        ui.weak(format!("{:.1} MB", session.memory_bytes() as f64 / 1e6));
    });
}

/// Draws the comparison table.
pub fn show_comparison(ui: &mut Ui, comparison: &Comparison) {
    if comparison.runs().is_empty() {
        ui.weak("Finished runs on this scenario are compared here.");
        return;
    }
    Grid::new("comparison").striped(true).show(ui, |ui| {
        for head in [
            "run",
            "outcome",
            "steps",
            "checked",
            "stored",
            "largest open",
            "reopened",
        ] {
            ui.strong(head);
        }
        ui.end_row();
        for run in comparison.runs() {
            ui.label(settings_words(&run.settings));
            ui.label(&run.outcome);
            ui.label(run.steps.to_string());
            ui.label(run.counts.states_checked.to_string());
            ui.label(run.counts.states_stored.to_string());
            ui.label(run.counts.max_open.to_string());
            ui.label(run.counts.reopened.to_string());
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Scenario, SearchSpec};

    #[test]
    fn finished_runs_are_kept_once_per_settings() {
        let scenario = Scenario::built_in();
        let mut comparison = Comparison::default();
        let mut session = scenario.session(&SearchSpec::default()).unwrap();
        comparison.record(session.as_ref());
        assert!(comparison.runs().is_empty(), "not finished");
        while session.outcome().is_none() {
            session.step();
        }
        comparison.record(session.as_ref());
        comparison.record(session.as_ref());
        assert_eq!(comparison.runs().len(), 1);
        assert_eq!(comparison.runs()[0].counts.states_checked, 20);
        assert_eq!(comparison.runs()[0].outcome, "Goal found");
        let mut dijkstra = scenario
            .session(&SearchSpec {
                algorithm: Some(Algorithm::Dijkstra),
                ..SearchSpec::default()
            })
            .unwrap();
        while dijkstra.outcome().is_none() {
            dijkstra.step();
        }
        comparison.record(dijkstra.as_ref());
        assert_eq!(comparison.runs().len(), 2);
        assert!(comparison.runs()[1].counts.states_checked > 20);
    }

    #[test]
    fn outcome_words_match_the_issue() {
        assert_eq!(outcome_words(None), "Searching…");
        assert_eq!(outcome_words(Some(&Outcome::Exhausted)), "No solution");
        assert_eq!(
            outcome_words(Some(&Outcome::LimitReached)),
            "Limit reached — try a new puzzle"
        );
    }
}
