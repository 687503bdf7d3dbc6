//! The experiment as a job: instances drawn up front, then one search at a time, advanced in
//! slices of at most a given number of steps so that its owner stays in control (a worker
//! thread reporting progress, or a web page giving it a few milliseconds per frame).

use super::branching::effective_branching;
use super::layers::Layers;
use super::rng::Rng;
use super::{Contender, ExperimentError, Plan};
use crate::domains::sliding::{Packed, SlidingPuzzle, default_goal};
use crate::engine::event::Outcome;
use crate::engine::session::Session;
use serde::Serialize;

/// One finished search of the experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RunResult {
    /// Which of the depth's instances it solved.
    pub instance: usize,
    pub states_checked: u64,
    pub states_stored: u64,
}

/// The runs of one contender at one depth.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cell {
    pub runs: Vec<RunResult>,
    /// A run passed the budget (or this contender passed it at a smaller depth): no mean.
    pub over_budget: bool,
}

impl Cell {
    #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
    fn mean(&self, count: impl Fn(&RunResult) -> u64) -> Option<f64> {
        if self.over_budget || self.runs.is_empty() {
            return None;
        }
        let sum: u64 = self.runs.iter().map(count).sum();
        Some(sum as f64 / self.runs.len() as f64)
    }

    /// Mean states checked (expanded); `None` while unknown.
    #[must_use]
    pub fn mean_checked(&self) -> Option<f64> {
        self.mean(|r| r.states_checked)
    }

    /// Mean states stored, the start included: the textbook's nodes generated, plus one.
    #[must_use]
    pub fn mean_stored(&self) -> Option<f64> {
        self.mean(|r| r.states_stored)
    }

    /// b* of the mean: N + 1 = mean stored ([`effective_branching`]).
    #[must_use]
    pub fn effective_branching(&self, depth: u32) -> Option<f64> {
        self.mean_stored()
            .and_then(|n| effective_branching(n, depth))
    }

    /// The instance whose states stored come nearest the mean (the first such): the one a
    /// click on the cell opens, as typical of the cell.
    #[must_use]
    pub fn typical(&self) -> Option<usize> {
        let mean = self.mean_stored()?;
        #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
        let off = |r: &RunResult| (r.states_stored as f64 - mean).abs();
        self.runs
            .iter()
            .min_by(|a, b| off(a).total_cmp(&off(b)))
            .map(|r| r.instance)
    }
}

/// How far the job has come, in runs (a run passed over for the budget counts as done).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub runs_done: usize,
    pub runs: usize,
    /// Steps taken by all runs so far.
    pub steps: u64,
}

impl Progress {
    /// Done so far, from 0 to 1.
    #[must_use]
    #[expect(clippy::cast_precision_loss, reason = "a progress bar")]
    pub fn fraction(self) -> f32 {
        if self.runs == 0 {
            1.0
        } else {
            self.runs_done as f32 / self.runs as f32
        }
    }

    #[must_use]
    pub fn is_done(self) -> bool {
        self.runs_done >= self.runs
    }
}

/// One line of the table as data (the CLI's JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableRow {
    pub depth: u32,
    pub cells: Vec<CellSummary>,
}

/// A cell as data: `None` means "—" (unknown or past the budget).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CellSummary {
    pub algorithm: String,
    pub runs: usize,
    pub mean_states_checked: Option<f64>,
    pub mean_states_stored: Option<f64>,
    pub effective_branching: Option<f64>,
}

/// The experiment: its plan, its instances and what the runs so far found.
pub struct Experiment {
    plan: Plan,
    /// `instances[depth index][k]`: tiles in reading order, 0 the blank.
    instances: Vec<Vec<Vec<u8>>>,
    /// `cells[depth index][contender index]`.
    cells: Vec<Vec<Cell>>,
    /// The next run, counted in the order depth, contender, instance.
    next: usize,
    current: Option<Box<dyn Session>>,
    steps: u64,
}

