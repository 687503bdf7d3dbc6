//! The end of a run as the command line reports it: the outcome, the counts, the route's moves
//! (played from the start where the domain plays its routes, with Sokoban's LURD string), the
//! shape of the search and, for a run stopped by its size limit, what would help.

use super::cost_json;
use crate::engine::cost::Cost;
use crate::engine::event::Outcome;
use crate::engine::settings::Algorithm;
use crate::experiment::branching::RunShape;
use crate::present::limit::{self, Knobs};
use crate::present::{PlayedRoute, ShownSearch};

/// The end of a run, as every face reports it.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub outcome: String,
    pub reason: Option<String>,
    pub words: String,
    pub counts: crate::engine::event::Counts,
    pub steps: u64,
    pub cost: Option<Cost>,
    pub moves: Vec<String>,
    /// The solution played from the start, where the domain plays it (Sokoban): its labels
    /// are `moves`.
    pub played: Option<PlayedRoute>,
    pub algorithm: Algorithm,
    /// States by depth and this run's b*.
    pub shape: RunShape,
    /// For a run stopped by its size limit: why the stored count passes it, if it does, and
    /// what would help; one line each.
    pub advice: Vec<String>,
}

impl Summary {
    /// Reads the summary off a session.
    #[must_use]
    pub fn of(session: &dyn ShownSearch) -> Summary {
        let (outcome, reason, words) = match session.outcome() {
            Some(o @ Outcome::Exhausted) if session.counts().solutions > 0 => (
                o.code().to_string(),
                None,
                format!(
                    "Every solution found: {} in all",
                    session.counts().solutions
                ),
            ),
            Some(o) => (
                o.code().to_string(),
                o.reason().map(str::to_string),
                limit::limit(session).map_or_else(
                    || o.to_string(),
                    |hit| format!("Limit reached: {}", limit::short_words(hit)),
                ),
            ),
            None => ("step_limit".into(), None, "Step limit reached".into()),
        };
        let route = session.solution();
        let goal = route.as_ref().and_then(|r| r.last().copied());
        let cost = goal.map(|id| session.row(id).g);
        let played = route.as_deref().and_then(|r| session.played(r));
        let moves = match (&played, &route) {
            (Some(p), _) => p.labels.clone(),
            (None, Some(r)) => r
                .windows(2)
                .map(|w| session.move_label(w[0], w[1]))
                .collect(),
            (None, None) => Vec::new(),
        };
        Summary {
            outcome,
            reason,
            words,
            counts: session.counts(),
            steps: session.steps(),
            cost,
            moves,
            played,
            algorithm: session.settings().algorithm,
            shape: RunShape::of(session),
            advice: limit::limit(session)
                .map(|hit| {
                    limit::dropped_words(session, hit)
                        .into_iter()
                        .chain([limit::advice(session, Knobs::Cli)])
                        .collect()
                })
                .unwrap_or_default(),
        }
    }

    /// The JSON object `--json` prints.
    #[must_use]
    pub fn json(&self) -> serde_json::Value {
        let c = &self.counts;
        let mut json = serde_json::json!({
            "outcome": self.outcome,
            "reason": self.reason,
            "algorithm": self.algorithm.cli_name(),
            "states_checked": c.states_checked,
            "states_stored": c.states_stored,
            "open": c.open,
            "closed": c.closed,
            "max_open": c.max_open,
            "reopened": c.reopened,
            "solutions": c.solutions,
            "cost": cost_json(self.cost),
            "moves": self.moves,
            "steps": self.steps,
            "stored_by_depth": self.shape.stored_by_depth,
            "effective_branching": self.shape.effective_branching,
        });
        if let Some(played) = &self.played {
            json["lurd"] = serde_json::json!(played.lurd);
        }
        json
    }

    /// The text summary.
    #[must_use]
    pub fn text(&self) -> String {
        let c = &self.counts;
        let mut text = format!(
            "{} ({} after {} steps)\nstates checked {}, states stored {}, largest open {}, reopened {}\n",
            self.words,
            self.algorithm,
            self.steps,
            c.states_checked,
            c.states_stored,
            c.max_open,
            c.reopened
        );
        for line in &self.advice {
            text.push_str(line);
            text.push('\n');
        }
        match (&self.cost, &self.played) {
            (Some(cost), Some(played)) => text.push_str(&format!(
                "cost {cost} {}, {}: {}\nLURD: {}\n",
                played.cost_unit,
                played.tally,
                self.moves.join(", "),
                played.lurd
            )),
            (Some(cost), None) => text.push_str(&format!(
                "cost {cost}, {} moves: {}\n",
                self.moves.len(),
                self.moves.join(", ")
            )),
            (None, _) => {}
        }
        // A refused run stored nothing: no depths to list.
        if !self.shape.stored_by_depth.is_empty() {
            text.push_str(&format!(
                "{}; {}\n",
                self.shape.by_depth_words(),
                self.shape.b_star_words()
            ));
        }
        text
    }
}
