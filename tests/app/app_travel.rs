//! Time travel, breakpoints, compare, quiz, traces and the route, driven through the app's UI
//! with egui_kittest (labels found, clicked, read back).

use eframe::egui;
use eframe::egui::accesskit::Role;
use egui_kittest::{Harness, kittest::Queryable};
use frontier::app::FrontierApp;
use frontier::app::command::{Command, TravelCommand};
use frontier::engine::settings::Algorithm;
use frontier::scenario::{Scenario, SearchSpec, SettingChange};

use crate::common;
use common::{choose, log_has, press, press_step, run_out};

fn harness() -> Harness<'static, FrontierApp> {
    common::harness_on(Scenario::built_in())
}

#[test]
fn backspace_after_5_steps_shows_step_4() {
    let mut h = harness();
    press_step(&mut h, 5);
    h.get_by_label("States checked 5");
    h.key_press(egui::Key::Backspace);
    h.run();
    h.get_by_label("Step 4");
    h.get_by_label("States checked 4");
    // The step log no longer has step 5; the tables and counts are the search at step 4.
    assert!(!log_has(&h, "step 5: picked"));
    assert!(log_has(&h, "step 4: picked"));
    let mut fresh = Scenario::built_in()
        .session(&SearchSpec::default())
        .unwrap();
    for _ in 0..4 {
        fresh.step();
    }
    let app = h.state();
    assert_eq!(app.view().counts(), fresh.view().counts());
    let mut shown: Vec<_> = app.open_ids().to_vec();
    let mut open = fresh.view().open_order();
    shown.sort_unstable();
    open.sort_unstable();
    assert_eq!(
        shown, open,
        "the open table lists exactly step 4's open rows"
    );
    // The button does the same.
    press(&mut h, "Step back", 1);
    h.get_by_label("Step 3");
}

#[test]
fn going_to_a_step_then_forward_equals_never_going_back() {
    let mut straight = harness();
    press_step(&mut straight, 12);
    let mut h = harness();
    press_step(&mut h, 12);
    h.state_mut().apply(Command::Travel(TravelCommand::GoTo(3)));
    h.run();
    h.get_by_label("Step 3");
    h.get_by_label("States checked 3");
    assert!(h.query_all_by_label("of 12 steps taken").count() > 0);
    press_step(&mut h, 9);
    h.get_by_label("Step 12");
    let (a, b) = (straight.state(), h.state());
    assert_eq!(a.view().counts(), b.view().counts());
    assert_eq!(a.view().last_event(), b.view().last_event());
    assert_eq!(a.open_ids(), b.open_ids());
    assert_eq!(a.view().open_order(), b.view().open_order());
    // Forward by a jump: replayed through the run, then shown at the step asked for.
    h.state_mut().apply(Command::Travel(TravelCommand::GoTo(2)));
    h.run();
    h.get_by_label("Step 2");
    h.state_mut()
        .apply(Command::Travel(TravelCommand::GoTo(10)));
    run_out(&mut h);
    h.get_by_label("Step 10");
    h.get_by_label("States checked 10");
    // A setting changed in the past starts a new search.
    choose(&mut h, "algorithm", "Dijkstra (f = g)");
    h.get_by_label("Step 0");
    assert!(h.query_all_by_label("of 0 steps taken").count() > 0);
}

/// Opens the Run until menu and runs with the current choices after `ticks` are ticked.
fn run_until(h: &mut Harness<'_, FrontierApp>, ticks: &[&str]) {
    press(h, "Run until", 1);
    for label in ticks {
        press(h, label, 1);
    }
    press(h, "Run to breakpoint", 1);
    run_out(h);
}

#[test]
fn f_rises_is_never_hit_on_the_seed_and_the_goal_comes_on_step_21() {
    let mut h = harness();
    // Untick "goal" (on by default), tick "f rises".
    run_until(
        &mut h,
        &["the goal is accepted", "f rises (the next f-layer)"],
    );
    h.get_by_label("Step 21");
    assert_eq!(h.query_all_by_label("Goal found").count(), 2);
    assert!(log_has(&h, "running until f-rises"));
    assert!(log_has(&h, "no breakpoint hit: Goal found"));
}

#[test]
fn a_tie_breakpoint_stops_on_step_2_and_the_log_says_so() {
    let mut h = harness();
    run_until(&mut h, &["a tie of at least"]);
    h.get_by_label("Step 2");
    assert!(!h.state().is_running());
    assert!(
        log_has(
            &h,
            "stopped by breakpoint tie>=2: 2 states tied on f = 12 on step 2"
        ),
        "the log names the breakpoint"
    );
}

