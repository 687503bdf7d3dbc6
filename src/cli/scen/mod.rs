//! `frontier scen FILE.scen`: runs every query of a Moving AI scenario file on its map and
//! compares each cost with the file's optimal length. This is how a user checks the engine on
//! real maps.
//!
//! Each query's result is printed as it finishes (a text line, or a JSON line with
//! `--json-lines`), so a long run shows its progress and an interrupted one keeps what it did;
//! a summary follows. Every query is bounded (steps, or seconds), by default too
//! ([`DEFAULT_MAX_STEPS`]), and Ctrl+C stops the run with the summary of the queries done.

use super::live::{self, Progress};
use super::{ArgError, SearchArgs, TimeLimitProblem};
use crate::domains::movingai::Query;
use crate::engine::event::Outcome;
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

mod file;
mod report;

pub use file::{ScenFile, ScenFileError};
pub use report::ScenReport;

/// Steps each query may take when the command gives no bound of its own (no `--max-steps`,
/// `--time-limit` or `--no-limit`): this many, or [`DEFAULT_STEPS_PER_CELL`] per cell of the
/// largest map the file names when that is more.
///
/// Why this bound: breadth-first search, Dijkstra, A* and greedy search check each cell of the
/// map at most once (the notebook is sized to the map), so a bound of at least ten steps per
/// cell never stops them. Only the searches that check cells again reach it: IDA* and iterative
/// deepening, whose every iteration starts over (the steps of every iteration count), and
/// backtracking. On a 65×81 map with real-valued diagonal costs, IDA* raises its threshold
/// hundreds of times and some queries would run for hours. At about ten million steps a second
/// (a release build), a query gets a tenth of a second, so all 320 queries of
/// `den312d.map.scen` end in about half a minute. It counts steps rather than seconds so that a
/// run stops every query at the same step on every machine, and two runs can be compared line
/// by line.
pub const DEFAULT_MAX_STEPS: u64 = 1_000_000;

/// The default bound's steps per cell of the map, on maps larger than 100,000 cells.
pub const DEFAULT_STEPS_PER_CELL: u64 = 10;

#[derive(Debug, Args)]
pub struct ScenArgs {
    /// The `.scen` file; its map is looked up beside it by the file name of the map path each
    /// query names.
    pub scen: PathBuf,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Stop each query after this many steps (it is then reported as `step_limit`); the steps
    /// of every iteration of IDA* and iterative deepening count. Default, unless --time-limit
    /// or --no-limit is given: 1000000 steps (10 per cell on maps of more than 100000 cells),
    /// more than A*, Dijkstra or breadth-first search take on any map. Raise it with a larger N.
    #[arg(long, value_name = "N")]
    pub max_steps: Option<u64>,
    /// Stop each query after this many seconds (it is then reported as `time_limit`), e.g. 0.5
    /// or 30. Given alone, it replaces the default step limit.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// No step or time limit: every query runs until it ends (or until Ctrl+C).
    #[arg(long, conflicts_with_all = ["max_steps", "time_limit"])]
    pub no_limit: bool,
    /// One JSON object on stdout at the end (the summary, its mismatches listed) instead of
    /// text.
    #[arg(long, conflicts_with = "json_lines")]
    pub json: bool,
    /// One JSON object per line on stdout: each query as it finishes ("type": "query"), then
    /// the summary ("type": "summary", the fields of --json but the mismatches).
    #[arg(long)]
    pub json_lines: bool,
}

impl ScenArgs {
    /// The bounds on each query: the ones given, or the default step limit when none is.
    #[must_use]
    pub fn bounds(&self) -> Bounds {
        if self.no_limit {
            Bounds::default()
        } else if self.max_steps.is_some() || self.time_limit.is_some() {
            Bounds {
                max_steps: self.max_steps.map(StepBound::Given),
                time_limit: self.time_limit,
            }
        } else {
            Bounds {
                max_steps: Some(StepBound::Default),
                time_limit: None,
            }
        }
    }
}

