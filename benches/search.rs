//! Engine speed and memory against the `pathfinding` crate on the same instances, with the same
//! domain code (successors and heuristic) on both sides; Frontier records every step event.

mod shared;

use criterion::{Criterion, criterion_group, criterion_main};
use frontier::domains::sliding::instances::eight_hardest;
use frontier::domains::sliding::{SlidingPuzzle, default_goal};
use frontier::engine::problem::Problem;
use frontier::engine::search::Search;
use frontier::engine::settings::{Algorithm, Heuristic};
use frontier::engine::view::SearchView;
use std::hint::black_box;
use std::time::Duration;

const FIFTEEN_44: [u8; 16] = [0, 2, 4, 14, 11, 1, 7, 6, 3, 8, 15, 13, 10, 5, 9, 12];

fn puzzle(width: usize, start: &[u8]) -> SlidingPuzzle<u64> {
    shared::puzzle(width, start, default_goal(width, width))
}

/// Runs Frontier to the end; returns the search for its counts.
fn frontier_run(
    p: &SlidingPuzzle<u64>,
    algorithm: Algorithm,
    all: bool,
) -> Search<SlidingPuzzle<u64>> {
    shared::run(
        p.clone(),
        shared::settings(algorithm, Heuristic::Manhattan, all),
    )
}

fn pathfinding_astar(p: &SlidingPuzzle<u64>) -> u32 {
    let (_, cost) = pathfinding::directed::astar::astar(
        &p.start(),
        |s| shared::sliding_neighbours(p, s),
        |s| shared::sliding_manhattan(p, s),
        |s| p.is_goal(s),
    )
    .expect("solvable");
    cost
}

fn report(name: &str, search: &Search<SlidingPuzzle<u64>>) {
    let stored = search.counts().states_stored;
    let bytes = SearchView::memory_bytes(search);
    eprintln!(
        "{name}: {} states checked, {stored} stored, {} steps recorded, {:.1} bytes per stored state",
        search.counts().states_checked,
        search.step_record().len(),
        bytes as f64 / stored as f64
    );
}

fn benches(c: &mut Criterion) {
    let eight = eight_hardest();
    let fifteen = puzzle(4, &FIFTEEN_44);
    report(
        "A* 8-puzzle 31 moves",
        &frontier_run(&eight, Algorithm::AStar, false),
    );
    report(
        "BFS all 8-puzzle states",
        &frontier_run(&eight, Algorithm::BreadthFirst, true),
    );
    report(
        "A* 15-puzzle 44 moves",
        &frontier_run(&fifteen, Algorithm::AStar, false),
    );

    for (name, puzzle) in [
        ("astar_8_puzzle_31_moves", &eight),
        ("astar_15_puzzle_44_moves", &fifteen),
    ] {
        let mut g = c.benchmark_group(name);
        g.bench_function("frontier", |b| {
            b.iter(|| black_box(frontier_run(puzzle, Algorithm::AStar, false).steps()))
        });
        g.bench_function("pathfinding", |b| {
            b.iter(|| black_box(pathfinding_astar(puzzle)))
        });
        g.finish();
    }

    let mut g = c.benchmark_group("bfs_all_181440_states");
    g.bench_function("frontier", |b| {
        b.iter(|| {
            black_box(
                frontier_run(&eight, Algorithm::BreadthFirst, true)
                    .counts()
                    .states_stored,
            )
        })
    });
    g.bench_function("pathfinding", |b| {
        b.iter(|| {
            black_box(
                pathfinding::directed::bfs::bfs_reach(eight.start(), |s| {
                    shared::sliding_neighbours(&eight, s)
                        .into_iter()
                        .map(|(n, _)| n)
                })
                .count(),
            )
        })
    });
    g.finish();
}

criterion_group! {
    name = search;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    targets = benches
}
criterion_main!(search);
