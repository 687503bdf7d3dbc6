//! The desktop app driven through its real UI with egui_kittest (no GPU): widgets are found by
//! their labels, clicked, and the results read back from the UI.

use eframe::egui::{self, accesskit::Role};
use egui_kittest::{Harness, kittest::Queryable};
use frontier::app::FrontierApp;
use frontier::engine::settings::Algorithm;
use frontier::scenario::Scenario;

use crate::common;
use common::{built_in, choose, harness_on, press_step, run_to_end, temp_dir};

fn harness() -> egui_kittest::Harness<'static, FrontierApp> {
    harness_on(Scenario::built_in())
}

/// Presses Space (the Step key) and lets the frame settle.
fn press_space(h: &mut Harness<'_, FrontierApp>) {
    h.key_press(egui::Key::Space);
    h.run();
}

/// Asserts the Step label and the search agree on step `n` (a label alone could be stale).
fn shows_step(h: &Harness<'_, FrontierApp>, n: u64) {
    h.get_by_label(&format!("Step {n}"));
    assert_eq!(h.state().view().steps(), n);
}

#[test]
fn the_seed_finds_the_goal_on_step_21_after_checking_20_states() {
    let mut h = harness();
    h.get_by_label("Ready");
    press_step(&mut h, 1);
    h.get_by_label("Searching…");
    press_step(&mut h, 20);
    // In the status line and in the comparison table of finished runs.
    assert_eq!(h.query_all_by_label("Goal found").count(), 2);
    h.get_by_label("States checked 20");
    h.get_by_label("States stored 35");
    h.get_by_label("Step 21");
}

#[test]
fn space_steps_like_the_button() {
    let mut h = harness();
    press_step(&mut h, 1);
    press_space(&mut h);
    h.get_by_label("Step 2");
    // The Step button has had a click; Space must still be one step, not two.
    press_space(&mut h);
    shows_step(&h, 3);
}

#[test]
fn switching_to_dijkstra_restarts_at_step_0() {
    let mut h = harness();
    press_step(&mut h, 3);
    h.get_by_label("States checked 3");
    choose(&mut h, "algorithm", "Dijkstra (f = g)");
    h.get_by_label("States checked 0");
    h.get_by_label("Step 0");
    assert_eq!(h.state().view().settings().algorithm, Algorithm::Dijkstra);
}

#[test]
fn sorting_by_h_puts_the_lowest_h_first() {
    let mut h = harness();
    press_step(&mut h, 4);
    // The open table is drawn first, so its header comes first.
    h.get_all_by_label("h").next().expect("an h header").click();
    h.run();
    let app = h.state();
    let session = app.view();
    let ids = app.open_ids();
    assert_eq!(ids.len() as u64, session.counts().open);
    let hs: Vec<_> = ids.iter().map(|&id| session.row(id).h).collect();
    let lowest = *hs.iter().min().unwrap();
    assert_eq!(hs[0], lowest, "{hs:?}");
    assert!(hs.windows(2).all(|w| w[0] <= w[1]), "{hs:?}");
    // The default order starts with the next pick instead, which need not have the lowest h.
    h.get_by_label("h ▲").click();
    h.run();
    let app = h.state();
    let hs: Vec<_> = app
        .open_ids()
        .iter()
        .map(|&id| app.view().row(id).h)
        .collect();
    assert!(hs.windows(2).all(|w| w[0] >= w[1]), "descending: {hs:?}");
}

