//! End to end through the built binary: traces, replay, breakpoints, exports and compare.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common;
use common::cli::{frontier, json};

const SEED: &str = "Scenario(problem: SlidingPuzzle(width: 3, height: 3, \
    start: [5,4,2,7,0,3,8,1,6], goal: [1,2,3,4,5,6,7,8,0]), \
    search: (algorithm: AStar, heuristic: Manhattan))";

/// A scratch folder of its own for each test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("frontier-replay-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("seed.ron"), SEED).unwrap();
    dir
}

/// A scratch folder holding the seed's run recorded as `t.ron`, and that trace's text: the
/// tests that edit a trace start from it.
fn recorded(name: &str) -> (PathBuf, String) {
    let dir = scratch(name);
    let run = frontier(&dir, &["run", "seed.ron", "--trace", "t.ron"]);
    assert!(run.status.success());
    let text = std::fs::read_to_string(dir.join("t.ron")).unwrap();
    (dir, text)
}

#[test]
fn a_recorded_trace_verifies_and_replays_to_step_5() {
    let (dir, _) = recorded("verify");
    let verify = frontier(&dir, &["replay", "t.ron", "--verify", "--json"]);
    assert_eq!(verify.status.code(), Some(0));
    let v = json(&verify);
    assert_eq!(v["verified"], true);
    assert_eq!(v["first_difference"], serde_json::Value::Null);
    assert_eq!(v["states_checked"], 20);
    let to5 = json(&frontier(&dir, &["replay", "t.ron", "--to", "5", "--json"]));
    assert_eq!(
        (to5["steps"].as_u64(), to5["states_checked"].as_u64()),
        (Some(5), Some(5))
    );
    assert_eq!(to5["outcome"], "step_limit");
}

