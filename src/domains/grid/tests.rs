//! The grid domain's own tests: map parsing, moves and their costs, corner cutting, heuristics.

use super::*;
use crate::engine::event::Outcome;
use crate::engine::search::Search;
use crate::engine::settings::{Algorithm, Settings};

fn grid(map: &str, start: (usize, usize), goal: (usize, usize), moves: Moves) -> Grid {
    Grid::new(
        GridMap::parse(map).map_err(Refusal::from),
        Cell {
            x: start.0,
            y: start.1,
        },
        Cell {
            x: goal.0,
            y: goal.1,
        },
        moves,
    )
}

fn solve(g: Grid, algorithm: Algorithm, heuristic: Heuristic) -> Option<Cost> {
    let mut s = Search::new(
        g,
        Settings {
            algorithm,
            heuristic,
            ..Settings::default()
        },
    );
    match s.run(u64::MAX) {
        Some(Outcome::GoalFound) => {}
        _ => return None,
    }
    let id = *s.solution()?.last()?;
    Some(s.core().notebook.node(id).g)
}

#[test]
fn the_wall_is_walked_round_without_cutting_its_corners() {
    // From (0,1) to (3,1) past ".##.": every diagonal round the wall would cut a corner, so
    // even 8-connected moves need north, east ×3, south.
    for moves in [Moves::Eight, Moves::Four] {
        let g = grid("....\n.##.\n....", (0, 1), (3, 1), moves);
        let h = g.heuristics()[0];
        assert_eq!(solve(g, Algorithm::AStar, h), Some(Cost::units(5)));
    }
    // One wall cell: north, east, east, then a south-east diagonal whose corners are open.
    let g = grid("....\n.#..\n....", (0, 1), (3, 1), Moves::Eight);
    assert_eq!(
        solve(g, Algorithm::AStar, Heuristic::Octile),
        Some(Cost::units(3) + diagonal())
    );
    // Corner to corner of an open 3×3: two diagonals; a wall in the middle blocks both.
    let g = grid("...\n...\n...", (0, 0), (2, 2), Moves::Eight);
    assert_eq!(
        solve(g, Algorithm::AStar, Heuristic::Octile),
        Some(diagonal() + diagonal())
    );
    let g = grid("...\n.#.\n...", (0, 0), (2, 2), Moves::Eight);
    assert_eq!(
        solve(g, Algorithm::AStar, Heuristic::Octile),
        Some(Cost::units(4))
    );
}

#[test]
fn diagonals_never_cut_a_blocked_corner() {
    // (0,1) to (1,0): the diagonal passes the wall at (0,0), so it takes two straight steps.
    let g = grid("#.\n..", (0, 1), (1, 0), Moves::Eight);
    assert_eq!(
        solve(g, Algorithm::Dijkstra, Heuristic::Zero),
        Some(Cost::units(2))
    );
    let mut out = Vec::new();
    let g = grid("#.\n..", (0, 1), (1, 0), Moves::Eight);
    g.successors(&g.start(), &mut out);
    assert_eq!(
        out.len(),
        1,
        "only east: north is a wall, north-east cuts it"
    );
}

#[test]
fn terrain_multiplies_the_cost_of_entering() {
    // Straight down through the 9 costs 10; round it on 1s costs 4.
    let g = grid("...\n.9.\n...", (1, 0), (1, 2), Moves::Four);
    assert_eq!(
        solve(g, Algorithm::Dijkstra, Heuristic::Zero),
        Some(Cost::units(4))
    );
    // A diagonal into terrain 3 costs 3√2; east then south (1 + 3) is cheaper.
    let g = grid("..\n.3", (0, 0), (1, 1), Moves::Eight);
    assert_eq!(
        solve(g, Algorithm::Dijkstra, Heuristic::Zero),
        Some(Cost::units(4))
    );
}

#[test]
fn manhattan_is_refused_with_diagonals_unless_allowed() {
    let g = || grid("....\n....", (0, 0), (3, 1), Moves::Eight);
    assert!(!g().admissible(Heuristic::Manhattan));
    assert!(g().admissible(Heuristic::Chebyshev));
    let s = Search::new(
        g(),
        Settings {
            heuristic: Heuristic::Manhattan,
            ..Settings::default()
        },
    );
    match s.outcome() {
        Some(Outcome::Refused(why)) => assert!(why.contains("overestimate"), "{why}"),
        other => panic!("not refused: {other:?}"),
    }
    let mut s = Search::new(
        g(),
        Settings {
            heuristic: Heuristic::Manhattan,
            allow_inadmissible: true,
            ..Settings::default()
        },
    );
    assert_eq!(s.run(u64::MAX), Some(&Outcome::GoalFound));
}

#[test]
fn estimates_never_exceed_the_true_distance_on_an_open_map() {
    // On an open 8-connected map the octile distance is exact; the others stay below it.
    let open = ["......."; 5].join("\n");
    for start in [(0, 0), (3, 4), (6, 1)] {
        let g = grid(&open, start, (1, 2), Moves::Eight);
        let s = g.start();
        let exact = solve(g.clone(), Algorithm::Dijkstra, Heuristic::Zero).unwrap();
        assert_eq!(g.estimate(&s, Heuristic::Octile), exact);
        for h in [Heuristic::Euclidean, Heuristic::Chebyshev, Heuristic::Zero] {
            assert!(g.estimate(&s, h) <= exact, "{h:?}");
        }
    }
}

#[test]
fn malformed_maps_and_cells_are_refused_with_the_reason() {
    let why = |map: &str, start: (usize, usize)| {
        grid(map, start, (0, 0), Moves::Eight)
            .validate()
            .unwrap_err()
            .0
    };
    assert!(why("...\n..", (1, 0)).contains("row 1 has 2 cells"));
    assert!(why("..x", (1, 0)).contains("'x'"));
    assert!(why("", (1, 0)).contains("empty"));
    assert!(why("...", (5, 0)).contains("off the 3×1 map"));
    assert!(why(".#.", (1, 0)).contains("start (x: 1, y: 0) is on a wall"));
    assert!(grid("..", (0, 0), (1, 0), Moves::Four).validate().is_ok());
}
