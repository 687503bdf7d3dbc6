//! The memory budget: one size that covers everything a search holds, stopping it cleanly with
//! outcome `limit_reached` and the reason in words, in the library, the CLI and under time
//! travel; and `frontier scen` stopping queries at a limit and saying so.

use frontier::engine::event::Outcome;
use frontier::engine::memory::MemorySize;
use frontier::engine::session::Session;
use frontier::engine::settings::Algorithm;
use frontier::engine::timeline::Timeline;
use frontier::present::ShownSession;
use frontier::scenario::{Scenario, SearchSpec};
use std::path::{Path, PathBuf};

use crate::common;
use common::cli::{frontier, json};

fn scenarios() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios")
}

/// 20 queens, every solution: backtracking that runs for millions of steps.
const QUEENS_20: &str =
    "Scenario(problem: NQueens(size: 20), search: (algorithm: Backtracking, all_solutions: true))";

fn session(scenario: &Scenario, algorithm: Algorithm, budget: &str) -> Box<dyn ShownSession> {
    scenario
        .session(&SearchSpec {
            algorithm: Some(algorithm),
            max_memory: Some(MemorySize::parse(budget).unwrap()),
            ..SearchSpec::default()
        })
        .unwrap()
}

/// Steps to the end, or to `cap` steps (a run the budget fails to stop ends the test there).
fn run(session: &mut dyn Session, cap: u64) {
    while session.view().outcome().is_none() && session.view().steps() < cap {
        session.step();
    }
}

#[test]
fn a_small_budget_stops_deepening_backtracking_and_best_first_with_the_reason() {
    let den = Scenario::load(&scenarios().join("grid_den101d.ron")).unwrap();
    let hardest = Scenario::load(&scenarios().join("hardest_31_moves.ron")).unwrap();
    let fifteen = Scenario::load(&scenarios().join("fifteen_44_moves.ron")).unwrap();
    let queens = Scenario::parse(QUEENS_20, "q.ron", Path::new(".")).unwrap();
    let cases = [
        (&den, Algorithm::Iddfs),
        (&hardest, Algorithm::IdaStar),
        (&queens, Algorithm::Backtracking),
        (&fifteen, Algorithm::AStar),
    ];
    for (scenario, algorithm) in cases {
        let mut small = session(scenario, algorithm, "64 KiB");
        run(small.as_mut(), 200_000);
        let steps = small.view().steps();
        let expected = format!("memory budget 64 KiB reached at step {steps}");
        assert_eq!(
            small.view().outcome(),
            Some(&Outcome::OverBudget(expected.clone())),
            "{algorithm}"
        );
        assert_eq!(small.view().outcome().unwrap().code(), "limit_reached");
        assert!(
            small
                .view()
                .outcome()
                .unwrap()
                .to_string()
                .contains(&expected)
        );
        assert!(
            steps > 1,
            "{algorithm}: it ran before the budget was reached"
        );
        assert!(small.view().memory_bytes() >= 64 << 10, "{algorithm}");
        // The budget, not the search, ended it: the default budget runs on past that step.
        let mut roomy = session(scenario, algorithm, "1 GiB");
        run(roomy.as_mut(), steps);
        assert_eq!(roomy.view().outcome(), None, "{algorithm}");
        assert_eq!(
            roomy.view().counts(),
            small.view().counts(),
            "{algorithm}: the same steps"
        );
    }
}

#[test]
fn scenarios_take_the_budget_in_bytes_or_words_and_refuse_nonsense_with_a_position() {
    let parse = |budget: &str| {
        let text =
            format!("Scenario(problem: NQueens(size: 8),\n    search: (max_memory: {budget}))");
        Scenario::parse(&text, "s.ron", Path::new("."))
    };
    let words = parse("\"512 MiB\"").unwrap();
    assert_eq!(words.search.max_memory, Some(MemorySize(512 << 20)));
    let bytes = parse("65536").unwrap();
    assert_eq!(bytes.search.max_memory, Some(MemorySize(65536)));
    let settings = bytes.session(&SearchSpec::default()).unwrap();
    assert_eq!(settings.view().settings().max_memory, MemorySize(65536));
    let error = parse("\"lots\"").unwrap_err().to_string();
    assert!(
        error.contains("line 2") && error.contains("not a memory size"),
        "{error}"
    );
    // Left out: 1 GiB.
    let plain = Scenario::parse(
        "Scenario(problem: NQueens(size: 8))",
        "s.ron",
        Path::new("."),
    );
    let plain = plain.unwrap().session(&SearchSpec::default()).unwrap();
    assert_eq!(plain.view().settings().max_memory.to_string(), "1 GiB");
}

