//! The scenario's data model: the problem instance, the search settings and the lesson's
//! checkable points, as a scenario file holds them; and why a scenario could not be used.

use super::spec::SearchSpec;
use super::watch::Watch;
use crate::domains::Instance;
use crate::domains::graph::{GraphEdge, GraphNode};
use crate::domains::grid::{Cell as GridCell, Moves};
use crate::domains::queens::Cell;
use crate::domains::sokoban::SokobanCost;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// A problem instance plus search settings. Unknown fields are errors (a misspelled `gaol:`
/// must not silently run with the default), here and in every struct a scenario holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    #[serde(default)]
    pub title: String,
    /// What a learner should watch for.
    #[serde(default)]
    pub notes: String,
    /// The notes' checkable points, shown as a checklist in the Lesson panel.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub watch: Vec<Watch>,
    pub problem: ProblemSpec,
    #[serde(default)]
    pub search: SearchSpec,
    /// The folder relative file names in the problem are read from.
    #[serde(skip)]
    pub base_dir: PathBuf,
}

/// Declares [`ProblemSpec`]: first the domains written out in it (their instances name files,
/// or the app edits them in place), then one line for each domain whose instance is its own
/// type ([`Instance`]), which [`ProblemSpec::instance`] then finds with no further line.
macro_rules! problem_spec {
    ({ $($written:tt)* } $($(#[$doc:meta])* $name:ident($spec:ty),)*) => {
        /// The problem instance, one variant per domain.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub enum ProblemSpec {
            $($written)*
            $($(#[$doc])* $name($spec),)*
        }

        impl ProblemSpec {
            /// The variants of the domains that are their own type, as scenario files name them.
            pub const INSTANCES: &'static [&'static str] = &[$(stringify!($name)),*];

            /// The instance of a domain that is its own type, which builds its own search;
            /// `None` for the domains written out in the enum, which the scenario builds.
            #[must_use]
            pub fn instance(&self) -> Option<&dyn Instance> {
                match self {
                    $(ProblemSpec::$name(spec) => Some(spec),)*
                    _ => None,
                }
            }
        }
    };
}

problem_spec! {
    {
        SlidingPuzzle {
            width: usize,
            height: usize,
            start: Vec<u8>,
            /// Empty: tiles in order with the blank last.
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            goal: Vec<u8>,
        },
        /// N queens on an N×N board, optionally around a queen locked on a square
        /// (`NQueens(size: 8, locked: Some((row: 3, col: 5)))`, counted from 0).
        NQueens {
            #[serde(default = "eight")]
            size: usize,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            locked: Option<Cell>,
        },
        /// A grid map, written inline as rows of text (`map`) or read from a file (`map_file`,
        /// relative to the scenario: a Moving AI `.map`, or plain rows). `moves` defaults to
        /// `Eight`, the Moving AI rule.
        Grid {
            #[serde(default, skip_serializing_if = "Option::is_none")]
            map: Option<String>,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            map_file: Option<String>,
            start: GridCell,
            goal: GridCell,
            #[serde(default)]
            moves: Moves,
        },
        /// An explicit weighted graph: named nodes (position for drawing, h), edges
        /// `("from", "to", cost)`, undirected unless `directed: true`.
        Graph {
            nodes: Vec<GraphNode>,
            edges: Vec<GraphEdge>,
            #[serde(default)]
            directed: bool,
            start: String,
            goal: String,
        },
        /// A Sokoban level, inline (`level`) or from a file (`level_file`, relative to the
        /// scenario); a file with several levels takes `index` (from 1) or `title`. `cost` defaults
        /// to `Pushes`.
        Sokoban {
            #[serde(default, skip_serializing_if = "Option::is_none")]
            level: Option<String>,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            level_file: Option<String>,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            index: Option<usize>,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            title: Option<String>,
            #[serde(default)]
            cost: SokobanCost,
        },
    }
    /// Missionaries and cannibals (`Missionaries(missionaries: 3, cannibals: 3, boat: 2)`).
    Missionaries(crate::domains::missionaries::Spec),
}

fn eight() -> usize {
    8
}

/// Why a scenario could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    #[error("cannot read {path}: {message}")]
    Read { path: String, message: String },
    #[error("{path}: line {line}, column {column}: {message}")]
    Syntax {
        path: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{0}")]
    Invalid(String),
    #[error("cannot save {path}: {message}")]
    Write { path: String, message: String },
    /// An output may not go where it was asked to (not a regular file, one of the inputs).
    #[error(transparent)]
    Output(#[from] crate::files::FileError),
    /// A lesson item's claims that the search does not bear out.
    #[error(transparent)]
    Watch(#[from] super::watch::WatchError),
}
