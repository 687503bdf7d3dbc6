//! The Compare window: two or more algorithms on the scenario being shown, stepped together
//! ([`crate::engine::compare::Lockstep`]): one column each with its counts, open-list size
//! and a small plot, the first step where their picks differ, and a summary table.

use crate::app::words::status::{self, tips};
use crate::engine::settings::Algorithm;
use crate::present::compare::{Lane, Lockstep};
use crate::scenario::{Scenario, SearchSpec};
use eframe::egui;
use egui::{Grid, Ui};
use egui_plot::{Line, Plot, PlotPoints};

/// Steps one "Run" click takes at most (the window stays responsive on huge searches).
const RUN_STEPS: u64 = 200_000;

/// Open-list sizes kept per lane for its plot; longer runs keep every other one.
const MAX_POINTS: usize = 2000;

/// The window's state: which algorithms are chosen and the comparison being stepped.
#[derive(Default)]
pub struct CompareWindow {
    pub open: bool,
    chosen: Vec<Algorithm>,
    comparison: Option<Lockstep>,
    /// Each lane's (step, open size) points.
    series: Vec<Vec<[f64; 2]>>,
    error: Option<String>,
}

impl CompareWindow {
    /// Forgets the comparison (a new scenario); the chosen algorithms stay.
    pub fn clear(&mut self) {
        self.comparison = None;
        self.series.clear();
        self.error = None;
    }

