//! What one step did, and why its pick won: the single record every face (app, CLI, trace)
//! reads.

use super::cost::Cost;
use super::notebook::NodeId;
use super::open_list::TieLevels;
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
            Outcome::LimitReached => f.write_str("Limit reached: max states"),
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

impl Fate {
    /// Whether a successor with this fate has a row (all but the pruned and the unstored).
    #[must_use]
    #[inline]
    pub const fn has_row(self) -> bool {
        !matches!(self, Fate::Pruned | Fate::NotStoredFull)
    }
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
    pub note: Option<Note>,
    pub outcome: Option<Outcome>,
}

/// A step's remark, kept as facts: depth-first searches make one on nearly every step (a
/// cut-off, a cycle, a backtrack), so the words are built only when a face prints them
/// ([`fmt::Display`]). JSON and trace digests see the words, exactly as when notes were text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// A remark made once a search or once a solution, written at once.
    Words(String),
    /// Two remarks of one step, the first said first.
    Both(Box<Note>, Box<Note>),
    /// Depth-first search found its stack empty.
    StackEmpty,
    /// The pick's f is over IDA*'s threshold.
    CutOff { f: Cost, threshold: Cost },
    /// A goal was counted and the search goes on for more.
    SolutionAccepted(u64),
    /// The pick sits at the depth limit: tested, not expanded.
    AtDepthLimit(u32),
    /// What an expansion met: children already on the path, no child left (a dead end at
    /// this depth), a full notebook (its `max_states`).
    Expanded {
        cycles: u32,
        dead_end: Option<u32>,
        full: Option<usize>,
    },
    /// Iterative deepening's first threshold; `what` is the bounded quantity ("f", "depth"),
    /// `from_h` whether the threshold is the start's h.
    FirstIteration {
        what: &'static str,
        first: Cost,
        from_h: bool,
    },
    /// A later iteration starts: its number, the old and new thresholds, and how many states
    /// the finished one checked.
    NextIteration {
        iteration: u32,
        what: &'static str,
        old: Cost,
        new: Cost,
        checked: u64,
    },
    /// The finished iteration found solutions, so no deeper one starts.
    FoundSolutions { iteration: u32, solutions: u64 },
    /// The finished iteration cut nothing off: nothing deeper exists.
    NothingCut { iteration: u32, checked: u64 },
    /// The next depth threshold would pass the settings' depth limit.
    DepthLimitReached { limit: u32, iteration: u32 },
}

impl From<String> for Note {
    fn from(words: String) -> Note {
        Note::Words(words)
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Words(words) => f.write_str(words),
            Note::Both(first, then) => write!(f, "{first}; {then}"),
            Note::StackEmpty => f.write_str("the stack is empty: every branch was tried"),
            Note::CutOff {
                f: value,
                threshold,
            } => write!(
                f,
                "f = {value} is over the threshold {threshold}: cut off, not tested"
            ),
            Note::SolutionAccepted(n) => write!(f, "solution {n} accepted; backtracking for more"),
            Note::AtDepthLimit(limit) => {
                write!(f, "at the depth limit {limit}: not expanded; backtrack")
            }
            Note::Expanded {
                cycles,
                dead_end,
                full,
            } => {
                let mut sep = "";
                if *cycles > 0 {
                    let children = if *cycles == 1 { "child" } else { "children" };
                    write!(
                        f,
                        "{cycles} {children} already on the current path (a cycle): skipped"
                    )?;
                    sep = "; ";
                }
                if let Some(depth) = dead_end {
                    write!(f, "{sep}backtrack from depth {depth}: no child left")?;
                    sep = "; ";
                }
                if let Some(max) = full {
                    write!(f, "{sep}max states {max}: no room for a child")?;
                }
                Ok(())
            }
            Note::FirstIteration {
                what,
                first,
                from_h,
            } => write!(
                f,
                "iteration 1: threshold {what} {first}{}",
                if *from_h { " = h of the start" } else { "" }
            ),
            Note::NextIteration {
                iteration,
                what,
                old,
                new,
                checked,
            } => write!(
                f,
                "iteration {iteration}: threshold {what} {old} → {new} (iteration {} checked \
                 {checked} state{})",
                iteration - 1,
                if *checked == 1 { "" } else { "s" }
            ),
            Note::FoundSolutions {
                iteration,
                solutions,
            } => write!(
                f,
                "iteration {iteration} found {solutions} solution{}: no deeper iteration",
                if *solutions == 1 { "" } else { "s" }
            ),
            Note::NothingCut { iteration, checked } => write!(
                f,
                "iteration {iteration} cut nothing off ({checked} states checked): there is \
                 nothing deeper, no solution"
            ),
            Note::DepthLimitReached { limit, iteration } => write!(
                f,
                "depth limit {limit} reached after iteration {iteration}: no solution within it"
            ),
        }
    }
}

impl Serialize for Note {
    /// As its words, as JSON had them when notes were text.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl std::hash::Hash for Note {
    /// As its words, so trace digests stay what they were when notes were text.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.to_string().as_str().hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::open_list::TieLevel;
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
        use TieKey::{FirstStored, HighestG, LastStored, LowestH};
        for (ties, words) in [
            (
                &[(None, 2), (Some(LowestH), 2), (Some(FirstStored), 1)][..],
                "f = 12 ties 1 other; h = 9 ties 1 other; stored first (#4)",
            ),
            (
                &[(None, 3), (Some(HighestG), 1), (Some(FirstStored), 1)],
                "f = 12 ties 2 others; g = 3 is the highest, no tie",
            ),
            (
                &[(None, 1), (Some(LastStored), 1)],
                "f = 12 is the lowest, no tie",
            ),
        ] {
            assert_eq!(pick(ties).explain(), words);
        }
    }
}