#[test]
fn a_hand_edited_trace_names_the_first_differing_step() {
    let (dir, text) = recorded("edited");
    // Step 9's line: the ninth after "steps:". Claim it did something else (another digest).
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let at = lines.iter().position(|l| l == "steps:").unwrap() + 9;
    let (pick, digest) = lines[at].split_once(' ').unwrap();
    let other = if digest == "AAAA" { "AAAB" } else { "AAAA" };
    let edited = format!("{pick} {other}");
    lines[at] = edited;
    std::fs::write(dir.join("t.ron"), lines.join("\n") + "\n").unwrap();
    let out = frontier(&dir, &["replay", "t.ron", "--verify", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["verified"], false);
    assert_eq!(v["first_difference"]["step"], 9);
    assert_eq!(v["first_difference"]["what"], "what the step did");
    let words = v["first_difference"]["run"].as_str().unwrap();
    assert!(
        words.starts_with("picked #") && words.contains("stored new"),
        "{words}"
    );
}

#[test]
fn damaged_and_foreign_traces_are_unusable_with_a_reason() {
    let (dir, text) = recorded("damaged");
    std::fs::write(dir.join("cut.ron"), &text[..text.len() - 40]).unwrap();
    let out = frontier(&dir, &["replay", "cut.ron"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line "));
    let old = text.replacen(env!("CARGO_PKG_VERSION"), "0.0.0-old", 1);
    std::fs::write(dir.join("old.ron"), old).unwrap();
    let out = frontier(&dir, &["replay", "old.ron", "--verify"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("recorded by frontier 0.0.0-old"));
}

#[test]
fn until_f_rises_on_the_seed_ends_with_the_goal_at_step_21() {
    let dir = scratch("until");
    let out = frontier(&dir, &["run", "seed.ron", "--until", "f-rises", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(
        (v["outcome"].as_str(), v["steps"].as_u64()),
        (Some("goal_found"), Some(21))
    );
    assert_eq!(v["stopped_by"], serde_json::Value::Null);
    let v = json(&frontier(
        &dir,
        &[
            "run", "seed.ron", "--until", "tie>=2", "--until", "step=9", "--json",
        ],
    ));
    assert_eq!(
        (v["outcome"].as_str(), v["steps"].as_u64()),
        (Some("breakpoint"), Some(2))
    );
    assert_eq!(v["stopped_by"]["breakpoint"], "tie>=2");
    let text = frontier(&dir, &["run", "seed.ron", "--until", "state=123456780"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.starts_with("Stopped at breakpoint state=123456780: 123456780 stored on step 20"),
        "{text}"
    );
    let goal = frontier(&dir, &["run", "seed.ron", "--until", "goal"]);
    let goal = String::from_utf8_lossy(&goal.stdout);
    assert!(goal.starts_with("Goal found"), "{goal}");
    assert!(
        goal.contains("stopped by breakpoint goal: goal accepted on step 21"),
        "{goal}"
    );
    let bad = frontier(&dir, &["run", "seed.ron", "--until", "f-falls"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn csv_has_a_line_per_step_and_posthoc_writes_any_domain() {
    let dir = scratch("csv");
    let out = frontier(&dir, &["run", "seed.ron", "--csv", "steps.csv"]);
    assert!(out.status.success());
    let csv = std::fs::read_to_string(dir.join("steps.csv")).unwrap();
    assert_eq!(csv.lines().count(), 22);
    assert!(csv.lines().last().unwrap().ends_with("goal_found"));
    let out = frontier(&dir, &["run", "seed.ron", "--posthoc", "p.trace.yaml"]);
    assert!(out.status.success());
    let trace = std::fs::read_to_string(dir.join("p.trace.yaml")).unwrap();
    assert_eq!(trace.matches("type: expanding").count(), 21);
}

/// `frontier compare seed.ron --algorithm astar --algorithm bfs --json`, plus `extra`.
fn compare_astar_and_bfs(dir: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "compare",
        "seed.ron",
        "--algorithm",
        "astar",
        "--algorithm",
        "bfs",
        "--json",
    ];
    args.extend_from_slice(extra);
    frontier(dir, &args)
}

#[test]
fn compare_tables_each_setting_as_separate_runs_would() {
    let dir = scratch("compare");
    let out = compare_astar_and_bfs(&dir, &[]);
    assert!(out.status.success());
    let v = json(&out);
    for (i, alg) in ["astar", "bfs"].iter().enumerate() {
        let alone = json(&frontier(
            &dir,
            &["run", "seed.ron", "--algorithm", alg, "--json"],
        ));
        let lane = &v["lanes"][i];
        for field in [
            "steps",
            "states_checked",
            "states_stored",
            "max_open",
            "cost",
        ] {
            assert_eq!(lane[field], alone[field], "{alg} {field}");
        }
    }
    assert!(v["first_difference"]["step"].as_u64().unwrap() >= 2);
    let one = frontier(&dir, &["compare", "seed.ron", "--algorithm", "astar"]);
    assert_eq!(one.status.code(), Some(2));
}

#[test]
fn posthoc_traces_place_grid_states_at_their_cells() {
    let dir = scratch("posthoc");
    std::fs::write(
        dir.join("g.ron"),
        r#"Scenario(problem: Grid(map: "....\n.##.\n....", start: (x: 0, y: 1), goal: (x: 3, y: 1)))"#,
    )
    .unwrap();
    let out = frontier(&dir, &["run", "g.ron", "--posthoc", "g.trace.yaml"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let trace = std::fs::read_to_string(dir.join("g.trace.yaml")).unwrap();
    assert!(trace.contains("version: 1.4.0"), "{trace}");
    // The start (0, 1) is the source; the goal (3, 1) is reached.
    assert!(
        trace.contains("type: source") && trace.contains("x: 0, y: 1"),
        "{trace}"
    );
    assert!(trace.contains("x: 3, y: 1"), "{trace}");
}

#[test]
fn compare_takes_a_tie_break_policy() {
    let dir = scratch("compare-ties");
    let out = compare_astar_and_bfs(&dir, &["--tie-break", "lowest-h,lifo"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(json(&out)["lanes"][0]["cost"].as_u64(), Some(12));
}