    /// Builds one lane per chosen algorithm over `scenario` with the app's `overrides`.
    pub fn start(&mut self, scenario: &Scenario, overrides: &SearchSpec) {
        self.clear();
        let lanes: Result<Vec<Lane>, _> = self
            .chosen
            .iter()
            .map(|&a| {
                let spec = overrides.overridden_by(&SearchSpec {
                    algorithm: Some(a),
                    ..SearchSpec::default()
                });
                scenario.session(&spec).map(|session| Lane {
                    label: a.to_string(),
                    session,
                })
            })
            .collect();
        match lanes {
            Ok(lanes) => {
                self.series = vec![Vec::new(); lanes.len()];
                self.comparison = Some(Lockstep::new(lanes));
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Steps every lane `steps` times (or until all ended).
    #[expect(clippy::cast_precision_loss, reason = "plot coordinates")]
    pub fn step(&mut self, steps: u64) {
        let Some(c) = &mut self.comparison else {
            return;
        };
        for _ in 0..steps {
            if c.is_over() {
                break;
            }
            c.step();
            for (lane, series) in c.lanes().iter().zip(&mut self.series) {
                if series.len() >= MAX_POINTS {
                    let kept: Vec<[f64; 2]> = series.iter().step_by(2).copied().collect();
                    *series = kept;
                }
                let s = lane.session.view();
                if series.last().is_none_or(|p| p[0] < s.steps() as f64) {
                    series.push([s.steps() as f64, s.counts().open as f64]);
                }
            }
        }
    }
}

/// Draws the window (when open) over `scenario` with the app's `overrides`.
pub fn show(
    ctx: &egui::Context,
    window: &mut CompareWindow,
    scenario: &Scenario,
    overrides: &SearchSpec,
) {
    let mut open = window.open;
    egui::Window::new("Compare")
        .open(&mut open)
        .default_size([760.0, 520.0])
        .default_pos([330.0, 130.0])
        .show(ctx, |ui| body(ui, window, scenario, overrides));
    window.open = open;
}

fn body(ui: &mut Ui, window: &mut CompareWindow, scenario: &Scenario, overrides: &SearchSpec) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Algorithms:");
        for a in Algorithm::ALL {
            let mut on = window.chosen.contains(&a);
            if ui.checkbox(&mut on, a.to_string()).changed() {
                if on {
                    window.chosen.push(a);
                } else {
                    window.chosen.retain(|&c| c != a);
                }
            }
        }
    });
    ui.horizontal(|ui| {
        let enough = window.chosen.len() >= 2;
        if ui
            .add_enabled(enough, egui::Button::new("Start side by side"))
            .on_disabled_hover_text("choose two or more algorithms")
            .clicked()
        {
            window.start(scenario, overrides);
        }
        let running = window.comparison.as_ref().is_some_and(|c| !c.is_over());
        if ui
            .add_enabled(running, egui::Button::new("Step all"))
            .clicked()
        {
            window.step(1);
        }
        if ui
            .add_enabled(running, egui::Button::new("Step all ×10"))
            .clicked()
        {
            window.step(10);
        }
        if ui
            .add_enabled(running, egui::Button::new("Run all to the end"))
            .clicked()
        {
            window.step(RUN_STEPS);
        }
    });
    if let Some(e) = &window.error {
        ui.colored_label(egui::Color32::from_rgb(0xff, 0x70, 0x60), e);
    }
    let Some(c) = &window.comparison else {
        ui.weak("Choose two or more algorithms and start: they run on this scenario together.");
        return;
    };
    match c.divergence() {
        Some(d) => {
            let picks: Vec<String> = c
                .lanes()
                .iter()
                .zip(&d.picks)
                .map(|(l, p)| format!("{} picks {}", l.label, p.as_deref().unwrap_or("nothing")))
                .collect();
            ui.label(format!(
                "Picks first differ on step {}: {}",
                d.step,
                picks.join(", ")
            ));
        }
        None => {
            ui.label("Picks agree so far.");
        }
    }
    ui.separator();
    ui.columns(c.lanes().len(), |columns| {
        for ((ui, lane), series) in columns.iter_mut().zip(c.lanes()).zip(&window.series) {
            let s = lane.session.view();
            let counts = s.counts();
            ui.strong(&lane.label);
            ui.label(status::outcome_words(s))
                .on_hover_text(status::outcome_sentence(s));
            ui.label(format!("Step {}", s.steps()))
                .on_hover_text(status::step_tip(s));
            ui.label(format!("Checked {}", counts.states_checked))
                .on_hover_text(tips::CHECKED);
            ui.label(format!("Stored {}", counts.states_stored))
                .on_hover_text(tips::STORED);
            ui.label(format!("Open {}", counts.open))
                .on_hover_text(tips::OPEN);
            Plot::new(format!("compare_plot_{}", lane.label))
                .height(90.0)
                .allow_scroll(false)
                .allow_drag(false)
                .allow_zoom(false)
                .y_axis_label("open")
                .show(ui, |plot| {
                    plot.line(Line::new("open", PlotPoints::from(series.clone())));
                });
        }
    });
    ui.separator();
    Grid::new("compare_table").striped(true).show(ui, |ui| {
        for (head, tip) in tips::RUN_COLUMNS {
            ui.strong(head).on_hover_text(tip);
        }
        ui.end_row();
        // One row per lane, in lane order: the outcome is told in words from the lane itself.
        for (row, lane) in c.table().iter().zip(c.lanes()) {
            ui.label(&row.label);
            ui.label(status::outcome_words(lane.session.view()));
            ui.label(row.steps.to_string());
            ui.label(row.states_checked.to_string());
            ui.label(row.states_stored.to_string());
            ui.label(row.max_open.to_string());
            ui.label(lane.session.view().counts().reopened.to_string());
            ui.label(row.cost.map_or_else(|| "—".to_string(), |c| c.to_string()));
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_lane_runs_what_switching_the_app_to_its_algorithm_runs() {
        // The built-in scenario's own tie-break (lower h, then stored first) is chosen for A*;
        // switching the app to Dijkstra drops it, so Dijkstra's lane must drop it too.
        let scenario = Scenario::built_in();
        let own = scenario
            .search
            .tie_break
            .clone()
            .expect("the scenario sets ties");
        let mut window = CompareWindow {
            chosen: vec![Algorithm::AStar, Algorithm::Dijkstra],
            ..CompareWindow::default()
        };
        window.start(&scenario, &SearchSpec::default());
        let comparison = window.comparison.as_ref().expect("lanes built");
        let ties = |lane: &Lane| lane.session.view().settings().tie_break.clone();
        assert_eq!(ties(&comparison.lanes()[0]), own);
        assert_ne!(ties(&comparison.lanes()[1]), own);
    }
}
