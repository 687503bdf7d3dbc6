//! The textbook's experiment through both faces: `frontier experiment` (JSON and text,
//! deterministic, bad input refused) and the app's Experiment window (opens, runs in the
//! background, a cell click opens its instance); plus the per-run summary of `frontier run`.

use eframe::egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use frontier::engine::settings::Algorithm;
use frontier::experiment::job::Experiment;
use frontier::experiment::{Contender, Plan};
use frontier::scenario::{ProblemSpec, Scenario};
use std::path::Path;

use crate::common;
use common::cli::{frontier, json};

fn here() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_json_table_is_the_same_for_the_same_seed_and_names_its_counts() {
    let args = [
        "experiment",
        "eight-puzzle",
        "--depths",
        "2,4",
        "--per-depth",
        "3",
        "--json",
    ];
    let (a, b) = (frontier(here(), &args), frontier(here(), &args));
    assert_eq!(a.stdout, b.stdout, "byte for byte");
    let v = json(&a);
    assert!(v["counts"].as_str().unwrap().contains("nodes generated"));
    let table = v["table"].as_array().unwrap();
    assert_eq!(table.len(), 2);
    assert_eq!(table[1]["depth"], 4);
    let cells = table[1]["cells"].as_array().unwrap();
    let names: Vec<&str> = cells
        .iter()
        .map(|c| c["algorithm"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["iddfs", "astar:misplaced", "astar:manhattan"]);
    assert!(cells.iter().all(|c| c["runs"] == 3));
    let other = frontier(here(), &[&args[..6], &["--seed", "9", "--json"]].concat());
    assert_ne!(a.stdout, other.stdout, "another seed, other instances");
}

#[test]
fn the_text_table_says_which_count_is_which() {
    let out = frontier(
        here(),
        &[
            "experiment",
            "eight-puzzle",
            "--depths",
            "6",
            "--per-depth",
            "2",
            "--algorithm",
            "astar:manhattan",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("checked = mean states checked"), "{text}");
    assert!(text.contains("stored = mean states stored"), "{text}");
    assert!(text.contains("A* (manhattan)"), "{text}");
    assert!(
        text.lines().any(|l| l.trim_start().starts_with("6 |")),
        "{text}"
    );
}

#[test]
fn bad_experiment_input_is_refused_with_a_reason() {
    for (args, reason) in [
        (&["--depths", "40"][..], "1 to 31"),
        (&["--depths", "4,x"][..], "'x'"),
        (&["--algorithm", "astar:octile"][..], "8-puzzle heuristic"),
        (&["--per-depth", "0"][..], "at least 1"),
    ] {
        let out = frontier(
            here(),
            &[&["experiment", "eight-puzzle"][..], args].concat(),
        );
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(reason), "{args:?}: {err}");
    }
}

#[test]
fn run_ends_with_states_by_depth_and_its_b_star() {
    let seed = here().join("scenarios/seed_542703816.ron");
    let seed = seed.to_str().unwrap();
    let v = json(&frontier(here(), &["run", seed, "--json"]));
    let by_depth: Vec<u64> = v["stored_by_depth"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(by_depth[0], 1, "the start");
    assert_eq!(by_depth.iter().sum::<u64>(), 35, "every state stored");
    let b = v["effective_branching"].as_f64().unwrap();
    let tree: f64 = (0..=12).map(|i| b.powi(i)).sum();
    assert!(
        (tree - 35.0).abs() < 1e-6,
        "35 = 1 + b* + … + b*^12, got {tree}"
    );
    let text = String::from_utf8(frontier(here(), &["run", seed]).stdout).unwrap();
    assert!(text.contains(&format!("b* {b:.2}")), "{text}");
    assert!(
        text.contains("states stored at depth 0, 1, 2, …: 1, "),
        "{text}"
    );
}

#[test]
fn the_window_runs_the_table_and_a_click_opens_the_instance() {
    let mut h = common::harness_on(Scenario::built_in());
    for label in ["Experiment", "1 per depth", "Run experiment"] {
        common::press(&mut h, label, 1);
    }
    let runs = 12 * 3;
    let done = format!("{runs} of {runs} runs");
    for _ in 0..2400 {
        if h.query_by_label_contains(&done).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
        h.step();
    }
    h.run();
    assert!(h.query_by_label_contains(&done).is_some(), "the run ends");
    // Closing the window and opening it again shows the same table.
    let toggle = |h: &mut egui_kittest::Harness<'_, frontier::app::FrontierApp>| {
        use egui_kittest::kittest::NodeT;
        h.query_all_by_label("Experiment")
            .find(|n| n.accesskit_node().role() != Role::Window)
            .expect("the Experiment button")
            .click();
        h.run();
    };
    toggle(&mut h);
    assert!(
        h.query_by_label_contains(&done).is_none(),
        "the window closed"
    );
    toggle(&mut h);
    assert!(
        h.query_by_label_contains(&done).is_some(),
        "the table is kept for the session"
    );
    // The same plan run here says what the table holds: iterative deepening's deepest cell
    // within the budget, whose states checked (a big number) label one button only.
    let mut e = Experiment::new(Plan {
        per_depth: 1,
        ..Plan::default()
    })
    .unwrap();
    e.finish();
    let d = (0..12)
        .rev()
        .find(|&d| e.cell(d, 0).mean_checked().is_some())
        .unwrap();
    let checked = format!("{:.0}", e.cell(d, 0).mean_checked().unwrap());
    h.get_by_role_and_label(Role::Button, &checked).click();
    h.run();
    let app = h.state();
    let ProblemSpec::SlidingPuzzle { start, .. } = &app.scenario().problem else {
        panic!("the 8-puzzle opened")
    };
    assert_eq!(start.as_slice(), e.instance(d, 0));
    assert_eq!(app.scenario().search.algorithm, Some(Algorithm::Iddfs));
    assert_eq!(Contender::TEXTBOOK[0].algorithm, Algorithm::Iddfs);
}
