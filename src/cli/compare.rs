//! `frontier compare`: several settings on one scenario, stepped together, tabled.

use super::live::{self, Progress};
use crate::engine::memory::{DEFAULT_MAX_MEMORY, MemorySize};
use crate::engine::settings::{Algorithm, Heuristic};
use crate::present::compare::{Lane, Lockstep};
use crate::scenario::{ScenarioError, SearchSpec};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The scenario file (RON).
    pub scenario: PathBuf,
    /// One column per algorithm (repeat: `--algorithm astar --algorithm dijkstra`).
    #[arg(long, value_parser = Algorithm::from_cli)]
    pub algorithm: Vec<Algorithm>,
    /// One heuristic for all columns, or one per column (repeat, in the order of
    /// `--algorithm`; alone, one column per heuristic).
    #[arg(long, value_parser = Heuristic::from_cli)]
    pub heuristic: Vec<Heuristic>,
    /// The other settings, for every column.
    #[command(flatten)]
    pub settings: super::SettingArgs,
    /// Stop after this many steps.
    #[arg(long)]
    pub max_steps: Option<u64>,
    /// One JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
}

impl CompareArgs {
    /// One spec per column, each with a label.
    fn columns(&self) -> Result<Vec<(String, SearchSpec)>, ScenarioError> {
        let (a, h) = (self.algorithm.len(), self.heuristic.len());
        let n = a.max(h);
        if n < 2 || (a > 1 && h > 1 && a != h) {
            return Err(ScenarioError::Invalid(format!(
                "compare needs two or more columns: repeat --algorithm or --heuristic (given {a} \
                 algorithms and {h} heuristics; when both repeat, give as many of each)"
            )));
        }
        Ok((0..n)
            .map(|i| {
                let algorithm = self.algorithm.get(i).or(self.algorithm.first()).copied();
                let heuristic = self.heuristic.get(i).or(self.heuristic.first()).copied();
                let label = [
                    (a > 1)
                        .then(|| algorithm.map(Algorithm::cli_name))
                        .flatten(),
                    (h > 1)
                        .then(|| heuristic.map(Heuristic::cli_name))
                        .flatten(),
                ]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" ");
                let spec = SearchSpec {
                    algorithm,
                    heuristic,
                    ..self.settings.spec()
                };
                (label, spec)
            })
            .collect())
    }
}

/// Runs `frontier compare`, with a progress bar on a terminal; returns the exit status
/// ([`live::EXIT_INTERRUPTED`] when Ctrl+C stopped it: the table so far is printed).
#[must_use]
pub fn compare(args: &CompareArgs, out: &mut dyn Write) -> u8 {
    super::exit_status(compare_inner(args, out).map(|interrupted| {
        if interrupted {
            live::EXIT_INTERRUPTED
        } else {
            0
        }
    }))
}