/// Parses `--time-limit`: a number of seconds, more than 0.
///
/// # Errors
/// [`ArgError::NotATimeLimit`], with what is wrong: not a number, not above 0, or too long.
pub fn parse_seconds(text: &str) -> Result<Duration, ArgError> {
    let wrong = |why| ArgError::NotATimeLimit {
        text: text.into(),
        why,
    };
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| wrong(TimeLimitProblem::NotANumber))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(wrong(TimeLimitProblem::NotAboveZero));
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| wrong(TimeLimitProblem::TooLong))
}

/// How many steps each query may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepBound {
    /// The number `--max-steps` gave.
    Given(u64),
    /// [`DEFAULT_MAX_STEPS`], or [`DEFAULT_STEPS_PER_CELL`] per cell of the largest map.
    Default,
}

/// The bounds on each query of a run; `None`: no bound of that kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bounds {
    pub max_steps: Option<StepBound>,
    pub time_limit: Option<Duration>,
}

impl Bounds {
    /// The step limit on a file whose largest map has `cells` cells.
    #[must_use]
    pub fn steps(self, cells: usize) -> Option<u64> {
        self.max_steps.map(|bound| match bound {
            StepBound::Given(n) => n,
            StepBound::Default => DEFAULT_MAX_STEPS
                .max(DEFAULT_STEPS_PER_CELL.saturating_mul(u64::try_from(cells).unwrap_or(0))),
        })
    }
}

/// How a query ended.
#[derive(Clone, Debug, PartialEq)]
pub enum End {
    /// The search ended by itself: goal found, nothing left, a state or memory limit, refused.
    Ended(Outcome),
    /// The step limit stopped it.
    StepLimit,
    /// The time limit (this long) stopped it.
    TimeLimit(Duration),
}

impl End {
    /// The outcome's name: `goal_found`, `exhausted`, `limit_reached`, `refused`, or
    /// `step_limit` and `time_limit` for the bounds.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            End::Ended(o) => o.code(),
            End::StepLimit => "step_limit",
            End::TimeLimit(_) => "time_limit",
        }
    }

    /// Whether a limit (steps, time, states or memory) stopped the query before it could end.
    #[must_use]
    pub fn limited(&self) -> bool {
        matches!(
            self,
            End::Ended(Outcome::LimitReached | Outcome::OverBudget(_))
                | End::StepLimit
                | End::TimeLimit(_)
        )
    }
}

/// One query, run.
#[derive(Clone, Debug, PartialEq)]
pub struct QueryResult {
    pub query: Query,
    /// The cost of the route found, if any.
    pub cost: Option<f64>,
    /// Whether the cost is the file's optimal length (within its tolerance).
    pub matched: bool,
    pub end: End,
    pub steps: u64,
    pub states_checked: u64,
}

impl QueryResult {
    /// The end in words: "Goal found", "step limit reached after 200 steps", "time limit
    /// reached after 0.5 s (34816 steps)", "Limit reached: memory budget 64 KiB reached at
    /// step 128".
    #[must_use]
    pub fn words(&self) -> String {
        match &self.end {
            End::Ended(o) => o.to_string(),
            End::StepLimit => format!("step limit reached after {} steps", self.steps),
            End::TimeLimit(limit) => format!(
                "time limit reached after {} s ({} steps)",
                limit.as_secs_f64(),
                self.steps
            ),
        }
    }

    /// The query as JSON: where, what was expected and found, and how it ended (`outcome` in
    /// words, `code` as a name).
    #[must_use]
    pub fn json(&self) -> serde_json::Value {
        let q = &self.query;
        serde_json::json!({
            "line": q.line,
            "start": [q.start.x, q.start.y],
            "goal": [q.goal.x, q.goal.y],
            "expected": q.optimal,
            "cost": self.cost,
            "matched": self.matched,
            "code": self.end.code(),
            "outcome": self.words(),
            "limited": self.end.limited(),
            "steps": self.steps,
            "states_checked": self.states_checked,
        })
    }

