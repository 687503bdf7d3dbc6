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
    let cases = [
        // One wall cell: north, east, east, then a south-east diagonal whose corners are open.
        (
            "....\n.#..\n....",
            (0, 1),
            (3, 1),
            Cost::units(3) + diagonal(),
        ),
        // Corner to corner of an open 3×3: two diagonals; a wall in the middle blocks both.
        ("...\n...\n...", (0, 0), (2, 2), diagonal() + diagonal()),
        ("...\n.#.\n...", (0, 0), (2, 2), Cost::units(4)),
    ];
    for (map, start, goal, cost) in cases {
        let g = grid(map, start, goal, Moves::Eight);
        let found = solve(g, Algorithm::AStar, Heuristic::Octile);
        assert_eq!(found, Some(cost), "{map:?}");
    }
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
    let cases = [
        // Straight down through the 9 costs 10; round it on 1s costs 4.
        ("...\n.9.\n...", (1, 0), (1, 2), Moves::Four),
        // A diagonal into terrain 3 costs 3√2; east then south (1 + 3) is cheaper.
        ("..\n.3", (0, 0), (1, 1), Moves::Eight),
    ];
    for (map, start, goal, moves) in cases {
        let found = solve(
            grid(map, start, goal, moves),
            Algorithm::Dijkstra,
            Heuristic::Zero,
        );
        assert_eq!(found, Some(Cost::units(4)), "{map:?}");
    }
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

#[test]
fn successors_match_the_rules_read_cell_by_cell_everywhere_on_the_map() {
    // Walls and terrain on the edges, in corners and inside, so that cells on the edge and
    // inside the map are both expanded; and the same walls on plain floor, whose steps cost
    // their base without reading the cells (`GridMap::uniform`).
    let terrain_map = "2..#.\n.#3..\n..9#1\n#4...\n..#.5";
    let plain_map = terrain_map.replace(|c: char| c.is_ascii_digit(), ".");
    for text in [terrain_map, plain_map.as_str()] {
        successors_match_the_rules_read_cell_by_cell(text);
    }
}

fn successors_match_the_rules_read_cell_by_cell(text: &str) {
    let rows: Vec<&[u8]> = text.lines().map(str::as_bytes).collect();
    // The map's rule, cell by cell from the text: a digit is its cost, '.' is 1, '#' blocked.
    let terrain = |x: isize, y: isize| -> i64 {
        let (Ok(x), Ok(y)) = (usize::try_from(x), usize::try_from(y)) else {
            return 0;
        };
        match rows.get(y).and_then(|r| r.get(x)) {
            Some(b'.') => 1,
            Some(&c) if c.is_ascii_digit() => i64::from(c - b'0'),
            _ => 0,
        }
    };
    for moves in [Moves::Eight, Moves::Four] {
        let g = grid(text, (0, 0), (4, 4), moves);
        for y in 0..5isize {
            for x in 0..5isize {
                if terrain(x, y) == 0 {
                    continue;
                }
                let state = u32::try_from(y * 5 + x).unwrap();
                let mut got = Vec::new();
                g.successors(&state, &mut got);
                let got: Vec<(u32, u8, Cost)> = got
                    .into_iter()
                    .map(|s| match s {
                        Successor::Child { state, mv, cost } => (state, mv, cost),
                        Successor::Pruned { .. } => panic!("grids prune nothing"),
                    })
                    .collect();
                let mut want = Vec::new();
                for (d, &(dx, dy, _)) in DIRECTIONS.iter().enumerate() {
                    let diagonal_move = dx != 0 && dy != 0;
                    if moves == Moves::Four && diagonal_move {
                        continue;
                    }
                    let k = terrain(x + dx, y + dy);
                    if k == 0
                        || (diagonal_move && (terrain(x + dx, y) == 0 || terrain(x, y + dy) == 0))
                    {
                        continue;
                    }
                    let base = if diagonal_move { diagonal() } else { Cost::ONE };
                    let next = u32::try_from((y + dy) * 5 + x + dx).unwrap();
                    want.push((next, u8::try_from(d).unwrap(), base * k));
                }
                assert_eq!(got, want, "{moves:?} from ({x}, {y})");
            }
        }
    }
}

