//! `frontier experiment eight-puzzle`: the textbook's table of search cost by solution depth
//! ([`crate::experiment`]), as text or JSON.

use super::live::{self, Progress};
use crate::experiment::job::{Experiment, TableRow};
use crate::experiment::{Contender, DEFAULT_BUDGET, Plan};
use clap::{Args, ValueEnum};
use std::io::Write;

/// The puzzles the experiment knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Puzzle {
    /// The 3×3 sliding puzzle, goal 1 2 3 / 4 5 6 / 7 8 with the blank last.
    EightPuzzle,
}

/// A list of depths as one value (clap would read a bare `Vec` as many values).
pub type Depths = Vec<u32>;

/// A list of contenders as one value.
pub type Contenders = Vec<Contender>;

#[derive(Debug, Args)]
pub struct ExperimentArgs {
    /// The puzzle: eight-puzzle.
    #[arg(value_enum)]
    pub puzzle: Puzzle,
    /// Optimal solution depths, comma-separated (from 1 to 31).
    #[arg(long, value_parser = Plan::parse_depths, default_value = "2,4,6,8,10,12,14,16,18,20,22,24")]
    pub depths: Depths,
    /// Random instances per depth.
    #[arg(long, default_value_t = 100)]
    pub per_depth: usize,
    /// The seed the instances are drawn from: the same seed, the same table.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The columns, comma-separated: ALGORITHM or ALGORITHM:HEURISTIC.
    #[arg(
        long,
        value_parser = Contender::parse_list,
        default_value = "iddfs,astar:misplaced,astar:manhattan"
    )]
    pub algorithm: Contenders,
    /// States one run may store; a column shows "—" from the first depth where a run needs
    /// more.
    #[arg(long, default_value_t = DEFAULT_BUDGET)]
    pub budget: u64,
    /// One JSON object on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
}

impl ExperimentArgs {
    fn plan(&self) -> Plan {
        Plan {
            depths: self.depths.clone(),
            per_depth: self.per_depth,
            seed: self.seed,
            contenders: self.algorithm.clone(),
            budget: self.budget,
        }
    }
}

/// What the counts are, said once above the table and in the JSON.
const COUNTS: &str = "checked = mean states checked (expanded); stored = mean states stored, the \
                      start included (the textbook's \"nodes generated\" plus one); b* from \
                      stored = 1 + b* + b*² + … + b*^d";

/// Runs `frontier experiment`, with a progress bar on a terminal; returns the exit status
/// ([`live::EXIT_INTERRUPTED`] when Ctrl+C stopped it: the table of the runs done is printed).
#[must_use]
pub fn experiment(args: &ExperimentArgs, out: &mut dyn Write) -> u8 {
    super::exit_status(experiment_inner(args, out))
}

fn experiment_inner(args: &ExperimentArgs, out: &mut dyn Write) -> Result<u8, String> {
    let mut job = Experiment::new(args.plan()).map_err(|e| e.to_string())?;
    live::listen();
    let progress = Progress::new(job.progress().runs, "runs");
    let done = loop {
        let done = job.advance(live::SLICE);
        progress.set(done.runs_done);
        progress.note(|| format!("{} steps", done.steps));
        if done.is_done() || live::interrupted() {
            break done;
        }
    };
    progress.finish();
    let interrupted = !done.is_done();
    let plan = job.plan();
    let table = job.table();
    let mut text = if args.json {
        let mut json = serde_json::json!({
            "puzzle": "eight-puzzle",
            "plan": plan,
            "counts": COUNTS,
            "table": table,
        });
        if interrupted {
            json["interrupted"] = true.into();
            json["runs_done"] = done.runs_done.into();
        }
        format!("{json}\n")
    } else {
        text(plan, &table)
    };
    if interrupted && !args.json {
        text.push_str(&format!(
            "\nStopped by Ctrl+C after {} of {} runs: each mean is over the runs done, and — \
             also marks a cell not reached.\n",
            done.runs_done, done.runs
        ));
    }
    out.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write to standard output: {e}"))?;
    Ok(if interrupted {
        live::EXIT_INTERRUPTED
    } else {
        0
    })
}

/// Width of one contender's columns: checked, stored, b*.
const GROUP: usize = 30;

fn text(plan: &Plan, table: &[TableRow]) -> String {
    let mut text = format!(
        "8-puzzle: {} random instances per depth of exactly that optimal depth (seed {}).\n\
         {COUNTS}.\n— : a run stored more than {} states (the budget), so the mean is unknown.\n\n",
        plan.per_depth, plan.seed, plan.budget
    );
    text.push_str("    ");
    for c in &plan.contenders {
        text.push_str(&format!(" | {:^w$}", c.to_string(), w = GROUP - 3));
    }
    text.push_str("\n   d");
    for _ in &plan.contenders {
        text.push_str(&format!(
            " | {:>10} {:>10} {:>5}",
            "checked", "stored", "b*"
        ));
    }
    text.push('\n');
    for row in table {
        text.push_str(&format!("{:>4}", row.depth));
        for cell in &row.cells {
            text.push_str(&format!(
                " | {:>10} {:>10} {:>5}",
                dash(cell.mean_states_checked, 0),
                dash(cell.mean_states_stored, 0),
                dash(cell.effective_branching, 2)
            ));
        }
        text.push('\n');
    }
    text
}

/// A number with `decimals` decimals, or "—".
fn dash(value: Option<f64>, decimals: usize) -> String {
    value.map_or_else(|| "—".into(), |v| format!("{v:.decimals$}"))
}
