//! Problem families, one module each: parsing, moves, heuristics, validation.

pub mod graph;
pub mod grid;
pub mod movingai;
pub mod queens;
pub mod sliding;
pub mod sokoban;

use crate::engine::problem::Refusal;

/// Something wrong with the text of a map or level the user gave, and where: line and column
/// counted from 1 in that text. The CLI reports it as unusable input (exit 2); the app shows it
/// as the instance's refusal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct Malformed {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl Malformed {
    /// A defect at `line`, `column` (from 1).
    #[must_use]
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> Malformed {
        Malformed {
            line,
            column,
            message: message.into(),
        }
    }
}

impl From<Malformed> for Refusal {
    fn from(m: Malformed) -> Refusal {
        Refusal(m.to_string())
    }
}
