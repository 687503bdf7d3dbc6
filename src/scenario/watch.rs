//! A scenario's "what to watch" items: words for the learner plus the numeric claims they make,
//! written as fields so that running the scenario can check every one of them. The Lesson panel
//! shows the words; `tests/search/lesson.rs` runs each shipped item through the engine, so a note that
//! drifts from the engine fails the tests.

use super::spec::SearchSpec;
use crate::engine::cost::Cost;
use crate::engine::event::Outcome;
use crate::present::ShownSearch;
use crate::present::ShownSession;
use crate::present::heuristic_report::WarningKind;
use serde::{Deserialize, Serialize};

/// The claims of one watch item that do not hold: the item's words and each claim that failed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("\"{text}\": {}", wrong.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct WatchError {
    /// The item's words.
    pub text: String,
    /// Every claim that failed, in the order they are checked.
    pub wrong: Vec<WrongClaim>,
}

/// One claim of a watch item that the search does not bear out.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum WrongClaim {
    /// The item is about step `at`, but the search ended before it, on step `ended`.
    #[error("the search ended on step {ended}")]
    EndedEarly { at: u64, ended: u64 },
    /// A claimed value (`checked`, `cost`, `outcome`…) that is not what the search gives; both
    /// are written as the item would write them.
    #[error("{name} {claimed} claimed, the search gives {actual}")]
    Value {
        name: &'static str,
        claimed: String,
        actual: String,
    },
    /// No warning that this row overestimates.
    #[error("no warning that {0:?}")]
    NoOverestimate(Overestimate),
    /// No warning that h is inconsistent at this state.
    #[error("no warning that h is inconsistent at {0}")]
    NotInconsistent(String),
}

/// How a search ended, as a watch item claims it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    GoalFound,
    Exhausted,
    LimitReached,
    Refused,
}

impl End {
    fn matches(self, outcome: &Outcome) -> bool {
        matches!(
            (self, outcome),
            (End::GoalFound, Outcome::GoalFound)
                | (End::Exhausted, Outcome::Exhausted)
                | (End::LimitReached, Outcome::LimitReached)
                | (End::Refused, Outcome::Refused(_))
        )
    }
}

/// A row proven to overestimate: its h and a cost to the goal found through it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Overestimate {
    pub state: String,
    pub h: f64,
    pub reaches: f64,
}

/// One thing to watch, e.g. `(text: "…", at: 21, outcome: GoalFound, checked: 20)`. Every claim
/// field left out is not claimed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Watch {
    /// What to look for, in words.
    pub text: String,
    /// The step the item is about (a link in the Lesson panel): the claims hold right after it.
    /// Left out, they hold at the end of the run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
    /// Settings the item is about, over the scenario's (`with: (algorithm: Dijkstra)`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub with: Option<SearchSpec>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<End>,
    /// The accepted route's cost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
    /// The accepted route's moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<u64>,
    /// States checked (expanded).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checked: Option<u64>,
    /// States stored (rows in the notebook).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stored: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reopened: Option<u64>,
    /// Goals accepted (all solutions).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<u64>,
    /// Complete boards generate and test faces (before its first step).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<u64>,
    /// The state picked on step `at`, as the tables write it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub picked: Option<String>,
    /// The pick's f, g and h on step `at`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pick_f: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pick_g: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pick_h: Option<f64>,
    /// A heuristic warning that the state overestimates.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overestimates: Option<Overestimate>,
    /// A heuristic warning that h is inconsistent at this state.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inconsistent: Option<String>,
}

