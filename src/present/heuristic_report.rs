//! The heuristic's broken promises in words, built when a face asks ([`warnings`]): the
//! inconsistent edges the engine's [`EdgeCheck`](crate::engine::heuristic_check::EdgeCheck)
//! recorded while stepping, then, once a goal is accepted, the admissibility pass over every
//! stored row. Kept apart from the check itself, which runs in the search's hot loop and needs
//! nothing of the search.

use super::Presentation;
use crate::engine::cost::Cost;
use crate::engine::notebook::NodeId;
use crate::engine::problem::{Problem, Successor};
use crate::engine::search::Search;
use serde::Serialize;

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

/// Every warning the search has met up to its current step: the inconsistent edges in the order
/// met, then, if a goal was accepted, the rows proven to overestimate (the largest overestimate
/// first). Costs a pass over the notebook when a goal was accepted: ask once per step.
#[must_use]
pub fn warnings<P: Presentation>(search: &Search<P>) -> Vec<HeuristicWarning> {
    let core = search.core();
    let store = &core.notebook;
    let name = |id: NodeId| core.problem.compact(store.node(id).state);
    let algorithm = core.settings.algorithm;
    let mut out: Vec<HeuristicWarning> = core
        .heuristic_check
        .drops()
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
    if !core.heuristic_check.is_on() {
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
    let store = &core.notebook;
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
            .successors(store.node(id).state, &mut successors);
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
