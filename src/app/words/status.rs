//! The words the status line, the run tables and the Compare window share: what each count
//! means, how a search stands, and what "Step N" means at this point.

use crate::app::words::counted;
use crate::engine::event::Outcome;
use crate::engine::view::SearchView;
use crate::present::limit::{self, Knobs};

/// What each count means: the status line's tooltips and the run tables' header tooltips say
/// the same thing.
pub mod tips {
    pub const STEPS: &str = "Steps: each step takes one state from the open list and checks it \
                             (the goal test, then its successors).";
    pub const CHECKED: &str = "States checked: states taken from the open list and expanded \
                               (their successors generated). The goal, once picked, is accepted \
                               without being expanded.";
    pub const STORED: &str = "States stored: rows written to the notebook, every state generated \
                              and kept, open or closed. Backtracking drops a finished branch's \
                              rows, so it can store more in all than the notebook holds at once.";
    pub const OPEN: &str = "Open: states stored but not yet checked, the candidates for the next \
                            pick.";
    pub const CLOSED: &str = "Closed: states already checked.";
    pub const LARGEST_OPEN: &str = "Largest open: the most states the open list held at once so \
                                    far, a measure of the memory the search needs.";
    pub const REOPENED: &str = "Reopened: times a closed state was opened again because a cheaper \
                                route to it was found.";
    pub const COST: &str = "Cost: the sum of the move costs along the route found (— when no \
                            route was found).";
    pub const OUTCOME: &str = "How the search ended, or that it is still going.";
    pub const ALGORITHM: &str = "The algorithm (as in the algorithm menu) and the settings it ran \
                                 with.";

    /// The columns of a table of runs (the finished runs, the Compare window), with their
    /// tooltips.
    pub const RUN_COLUMNS: [(&str, &str); 8] = [
        ("run", ALGORITHM),
        ("outcome", OUTCOME),
        ("steps", STEPS),
        ("checked", CHECKED),
        ("stored", STORED),
        ("largest open", LARGEST_OPEN),
        ("reopened", REOPENED),
        ("cost", COST),
    ];
}

/// How the search stands in a few words, for tables: "Ready" (no step taken), "Searching…",
/// "Goal found", "No solution", "Stopped: notebook full (10 states)".
#[must_use]
pub fn outcome_words(session: &dyn SearchView) -> String {
    match session.outcome() {
        None if session.steps() == 0 => "Ready".into(),
        None => "Searching…".into(),
        Some(outcome) => match limit::limit(session) {
            Some(hit) => format!("Stopped: {}", limit::short_words(hit)),
            None => outcome.to_string(),
        },
    }
}

/// How the search stands, in full: for a limit, which one was hit, why the stored count may
/// pass it, and what would help.
#[must_use]
pub fn outcome_sentence(session: &dyn SearchView) -> String {
    if session.outcome().is_none() {
        return outcome_words(session);
    }
    match (limit::limit(session), session.outcome()) {
        (Some(hit), _) => limit::sentence(session, hit, Knobs::App),
        (None, Some(outcome)) => outcome.to_string(),
        (None, None) => outcome_words(session),
    }
}

/// What "Step N" means at this point of the search.
#[must_use]
pub fn step_tip(session: &dyn SearchView) -> String {
    let steps = session.steps();
    let checked = counted(session.counts().states_checked, "state");
    match session.outcome() {
        Some(Outcome::GoalFound) => {
            format!("Step {steps}: {checked} checked, then the goal accepted on step {steps}.")
        }
        Some(_) => format!("Step {steps}: {checked} checked, then the search ended."),
        None => format!(
            "Step {steps}: {} taken, {checked} checked. {}",
            counted(steps, "step"),
            tips::STEPS
        ),
    }
}
