//! What a search needs to know about a problem family, and nothing about how it is shown: its
//! states, moves, costs and estimates. How states and moves are shown (words, boards) is a
//! second trait, in the layer above the engine, which every domain implements beside this one.

use super::cost::Cost;
use super::notebook::Filed;
use super::settings::{Algorithm, Candidates, Heuristic, Settings};
use std::fmt::Debug;
use std::hash::Hash;

/// One thing a state can turn into: a child reached by a move, or a move refused at generation.
#[derive(Clone, Debug, PartialEq)]
pub enum Successor<S, M> {
    /// A legal move and the state it leads to, with its step cost.
    Child { state: S, mv: M, cost: Cost },
    /// A move the domain prunes before storing (a queen under attack, a box on a dead square).
    /// The presentation says why, only when someone asks.
    Pruned { mv: M },
}

/// Why an instance cannot be searched (unsolvable, already solved, malformed).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String);

/// A problem family as a search sees it: its states, moves, costs and heuristics.
///
/// States are compact values (a packed board, a bit set) so the notebook can hold millions.
pub trait Problem {
    type State: Clone + Eq + Hash + Debug + Send + Sync + Filed;
    type Move: Copy + Debug + PartialEq + Send;

    /// Checks the instance before any search: the reason it is refused, if it is.
    ///
    /// # Errors
    /// The refusal, with a reason a learner can act on.
    fn validate(&self) -> Result<(), Refusal>;
    /// Whether `algorithm` can run on this problem at all (with the reason when not).
    ///
    /// # Errors
    /// Why the algorithm does not apply.
    fn supports(&self, algorithm: Algorithm) -> Result<(), Refusal> {
        match algorithm {
            Algorithm::GenerateAndTest => Err(Refusal(
                "generate and test only applies to N-queens: it needs complete candidate boards"
                    .into(),
            )),
            _ => Ok(()),
        }
    }
    fn start(&self) -> Self::State;
    fn is_goal(&self, state: &Self::State) -> bool;
    /// Appends the successors of `state` in the domain's fixed order (the order ties rely on).
    fn successors(&self, state: &Self::State, out: &mut Vec<Successor<Self::State, Self::Move>>);
    /// The heuristics this domain offers; the first is its default.
    fn heuristics(&self) -> &'static [Heuristic];
    /// The estimate of `heuristic` for `state`; only called with one of [`Problem::heuristics`].
    fn estimate(&self, state: &Self::State, heuristic: Heuristic) -> Cost;
    /// The estimate of `child`, reached from `parent` (estimated `parent_h`) by `mv`: always
    /// equal to [`Problem::estimate`] of `child`. Searches call it for every new successor, so
    /// a domain whose estimate changes by a few terms per move (a slide moves one tile)
    /// overrides it to update the parent's instead of recounting the whole state.
    fn estimate_child(
        &self,
        parent: &Self::State,
        parent_h: Cost,
        child: &Self::State,
        mv: Self::Move,
        heuristic: Heuristic,
    ) -> Cost {
        let _ = (parent, parent_h, mv);
        self.estimate(child, heuristic)
    }
    /// Whether these settings (beyond the algorithm) can run on this instance, e.g. a
    /// candidate mode too large to enumerate.
    ///
    /// # Errors
    /// Why the settings do not apply.
    fn check_settings(&self, settings: &Settings) -> Result<(), Refusal> {
        let _ = settings;
        Ok(())
    }
    /// How many complete candidate boards generate and test faces in `mode` (saturating at
    /// `u128::MAX`); `None` where the domain has no candidates.
    fn candidate_count(&self, mode: Candidates) -> Option<u128> {
        let _ = mode;
        None
    }
    /// The first complete candidate in `mode`, in the domain's fixed order.
    fn first_candidate(&self, mode: Candidates) -> Option<Self::State> {
        let _ = mode;
        None
    }
    /// The candidate after `state` in `mode`, or `None` after the last one.
    fn next_candidate(&self, mode: Candidates, state: &Self::State) -> Option<Self::State> {
        let _ = (mode, state);
        None
    }
    /// Whether `heuristic` never overestimates on this instance (A* then finds shortest routes).
    /// Domains whose estimates can overestimate under some options (Manhattan distance with
    /// diagonal moves) say so here; the search refuses them for A* unless told to allow it.
    fn admissible(&self, heuristic: Heuristic) -> bool {
        let _ = heuristic;
        true
    }
    /// Whether `heuristic` is consistent on every edge of every instance of this domain
    /// (h(n) ≤ c(n, m) + h(m), to the billionth), so that the search's check of each edge it
    /// meets ([`EdgeCheck`](super::heuristic_check::EdgeCheck)), which looks for the opposite
    /// and could never find it, is skipped. A domain says so
    /// only where it holds by construction, and its tests check it edge by edge.
    fn consistent(&self, heuristic: Heuristic) -> bool {
        let _ = heuristic;
        false
    }
    /// How many states a search of this instance can reach at most, where the domain knows it
    /// (a sliding puzzle: half the orders of its tiles), so that the notebook can size its hash
    /// index for a small space at once instead of doubling it on the way; `None` where unknown
    /// or too large to count.
    fn reachable_states(&self) -> Option<u64> {
        None
    }
    /// How many numbers this instance's states are filed under ([`Filed::number`]: one past
    /// the largest), so that the notebook makes its table of them once, whole (or takes one a
    /// finished search gave back), instead of growing it as the search reaches farther cells;
    /// 0 where states are not numbered.
    fn numbered_states(&self) -> usize {
        0
    }
}

/// Helpers for the domains' tests of what they vouch for.
#[cfg(test)]
pub(crate) mod vouched {
    use super::{Heuristic, Problem, Successor};

    /// The first edge out of `states` on which `heuristic` drops by more than the edge costs
    /// (h(n) > c(n, m) + h(m)): its two states.
    pub(crate) fn inconsistent_edge<P: Problem>(
        problem: &P,
        heuristic: Heuristic,
        states: &[P::State],
    ) -> Option<(P::State, P::State)> {
        let mut out = Vec::new();
        states.iter().find_map(|from| {
            out.clear();
            problem.successors(from, &mut out);
            let h = problem.estimate(from, heuristic);
            out.iter().find_map(|s| match s {
                Successor::Child { state, cost, .. }
                    if h > *cost + problem.estimate(state, heuristic) =>
                {
                    Some((from.clone(), state.clone()))
                }
                _ => None,
            })
        })
    }

    /// Checks every heuristic `problem` vouches is consistent on every edge out of `states`,
    /// and returns how many it vouches for.
    pub(crate) fn check_every_edge<P: Problem>(problem: &P, states: &[P::State]) -> usize {
        let vouched: Vec<Heuristic> = problem
            .heuristics()
            .iter()
            .copied()
            .filter(|&h| problem.consistent(h))
            .collect();
        for &h in &vouched {
            assert_eq!(
                inconsistent_edge(problem, h, states),
                None,
                "{h:?} is vouched consistent"
            );
        }
        vouched.len()
    }
}
