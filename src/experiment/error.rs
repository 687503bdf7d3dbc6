//! Why an experiment cannot run as asked: a contender it cannot run, or a plan with nothing to
//! run, each with the words the command line and the Experiment window show.

use super::EIGHT_PUZZLE_DEEPEST;
use crate::engine::names::UnknownName;
use crate::engine::settings::{Algorithm, Heuristic};

/// What is wrong with the contenders or the plan of an experiment.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExperimentError {
    /// An algorithm or heuristic name that is not one.
    #[error(transparent)]
    UnknownName(#[from] UnknownName),
    /// An algorithm that cannot solve the 8-puzzle (generate and test places queens).
    #[error("{} only applies to N-queens, not the 8-puzzle", .0.cli_name())]
    NotForThePuzzle(Algorithm),
    /// A heuristic of another domain.
    #[error(
        "'{}' is not an 8-puzzle heuristic (expected manhattan, misplaced, linear-conflict or \
         zero)",
        .0.cli_name()
    )]
    NotAPuzzleHeuristic(Heuristic),
    /// A depth list entry that is not a whole number.
    #[error("'{text}' is not a depth (a whole number)")]
    NotADepth { text: String },
    /// The plan names no depth.
    #[error("no depths to run: give at least one, e.g. --depths 2,4,6")]
    NoDepths,
    /// A depth no 8-puzzle instance has as its optimal depth.
    #[error(
        "depth {depth} has no instances: 8-puzzle optimal depths run from 1 to \
         {EIGHT_PUZZLE_DEEPEST}"
    )]
    NoInstances { depth: u32 },
    /// Zero instances per depth.
    #[error("--per-depth must be at least 1")]
    NoRunsPerDepth,
    /// The plan names no contender.
    #[error("no algorithm to run")]
    NoContenders,
}
