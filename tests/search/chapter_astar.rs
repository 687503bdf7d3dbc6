//! The A* chapter's numbers for its puzzle 542703816, as acceptance tests.

use frontier::engine::event::{Fate, Outcome};
use frontier::present::ShownSession;
use frontier::scenario::{Scenario, SearchSpec};

fn chapter_puzzle(overrides: &SearchSpec) -> Box<dyn ShownSession> {
    Scenario::built_in()
        .session(overrides)
        .expect("the built-in puzzle builds")
}

#[test]
fn first_expansion_stores_four_neighbours_and_the_open_list_orders_them_12_12_14_14() {
    let mut s = chapter_puzzle(&SearchSpec::default());
    let event = s.step().clone();
    assert_eq!(event.pick.as_ref().map(|p| p.id), Some(0));
    let stored: Vec<_> = event.successors.iter().map(|x| (x.id, x.fate)).collect();
    assert_eq!(
        stored,
        vec![
            (Some(1), Fate::StoredNew),
            (Some(2), Fate::StoredNew),
            (Some(3), Fate::StoredNew),
            (Some(4), Fate::StoredNew)
        ]
    );
    let f_in_open_order: Vec<String> = s
        .view()
        .open_order()
        .iter()
        .map(|&id| s.view().row(id).f.to_string())
        .collect();
    assert_eq!(f_in_open_order, ["12", "12", "14", "14"]);
    // Tile 4's board (stored first) comes before tile 1's.
    assert_eq!(
        s.shown().move_label(0, s.view().open_order()[0]),
        "tile 4 down"
    );
    assert_eq!(
        s.shown().move_label(0, s.view().open_order()[1]),
        "tile 1 up"
    );
}

#[test]
fn second_pick_is_tile_4s_board_tied_with_tile_1s_on_f_and_h() {
    let mut s = chapter_puzzle(&SearchSpec::default());
    s.step();
    let pick = s.step().pick.clone().expect("a pick");
    assert_eq!(s.shown().move_label(0, pick.id), "tile 4 down");
    let tied: Vec<u32> = pick.ties.iter().map(|l| l.tied).collect();
    assert_eq!(
        tied,
        vec![2, 2, 1],
        "tied on f, then on h, then stored first decides"
    );
    assert!(
        pick.explain().contains("stored first"),
        "{}",
        pick.explain()
    );
}

#[test]
fn goal_is_stored_with_g_12_and_accepted_on_step_21() {
    let mut s = chapter_puzzle(&SearchSpec::default());
    let mut goal_stored_at = None;
    while s.view().outcome().is_none() {
        let event = s.step().clone();
        for succ in &event.successors {
            if let (Some(id), Fate::StoredNew) = (succ.id, succ.fate)
                && s.shown().state_text(id) == "123456780"
            {
                goal_stored_at = Some((event.step, s.view().row(id).g.to_string()));
            }
        }
    }
    assert_eq!(goal_stored_at, Some((20, "12".to_string())));
    assert_eq!(s.view().outcome(), Some(&Outcome::GoalFound));
    assert_eq!(s.view().steps(), 21);
    let c = s.view().counts();
    assert_eq!((c.states_checked, c.states_stored), (20, 35));
    let route = s.view().solution().expect("a route");
    assert_eq!(route.len() - 1, 12);
}

#[test]
fn every_expanded_state_scores_12() {
    let mut s = chapter_puzzle(&SearchSpec::default());
    while s.view().outcome().is_none() {
        let f = s.step().pick.as_ref().map(|p| p.f.to_string());
        assert_eq!(f.as_deref(), Some("12"));
    }
}

#[test]
fn the_route_is_the_chapters_hand_solution() {
    let mut s = chapter_puzzle(&SearchSpec::default());
    while s.view().outcome().is_none() {
        s.step();
    }
    let route = s.view().solution().unwrap();
    let tiles: Vec<String> = route
        .windows(2)
        .map(|w| {
            s.shown()
                .move_label(w[0], w[1])
                .split(' ')
                .nth(1)
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        tiles,
        ["1", "8", "7", "5", "4", "1", "5", "4", "1", "2", "3", "6"]
    );
}

#[test]
fn a_notebook_of_10_fills_on_step_5() {
    let mut s = chapter_puzzle(&SearchSpec {
        max_states: Some(10),
        ..SearchSpec::default()
    });
    while s.view().outcome().is_none() {
        s.step();
    }
    assert_eq!(s.view().outcome(), Some(&Outcome::LimitReached));
    assert_eq!(s.view().steps(), 5);
    let c = s.view().counts();
    assert_eq!((c.states_checked, c.states_stored), (5, 10));
    assert!(
        s.view()
            .last_event()
            .successors
            .iter()
            .any(|x| x.fate == Fate::NotStoredFull)
    );
}

#[test]
fn stepping_after_the_end_changes_nothing() {
    let mut s = chapter_puzzle(&SearchSpec::default());
    while s.view().outcome().is_none() {
        s.step();
    }
    let before = s.view().counts();
    s.step();
    assert_eq!((s.view().steps(), s.view().counts()), (21, before));
}
