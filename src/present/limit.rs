//! A search stopped by its size limit, in words every face shares: which limit it met, why the
//! stored count can pass it, and what would actually help for this algorithm on this problem.
//!
//! The advice differs by algorithm because the cure does: a depth-first search with no depth
//! limit wanders down one endless branch, so a larger notebook only lets it wander further,
//! while a best-first search simply needs more room, and generate and test needs a smarter
//! algorithm far more than more candidates.

use crate::engine::event::Outcome;
use crate::engine::settings::{Algorithm, Heuristic};
use crate::engine::view::SearchView;

/// Which face names the settings: the app's toolbar or the command line's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knobs {
    App,
    Cli,
}

impl Knobs {
    fn max_states(self) -> &'static str {
        match self {
            Knobs::App => "\"max states\" in the toolbar",
            Knobs::Cli => "--max-states",
        }
    }

    fn depth_limit(self) -> &'static str {
        match self {
            Knobs::App => "\"depth limit\" in the toolbar",
            Knobs::Cli => "--depth-limit",
        }
    }
}

/// A limit on the search's size that ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The notebook holds max_states rows and a new state did not fit.
    Notebook(u64),
    /// Generate and test wrote max_states candidates.
    Candidates(u64),
}

/// Which size limit ended the search, if one did. A limit this cannot name (a memory budget,
/// which the outcome itself describes) is left to the outcome's own words.
#[must_use]
pub fn limit(view: &dyn SearchView) -> Option<Limit> {
    // By code rather than by variant, so a limit outcome that carries its reason still matches.
    if view.outcome().map(Outcome::code) != Some("limit_reached") {
        return None;
    }
    let s = view.settings();
    let max = s.max_states as u64;
    if s.algorithm == Algorithm::GenerateAndTest {
        return Some(Limit::Candidates(max));
    }
    (view.rows() >= s.max_states).then_some(Limit::Notebook(max))
}

/// The limit in a few words, for tables and headlines: "notebook full (4096 states)".
#[must_use]
pub fn short_words(limit: Limit) -> String {
    match limit {
        Limit::Notebook(n) => format!("notebook full ({})", counted(n, "state")),
        Limit::Candidates(n) => format!("{} tested", counted(n, "candidate board")),
    }
}

/// The limit in a full sentence, with why the stored count may pass it and what helps:
/// "Stopped: the notebook is full at 4096 states held at once (max_states); …".
#[must_use]
pub fn sentence(view: &dyn SearchView, limit: Limit, knobs: Knobs) -> String {
    let held = match limit {
        Limit::Notebook(n) => format!(
            "Stopped: the notebook is full at {} held at once (max_states).",
            counted(n, "state")
        ),
        Limit::Candidates(n) => format!(
            "Stopped: {} written and tested, the most max_states allows.",
            counted(n, "candidate board")
        ),
    };
    let mut words = held;
    if let Some(dropped) = dropped_words(view, limit) {
        words.push(' ');
        words.push_str(&dropped);
    }
    words.push(' ');
    words.push_str(&advice(view, knobs));
    words
}

/// Why "states stored" passes the limit, when it does: backtracking drops finished branches
/// from the notebook, so it can write more rows in all than it ever holds at once.
#[must_use]
pub fn dropped_words(view: &dyn SearchView, limit: Limit) -> Option<String> {
    let Limit::Notebook(max) = limit else {
        return None;
    };
    let stored = view.counts().states_stored;
    let dropped = stored.checked_sub(max).filter(|&d| d > 0)?;
    Some(format!(
        "{stored} stored in all: {dropped} dropped from the notebook when the search backtracked \
         out of their branch."
    ))
}

/// What would actually help this search finish, naming the settings as `knobs` shows them.
#[must_use]
pub fn advice(view: &dyn SearchView, knobs: Knobs) -> String {
    let s = view.settings();
    let raise = knobs.max_states();
    // N-queens boards are never deeper than their rows, so depth-first search cannot wander.
    let bounded_depth = view.heuristics().contains(&Heuristic::QueensLeft);
    match s.algorithm {
        Algorithm::Backtracking | Algorithm::IdaStar | Algorithm::Iddfs if bounded_depth => {
            format!("Raise max states ({raise}).")
        }
        Algorithm::Backtracking if s.depth_limit.is_none() => format!(
            "With no depth limit, depth-first search can follow one branch without end: set a \
             depth limit ({}), or raise max states ({raise}).",
            knobs.depth_limit()
        ),
        Algorithm::Backtracking => format!(
            "Lower the depth limit ({}), or raise max states ({raise}).",
            knobs.depth_limit()
        ),
        Algorithm::GenerateAndTest => format!(
            "Raise max states ({raise}), or choose backtracking, which abandons a board at its \
             first attack instead of writing every candidate out."
        ),
        Algorithm::BreadthFirst | Algorithm::Dijkstra => format!(
            "Raise max states ({raise}), or choose A* with a heuristic, which stores fewer states."
        ),
        _ => format!("Raise max states ({raise})."),
    }
}

/// "1 state", "4096 states".
fn counted(n: u64, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}
