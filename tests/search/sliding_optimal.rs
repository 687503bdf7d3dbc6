//! Optimality on sliding puzzles, cross-checked between algorithms, against the `pathfinding`
//! crate and against known optimal lengths; every returned route is replayed independently.

use frontier::engine::event::Outcome;
use frontier::engine::settings::{Algorithm, Heuristic};
use frontier::scenario::{ProblemSpec, Scenario, SearchSpec};
use proptest::prelude::*;
use std::path::Path;

fn scenario(width: usize, start: Vec<u8>) -> Scenario {
    Scenario {
        title: String::new(),
        notes: String::new(),
        watch: Vec::new(),
        problem: ProblemSpec::SlidingPuzzle {
            width,
            height: width,
            start,
            goal: Vec::new(),
        },
        search: SearchSpec::default(),
        base_dir: ".".into(),
    }
}

/// Runs one search to the end; returns its cost and its move labels.
fn solve(s: &Scenario, algorithm: Algorithm, heuristic: Heuristic) -> (f64, Vec<String>) {
    let mut session = s
        .session(&SearchSpec {
            algorithm: Some(algorithm),
            heuristic: Some(heuristic),
            max_states: Some(2_000_000),
            ..SearchSpec::default()
        })
        .unwrap();
    while session.view().outcome().is_none() {
        session.step();
    }
    assert_eq!(
        session.view().outcome(),
        Some(&Outcome::GoalFound),
        "{algorithm} {heuristic}"
    );
    let route = session.view().solution().unwrap();
    let cost = session.view().row(*route.last().unwrap()).g.as_f64();
    let labels = route
        .windows(2)
        .map(|w| session.shown().move_label(w[0], w[1]))
        .collect();
    (cost, labels)
}

/// Applies "tile T up/down/left/right" to a board, checking each move is legal; independent of
/// the engine's move generation.
fn replay(width: usize, mut board: Vec<u8>, labels: &[String]) -> Vec<u8> {
    for label in labels {
        let words: Vec<&str> = label.split(' ').collect();
        let tile: u8 = words[1].parse().unwrap();
        let at = board.iter().position(|&t| t == tile).unwrap();
        let (r, c) = ((at / width) as isize, (at % width) as isize);
        let (dr, dc) = match words[2] {
            "up" => (-1, 0),
            "down" => (1, 0),
            "left" => (0, -1),
            "right" => (0, 1),
            other => panic!("unknown direction {other}"),
        };
        let to = ((r + dr) * width as isize + c + dc) as usize;
        assert_eq!(board[to], 0, "{label} does not slide into the blank");
        board.swap(at, to);
    }
    board
}

fn goal(width: usize) -> Vec<u8> {
    let n = width * width;
    (1..n as u8).chain([0]).collect()
}

/// The optimal length by the `pathfinding` crate's breadth-first search.
fn pathfinding_length(width: usize, start: &[u8]) -> usize {
    let target = goal(width);
    let path = pathfinding::directed::bfs::bfs(
        &start.to_vec(),
        |b: &Vec<u8>| {
            let blank = b.iter().position(|&t| t == 0).unwrap();
            let (r, c) = (blank / width, blank % width);
            let mut next = Vec::new();
            for (ok, slot) in [
                (r > 0, blank.wrapping_sub(width)),
                (c > 0, blank.wrapping_sub(1)),
                (c + 1 < width, blank + 1),
                (r + 1 < width, blank + width),
            ] {
                if ok {
                    let mut n = b.clone();
                    n.swap(blank, slot);
                    next.push(n);
                }
            }
            next
        },
        |b| *b == target,
    )
    .unwrap();
    path.len() - 1
}

