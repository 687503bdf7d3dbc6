//! Seek times of time travel over 100,000- and 1,000,000-step searches: Dijkstra on a
//! 15-puzzle, whose notebook and open list grow every step (the worst case for keyframes).
//!
//! Before the criterion runs, each case prints what one undone and one replayed step cost, then
//! jumps once to each of 64 scattered steps and prints the worst and the mean jump, wall clock
//! and on-CPU (criterion's figures are means over many jumps).

use criterion::{Criterion, criterion_group, criterion_main};
use frontier::engine::notebook::Status;
use frontier::engine::session::Session;
use frontier::engine::timeline::Timeline;
use frontier::scenario::{Scenario, SearchSpec};
use std::collections::BTreeSet;
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

/// The bench's search: Dijkstra on a 15-puzzle (whose notebook and open list grow every step).
fn search() -> Box<dyn Session> {
    let text = "Scenario(problem: SlidingPuzzle(width: 4, height: 4, \
        start: [0, 2, 4, 14, 11, 1, 7, 6, 3, 8, 15, 13, 10, 5, 9, 12]), \
        search: (algorithm: Dijkstra, max_states: 4000000))";
    Scenario::parse(text, "bench", Path::new("."))
        .expect("parses")
        .session(&SearchSpec::default())
        .expect("builds")
}

/// Nanoseconds this thread has been on a CPU (Linux; 0 elsewhere): under load, wall time
/// counts the waiting for a core too.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// What `f` returns, with its wall and on-CPU time.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration, Duration) {
    let (cpu, started) = (cpu_ns(), Instant::now());
    let out = f();
    let wall = started.elapsed();
    (out, wall, Duration::from_nanos(cpu_ns() - cpu))
}

/// What one undone and one replayed step cost over the last tenth of `steps` (what
/// `timeline::UNDONE_STEP_NS` and `REPLAYED_STEP_NS` weigh; a tenth, so that the on-CPU time,
/// counted in scheduler ticks, spans many): a timeline with no keyframe but the first, so
/// going back must undo the steps and coming back must replay them.
fn step_costs(steps: u64) {
    let mut timeline = Timeline::with_limits(search(), u64::MAX, usize::MAX);
    timeline.go_to(steps).expect("runs");
    let tenth = steps / 10;
    let (_, undo, undo_cpu) = timed(|| timeline.go_to(steps - tenth).expect("undoes"));
    let (_, replay, replay_cpu) = timed(|| timeline.go_to(steps).expect("replays"));
    let per_step = |d: Duration| d.as_nanos() / u128::from(tenth);
    eprintln!(
        "at {steps}, per step over the last {tenth} (wall / CPU): undone {} / {} ns, \
         replayed {} / {} ns",
        per_step(undo),
        per_step(undo_cpu),
        per_step(replay),
        per_step(replay_cpu)
    );
}

fn timeline_of(steps: u64) -> Timeline {
    let mut timeline = Timeline::new(search());
    let ((), recorded, _) = timed(|| assert_eq!(timeline.go_to(steps).expect("runs"), steps));
    let (count, bytes) = timeline.keyframes();
    eprintln!(
        "recorded {steps} steps in {recorded:.2?}: {} rows, {count} keyframes every {} steps, \
         {} MiB of keyframes, {} MiB live",
        timeline.view().rows(),
        timeline.interval(),
        bytes >> 20,
        timeline.view().memory_bytes() >> 20
    );
    let (keyframe, copy, _) = timed(|| timeline.keyframe());
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
    let (_, restore, restore_cpu) = timed(|| timeline.go_to(halfway).expect("restores"));
    eprintln!(
        "at {steps}: one keyframe taken in {copy:.2?}; a jump to the keyframe at step {halfway} \
         {restore:.2?} ({restore_cpu:.2?} CPU)"
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

/// Jumps to each target once and prints the slowest jump and the mean, wall clock and on-CPU
/// (in scheduler ticks: a jump under a tick may count none or one). Each jump is then taken
/// twice more from the same step, and the slowest of the jumps' fastest tries is printed too:
/// what a jump costs with less of the machine's load in it.
fn worst_and_mean(timeline: &mut Timeline, steps: u64) {
    let mut times = Vec::new();
    let mut fastest = Vec::new();
    for target in targets(steps) {
        let from = timeline.steps();
        let (reached, wall, cpu) = timed(|| timeline.go_to(target).expect("seeks"));
        assert_eq!(reached, target);
        times.push((wall, cpu, from, target));
        let again = (0..2).map(|_| {
            timeline.go_to(from).expect("seeks");
            timed(|| timeline.go_to(target).expect("seeks")).1
        });
        fastest.push((
            again.chain([wall]).min().expect("three tries"),
            from,
            target,
        ));
    }
    let (worst, worst_cpu, from, to) = times.iter().max().expect("64 jumps");
    let most_cpu = times.iter().map(|t| t.1).max().expect("64 jumps");
    let mean = times.iter().map(|t| t.0).sum::<Duration>() / 64;
    let mean_cpu = times.iter().map(|t| t.1).sum::<Duration>() / 64;
    let (least, least_from, least_to) = fastest.iter().max().expect("64 jumps");
    eprintln!(
        "jumps to 64 scattered steps of {steps}: worst {worst:.2?} ({worst_cpu:.2?} CPU, from \
         step {from} to {to}), most CPU {most_cpu:.2?}, mean {mean:.2?} ({mean_cpu:.2?} CPU); \
         the slowest jump's fastest of 3 tries {least:.2?} (from {least_from} to {least_to})"
    );
}

fn seek(c: &mut Criterion) {
    let mut group = c.benchmark_group("timeline");
    group.sample_size(10);
    for steps in [100_000, 1_000_000] {
        step_costs(steps);
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
