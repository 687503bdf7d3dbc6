//! Search settings: which algorithm, which estimate, how ties are broken, and the limits.

use super::memory::{DEFAULT_MAX_MEMORY, MemorySize};
use super::names::{UnknownName, by_name};
use super::tie::RowValue;
pub use super::tie::TieKey;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The search algorithms Frontier can step through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Algorithm {
    /// f = g + h.
    #[default]
    AStar,
    /// Uniform cost: f = g.
    Dijkstra,
    /// f = depth: shallowest first.
    BreadthFirst,
    /// f = h.
    Greedy,
    /// f = g + w·h.
    WeightedAStar,
    /// Iterative deepening on f.
    IdaStar,
    /// Iterative deepening on depth.
    Iddfs,
    /// Depth-first search with a stack.
    Backtracking,
    /// Complete candidates tested one by one (N-queens).
    GenerateAndTest,
}

impl Algorithm {
    /// Every algorithm, in menu order.
    pub const ALL: [Algorithm; 9] = [
        Algorithm::AStar,
        Algorithm::Dijkstra,
        Algorithm::BreadthFirst,
        Algorithm::Greedy,
        Algorithm::WeightedAStar,
        Algorithm::IdaStar,
        Algorithm::Iddfs,
        Algorithm::Backtracking,
        Algorithm::GenerateAndTest,
    ];

    /// The name used on the command line.
    #[must_use]
    pub fn cli_name(self) -> &'static str {
        match self {
            Algorithm::AStar => "astar",
            Algorithm::Dijkstra => "dijkstra",
            Algorithm::BreadthFirst => "bfs",
            Algorithm::Greedy => "greedy",
            Algorithm::WeightedAStar => "weighted-astar",
            Algorithm::IdaStar => "ida-star",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Backtracking => "backtracking",
            Algorithm::GenerateAndTest => "generate-and-test",
        }
    }

    /// Parses a command-line name.
    ///
    /// # Errors
    /// An [`UnknownName`] listing the valid names when `name` is not one of them.
    pub fn from_cli(name: &str) -> Result<Algorithm, UnknownName> {
        by_name(&Algorithm::ALL, Algorithm::cli_name, "algorithm", name)
    }

    /// What the f column means under this algorithm.
    #[must_use]
    pub fn priority_formula(self) -> &'static str {
        match self {
            Algorithm::AStar | Algorithm::IdaStar => "f = g + h",
            Algorithm::Dijkstra => "f = g",
            Algorithm::BreadthFirst | Algorithm::Iddfs | Algorithm::Backtracking => "f = depth",
            Algorithm::Greedy => "f = h",
            Algorithm::WeightedAStar => "f = g + w·h",
            Algorithm::GenerateAndTest => "f = candidate number",
        }
    }

    /// The tie-break policy used when a scenario names none.
    #[must_use]
    pub fn default_tie_break(self) -> Vec<TieKey> {
        match self {
            Algorithm::AStar | Algorithm::WeightedAStar | Algorithm::IdaStar => {
                vec![TieKey::LowestH, TieKey::FirstStored]
            }
            _ => vec![TieKey::FirstStored],
        }
    }

    /// Whether the heuristic is part of this algorithm's priority (f). Others may still meet
    /// h through a "lower h" tie-break ([`Settings::uses_heuristic`]).
    #[must_use]
    pub fn orders_by_heuristic(self) -> bool {
        matches!(
            self,
            Algorithm::AStar | Algorithm::Greedy | Algorithm::WeightedAStar | Algorithm::IdaStar
        )
    }

    /// Whether this algorithm picks from a priority list, where the tie-break decides between
    /// equal priorities; depth-first searches take the top of a stack and generate and test
    /// runs through its candidates in order, so they have no ties to break.
    #[must_use]
    pub fn breaks_ties(self) -> bool {
        matches!(
            self,
            Algorithm::AStar
                | Algorithm::Dijkstra
                | Algorithm::BreadthFirst
                | Algorithm::Greedy
                | Algorithm::WeightedAStar
        )
    }

    /// Whether a depth limit bounds this algorithm (backtracking's bound, iterative
    /// deepening's last threshold).
    #[must_use]
    pub fn uses_depth_limit(self) -> bool {
        matches!(self, Algorithm::Backtracking | Algorithm::Iddfs)
    }

    /// Whether this algorithm refuses a heuristic that may overestimate unless allowed (its
    /// promise of a cheapest route depends on it).
    #[must_use]
    pub fn needs_admissible(self) -> bool {
        matches!(self, Algorithm::AStar | Algorithm::IdaStar)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Algorithm::AStar => "A*",
            Algorithm::Dijkstra => "Dijkstra",
            Algorithm::BreadthFirst => "Breadth-first",
            Algorithm::Greedy => "Greedy best-first",
            Algorithm::WeightedAStar => "Weighted A*",
            Algorithm::IdaStar => "IDA*",
            Algorithm::Iddfs => "Iterative deepening",
            Algorithm::Backtracking => "Backtracking",
            Algorithm::GenerateAndTest => "Generate and test",
        })
    }
}

