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
use common::{choose, log_has, press, press_step, run_out, temp_dir};

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

// Item 4: typing can't wipe a run.

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
    press(&mut h, "Undo reset (back to step 12)", 1);
    run_out(&mut h);
    assert_eq!(steps(&h), 12);
    assert_eq!(h.state().view().counts(), at_12);
    assert_eq!(
        h.query_all_by_label("Undo reset (back to step 12)").count(),
        0
    );
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
    assert_eq!(h.query_all_by_label_contains("Undo reset (").count(), 0);
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

// Item 5: per-algorithm settings.

/// What `frontier run SEED --algorithm NAME --json` reports, through the CLI's own code.
fn cli_run(algorithm: &str) -> serde_json::Value {
    let cli = Cli::try_parse_from([
        "frontier",
        "run",
        SEED_FILE,
        "--algorithm",
        algorithm,
        "--json",
    ])
    .unwrap();
    let Some(Command::Run(args)) = cli.command else {
        panic!("run parses as run");
    };
    let mut out = Vec::new();
    assert_eq!(frontier::cli::run(&args, &mut out), 0);
    serde_json::from_slice(&out).unwrap()
}

/// Runs a session to its end; returns its steps.
fn steps_to_end(mut s: Box<dyn frontier::engine::session::Session>) -> u64 {
    while s.view().outcome().is_none() {
        s.step();
    }
    s.view().steps()
}

#[test]
fn dijkstra_in_the_app_runs_as_the_cli_does_without_a_stars_tie_rule() {
    let mut h = harness();
    choose(&mut h, "algorithm", "Dijkstra (f = g)");
    h.get_by_label("Run to end").click();
    run_out(&mut h);
    let app = steps(&h);
    let cli = cli_run("dijkstra");
    assert_eq!(cli["steps"], app, "the app and the CLI disagree");
    // Dijkstra with its own defaults: the seed's problem with no search settings at all.
    let mut bare = Scenario::built_in();
    bare.search = SearchSpec::default();
    let own = steps_to_end(
        bare.session(&SearchSpec {
            algorithm: Some(Algorithm::Dijkstra),
            ..SearchSpec::default()
        })
        .unwrap(),
    );
    assert_eq!(app, own, "A*'s tie rule carried over to Dijkstra");
    assert_eq!(
        h.state().view().settings().tie_break,
        Algorithm::Dijkstra.default_tie_break()
    );
    // Back to A*: the scenario's own settings again (21 steps, as the notes say).
    choose(&mut h, "algorithm", "A* (f = g + h)");
    assert_eq!(
        h.state().view().settings().tie_break,
        vec![TieKey::LowestH, TieKey::FirstStored]
    );
    assert_eq!(
        cli_run("astar")["steps"].as_u64().unwrap(),
        steps_to_end(
            Scenario::built_in()
                .session(&SearchSpec::default())
                .unwrap()
        )
    );
}

#[test]
fn only_what_belongs_to_the_old_algorithm_is_dropped() {
    let seed = Scenario::built_in();
    let settings = |over: SearchSpec| seed.session(&over).unwrap().view().settings().clone();
    let own = seed.search.clone();
    // The seed names A*'s tie rule and a weight of 1.
    assert_eq!(
        own.tie_break,
        Some(vec![TieKey::LowestH, TieKey::FirstStored])
    );
    let dijkstra = settings(SearchSpec {
        algorithm: Some(Algorithm::Dijkstra),
        ..SearchSpec::default()
    });
    assert_eq!(dijkstra.tie_break, Algorithm::Dijkstra.default_tie_break());
    assert_eq!(
        Some(dijkstra.heuristic),
        own.heuristic,
        "the heuristic stays"
    );
    assert_eq!(Some(dijkstra.max_states), own.max_states, "limits stay");
    // A tie rule given with the switch still applies.
    let asked = settings(SearchSpec {
        algorithm: Some(Algorithm::Dijkstra),
        tie_break: own.tie_break.clone(),
        ..SearchSpec::default()
    });
    assert_eq!(Some(asked.tie_break), own.tie_break);
    // Weighted A* takes its own default weight, not A*'s 1.
    let weighted = settings(SearchSpec {
        algorithm: Some(Algorithm::WeightedAStar),
        ..SearchSpec::default()
    });
    let bare = SearchSpec {
        algorithm: Some(Algorithm::WeightedAStar),
        ..SearchSpec::default()
    }
    .resolve(weighted.heuristic);
    assert!((weighted.weight - bare.weight).abs() < f64::EPSILON);
    assert!((weighted.weight - own.weight.unwrap()).abs() > f64::EPSILON);
    // Naming the scenario's own algorithm changes nothing.
    let same = settings(SearchSpec {
        algorithm: Some(Algorithm::AStar),
        ..SearchSpec::default()
    });
    assert_eq!(same, settings(SearchSpec::default()));
}

#[test]
fn controls_that_do_nothing_for_the_algorithm_are_greyed() {
    let mut h = harness();
    let greyed = |h: &Harness<'_, FrontierApp>, combo: &str| {
        h.get_by_label(combo).accesskit_node().is_disabled()
    };
    assert!(!greyed(&h, "heuristic"));
    choose(&mut h, "algorithm", "Dijkstra (f = g)");
    // Dijkstra breaks ties by storing order: h plays no part.
    assert!(greyed(&h, "heuristic"));
    h.get_by_value("Manhattan distance (not used)");
    assert!(!greyed(&h, "ties"));
    choose(&mut h, "algorithm", "Backtracking (f = depth)");
    assert!(greyed(&h, "ties"));
    // A "lower h" tie rule makes h count even for Dijkstra.
    choose(&mut h, "algorithm", "Dijkstra (f = g)");
    choose(&mut h, "ties", "lower h → stored first");
    assert!(!greyed(&h, "heuristic"));
    h.get_by_value("Manhattan distance");
}

#[test]
fn every_cli_knob_is_in_the_app_where_it_applies() {
    let mut h = common::harness_on(common::built_in("queens_8.ron"));
    choose(&mut h, "algorithm", "Backtracking (f = depth)");
    assert_eq!(h.query_all_by_label("allow an inadmissible h").count(), 0);
    press(&mut h, "forward checking", 1);
    press(&mut h, "all solutions", 1);
    press(&mut h, "depth limit", 1);
    let s = h.state().view().settings().clone();
    assert!(s.forward_checking && s.all_solutions, "{s:?}");
    assert_eq!(s.depth_limit, Some(10));
    press(&mut h, "depth limit", 1);
    assert_eq!(h.state().view().settings().depth_limit, None);
    choose(
        &mut h,
        "algorithm",
        "Generate and test (f = candidate number)",
    );
    h.get_by_label("candidates");
    choose(&mut h, "algorithm", "Weighted A* (f = g + w·h)");
    h.get_by_label("weight");
    // A* shows the inadmissible switch; on a graph it reaches the engine.
    let mut g = common::harness_on(common::built_in("graph_overestimate.ron"));
    press(&mut g, "allow an inadmissible h", 1);
    assert_eq!(
        g.state().view().settings().allow_inadmissible,
        !Scenario::from_library("graph_overestimate.ron")
            .unwrap()
            .unwrap()
            .search
            .allow_inadmissible
            .unwrap_or(false)
    );
}

// Item 8: the quiz.

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

// Item 11: opening at a step.

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

// Item 7 (toolbar words).

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
