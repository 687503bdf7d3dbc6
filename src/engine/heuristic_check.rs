//! Checks the heuristic against what the search meets, so a learner is told when h breaks the
//! promises A* relies on.
//!
//! Two checks, both sound (a warning is a proof, never a guess):
//! - **Consistency**, on every edge the search generates: h(n) ≤ c(n, n′) + h(n′). One compare
//!   per stored successor, in the hot loop; a failing edge is recorded compactly.
//! - **Admissibility**, once a goal is accepted at cost C: every row's cost to the goal is at
//!   most what a route found through it costs (C − g(n) on the accepted route; one move more from
//!   any stored row that reaches a bounded row or a goal; carried up the parents). A row whose h
//!   is above such a bound overestimates. This pass regenerates every stored row's successors
//!   once, so it runs only when asked ([`warnings`]), never while stepping.
//!
//! Words are built only when asked.

use super::cost::Cost;
use super::problem::{Problem, Successor};
use super::search::Search;
use super::settings::Algorithm;
use super::store::NodeId;
use serde::Serialize;

/// At most this many inconsistent edges are recorded per search (the first ones met), so a
/// badly inconsistent h on a big search cannot fill memory.
pub const MAX_RECORDED: usize = 1000;

/// Which promise h broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WarningKind {
    /// h drops along an edge by more than the edge costs.
    Inconsistent,
    /// h is above a cost to the goal the search has found.
    Overestimates,
}

/// One broken promise, with its words: what `frontier run --json` lists as
/// `heuristic_warnings` and what the app marks in its tables.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HeuristicWarning {
    /// The step that met it.
    pub step: u64,
    /// The row whose h is too high.
    #[serde(skip)]
    pub id: NodeId,
    /// That row's state, as the tables show it.
    pub state: String,
    pub kind: WarningKind,
    pub words: String,
    /// The row's h.
    #[serde(skip)]
    pub h: Cost,
    /// What h should not exceed: c(n, n′) + h(n′) for an inconsistent edge, a cost to the goal
    /// found through the row for an overestimate.
    #[serde(skip)]
    pub bound: Cost,
}

/// An edge on which h dropped by more than the edge costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct BadEdge {
    step: u64,
    from: NodeId,
    to: NodeId,
    cost: Cost,
}

/// The consistency check the search runs on every generated edge.
#[derive(Clone, Debug, Default)]
pub struct EdgeCheck {
    /// Only algorithms whose order uses h are checked: for the others h means nothing.
    on: bool,
    step: u64,
    drops: Vec<BadEdge>,
}

impl EdgeCheck {
    /// A check for `algorithm` (off when its priority ignores h).
    #[must_use]
    pub fn new(algorithm: Algorithm) -> EdgeCheck {
        EdgeCheck {
            on: uses_h(algorithm),
            ..EdgeCheck::default()
        }
    }

    /// The step whose edges come next.
    pub fn begin_step(&mut self, step: u64) {
        self.step = step;
    }

