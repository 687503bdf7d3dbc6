//! The app on a phone's screen (390×844, the compact layout) and the notice every layout shows
//! above the app, driven through the real UI with egui_kittest.

use eframe::egui;
use egui_kittest::{Harness, kittest::Queryable};
use frontier::app::FrontierApp;
use frontier::app::state::Layout;
use frontier::scenario::Scenario;

use crate::common;
use common::{MAX_SETTLE_FRAMES, harness_on, press, press_step};

/// A phone held upright, in CSS pixels (egui's points in the browser).
const PHONE: egui::Vec2 = egui::vec2(390.0, 844.0);

/// The app on `scenario` in a window of `size`, showing `notice` if given.
fn harness_sized(
    scenario: Scenario,
    size: egui::Vec2,
    notice: Option<&str>,
) -> Harness<'static, FrontierApp> {
    let notice = notice.map(str::to_string);
    let mut h = Harness::builder()
        .with_max_steps(MAX_SETTLE_FRAMES)
        .with_size(size)
        .build_eframe(move |cc| {
            let mut app = FrontierApp::new(&cc.egui_ctx, scenario.clone(), Layout::default())
                .expect("the built-in puzzle builds");
            if let Some(notice) = &notice {
                app.show_notice(notice.clone());
            }
            app
        });
    h.run();
    h
}

fn phone() -> Harness<'static, FrontierApp> {
    harness_sized(Scenario::built_in(), PHONE, None)
}

/// The widget labelled `label`, which must be there once.
fn rect_of(h: &Harness<'_, FrontierApp>, label: &str) -> egui::Rect {
    h.get_by_label(label).rect()
}

#[test]
fn a_phone_gets_large_step_controls_and_tabs_on_one_screen() {
    let mut h = phone();
    for label in ["Step", "Back", "Run", "Reset"] {
        let rect = rect_of(&h, label);
        assert!(
            rect.height() >= 44.0 && rect.width() >= 80.0,
            "{label} is a fingertip's size: {rect:?}"
        );
        assert!(
            egui::Rect::from_min_size(egui::Pos2::ZERO, PHONE).contains_rect(rect),
            "{label} is on screen: {rect:?}"
        );
    }
    for label in ["Tables", "Tree", "Plot", "Lesson", "Log"] {
        let rect = rect_of(&h, label);
        assert!(rect.right() <= PHONE.x, "the {label} tab is on screen");
    }
    // The toolbar's settings wait behind one button.
    assert_eq!(h.query_all_by_label("algorithm").count(), 0);
    h.get_by_label("The next pick and why");
    h.get_by_label_contains("Open list (");

    press_step(&mut h, 3);
    assert_eq!(h.state().view().steps(), 3);
    h.get_by_label("Step 3");
    press(&mut h, "Back", 1);
    assert_eq!(h.state().view().steps(), 2);
    press(&mut h, "Reset", 1);
    assert_eq!(h.state().view().steps(), 0);
    // A run repaints every frame: single frames, not a run to rest.
    h.get_by_label("Run").click();
    h.step();
    assert!(h.state().is_running());
    h.step();
    h.get_by_label("Pause").click();
    h.step();
    assert!(!h.state().is_running());
}

#[test]
fn on_a_phone_the_pick_and_why_shows_beside_the_board_without_scrolling() {
    let mut h = phone();
    press_step(&mut h, 3);
    let caption = h.get_by_label_contains("(step 3)").rect();
    let why = rect_of(&h, "The next pick and why");
    let tabs = rect_of(&h, "Tables");
    // The board hangs under its caption; the why stands beside it, not under it, and both end
    // above the tabs.
    assert!(
        caption.top() >= 0.0,
        "the caption is on screen: {caption:?}"
    );
    assert!(
        why.top() < caption.bottom() + 10.0 && why.left() > caption.left() + 80.0,
        "the why {why:?} beside the board under {caption:?}"
    );
    assert!(
        why.bottom() <= tabs.top() && why.right() <= PHONE.x,
        "the why {why:?} on screen, above the tabs {tabs:?}"
    );
}

#[test]
fn on_a_phone_the_settings_open_behind_one_button_and_close_with_done() {
    let mut h = phone();
    press(&mut h, "Settings", 1);
    // Everything the toolbar and the time-travel bar hold, wrapped to the width.
    for label in [
        "algorithm",
        "heuristic",
        "ties",
        "max states",
        "Scenario",
        "Quiz",
    ] {
        let rect = rect_of(&h, label);
        assert!(
            rect.right() <= PHONE.x + 1.0,
            "{label} within the width: {rect:?}"
        );
    }
    common::choose(&mut h, "algorithm", "Dijkstra (f = g)");
    press(&mut h, "Done", 1);
    assert_eq!(h.query_all_by_label("algorithm").count(), 0);
    assert_eq!(
        h.state().view().settings().algorithm,
        frontier::engine::settings::Algorithm::Dijkstra
    );
    press_step(&mut h, 1);
    assert_eq!(h.state().view().steps(), 1);
}

#[test]
fn on_a_phone_each_tab_fills_the_column_under_the_board() {
    let mut h = phone();
    press(&mut h, "Lesson", 1);
    h.get_by_label("What to watch");
    assert_eq!(h.query_all_by_label_contains("Open list (").count(), 0);
    press(&mut h, "Tree", 1);
    h.get_by_label("Follow the pick");
    press_step(&mut h, 2);
    press(&mut h, "Log", 1);
    h.get_by_label("Step log");
    press(&mut h, "Tables", 1);
    h.get_by_label_contains("Open list (");
    h.get_by_label_contains("Closed list (");
}

#[test]
fn a_window_made_narrow_switches_layouts_and_back() {
    let mut h = harness_on(Scenario::built_in());
    h.get_by_label("Fine step");
    assert_eq!(h.query_all_by_label("Back").count(), 0);
    h.set_size(egui::vec2(600.0, 800.0));
    h.run();
    h.get_by_label("Back");
    assert_eq!(h.query_all_by_label("Fine step").count(), 0);
    h.set_size(egui::vec2(1200.0, 800.0));
    h.run();
    h.get_by_label("Fine step");
}

const NOTICE: &str =
    "This page's link is damaged: its scenario is not text; the built-in puzzle is shown instead.";

/// The notice covers nothing: it stands above the first row of the app.
fn notice_is_above(h: &Harness<'_, FrontierApp>, first: &str) {
    let notice = rect_of(h, NOTICE);
    let below = h.get_all_by_label(first).next().expect(first).rect();
    assert!(
        notice.bottom() <= below.top(),
        "{notice:?} above {first}: {below:?}"
    );
}

#[test]
fn the_notice_takes_a_row_of_its_own_closes_with_x_and_space_steps_after() {
    for (size, first) in [(egui::vec2(1500.0, 950.0), "Scenario"), (PHONE, "Settings")] {
        let mut h = harness_sized(Scenario::built_in(), size, Some(NOTICE));
        notice_is_above(&h, first);
        // Space steps while it shows, and after it is closed.
        h.key_press(egui::Key::Space);
        h.run();
        assert_eq!(h.state().view().steps(), 1);
        press(&mut h, "×", 1);
        assert_eq!(h.state().notice(), None);
        assert_eq!(h.query_all_by_label(NOTICE).count(), 0);
        h.key_press(egui::Key::Space);
        h.run();
        assert_eq!(h.state().view().steps(), 2, "at {size:?}");
    }
}
