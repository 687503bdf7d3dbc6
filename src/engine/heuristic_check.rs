//! Checks the heuristic against what the search meets, so a learner is told when h breaks the
//! promises A* relies on. This is the check; the warnings in words are built above the engine,
//! from what it recorded ([`EdgeCheck::drops`]), only when a face asks.
//!
//! Two checks, both sound (a warning is a proof, never a guess):
//! - **Consistency**, on every edge the search generates: h(n) ≤ c(n, n′) + h(n′). One compare
//!   per stored successor, in the hot loop; a failing edge is recorded compactly.
//! - **Admissibility**, once a goal is accepted at cost C: every row's cost to the goal is at
//!   most what a route found through it costs (C − g(n) on the accepted route; one move more from
//!   any stored row that reaches a bounded row or a goal; carried up the parents). A row whose h
//!   is above such a bound overestimates. This pass regenerates every stored row's successors
//!   once, so it runs only when asked (by the layer that words the warnings), never while
//!   stepping.

use super::cost::Cost;
use super::notebook::NodeId;
use super::settings::Algorithm;

/// At most this many inconsistent edges are recorded per search (the first ones met), so a
/// badly inconsistent h on a big search cannot fill memory.
pub const MAX_RECORDED: usize = 1000;

/// An edge on which h dropped by more than the edge costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadEdge {
    /// The step that met it.
    pub step: u64,
    pub from: NodeId,
    pub to: NodeId,
    /// The edge's cost.
    pub cost: Cost,
}

/// The consistency check the search runs on every generated edge.
#[derive(Clone, Debug, Default)]
pub struct EdgeCheck {
    /// Only algorithms whose order uses h are checked: for the others h means nothing.
    pub(super) on: bool,
    /// Whether edges are checked as they are met: `on`, unless the domain vouches that the
    /// heuristic is consistent ([`crate::engine::problem::Problem::consistent`]).
    pub(super) edges: bool,
    step: u64,
    /// The edges that failed, in the order met.
    pub(super) drops: Vec<BadEdge>,
}

impl EdgeCheck {
    /// A check for `algorithm` (off when its priority ignores h), of a heuristic whose domain
    /// vouches or not that it is `consistent` (then no edge is checked: none could fail).
    #[must_use]
    pub fn new(algorithm: Algorithm, consistent: bool) -> EdgeCheck {
        let on = uses_h(algorithm);
        EdgeCheck {
            on,
            edges: on && !consistent,
            ..EdgeCheck::default()
        }
    }

    /// Whether h matters to the algorithm checked: only then are its promises checked (edges
    /// as they are met, unless vouched for; overestimates once a goal is accepted).
    #[must_use]
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// The edges on which h dropped by more than the edge costs, in the order met (at most
    /// [`MAX_RECORDED`]).
    #[must_use]
    pub fn drops(&self) -> &[BadEdge] {
        &self.drops
    }

    /// The step whose edges come next.
    pub fn begin_step(&mut self, step: u64) {
        self.step = step;
    }

    /// Checks the edge `from` → `to` of cost `cost`.
    #[inline]
    pub fn edge(&mut self, from: NodeId, h_from: Cost, to: NodeId, h_to: Cost, cost: Cost) {
        if self.edges && h_from > cost + h_to && self.drops.len() < MAX_RECORDED {
            self.drops.push(BadEdge {
                step: self.step,
                from,
                to,
                cost,
            });
        }
    }

    /// Forgets the edges met after step `step` (the search went back to it).
    pub fn forget_after(&mut self, step: u64) {
        self.drops.retain(|d| d.step <= step);
    }
}

/// Whether `algorithm`'s priority uses h.
fn uses_h(algorithm: Algorithm) -> bool {
    matches!(
        algorithm,
        Algorithm::AStar | Algorithm::WeightedAStar | Algorithm::Greedy | Algorithm::IdaStar
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_drops_larger_than_the_move_are_kept_and_going_back_forgets_them() {
        let mut check = EdgeCheck::new(Algorithm::AStar, false);
        check.begin_step(1);
        check.edge(0, Cost::units(6), 1, Cost::units(4), Cost::units(2));
        check.edge(0, Cost::units(6), 2, Cost::units(2), Cost::units(2));
        check.begin_step(2);
        check.edge(2, Cost::units(2), 3, Cost::ZERO, Cost::ONE);
        let steps = |c: &EdgeCheck| c.drops.iter().map(|d| (d.step, d.to)).collect::<Vec<_>>();
        assert_eq!(steps(&check), vec![(1, 2), (2, 3)], "6 ≤ 2 + 4 holds");
        check.forget_after(1);
        assert_eq!(steps(&check), vec![(1, 2)]);
        let mut off = EdgeCheck::new(Algorithm::Dijkstra, false);
        off.edge(0, Cost::units(6), 2, Cost::units(2), Cost::units(2));
        assert!(off.drops.is_empty(), "Dijkstra's order ignores h");
        let mut vouched = EdgeCheck::new(Algorithm::AStar, true);
        vouched.edge(0, Cost::units(6), 2, Cost::units(2), Cost::units(2));
        assert!(
            vouched.drops.is_empty() && vouched.on,
            "no edge is checked where the domain vouches, but h still matters"
        );
    }
}