    /// Checks the edge `from` → `to` of cost `cost`.
    #[inline]
    pub fn edge(&mut self, from: NodeId, h_from: Cost, to: NodeId, h_to: Cost, cost: Cost) {
        if self.on && h_from > cost + h_to && self.drops.len() < MAX_RECORDED {
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

/// Every warning the search has met up to its current step: the inconsistent edges in the order
/// met, then, if a goal was accepted, the rows proven to overestimate (the largest overestimate
/// first). Costs a pass over the notebook when a goal was accepted: ask once per step.
#[must_use]
pub fn warnings<P: Problem>(search: &Search<P>) -> Vec<HeuristicWarning> {
    let core = search.core();
    let store = &core.store;
    let name = |id: NodeId| core.problem.compact(&store.node(id).state);
    let algorithm = core.settings.algorithm;
    let mut out: Vec<HeuristicWarning> = core
        .heuristic_check
        .drops
        .iter()
        .map(|d| {
            let (from, to) = (store.node(d.from), store.node(d.to));
            let (a, b) = (name(d.from), name(d.to));
            HeuristicWarning {
                step: d.step,
                id: d.from,
                kind: WarningKind::Inconsistent,
                words: format!(
                    "h({a}) = {} but {a} reaches {b} for {} and h({b}) = {}: h drops by more \
                     than the move costs, so this h is inconsistent and {algorithm} may have to \
                     reopen states",
                    from.h, d.cost, to.h
                ),
                state: a,
                h: from.h,
                bound: d.cost + to.h,
            }
        })
        .collect();
    if !core.heuristic_check.on {
        return out;
    }
    let Some(route) = search.solution() else {
        return out;
    };
    let goal = *route.last().expect("a route has its goal");
    let total = store.node(goal).g;
    let mut found: Vec<(NodeId, Cost)> = goal_bounds(search, &route)
        .into_iter()
        .enumerate()
        .map(|(i, bound)| (NodeId::try_from(i).expect("ids fit in u32"), bound))
        .filter(|&(id, bound)| bound != Cost::INFINITE && store.node(id).h > bound)
        .collect();
    found.sort_by_key(|&(id, bound)| (std::cmp::Reverse(store.node(id).h - bound), id));
    out.extend(found.into_iter().map(|(id, bound)| {
        let (a, h) = (name(id), store.node(id).h);
        HeuristicWarning {
            step: search.steps(),
            id,
            kind: WarningKind::Overestimates,
            words: format!(
                "h({a}) = {h} but {a} reaches the goal for {bound}: this h overestimates, so \
                 {algorithm}'s route (cost {total}) may not be the cheapest"
            ),
            state: a,
            h,
            bound,
        }
    }));
    out
}

/// Upper bounds on the cost to the goal of stored rows, by row id ([`Cost::INFINITE`]: none
/// known): the accepted route's rows, every row one move from a bounded row or a goal, and the
/// parents of those.
fn goal_bounds<P: Problem>(search: &Search<P>, route: &[NodeId]) -> Vec<Cost> {
    let core = search.core();
    let store = &core.store;
    let total = store.node(*route.last().expect("a route has its goal")).g;
    let mut bound = vec![Cost::INFINITE; store.len()];
    for &id in route {
        bound[id as usize] = total - store.node(id).g;
    }
    let mut successors = Vec::new();
    let mut improved = Vec::new();
    for i in 0..store.len() {
        let id = NodeId::try_from(i).expect("ids fit in u32");
        successors.clear();
        core.problem
            .successors(&store.node(id).state, &mut successors);
        let best = successors
            .iter()
            .filter_map(|s| match s {
                Successor::Child { state, cost, .. } if core.problem.is_goal(state) => Some(*cost),
                Successor::Child { state, cost, .. } => store
                    .find(state)
                    .map(|to| bound[to as usize])
                    .filter(|&b| b != Cost::INFINITE)
                    .map(|b| *cost + b),
                Successor::Pruned { .. } => None,
            })
            .min();
        if let Some(best) = best
            && best < bound[i]
        {
            bound[i] = best;
            improved.push(id);
        }
    }
    // A row's parent reaches it for at most the g between them (its g was set through that
    // parent, whose g can only have dropped since).
    for mut id in improved {
        while let Some(parent) = store.node(id).parent() {
            let through = store.node(id).g - store.node(parent).g + bound[id as usize];
            if bound[parent as usize] <= through {
                break;
            }
            bound[parent as usize] = through;
            id = parent;
        }
    }
    bound
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_drops_larger_than_the_move_are_kept_and_going_back_forgets_them() {
        let mut check = EdgeCheck::new(Algorithm::AStar);
        check.begin_step(1);
        check.edge(0, Cost::units(6), 1, Cost::units(4), Cost::units(2));
        check.edge(0, Cost::units(6), 2, Cost::units(2), Cost::units(2));
        check.begin_step(2);
        check.edge(2, Cost::units(2), 3, Cost::ZERO, Cost::ONE);
        let steps = |c: &EdgeCheck| c.drops.iter().map(|d| (d.step, d.to)).collect::<Vec<_>>();
        assert_eq!(steps(&check), vec![(1, 2), (2, 3)], "6 ≤ 2 + 4 holds");
        check.forget_after(1);
        assert_eq!(steps(&check), vec![(1, 2)]);
        let mut off = EdgeCheck::new(Algorithm::Dijkstra);
        off.edge(0, Cost::units(6), 2, Cost::units(2), Cost::units(2));
        assert!(off.drops.is_empty(), "Dijkstra's order ignores h");
    }
}