#[test]
fn step_and_goal_breakpoints_stop_where_they_say() {
    let mut h = harness();
    // "step" comes on at 10; "goal" is on by default.
    run_until(&mut h, &["step number"]);
    h.get_by_label("Step 10");
    assert!(log_has(
        &h,
        "stopped by breakpoint step=10: step 10 reached"
    ));
    // Unticking "step" leaves the goal breakpoint.
    run_until(&mut h, &["step number"]);
    h.get_by_label("Step 21");
    assert!(log_has(
        &h,
        "stopped by breakpoint goal: goal accepted on step 21"
    ));
}

#[test]
fn compare_steps_astar_and_dijkstra_together_with_their_own_counts() {
    let mut h = harness();
    press(&mut h, "Compare", 1);
    h.get_by_role_and_label(Role::CheckBox, "A*").click();
    h.get_by_role_and_label(Role::CheckBox, "Dijkstra").click();
    h.run();
    press(&mut h, "Start side by side", 1);
    press(&mut h, "Run all to the end", 1);
    // Separate runs' counts (tests/chapter_astar.rs has A*'s).
    let separate = |a: Algorithm| {
        let mut s = Scenario::built_in()
            .session(&SearchSpec {
                algorithm: Some(a),
                ..SearchSpec::default()
            })
            .unwrap();
        while s.view().outcome().is_none() {
            s.step();
        }
        s.view().counts().states_checked
    };
    let (astar, dijkstra) = (separate(Algorithm::AStar), separate(Algorithm::Dijkstra));
    assert_eq!(astar, 20);
    h.get_by_label(&format!("Checked {astar}"));
    h.get_by_label(&format!("Checked {dijkstra}"));
    assert!(log_has(&h, "Picks first differ on step 3"));
}

#[test]
fn quiz_calls_a_tied_state_close_and_rejects_a_higher_f_one() {
    let mut h = harness();
    press_step(&mut h, 1);
    press(&mut h, "Quiz", 1);
    // Find, from the session itself, an open row tied with the next pick on f and one above.
    let find = |h: &Harness<'_, FrontierApp>| {
        let s = h.state().view();
        let pick = s.next_pick().unwrap();
        let open = s.open_order();
        let tied = open
            .iter()
            .copied()
            .find(|&id| id != pick.id && s.row(id).f == pick.f);
        let higher = open.iter().copied().find(|&id| s.row(id).f > pick.f);
        (tied, higher.map(|id| (id, s.row(id).f)))
    };
    let mut tied = None;
    while tied.is_none() {
        press_step(&mut h, 1);
        tied = find(&h).0;
    }
    let tied = tied.unwrap();
    let label = {
        let s = h.state().view();
        format!("#{tied} {} (f 12)", s.state_text(tied))
    };
    let step = h.state().view().steps();
    h.get_by_label(&label).click();
    h.run();
    assert_eq!(
        h.state().view().steps(),
        step + 1,
        "an answer takes the step"
    );
    assert!(log_has(&h, &format!("#{tied} — close: same f = 12, but ")));
    let mut higher = None;
    while higher.is_none() {
        press_step(&mut h, 1);
        higher = find(&h).1;
    }
    let (id, f) = higher.unwrap();
    // A click on its row in the open table answers too.
    h.state_mut().apply(Command::Select(Some(id)));
    h.run();
    assert!(log_has(
        &h,
        &format!("#{id} — wrong: f = {f} is higher than 12")
    ));
}

