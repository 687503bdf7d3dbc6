//! The search tree, headless (`frontier tree`) and in the app's Tree tab. Expectations come
//! from the search's own rows, never from the tree code.

use crate::common;

use clap::Parser;
use common::{MAX_SETTLE_FRAMES, built_in, harness_on, press, press_step};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use frontier::app::FrontierApp;
use frontier::app::state::Layout;
use frontier::cli::{self, Cli, Command};
use frontier::engine::view::SearchView;
use frontier::present::ShownSession;
use frontier::scenario::{Scenario, SearchSpec};
use std::path::Path;

/// Runs `frontier ARGS` in-process; returns the exit status and what it printed.
fn frontier(args: &[&str]) -> (u8, String) {
    let cli = Cli::try_parse_from(std::iter::once("frontier").chain(args.iter().copied())).unwrap();
    let Some(Command::Tree(args)) = cli.command else {
        panic!("a tree command")
    };
    let mut out = Vec::new();
    let status = cli::tree(&args, &mut out);
    (status, String::from_utf8(out).unwrap())
}

fn stepped(path: &str, steps: u64) -> Box<dyn ShownSession> {
    let mut session = Scenario::load(Path::new(path))
        .unwrap()
        .session(&SearchSpec::default())
        .unwrap();
    for _ in 0..steps {
        session.step();
    }
    session
}

#[test]
fn the_cli_prints_every_row_under_its_parent_with_its_place() {
    let (status, out) = frontier(&["tree", "scenarios/queens_4.ron", "--at", "4", "--json"]);
    assert_eq!(status, 0);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let session = stepped("scenarios/queens_4.ron", 4);
    let search = session.shown();
    let nodes = json["nodes"].as_array().unwrap();
    assert_eq!(json["step"], 4);
    assert_eq!(nodes.len(), search.rows());
    let next = search.next_pick().unwrap().id;
    for node in nodes {
        let id = u32::try_from(node["row"].as_u64().unwrap()).unwrap();
        let row = search.row(id);
        assert_eq!(node["parent"].as_u64(), row.parent.map(u64::from));
        assert_eq!(node["layer"].as_u64(), Some(u64::from(row.depth)));
        assert_eq!(node["state"], search.state_text(id));
        if id == next {
            assert_eq!(node["mark"], "next_pick");
        }
    }
    // The text view indents each child under its parent.
    let (_, text) = frontier(&["tree", "scenarios/queens_4.ron", "--at", "4"]);
    let parent = search.row(next).parent.unwrap();
    let line = |id: u32| {
        text.lines()
            .find(|l| l.trim_start().starts_with(&format!("#{id} ")))
            .unwrap()
            .to_string()
    };
    let indent = |l: String| l.len() - l.trim_start().len();
    assert_eq!(indent(line(next)), indent(line(parent)) + 2);
    assert!(text.contains("~ pruned by the domain"), "{text}");
}

#[test]
fn bad_input_is_a_clear_error() {
    let (status, out) = frontier(&["tree", "no_such_file.ron"]);
    assert_eq!((status, out.as_str()), (cli::EXIT_UNUSABLE, ""));
    assert!(Cli::try_parse_from(["frontier", "tree", "x.ron", "--at", "soon"]).is_err());
}

#[test]
fn the_tree_tab_selects_a_clicked_node_and_follows_the_steps() {
    let mut h = harness_on(built_in("queens_4.ron"));
    press_step(&mut h, 4);
    press(&mut h, "Tree", 1);
    let caption = |s: &dyn SearchView| format!("step {}: {} nodes", s.steps(), s.rows());
    let now = caption(h.state().view());
    assert!(h.query_by_label_contains(&now).is_some(), "{now}");
    press(&mut h, "tree node #5", 1);
    assert_eq!(h.state().selected(), Some(5));
    // The tables show the same selection.
    press(&mut h, "Tables", 1);
    assert_eq!(h.state().selected(), Some(5));
    press(&mut h, "Tree", 1);
    // Collapsing the selected row's subtree hides its children; expanding shows them again.
    press(&mut h, "tree node #1", 1);
    let search = h.state().view();
    let children: Vec<u32> = (0..search.rows() as u32)
        .filter(|&i| search.row(i).parent == Some(1))
        .collect();
    assert!(!children.is_empty());
    let child = format!("tree node #{}", children[0]);
    assert!(h.query_by_label(&child).is_some());
    press(&mut h, "Collapse #1", 1);
    assert!(h.query_by_label(&child).is_none());
    press(&mut h, "Expand #1", 1);
    assert!(h.query_by_label(&child).is_some());
    // A step adds its rows to the tree; a step back takes them away again.
    press_step(&mut h, 1);
    let newest = u32::try_from(h.state().view().rows() - 1).unwrap();
    assert!(h.query_by_label(&format!("tree node #{newest}")).is_some());
    let later = caption(h.state().view());
    press(&mut h, "Step back", 1);
    let back = caption(h.state().view());
    assert_ne!(back, later);
    assert!(h.query_by_label_contains(&back).is_some(), "{back}");
}