#[test]
fn a_malformed_scenario_shows_its_error_and_keeps_the_old_one() {
    let dir = temp_dir("app");
    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        "Scenario(problem: SlidingPuzzle(width: 3,\n height: 3, start: [5,4\n",
    )
    .unwrap();
    let mut h = harness();
    press_step(&mut h, 2);
    h.get_by_role(Role::TextInput).click();
    h.run();
    h.get_by_role(Role::TextInput)
        .type_text(&bad.display().to_string());
    h.run();
    h.get_by_label("Open").click();
    h.run();
    let error = h.state().error().expect("an error is shown").to_string();
    assert!(error.contains("line 2, column"), "{error}");
    h.get_by_label(&error);
    // The old scenario and its search are untouched.
    assert_eq!(h.state().scenario().title, Scenario::built_in().title);
    h.get_by_label("Step 2");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn clicking_a_tile_next_to_the_blank_edits_the_start() {
    let mut h = harness();
    let before = h.state().scenario().problem.clone();
    // The board is the first thing in the left panel; its middle slot is the blank of
    // 542703816, so the slot to its right (tile 3) can slide. Find it by the caption.
    let caption = h.get_by_label("The start").rect();
    let board_top = caption.bottom() + 4.0;
    let side = 72.0;
    h.get_by_label("The start").hover();
    h.run();
    let at = egui::pos2(caption.left() + side * 2.5, board_top + side * 1.5);
    h.event(egui::Event::PointerMoved(at));
    h.event(egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.event(egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
    assert_ne!(h.state().scenario().problem, before, "the start changed");
    assert_eq!(h.state().view().steps(), 0);
}

#[test]
fn a_refused_start_shows_the_reason_and_step_does_nothing() {
    let mut h = harness();
    h.get_by_label("Scenario").click();
    h.run();
    h.get_by_label("Looks one move away, can never be solved")
        .click();
    h.run();
    let outcome = h
        .state()
        .view()
        .outcome()
        .expect("refused at step 0")
        .to_string();
    assert!(
        outcome.starts_with("Refused: ") && outcome.len() > 12,
        "{outcome}"
    );
    // In the status line and in the step log.
    assert_eq!(h.query_all_by_label(&outcome).count(), 2);
    press_step(&mut h, 1);
    press_space(&mut h);
    shows_step(&h, 0);
}

#[test]
fn fine_steps_announce_the_pick_then_take_the_step_then_reveal_successors() {
    let mut h = harness();
    press_step(&mut h, 1);
    let fine = |h: &mut Harness<'_, FrontierApp>| {
        h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Space);
        h.run();
    };
    fine(&mut h);
    h.get_by_label_contains("Fine step: the pick above comes next");
    assert_eq!(h.state().view().steps(), 1, "announcing takes no step");
    fine(&mut h);
    assert_eq!(
        h.state().view().steps(),
        2,
        "the second part takes the step"
    );
    let more =
        |h: &Harness<'_, FrontierApp>| h.query_by_label_contains("more (Shift+Space)").is_some();
    assert!(more(&h), "successors still to reveal");
    // The pick line shows in the fine-step panel and the log; the log gives nothing away
    // that the panel has not shown.
    assert_eq!(h.query_all_by_label_contains("step 2: picked").count(), 2);
    while more(&h) {
        fine(&mut h);
    }
    assert_eq!(h.state().view().steps(), 2, "revealing takes no step");
    fine(&mut h);
    h.get_by_label_contains("Fine step: the pick above comes next");
    // Fully revealed, the step is in the log (and no longer in the panel).
    assert_eq!(h.query_all_by_label_contains("step 2: picked").count(), 1);
}

#[test]
fn finished_runs_are_compared_side_by_side() {
    let mut h = harness();
    run_to_end(&mut h);
    choose(&mut h, "algorithm", "Dijkstra (f = g)");
    run_to_end(&mut h);
    h.get_by_label("A* · Manhattan distance");
    // Dijkstra ignores h: its row names no heuristic.
    h.get_by_label("Dijkstra");
    assert_eq!(
        h.query_all_by_label("Dijkstra · Manhattan distance")
            .count(),
        0
    );
    // A* checked 20 states; Dijkstra's count is in the status line and its own row.
    h.get_by_label("20");
    let checked = h.state().view().counts().states_checked;
    assert!(checked > 20);
    h.get_by_label(&format!("States checked {checked}"));
}

#[test]
fn saving_writes_the_scenario_with_the_chosen_settings() {
    let dir = temp_dir("app-save");
    let path = dir.join("saved.ron");
    let mut h = harness();
    choose(&mut h, "algorithm", "Dijkstra (f = g)");
    h.get_by_role(Role::TextInput).click();
    h.run();
    h.get_by_role(Role::TextInput)
        .type_text(&path.display().to_string());
    h.run();
    h.get_by_label("Save").click();
    h.run();
    assert_eq!(h.state().error(), None);
    let saved = Scenario::load(&path).unwrap();
    assert_eq!(saved.problem, Scenario::built_in().problem);
    assert_eq!(saved.search.algorithm, Some(Algorithm::Dijkstra));
    // It is now a recent file in the Scenario menu.
    h.get_by_label("Scenario").click();
    h.run();
    h.get_by_label(&path.display().to_string());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ida_star_shows_its_threshold_in_the_status_line() {
    let mut scenario = built_in("romania.ron");
    scenario.search.algorithm = Some(Algorithm::IdaStar);
    let mut h = harness_on(scenario);
    press_step(&mut h, 1);
    // The first threshold is the start's f: Arad's straight-line distance, 366.
    // In the status line and in the pick panel.
    assert_eq!(
        h.query_all_by_label("IDA* iteration 1, threshold f ≤ 366")
            .count(),
        2
    );
}
