//! The headless face: `frontier run`, the same engine the app drives, as text or JSON.

mod after_step;
mod arg_error;
mod compare;
mod experiment;
pub mod live;
mod posthoc;
mod replay;
mod summary;
mod tree;

pub use arg_error::{ArgError, TimeLimitProblem};
pub use compare::{CompareArgs, compare};
pub use experiment::{ExperimentArgs, experiment};
pub use posthoc::{TraceArgs, TraceCommand, trace_command};
pub use replay::{ReplayArgs, replay};
pub use summary::Summary;
pub use tree::{TreeArgs, tree};

use crate::engine::breakpoint::Breakpoint;
use crate::engine::cost::Cost;
use crate::engine::memory::MemorySize;
use crate::engine::settings::{Algorithm, Candidates, Heuristic, TieKey};
use crate::scenario::{Scenario, ScenarioError, SearchSpec};
use clap::{Args, Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;

pub mod scen;

/// Frontier: step through classic search algorithms. With no command, opens the desktop app.
#[derive(Debug, Parser)]
#[command(name = "frontier", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Runs a scenario to the end (or a limit) and prints the summary.
    Run(RunArgs),
    /// Opens a scenario in the desktop app.
    Open {
        /// The scenario file; the built-in puzzle (the A* chapter's 542703816) when left out.
        scenario: Option<PathBuf>,
        /// A share link (the web page's address, or just its `#scenario=…&at=…`): opens its
        /// scenario at its step, as the page does.
        #[arg(long, value_name = "URL", conflicts_with = "scenario")]
        link: Option<String>,
        /// Opens with the search already at this step (a number, or `end`), stepped before the
        /// window shows: the slide-ready moment, prepared ahead of class.
        #[arg(long, value_name = "STEP", value_parser = OpenAt::parse)]
        at: Option<OpenAt>,
        /// The memory budget of the app's searches (see `run --max-memory`).
        #[arg(long, value_name = "SIZE", value_parser = MemorySize::parse)]
        max_memory: Option<MemorySize>,
    },
    /// Runs every query of a Moving AI `.scen` file and compares each cost with its optimal
    /// length.
    Scen(scen::ScenArgs),
    /// Replays a saved trace (checking it against this engine) and prints the summary.
    Replay(ReplayArgs),
    /// Runs several settings side by side on one scenario and tables what each cost.
    Compare(CompareArgs),
    /// Prints the search tree at a step (what the app's Tree tab draws), as text or JSON.
    Tree(TreeArgs),
    /// The textbook's experiment: mean search cost and effective branching factor by optimal
    /// depth over random instances (Russell & Norvig, Figure 3.29).
    Experiment(ExperimentArgs),
    /// Reads Posthoc search traces of other solvers: `inspect` one, `compare` two.
    Trace(TraceArgs),
}

/// Where `frontier open --at` puts the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenAt {
    /// After this many steps (or at the end, if the search ends sooner).
    Step(u64),
    /// At the end of the search.
    End,
}

impl OpenAt {
    /// Parses `--at`: a step number or `end`.
    ///
    /// # Errors
    /// [`ArgError::NotAStep`] when `text` is neither.
    pub fn parse(text: &str) -> Result<OpenAt, ArgError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("end") {
            return Ok(OpenAt::End);
        }
        text.parse()
            .map(OpenAt::Step)
            .map_err(|_| ArgError::NotAStep { text: text.into() })
    }

    /// The step to stop at: `u64::MAX` for the end (the search ends first).
    #[must_use]
    pub fn target(self) -> u64 {
        match self {
            OpenAt::Step(n) => n,
            OpenAt::End => u64::MAX,
        }
    }
}

/// What `frontier open` opens: the scenario file, the share link's scenario, or the built-in
/// puzzle; at the step `--at` gives, else the link's, else the start (`u64::MAX`: the end).
///
/// # Errors
/// The file or the link cannot be read.
pub fn opening(
    file: Option<&std::path::Path>,
    link: Option<&str>,
    at: Option<OpenAt>,
) -> Result<(Scenario, u64), ScenarioError> {
    let (scenario, linked_at) = match (file, link) {
        (Some(path), _) => (Scenario::load(path)?, 0),
        (None, Some(link)) => {
            let shared = crate::share::parse(link)?;
            (shared.scenario, shared.at)
        }
        (None, None) => (Scenario::built_in(), 0),
    };
    Ok((scenario, at.map_or(linked_at, OpenAt::target)))
}