#[test]
fn time_travel_keyframes_and_record_count_against_the_same_budget() {
    let hardest = Scenario::load(&scenarios().join("hardest_31_moves.ron")).unwrap();
    let mut plain = session(&hardest, Algorithm::IdaStar, "64 KiB");
    run(plain.as_mut(), 1_000_000);
    let alone = plain.view().steps();
    let mut travel = Timeline::with_limits(
        session(&hardest, Algorithm::IdaStar, "64 KiB"),
        64,
        usize::MAX,
    );
    travel.go_to(1_000_000).unwrap();
    assert!(matches!(
        travel.view().outcome(),
        Some(Outcome::OverBudget(_))
    ));
    assert!(
        travel.steps() < alone,
        "keyframes and the record held: {} steps against {alone}",
        travel.steps()
    );
}

#[test]
fn the_cli_stops_at_the_budget_and_says_so_in_json_and_text() {
    let dir = scenarios();
    for algorithm in ["iddfs", "ida-star"] {
        let out = frontier(
            &dir,
            &[
                "run",
                "grid_den101d.ron",
                "--algorithm",
                algorithm,
                "--max-memory",
                "300 KiB",
                "--json",
            ],
        );
        assert_eq!(out.status.code(), Some(0));
        let v = json(&out);
        assert_eq!(v["outcome"], "limit_reached", "{algorithm}");
        let steps = v["steps"].as_u64().unwrap();
        assert_eq!(
            v["reason"],
            format!("memory budget 300 KiB reached at step {steps}"),
            "{algorithm}"
        );
    }
    let text = frontier(
        &dir,
        &["run", "fifteen_44_moves.ron", "--max-memory", "262144"],
    );
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.starts_with("Limit reached: memory budget 256 KiB reached at step "),
        "{text}"
    );
    let bad = frontier(&dir, &["run", "queens_8.ron", "--max-memory", "a lot"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not a memory size"));
}

#[test]
fn compare_shares_one_budget_between_its_columns() {
    let dir = scenarios();
    let roomy = ["--max-states", "1000000", "--json"];
    let compare = json(&frontier(
        &dir,
        &[
            &[
                "compare",
                "fifteen_44_moves.ron",
                "--algorithm",
                "astar",
                "--algorithm",
                "bfs",
                "--max-memory",
                "512 KiB",
            ][..],
            &roomy[..],
        ]
        .concat(),
    ));
    let alone = |budget: &str| {
        let out = frontier(
            &dir,
            &[
                &["run", "fifteen_44_moves.ron", "--max-memory", budget][..],
                &roomy[..],
            ]
            .concat(),
        );
        json(&out)["steps"].as_u64().unwrap()
    };
    let astar = &compare["lanes"][0];
    assert_eq!(astar["outcome"], "limit_reached", "{compare}");
    assert_eq!(
        astar["steps"].as_u64(),
        Some(alone("256 KiB")),
        "half of the budget each"
    );
    assert!(alone("512 KiB") > alone("256 KiB"));
}

#[test]
fn scen_stops_queries_at_a_limit_and_reports_them() {
    let dir = scenarios().join("maps");
    let out = frontier(
        &dir,
        &[
            "scen",
            "lak101d.map.scen",
            "--algorithm",
            "iddfs",
            "--max-steps",
            "200",
            "--json",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    let limited = v["limited"].as_u64().unwrap();
    assert!(limited > 0, "{v}");
    let mismatches = v["mismatches"].as_array().unwrap();
    let stopped = mismatches
        .iter()
        .filter(|m| m["limited"] == true)
        .inspect(|m| assert_eq!(m["outcome"], "step limit reached after 200 steps"))
        .count();
    assert_eq!(stopped as u64, limited);
    let memory = frontier(
        &dir,
        &[
            "scen",
            "lak101d.map.scen",
            "--algorithm",
            "ida-star",
            "--max-memory",
            "64 KiB",
        ],
    );
    let text = String::from_utf8_lossy(&memory.stdout);
    assert!(text.contains("stopped at a limit"), "{text}");
    assert!(
        text.contains("memory budget 64 KiB reached at step"),
        "{text}"
    );
}

#[test]
fn the_app_stops_at_the_budget_and_shows_the_reason() {
    use egui_kittest::kittest::Queryable;
    use frontier::app::command::Command as AppCommand;
    let mut scenario = common::built_in("fifteen_44_moves.ron");
    scenario.search.max_memory = Some(MemorySize(256 << 10));
    scenario.search.max_states = Some(1_000_000);
    let mut h = common::harness_on(scenario);
    h.state_mut().apply(AppCommand::RunToEnd);
    for _ in 0..2000 {
        h.step();
        if !h.state().is_running() {
            break;
        }
    }
    h.run();
    assert!(matches!(
        h.state().view().outcome(),
        Some(Outcome::OverBudget(_))
    ));
    let shown = h
        .query_all_by_label_contains("Limit reached: memory budget 256 KiB reached at step")
        .count();
    assert!(shown >= 1, "the status line says why the search stopped");
}
