//! Exact distances by breadth-first search over a whole (small) state space: every state
//! reachable from a problem's start, grouped by the fewest moves it takes to reach. Started
//! from the goal, the layers give every state's exact optimal depth (slides are reversible), so
//! instances of depth d can be drawn from layer d without searching each one.

use crate::engine::problem::{Problem, Successor};
use std::collections::HashSet;

/// States grouped by their distance from the start: `layer(d)` holds every state d moves away.
#[derive(Clone, Debug)]
pub struct Layers<S> {
    layers: Vec<Vec<S>>,
}

impl<S: Clone + Eq + std::hash::Hash> Layers<S> {
    /// Every state reachable from `problem`'s start, by distance (in moves, whatever the move
    /// costs). Visits the whole space: meant for spaces of a few hundred thousand states.
    pub fn from_start<P: Problem<State = S>>(problem: &P) -> Layers<S> {
        let start = problem.start();
        let mut seen: HashSet<S> = HashSet::from([start.clone()]);
        let mut layers = vec![vec![start]];
        let mut out = Vec::new();
        loop {
            let mut next = Vec::new();
            for state in layers.last().expect("at least the start") {
                out.clear();
                problem.successors(state, &mut out);
                for s in out.drain(..) {
                    if let Successor::Child { state, .. } = s
                        && seen.insert(state.clone())
                    {
                        next.push(state);
                    }
                }
            }
            if next.is_empty() {
                return Layers { layers };
            }
            layers.push(next);
        }
    }

    /// The states exactly `depth` moves from the start (empty past the farthest).
    #[must_use]
    pub fn layer(&self, depth: u32) -> &[S] {
        usize::try_from(depth)
            .ok()
            .and_then(|d| self.layers.get(d))
            .map_or(&[], Vec::as_slice)
    }

    /// The largest distance of any state.
    #[must_use]
    pub fn deepest(&self) -> u32 {
        u32::try_from(self.layers.len() - 1).expect("few layers")
    }

    /// Reachable states in all.
    #[must_use]
    pub fn states(&self) -> usize {
        self.layers.iter().map(Vec::len).sum()
    }
}
