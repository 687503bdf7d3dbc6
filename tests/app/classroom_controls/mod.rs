//! The controls a teacher uses in front of a class, driven through the real app with
//! egui_kittest: typing never fires a shortcut, Reset is undoable, each algorithm runs with its
//! own settings as the CLI does, the quiz grades exactly, and the app opens at a chosen step.

use clap::Parser;
use eframe::egui::{self, accesskit::Role};
use egui_kittest::{
    Harness,
    kittest::{NodeT, Queryable},
};
use frontier::app::FrontierApp;
use frontier::app::state::Layout;
use frontier::cli::{Cli, Command, OpenAt};
use frontier::engine::settings::{Algorithm, TieKey};
use frontier::scenario::{Scenario, SearchSpec};

use crate::common;
mod settings;
use common::{choose, log_has, press, press_step, run_out, temp_dir};
use settings::steps_to_end;

const SEED_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/seed_542703816.ron");

fn harness() -> Harness<'static, FrontierApp> {
    common::harness_on(Scenario::built_in())
}

fn steps(h: &Harness<'_, FrontierApp>) -> u64 {
    h.state().view().steps()
}

/// The text fields (not their text runs) holding `value`.
fn fields_holding(h: &Harness<'_, FrontierApp>, value: &str) -> usize {
    h.query_all_by_role(Role::TextInput)
        .filter(|n| n.value().as_deref() == Some(value))
        .count()
}

fn field_holding<'h>(h: &'h Harness<'_, FrontierApp>, value: &str) -> egui_kittest::Node<'h> {
    h.query_all_by_role(Role::TextInput)
        .find(|n| n.value().as_deref() == Some(value))
        .unwrap_or_else(|| panic!("no field holds {value}"))
}

/// Presses `k` and lets a frame pass: every shortcut test does both.
fn key(h: &mut Harness<'_, FrontierApp>, k: egui::Key) {
    h.key_press(k);
    h.run();
}

// Typing can't wipe a run.

#[test]
fn typing_a_trace_file_name_keeps_the_menu_open_and_presses_no_shortcut() {
    let mut h = harness();
    press_step(&mut h, 6);
    h.get_by_label("Trace").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Trace file:")
        .click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Trace file:")
        .type_text("run.trace.ron");
    h.run();
    field_holding(&h, "run.trace.ron").click();
    h.run();
    // The menu is still open, with its field focused.
    h.get_by_label("Save trace");
    assert!(field_holding(&h, "run.trace.ron").is_focused());
    // "r" (of ".ron") and a space go to the field, not to Reset and Step.
    for k in [egui::Key::R, egui::Key::Space, egui::Key::R] {
        key(&mut h, k);
    }
    assert_eq!(steps(&h), 6, "a key typed into the menu moved the search");
    // With the menu open but no field focused, keys do nothing either.
    press(&mut h, "Trace file:", 1);
    key(&mut h, egui::Key::R);
    assert_eq!(steps(&h), 6);
}

#[test]
fn an_open_combo_box_swallows_the_shortcuts() {
    let mut h = harness();
    press_step(&mut h, 3);
    press(&mut h, "max states", 1);
    key(&mut h, egui::Key::Space);
    assert_eq!(steps(&h), 3);
}

#[test]
fn reset_of_a_long_run_is_undone_by_undo_or_replayed_by_step() {
    let mut h = harness();
    press_step(&mut h, 12);
    let at_12 = h.state().view().counts();
    key(&mut h, egui::Key::R);
    assert_eq!(steps(&h), 0);
    h.get_by_label("Step 0");
    // Step replays the same run.
    press_step(&mut h, 2);
    let mut fresh = Scenario::built_in()
        .session(&SearchSpec::default())
        .unwrap();
    fresh.step();
    fresh.step();
    assert_eq!(h.state().view().counts(), fresh.view().counts());
    // Undo brings the whole run back.
    press(&mut h, "Undo reset", 1);
    run_out(&mut h);
    assert_eq!(steps(&h), 12);
    assert_eq!(h.state().view().counts(), at_12);
    assert!(h.get_by_label("Undo reset").accesskit_node().is_disabled());
    // Ctrl+Z does the same.
    press(&mut h, "Reset", 1);
    assert_eq!(steps(&h), 0);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    run_out(&mut h);
    assert_eq!(steps(&h), 12);
}

#[test]
fn reset_of_a_few_steps_starts_afresh_with_nothing_to_undo() {
    let mut h = harness();
    press_step(&mut h, 3);
    press(&mut h, "Reset", 1);
    assert_eq!(steps(&h), 0);
    assert!(h.get_by_label("Undo reset").accesskit_node().is_disabled());
}

