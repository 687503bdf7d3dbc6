//! The cost of one step where it used to grow: backtracking deep in the 8-puzzle (the cycle
//! check along the path) and A* on a Sokoban level with 606 boxes (the matching heuristic of
//! every successor).
//!
//! Run briefly: `cargo bench --bench steps -- --warm-up-time 1 --measurement-time 3`.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use frontier::domains::sliding::SlidingPuzzle;
use frontier::domains::sliding::instances::eight_hardest;
use frontier::domains::sokoban::{self, Sokoban, SokobanCost};
use frontier::engine::search::Search;
use frontier::engine::settings::{Algorithm, Heuristic, Settings};
use std::hint::black_box;

const BIG_LEVEL: &str = include_str!("sokoban_606.txt");

/// Backtracking on the hardest 8-puzzle board, `steps` steps in.
fn backtracking_at(steps: u64) -> Search<SlidingPuzzle<u64>> {
    let puzzle = eight_hardest();
    let mut search = Search::new(
        puzzle,
        Settings {
            algorithm: Algorithm::Backtracking,
            heuristic: Heuristic::Manhattan,
            max_states: 200_000,
            ..Settings::default()
        },
    );
    search.run(steps);
    search
}

fn backtracking_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("backtracking 100 steps");
    for at in [1_000, 50_000] {
        let search = backtracking_at(at);
        group.bench_function(format!("after {at} steps"), |b| {
            b.iter_batched(
                || search.clone(),
                |mut s| {
                    s.run(at + 100);
                    black_box(s.steps())
                },
                BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

fn big_sokoban(c: &mut Criterion) {
    let level = Sokoban::new(
        sokoban::pick_level(BIG_LEVEL, None, None),
        SokobanCost::Pushes,
    );
    let settings = Settings {
        algorithm: Algorithm::AStar,
        heuristic: Heuristic::Matching,
        max_states: 1 << 20,
        ..Settings::default()
    };
    let mut group = c.benchmark_group("sokoban 606 boxes");
    group.sample_size(10);
    group.bench_function("first 3 A* steps", |b| {
        b.iter(|| {
            let mut s = Search::new(level.clone(), settings.clone());
            s.run(3);
            black_box(s.counts())
        });
    });
    group.finish();
}

criterion_group!(benches, backtracking_depth, big_sokoban);
criterion_main!(benches);