fn random_walk(width: usize, choices: &[u8]) -> Vec<u8> {
    let mut board = goal(width);
    let mut blank = board.len() - 1;
    for &choice in choices {
        // Up, left, right, down: worked out by row and column offsets, apart from the domain's
        // own rule so that the two can disagree.
        let side = width as i64;
        let (r, c) = (blank as i64 / side, blank as i64 % side);
        let options: Vec<usize> = [(-1, 0), (0, -1), (0, 1), (1, 0)]
            .iter()
            .map(|&(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| (0..side).contains(&r) && (0..side).contains(&c))
            .map(|(r, c)| usize::try_from(r * side + c).unwrap())
            .collect();
        let next = options[usize::from(choice) % options.len()];
        board.swap(blank, next);
        blank = next;
    }
    board
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn every_optimal_algorithm_agrees_and_its_moves_reach_the_goal(
        choices in proptest::collection::vec(any::<u8>(), 1..40)
    ) {
        let start = random_walk(3, &choices);
        prop_assume!(start != goal(3));
        let s = scenario(3, start.clone());
        let expected = pathfinding_length(3, &start) as f64;
        for (algorithm, heuristic) in [
            (Algorithm::AStar, Heuristic::Manhattan),
            (Algorithm::AStar, Heuristic::LinearConflict),
            (Algorithm::AStar, Heuristic::Misplaced),
            (Algorithm::AStar, Heuristic::Zero),
            (Algorithm::Dijkstra, Heuristic::Manhattan),
            (Algorithm::BreadthFirst, Heuristic::Manhattan),
        ] {
            let (cost, labels) = solve(&s, algorithm, heuristic);
            prop_assert_eq!(cost, expected, "{} with {}", algorithm, heuristic);
            prop_assert_eq!(labels.len() as f64, cost);
            prop_assert_eq!(replay(3, start.clone(), &labels), goal(3));
        }
    }
}

/// Known optimal lengths from published 8-puzzle test sets (`scenarios/DATA.md`), each
/// verified by a full breadth-first search.
fn known_eight_puzzles() -> Vec<(String, Vec<u8>, f64)> {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/eight_puzzle_known.txt"),
    )
    .expect("scenarios/eight_puzzle_known.txt is in the checkout");
    text.lines()
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let tiles = fields[1..10].iter().map(|t| t.parse().unwrap()).collect();
            (fields[0].to_string(), tiles, fields[10].parse().unwrap())
        })
        .filter(|(name, _, _)| name != "goal")
        .collect()
}

#[test]
fn the_31_move_puzzles_are_solved_in_31_moves() {
    let known = known_eight_puzzles();
    let hardest: Vec<_> = known.iter().filter(|(_, _, len)| *len == 31.0).collect();
    assert_eq!(hardest.len(), 2, "the known list has both 31-move boards");
    for (name, tiles, length) in hardest {
        let (cost, labels) = solve(
            &scenario(3, tiles.clone()),
            Algorithm::AStar,
            Heuristic::Manhattan,
        );
        assert_eq!(cost, *length, "{name}");
        assert_eq!(replay(3, tiles.clone(), &labels), goal(3), "{name}");
    }
}

#[test]
fn every_known_eight_puzzle_gets_its_optimal_length() {
    for (name, tiles, length) in known_eight_puzzles() {
        let (cost, _) = solve(
            &scenario(3, tiles),
            Algorithm::AStar,
            Heuristic::LinearConflict,
        );
        assert_eq!(cost, length, "{name}");
    }
}

#[test]
fn a_fifteen_puzzle_of_44_moves_is_solved_optimally() {
    let s = Scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/fifteen_44_moves.ron"),
    )
    .unwrap();
    let ProblemSpec::SlidingPuzzle { start, .. } = s.problem.clone() else {
        panic!("the 15-puzzle scenario is a sliding puzzle");
    };
    // The `pathfinding` crate's IDA* with its own Manhattan distance is the oracle.
    let target = goal(4);
    let manhattan = |b: &Vec<u8>| -> usize {
        b.iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(i, &t)| {
                let home = usize::from(t) - 1;
                (i / 4).abs_diff(home / 4) + (i % 4).abs_diff(home % 4)
            })
            .sum()
    };
    let (_, oracle) = pathfinding::directed::idastar::idastar(
        &start,
        |b: &Vec<u8>| {
            let blank = b.iter().position(|&t| t == 0).unwrap();
            let (r, c) = (blank / 4, blank % 4);
            let mut next = Vec::new();
            for (ok, slot) in [
                (r > 0, blank.wrapping_sub(4)),
                (c > 0, blank.wrapping_sub(1)),
                (c < 3, blank + 1),
                (r < 3, blank + 4),
            ] {
                if ok {
                    let mut n = b.clone();
                    n.swap(blank, slot);
                    next.push((n, 1usize));
                }
            }
            next
        },
        manhattan,
        |b| *b == target,
    )
    .unwrap();
    assert!(oracle >= 30);
    let (cost, labels) = solve(&s, Algorithm::AStar, Heuristic::LinearConflict);
    assert_eq!(cost, oracle as f64);
    assert_eq!(replay(4, start, &labels), goal(4));
}
