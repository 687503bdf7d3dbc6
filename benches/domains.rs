//! Grid and Sokoban searches: the engine's A* and Dijkstra over every query of the Moving AI
//! arena map, beside the `pathfinding` crate's `astar` and `dijkstra` on the same queries; and
//! breadth-first and A* on a Microban level.
//!
//! Run briefly: `cargo bench --bench domains -- --warm-up-time 1 --measurement-time 3`.

use criterion::{Criterion, criterion_group, criterion_main};
use frontier::domains::grid::{Grid, GridMap, Moves};
use frontier::domains::movingai::{self, Query};
use frontier::domains::sokoban::{self, Sokoban, SokobanCost};
use frontier::engine::event::Outcome;
use frontier::engine::problem::Problem;
use frontier::engine::search::Search;
use frontier::engine::settings::{Algorithm, Heuristic, Settings};
use std::hint::black_box;

const MAP: &str = include_str!("../scenarios/maps/arena.map");
const SCEN: &str = include_str!("../scenarios/maps/arena.map.scen");
const LEVEL: &str = include_str!("../scenarios/sokoban/microban_006.txt");

/// √2 in billionths, as the engine stores it.
const DIAGONAL: i64 = 1_414_213_562;
const UNIT: i64 = 1_000_000_000;

fn engine<P>(problem: P, algorithm: Algorithm, heuristic: Heuristic) -> i64
where
    P: Problem + Send + 'static,
{
    let mut s = Search::new(
        problem,
        Settings {
            algorithm,
            heuristic,
            max_states: 1 << 20,
            ..Settings::default()
        },
    );
    assert_eq!(s.run(u64::MAX), Some(&Outcome::GoalFound));
    let goal = *s.solution().unwrap().last().unwrap();
    s.core().notebook.node(goal).g.raw()
}

/// The arena's passable cells and neighbours, written independently of the engine for the
/// `pathfinding` crate: 8-connected, no corner cutting.
struct Plain {
    width: i64,
    height: i64,
    open: Vec<bool>,
}

impl Plain {
    fn new(map: &GridMap) -> Plain {
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

    fn neighbours(&self, &(x, y): &(i64, i64)) -> Vec<((i64, i64), i64)> {
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

fn octile(a: (i64, i64), b: (i64, i64)) -> i64 {
    let (dx, dy) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
    (dx.max(dy) - dx.min(dy)) * UNIT + dx.min(dy) * DIAGONAL
}

fn cell(c: frontier::domains::grid::Cell) -> (i64, i64) {
    (i64::try_from(c.x).unwrap(), i64::try_from(c.y).unwrap())
}

fn grid_queries(c: &mut Criterion) {
    let map = movingai::parse_map(MAP).unwrap();
    let queries: Vec<Query> = movingai::parse_scen(SCEN).unwrap();
    let plain = Plain::new(&map);
    let ours = |q: &Query, algorithm, heuristic| {
        engine(
            Grid::new(Ok(map.clone()), q.start, q.goal, Moves::Eight),
            algorithm,
            heuristic,
        )
    };
    let theirs_astar = |q: &Query| {
        let goal = cell(q.goal);
        pathfinding::prelude::astar(
            &cell(q.start),
            |n| plain.neighbours(n),
            |n| octile(*n, goal),
            |n| *n == goal,
        )
        .unwrap()
        .1
    };
    let theirs_dijkstra = |q: &Query| {
        let goal = cell(q.goal);
        pathfinding::prelude::dijkstra(&cell(q.start), |n| plain.neighbours(n), |n| *n == goal)
            .unwrap()
            .1
    };
    // Same answers before timing anything.
    for q in &queries {
        let expected = theirs_dijkstra(q);
        assert_eq!(ours(q, Algorithm::AStar, Heuristic::Octile), expected);
        assert_eq!(ours(q, Algorithm::Dijkstra, Heuristic::Zero), expected);
        assert_eq!(theirs_astar(q), expected);
    }
    let mut group = c.benchmark_group("arena, 160 queries");
    group.bench_function("frontier A*", |b| {
        b.iter(|| {
            queries
                .iter()
                .map(|q| ours(q, Algorithm::AStar, Heuristic::Octile))
                .sum::<i64>()
        });
    });
    group.bench_function("frontier Dijkstra", |b| {
        b.iter(|| {
            queries
                .iter()
                .map(|q| ours(q, Algorithm::Dijkstra, Heuristic::Zero))
                .sum::<i64>()
        });
    });
    group.bench_function("pathfinding astar", |b| {
        b.iter(|| queries.iter().map(theirs_astar).sum::<i64>());
    });
    group.bench_function("pathfinding dijkstra", |b| {
        b.iter(|| queries.iter().map(theirs_dijkstra).sum::<i64>());
    });
    group.finish();
}

fn sokoban_level(c: &mut Criterion) {
    let level = || Sokoban::new(sokoban::pick_level(LEVEL, None, None), SokobanCost::Pushes);
    let mut group = c.benchmark_group("microban 6, pushes");
    group.bench_function("frontier breadth-first", |b| {
        b.iter(|| black_box(engine(level(), Algorithm::BreadthFirst, Heuristic::Zero)));
    });
    group.bench_function("frontier A* (matching)", |b| {
        b.iter(|| black_box(engine(level(), Algorithm::AStar, Heuristic::Matching)));
    });
    group.finish();
}

criterion_group!(benches, grid_queries, sokoban_level);
criterion_main!(benches);
