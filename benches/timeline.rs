//! Seek times of time travel over a 1,000,000-step search: Dijkstra on a 15-puzzle, whose
//! notebook grows every step (the worst case for keyframes: each one copies every row).

use criterion::{Criterion, criterion_group, criterion_main};
use frontier::engine::timeline::Timeline;
use frontier::scenario::{Scenario, SearchSpec};
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

const STEPS: u64 = 1_000_000;

fn million_step_timeline() -> Timeline {
    let text = "Scenario(problem: SlidingPuzzle(width: 4, height: 4, \
        start: [0, 2, 4, 14, 11, 1, 7, 6, 3, 8, 15, 13, 10, 5, 9, 12]), \
        search: (algorithm: Dijkstra, max_states: 4000000))";
    let session = Scenario::parse(text, "bench", Path::new("."))
        .expect("parses")
        .session(&SearchSpec::default())
        .expect("builds");
    let mut timeline = Timeline::new(session);
    let started = Instant::now();
    assert_eq!(timeline.go_to(STEPS).expect("runs"), STEPS);
    let (count, bytes) = timeline.keyframes();
    eprintln!(
        "recorded {STEPS} steps in {:.2?}: {} rows, {count} keyframes every {} steps, {} MiB of keyframes, {} MiB live",
        started.elapsed(),
        timeline.session().rows(),
        timeline.interval(),
        bytes >> 20,
        timeline.session().memory_bytes() >> 20
    );
    timeline
}

/// Steps spread over the whole search, in a scrambled but fixed order.
fn targets() -> Vec<u64> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..64)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % (STEPS + 1)
        })
        .collect()
}

fn seek(c: &mut Criterion) {
    let mut timeline = million_step_timeline();
    let targets = targets();
    let mut i = 0;
    c.bench_function("go_to a random step of 1M", |b| {
        b.iter(|| {
            i = (i + 1) % targets.len();
            black_box(timeline.go_to(targets[i]).expect("seeks"))
        });
    });
    timeline.go_to(STEPS).expect("seeks");
    c.bench_function("step back at the end of 1M", |b| {
        b.iter(|| {
            if timeline.steps() < STEPS - 10_000 {
                timeline.go_to(STEPS).expect("seeks");
            }
            timeline.step_back().expect("steps back");
            black_box(timeline.steps())
        });
    });
}

criterion_group!(benches, seek);
criterion_main!(benches);