#[test]
fn a_saved_trace_replays_read_only_and_a_damaged_one_keeps_the_scenario() {
    let dir = std::env::temp_dir().join(format!("frontier-travel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("seed.trace.ron");
    let mut h = harness();
    press_step(&mut h, 6);
    h.state_mut()
        .apply(Command::Travel(TravelCommand::SaveTrace(path.clone())));
    h.state_mut()
        .apply(Command::Travel(TravelCommand::OpenTrace(path.clone())));
    h.run();
    assert!(log_has(&h, "Replaying trace"));
    h.get_by_label("Step 0");
    press_step(&mut h, 6);
    h.get_by_label("Step 6");
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    // The trace ends here; settings are locked.
    press_step(&mut h, 1);
    h.get_by_label("Step 6");
    // A run from the past stops at the trace's end, at any speed.
    h.state_mut().apply(Command::Travel(TravelCommand::GoTo(2)));
    h.state_mut().apply(Command::SetSpeed(10_000.0));
    h.state_mut().apply(Command::RunPause);
    run_out(&mut h);
    h.get_by_label("Step 6");
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    h.key_press(egui::Key::Backspace);
    h.run();
    h.get_by_label("Step 5");
    h.state_mut()
        .apply(Command::Set(SettingChange::algorithm(Algorithm::Dijkstra)));
    assert!(h.state().error().unwrap().contains("locked"));
    assert_eq!(h.state().view().settings().algorithm, Algorithm::AStar);

    let damaged = dir.join("damaged.trace.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&damaged, &text[..text.len() / 2]).unwrap();
    h.state_mut()
        .apply(Command::Travel(TravelCommand::OpenTrace(damaged)));
    h.run();
    let error = h.state().error().unwrap().to_string();
    assert!(error.contains("line"), "{error}");
    h.get_by_label("Step 5");
    let other = dir.join("other.trace.ron");
    std::fs::write(
        &other,
        text.replacen(frontier::trace::ENGINE_VERSION, "0.0.1", 1),
    )
    .unwrap();
    h.state_mut()
        .apply(Command::Travel(TravelCommand::OpenTrace(other)));
    h.run();
    assert!(
        h.state()
            .error()
            .unwrap()
            .contains("recorded by frontier 0.0.1")
    );
    h.get_by_label("Step 5");
}

#[test]
fn the_route_is_played_move_by_move_once_the_goal_is_found() {
    let mut h = harness();
    press_step(&mut h, 21);
    h.get_by_label("Route to the goal: 12 moves, cost 12");
    press(&mut h, "▶", 2);
    press(&mut h, "◀", 1);
    assert!(log_has(&h, "1. "));
}

mod replays_that_differ {
    use super::*;
    use frontier::app::state::Layout;
    use frontier::engine::event::StepEvent;
    use frontier::engine::session::Session;
    use frontier::engine::view::SearchView;
    use frontier::present::{ShownSearch, ShownSession};
    use std::path::Path;

    /// A search that cannot undo and whose copies are another puzzle: going back restores a
    /// keyframe that replays differently from the record, as a search that is not
    /// deterministic would.
    struct Forgetful {
        inner: Box<dyn ShownSession>,
        other: Box<dyn ShownSession>,
    }

    impl Session for Forgetful {
        fn view(&self) -> &dyn SearchView {
            self.inner.view()
        }
        fn step(&mut self) -> &StepEvent {
            self.inner.step()
        }
        fn rewind(&mut self, _: u64) -> bool {
            false
        }
        fn hold_elsewhere(&mut self, bytes: usize) {
            self.inner.hold_elsewhere(bytes);
        }
        fn snapshot(&self) -> Box<dyn Session> {
            self.other.snapshot()
        }
    }

    impl ShownSession for Forgetful {
        fn shown(&self) -> &dyn ShownSearch {
            self.inner.shown()
        }
        fn shown_snapshot(&self) -> Box<dyn ShownSession> {
            self.other.shown_snapshot()
        }
    }

    /// The app on the built-in puzzle, 7 steps in, then Reset: back at step 0 on a keyframe
    /// of a puzzle whose blank is in a corner (two moves where the built-in one has four).
    fn reset_onto_another_puzzle() -> Harness<'static, FrontierApp> {
        let scenario = Scenario::built_in();
        let inner = scenario.session(&SearchSpec::default()).unwrap();
        let other = Scenario::parse(
            "Scenario(problem: SlidingPuzzle(width: 3, height: 3, start: [0,1,2,3,4,5,6,7,8]))",
            "corner",
            Path::new("."),
        )
        .unwrap()
        .session(&SearchSpec::default())
        .unwrap();
        let session = Box::new(Forgetful { inner, other });
        let mut h = Harness::builder()
            .with_max_steps(common::MAX_SETTLE_FRAMES)
            .with_size(egui::vec2(1500.0, 950.0))
            .build_eframe(move |cc| {
                FrontierApp::with_session(&cc.egui_ctx, scenario, Layout::default(), session)
            });
        press_step(&mut h, 7);
        h.state_mut().apply(Command::Reset);
        assert_eq!(h.state().view().steps(), 0);
        assert_eq!(h.state().error(), None);
        h
    }

    #[test]
    fn a_step_that_replays_differently_is_reported_by_that_step() {
        let mut h = reset_onto_another_puzzle();
        h.state_mut().apply(Command::Step);
        // No frame between: the error is the step's own, not a note found a frame later.
        let error = h.state().error().expect("the replayed step differs");
        assert!(error.contains("step 1 replayed differently"), "{error}");
    }

    #[test]
    fn a_run_stops_at_the_step_that_replays_differently() {
        let mut h = reset_onto_another_puzzle();
        h.state_mut().apply(Command::RunToEnd);
        run_out(&mut h);
        assert!(!h.state().is_running());
        assert_eq!(h.state().view().steps(), 1, "the run went no further");
        let error = h.state().error().expect("the replayed step differs");
        assert!(error.contains("step 1 replayed differently"), "{error}");
    }
}
