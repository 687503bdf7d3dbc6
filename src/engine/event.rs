//! What one step did, and why its pick won: the single record every face (app, CLI, trace)
//! reads.

use super::cost::Cost;
use super::frontier::TieLevels;
use super::notebook::NodeId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "reason", rename_all = "snake_case")]
pub enum Outcome {
    /// The goal was picked and accepted.
    GoalFound,
    /// Nothing was left to expand: no (more) solutions.
    Exhausted,
    /// A new state would not fit in the notebook.
    LimitReached,
    /// Everything the search holds reached its memory budget; the words say which budget and
    /// at what step ("memory budget 1 GiB reached at step 5120").
    #[serde(rename = "limit_reached")]
    OverBudget(String),
    /// The start was refused before any search.
    Refused(String),
}

impl Outcome {
    /// The name used in JSON (`goal_found`, `exhausted`, `limit_reached`, `refused`).
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Outcome::GoalFound => "goal_found",
            Outcome::Exhausted => "exhausted",
            Outcome::LimitReached | Outcome::OverBudget(_) => "limit_reached",
            Outcome::Refused(_) => "refused",
        }
    }

    /// Why the search ended, when the outcome carries a reason (a refusal, a memory budget).
    #[must_use]
    pub fn reason(&self) -> Option<&str> {
        match self {
            Outcome::Refused(why) | Outcome::OverBudget(why) => Some(why),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// The status-line words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::GoalFound => f.write_str("Goal found"),
            Outcome::Exhausted => f.write_str("No solution"),
            Outcome::LimitReached => f.write_str("Limit reached — try a new puzzle"),
            Outcome::OverBudget(why) => write!(f, "Limit reached: {why}"),
            Outcome::Refused(why) => write!(f, "Refused: {why}"),
        }
    }
}

/// What happened to one successor of the expanded state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// A state not seen before, now an open row.
    StoredNew,
    /// Already open; a cheaper route replaced its g and parent.
    Improved,
    /// Already closed; a cheaper route replaced its g and parent and it is open again.
    Reopened,
    /// Already stored by a route at least as cheap (or on the current path): kept as it was.
    Kept,
    /// New, but the notebook is full: not stored.
    NotStoredFull,
    /// Refused at generation by the domain (see [`crate::engine::problem::Problem::explain_prune`]).
    Pruned,
}

impl fmt::Display for Fate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fate::StoredNew => "stored new",
            Fate::Improved => "improved",
            Fate::Reopened => "improved and reopened",
            Fate::Kept => "already stored, kept",
            Fate::NotStoredFull => "not stored: notebook full",
            Fate::Pruned => "pruned",
        })
    }
}

/// One successor of the expanded state and its fate.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SuccessorEvent {
    /// Its row, when it has one (not for pruned or unstored successors).
    pub id: Option<NodeId>,
    /// Its place in the domain's successor order.
    pub index: u32,
    pub fate: Fate,
}

/// The state a step picked, its values, and how it won its ties.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pick {
    pub id: NodeId,
    pub g: Cost,
    pub h: Cost,
    pub f: Cost,
    /// How many open states were still tied with it at each level, the algorithm's priority
    /// first; the last level decides alone. Empty for depth-first strategies, whose pick is
    /// simply the top of the stack.
    pub ties: TieLevels,
}

impl Pick {
    /// The pick's reason in words: "f = 12 ties 1 other; h = 11 ties 1 other; stored first (#1)".
    #[must_use]
    pub fn explain(&self) -> String {
        if self.ties.is_empty() {
            // Depth-first strategies have no priority to tie on: the stack decides.
            return "top of the stack".into();
        }
        let mut parts = Vec::new();
        for level in self.ties.iter() {
            let others = level.tied.saturating_sub(1);
            let (value, best) = match level.key {
                None => (format!("f = {}", self.f), "the lowest"),
                Some(key) => match key.compared(self.g, self.h) {
                    Some((name, value)) => (format!("{name} = {value}"), key.best_words()),
                    None => {
                        parts.push(format!("{key} (#{})", self.id));
                        break;
                    }
                },
            };
            if others == 0 {
                parts.push(format!("{value} is {best}, no tie"));
                break;
            }
            parts.push(format!("{value} ties {others} other{}", plural(others)));
        }
        parts.join("; ")
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The counts a teacher points at, after a step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Expansions.
    pub states_checked: u64,
    /// Rows in the notebook.
    pub states_stored: u64,
    pub open: u64,
    pub closed: u64,
    /// The largest open size so far.
    pub max_open: u64,
    /// Closed rows opened again by a cheaper route.
    pub reopened: u64,
    /// Goals accepted (more than one only when searching for all solutions).
    pub solutions: u64,
}

/// Everything one step did.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct StepEvent {
    /// 1 for the first step.
    pub step: u64,
    pub pick: Option<Pick>,
    pub successors: Vec<SuccessorEvent>,
    /// A remark of strategies that do more than expand (a backtrack, a new threshold).
    pub note: Option<String>,
    pub outcome: Option<Outcome>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::frontier::TieLevel;
    use crate::engine::tie::TieKey;

    fn pick(ties: &[(Option<TieKey>, u32)]) -> Pick {
        Pick {
            id: 4,
            g: Cost::units(3),
            h: Cost::units(9),
            f: Cost::units(12),
            ties: ties
                .iter()
                .map(|&(key, tied)| TieLevel { key, tied })
                .collect(),
        }
    }

    #[test]
    fn explanations_stop_at_the_level_that_decides() {
        let chapter = pick(&[
            (None, 2),
            (Some(TieKey::LowestH), 2),
            (Some(TieKey::FirstStored), 1),
        ]);
        assert_eq!(
            chapter.explain(),
            "f = 12 ties 1 other; h = 9 ties 1 other; stored first (#4)"
        );
        let by_g = pick(&[
            (None, 3),
            (Some(TieKey::HighestG), 1),
            (Some(TieKey::FirstStored), 1),
        ]);
        assert_eq!(
            by_g.explain(),
            "f = 12 ties 2 others; g = 3 is the highest, no tie"
        );
        let alone = pick(&[(None, 1), (Some(TieKey::LastStored), 1)]);
        assert_eq!(alone.explain(), "f = 12 is the lowest, no tie");
    }
}