impl Watch {
    /// Every number the item claims (its step and the digits of the picked state included):
    /// what the prose may mention.
    #[must_use]
    pub fn numbers(&self) -> Vec<f64> {
        #[expect(
            clippy::cast_precision_loss,
            reason = "claimed counts are far below 2^52"
        )]
        let counts = [
            self.at,
            self.moves,
            self.checked,
            self.stored,
            self.reopened,
            self.solutions,
            self.candidates,
        ]
        .into_iter()
        .flatten()
        .map(|n| n as f64);
        let over = self.overestimates.iter().flat_map(|o| [o.h, o.reaches]);
        let picked = self.picked.iter().flat_map(|p| {
            p.split(|c: char| !c.is_ascii_digit())
                .filter_map(|digits| digits.parse::<f64>().ok())
        });
        counts
            .chain(
                [self.cost, self.pick_f, self.pick_g, self.pick_h]
                    .into_iter()
                    .flatten(),
            )
            .chain(over)
            .chain(picked)
            .collect()
    }

    /// Runs `session` (the scenario's search with the item's `with` settings, as
    /// `Scenario::check_watch` builds it) and checks every claim.
    ///
    /// # Errors
    /// The claims that do not hold.
    pub fn check(&self, session: &mut dyn ShownSession) -> Result<(), WatchError> {
        let candidates = session.shown().candidates();
        let target = self.at.unwrap_or(u64::MAX);
        while session.shown().outcome().is_none() && session.shown().steps() < target {
            session.step();
        }
        let view = session.shown();
        let mut wrong = Vec::new();
        if let Some(at) = self.at
            && view.steps() != at
        {
            wrong.push(WrongClaim::EndedEarly {
                at,
                ended: view.steps(),
            });
        }
        self.check_counts(view, candidates, &mut wrong);
        self.check_pick(view, &mut wrong);
        self.check_warnings(view, &mut wrong);
        if wrong.is_empty() {
            Ok(())
        } else {
            Err(WatchError {
                text: self.text.clone(),
                wrong,
            })
        }
    }

    fn check_counts(
        &self,
        session: &dyn ShownSearch,
        candidates: Option<u128>,
        wrong: &mut Vec<WrongClaim>,
    ) {
        let c = session.counts();
        let route = session.solution();
        let cost = route
            .as_ref()
            .and_then(|r| r.last())
            .map(|&id| session.row(id).g);
        let moves = route.as_ref().map(|r| r.len() as u64 - 1);
        let outcome = session.outcome();
        if let Some(end) = self.outcome
            && !outcome.is_some_and(|o| end.matches(o))
        {
            wrong.push(WrongClaim::Value {
                name: "outcome",
                claimed: format!("{end:?}"),
                actual: format!("{outcome:?}"),
            });
        }
        claim(wrong, "cost", shown(self.cost), cost.map(|c| c.to_string()));
        claim(wrong, "moves", self.moves, moves);
        claim(wrong, "checked", self.checked, Some(c.states_checked));
        claim(wrong, "stored", self.stored, Some(c.states_stored));
        claim(wrong, "reopened", self.reopened, Some(c.reopened));
        claim(wrong, "solutions", self.solutions, Some(c.solutions));
        claim(
            wrong,
            "candidates",
            self.candidates.map(u128::from),
            candidates,
        );
    }

    fn check_pick(&self, session: &dyn ShownSearch, wrong: &mut Vec<WrongClaim>) {
        let pick = session.last_event().pick.as_ref();
        let text = pick.map(|p| session.state_text(p.id));
        claim(wrong, "picked", self.picked.clone(), text);
        claim(
            wrong,
            "pick_f",
            shown(self.pick_f),
            pick.map(|p| p.f.to_string()),
        );
        claim(
            wrong,
            "pick_g",
            shown(self.pick_g),
            pick.map(|p| p.g.to_string()),
        );
        claim(
            wrong,
            "pick_h",
            shown(self.pick_h),
            pick.map(|p| p.h.to_string()),
        );
    }

    fn check_warnings(&self, session: &dyn ShownSearch, wrong: &mut Vec<WrongClaim>) {
        if self.overestimates.is_none() && self.inconsistent.is_none() {
            return;
        }
        let warnings = session.heuristic_warnings();
        if let Some(o) = &self.overestimates {
            let found = warnings.iter().any(|w| {
                w.kind == WarningKind::Overestimates
                    && w.state == o.state
                    && shown(Some(o.h)) == Some(w.h.to_string())
                    && shown(Some(o.reaches)) == Some(w.bound.to_string())
            });
            if !found {
                wrong.push(WrongClaim::NoOverestimate(o.clone()));
            }
        }
        if let Some(state) = &self.inconsistent
            && !warnings
                .iter()
                .any(|w| w.kind == WarningKind::Inconsistent && w.state == *state)
        {
            wrong.push(WrongClaim::NotInconsistent(state.clone()));
        }
    }
}

/// A claimed cost as the app shows costs (four decimals at most), which is how notes write
/// them: 27.3137 claims the route of cost 27.313708….
fn shown(cost: Option<f64>) -> Option<String> {
    cost.map(|c| Cost::from_f64(c).to_string())
}

/// Records a claim that does not match what the search gives.
fn claim<T: PartialEq + std::fmt::Debug>(
    wrong: &mut Vec<WrongClaim>,
    name: &'static str,
    claimed: Option<T>,
    actual: Option<T>,
) {
    if let Some(claimed) = claimed
        && actual.as_ref() != Some(&claimed)
    {
        wrong.push(WrongClaim::Value {
            name,
            claimed: format!("{claimed:?}"),
            actual: format!("{actual:?}"),
        });
    }
}
