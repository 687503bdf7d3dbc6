//! The app's N-queens board and the queens searches' status, driven through the UI with
//! egui_kittest: squares are found by their accessible names, clicked (locking, moving or
//! removing a queen, resizing the board), and the results read back from the labels.

use eframe::egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use frontier::domains::queens::Cell;
use frontier::engine::settings::Algorithm;
use frontier::scenario::{ProblemSpec, SearchSpec};

use crate::common;
use common::{built_in, harness_on as harness, press_step};

#[test]
fn backtracking_on_eight_queens_draws_the_queens_and_picks_the_top_of_the_stack() {
    let mut h = harness(built_in("queens_8.ron"));
    h.get_by_label("0 of 8 queens placed");
    press_step(&mut h, 3);
    // Step 3 expands the state with queens in the first two rows.
    h.get_by_label("2 of 8 queens placed");
    h.get_by_label("Why: top of the stack");
    let app = h.state();
    let session = app.view();
    let open = app.open_ids();
    let pick = session.next_pick().expect("a next pick");
    // The stack top is first, and it is the deepest open row (depth-first).
    assert_eq!(open.first(), Some(&pick.id));
    let deepest = open.iter().map(|&id| session.row(id).depth).max().unwrap();
    assert_eq!(session.row(pick.id).depth, deepest);
    assert_eq!(deepest, 3);
}

#[test]
fn clicking_a_square_locks_the_queen_and_the_search_restarts_on_the_edited_start() {
    let mut h = harness(built_in("queens_8.ron"));
    h.get_by_label("Square row 3, column 5").click();
    h.run();
    assert_eq!(
        h.state().scenario().problem,
        ProblemSpec::NQueens {
            size: 8,
            locked: Some(Cell { row: 3, col: 5 })
        }
    );
    h.get_by_label("1 of 8 queens placed (gold: locked)");
    h.get_by_label("Step 0");
    // The edited search is the hand-written locked scenario's search, step for step.
    let mut expected = built_in("queens_8_locked.ron")
        .session(&SearchSpec::default())
        .unwrap();
    for _ in 0..5 {
        expected.step();
    }
    press_step(&mut h, 5);
    let session = h.state().view();
    assert_eq!(session.counts(), expected.view().counts());
    assert_eq!(
        session.event_lines(session.last_event()),
        expected.shown().event_lines(expected.view().last_event())
    );
    // Once stepped, the board is no longer editable: only the pruned squares answer (hover).
    assert!(h.query_by_label("Square row 0, column 0").is_none());
    // Reset and click the locked queen again: it is removed.
    h.get_by_label("Reset").click();
    h.run();
    h.get_by_label("Square row 3, column 5").click();
    h.run();
    h.get_by_label("0 of 8 queens placed");
    assert_eq!(
        h.state().scenario().problem,
        ProblemSpec::NQueens {
            size: 8,
            locked: None
        }
    );
}

#[test]
fn generate_and_test_says_how_many_candidates_it_faces_before_it_starts() {
    let mut scenario = built_in("queens_8_locked.ron");
    scenario.search.algorithm = Some(Algorithm::GenerateAndTest);
    let h = harness(scenario);
    // One queen in each of the 7 free rows: 8^7 boards (the scenario's notes, the seed).
    h.get_by_label("Faces 2,097,152 candidate boards");
}

#[test]
fn hovering_a_pruned_square_names_the_queen_that_attacks_it() {
    let mut h = harness(built_in("queens_8_locked.ron"));
    press_step(&mut h, 1);
    // The start is expanded: row 0's squares in column 5 (same column) and column 2 (the
    // diagonal: 3 rows up, 3 columns left) are attacked by the locked queen at row 3, column 5.
    h.get_by_label("1 of 8 queens placed (gold: locked)");
    assert!(h.query_by_label("Square row 0, column 0").is_none());
    h.get_by_label("Square row 0, column 2").hover();
    h.run();
    // The tooltip, and the line under the board.
    let reasons: Vec<String> = h
        .get_all_by_label_contains("Pruned:")
        .map(|node| node.accesskit_node().value().unwrap_or_default())
        .collect();
    assert_eq!(reasons.len(), 2, "{reasons:?}");
    for reason in reasons {
        assert!(reason.contains("row 3, column 5"), "{reason}");
    }
    h.get_by_label("Square row 0, column 5");
}

#[test]
fn the_size_control_resizes_the_board_and_restarts() {
    let mut h = harness(built_in("queens_8_locked.ron"));
    h.get_by_role_and_label(Role::SpinButton, "Board size")
        .set_value_accesskit(5.0);
    h.run();
    // The locked queen (row 3, column 5) is off a 5×5 board and goes.
    assert_eq!(
        h.state().scenario().problem,
        ProblemSpec::NQueens {
            size: 5,
            locked: None
        }
    );
    h.get_by_label("0 of 5 queens placed");
    // 5 queens have 10 solutions (OEIS A000170): all solutions through the UI's search.
    let mut scenario = h.state().scenario().clone();
    scenario.search.all_solutions = Some(true);
    let mut session = scenario.session(&SearchSpec::default()).unwrap();
    while session.view().outcome().is_none() {
        session.step();
    }
    assert_eq!(session.view().counts().solutions, 10);
}
