//! Bytes per stored state, everything recorded included: peak resident memory of a search run
//! to the end, less the same process's peak before the search, over the states stored.
//!
//! `cargo run --release --example bytes_per_state` prints the figure for A* on Korf's 15-puzzle
//! instance #12 (45 moves, Manhattan distance) and for breadth-first search over all 181,440
//! 8-puzzle states. Each case runs in a child process of its own, so one case's peak does not
//! hide another's. Linux only (it reads `VmHWM` from `/proc/self/status`).

use frontier::domains::sliding::instances::{Korf, eight_hardest};
use frontier::engine::search::Search;
use frontier::engine::settings::{Algorithm, Heuristic, Settings};
use std::process::Command;

/// Peak resident set of this process so far, in bytes.
fn peak_rss() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").expect("Linux /proc");
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM line");
    let kib: usize = line
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("VmHWM in kB");
    kib * 1024
}

/// Runs one case to the end and prints its line.
fn measure(case: &str) {
    let (puzzle, algorithm) = match case {
        "astar-korf12" => (Korf::get(12).expect("listed").puzzle(), Algorithm::AStar),
        "bfs-8puzzle" => (eight_hardest(), Algorithm::BreadthFirst),
        other => panic!("unknown case {other}"),
    };
    let settings = Settings {
        algorithm,
        heuristic: Heuristic::Manhattan,
        tie_break: algorithm.default_tie_break(),
        max_states: 100_000_000,
        all_solutions: algorithm == Algorithm::BreadthFirst,
        max_memory: frontier::engine::memory::MemorySize(8 << 30),
        ..Settings::default()
    };
    let empty = peak_rss();
    let mut search = Search::new(puzzle, settings);
    let outcome = search.run(u64::MAX).cloned();
    let peak = peak_rss();
    let stored = search.counts().states_stored;
    let per_state = (peak - empty) as f64 / stored as f64;
    println!(
        "{case}: {stored} states stored in {} steps ({outcome:?}); peak RSS {:.1} MiB over an \
         empty run; {per_state:.1} bytes per stored state (the engine counts {:.1})",
        search.steps(),
        (peak - empty) as f64 / f64::from(1 << 20),
        search.bytes() as f64 / stored as f64,
    );
}

fn main() {
    if let Some(case) = std::env::args().nth(1) {
        measure(&case);
        return;
    }
    let me = std::env::current_exe().expect("own path");
    for case in ["astar-korf12", "bfs-8puzzle"] {
        let status = Command::new(&me).arg(case).status().expect("runs a case");
        assert!(status.success(), "{case} failed");
    }
}