    /// The query as one line of text.
    #[must_use]
    pub fn text(&self) -> String {
        let q = &self.query;
        let head = format!(
            "line {}: ({}, {}) → ({}, {}): expected {}",
            q.line, q.start.x, q.start.y, q.goal.x, q.goal.y, q.optimal
        );
        let found = match (self.cost, &self.end) {
            (Some(c), _) if self.matched => format!("found {c:.6}, matched"),
            (Some(c), _) => format!("found {c:.6}, mismatch"),
            (None, end) => {
                let why = match end {
                    End::Ended(o) => o.reason().map(|r| format!(", {r}")).unwrap_or_default(),
                    End::StepLimit => String::new(),
                    End::TimeLimit(limit) => format!(" of {} s", limit.as_secs_f64()),
                };
                format!("found nothing: {}{why}", end.code())
            }
        };
        format!("{head}, {found} ({} steps)\n", self.steps)
    }
}

/// Runs `frontier scen`; returns the exit status: 0 when it ran (whatever matched),
/// [`live::EXIT_INTERRUPTED`] when Ctrl+C stopped it, 2 for unusable input.
#[must_use]
pub fn run(args: &ScenArgs, out: &mut dyn Write) -> u8 {
    super::exit_status(run_inner(args, out))
}

/// Why writing stopped: standard output was closed by its reader (`frontier scen … | head`),
/// which ends the run quietly, or another error.
enum WriteError {
    Closed,
    Failed(String),
}

fn run_inner(args: &ScenArgs, out: &mut dyn Write) -> Result<u8, String> {
    let file = ScenFile::load(&args.scen).map_err(|e| e.to_string())?;
    live::listen();
    let progress = Progress::new(file.queries.len(), "queries");
    let write = |text: &str, out: &mut dyn Write| {
        progress.write(out, text).map_err(|e| {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                WriteError::Closed
            } else {
                WriteError::Failed(format!("cannot write the report: {e}"))
            }
        })
    };
    let written = report(args, &file, &progress, &write, out);
    progress.finish();
    match written {
        Ok(status) => Ok(status),
        Err(WriteError::Closed) => Ok(0),
        Err(WriteError::Failed(why)) => Err(why),
    }
}

/// Runs the queries, writing each result and then the summary as `args` asks; returns the exit
/// status.
fn report(
    args: &ScenArgs,
    file: &ScenFile,
    progress: &Progress,
    write: &dyn Fn(&str, &mut dyn Write) -> Result<(), WriteError>,
    out: &mut dyn Write,
) -> Result<u8, WriteError> {
    let report = file.run(&args.search, args.bounds(), progress, |result| {
        if args.json_lines {
            let mut json = result.json();
            json["type"] = "query".into();
            write(&format!("{json}\n"), out)
        } else if args.json {
            Ok(())
        } else {
            write(&result.text(), out)
        }
    })?;
    progress.finish();
    let summary = if args.json || args.json_lines {
        let mut json = report.json();
        if args.json_lines
            && let Some(fields) = json.as_object_mut()
        {
            // Each mismatch is on its own line above.
            fields.remove("mismatches");
            fields.insert("type".into(), "summary".into());
        }
        format!("{json}\n")
    } else if report.queries > 0 {
        format!("\n{}", report.text())
    } else {
        report.text()
    };
    write(&summary, out)?;
    Ok(if report.interrupted.is_some() {
        live::EXIT_INTERRUPTED
    } else {
        0
    })
}

/// Reads a `.scen` file and its map(s) and runs every query, each for at most `max_steps`
/// steps (no bound when `None`), printing nothing.
///
/// # Errors
/// An unreadable or malformed scenario or map file ([`ScenFileError`]).
pub fn check_file(
    path: &Path,
    search: &SearchArgs,
    max_steps: Option<u64>,
) -> Result<ScenReport, ScenFileError> {
    let bounds = Bounds {
        max_steps: max_steps.map(StepBound::Given),
        time_limit: None,
    };
    ScenFile::load(path)?.run(search, bounds, &Progress::hidden(), |_| Ok(()))
}
