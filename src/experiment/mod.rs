//! The textbook's experiment (Russell & Norvig, AIMA 3rd ed., Figure 3.29): for each solution
//! depth d, random 8-puzzle instances of exactly that optimal depth, each solved by every
//! contender (iterative deepening, A* with misplaced tiles, A* with Manhattan distance), and the
//! mean cost and effective branching factor per depth.
//!
//! Instances are drawn uniformly from the exact distance layers of the whole 8-puzzle
//! ([`layers`]), deterministically from the seed ([`rng`]). Each run is an ordinary search built
//! by the scenario code with the settings the app would use, so the table measures the very
//! searches a learner steps through. The job ([`job::Experiment`]) advances in bounded slices of
//! steps, so a face can run it on a worker thread or a few milliseconds per frame.

pub mod branching;
mod error;
pub mod job;
pub mod layers;
pub mod rng;

use crate::engine::settings::{Algorithm, Heuristic};
use crate::scenario::{ProblemSpec, Scenario, SearchSpec};
pub use error::ExperimentError;
use serde::Serialize;
use std::fmt;

/// States of the 8-puzzle reachable from its goal (9!/2): the most rows any best-first search
/// of it can store, so runs get this as their notebook limit instead of the app's small default.
pub const EIGHT_PUZZLE_STATES: usize = 181_440;

/// The largest optimal depth of any 8-puzzle instance.
pub const EIGHT_PUZZLE_DEEPEST: u32 = 31;

/// One column group of the table: an algorithm and, where it uses one, its heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Contender {
    pub algorithm: Algorithm,
    pub heuristic: Option<Heuristic>,
}

impl Contender {
    /// The textbook's three: iterative deepening, A* with h1 (misplaced), A* with h2 (Manhattan).
    pub const TEXTBOOK: [Contender; 3] = [
        Contender {
            algorithm: Algorithm::Iddfs,
            heuristic: None,
        },
        Contender {
            algorithm: Algorithm::AStar,
            heuristic: Some(Heuristic::Misplaced),
        },
        Contender {
            algorithm: Algorithm::AStar,
            heuristic: Some(Heuristic::Manhattan),
        },
    ];

    /// Parses `ALGORITHM` or `ALGORITHM:HEURISTIC` in command-line names (`iddfs`,
    /// `astar:misplaced`).
    ///
    /// # Errors
    /// An unknown name, or an algorithm that cannot solve the 8-puzzle (generate and test).
    pub fn parse(text: &str) -> Result<Contender, ExperimentError> {
        let (algorithm, heuristic) = match text.trim().split_once(':') {
            Some((a, h)) => (a, Some(Heuristic::from_cli(h.trim())?)),
            None => (text.trim(), None),
        };
        let algorithm = Algorithm::from_cli(algorithm.trim())?;
        if algorithm == Algorithm::GenerateAndTest {
            return Err(ExperimentError::NotForThePuzzle(algorithm));
        }
        if let Some(h) = heuristic
            && !matches!(
                h,
                Heuristic::Manhattan
                    | Heuristic::Misplaced
                    | Heuristic::LinearConflict
                    | Heuristic::Zero
            )
        {
            return Err(ExperimentError::NotAPuzzleHeuristic(h));
        }
        Ok(Contender {
            algorithm,
            heuristic,
        })
    }

    /// A comma-separated list of [`Contender::parse`].
    ///
    /// # Errors
    /// The first entry that does not parse.
    pub fn parse_list(text: &str) -> Result<Vec<Contender>, ExperimentError> {
        text.split(',').map(Contender::parse).collect()
    }

    /// The settings of this contender's runs: the app's defaults for everything not named
    /// here, and room for the whole 8-puzzle in the notebook.
    #[must_use]
    pub fn spec(self) -> SearchSpec {
        SearchSpec {
            algorithm: Some(self.algorithm),
            heuristic: self.heuristic,
            max_states: Some(EIGHT_PUZZLE_STATES),
            ..SearchSpec::default()
        }
    }

    /// The instance `tiles` as a scenario searched by this contender: what the app opens when a
    /// cell is clicked.
    #[must_use]
    pub fn scenario(self, tiles: &[u8], depth: u32) -> Scenario {
        Scenario {
            title: format!("8-puzzle of optimal depth {depth} (experiment)"),
            notes: format!(
                "An instance drawn by the Experiment window: its shortest route is {depth} moves."
            ),
            watch: Vec::new(),
            problem: ProblemSpec::SlidingPuzzle {
                width: 3,
                height: 3,
                start: tiles.to_vec(),
                goal: Vec::new(),
            },
            search: self.spec(),
            base_dir: std::path::PathBuf::new(),
        }
    }

    /// The command-line name (`astar:manhattan`).
    #[must_use]
    pub fn cli_name(self) -> String {
        match self.heuristic {
            Some(h) => format!("{}:{}", self.algorithm.cli_name(), h.cli_name()),
            None => self.algorithm.cli_name().into(),
        }
    }
}

/// "IDDFS", "A* (misplaced)": a short column heading.
impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self.algorithm {
            Algorithm::Iddfs => "IDDFS".to_string(),
            a => a.to_string(),
        };
        match self.heuristic {
            Some(h) => write!(f, "{name} ({})", h.cli_name()),
            None => f.write_str(&name),
        }
    }
}

/// What to run: which depths, how many instances each, the seed and the contenders.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Plan {
    pub depths: Vec<u32>,
    pub per_depth: usize,
    pub seed: u64,
    pub contenders: Vec<Contender>,
    /// States a run may store; a run that needs more stops, and its cell (and the contender's
    /// deeper cells) show "—", as the textbook's iterative deepening column does.
    pub budget: u64,
}

/// States a run may store by default: enough for every A* run of the 8-puzzle (at most
/// 181,440), while iterative deepening passes it from about depth 16 on and its column stops
/// there, as the textbook's does from 14 on; it keeps the default table to seconds.
pub const DEFAULT_BUDGET: u64 = 100_000;

impl Default for Plan {
    /// The textbook's table: depths 2, 4, …, 24, 100 instances each.
    fn default() -> Plan {
        Plan {
            depths: (1..=12).map(|i| 2 * i).collect(),
            per_depth: 100,
            seed: 1,
            contenders: Contender::TEXTBOOK.to_vec(),
            budget: DEFAULT_BUDGET,
        }
    }
}

impl Plan {
    /// Whether the plan can run.
    ///
    /// # Errors
    /// What is wrong: no depths, a depth without instances, no runs per depth, or no
    /// contenders.
    pub fn check(&self) -> Result<(), ExperimentError> {
        if self.depths.is_empty() {
            return Err(ExperimentError::NoDepths);
        }
        if let Some(d) = self
            .depths
            .iter()
            .find(|&&d| d == 0 || d > EIGHT_PUZZLE_DEEPEST)
        {
            return Err(ExperimentError::NoInstances { depth: *d });
        }
        if self.per_depth == 0 {
            return Err(ExperimentError::NoRunsPerDepth);
        }
        if self.contenders.is_empty() {
            return Err(ExperimentError::NoContenders);
        }
        Ok(())
    }

    /// Parses a comma-separated list of depths (`2,4,6`).
    ///
    /// # Errors
    /// The entry that is not a whole number.
    pub fn parse_depths(text: &str) -> Result<Vec<u32>, ExperimentError> {
        text.split(',')
            .map(|d| {
                d.trim().parse().map_err(|_| ExperimentError::NotADepth {
                    text: d.trim().into(),
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