/// A tie-break policy as one value (clap would read a bare `Vec` as many values).
pub type TiePolicy = Vec<TieKey>;

/// Options that override the scenario's search settings.
#[derive(Debug, Args, Default)]
pub struct SearchArgs {
    /// astar, dijkstra, bfs, greedy, weighted-astar, ida-star, iddfs, backtracking,
    /// generate-and-test
    #[arg(long, value_parser = Algorithm::from_cli)]
    pub algorithm: Option<Algorithm>,
    /// manhattan, misplaced, linear-conflict, zero, queens-left, octile, euclidean, chebyshev,
    /// given, nearest-goal, matching
    #[arg(long, value_parser = Heuristic::from_cli)]
    pub heuristic: Option<Heuristic>,
    #[command(flatten)]
    pub settings: SettingArgs,
}

impl SearchArgs {
    /// The overrides as a spec.
    #[must_use]
    pub fn spec(&self) -> SearchSpec {
        SearchSpec {
            algorithm: self.algorithm,
            heuristic: self.heuristic,
            ..self.settings.spec()
        }
    }
}

/// The settings besides the algorithm and the heuristic, given for one run or for every
/// column of `compare` alike.
#[derive(Debug, Args, Default)]
pub struct SettingArgs {
    /// Comma-separated keys applied after the priority: lowest-h, highest-g, lowest-g, fifo, lifo
    #[arg(long, value_parser = TieKey::parse_policy)]
    pub tie_break: Option<TiePolicy>,
    /// The w of weighted A* (f = g + w·h).
    #[arg(long)]
    pub weight: Option<f64>,
    /// Most rows the notebook may hold.
    #[arg(long)]
    pub max_states: Option<usize>,
    /// Keep searching after a goal and count every solution.
    #[arg(long)]
    pub all: bool,
    /// Prune a child that leaves a row still to fill with no safe square (N-queens).
    #[arg(long)]
    pub forward_checking: bool,
    /// Depth bound for backtracking (and the last threshold of iterative deepening).
    #[arg(long)]
    pub depth_limit: Option<u32>,
    /// Generate and test's candidate boards: one-per-row, all-squares
    #[arg(long, value_parser = Candidates::from_cli)]
    pub candidates: Option<Candidates>,
    /// Let A* run with a heuristic that can overestimate for this problem (e.g. Manhattan
    /// distance with diagonal moves); refused otherwise.
    #[arg(long)]
    pub allow_inadmissible: bool,
    /// The memory budget: bytes or a size such as "512 MiB" (default 1 GiB). A search that
    /// reaches it stops with outcome limit_reached; `compare` shares it equally among its
    /// columns.
    #[arg(long, value_name = "SIZE", value_parser = MemorySize::parse)]
    pub max_memory: Option<MemorySize>,
}

impl SettingArgs {
    /// The settings given, as a spec (no algorithm, no heuristic).
    #[must_use]
    pub fn spec(&self) -> SearchSpec {
        SearchSpec {
            tie_break: self.tie_break.clone(),
            max_states: self.max_states,
            weight: self.weight,
            all_solutions: self.all.then_some(true),
            forward_checking: self.forward_checking.then_some(true),
            depth_limit: self.depth_limit,
            candidates: self.candidates,
            allow_inadmissible: self.allow_inadmissible.then_some(true),
            max_memory: self.max_memory,
            ..SearchSpec::default()
        }
    }
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// The scenario file (RON).
    pub scenario: PathBuf,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Stop after this many steps (outcome `step_limit`).
    #[arg(long)]
    pub max_steps: Option<u64>,
    /// Prints every step as the app's step log does: a line for the pick and why it won, then a
    /// line for each successor and what became of it, and the step's note.
    #[arg(long)]
    pub verbose: bool,
    /// One JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
    /// Saves the run as a trace (RON) to replay with `frontier replay`.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Saves counts and the pick per step as CSV.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Saves a Posthoc search trace (YAML), to open in Posthoc or read with `frontier trace`.
    #[arg(long, value_name = "FILE")]
    pub posthoc: Option<PathBuf>,
    /// Stops at a breakpoint: goal, f-rises, reopened, state=TEXT, tie>=K, open>N, step=N
    /// (repeat for several; the first hit stops).
    #[arg(long, value_name = "BREAKPOINT")]
    pub until: Vec<Breakpoint>,
}

