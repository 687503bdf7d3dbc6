//! The Experiment window: the textbook's table of search cost by depth
//! ([`crate::experiment`]) run in the background with a progress bar, drawn as a table
//! and a log-scale plot; a click on a cell opens that cell's typical instance in the main
//! window. On the desktop a worker thread advances the job; on the web (no threads) each frame
//! advances it by a slice.

use crate::experiment::job::{Experiment, Progress};
use crate::experiment::{Contender, Plan};
use crate::scenario::Scenario;
use eframe::egui;
use egui::{Grid, ProgressBar, Ui};
use egui_plot::{Legend, Line, Plot, PlotPoints};
use std::sync::{Arc, Mutex, PoisonError};

/// Steps per slice: a few milliseconds, the longest the window waits to read the table.
const SLICE: u64 = 5_000;

/// Instance counts offered, the textbook's 100 the last.
const PER_DEPTH: [usize; 3] = [1, 10, 100];

/// The window's state: the plan's settings and the job under way.
pub struct ExperimentWindow {
    pub open: bool,
    per_depth: usize,
    seed: u64,
    job: Option<Driver>,
    error: Option<String>,
}

impl Default for ExperimentWindow {
    fn default() -> Self {
        ExperimentWindow {
            open: false,
            per_depth: 10,
            seed: 1,
            job: None,
            error: None,
        }
    }
}

/// The job, shared with the thread that advances it (on the web, advanced by the frames).
struct Driver {
    job: Arc<Mutex<Experiment>>,
    /// Asks the worker to stop after its slice (the window started again or closed).
    stop: Arc<std::sync::atomic::AtomicBool>,
}

impl Driver {
    fn start(job: Experiment) -> Driver {
        let driver = Driver {
            job: Arc::new(Mutex::new(job)),
            stop: Arc::default(),
        };
        #[cfg(not(target_arch = "wasm32"))]
        {
            let (job, stop) = (Arc::clone(&driver.job), Arc::clone(&driver.stop));
            std::thread::spawn(move || {
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let progress = lock(&job).advance(SLICE);
                    if progress.is_done() {
                        break;
                    }
                }
            });
        }
        driver
    }

    /// Advances the job by a slice where no thread does, and says how far it is.
    fn progress(&self) -> Progress {
        let mut job = lock(&self.job);
        if cfg!(target_arch = "wasm32") {
            job.advance(SLICE);
        }
        job.progress()
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

fn lock(job: &Mutex<Experiment>) -> std::sync::MutexGuard<'_, Experiment> {
    // A panic in a slice leaves a job that is still readable: show what it has.
    job.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A cell clicked: the instance to open and how to name it.
pub struct Opened {
    pub scenario: Scenario,
    pub origin: String,
}

/// Draws the window (when open); a clicked cell's instance, for the app to open.
pub fn show(ctx: &egui::Context, window: &mut ExperimentWindow) -> Option<Opened> {
    let mut open = window.open;
    let mut opened = None;
    egui::Window::new("Experiment")
        .open(&mut open)
        .default_size([860.0, 620.0])
        .default_pos([260.0, 90.0])
        .show(ctx, |ui| opened = body(ui, window));
    // Closing keeps the job and its table for the session: reopening shows them again.
    window.open = open;
    opened
}

fn body(ui: &mut Ui, window: &mut ExperimentWindow) -> Option<Opened> {
    ui.label(
        "Russell & Norvig's table (AIMA, Figure 3.29): random 8-puzzles of each optimal depth, \
         solved by iterative deepening and by A* with misplaced tiles (h1) and Manhattan \
         distance (h2).",
    );
    ui.horizontal(|ui| {
        for n in PER_DEPTH {
            ui.radio_value(&mut window.per_depth, n, format!("{n} per depth"));
        }
        crate::app::fields::number(ui, "seed", &mut window.seed, 0..=u64::MAX);
        if ui.button("Run experiment").clicked() {
            let plan = Plan {
                per_depth: window.per_depth,
                seed: window.seed,
                ..Plan::default()
            };
            window.job = None;
            match Experiment::new(plan) {
                Ok(job) => {
                    window.job = Some(Driver::start(job));
                    window.error = None;
                }
                Err(e) => window.error = Some(e.to_string()),
            }
        }
    });
    if let Some(e) = &window.error {
        ui.colored_label(egui::Color32::from_rgb(0xff, 0x70, 0x60), e);
    }
    let driver = window.job.as_ref()?;
    let progress = driver.progress();
    if !progress.is_done() {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(50));
    }
    ui.add(ProgressBar::new(progress.fraction()).text(format!(
        "{} of {} runs, {} steps",
        progress.runs_done, progress.runs, progress.steps
    )));
    let job = lock(&driver.job);
    ui.weak(
        "checked: mean states checked (expanded). stored: mean states stored, the start \
         included (the textbook's nodes generated, plus one). b*: 1 + b* + … + b*^d = stored. \
         —: a run passed the budget. Click a number to open that cell's typical instance.",
    );
    let opened = table(ui, &job);
    plot(ui, &job);
    opened
}