/// Declares [`Heuristic`] from one line per estimate: its variant (the name scenario files
/// write), its command-line name and its words, so a domain's new estimate is one line here.
macro_rules! heuristics {
    ($($(#[$doc:meta])* $name:ident => $cli:literal, $words:literal;)*) => {
        /// Named estimates of the cost still to go. Each domain offers some of them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum Heuristic {
            $($(#[$doc])* $name,)*
        }

        impl Heuristic {
            /// Every heuristic, in menu order.
            pub const ALL: [Heuristic; [$($cli),*].len()] = [$(Heuristic::$name),*];

            /// The name used on the command line.
            #[must_use]
            pub fn cli_name(self) -> &'static str {
                match self {
                    $(Heuristic::$name => $cli,)*
                }
            }
        }

        impl fmt::Display for Heuristic {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(match self {
                    $(Heuristic::$name => $words,)*
                })
            }
        }
    };
}

heuristics! {
    /// Sum of each tile's row and column distance to its goal slot.
    Manhattan => "manhattan", "Manhattan distance";
    /// Number of tiles not on their goal slot.
    Misplaced => "misplaced", "Misplaced tiles";
    /// Manhattan plus two moves per tile that must leave its row or column to let another pass.
    LinearConflict => "linear-conflict", "Linear conflict";
    /// Always 0: turns A* into Dijkstra.
    Zero => "zero", "Zero";
    /// N-queens: queens still to place (admissible: each placement costs one step).
    QueensLeft => "queens-left", "Queens left";
    /// Grids: straight steps plus √2 per diagonal step, the exact 8-connected distance on an
    /// open map.
    Octile => "octile", "Octile distance";
    /// Grids: the straight-line distance.
    Euclidean => "euclidean", "Euclidean distance";
    /// Grids: the larger of the row and column distances (every step counted as 1).
    Chebyshev => "chebyshev", "Chebyshev distance";
    /// Graphs: the h value written for each node in the scenario.
    Given => "given", "Given h per node";
    /// Sokoban: each box's push distance to its nearest goal, summed.
    NearestGoal => "nearest-goal", "Nearest goal per box";
    /// Sokoban: the cheapest one-to-one assignment of boxes to goals by push distance.
    Matching => "matching", "Box–goal matching";
    /// Missionaries and cannibals: crossings still needed, from the people on the start bank
    /// and the boat's capacity (a round trip gains at most one less than the boat carries).
    BoatTrips => "boat-trips", "Boat trips left";
}

impl Heuristic {
    /// Parses a command-line name.
    ///
    /// # Errors
    /// An [`UnknownName`] listing the valid names when `name` is not one of them.
    pub fn from_cli(name: &str) -> Result<Heuristic, UnknownName> {
        by_name(&Heuristic::ALL, Heuristic::cli_name, "heuristic", name)
    }
}

/// The default notebook size; a scenario's `max_states` or `--max-states` sets another.
pub const DEFAULT_MAX_STATES: usize = 4096;

/// Fully resolved settings of one search: every choice made, nothing left to a default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub algorithm: Algorithm,
    pub heuristic: Heuristic,
    pub tie_break: Vec<TieKey>,
    pub max_states: usize,
    pub weight: f64,
    /// Depth bound for backtracking (none: unbounded).
    pub depth_limit: Option<u32>,
    /// Backtracking on constraint problems prunes a child that leaves a row with no safe square.
    pub forward_checking: bool,
    /// Keep searching after a goal and count every solution.
    pub all_solutions: bool,
    /// Which complete boards generate and test runs through.
    #[serde(default)]
    pub candidates: Candidates,
    /// Let A* and IDA* run with a heuristic the domain says may overestimate (their routes are
    /// then not guaranteed shortest); refused otherwise.
    #[serde(default)]
    pub allow_inadmissible: bool,
    /// The memory budget: the search stops with a limit when everything it holds reaches it.
    #[serde(default = "default_max_memory")]
    pub max_memory: MemorySize,
}

