//! Grid and Sokoban searches: the engine's A* and Dijkstra over every query of the Moving AI
//! arena map, beside the `pathfinding` crate's `astar` and `dijkstra` on the same queries; and
//! breadth-first and A* on a Microban level.
//!
//! Run briefly: `cargo bench --bench domains -- --warm-up-time 1 --measurement-time 3`.

mod shared;

use criterion::{Criterion, criterion_group, criterion_main};
use frontier::domains::grid::{Grid, Moves};
use frontier::domains::movingai::{self, Query};
use frontier::domains::sokoban::{self, Sokoban, SokobanCost};
use frontier::engine::event::Outcome;
use frontier::engine::problem::Problem;
use frontier::engine::settings::{Algorithm, Heuristic};
use shared::{Plain, cell, octile};
use std::hint::black_box;

const MAP: &str = include_str!("../scenarios/maps/arena.map");
const SCEN: &str = include_str!("../scenarios/maps/arena.map.scen");
const LEVEL: &str = include_str!("../scenarios/sokoban/microban_006.txt");

fn engine<P>(problem: P, algorithm: Algorithm, heuristic: Heuristic) -> i64
where
    P: Problem + Send + 'static,
{
    let s = shared::run(problem, shared::settings(algorithm, heuristic, false));
    assert_eq!(s.outcome(), Some(&Outcome::GoalFound));
    shared::goal_cost(&s)
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
    let all_ours = |algorithm, heuristic| {
        queries
            .iter()
            .map(|q| ours(q, algorithm, heuristic))
            .sum::<i64>()
    };
    let mut group = c.benchmark_group("arena, 160 queries");
    group.bench_function("frontier A*", |b| {
        b.iter(|| all_ours(Algorithm::AStar, Heuristic::Octile));
    });
    group.bench_function("frontier Dijkstra", |b| {
        b.iter(|| all_ours(Algorithm::Dijkstra, Heuristic::Zero));
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
