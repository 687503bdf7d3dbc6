//! Backtracking on N-queens with every step's event built and logged, as the app and CLI run it:
//! all 92 solutions of 8 queens, and the first solution of 20 queens.

use criterion::{Criterion, criterion_group, criterion_main};
use frontier::engine::settings::Algorithm;
use frontier::scenario::{Scenario, SearchSpec};
use std::hint::black_box;
use std::path::Path;

fn run(size: usize, all_solutions: bool) -> (u64, u64) {
    let scenario = Scenario::parse(
        &format!("Scenario(problem: NQueens(size: {size}))"),
        "bench",
        Path::new("."),
    )
    .expect("parses");
    let mut session = scenario
        .session(&SearchSpec {
            algorithm: Some(Algorithm::Backtracking),
            all_solutions: Some(all_solutions),
            ..SearchSpec::default()
        })
        .expect("builds");
    while session.view().outcome().is_none() {
        black_box(session.step());
    }
    (session.view().counts().solutions, session.view().steps())
}

fn queens(c: &mut Criterion) {
    assert_eq!(run(8, true).0, 92);
    c.bench_function("backtracking: all 92 solutions of 8 queens", |b| {
        b.iter(|| run(8, true));
    });
    c.bench_function("backtracking: first solution of 20 queens", |b| {
        b.iter(|| run(20, false));
    });
}

criterion_group!(benches, queens);
criterion_main!(benches);