fn default_max_memory() -> MemorySize {
    DEFAULT_MAX_MEMORY
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            algorithm: Algorithm::AStar,
            heuristic: Heuristic::Manhattan,
            tie_break: Algorithm::AStar.default_tie_break(),
            max_states: DEFAULT_MAX_STATES,
            weight: 1.0,
            depth_limit: None,
            forward_checking: false,
            all_solutions: false,
            candidates: Candidates::default(),
            allow_inadmissible: false,
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }
}

impl Settings {
    /// Describes the policy in words: "same f → lower h → stored first".
    #[must_use]
    pub fn tie_break_words(&self) -> String {
        if self.tie_break.is_empty() {
            return "same f".into();
        }
        format!("same f → {}", TieKey::policy_words(&self.tie_break))
    }

    /// Whether the heuristic changes anything: it is in the priority, or a best-first search
    /// breaks ties by lower h first (only the first numeric key of a policy decides).
    #[must_use]
    pub fn uses_heuristic(&self) -> bool {
        self.algorithm.orders_by_heuristic()
            || (self.algorithm.breaks_ties()
                && self.tie_break.first().and_then(|k| k.compares()) == Some(RowValue::H))
    }
}

/// The candidate boards generate and test runs through (parts 4 and 3 of the N-queens series).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Candidates {
    /// One queen in each free row, in every column: N^(free rows) boards.
    #[default]
    OnePerRow,
    /// The free queens on any free squares: (free squares choose free queens) boards; only
    /// sensible on small boards, and refused above 8×8.
    AllSquares,
}

impl Candidates {
    pub const ALL: [Candidates; 2] = [Candidates::OnePerRow, Candidates::AllSquares];

    /// The name used on the command line.
    #[must_use]
    pub fn cli_name(self) -> &'static str {
        match self {
            Candidates::OnePerRow => "one-per-row",
            Candidates::AllSquares => "all-squares",
        }
    }

    /// Parses a command-line name.
    ///
    /// # Errors
    /// An [`UnknownName`] listing the valid names when `name` is not one of them.
    pub fn from_cli(name: &str) -> Result<Candidates, UnknownName> {
        by_name(&Candidates::ALL, Candidates::cli_name, "candidates", name)
    }
}

impl fmt::Display for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Candidates::OnePerRow => "one queen per row",
            Candidates::AllSquares => "queens on any free squares",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heuristic_names_round_trip_and_each_has_its_own_words() {
        for h in Heuristic::ALL {
            assert_eq!(Heuristic::from_cli(h.cli_name()), Ok(h));
        }
        let words: std::collections::HashSet<String> =
            Heuristic::ALL.iter().map(ToString::to_string).collect();
        assert_eq!(words.len(), Heuristic::ALL.len());
        assert_eq!(Heuristic::LinearConflict.to_string(), "Linear conflict");
        assert_eq!(Heuristic::NearestGoal.cli_name(), "nearest-goal");
    }

    #[test]
    fn algorithm_names_round_trip() {
        for a in Algorithm::ALL {
            assert_eq!(Algorithm::from_cli(a.cli_name()), Ok(a));
        }
        assert!(Algorithm::from_cli("dfs").is_err());
    }
}
