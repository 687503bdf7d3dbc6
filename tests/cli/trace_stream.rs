//! Traces written as a stream in a compact form and read back as a stream: every algorithm's
//! trace verifies, long runs cost at most 16 bytes a step, and a tampered trace is told in the
//! step log's words.

use std::path::{Path, PathBuf};

use crate::common;
use common::cli::{frontier, json};

const ALGORITHMS: [&str; 9] = [
    "astar",
    "dijkstra",
    "bfs",
    "greedy",
    "weighted-astar",
    "ida-star",
    "iddfs",
    "backtracking",
    "generate-and-test",
];

/// A scratch folder of its own for each test, holding copies of the library's scenarios.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("frontier-stream-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let library = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    for file in [
        "seed_542703816.ron",
        "queens_4.ron",
        "romania.ron",
        "fifteen_44_moves.ron",
    ] {
        std::fs::copy(library.join(file), dir.join(file)).unwrap();
    }
    std::fs::write(
        dir.join("queens_20.ron"),
        "Scenario(problem: NQueens(size: 20), search: (algorithm: Backtracking, all_solutions: true))",
    )
    .unwrap();
    dir
}

/// Runs with a trace; the run's JSON and the trace's size in bytes.
fn traced(dir: &Path, trace: &str, args: &[&str]) -> (serde_json::Value, u64) {
    let out = frontier(
        dir,
        &[&["run"][..], args, &["--trace", trace, "--json"]].concat(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        json(&out),
        std::fs::metadata(dir.join(trace)).unwrap().len(),
    )
}

#[test]
fn every_algorithm_writes_a_trace_that_replays_and_verifies() {
    let dir = scratch("round-trip");
    for algorithm in ALGORITHMS {
        for scenario in ["seed_542703816.ron", "queens_4.ron", "romania.ron"] {
            let (run, _) = traced(&dir, "t.ron", &[scenario, "--algorithm", algorithm]);
            let out = frontier(&dir, &["replay", "t.ron", "--verify", "--json"]);
            let v = json(&out);
            let what = format!("{algorithm} on {scenario}: {v}");
            assert_eq!(out.status.code(), Some(0), "{what}");
            assert_eq!(v["verified"], true, "{what}");
            assert_eq!(v["recorded_steps"], run["steps"], "{what}");
            assert_eq!(
                (&v["outcome"], &v["states_checked"]),
                (&run["outcome"], &run["states_checked"]),
                "{what}"
            );
        }
    }
}

#[test]
fn long_backtracking_and_best_first_traces_average_at_most_16_bytes_a_step() {
    let dir = scratch("size");
    let runs: [&[&str]; 2] = [
        &["queens_20.ron", "--max-steps", "200000"],
        &[
            "fifteen_44_moves.ron",
            "--algorithm",
            "bfs",
            "--max-states",
            "1000000",
            "--max-steps",
            "100000",
        ],
    ];
    for args in runs {
        let (run, bytes) = traced(&dir, "long.ron", args);
        let steps = run["steps"].as_u64().unwrap();
        assert!(steps >= 100_000, "{run}");
        let per_step = bytes as f64 / steps as f64;
        assert!(
            per_step <= 16.0,
            "{args:?}: {bytes} bytes for {steps} steps"
        );
        let replay = frontier(&dir, &["replay", "long.ron", "--verify", "--json"]);
        assert_eq!(json(&replay)["verified"], true, "{args:?}");
    }
}

/// The trace's lines, and the index of the first step line.
fn lines(path: &Path) -> (Vec<String>, usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let first = lines.iter().position(|l| l == "steps:").unwrap() + 1;
    (lines, first)
}

#[test]
fn a_tampered_pick_is_named_at_its_step_in_the_step_logs_words() {
    let dir = scratch("tampered");
    traced(
        &dir,
        "t.ron",
        &["fifteen_44_moves.ron", "--max-steps", "500"],
    );
    let (mut lines, first) = lines(&dir.join("t.ron"));
    // Step 300 claims it picked another row.
    let at = first + 299;
    let (pick, digest) = lines[at].split_once(' ').unwrap();
    let other = pick.parse::<u32>().unwrap() + 1;
    let edited = format!("{other} {digest}");
    lines[at] = edited;
    std::fs::write(dir.join("t.ron"), lines.join("\n") + "\n").unwrap();

    let out = frontier(&dir, &["replay", "t.ron", "--verify", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let d = &json(&out)["first_difference"];
    assert_eq!(
        (d["step"].as_u64(), d["what"].as_str()),
        (Some(300), Some("pick"))
    );
    assert!(
        d["trace"]
            .as_str()
            .unwrap()
            .starts_with(&format!("picked #{other}")),
        "{d}"
    );
    let run = d["run"].as_str().unwrap();
    assert!(run.starts_with("picked #") && run.contains("(f "), "{d}");

    let text = frontier(&dir, &["replay", "t.ron", "--verify"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains(&format!(
            "step 300 differs in pick: the trace picked #{other}"
        )),
        "{text}"
    );
    assert!(!text.contains("Some(") && !text.contains("Trace"), "{text}");
    // Replaying to a step before the change still agrees.
    let early = frontier(&dir, &["replay", "t.ron", "--to", "299", "--json"]);
    assert_eq!(early.status.code(), Some(0));
    assert_eq!(json(&early)["recorded_steps"], 500);
}

#[test]
fn a_damaged_step_line_is_refused_with_its_line_and_column() {
    let dir = scratch("damaged");
    traced(&dir, "t.ron", &["seed_542703816.ron"]);
    let (mut lines, first) = lines(&dir.join("t.ron"));
    lines[first + 4] = "17 AB?D".into();
    std::fs::write(dir.join("t.ron"), lines.join("\n") + "\n").unwrap();
    let out = frontier(&dir, &["replay", "t.ron", "--verify"]);
    assert_eq!(out.status.code(), Some(2));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(
        error.contains(&format!("line {}, column 6", first + 5)),
        "{error}"
    );
}

#[test]
fn a_trace_that_cannot_be_written_stops_the_run_before_it_starts_and_leaves_nothing() {
    let dir = scratch("unwritable");
    let out = frontier(
        &dir,
        &["run", "seed_542703816.ron", "--trace", "no/such/dir/t.ron"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        out.stdout.is_empty(),
        "no summary of a run whose trace was lost"
    );
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("no/such/dir/t.ron"), "{error}");
    let leftovers = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".tmp")
        })
        .count();
    assert_eq!(leftovers, 0);
}
