//! The `frontier` binary as a user runs it: JSON fields, exit statuses, errors, no panics.

use std::path::PathBuf;
use std::process::{Command, Output};

fn frontier(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_frontier"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn scenario(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(name)
        .display()
        .to_string()
}

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("frontier-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// The `--json` report of `frontier run` on the shipped scenario `name` with `extra` options:
/// most tests here start from it.
fn run_json(name: &str, extra: &[&str]) -> serde_json::Value {
    let path = scenario(name);
    let mut args = vec!["run", &path, "--json"];
    args.extend_from_slice(extra);
    json(&frontier(&args))
}

fn json(out: &Output) -> serde_json::Value {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn json_reports_the_seed_run() {
    let v = run_json("seed_542703816.ron", &[]);
    assert_eq!(v["outcome"], "goal_found");
    assert_eq!(v["states_checked"], 20);
    assert_eq!(v["states_stored"], 35);
    assert_eq!(v["steps"], 21);
    assert_eq!(
        v["cost"].as_u64(),
        Some(12),
        "whole costs are JSON integers"
    );
    assert_eq!(v["moves"].as_array().unwrap().len(), 12);
    assert_eq!(v["moves"][0], "tile 1 up");
    assert!(v["reason"].is_null());
    assert!(v["max_open"].as_u64().unwrap() > 0);
}

#[test]
fn options_override_the_scenario() {
    let v = run_json("seed_542703816.ron", &["--max-states", "10"]);
    assert_eq!(v["outcome"], "limit_reached");
    assert_eq!(v["steps"], 5);
    assert!(v["cost"].is_null());
    let v = run_json("seed_542703816.ron", &["--algorithm", "bfs"]);
    assert_eq!(
        (v["outcome"].as_str(), v["cost"].as_f64()),
        (Some("goal_found"), Some(12.0))
    );
    assert_ne!(v["states_checked"], 20, "breadth-first checks more than A*");
}

#[test]
fn step_limit_stops_the_run() {
    let v = run_json("seed_542703816.ron", &["--max-steps", "3"]);
    assert_eq!(v["outcome"], "step_limit");
    assert_eq!(v["steps"], 3);
}

#[test]
fn refused_starts_exit_0_with_the_reason() {
    let v = run_json("unsolvable_123456870.ron", &[]);
    assert_eq!(v["outcome"], "refused");
    assert!(v["reason"].as_str().unwrap().contains("cannot be solved"));
    let solved = temp_file(
        "solved.ron",
        b"Scenario(problem: SlidingPuzzle(width: 3, height: 3, start: [1,2,3,4,5,6,7,8,0]))",
    );
    let v = json(&frontier(&["run", solved.to_str().unwrap(), "--json"]));
    assert_eq!(v["outcome"], "refused");
    assert!(v["reason"].as_str().unwrap().contains("already the goal"));
}

#[test]
fn malformed_ron_exits_2_with_line_and_column() {
    let bad = temp_file(
        "bad.ron",
        b"Scenario(problem: SlidingPuzzle(width: 3,\n height: 3, start: [5,4\n",
    );
    let out = frontier(&["run", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2, column"), "{err}");
}

#[test]
fn unknown_option_values_exit_2() {
    for args in [
        ["--algorithm", "dfs"],
        ["--heuristic", "euclid"],
        ["--tie-break", "lowest-q"],
    ] {
        let out = frontier(&["run", &scenario("seed_542703816.ron"), args[0], args[1]]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn garbage_files_never_panic() {
    let cases: [(&str, &[u8]); 5] = [
        ("binary.ron", &[0xff, 0xfe, 0x00, 0x12, 0x80]),
        ("empty.ron", b""),
        ("wrong.ron", b"Scenario(problem: Chess(size: 8))"),
        (
            "huge.ron",
            b"Scenario(problem: SlidingPuzzle(width: 99999999999999999999, height: 3, start: []))",
        ),
        (
            "negative.ron",
            b"Scenario(problem: SlidingPuzzle(width: 3, height: 3, start: [-1,2,3,4,5,6,7,8,0]))",
        ),
    ];
    for (name, bytes) in cases {
        let path = temp_file(name, bytes);
        let out = frontier(&["run", path.to_str().unwrap(), "--json"]);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            !String::from_utf8_lossy(&out.stderr).contains("panicked"),
            "{name}"
        );
    }
    let missing = frontier(&["run", "/nonexistent/frontier.ron"]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn odd_boards_are_refused_not_crashed() {
    for (name, text) in [
        (
            "big.ron",
            "Scenario(problem: SlidingPuzzle(width: 9, height: 9, start: [1,2,3]))",
        ),
        (
            "zero.ron",
            "Scenario(problem: SlidingPuzzle(width: 0, height: 0, start: []))",
        ),
        (
            "tall.ron",
            "Scenario(problem: SlidingPuzzle(width: 2, height: 40, start: [1,2,3]))",
        ),
        (
            "vast.ron",
            "Scenario(problem: SlidingPuzzle(width: 100000, height: 100000, start: [1]))",
        ),
    ] {
        let path = temp_file(name, text.as_bytes());
        let v = json(&frontier(&["run", path.to_str().unwrap(), "--json"]));
        assert_eq!(v["outcome"], "refused", "{name}");
    }
}

#[test]
fn verbose_prints_each_step_and_why() {
    let out = frontier(&["run", &scenario("seed_542703816.ron"), "--verbose"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("step 1: picked #0 542703816 (f 12, g 0, h 12)"),
        "{text}"
    );
    assert!(text.contains("step 2: picked #1 502743816"));
    assert!(text.contains("stored first"));
    assert!(text.contains("tile 4 down: stored new"));
    assert!(text.contains("Goal found"));
    assert!(text.contains("states checked 20, states stored 35"));
}

#[test]
fn tie_break_policies_from_the_command_line_change_the_picks() {
    let seed = scenario("seed_542703816.ron");
    let fifo = json(&frontier(&[
        "run",
        &seed,
        "--json",
        "--tie-break",
        "lowest-h,fifo",
    ]));
    let lifo = json(&frontier(&[
        "run",
        &seed,
        "--json",
        "--tie-break",
        "lowest-h,lifo",
    ]));
    assert_eq!(fifo["states_checked"], 20);
    assert_eq!(lifo["cost"].as_u64(), Some(12));
    assert_ne!(
        fifo["moves"], lifo["moves"],
        "stored last breaks the seed's ties the other way"
    );
}

#[test]
fn endless_input_files_are_refused_not_read_forever() {
    let path = temp_file(
        "endless.ron",
        br#"Scenario(problem: Grid(map_file: "/dev/zero", start: (x: 0, y: 0), goal: (x: 1, y: 0)))"#,
    );
    let out = frontier(&["run", path.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(2));
    // A device is refused for what it is, before anything is read from it.
    assert!(String::from_utf8_lossy(&out.stderr).contains("is a device"));
}

#[test]
fn compare_takes_the_options_run_takes_for_every_column() {
    let queens = scenario("queens_4.ron");
    let out = frontier(&[
        "compare",
        &queens,
        "--algorithm",
        "backtracking",
        "--algorithm",
        "bfs",
        "--all",
        "--json",
    ]);
    let v = json(&out);
    for (i, alg) in ["backtracking", "bfs"].iter().enumerate() {
        let alone = json(&frontier(&[
            "run",
            &queens,
            "--algorithm",
            alg,
            "--all",
            "--json",
        ]));
        let lane = &v["lanes"][i];
        assert_eq!(lane["outcome"], alone["outcome"], "{alg}");
        assert_eq!(lane["states_checked"], alone["states_checked"], "{alg}");
    }
    assert_eq!(
        v["lanes"][0]["outcome"], "exhausted",
        "every solution sought"
    );
}
