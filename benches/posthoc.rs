//! Opening a Posthoc trace of about 1,000,000 events: time and peak memory, for YAML (as
//! Frontier's `--posthoc` writes it) and the same events as JSON lines, then what a jump to a
//! step and `inspect` cost on it.
//!
//! The trace is Frontier's own: Dijkstra on a 15-puzzle (44 moves from the goal) for 250,000 steps,
//! recorded with the `--posthoc` recorder (about 4 events a step). It is written once into the
//! target folder and reused. Each format is opened in a child process of this bench, so its
//! peak resident memory (`VmHWM`) is the open's alone. Run with `cargo bench --bench posthoc`.

use frontier::engine::settings::Algorithm;
use frontier::present::export::PosthocRecorder;
use frontier::scenario::{Scenario, SearchSpec};
use frontier::trace::posthoc::{self, ReadOptions};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Steps of the recorded search.
const STEPS: u64 = 250_000;

/// The folder the traces are written to (beside the build, not in the repository).
fn folder() -> PathBuf {
    let exe = std::env::current_exe().expect("the bench knows its path");
    let dir = exe
        .ancestors()
        .nth(3)
        .unwrap_or(Path::new("."))
        .join("posthoc-bench");
    std::fs::create_dir_all(&dir).expect("the folder can be made");
    dir
}

/// Records the search as YAML (and converts it to JSON lines), unless already done.
fn traces() -> (PathBuf, PathBuf) {
    let dir = folder();
    let (yaml, lines) = (
        dir.join("fifteen-dijkstra.trace.yaml"),
        dir.join("fifteen-dijkstra.trace.jsonl"),
    );
    if yaml.exists() && lines.exists() {
        return (yaml, lines);
    }
    let scenario = Scenario::load(Path::new("scenarios/fifteen_44_moves.ron")).expect("loads");
    let spec = SearchSpec {
        algorithm: Some(Algorithm::Dijkstra),
        max_states: Some(4_000_000),
        ..SearchSpec::default()
    };
    let mut session = scenario.session(&spec).expect("builds");
    let mut recorder = PosthocRecorder::default();
    while session.view().outcome().is_none() && session.view().steps() < STEPS {
        session.step();
        recorder.record(session.shown()).expect("records");
    }
    recorder.save(&yaml).expect("saves");
    // The same events, one JSON object a line: `{ type: x, id: 1, … }` has YAML's flow syntax.
    let text = std::fs::read_to_string(&yaml).expect("reads");
    let mut out = String::new();
    for line in text.lines().filter_map(|l| l.strip_prefix("  - { ")) {
        let body = line.trim_end_matches(" }");
        let fields: Vec<String> = body
            .split(", ")
            .map(|kv| {
                let (k, v) = kv.split_once(": ").expect("a field");
                if k == "type" {
                    format!("\"{k}\": \"{v}\"")
                } else {
                    format!("\"{k}\": {v}")
                }
            })
            .collect();
        out.push_str(&format!("{{{}}}\n", fields.join(", ")));
    }
    std::fs::write(&lines, out).expect("writes");
    (yaml, lines)
}

/// Peak resident memory of this process so far, in bytes (Linux; 0 elsewhere).
fn peak_rss() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .map_or(0, |kib| kib * 1024)
}

/// Nanoseconds this thread has been on a CPU (Linux; 0 elsewhere): under load, wall time
/// counts the waiting for a core too.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The child's work: open `path`, then jump and inspect; prints one line of figures.
fn open_and_measure(path: &Path) {
    let before = peak_rss();
    let (started, cpu) = (Instant::now(), cpu_ns());
    let trace = posthoc::open(path, &ReadOptions::default()).expect("opens");
    let open_time = started.elapsed();
    let open_cpu = (cpu_ns() - cpu) as f64 / 1e9;
    let after_open = peak_rss();
    let steps = trace.step_count();
    let jumps: Vec<u64> = (1..=64).map(|i| i * steps / 64).collect();
    let started = Instant::now();
    let mut worst = std::time::Duration::ZERO;
    for &k in &jumps {
        let t = Instant::now();
        let at = trace.at(k);
        std::hint::black_box(at.open().len());
        worst = worst.max(t.elapsed());
    }
    let jump_mean = started.elapsed() / jumps.len() as u32;
    let t = Instant::now();
    let at = trace.at(steps / 2);
    let order = at.open_order(&[]);
    let order_time = t.elapsed();
    let (started, cpu) = (Instant::now(), cpu_ns());
    let inspection = posthoc::inspect(&trace);
    let inspect_time = started.elapsed();
    let inspect_cpu = (cpu_ns() - cpu) as f64 / 1e9;
    let size = std::fs::metadata(path).map_or(0, |m| m.len());
    println!(
        "{}: {} events ({} MB file), {} steps, {} states: open {:.2} s ({:.2} s on-CPU), peak memory {} MiB \
         (trace holds {} MiB; {} MiB before opening); jump to a step {:.2} ms mean, {:.2} ms \
         worst; open list of {} sorted in {:.1} ms; inspect {:.2} s ({:.2} s on-CPU; {} tied)",
        path.file_name().unwrap_or_default().to_string_lossy(),
        trace.events_read,
        size / 1_000_000,
        steps,
        trace.nodes(),
        open_time.as_secs_f64(),
        open_cpu,
        after_open >> 20,
        trace.memory_bytes() >> 20,
        before >> 20,
        jump_mean.as_secs_f64() * 1e3,
        worst.as_secs_f64() * 1e3,
        order.len(),
        order_time.as_secs_f64() * 1e3,
        inspect_time.as_secs_f64(),
        inspect_cpu,
        inspection.tied,
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--open" {
            let path = args.next().expect("a path after --open");
            open_and_measure(Path::new(&path));
            return;
        }
    }
    let (yaml, lines) = traces();
    let exe = std::env::current_exe().expect("the bench knows its path");
    for path in [yaml, lines] {
        let status = Command::new(&exe)
            .arg("--open")
            .arg(&path)
            .status()
            .expect("the bench runs itself");
        assert!(status.success(), "opening {} failed", path.display());
    }
}
