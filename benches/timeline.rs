//! Seek times of time travel over 100,000- and 1,000,000-step searches: Dijkstra on a
//! 15-puzzle, whose notebook and open list grow every step (the worst case for keyframes).
//!
//! Before the criterion runs, each case jumps once to each of 64 scattered steps and prints
//! the worst and the mean jump (criterion's figures are means over many jumps).

use criterion::{Criterion, criterion_group, criterion_main};
use frontier::engine::notebook::Status;
use frontier::engine::timeline::Timeline;
use frontier::scenario::{Scenario, SearchSpec};
use std::collections::BTreeSet;
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

fn timeline_of(steps: u64) -> Timeline {
    let text = "Scenario(problem: SlidingPuzzle(width: 4, height: 4, \
        start: [0, 2, 4, 14, 11, 1, 7, 6, 3, 8, 15, 13, 10, 5, 9, 12]), \
        search: (algorithm: Dijkstra, max_states: 4000000))";
    let session = Scenario::parse(text, "bench", Path::new("."))
        .expect("parses")
        .session(&SearchSpec::default())
        .expect("builds");
    let mut timeline = Timeline::new(session);
    let started = Instant::now();
    assert_eq!(timeline.go_to(steps).expect("runs"), steps);
    let (count, bytes) = timeline.keyframes();
    eprintln!(
        "recorded {steps} steps in {:.2?}: {} rows, {count} keyframes every {} steps, {} MiB of keyframes, {} MiB live",
        started.elapsed(),
        timeline.view().rows(),
        timeline.interval(),
        bytes >> 20,
        timeline.view().memory_bytes() >> 20
    );
    let copy = Instant::now();
    let keyframe = timeline.keyframe();
    let copy = copy.elapsed();
    drop(keyframe);
    let view = timeline.view();
    let open_f: BTreeSet<_> = (0..view.rows())
        .map(|i| view.row(u32::try_from(i).expect("ids fit in u32")))
        .filter(|row| row.status == Status::Open)
        .map(|row| row.f)
        .collect();
    // With Dijkstra's storing-order tie-break, one open-list bucket per f.
    eprintln!(
        "at {steps}: {} open rows at {} values of f",
        view.counts().open,
        open_f.len()
    );
    let halfway = steps / 2 / timeline.interval() * timeline.interval();
    let restore = Instant::now();
    timeline.go_to(halfway).expect("restores");
    let restore = restore.elapsed();
    timeline.go_to(steps).expect("replays");
    let back = Instant::now();
    timeline.go_to(steps - 10_000).expect("undoes");
    let back = back.elapsed();
    let forward = Instant::now();
    timeline.go_to(steps).expect("replays");
    let forward = forward.elapsed();
    eprintln!(
        "at {steps}: one keyframe copy {copy:.2?}; a jump to step {halfway} (a keyframe) \
         {restore:.2?}; 10,000 steps undone {back:.2?}, replayed {forward:.2?}"
    );
    timeline
}

/// Steps spread over the whole search, in a scrambled but fixed order.
fn targets(steps: u64) -> Vec<u64> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..64)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % (steps + 1)
        })
        .collect()
}

/// Jumps to each target once and prints the slowest jump and the mean.
fn worst_and_mean(timeline: &mut Timeline, steps: u64) {
    let mut times = Vec::new();
    for target in targets(steps) {
        let from = timeline.steps();
        let started = Instant::now();
        assert_eq!(timeline.go_to(target).expect("seeks"), target);
        times.push((started.elapsed(), from, target));
    }
    let (worst, from, to) = times.iter().max().expect("64 jumps");
    let mean = times.iter().map(|t| t.0).sum::<std::time::Duration>() / 64;
    eprintln!(
        "jumps to 64 scattered steps of {steps}: worst {worst:.2?} (from step {from} to {to}), \
         mean {mean:.2?}"
    );
}

fn seek(c: &mut Criterion) {
    let mut group = c.benchmark_group("timeline");
    group.sample_size(10);
    for steps in [100_000, 1_000_000] {
        let mut timeline = timeline_of(steps);
        worst_and_mean(&mut timeline, steps);
        let targets = targets(steps);
        let mut i = 0;
        group.bench_function(format!("go_to a random step of {steps}"), |b| {
            b.iter(|| {
                i = (i + 1) % targets.len();
                black_box(timeline.go_to(targets[i]).expect("seeks"))
            });
        });
        timeline.go_to(steps).expect("seeks");
        group.bench_function(format!("step back from the end of {steps}"), |b| {
            b.iter(|| {
                if timeline.steps() < steps - 1000 {
                    timeline.go_to(steps).expect("seeks");
                }
                timeline.step_back().expect("steps back");
                black_box(timeline.steps())
            });
        });
    }
    group.finish();
}

criterion_group!(benches, seek);
criterion_main!(benches);