/// Runs the comparison and writes its table; returns whether Ctrl+C stopped it.
fn compare_inner(args: &CompareArgs, out: &mut dyn Write) -> Result<bool, ScenarioError> {
    let scenario = super::load_scenario(&args.scenario)?;
    let columns = args.columns()?;
    // One budget for the whole comparison, shared equally by its columns.
    let total =
        (args.settings.max_memory.or(scenario.search.max_memory)).unwrap_or(DEFAULT_MAX_MEMORY);
    let share = MemorySize((total.0 / columns.len() as u64).max(1));
    let lanes = columns
        .into_iter()
        .map(|(label, spec)| {
            let spec = SearchSpec {
                max_memory: Some(share),
                ..spec
            };
            Ok(Lane {
                label,
                session: scenario.session(&spec)?,
            })
        })
        .collect::<Result<Vec<_>, ScenarioError>>()?;
    let mut comparison = Lockstep::new(lanes);
    let interrupted = run(&mut comparison, args.max_steps.unwrap_or(u64::MAX));
    let table = comparison.table();
    let io = |e: std::io::Error| ScenarioError::Write {
        path: "standard output".into(),
        message: e.to_string(),
    };
    if args.json {
        let lanes: Vec<serde_json::Value> = table
            .iter()
            .map(|r| {
                serde_json::json!({
                    "label": r.label,
                    "outcome": r.outcome,
                    "steps": r.steps,
                    "states_checked": r.states_checked,
                    "states_stored": r.states_stored,
                    "max_open": r.max_open,
                    "cost": super::cost_json(r.cost),
                })
            })
            .collect();
        let mut json = serde_json::json!({
            "lanes": lanes,
            "first_difference": comparison.divergence(),
        });
        if interrupted {
            json["interrupted"] = true.into();
        }
        writeln!(out, "{json}").map_err(io)?;
        return Ok(interrupted);
    }
    let rows: Vec<[String; 7]> = table
        .iter()
        .map(|r| {
            [
                r.label.clone(),
                r.outcome.clone(),
                r.steps.to_string(),
                r.states_checked.to_string(),
                r.states_stored.to_string(),
                r.max_open.to_string(),
                r.cost.map_or_else(|| "-".into(), |c| c.to_string()),
            ]
        })
        .collect();
    write!(out, "{}", table_text(&rows)).map_err(io)?;
    match comparison.divergence() {
        Some(d) => {
            let picks: Vec<String> = table
                .iter()
                .zip(&d.picks)
                .map(|(r, p)| format!("{} picks {}", r.label, p.as_deref().unwrap_or("nothing")))
                .collect();
            writeln!(
                out,
                "picks first differ on step {}: {}",
                d.step,
                picks.join(", ")
            )
        }
        None => writeln!(out, "the picks never differ"),
    }
    .map_err(io)?;
    if interrupted {
        let step = table.iter().map(|r| r.steps).max().unwrap_or(0);
        writeln!(
            out,
            "Stopped by Ctrl+C at step {step}: a column still running shows outcome running"
        )
        .map_err(io)?;
    }
    Ok(interrupted)
}

/// Steps every column until each has ended or `max_steps` steps were taken, with a progress
/// bar of the columns ended on a terminal; returns whether Ctrl+C stopped it first.
fn run(comparison: &mut Lockstep, max_steps: u64) -> bool {
    let ended = |c: &Lockstep| {
        c.lanes()
            .iter()
            .filter(|l| l.session.view().outcome().is_some())
            .count()
    };
    let progress = Progress::new(comparison.lanes().len(), "columns");
    live::listen();
    let mut taken = 0;
    while !comparison.is_over() && taken < max_steps {
        comparison.step();
        taken += 1;
        if taken % live::SLICE == 0 {
            if live::interrupted() {
                return true;
            }
            progress.set(ended(comparison));
            progress.note(|| format!("step {taken}"));
        }
    }
    false
}

/// The table's heads, each over its column.
const HEADS: [&str; 7] = [
    "setting",
    "outcome",
    "steps",
    "checked",
    "stored",
    "largest open",
    "cost",
];

/// The table as text: each column as wide as its widest cell or head, words (the setting and
/// the outcome) to the left and numbers to the right, with each head aligned as its column is.
fn table_text(rows: &[[String; 7]]) -> String {
    let widths: Vec<usize> = (0..HEADS.len())
        .map(|i| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([HEADS[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: [&str; 7]| {
        let mut text = String::new();
        for (i, cell) in cells.iter().enumerate() {
            let width = widths[i];
            let cell = if i < 2 {
                format!("{cell:<width$}")
            } else {
                format!("{cell:>width$}")
            };
            if i > 0 {
                text.push_str("  ");
            }
            text.push_str(&cell);
        }
        text.trim_end().to_string() + "\n"
    };
    let mut text = line(HEADS);
    for r in rows {
        text.push_str(&line(std::array::from_fn(|i| r[i].as_str())));
    }
    text
}
