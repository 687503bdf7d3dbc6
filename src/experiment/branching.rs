//! The effective branching factor b*, and a finished run's shape (states by depth and its b*).
//!
//! b* is the branching factor a uniform tree as deep as the solution would need to hold as many
//! states as the search generated: N + 1 = 1 + b* + b*² + … + b*^d (Russell & Norvig, AIMA
//! §3.6.1). N counts the states generated besides the start, so N + 1 is the search's
//! `states_stored` (the start's row included). A heuristic close to the truth drives b* towards
//! 1, whatever the depth, which is why the textbook compares heuristics by it.

use crate::engine::view::SearchView;
use serde::Serialize;

/// b* for a search that stored `stored` states (the start included, that is N + 1) and found a
/// solution `depth` moves deep, solved by bisection to within 1e-9. `None` when there is no such
/// tree: a depth of 0 (the start was the goal) or fewer states than the route itself holds.
#[must_use]
pub fn effective_branching(stored: f64, depth: u32) -> Option<f64> {
    if depth == 0 || !stored.is_finite() || stored < f64::from(depth) + 1.0 {
        return None;
    }
    // 1 + b + … + b^d, by Horner's rule; it grows with b, from 1 at b = 0 past `stored` at
    // b = `stored` (every term is at least 1 from b ≥ 1 on).
    let tree = |b: f64| (0..depth).fold(1.0, |sum, _| sum * b + 1.0);
    let (mut low, mut high) = (0.0, stored);
    while high - low > 1e-9 {
        let mid = f64::midpoint(low, high);
        if tree(mid) < stored {
            low = mid;
        } else {
            high = mid;
        }
    }
    Some(f64::midpoint(low, high))
}

/// What a finished run looked like: the notebook's rows by depth and this run's b*.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RunShape {
    /// Rows in the notebook at each depth from the start (index = depth). Iterative deepening
    /// clears its notebook between iterations, so for it these are the last iteration's rows.
    pub stored_by_depth: Vec<u64>,
    /// Moves on the route found, if one was.
    pub solution_depth: Option<u32>,
    /// b* from all states stored and the route's depth ([`effective_branching`]).
    pub effective_branching: Option<f64>,
}

impl RunShape {
    /// Reads the shape off a search (walks every row's depth: call it once, when the run ends).
    #[must_use]
    pub fn of(session: &dyn SearchView) -> RunShape {
        let stored_by_depth = session.stored_by_depth();
        let solution_depth = session
            .solution()
            .and_then(|route| u32::try_from(route.len().saturating_sub(1)).ok());
        #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
        let stored = session.counts().states_stored as f64;
        RunShape {
            stored_by_depth,
            solution_depth,
            effective_branching: solution_depth.and_then(|d| effective_branching(stored, d)),
        }
    }

    /// "b* 1.42" (or "b* —" without a solution deep enough to define it).
    #[must_use]
    pub fn b_star_words(&self) -> String {
        self.effective_branching
            .map_or_else(|| "b* —".into(), |b| format!("b* {b:.2}"))
    }

    /// "states stored at depth 0, 1, 2, …: 1, 2, 4".
    #[must_use]
    pub fn by_depth_words(&self) -> String {
        let counts: Vec<String> = self.stored_by_depth.iter().map(u64::to_string).collect();
        format!("states stored at depth 0, 1, 2, …: {}", counts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(b: Option<f64>, want: f64, tolerance: f64) {
        let b = b.expect("b* exists");
        assert!((b - want).abs() < tolerance, "b* {b}, want {want}");
    }

    #[test]
    fn b_star_matches_hand_computed_trees() {
        // 1 + 3 = 4: depth 1, three children.
        near(effective_branching(4.0, 1), 3.0, 1e-6);
        // 1 + 2 + 4 = 7 and 1 + 2 + 4 + 8 = 15: a binary tree of depth 2 and 3.
        near(effective_branching(7.0, 2), 2.0, 1e-6);
        near(effective_branching(15.0, 3), 2.0, 1e-6);
        // 1 + 3 + 9 = 13.
        near(effective_branching(13.0, 2), 3.0, 1e-6);
        // A bare route: one state per level, b* = 1.
        near(effective_branching(6.0, 5), 1.0, 1e-6);
        // 1 + 1.5 + 2.25 = 4.75.
        near(effective_branching(4.75, 2), 1.5, 1e-6);
        // The textbook's own example: 52 nodes generated at depth 5 give b* = 1.92
        // (1 + 1.92 + 1.92² + … + 1.92⁵ ≈ 53.4, rounded in the book).
        near(effective_branching(53.0, 5), 1.92, 0.005);
    }

    #[test]
    fn b_star_is_undefined_without_a_tree() {
        assert_eq!(effective_branching(10.0, 0), None, "the start was the goal");
        assert_eq!(
            effective_branching(3.0, 5),
            None,
            "fewer states than the route"
        );
        assert_eq!(effective_branching(f64::NAN, 2), None);
    }

    #[test]
    fn a_run_counts_its_rows_by_depth() {
        use crate::scenario::{Scenario, SearchSpec};
        let mut s = Scenario::built_in()
            .session(&SearchSpec::default())
            .unwrap();
        while s.view().outcome().is_none() {
            s.step();
        }
        let shape = RunShape::of(s.view());
        assert_eq!(shape.stored_by_depth[0], 1, "one start");
        assert_eq!(
            shape.stored_by_depth.iter().sum::<u64>(),
            s.view().counts().states_stored
        );
        assert_eq!(shape.solution_depth, Some(12));
        // The A* chapter's puzzle: A* stores 35 states for 12 moves: 35 = 1 + b + … + b^12.
        let b = shape.effective_branching.unwrap();
        let tree: f64 = (0..=12).map(|i| b.powi(i)).sum();
        assert!((tree - 35.0).abs() < 1e-6, "{tree}");
        assert!(shape.b_star_words().starts_with("b* 1."));
    }
}
