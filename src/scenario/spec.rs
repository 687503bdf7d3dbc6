//! A search's settings as the scenario file, the command line and the app's controls give
//! them: one type, [`SearchSpec`], where anything left out takes its default. The rules that
//! combine settings live here once: how given settings override others, what carries over
//! to another algorithm, how a control's change applies, and how the result resolves into the
//! engine's [`Settings`]. Nothing here depends on the rest of the scenario.

use crate::engine::memory::{DEFAULT_MAX_MEMORY, MemorySize};
use crate::engine::settings::{
    Algorithm, Candidates, DEFAULT_MAX_STATES, Heuristic, Settings, TieKey,
};
use serde::{Deserialize, Serialize};

/// Search settings as written in a file or given on the command line: anything left out takes
/// its default. Also used for overrides, where a given field wins.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchSpec {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub algorithm: Option<Algorithm>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heuristic: Option<Heuristic>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tie_break: Option<Vec<TieKey>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_states: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth_limit: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forward_checking: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all_solutions: Option<bool>,
    /// Generate and test's candidate boards (one queen per row when left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Candidates>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_inadmissible: Option<bool>,
    /// The memory budget: bytes (`536870912`) or words (`"512 MiB"`); 1 GiB when left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_memory: Option<MemorySize>,
}

impl SearchSpec {
    /// `self` with every field `over` gives replaced.
    #[must_use]
    pub fn overridden_by(&self, over: &SearchSpec) -> SearchSpec {
        SearchSpec {
            algorithm: over.algorithm.or(self.algorithm),
            heuristic: over.heuristic.or(self.heuristic),
            tie_break: over.tie_break.clone().or_else(|| self.tie_break.clone()),
            max_states: over.max_states.or(self.max_states),
            weight: over.weight.or(self.weight),
            depth_limit: over.depth_limit.or(self.depth_limit),
            forward_checking: over.forward_checking.or(self.forward_checking),
            all_solutions: over.all_solutions.or(self.all_solutions),
            candidates: over.candidates.or(self.candidates),
            allow_inadmissible: over.allow_inadmissible.or(self.allow_inadmissible),
            max_memory: over.max_memory.or(self.max_memory),
        }
    }

    /// Concrete settings; `default_heuristic` is the domain's.
    #[must_use]
    pub fn resolve(&self, default_heuristic: Heuristic) -> Settings {
        let algorithm = self.algorithm.unwrap_or_default();
        Settings {
            algorithm,
            heuristic: self.heuristic.unwrap_or(default_heuristic),
            tie_break: self
                .tie_break
                .clone()
                .unwrap_or_else(|| algorithm.default_tie_break()),
            max_states: self.max_states.unwrap_or(DEFAULT_MAX_STATES),
            weight: self
                .weight
                .unwrap_or(if algorithm == Algorithm::WeightedAStar {
                    2.0
                } else {
                    1.0
                }),
            depth_limit: self.depth_limit,
            forward_checking: self.forward_checking.unwrap_or(false),
            all_solutions: self.all_solutions.unwrap_or(false),
            candidates: self.candidates.unwrap_or_default(),
            allow_inadmissible: self.allow_inadmissible.unwrap_or(false),
            max_memory: self.max_memory.unwrap_or(DEFAULT_MAX_MEMORY),
        }
    }

    /// The spec that resolves to exactly `settings`.
    #[must_use]
    pub fn from_settings(settings: &Settings) -> SearchSpec {
        SearchSpec {
            algorithm: Some(settings.algorithm),
            heuristic: Some(settings.heuristic),
            tie_break: Some(settings.tie_break.clone()),
            max_states: Some(settings.max_states),
            weight: Some(settings.weight),
            depth_limit: settings.depth_limit,
            forward_checking: Some(settings.forward_checking),
            all_solutions: Some(settings.all_solutions),
            candidates: Some(settings.candidates),
            allow_inadmissible: Some(settings.allow_inadmissible),
            max_memory: Some(settings.max_memory),
        }
    }
}

impl SearchSpec {
    /// These settings as they carry over to `algorithm` (none: the spec's own). The tie-break
    /// and the weight are chosen for one algorithm (A*'s "lower h → stored first" would make
    /// Dijkstra half A*), so they are dropped when the algorithm changes and the new one takes
    /// its own defaults; the rest (heuristic, limits, options) describe the problem and stay.
    /// The CLI, the app and `compare` all build their searches through [`Scenario::session`],
    /// which applies this, so a switched algorithm runs the same everywhere.
    #[must_use]
    pub fn carried_to(&self, algorithm: Option<Algorithm>) -> SearchSpec {
        match algorithm {
            Some(a) if a != self.algorithm.unwrap_or_default() => SearchSpec {
                algorithm: Some(a),
                tie_break: None,
                weight: None,
                ..self.clone()
            },
            _ => self.clone(),
        }
    }
}

/// One change to the settings a scenario runs with, as the app's controls ask for it.
#[derive(Clone, Debug, PartialEq)]
pub enum SettingChange {
    /// Give these settings; the ones left out stay. Another algorithm among them drops what
    /// was chosen for the old one ([`SearchSpec::carried_to`]).
    Give(SearchSpec),
    /// Bound backtracking or iterative deepening at this depth, or not at all (this replaces
    /// the scenario's own limit, which given settings could not remove).
    DepthLimit(Option<u32>),
    /// The scenario's own settings with exactly these on top, whatever was given before: the
    /// search a lesson item is about (its `with`, run the same way by
    /// [`crate::scenario::Scenario::check_watch`]).
    Only(SearchSpec),
}

