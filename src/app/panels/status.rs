//! The status line (the counts and the outcome in words, each with a tooltip saying what it
//! counts) and the table of the runs made on this scenario in this session.

use crate::app::words::counted;
use crate::app::words::status::{outcome_sentence, outcome_words, step_tip, tips};
use crate::engine::cost::Cost;
use crate::engine::event::{Counts, Outcome};
use crate::engine::settings::{Algorithm, Settings};
use crate::engine::view::SearchView;
use crate::experiment::branching::RunShape;
use eframe::egui;
use egui::{Color32, RichText, Ui};
use egui_extras::{Column, TableBuilder};

/// The cost of the route found, if any.
#[must_use]
pub fn route_cost(session: &dyn SearchView) -> Option<Cost> {
    let route = session.solution()?;
    route.last().map(|&id| session.row(id).g)
}

/// One finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub settings: Settings,
    /// The outcome in words ([`outcome_words`]).
    pub outcome: String,
    pub steps: u64,
    pub counts: Counts,
    pub cost: Option<Cost>,
    /// States by depth and the run's b*.
    pub shape: RunShape,
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
    pub fn record(&mut self, session: &dyn SearchView) {
        let Some(outcome) = session.outcome() else {
            return;
        };
        if matches!(outcome, Outcome::Refused(_)) {
            return;
        }
        let run = Run {
            settings: session.settings().clone(),
            outcome: outcome_words(session),
            steps: session.steps(),
            counts: session.counts(),
            cost: route_cost(session),
            shape: RunShape::of(session),
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

/// The algorithm, and the heuristic only where it changes something (Dijkstra's status line
/// never names an h it ignores).
fn settings_words(s: &Settings) -> String {
    let mut words = s.algorithm.to_string();
    if s.uses_heuristic() {
        words.push_str(&format!(" · {}", s.heuristic));
    }
    if s.algorithm == Algorithm::WeightedAStar {
        words.push_str(&format!(" · w {}", s.weight));
    }
    words
}

/// The algorithm's own state for the status line: IDA*'s threshold and iteration, the stack of
/// backtracking, and, before generate and test starts, how many candidates it faces.
#[must_use]
pub fn strategy_words(session: &dyn SearchView) -> Option<String> {
    match session.candidates() {
        Some(count) if session.steps() == 0 => Some(format!(
            "Faces {} candidate board{}",
            crate::domains::queens::count_words(Some(count)),
            if count == 1 { "" } else { "s" }
        )),
        _ => session.strategy_status(),
    }
}

/// The tooltip of the outcome item.
fn outcome_tip(session: &dyn SearchView) -> String {
    match session.outcome() {
        None => "The search has not ended: Step takes the next state from the open list.".into(),
        Some(Outcome::GoalFound) => format!(
            "The goal was picked from the open list and accepted on step {}.",
            session.steps()
        ),
        Some(Outcome::Exhausted) => {
            "The open list ran empty: every state the search could reach was checked.".into()
        }
        Some(Outcome::Refused(_)) => "The start was refused before any search began.".into(),
        Some(_) => outcome_sentence(session),
    }
}

/// The presentation zoom as a status item's words and tooltip.
fn zoom_item(zoom: f32) -> (String, String) {
    let percent = (zoom * 100.0).round();
    (
        format!("Zoom {percent}%"),
        format!(
            "Presentation zoom {percent}%: Ctrl+plus and Ctrl+minus change it, Ctrl+0 resets \
             it. Remembered for next time."
        ),
    )
}

/// Draws the counts and the outcome, each with what it counts as a tooltip; `zoom` is the
/// presentation zoom.
pub fn show(ui: &mut Ui, session: &dyn SearchView, zoom: f32) {
    let c = session.counts();
    ui.horizontal_wrapped(|ui| {
        let color = match session.outcome() {
            None => ui.visuals().text_color(),
            Some(Outcome::GoalFound) => Color32::from_rgb(0x40, 0xb0, 0x50),
            Some(_) => Color32::from_rgb(0xe0, 0x70, 0x40),
        };
        ui.label(
            RichText::new(outcome_sentence(session))
                .strong()
                .color(color),
        )
        .on_hover_text(outcome_tip(session));
        ui.separator();
        ui.label(format!("Step {}", session.steps()))
            .on_hover_text(step_tip(session));
        if let Some(words) = strategy_words(session) {
            ui.separator();
            ui.label(words).on_hover_text(format!(
                "What {} keeps besides its lists: its bound, its stack or its candidates.",
                session.settings().algorithm
            ));
        }
        for (name, value, tip) in [
            ("States checked", c.states_checked, tips::CHECKED),
            ("States stored", c.states_stored, tips::STORED),
            ("Open", c.open, tips::OPEN),
            ("Closed", c.closed, tips::CLOSED),
            ("Largest open", c.max_open, tips::LARGEST_OPEN),
            ("Reopened", c.reopened, tips::REOPENED),
        ] {
            ui.separator();
            ui.label(format!("{name} {value}")).on_hover_text(tip);
        }
        if let Some(route) = session.solution() {
            let moves = counted(route.len().saturating_sub(1) as u64, "move");
            let cost = route_cost(session).map_or_else(String::new, |c| format!(", cost {c}"));
            ui.separator();
            ui.label(format!("Route: {moves}")).on_hover_text(format!(
                "The route found from the start to the goal: {moves}{cost}."
            ));
        }
        ui.separator();
        ui.weak(format!("{:.1} MB", session.memory_bytes() as f64 / 1e6))
            .on_hover_text("Memory the search holds now: its notebook, open list and step log.");
        let (words, tip) = zoom_item(zoom);
        ui.separator();
        ui.weak(words).on_hover_text(tip);
    });
}

/// Rows of the runs table that stay on screen without scrolling.
pub const RUNS_SHOWN: usize = 5;

/// The height of a runs table row.
fn row_height(ui: &Ui) -> f32 {
    ui.text_style_height(&egui::TextStyle::Body) + 4.0
}

/// Draws the runs table: a fixed header over its rows, [`RUNS_SHOWN`] at most before it
/// scrolls. The caller leaves it out while no run has finished.
pub fn show_comparison(ui: &mut Ui, comparison: &Comparison) {
    let row_height = row_height(ui);
    let shown = comparison.runs().len().min(RUNS_SHOWN) as f32;
    let names = super::run_names::names(
        comparison.runs().iter().map(|r| &r.settings),
        settings_words,
    );
    let heads = tips::RUN_COLUMNS;
    let b_star_tip = "b*: the effective branching factor, the b of a uniform tree as deep as \
                      the route that holds as many states as were stored (1 + b + … + b^d). \
                      Hover a value for the states stored at each depth.";
    // Fixed widths (no sizing pass, so a new run settles in one frame); the whole window's
    // width holds them, and the names and outcomes are clipped rather than pushed aside.
    TableBuilder::new(ui)
        .id_salt("runs")
        .striped(true)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .auto_shrink([false, true])
        .min_scrolled_height(row_height * shown)
        .max_scroll_height(row_height * shown)
        .column(Column::initial(190.0).at_least(120.0).clip(true))
        .column(Column::initial(160.0).at_least(90.0).clip(true))
        .columns(Column::initial(70.0).at_least(40.0), heads.len() - 2)
        .column(Column::remainder().at_least(50.0))
        .header(row_height, |mut header| {
            for (head, tip) in heads.into_iter().chain([("b*", b_star_tip)]) {
                header.col(|ui| {
                    ui.strong(head).on_hover_text(tip);
                });
            }
        })
        .body(|body| {
            body.rows(row_height, comparison.runs().len(), |mut row| {
                let run = &comparison.runs()[row.index()];
                let cells = [
                    names[row.index()].clone(),
                    run.outcome.clone(),
                    run.steps.to_string(),
                    run.counts.states_checked.to_string(),
                    run.counts.states_stored.to_string(),
                    run.counts.max_open.to_string(),
                    run.counts.reopened.to_string(),
                    run.cost.map_or_else(|| "—".into(), |c| c.to_string()),
                ];
                for text in cells {
                    row.col(|ui| {
                        ui.label(text);
                    });
                }
                row.col(|ui| {
                    let b = run.shape.effective_branching;
                    ui.label(b.map_or_else(|| "—".into(), |b| format!("{b:.2}")))
                        .on_hover_text(run.shape.by_depth_words());
                });
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::session::Session;
    use crate::scenario::{Scenario, SearchSpec};

    fn finished(spec: &SearchSpec) -> Box<dyn Session> {
        let mut session = Scenario::built_in().session(spec).unwrap();
        while session.view().outcome().is_none() {
            session.step();
        }
        session
    }

    #[test]
    fn finished_runs_are_kept_once_per_settings() {
        let scenario = Scenario::built_in();
        let mut comparison = Comparison::default();
        let session = scenario.session(&SearchSpec::default()).unwrap();
        comparison.record(session.view());
        assert!(comparison.runs().is_empty(), "not finished");
        let session = finished(&SearchSpec::default());
        comparison.record(session.view());
        comparison.record(session.view());
        assert_eq!(comparison.runs().len(), 1);
        assert_eq!(comparison.runs()[0].counts.states_checked, 20);
        assert_eq!(comparison.runs()[0].outcome, "Goal found");
        let goal = *session.view().solution().unwrap().last().unwrap();
        assert_eq!(comparison.runs()[0].cost, Some(session.view().row(goal).g));
        let dijkstra = finished(&SearchSpec {
            algorithm: Some(Algorithm::Dijkstra),
            ..SearchSpec::default()
        });
        comparison.record(dijkstra.view());
        assert_eq!(comparison.runs().len(), 2);
        assert!(comparison.runs()[1].counts.states_checked > 20);
    }

    #[test]
    fn a_full_notebook_says_which_limit_and_how_to_raise_it() {
        let session = finished(&SearchSpec {
            max_states: Some(10),
            ..SearchSpec::default()
        });
        assert_eq!(
            session.view().outcome().map(Outcome::code),
            Some("limit_reached")
        );
        assert_eq!(
            outcome_sentence(session.view()),
            "Stopped: the notebook is full at 10 states held at once (max_states). Raise max \
             states (\"max states\" in the toolbar)."
        );
        assert_eq!(
            outcome_words(session.view()),
            "Stopped: notebook full (10 states)"
        );
    }

    #[test]
    fn the_step_tip_tells_checked_states_from_the_accepting_step() {
        let session = finished(&SearchSpec::default());
        assert_eq!(
            step_tip(session.view()),
            format!(
                "Step {}: {} states checked, then the goal accepted on step {}.",
                session.view().steps(),
                session.view().counts().states_checked,
                session.view().steps()
            )
        );
    }
}
