//! Problem families, one folder each: the search's side of the family (states, moves,
//! estimates, validation: the engine's `Problem`) and, beside it, how it is shown (move words,
//! compact text, its board's data: the present layer's `Presentation`).
//!
//! A domain whose instance is written whole in its scenario (no map or level file to read, no
//! edit in the app) also gives the type a scenario file holds for it, an [`Instance`]: then
//! the scenario needs one line for it (its `ProblemSpec` variant) and builds its search through
//! the trait. See `docs/dev/add-a-domain.md`.

pub mod graph;
pub mod grid;
pub mod missionaries;
pub mod movingai;
pub mod queens;
pub mod sliding;
pub mod sokoban;

use crate::engine::problem::Refusal;
use crate::engine::settings::{Heuristic, Settings};
use crate::present::{Presentation, ShownSession, shown_session};

/// A domain's instance as a scenario file writes it, when it is the domain's own type.
pub trait Instance {
    /// The search of this instance, with the settings `resolve` makes of the domain's default
    /// heuristic (the scenario's settings, where it gives them, win over it).
    fn search(&self, resolve: &dyn Fn(Heuristic) -> Settings) -> Box<dyn ShownSession>;
}

/// The search of `problem`, with the settings `resolve` makes of its default heuristic (the
/// first it offers): how every domain's instance becomes a search.
pub fn search_of<P>(problem: P, resolve: &dyn Fn(Heuristic) -> Settings) -> Box<dyn ShownSession>
where
    P: Presentation + Clone + Send + 'static,
    P::State: Send,
{
    let settings = resolve(problem.heuristics()[0]);
    shown_session(problem, settings)
}

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
