//! Pieces the engine-speed benches share: instances, Frontier's run to the end, and the
//! `pathfinding` crate's view of the same domains (successors and heuristic from the same domain
//! code for sliding puzzles; grid neighbours written independently of the engine).

#![allow(dead_code, reason = "each bench uses its own subset")]

use frontier::domains::grid::{Cell, GridMap};
use frontier::domains::sliding::SlidingPuzzle;
use frontier::engine::problem::{Problem, Successor};
use frontier::engine::search::Search;
use frontier::engine::settings::{Algorithm, Heuristic, Settings};

/// √2 in billionths, as the engine stores it.
pub const DIAGONAL: i64 = 1_414_213_562;
/// One straight move in billionths.
pub const UNIT: i64 = 1_000_000_000;

/// A square sliding puzzle from `start` to `goal`.
pub fn puzzle(width: usize, start: &[u8], goal: Vec<u8>) -> SlidingPuzzle<u64> {
    SlidingPuzzle::new(width, width, start.to_vec(), goal)
}

/// Settings for a run to the end with room for every state (the default memory budget).
pub fn settings(algorithm: Algorithm, heuristic: Heuristic, all_solutions: bool) -> Settings {
    Settings {
        algorithm,
        heuristic,
        tie_break: algorithm.default_tie_break(),
        max_states: 100_000_000,
        all_solutions,
        ..Settings::default()
    }
}

/// Runs Frontier to its outcome, every step recorded.
pub fn run<P>(problem: P, settings: Settings) -> Search<P>
where
    P: Problem + Send + 'static,
    P::State: Send,
{
    let mut search = Search::new(problem, settings);
    search.run(u64::MAX);
    search
}

/// The cost of the goal Frontier accepted, in billionths.
pub fn goal_cost<P: Problem>(search: &Search<P>) -> i64 {
    let Some(route) = search.solution() else {
        panic!(
            "Frontier found no goal: {:?} after {} steps (a harder instance may need a larger \
             `max_memory` or `max_states` than the bench's settings give)",
            search.outcome(),
            search.steps()
        );
    };
    let goal = *route.last().expect("a route");
    search.core().notebook.node(goal).g.raw()
}

/// A sliding puzzle's successors for `pathfinding`, from the domain's own move generator.
pub fn sliding_neighbours(p: &SlidingPuzzle<u64>, s: &u64) -> Vec<(u64, u32)> {
    let mut out = Vec::with_capacity(4);
    p.successors(s, &mut out);
    out.into_iter()
        .filter_map(|x| match x {
            Successor::Child { state, .. } => Some((state, 1)),
            Successor::Pruned { .. } => None,
        })
        .collect()
}

/// The domain's Manhattan distance as a whole number, for `pathfinding`.
pub fn sliding_manhattan(p: &SlidingPuzzle<u64>, s: &u64) -> u32 {
    u32::try_from(p.estimate(s, Heuristic::Manhattan).raw() / UNIT).expect("small")
}

/// A grid map's passable cells and neighbours, written independently of the engine for the
/// `pathfinding` crate: 8-connected, no corner cutting.
pub struct Plain {
    width: i64,
    height: i64,
    open: Vec<bool>,
}

impl Plain {
    pub fn new(map: &GridMap) -> Plain {
        Plain {
            width: i64::try_from(map.width).unwrap(),
            height: i64::try_from(map.height).unwrap(),
            open: map.cells.iter().map(|&c| c > 0).collect(),
        }
    }

    fn free(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && x < self.width
            && y < self.height
            && self.open[(y * self.width + x) as usize]
    }

    pub fn neighbours(&self, &(x, y): &(i64, i64)) -> Vec<((i64, i64), i64)> {
        let mut out = Vec::with_capacity(8);
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) == (0, 0) || !self.free(x + dx, y + dy) {
                    continue;
                }
                if dx != 0 && dy != 0 {
                    if self.free(x + dx, y) && self.free(x, y + dy) {
                        out.push(((x + dx, y + dy), DIAGONAL));
                    }
                } else {
                    out.push(((x + dx, y + dy), UNIT));
                }
            }
        }
        out
    }
}

/// Octile distance in billionths.
pub fn octile(a: (i64, i64), b: (i64, i64)) -> i64 {
    let (dx, dy) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
    (dx.max(dy) - dx.min(dy)) * UNIT + dx.min(dy) * DIAGONAL
}

/// A cell as signed coordinates.
pub fn cell(c: Cell) -> (i64, i64) {
    (i64::try_from(c.x).unwrap(), i64::try_from(c.y).unwrap())
}