#[test]
fn without_a_scenario_the_cli_shows_the_built_in_puzzle() {
    let (status, out) = frontier(&["tree", "--at", "3", "--json"]);
    assert_eq!(status, 0);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let mut session = Scenario::built_in()
        .session(&SearchSpec::default())
        .unwrap();
    for _ in 0..3 {
        session.step();
    }
    let nodes = json["nodes"].as_array().unwrap();
    assert_eq!(json["step"], 3);
    assert_eq!(nodes.len(), session.view().rows());
    assert_eq!(nodes[0]["state"], session.shown().state_text(0));
}

#[test]
fn the_tree_tab_has_a_legend_of_its_marks() {
    let mut h = harness_on(built_in("queens_4.ron"));
    press_step(&mut h, 2);
    let shown =
        |h: &Harness<'_, FrontierApp>, words: &str| h.query_all_by_label(words).next().is_some();
    let stub = "stub: a successor with no row (hover it for why)";
    assert!(!shown(&h, stub), "the tables have no tree legend");
    press(&mut h, "Tree", 1);
    for words in [
        "open",
        "next pick",
        "expanded",
        "goal",
        "selected",
        stub,
        "old parent, replaced by a cheaper route",
    ] {
        assert!(shown(&h, words), "{words}");
    }
    let folded = "another route to a folded state";
    assert!(!shown(&h, folded));
    press(&mut h, "Fold repeated states", 1);
    assert!(shown(&h, folded));
}

#[test]
fn at_1024_wide_the_tabs_sit_in_a_row_above_the_table_and_the_tree() {
    let mut h = Harness::builder()
        .with_max_steps(MAX_SETTLE_FRAMES)
        .with_size(egui::vec2(1024.0, 768.0))
        .build_eframe(|cc| {
            FrontierApp::new(&cc.egui_ctx, Scenario::built_in(), Layout::default()).unwrap()
        });
    press_step(&mut h, 2);
    let tabs = h
        .get_by_label("Tables")
        .rect()
        .union(h.get_by_label("Tree").rect());
    let title = h.get_by_label_contains("Open list (").rect();
    assert!(!tabs.intersects(title), "{tabs:?} {title:?}");
    assert!(tabs.bottom() <= title.top(), "{tabs:?} above {title:?}");
    press(&mut h, "Tree", 1);
    let tabs = h
        .get_by_label("Tables")
        .rect()
        .union(h.get_by_label("Tree").rect());
    let follow = h.get_by_label("Follow the pick").rect();
    assert!(tabs.bottom() <= follow.top(), "{tabs:?} above {follow:?}");
}

#[test]
fn a_running_search_shows_its_step_in_the_tree_every_frame() {
    let mut h = harness_on(Scenario::built_in());
    press(&mut h, "Tree", 1);
    h.state_mut()
        .apply(frontier::app::command::Command::SetSpeed(10_000.0));
    h.state_mut()
        .apply(frontier::app::command::Command::RunSteps(400));
    let mut frames = 0;
    while h.state().is_running() && frames < 200 {
        h.step();
        frames += 1;
        let s = h.state().view();
        let now = format!("step {}: {} node", s.steps(), s.rows());
        assert!(
            h.query_by_label_contains(&now).is_some(),
            "frame {frames}: the tree shows {now}"
        );
    }
    assert!(h.state().view().steps() > 0, "the run advanced");
}
