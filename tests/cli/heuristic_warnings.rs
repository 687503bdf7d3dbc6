//! The heuristic's broken promises: the engine finds them (an overestimate proven by a route
//! found, an inconsistent edge), the CLI lists them as `heuristic_warnings`, and the app marks
//! the rows and says them in words.

use egui_kittest::kittest::Queryable;
use frontier::engine::settings::Algorithm;
use frontier::present::heuristic_report::{HeuristicWarning, WarningKind};
use frontier::scenario::{Scenario, SearchSpec};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

/// The warnings at the end of a run of `scenario` under `over`.
fn warnings_at_end(scenario: &Scenario, over: &SearchSpec) -> Vec<HeuristicWarning> {
    let mut session = scenario.session(over).unwrap();
    while session.view().outcome().is_none() {
        session.step();
    }
    session.shown().heuristic_warnings()
}

const OVERESTIMATE_WORDS: &str = "h(A) = 9 but A reaches the goal for 3: this h overestimates, \
                                  so A*'s route (cost 7) may not be the cheapest";

#[test]
fn graph_overestimate_is_proven_to_overestimate_at_a() {
    let scenario = common::built_in("graph_overestimate.ron");
    let warnings = warnings_at_end(&scenario, &SearchSpec::default());
    let over: Vec<_> = warnings
        .iter()
        .filter(|w| w.kind == WarningKind::Overestimates)
        .collect();
    assert_eq!(over[0].state, "A", "{warnings:#?}");
    assert_eq!(over[0].words, OVERESTIMATE_WORDS);
    assert_eq!(over[0].step, 3, "the goal is accepted on step 3");
    // S's h (6) is above the 5 that S–A–G costs, which the look from A proves too.
    assert!(
        over.iter().any(|w| w.state == "S"
            && w.words.starts_with("h(S) = 6 but S reaches the goal for 5")),
        "{warnings:#?}"
    );
    // And on step 1, S → B: h drops from 6 to 2 over a move of 2.
    let drop = warnings
        .iter()
        .find(|w| w.kind == WarningKind::Inconsistent)
        .expect("S → B is inconsistent");
    assert_eq!((drop.step, drop.state.as_str()), (1, "S"));
    assert!(
        drop.words
            .starts_with("h(S) = 6 but S reaches B for 2 and h(B) = 2"),
        "{}",
        drop.words
    );
}

#[test]
fn no_warning_before_the_goal_proves_one() {
    let scenario = common::built_in("graph_overestimate.ron");
    let mut session = scenario.session(&SearchSpec::default()).unwrap();
    session.step();
    session.step();
    assert!(
        session
            .shown()
            .heuristic_warnings()
            .iter()
            .all(|w| w.kind == WarningKind::Inconsistent),
        "no route to the goal is known yet"
    );
}

#[test]
fn dijkstra_ignores_h_so_it_warns_about_nothing() {
    let scenario = common::built_in("graph_overestimate.ron");
    let over = SearchSpec {
        algorithm: Some(Algorithm::Dijkstra),
        ..SearchSpec::default()
    };
    assert_eq!(warnings_at_end(&scenario, &over), Vec::new());
}

#[test]
fn manhattan_on_the_seed_puzzle_gives_no_warning() {
    let warnings = warnings_at_end(&Scenario::built_in(), &SearchSpec::default());
    assert_eq!(warnings, Vec::new());
}

/// h never overestimates here (S is 5 from G, A is 4), but S → A drops h by 4 over a move of 1.
const ADMISSIBLE_INCONSISTENT: &str = r#"Scenario(
    title: "Admissible but inconsistent",
    problem: Graph(
        nodes: [
            (name: "S", x: 0, y: 0, h: 4),
            (name: "A", x: 1, y: 0, h: 0),
            (name: "G", x: 2, y: 0, h: 0),
        ],
        edges: [("S", "A", 1), ("A", "G", 4), ("S", "G", 6)],
        start: "S",
        goal: "G",
    ),
)"#;

#[test]
fn an_admissible_but_inconsistent_h_warns_only_of_the_inconsistency() {
    let scenario = Scenario::parse(ADMISSIBLE_INCONSISTENT, "t", Path::new(".")).unwrap();
    let warnings = warnings_at_end(&scenario, &SearchSpec::default());
    assert_eq!(warnings.len(), 1, "{warnings:#?}");
    let w = &warnings[0];
    assert_eq!(
        (w.step, w.state.as_str(), w.kind),
        (1, "S", WarningKind::Inconsistent)
    );
    assert!(w.words.contains("inconsistent"), "{}", w.words);
}

#[test]
fn the_cli_json_lists_the_warnings() {
    let run = |name: &str| {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(name);
        let out = Command::new(env!("CARGO_BIN_EXE_frontier"))
            .args(["run", &path.display().to_string(), "--json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        json["heuristic_warnings"].clone()
    };
    let list = run("graph_overestimate.ron");
    let list = list.as_array().expect("a list");
    assert!(
        list.iter().any(|w| w["kind"] == "overestimates"
            && w["state"] == "A"
            && w["step"] == 3
            && w["words"] == OVERESTIMATE_WORDS),
        "{list:#?}"
    );
    assert!(list.iter().any(|w| w["kind"] == "inconsistent"));
    assert_eq!(run("seed_542703816.ron"), serde_json::json!([]));
}

#[test]
fn the_app_marks_the_row_and_says_it_in_the_status_line() {
    let mut h = common::harness_on(common::built_in("graph_overestimate.ron"));
    common::run_to_end(&mut h);
    assert!(h.state().view().outcome().is_some());
    // The status line (and the Lesson panel) carry the words.
    assert!(
        h.query_all_by_label_contains(OVERESTIMATE_WORDS).count() >= 2,
        "status line and Lesson panel"
    );
    // A's row in the open table: h 9 marked (a row is one node, its cells' words in its label).
    h.get_by_label_contains("h (!) 9");
    assert_eq!(
        h.state().lesson().marked_rows().get(&1).map(String::as_str),
        Some(OVERESTIMATE_WORDS),
        "row #1 is A"
    );
}

#[test]
fn going_back_before_the_goal_takes_the_overestimate_back() {
    let mut h = common::harness_on(common::built_in("graph_overestimate.ron"));
    common::run_to_end(&mut h);
    common::press(&mut h, "Step back", 1);
    assert_eq!(h.query_all_by_label_contains(OVERESTIMATE_WORDS).count(), 0);
    assert!(
        h.query_all_by_label_contains("h(S) = 6 but S reaches B for 2")
            .count()
            >= 2,
        "the inconsistency met on step 1 is still said, in the status line and the panel"
    );
}
