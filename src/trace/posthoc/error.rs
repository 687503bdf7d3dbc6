//! Why a Posthoc trace could not be used at all ([`PosthocError`]), and why one was read only
//! in part ([`Stopped`]).

use serde::Serialize;
use std::fmt;

/// Why a Posthoc trace could not be used: unreadable, neither YAML nor JSON, or no `events`
/// list. A syntax error and a missing list say where (line and column, 1 first).
#[derive(Debug, thiserror::Error)]
pub enum PosthocError {
    #[error("cannot read {path}: {message}")]
    Read { path: String, message: String },
    #[error(
        "{path}: line {line}, column {column}: {message} (not a Posthoc search trace in YAML, \
         JSON or JSON lines)"
    )]
    Syntax {
        path: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{path}: line {line}, column {column}: {message}")]
    NoEvents {
        path: String,
        line: usize,
        column: usize,
        message: String,
    },
}

impl PosthocError {
    /// Where the error is (line, column), when it says.
    #[must_use]
    pub fn place(&self) -> Option<(usize, usize)> {
        match self {
            PosthocError::Read { .. } => None,
            PosthocError::Syntax { line, column, .. }
            | PosthocError::NoEvents { line, column, .. } => Some((*line, *column)),
        }
    }
}

/// A problem a parser met, before it is told which file it was in.
#[derive(Debug)]
pub(super) enum Problem {
    Read(String),
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    NoEvents {
        line: usize,
        column: usize,
        message: String,
    },
}

impl Problem {
    pub(super) fn syntax(line: usize, column: usize, message: impl Into<String>) -> Problem {
        Problem::Syntax {
            line: line.max(1),
            column: column.max(1),
            message: message.into(),
        }
    }

    pub(super) fn no_events(line: usize, column: usize, message: impl Into<String>) -> Problem {
        Problem::NoEvents {
            line: line.max(1),
            column: column.max(1),
            message: message.into(),
        }
    }

    pub(super) fn in_file(self, path: &str) -> PosthocError {
        let path = path.to_string();
        match self {
            Problem::Read(message) => PosthocError::Read { path, message },
            Problem::Syntax {
                line,
                column,
                message,
            } => PosthocError::Syntax {
                path,
                line,
                column,
                message,
            },
            Problem::NoEvents {
                line,
                column,
                message,
            } => PosthocError::NoEvents {
                path,
                line,
                column,
                message,
            },
        }
    }
}

/// Why reading stopped before the end of the input; the events read before it stay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Stopped {
    /// The input ended in the middle of an event (a solver still writing, a file cut short),
    /// or broke there.
    CutShort {
        line: usize,
        column: usize,
        message: String,
    },
    /// Holding more events would pass the memory budget.
    OverBudget { budget: u64, events: u64 },
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stopped::CutShort {
                line,
                column,
                message,
            } => write!(
                f,
                "the trace breaks off at line {line}, column {column} ({message}): the events \
                 before it are used"
            ),
            Stopped::OverBudget { budget, events } => write!(
                f,
                "memory budget {} reached after {events} events: the rest is not read",
                crate::engine::memory::MemorySize(*budget)
            ),
        }
    }
}
