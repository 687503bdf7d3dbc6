//! Breakpoints on the built-in puzzle stop where the A* chapter says.

use frontier::engine::breakpoint::Watch;
use frontier::scenario::{Scenario, SearchSpec};

/// Runs the built-in puzzle until `breakpoint`; the step and the reason it stopped on.
fn run_built_in_until(breakpoint: &str, overrides: &SearchSpec) -> (u64, Option<String>) {
    let mut session = Scenario::built_in().session(overrides).unwrap();
    let mut watch = Watch::new(breakpoint.parse().unwrap(), session.view());
    while session.view().outcome().is_none() {
        session.step();
        let event = session.view().last_event().clone();
        if let Some(reason) =
            watch.check(&event, session.view(), &|id| session.shown().state_text(id))
        {
            return (session.view().steps(), Some(reason));
        }
    }
    (session.view().steps(), None)
}

#[test]
fn the_built_in_puzzle_never_leaves_its_first_f_layer_before_the_goal() {
    let (step, hit) = run_built_in_until("f-rises", &SearchSpec::default());
    assert_eq!((step, hit), (21, None));
}

#[test]
fn breakpoints_stop_on_the_steps_the_chapter_gives() {
    // The goal is accepted on step 21; step 2 picks tile 4's board, tied on f with tile 1's;
    // the start's four neighbours are all stored on step 1, and a fifth open row comes on 2.
    for (breakpoint, step) in [
        ("goal", 21),
        ("step=5", 5),
        ("tie>=2", 2),
        ("open>3", 1),
        ("open>4", 2),
    ] {
        let stopped = run_built_in_until(breakpoint, &SearchSpec::default()).0;
        assert_eq!(stopped, step, "{breakpoint}");
    }
}

#[test]
fn the_goal_state_is_stored_on_step_20() {
    let (step, hit) = run_built_in_until("state=123456780", &SearchSpec::default());
    assert_eq!(step, 20);
    assert!(hit.unwrap().contains("stored"));
}

#[test]
fn f_rises_when_dijkstra_moves_to_the_next_cost() {
    let dijkstra = SearchSpec {
        algorithm: Some(frontier::engine::settings::Algorithm::Dijkstra),
        ..SearchSpec::default()
    };
    // Step 1 picks the start (g 0); step 2 picks a neighbour at g 1.
    let (step, hit) = run_built_in_until("f-rises", &dijkstra);
    assert_eq!(step, 2);
    assert!(hit.unwrap().contains("from 0 to 1"));
}
