//! Copy link: the Scenario menu's link names what is on screen (the scenario, its settings and
//! the step), and opens there again.

use crate::common;

use common::{built_in, harness_on, press_step};
use egui_kittest::kittest::Queryable;
use frontier::share;

#[test]
fn copy_link_puts_a_link_to_this_step_on_the_clipboard() {
    let mut h = harness_on(built_in("seed_542703816.ron"));
    press_step(&mut h, 7);
    h.get_by_label("Scenario").click();
    h.run();
    h.get_by_label("Copy link").click();
    h.step();
    let copied: Vec<String> = h
        .output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            eframe::egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(copied.len(), 1, "one link copied: {copied:?}");
    let shared = share::parse(&copied[0]).unwrap();
    assert_eq!(shared.at, 7);
    assert_eq!(shared.scenario.problem, h.state().scenario().problem);
    assert_eq!(
        shared.scenario.search.algorithm,
        Some(h.state().view().settings().algorithm),
        "the link carries the settings in use"
    );
    h.run();
    assert!(common::log_has(&h, "copied a link to step 7"));
}

#[test]
fn copy_link_says_link_copied_beside_the_menu_for_a_moment() {
    let mut h = harness_on(built_in("seed_542703816.ron"));
    assert_eq!(h.query_all_by_label("Link copied").count(), 0);
    h.get_by_label("Scenario").click();
    h.run();
    h.get_by_label("Copy link").click();
    h.run();
    let menu = h.get_by_label("Scenario").rect();
    let copied = h.get_by_label("Link copied").rect();
    assert!(
        copied.left() >= menu.right() && copied.top() < menu.bottom(),
        "beside the menu: {copied:?}, menu {menu:?}"
    );
    // Each frame of the harness is a quarter of a second: gone after 2.5 s.
    for _ in 0..11 {
        h.step();
    }
    assert_eq!(h.query_all_by_label("Link copied").count(), 0);
}

#[test]
fn frontier_open_refuses_a_damaged_link_before_any_window() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = common::cli::frontier(
        dir,
        &["open", "--link", "https://example.org/#scenario=AAAA&at=3"],
    );
    assert_eq!(out.status.code(), Some(2), "bad input");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the link is damaged"), "{err}");
    let both = common::cli::frontier(dir, &["open", "scenarios/queens_4.ron", "--link", "#at=1"]);
    assert_eq!(both.status.code(), Some(2), "a file and a link at once");
}