impl SearchSpec {
    /// The settings these (a scenario's own) give with `overrides` on top: carried to the
    /// overrides' algorithm, with every field the overrides give winning. Every search is
    /// built from this (`Scenario::session`).
    #[must_use]
    pub fn with_overrides(&self, overrides: &SearchSpec) -> SearchSpec {
        self.carried_to(overrides.algorithm)
            .overridden_by(overrides)
    }
}

impl SettingChange {
    /// Applies the change to the settings a search runs with: a scenario's `own` and the
    /// `overrides` given on top (the search is to be built again afterwards).
    pub fn apply(self, own: &mut SearchSpec, overrides: &mut SearchSpec) {
        match self {
            SettingChange::Give(given) => {
                if given.algorithm.is_some() {
                    let running = own.with_overrides(overrides).algorithm.unwrap_or_default();
                    *overrides = SearchSpec {
                        algorithm: Some(running),
                        ..overrides.clone()
                    }
                    .carried_to(given.algorithm);
                }
                *overrides = overrides.overridden_by(&given);
            }
            SettingChange::DepthLimit(limit) => {
                own.depth_limit = limit;
                overrides.depth_limit = None;
            }
            SettingChange::Only(given) => *overrides = given,
        }
    }

    /// Switch to `algorithm`, keeping what describes the problem.
    #[must_use]
    pub fn algorithm(algorithm: Algorithm) -> SettingChange {
        SettingChange::Give(SearchSpec {
            algorithm: Some(algorithm),
            ..SearchSpec::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scenario's own settings: A* with a tie-break, a weight and a depth limit.
    fn own() -> SearchSpec {
        SearchSpec {
            algorithm: Some(Algorithm::AStar),
            tie_break: Some(vec![TieKey::LastStored]),
            weight: Some(1.5),
            depth_limit: Some(3),
            ..SearchSpec::default()
        }
    }

    fn resolved(own: &SearchSpec, overrides: &SearchSpec) -> Settings {
        own.with_overrides(overrides).resolve(Heuristic::QueensLeft)
    }

    #[test]
    fn another_algorithm_drops_the_old_ones_tie_break_and_weight() {
        let (mut own, mut overrides) = (own(), SearchSpec::default());
        SettingChange::Give(SearchSpec {
            tie_break: Some(vec![TieKey::LowestG]),
            ..SearchSpec::default()
        })
        .apply(&mut own, &mut overrides);
        assert_eq!(resolved(&own, &overrides).tie_break, vec![TieKey::LowestG]);
        SettingChange::algorithm(Algorithm::Dijkstra).apply(&mut own, &mut overrides);
        let dijkstra = resolved(&own, &overrides);
        assert_eq!(dijkstra.algorithm, Algorithm::Dijkstra);
        assert_eq!(dijkstra.tie_break, Algorithm::Dijkstra.default_tie_break());
        assert_eq!(dijkstra.weight, 1.0);
        assert_eq!(
            dijkstra.depth_limit,
            Some(3),
            "the limit describes the problem"
        );
        // Back to the scenario's own algorithm: its own choices come back, the override's not.
        SettingChange::algorithm(Algorithm::AStar).apply(&mut own, &mut overrides);
        let back = resolved(&own, &overrides);
        assert_eq!(back.tie_break, vec![TieKey::LastStored]);
        assert_eq!(back.weight, 1.5);
    }

    #[test]
    fn the_same_algorithm_again_keeps_everything() {
        let mut own = own();
        let mut overrides = SearchSpec {
            tie_break: Some(vec![TieKey::HighestG]),
            ..SearchSpec::default()
        };
        SettingChange::algorithm(Algorithm::AStar).apply(&mut own, &mut overrides);
        assert_eq!(resolved(&own, &overrides).tie_break, vec![TieKey::HighestG]);
    }

    #[test]
    fn a_depth_limit_change_can_remove_the_scenarios_own() {
        let mut own = own();
        let mut overrides = SearchSpec {
            depth_limit: Some(7),
            ..SearchSpec::default()
        };
        SettingChange::DepthLimit(None).apply(&mut own, &mut overrides);
        assert_eq!(resolved(&own, &overrides).depth_limit, None);
        SettingChange::DepthLimit(Some(5)).apply(&mut own, &mut overrides);
        assert_eq!(resolved(&own, &overrides).depth_limit, Some(5));
    }

    #[test]
    fn only_these_settings_drop_what_was_given_before() {
        let scenarios = own();
        let (mut own, mut overrides) = (own(), SearchSpec::default());
        SettingChange::Give(SearchSpec {
            heuristic: Some(Heuristic::Misplaced),
            tie_break: Some(vec![TieKey::LowestG]),
            ..SearchSpec::default()
        })
        .apply(&mut own, &mut overrides);
        let item = SearchSpec {
            algorithm: Some(Algorithm::Dijkstra),
            ..SearchSpec::default()
        };
        SettingChange::Only(item.clone()).apply(&mut own, &mut overrides);
        // As a lesson item's claims are checked: the scenario's own settings, the item's on top.
        assert_eq!(resolved(&own, &overrides), resolved(&scenarios, &item));
        assert_eq!(resolved(&own, &overrides).heuristic, Heuristic::QueensLeft);
    }
}