/// A cost as JSON: whole costs as integers (12, as the A* chapter counts moves), others as reals.
pub(crate) fn cost_json(cost: Option<Cost>) -> serde_json::Value {
    match cost {
        None => serde_json::Value::Null,
        Some(c) => c
            .as_whole()
            .map_or_else(|| serde_json::json!(c.as_f64()), |w| serde_json::json!(w)),
    }
}

/// Exit status for unusable input (unreadable file, malformed RON, unknown option value).
pub const EXIT_UNUSABLE: u8 = 2;

/// A command's exit status: its own when it ran, [`EXIT_UNUSABLE`] (with the reason on
/// standard error) when its input was unusable.
pub(crate) fn exit_status<E: std::fmt::Display>(result: Result<u8, E>) -> u8 {
    result.unwrap_or_else(|e| {
        eprintln!("frontier: {e}");
        EXIT_UNUSABLE
    })
}

/// Runs `frontier run`; returns the exit status.
#[must_use]
pub fn run(args: &RunArgs, out: &mut dyn Write) -> u8 {
    exit_status(run_inner(args, out).map(|()| 0))
}

/// Reads a scenario file for a command, with every file it names checked as input
/// ([`Scenario::check_input`]): the CLI's one rule is that anything wrong with a file the user
/// gave is unusable input (exit 2), while a well-formed instance that cannot be searched runs
/// to outcome `refused` (exit 0).
///
/// # Errors
/// The scenario or a file it names is unreadable or malformed.
pub(crate) fn load_scenario(path: &std::path::Path) -> Result<Scenario, ScenarioError> {
    let scenario = Scenario::load(path)?;
    scenario.check_input(&path.display().to_string())?;
    Ok(scenario)
}

fn run_inner(args: &RunArgs, out: &mut dyn Write) -> Result<(), ScenarioError> {
    let scenario = load_scenario(&args.scenario)?;
    let domain_files = scenario.input_files();
    let inputs: Vec<&std::path::Path> = std::iter::once(args.scenario.as_path())
        .chain(domain_files.iter().map(PathBuf::as_path))
        .collect();
    let outputs: Vec<&std::path::Path> = [&args.trace, &args.csv, &args.posthoc]
        .into_iter()
        .flatten()
        .map(PathBuf::as_path)
        .collect();
    crate::files::check_outputs(&inputs, &outputs)?;
    let mut session = scenario.session(&args.search.spec())?;
    let mut extras = after_step::AfterStep::new(args, &scenario, session.shown())?;
    let max_steps = args.max_steps.unwrap_or(u64::MAX);
    let io = |e: std::io::Error| ScenarioError::Write {
        path: "standard output".into(),
        message: e.to_string(),
    };
    while session.shown().outcome().is_none() && session.shown().steps() < max_steps {
        session.step();
        let view = session.shown();
        if args.verbose && !args.json {
            for line in view.event_lines(view.last_event()) {
                writeln!(out, "{line}").map_err(io)?;
            }
        }
        if extras.after_step(view)? {
            break;
        }
    }
    let session = session.shown();
    let mut summary = Summary::of(session);
    extras.finish(session, &mut summary)?;
    if args.json {
        let mut json = summary.json();
        json["stopped_by"] = extras.stopped_by_json();
        json["heuristic_warnings"] = serde_json::json!(session.heuristic_warnings());
        writeln!(out, "{json}").map_err(io)?;
    } else {
        write!(out, "{}{}", summary.text(), extras.text(args, &summary)).map_err(io)?;
        for warning in session.heuristic_warnings() {
            writeln!(out, "warning: step {}: {}", warning.step, warning.words).map_err(io)?;
        }
    }
    Ok(())
}