#[test]
fn a_refused_maps_one_state_has_no_successors() {
    let g = Grid::new(
        Err(Refusal("no map".into())),
        Cell { x: 0, y: 0 },
        Cell { x: 0, y: 0 },
        Moves::Eight,
    );
    let mut out = Vec::new();
    g.successors(&g.start(), &mut out);
    assert!(out.is_empty());
}

/// What a search did, to compare two runs of one query: its steps, counts and route.
fn run_picture(g: Grid) -> String {
    let mut s = Search::new(
        g,
        Settings {
            algorithm: Algorithm::AStar,
            heuristic: Heuristic::Octile,
            ..Settings::default()
        },
    );
    s.run(u64::MAX);
    format!(
        "{} {:?} {:?} {:?}",
        s.steps(),
        s.counts(),
        s.outcome(),
        s.solution()
    )
}

#[test]
fn a_search_taking_a_table_another_gave_back_runs_as_a_first_search_does() {
    // Queries one after another on this thread: each takes the table of numbered cells the
    // one before gave back. Each must run as it does on a fresh thread, whose first search
    // makes its own table.
    let map = format!("{}\n", vec![".".repeat(20); 20].join("\n"));
    let queries = [
        ((0, 0), (19, 19)),
        ((19, 0), (0, 19)),
        ((5, 5), (6, 18)),
        ((0, 0), (19, 19)),
    ];
    for (start, goal) in queries {
        let here = run_picture(grid(&map, start, goal, Moves::Eight));
        let map = map.clone();
        let fresh = std::thread::spawn(move || run_picture(grid(&map, start, goal, Moves::Eight)))
            .join()
            .expect("the fresh thread's search");
        assert_eq!(here, fresh, "{start:?} to {goal:?}");
    }
}

/// Splitting a cell index by multiplication must give what `/` and `%` give, for any width a
/// map can have (one column included, whose magic does not fit) and any 32-bit index.
#[test]
fn a_cell_index_splits_into_column_and_row_as_division_does() {
    let check = |width: u32, index: u32| {
        let split = ByWidth::new(width as usize).column_row(index);
        assert_eq!(
            split,
            (index % width, index / width),
            "{index} on width {width}"
        );
    };
    for width in [
        1,
        2,
        3,
        7,
        64,
        73,
        1000,
        1024,
        65_535,
        65_537,
        u32::MAX / 3,
        u32::MAX,
    ] {
        for index in [
            0,
            1,
            width - 1,
            width,
            width.saturating_add(1),
            u32::MAX - 1,
            u32::MAX,
        ] {
            check(width, index);
        }
    }
    proptest::proptest!(|(width in 1u32.., index in proptest::prelude::any::<u32>())| {
        check(width, index);
    });
}

#[test]
fn every_heuristic_vouched_consistent_holds_on_every_edge() {
    use crate::engine::problem::vouched::{check_every_edge, inconsistent_edge};
    // Walls, terrain of 1 to 9 and open floor, each cell in turn the goal.
    let map = "..#3.\n.9..#\n...2.\n#.5..";
    let parsed = GridMap::parse(map).expect("a map");
    let cells: Vec<u32> = (0..parsed.cells.len())
        .filter(|&i| parsed.cells[i] > 0)
        .map(|i| u32::try_from(i).unwrap())
        .collect();
    for moves in [Moves::Four, Moves::Eight] {
        for &goal in &cells {
            let (x, y) = (goal as usize % parsed.width, goal as usize / parsed.width);
            let g = grid(map, (0, 0), (x, y), moves);
            // Octile, Chebyshev and zero; Manhattan too without diagonals.
            let vouched = if moves == Moves::Four { 4 } else { 3 };
            assert_eq!(check_every_edge(&g, &cells), vouched, "{moves:?}");
        }
    }
    // The check sees a drop where there is one: Manhattan with diagonals, not vouched.
    let g = grid(map, (0, 0), (4, 3), Moves::Eight);
    assert!(!g.consistent(Heuristic::Manhattan));
    assert!(inconsistent_edge(&g, Heuristic::Manhattan, &cells).is_some());
}
