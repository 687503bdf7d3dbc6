//! Memory of deep searches per step: peak RSS (Linux `VmHWM`) grown by a run, over the steps it
//! took, for IDA* on Korf's 15-puzzle #12 (546,337 steps), IDDFS on an 8-puzzle and
//! backtracking through every solution of 12 queens, each alone (the engine's `Search`) and in a
//! `Timeline` (what the app and CLI hold: the search, a record of every step and keyframes).
//! Each case runs in a fresh child process, so one peak does not hide another. Run with
//! `cargo run --release --example bytes_per_step [case…]`.

use frontier::domains::queens::NQueens;
use frontier::domains::sliding::instances::Korf;
use frontier::domains::sliding::{SlidingPuzzle, default_goal};
use frontier::engine::problem::Problem;
use frontier::engine::search::Search;
use frontier::engine::session::Session;
use frontier::engine::settings::{Algorithm, Heuristic, Settings};
use frontier::engine::timeline::Timeline;
use std::process::Command;
use std::time::Instant;

/// An 8-puzzle 20 moves from the goal.
const EIGHT_20: [u8; 9] = [8, 1, 3, 4, 0, 2, 7, 6, 5];

const CASES: [&str; 6] = [
    "ida-korf12",
    "ida-korf12-timeline",
    "iddfs-8puzzle",
    "iddfs-8puzzle-timeline",
    "backtracking-12queens",
    "backtracking-12queens-timeline",
];

/// Peak resident memory of this process so far, in bytes.
fn peak_rss() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<usize>().ok())
        .map_or(0, |kb| kb * 1024)
}

fn settings(algorithm: Algorithm, heuristic: Heuristic, all_solutions: bool) -> Settings {
    Settings {
        algorithm,
        heuristic,
        all_solutions,
        max_states: 100_000_000,
        ..Settings::default()
    }
}

/// What a run measured.
struct Ran {
    steps: u64,
    /// Bytes the engine counts.
    counted: usize,
    seconds: f64,
    /// Peak RSS grown by the run.
    grown: usize,
    /// In a timeline: its keyframes at the end and the times of jumps (taken after the
    /// figures above).
    notes: String,
}

#[expect(clippy::cast_precision_loss, reason = "a report")]
/// Runs `problem` to its end, alone or in a timeline.
fn run<P>(problem: P, settings: Settings, in_timeline: bool) -> Ran
where
    P: Problem + Clone + Send + 'static,
    P::State: Send,
{
    let before = peak_rss();
    let started = Instant::now();
    let search = Search::new(problem, settings);
    if in_timeline {
        let mut timeline = Timeline::<dyn Session>::new(Box::new(search));
        while timeline.view().outcome().is_none() {
            timeline.step().expect("a new step never diverges");
        }
        let seconds = started.elapsed().as_secs_f64();
        let grown = peak_rss().saturating_sub(before);
        let view = timeline.view();
        let (count, keyframes) = timeline.keyframes();
        // At the last step the search's own record is the timeline's.
        let (steps, counted) = (view.steps(), view.memory_bytes() + keyframes);
        let notes = format!(
            "{count} keyframes, {:.1} MiB, every {} steps; {}",
            keyframes as f64 / f64::from(1 << 20),
            timeline.interval(),
            jumps(&mut timeline)
        );
        Ran {
            steps,
            counted,
            seconds,
            grown,
            notes,
        }
    } else {
        let mut search = search;
        search.run(u64::MAX);
        Ran {
            steps: search.view().steps(),
            counted: search.bytes(),
            seconds: started.elapsed().as_secs_f64(),
            grown: peak_rss().saturating_sub(before),
            notes: String::new(),
        }
    }
}

/// Jumps to 32 scattered steps (a fixed pseudo-random sequence) and back to the end; returns
/// the worst and mean time of a jump.
fn jumps(timeline: &mut Timeline) -> String {
    let steps = timeline.recorded_steps();
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut times = Vec::new();
    for _ in 0..32 {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let target = (seed >> 33) % (steps + 1);
        let started = Instant::now();
        timeline
            .go_to(target)
            .expect("a recorded step replays the same");
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    timeline.go_to(steps).expect("back to the end");
    let worst = times.iter().copied().fold(0.0, f64::max);
    let mean = times.iter().sum::<f64>() / 32.0;
    format!("jumps worst {worst:.1} ms, mean {mean:.1} ms")
}

#[expect(clippy::cast_precision_loss, reason = "a report")]
fn measure(case: &str) {
    let in_timeline = case.ends_with("-timeline");
    let ran = if case.starts_with("ida-korf12") {
        run(
            Korf::get(12).expect("listed").puzzle(),
            settings(Algorithm::IdaStar, Heuristic::Manhattan, false),
            in_timeline,
        )
    } else if case.starts_with("iddfs-8puzzle") {
        let p = SlidingPuzzle::<u64>::new(3, 3, EIGHT_20.to_vec(), default_goal(3, 3));
        run(
            p,
            settings(Algorithm::Iddfs, Heuristic::Manhattan, false),
            in_timeline,
        )
    } else {
        run(
            NQueens::new(12, None),
            settings(Algorithm::Backtracking, Heuristic::QueensLeft, true),
            in_timeline,
        )
    };
    let per_step = |bytes: usize| bytes as f64 / ran.steps.max(1) as f64;
    println!(
        "{case:32} {:>9} steps {:6.2} s  peak RSS +{:>7.1} MiB = {:6.1} B/step  \
         (engine counts {:6.1} B/step) {}",
        ran.steps,
        ran.seconds,
        ran.grown as f64 / f64::from(1 << 20),
        per_step(ran.grown),
        per_step(ran.counted),
        ran.notes
    );
}

fn main() {
    let asked: Vec<String> = std::env::args().skip(1).collect();
    if let [one] = asked.as_slice()
        && std::env::var_os("BYTES_PER_STEP_CHILD").is_some()
    {
        measure(one);
        return;
    }
    let cases: Vec<&str> = if asked.is_empty() {
        CASES.to_vec()
    } else {
        asked.iter().map(String::as_str).collect()
    };
    let me = std::env::current_exe().expect("the example's path");
    for case in cases {
        let status = Command::new(&me)
            .arg(case)
            .env("BYTES_PER_STEP_CHILD", "1")
            .status()
            .expect("the example runs itself");
        assert!(status.success(), "{case} failed");
    }
}
