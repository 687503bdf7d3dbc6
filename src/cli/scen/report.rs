//! The result of running a scenario file, and its words.

use super::{Bounds, QueryResult, StepBound};

/// The result of running a whole scenario file (or, when interrupted, its first queries).
#[derive(Debug, Clone, PartialEq)]
pub struct ScenReport {
    /// Queries run to their end or their bound.
    pub queries: usize,
    pub matched: usize,
    /// The queries whose cost did not match, in order.
    pub mismatches: Vec<QueryResult>,
    pub states_checked: u64,
    pub algorithm: String,
    /// Queries in the file (more than `queries` when Ctrl+C stopped the run).
    pub in_file: usize,
    /// The line of the query Ctrl+C stopped, left out of the counts.
    pub interrupted: Option<usize>,
    pub bounds: Bounds,
    /// The step limit in force on each query, if any.
    pub max_steps: Option<u64>,
}

impl ScenReport {
    pub(super) fn new(
        in_file: usize,
        algorithm: String,
        bounds: Bounds,
        max_steps: Option<u64>,
    ) -> Self {
        ScenReport {
            queries: 0,
            matched: 0,
            mismatches: Vec::new(),
            states_checked: 0,
            algorithm,
            in_file,
            interrupted: None,
            bounds,
            max_steps,
        }
    }

    pub(super) fn add(&mut self, result: &QueryResult) {
        self.queries += 1;
        self.states_checked += result.states_checked;
        if result.matched {
            self.matched += 1;
        } else {
            self.mismatches.push(result.clone());
        }
    }

    /// How many queries stopped at a limit (steps, time, states or memory).
    #[must_use]
    pub fn limited(&self) -> usize {
        self.mismatches.iter().filter(|m| m.end.limited()).count()
    }

    /// How many queries ended with outcome `code` without the optimal cost (`step_limit`,
    /// `time_limit`, `limit_reached`, …).
    #[must_use]
    pub fn stopped(&self, code: &str) -> usize {
        self.mismatches
            .iter()
            .filter(|m| m.end.code() == code)
            .count()
    }

    /// The JSON object `--json` prints (and `--json-lines` last).
    #[must_use]
    pub fn json(&self) -> serde_json::Value {
        let mismatches: Vec<_> = self.mismatches.iter().map(QueryResult::json).collect();
        serde_json::json!({
            "algorithm": self.algorithm,
            "queries": self.queries,
            "matched": self.matched,
            "mismatches": mismatches,
            "limited": self.limited(),
            "stopped": {
                "step_limit": self.stopped("step_limit"),
                "time_limit": self.stopped("time_limit"),
                "limit_reached": self.stopped("limit_reached"),
            },
            "max_steps": self.max_steps,
            "time_limit": self.bounds.time_limit.map(|t| t.as_secs_f64()),
            "states_checked": self.states_checked,
            "queries_in_file": self.in_file,
            "interrupted": self.interrupted.is_some(),
        })
    }

    /// The text summary, after the queries' lines.
    #[must_use]
    pub fn text(&self) -> String {
        let mut text = String::new();
        if let Some(line) = self.interrupted {
            text.push_str(&format!(
                "Stopped by Ctrl+C after {} of {} queries (the query on line {line} was left \
                 unfinished)\n",
                self.queries, self.in_file
            ));
        }
        text.push_str(&format!(
            "{} of {} queries matched the optimal length ({}; {} states checked)\n",
            self.matched, self.queries, self.algorithm, self.states_checked
        ));
        if self.limited() > 0 {
            let mut which = Vec::new();
            let steps = self.stopped("step_limit");
            if let (true, Some(max)) = (steps > 0, self.max_steps) {
                which.push(format!("{steps} at the step limit of {max} steps"));
            }
            let time = self.stopped("time_limit");
            if let (true, Some(limit)) = (time > 0, self.bounds.time_limit) {
                which.push(format!(
                    "{time} at the time limit of {} s",
                    limit.as_secs_f64()
                ));
            }
            let other = self.stopped("limit_reached");
            if other > 0 {
                which.push(format!("{other} at a state or memory limit"));
            }
            let limited = self.limited();
            text.push_str(&format!(
                "{limited} {} stopped at a limit before {} could end: {}\n",
                if limited == 1 { "query" } else { "queries" },
                if limited == 1 { "it" } else { "they" },
                which.join(", ")
            ));
            if steps > 0 && self.bounds.max_steps == Some(StepBound::Default) {
                text.push_str(
                    "(the default bound on each query: raise it with --max-steps N or \
                     --time-limit SECONDS, or lift it with --no-limit)\n",
                );
            }
        }
        text
    }
}