impl Experiment {
    /// Draws the instances of `plan` (its depths sorted, each once) (a breadth-first search over all 181,440 states from the
    /// goal, a fraction of a second); no run starts yet.
    ///
    /// # Errors
    /// The plan cannot run ([`Plan::check`]).
    pub fn new(mut plan: Plan) -> Result<Experiment, ExperimentError> {
        plan.check()?;
        // Shallow first, so a contender past the budget skips every deeper depth.
        plan.depths.sort_unstable();
        plan.depths.dedup();
        let goal = default_goal(3, 3);
        let from_goal = Layers::from_start(&SlidingPuzzle::<u64>::new(3, 3, goal.clone(), goal));
        let instances = plan
            .depths
            .iter()
            .map(|&d| {
                let layer = from_goal.layer(d);
                // Each depth has its own stream, so a depth's instances do not depend on which
                // other depths are run.
                let mut rng = Rng::new(plan.seed ^ (u64::from(d) << 32));
                let len = u64::try_from(layer.len()).expect("small");
                (0..plan.per_depth)
                    .map(|_| {
                        let state = layer[usize::try_from(rng.below(len)).expect("small")];
                        (0..9).map(|slot| state.get(slot)).collect()
                    })
                    .collect()
            })
            .collect();
        let cells = vec![vec![Cell::default(); plan.contenders.len()]; plan.depths.len()];
        Ok(Experiment {
            plan,
            instances,
            cells,
            next: 0,
            current: None,
            steps: 0,
        })
    }

    #[must_use]
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// Tiles of instance `k` of the `depth_index`-th depth.
    #[must_use]
    pub fn instance(&self, depth_index: usize, k: usize) -> &[u8] {
        &self.instances[depth_index][k]
    }

    /// The runs of contender `contender_index` at the `depth_index`-th depth.
    #[must_use]
    pub fn cell(&self, depth_index: usize, contender_index: usize) -> &Cell {
        &self.cells[depth_index][contender_index]
    }

    fn total_runs(&self) -> usize {
        self.plan.depths.len() * self.plan.contenders.len() * self.plan.per_depth
    }

    #[must_use]
    pub fn progress(&self) -> Progress {
        Progress {
            runs_done: self.next,
            runs: self.total_runs(),
            steps: self.steps,
        }
    }

    /// (depth index, contender index, instance) of run number `run`.
    fn place(&self, run: usize) -> (usize, usize, usize) {
        let per = self.plan.per_depth;
        let contenders = self.plan.contenders.len();
        (run / per / contenders, run / per % contenders, run % per)
    }

    /// Takes at most `budget` search steps (fewer once every run is done) and says how far
    /// the job has come.
    pub fn advance(&mut self, budget: u64) -> Progress {
        let mut left = budget;
        while left > 0 && self.next < self.total_runs() {
            let (d, c, k) = self.place(self.next);
            let Some(session) = &mut self.current else {
                // A contender past the budget at a smaller depth is past it here too.
                let passed = (0..=d).any(|i| self.cells[i][c].over_budget);
                if passed {
                    self.cells[d][c].over_budget = true;
                    self.next += 1;
                } else {
                    let contender = self.plan.contenders[c];
                    let scenario = contender.scenario(&self.instances[d][k], self.plan.depths[d]);
                    self.current = Some(
                        scenario
                            .session(&Default::default())
                            .expect("an 8-puzzle scenario names no file, so it builds"),
                    );
                }
                continue;
            };
            session.step();
            left -= 1;
            self.steps += 1;
            let view = session.view();
            let counts = view.counts();
            let solved = view.outcome() == Some(&Outcome::GoalFound);
            if counts.states_stored > self.plan.budget || (view.outcome().is_some() && !solved) {
                self.cells[d][c].over_budget = true;
            } else if solved {
                self.cells[d][c].runs.push(RunResult {
                    instance: k,
                    states_checked: counts.states_checked,
                    states_stored: counts.states_stored,
                });
            } else {
                continue;
            }
            self.current = None;
            self.next += 1;
        }
        self.progress()
    }

    /// Runs every remaining search to the end.
    pub fn finish(&mut self) -> Progress {
        self.advance(u64::MAX)
    }

    /// The table as data, one row per depth.
    #[must_use]
    pub fn table(&self) -> Vec<TableRow> {
        self.plan
            .depths
            .iter()
            .zip(&self.cells)
            .map(|(&depth, cells)| TableRow {
                depth,
                cells: self
                    .plan
                    .contenders
                    .iter()
                    .zip(cells)
                    .map(|(contender, cell)| summary(*contender, cell, depth))
                    .collect(),
            })
            .collect()
    }
}

fn summary(contender: Contender, cell: &Cell, depth: u32) -> CellSummary {
    CellSummary {
        algorithm: contender.cli_name(),
        runs: cell.runs.len(),
        mean_states_checked: cell.mean_checked(),
        mean_states_stored: cell.mean_stored(),
        effective_branching: cell.effective_branching(depth),
    }
}
