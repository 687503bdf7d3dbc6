//! `frontier scen FILE.scen`: runs every query of a Moving AI scenario file on its map and
//! compares each cost with the file's optimal length. This is how a user checks the engine on
//! real maps.

use super::SearchArgs;
use crate::domains::grid::{Grid, GridMap, Moves};
use crate::domains::movingai::{self, Query};
use crate::engine::search::Search;
use crate::engine::settings::Heuristic;
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct ScenArgs {
    /// The `.scen` file; its map is looked up beside it by the file name of the map path each
    /// query names.
    pub scen: PathBuf,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Stop each query after this many steps (it is then reported as stopped at a limit).
    #[arg(long)]
    pub max_steps: Option<u64>,
    /// One JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A query whose cost did not match.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch {
    pub query: Query,
    /// The cost found, or `None` with the outcome's words when no route was found.
    pub cost: Option<f64>,
    pub outcome: String,
    /// Whether the query stopped at a limit (steps, states or memory) before it could end.
    pub limited: bool,
}

/// The result of running a whole scenario file.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenReport {
    pub queries: usize,
    pub matched: usize,
    pub mismatches: Vec<Mismatch>,
    pub states_checked: u64,
    pub algorithm: String,
}

impl ScenReport {
    /// How many queries stopped at a limit (`--max-steps`, `--max-states`, `--max-memory`).
    #[must_use]
    pub fn limited(&self) -> usize {
        self.mismatches.iter().filter(|m| m.limited).count()
    }

    /// The JSON object `--json` prints.
    #[must_use]
    pub fn json(&self) -> serde_json::Value {
        let mismatches: Vec<_> = self
            .mismatches
            .iter()
            .map(|m| {
                serde_json::json!({
                    "line": m.query.line,
                    "start": [m.query.start.x, m.query.start.y],
                    "goal": [m.query.goal.x, m.query.goal.y],
                    "expected": m.query.optimal,
                    "cost": m.cost,
                    "outcome": m.outcome,
                    "limited": m.limited,
                })
            })
            .collect();
        serde_json::json!({
            "algorithm": self.algorithm,
            "queries": self.queries,
            "matched": self.matched,
            "mismatches": mismatches,
            "limited": self.limited(),
            "states_checked": self.states_checked,
        })
    }

    /// The text report.
    #[must_use]
    pub fn text(&self) -> String {
        let mut text = format!(
            "{} of {} queries matched the optimal length ({}; {} states checked)\n",
            self.matched, self.queries, self.algorithm, self.states_checked
        );
        if self.limited() > 0 {
            text.push_str(&format!(
                "{} queries stopped at a limit (steps, states or memory) before they could end\n",
                self.limited()
            ));
        }
        for m in &self.mismatches {
            let found = m
                .cost
                .map_or_else(|| m.outcome.clone(), |c| format!("{c:.6}"));
            text.push_str(&format!(
                "line {}: ({}, {}) → ({}, {}): expected {}, found {found}\n",
                m.query.line,
                m.query.start.x,
                m.query.start.y,
                m.query.goal.x,
                m.query.goal.y,
                m.query.optimal
            ));
        }
        text
    }
}

/// Runs `frontier scen`; returns the exit status (0 when it ran, whatever matched).
#[must_use]
pub fn run(args: &ScenArgs, out: &mut dyn Write) -> u8 {
    super::exit_status(
        check_file(&args.scen, &args.search, args.max_steps).and_then(|report| {
            let text = if args.json {
                format!("{}\n", report.json())
            } else {
                report.text()
            };
            out.write_all(text.as_bytes())
                .map(|()| 0)
                .map_err(|e| format!("cannot write the report: {e}"))
        }),
    )
}

/// Reads a `.scen` file and its map(s) and runs every query, each for at most `max_steps`
/// steps (no bound when `None`).
///
/// # Errors
/// An unreadable or malformed scenario or map file.
pub fn check_file(
    path: &Path,
    search: &SearchArgs,
    max_steps: Option<u64>,
) -> Result<ScenReport, String> {
    let read =
        |p: &Path| crate::read_text(p).map_err(|e| format!("cannot read {}: {e}", p.display()));
    let queries =
        movingai::parse_scen(&read(path)?).map_err(|e| format!("{}: {e}", path.display()))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut maps: Vec<(String, GridMap)> = Vec::new();
    for q in &queries {
        if !maps.iter().any(|(name, _)| *name == q.map) {
            let file = Path::new(&q.map)
                .file_name()
                .ok_or_else(|| format!("line {}: no map file name in '{}'", q.line, q.map))?;
            let map_path = dir.join(file);
            let map = movingai::parse_map(&read(&map_path)?)
                .map_err(|e| format!("{}: {e}", map_path.display()))?;
            maps.push((q.map.clone(), map));
        }
    }
    let mut report = ScenReport {
        queries: queries.len(),
        matched: 0,
        mismatches: Vec::new(),
        states_checked: 0,
        algorithm: String::new(),
    };
    for q in queries {
        let map = &maps
            .iter()
            .find(|(name, _)| *name == q.map)
            .expect("loaded above")
            .1;
        if (map.width, map.height) != (q.width, q.height) {
            return Err(format!(
                "line {}: the query is for a {}×{} map but {} is {}×{}",
                q.line, q.width, q.height, q.map, map.width, map.height
            ));
        }
        let cells = map.width * map.height;
        let mut spec = search.spec();
        spec.max_states = spec.max_states.or(Some(cells + 1));
        let settings = spec.resolve(Heuristic::Octile);
        report.algorithm = settings.algorithm.cli_name().to_string();
        let mut s = Search::new(
            Grid::new(Ok(map.clone()), q.start, q.goal, Moves::Eight),
            settings,
        );
        let outcome = s.run(max_steps.unwrap_or(u64::MAX)).cloned();
        report.states_checked += s.counts().states_checked;
        let cost = s
            .solution()
            .and_then(|route| route.last().copied())
            .map(|id| s.core().notebook.node(id).g.as_f64());
        match cost {
            Some(c) if (c - q.optimal).abs() <= q.tolerance => report.matched += 1,
            _ => report.mismatches.push(Mismatch {
                query: q,
                cost,
                limited: outcome.as_ref().is_none_or(|o| o.code() == "limit_reached"),
                outcome: outcome.map_or_else(
                    || format!("step limit reached after {} steps", s.steps()),
                    |o| o.to_string(),
                ),
            }),
        }
    }
    Ok(report)
}
