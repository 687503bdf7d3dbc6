//! A solved Sokoban route played move by move by the domain (what the app's route player
//! shows): the published Microban solution, walks from where the player really stands, and
//! boards that are not one push apart refused.

use frontier::domains::sliding::SlidingView;
use frontier::domains::sokoban::SokobanView;
use frontier::domains::sokoban::route::{Frame, Route, RouteError};
use frontier::present::BoardView;
use frontier::scenario::{LIBRARY, Scenario, SearchSpec};
use std::path::Path;

/// The boards of the solution of a built-in scenario, start first.
fn solved(name: &str) -> Vec<BoardView> {
    let text = LIBRARY.iter().find(|(n, _)| *n == name).unwrap().1;
    let scenario = Scenario::parse(text, name, Path::new("scenarios")).unwrap();
    let mut session = scenario.session(&SearchSpec::default()).unwrap();
    while session.view().outcome().is_none() {
        session.step();
    }
    let route = session.view().solution().expect("solved");
    route.iter().map(|&id| session.shown().board(id)).collect()
}

fn letters(frames: &[Frame]) -> String {
    frames.iter().filter_map(|f| f.letter).collect()
}

fn on_goals(start: &BoardView, frame: &Frame) -> bool {
    let Some(SokobanView { goals, .. }) = start.get() else {
        return false;
    };
    let mut boxes = frame.boxes.clone();
    let mut goals = goals.clone();
    boxes.sort_unstable();
    goals.sort_unstable();
    boxes == goals
}

#[test]
fn microban_1_plays_the_published_33_moves() {
    let boards = solved("sokoban_microban_001.ron");
    let route = Route::through(&boards).unwrap();
    assert_eq!(route.pushes.len(), 8);
    let frames = route.frames();
    // The published move-optimal solution, as the scenario's notes quote it.
    assert_eq!(letters(&frames), "dlUrrrdLullddrUluRuulDrddrruLdlUU");
    assert_eq!(frames.len(), 34);
    assert_eq!(frames.last().unwrap().pushes, 8);
    assert!(on_goals(&boards[0], frames.last().unwrap()));
    assert!(!on_goals(&boards[0], &frames[0]));
}

#[test]
fn a_push_optimal_route_walks_from_where_the_player_really_stands() {
    let boards = solved("sokoban_microban_005.ron");
    let frames = Route::through(&boards).unwrap().frames();
    let Some(&SokobanView { width, .. }) = boards[0].get() else {
        panic!()
    };
    // Every frame moves the player one square to a neighbour.
    for w in frames.windows(2) {
        let (a, b) = (w[0].player, w[1].player);
        assert_eq!(
            (a % width).abs_diff(b % width) + (a / width).abs_diff(b / width),
            1
        );
    }
    assert_eq!(frames.last().unwrap().pushes, boards.len() - 1);
    assert!(on_goals(&boards[0], frames.last().unwrap()));
}

#[test]
fn boards_that_are_not_one_push_apart_are_an_error() {
    let boards = solved("sokoban_microban_001.ron");
    // No box moved; two pushes at once; a board of another domain.
    assert_eq!(
        Route::through(&[boards[0].clone(), boards[0].clone()]).unwrap_err(),
        RouteError::NotOnePush(1)
    );
    assert_eq!(
        Route::through(&[boards[0].clone(), boards[2].clone()]).unwrap_err(),
        RouteError::NotOnePush(1)
    );
    let grid = BoardView::new(SlidingView {
        width: 1,
        height: 1,
        tiles: vec![0],
    });
    assert_eq!(
        Route::through(std::slice::from_ref(&grid)).unwrap_err(),
        RouteError::NotSokoban
    );
    assert_eq!(
        Route::through(&[boards[0].clone(), grid]).unwrap_err(),
        RouteError::NotSokobanAt(1)
    );
    assert!(Route::through(&boards[..2]).is_ok());
}