/// The table; a clicked cell's typical instance.
fn table(ui: &mut Ui, job: &Experiment) -> Option<Opened> {
    let plan = job.plan();
    let mut opened = None;
    egui::ScrollArea::vertical()
        .max_height(300.0)
        .show(ui, |ui| {
            Grid::new("experiment_table").striped(true).show(ui, |ui| {
                ui.strong("d");
                for c in &plan.contenders {
                    ui.strong(format!("{c} checked"));
                    ui.strong("stored");
                    ui.strong("b*");
                }
                ui.end_row();
                for (d, &depth) in plan.depths.iter().enumerate() {
                    ui.label(depth.to_string());
                    for (c, &contender) in plan.contenders.iter().enumerate() {
                        let cell = job.cell(d, c);
                        let number = |v: Option<f64>, decimals: usize| {
                            v.map_or_else(|| "—".to_string(), |v| format!("{v:.decimals$}"))
                        };
                        let texts = [
                            number(cell.mean_checked(), 0),
                            number(cell.mean_stored(), 0),
                            number(cell.effective_branching(depth), 2),
                        ];
                        for text in texts {
                            let typical = cell.typical();
                            let clicked = ui
                                .add_enabled(
                                    typical.is_some(),
                                    egui::Button::new(text).frame(false),
                                )
                                .on_hover_text(format!(
                                    "{contender} at depth {depth}: open the instance nearest \
                                     the mean"
                                ))
                                .clicked();
                            if let (true, Some(k)) = (clicked, typical) {
                                opened = Some(Opened {
                                    scenario: contender.scenario(job.instance(d, k), depth),
                                    origin: format!(
                                        "experiment instance {} of depth {depth} ({contender})",
                                        k + 1
                                    ),
                                });
                            }
                        }
                    }
                    ui.end_row();
                }
            });
        });
    opened
}

/// Mean states stored against depth, one line per contender, on a log scale.
fn plot(ui: &mut Ui, job: &Experiment) {
    let plan = job.plan();
    let series: Vec<(Contender, Vec<[f64; 2]>)> = plan
        .contenders
        .iter()
        .enumerate()
        .map(|(c, &contender)| {
            let points = plan
                .depths
                .iter()
                .enumerate()
                .filter_map(|(d, &depth)| {
                    let stored = job.cell(d, c).mean_stored()?;
                    Some([f64::from(depth), stored.log10()])
                })
                .collect();
            (contender, points)
        })
        .collect();
    Plot::new("experiment_plot")
        .height(220.0)
        .legend(Legend::default())
        .x_axis_label("optimal depth d")
        .y_axis_label("mean states stored (log)")
        .y_axis_formatter(|mark, _| {
            // Marks at whole powers of ten only: the axis is log10 of the count.
            let rounded = mark.value.round();
            if (mark.value - rounded).abs() < 1e-9 {
                format!("{}", 10f64.powf(rounded))
            } else {
                String::new()
            }
        })
        .allow_scroll(false)
        .show(ui, |plot| {
            for (contender, points) in series {
                plot.line(Line::new(contender.to_string(), PlotPoints::from(points)));
            }
        });
}
