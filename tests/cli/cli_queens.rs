//! The command line's search flags end to end: `--all`, `--forward-checking`, `--depth-limit`,
//! `--candidates`, on N-queens and sliding puzzles.

use clap::Parser;
use frontier::cli::{self, Cli, Command};
use std::path::PathBuf;

/// Runs `frontier run FILE ARGS… --json` on scenario text and returns the JSON.
fn run(scenario: &str, args: &[&str]) -> serde_json::Value {
    let dir = std::env::temp_dir().join(format!("frontier-cli-queens-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file: PathBuf = dir.join(format!("{}.ron", args.join("_").replace('-', "")));
    std::fs::write(&file, scenario).unwrap();
    let mut argv = vec!["frontier", "run", file.to_str().unwrap(), "--json"];
    argv.extend_from_slice(args);
    let Some(Command::Run(run_args)) = Cli::try_parse_from(argv).expect("parses").command else {
        panic!("not a run")
    };
    let mut out = Vec::new();
    assert_eq!(cli::run(&run_args, &mut out), 0);
    std::fs::remove_file(&file).unwrap();
    serde_json::from_slice(&out).expect("JSON")
}

const QUEENS: &str = "Scenario(problem: NQueens(size: 8), search: (algorithm: Backtracking))";
const LOCKED: &str = "Scenario(problem: NQueens(size: 8, locked: Some((row: 3, col: 5))))";
const SEED: &str =
    "Scenario(problem: SlidingPuzzle(width: 3, height: 3, start: [5,4,2,7,0,3,8,1,6]))";

#[test]
fn all_counts_the_92_solutions() {
    let o = run(QUEENS, &["--all"]);
    assert_eq!(o["outcome"], "exhausted");
    assert_eq!(o["solutions"], 92);
    let o = run(QUEENS, &[]);
    assert_eq!(
        (o["outcome"].as_str(), o["solutions"].as_u64()),
        (Some("goal_found"), Some(1))
    );
}

#[test]
fn forward_checking_checks_fewer_states() {
    let plain = run(LOCKED, &["--algorithm", "backtracking"]);
    let fc = run(
        LOCKED,
        &["--algorithm", "backtracking", "--forward-checking"],
    );
    assert_eq!(plain["moves"], fc["moves"]);
    assert!(fc["states_checked"].as_u64() < plain["states_checked"].as_u64());
}

#[test]
fn depth_limit_bounds_backtracking_on_a_puzzle() {
    let o = run(
        SEED,
        &["--algorithm", "backtracking", "--depth-limit", "12"],
    );
    assert_eq!(o["cost"], 12.0);
    let o = run(
        SEED,
        &["--algorithm", "backtracking", "--depth-limit", "11"],
    );
    assert_eq!(o["outcome"], "exhausted");
}

#[test]
fn generate_and_test_takes_its_candidates_and_is_refused_on_puzzles() {
    let o = run(
        "Scenario(problem: NQueens(size: 5))",
        &[
            "--algorithm",
            "generate-and-test",
            "--candidates",
            "all-squares",
            "--max-states",
            "100000",
        ],
    );
    assert_eq!(o["outcome"], "goal_found");
    let o = run(SEED, &["--algorithm", "generate-and-test"]);
    assert_eq!(o["outcome"], "refused");
    assert!(o["reason"].as_str().unwrap().contains("N-queens"));
}