#[test]
fn a_built_in_scenario_clears_the_path_and_save_asks_for_one() {
    let dir = temp_dir("builtin-save");
    let path = dir.join("mine.ron");
    let mut mine = Scenario::built_in();
    mine.title = "My own puzzle".into();
    mine.save(&path).unwrap();
    let before = std::fs::read_to_string(&path).unwrap();
    let mut h = harness();
    h.state_mut()
        .apply(frontier::app::command::Command::LoadScenario(path.clone()));
    h.run();
    assert_eq!(fields_holding(&h, &path.display().to_string()), 1);
    h.get_by_label("Scenario").click();
    h.run();
    h.get_by_label("The chapter's puzzle").click();
    h.run();
    assert_eq!(h.state().scenario().title, "The chapter's puzzle");
    assert_eq!(
        fields_holding(&h, &path.display().to_string()),
        0,
        "the Path field still names the file last opened"
    );
    h.get_by_label("Save").click();
    h.run();
    let error = h.state().error().unwrap_or_default().to_string();
    assert!(error.contains("Save needs a file"), "{error}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    std::fs::remove_dir_all(&dir).unwrap();
}

// The quiz.

#[test]
fn a_tied_state_that_loses_the_tie_break_is_close_not_right_and_step_skips() {
    let mut h = harness();
    // Step 1 expands the start: the first question is which state step 2 expands.
    press_step(&mut h, 1);
    h.get_by_label("Quiz").click();
    h.run();
    // Step without answering: the question counts as skipped.
    press_step(&mut h, 1);
    assert!(log_has(&h, "quiz: step 2 skipped"));
    key(&mut h, egui::Key::Space);
    assert!(log_has(&h, "quiz: step 3 skipped"));
    h.get_by_label_contains("0 of 0 right, 2 skipped");
    // Find, from the session, an open state tied with the next pick on f.
    let tied = loop {
        let s = h.state().view();
        let pick = s.next_pick().unwrap();
        if let Some(id) = s
            .open_order()
            .into_iter()
            .find(|&id| id != pick.id && s.row(id).f == pick.f)
        {
            break (id, pick.id);
        }
        press_step(&mut h, 1);
    };
    let (rival, pick) = tied;
    h.state_mut()
        .apply(frontier::app::command::Command::Select(Some(rival)));
    h.run();
    assert!(
        log_has(&h, &format!("#{rival}: close: same f = 12, but ")),
        "a tied state was not called close"
    );
    assert!(log_has(&h, &format!("decides: #{pick} ")));
    assert!(log_has(&h, &format!("is expanded before #{rival}")));
    h.get_by_label_contains("0 of 1 right");
}

// Opening at a step.

#[test]
fn open_at_parses_a_step_or_end_and_refuses_anything_else() {
    let at = |arg: &str| match Cli::try_parse_from(["frontier", "open", "s.ron", "--at", arg]) {
        Ok(Cli {
            command: Some(Command::Open { at, .. }),
        }) => Ok(at),
        Ok(other) => panic!("{other:?}"),
        Err(e) => Err(e.to_string()),
    };
    assert_eq!(at("7"), Ok(Some(OpenAt::Step(7))));
    assert_eq!(at("end"), Ok(Some(OpenAt::End)));
    assert_eq!(at("0"), Ok(Some(OpenAt::Step(0))));
    let error = at("soon").unwrap_err();
    assert!(error.contains("'soon' is not a step"), "{error}");
    assert!(at("-3").is_err());
    assert_eq!(OpenAt::End.target(), u64::MAX);
}

fn harness_at(at: OpenAt) -> Harness<'static, FrontierApp> {
    Harness::builder()
        .with_max_steps(common::MAX_SETTLE_FRAMES)
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(move |cc| {
            let mut app =
                FrontierApp::new(&cc.egui_ctx, Scenario::built_in(), Layout::default()).unwrap();
            app.open_at(at.target());
            app
        })
}

#[test]
fn the_app_opens_at_the_step_asked_for_or_at_the_end() {
    let mut h = harness_at(OpenAt::Step(7));
    h.run();
    h.get_by_label("Step 7");
    let mut fresh = Scenario::built_in()
        .session(&SearchSpec::default())
        .unwrap();
    for _ in 0..7 {
        fresh.step();
    }
    assert_eq!(h.state().view().counts(), fresh.view().counts());
    assert!(log_has(&h, "step 7: picked"));
    // It is a timeline like any run: step back works.
    key(&mut h, egui::Key::Backspace);
    h.get_by_label("Step 6");

    let mut end = harness_at(OpenAt::End);
    end.run();
    let last = steps_to_end(
        Scenario::built_in()
            .session(&SearchSpec::default())
            .unwrap(),
    );
    assert_eq!(steps(&end), last);
    assert!(end.state().view().outcome().is_some());
}

// The toolbar's words.

#[test]
fn the_scenario_menu_lists_titles_and_number_fields_have_their_own_labels() {
    let mut h = harness();
    // The Lesson panel shows the title too: opening the menu must add an entry with it.
    let title = "The chapter's puzzle";
    let before = h.query_all_by_label(title).count();
    h.get_by_label("Scenario").click();
    h.run();
    assert!(h.query_all_by_label(title).count() > before);
    assert_eq!(h.query_all_by_label("seed_542703816.ron").count(), 0);
    key(&mut h, egui::Key::Escape);
    // The field's words are a label beside it, not text inside a button-like box.
    h.get_by_label("steps to go");
    h.get_by_label("step");
    press_step(&mut h, 1);
    assert!(h.query_all_by_label("of 1 step taken").count() > 0);
}

#[test]
fn the_depth_limit_box_removes_the_scenarios_own_limit_and_sets_another() {
    let mut h = common::harness_on(common::built_in("backtracking_depth_limit.ron"));
    let limit = |h: &Harness<'_, FrontierApp>| h.state().view().settings().depth_limit;
    assert_eq!(limit(&h), Some(16), "the scenario's own");
    h.get_by_label("depth limit").click();
    h.run();
    assert_eq!(limit(&h), None);
    h.get_by_label("depth limit").click();
    h.run();
    assert_eq!(limit(&h), Some(10), "the box switches on at 10");
}
