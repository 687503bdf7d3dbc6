//! IDA*, iterative deepening and backtracking on sliding puzzles: optimal costs against A* and
//! against the `pathfinding` crate, threshold events, and every algorithm on the seed puzzle.

use frontier::domains::sliding::{SlidingPuzzle, default_goal};
use frontier::engine::event::Outcome;
use frontier::engine::problem::{Problem, Successor};
use frontier::engine::search::Search;
use frontier::engine::session::Session;
use frontier::engine::settings::{Algorithm, Heuristic, Settings};
use frontier::scenario::{Scenario, SearchSpec};
use proptest::prelude::*;

fn settings(algorithm: Algorithm) -> Settings {
    Settings {
        algorithm,
        heuristic: Heuristic::Manhattan,
        tie_break: algorithm.default_tie_break(),
        max_states: 400_000,
        ..Settings::default()
    }
}

/// The cost found and the outcome, run to the end.
fn solve(
    start: &[u8],
    algorithm: Algorithm,
) -> (Option<Outcome>, Option<String>, Search<SlidingPuzzle<u64>>) {
    let puzzle = SlidingPuzzle::<u64>::new(3, 3, start.to_vec(), default_goal(3, 3));
    // Backtracking without a depth limit wanders tens of thousands of moves deep on a puzzle.
    let depth_limit = (algorithm == Algorithm::Backtracking).then_some(14);
    let mut s = Search::new(
        puzzle,
        Settings {
            depth_limit,
            ..settings(algorithm)
        },
    );
    s.run(u64::MAX);
    let cost = s
        .solution()
        .map(|route| s.core().notebook.node(*route.last().unwrap()).g.to_string());
    (s.outcome().cloned(), cost, s)
}

/// The shortest route by the `pathfinding` crate's breadth-first search, as an independent check.
fn shortest(start: &[u8]) -> usize {
    let puzzle = SlidingPuzzle::<u64>::new(3, 3, start.to_vec(), default_goal(3, 3));
    let route = pathfinding::prelude::bfs(
        &puzzle.start(),
        |b| {
            let mut out = Vec::new();
            puzzle.successors(b, &mut out);
            out.into_iter()
                .filter_map(|s| match s {
                    Successor::Child { state, .. } => Some(state),
                    Successor::Pruned { .. } => None,
                })
                .collect::<Vec<_>>()
        },
        |b| puzzle.is_goal(b),
    )
    .expect("solvable");
    route.len() - 1
}

/// A board `moves` random slides from the goal (each picks among the slides that do not undo
/// the previous one), so that most boards lie well away from the goal.
fn scrambled(moves: &[usize]) -> Vec<u8> {
    let mut tiles = default_goal(3, 3);
    let mut previous = None;
    for &m in moves {
        let blank = tiles.iter().position(|&t| t == 0).unwrap();
        let (r, c) = (blank / 3, blank % 3);
        let mut choices = Vec::new();
        if r > 0 {
            choices.push(blank - 3);
        }
        if c > 0 {
            choices.push(blank - 1);
        }
        if c < 2 {
            choices.push(blank + 1);
        }
        if r < 2 {
            choices.push(blank + 3);
        }
        choices.retain(|&slot| Some(slot) != previous);
        tiles.swap(blank, choices[m % choices.len()]);
        previous = Some(blank);
    }
    tiles
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn ida_star_finds_the_cost_a_star_finds(moves in proptest::collection::vec(0usize..3, 0..40)) {
        let start = scrambled(&moves);
        let (a_outcome, a_cost, _) = solve(&start, Algorithm::AStar);
        let (i_outcome, i_cost, ida) = solve(&start, Algorithm::IdaStar);
        prop_assert_eq!(&a_outcome, &i_outcome);
        prop_assert_eq!(&a_cost, &i_cost);
        if let Some(cost) = i_cost {
            prop_assert_eq!(cost.parse::<usize>().unwrap(), shortest(&start));
            // IDA*'s last threshold is the cost of the route it returns.
            let status = ida.strategy().status().unwrap();
            prop_assert!(status.ends_with(&format!("≤ {cost}")), "{}", status);
        } else {
            prop_assert!(matches!(a_outcome, Some(Outcome::Refused(_))), "only the goal itself is refused");
        }
    }
}

#[test]
fn ida_star_on_the_seed_costs_12() {
    let (outcome, cost, _) = solve(&[5, 4, 2, 7, 0, 3, 8, 1, 6], Algorithm::IdaStar);
    assert_eq!(outcome, Some(Outcome::GoalFound));
    assert_eq!(cost.as_deref(), Some("12"));
}

#[test]
fn each_new_threshold_is_an_event_with_the_old_and_new_bound() {
    // Manhattan says 10 here but the shortest route is 14 moves: IDA* needs more iterations.
    let start = [8, 1, 3, 4, 0, 2, 7, 6, 5];
    let puzzle = SlidingPuzzle::<u64>::new(3, 3, start.to_vec(), default_goal(3, 3));
    let h = puzzle
        .estimate(&puzzle.start(), Heuristic::Manhattan)
        .to_string();
    let best = shortest(&start);
    let mut s = Search::new(puzzle, settings(Algorithm::IdaStar));
    let mut notes = Vec::new();
    let mut checked_before = 0;
    while s.outcome().is_none() {
        let checked = s.counts().states_checked;
        let event = s.step().clone();
        if let Some(note) = event
            .note
            .map(|n| n.to_string())
            .filter(|n| n.contains("→"))
        {
            notes.push((note, checked - checked_before));
            checked_before = checked;
        }
    }
    assert!(
        !notes.is_empty(),
        "h {h} < {best}: at least one new threshold"
    );
    let mut bound = h;
    for (note, checked) in &notes {
        let expected = format!("threshold f {bound} → ");
        assert!(note.contains(&expected), "{note} (want {expected})");
        assert!(note.contains(&format!("checked {checked} state")), "{note}");
        bound = note
            .split("→ ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .to_string();
    }
    assert_eq!(bound, best.to_string());
}

#[test]
fn every_algorithm_runs_on_the_seed_puzzle() {
    let seed = [5, 4, 2, 7, 0, 3, 8, 1, 6];
    for algorithm in Algorithm::ALL {
        let (outcome, cost, _) = solve(&seed, algorithm);
        match algorithm {
            Algorithm::GenerateAndTest => {
                assert!(matches!(outcome, Some(Outcome::Refused(_))));
            }
            Algorithm::Greedy | Algorithm::WeightedAStar | Algorithm::Backtracking => {
                assert_eq!(outcome, Some(Outcome::GoalFound), "{algorithm}");
                let cost: usize = cost.unwrap().parse().unwrap();
                assert!(cost >= 12 && cost.is_multiple_of(2), "{algorithm}: {cost}");
            }
            _ => {
                assert_eq!(outcome, Some(Outcome::GoalFound), "{algorithm}");
                assert_eq!(cost.as_deref(), Some("12"), "{algorithm}");
            }
        }
    }
}

#[test]
fn the_backtracking_scenario_returns_a_longer_route_than_its_depth_limit_12_twin() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/backtracking_depth_limit.ron"
    ))
    .unwrap();
    let scenario = Scenario::parse(&text, "scenario", std::path::Path::new(".")).unwrap();
    let run = |over: &SearchSpec| {
        let mut s = scenario.session(over).unwrap();
        while s.view().outcome().is_none() {
            s.step();
        }
        let goal = *s.view().solution().unwrap().last().unwrap();
        (
            s.view().row(goal).g.to_string(),
            s.view().counts().states_checked,
        )
    };
    assert_eq!(run(&SearchSpec::default()), ("16".to_string(), 12_919));
    let limited = SearchSpec {
        depth_limit: Some(12),
        ..SearchSpec::default()
    };
    assert_eq!(run(&limited), ("12".to_string(), 2_636));
    let deepening = SearchSpec {
        algorithm: Some(Algorithm::Iddfs),
        ..SearchSpec::default()
    };
    assert_eq!(run(&deepening), ("12".to_string(), 7_276));
}

#[test]
fn a_depth_limit_too_small_exhausts_and_iddfs_stops_at_it() {
    let seed = [5, 4, 2, 7, 0, 3, 8, 1, 6];
    for algorithm in [Algorithm::Backtracking, Algorithm::Iddfs] {
        let puzzle = SlidingPuzzle::<u64>::new(3, 3, seed.to_vec(), default_goal(3, 3));
        let mut s = Search::new(
            puzzle,
            Settings {
                depth_limit: Some(10),
                ..settings(algorithm)
            },
        );
        s.run(u64::MAX);
        assert_eq!(s.outcome(), Some(&Outcome::Exhausted), "{algorithm}");
        let note = s.last_event().note.as_ref().unwrap().to_string();
        assert!(
            note.contains("stack is empty") || note.contains("depth limit 10"),
            "{note}"
        );
    }
}

#[test]
fn a_full_notebook_stops_backtracking() {
    let mut s = Search::new(
        SlidingPuzzle::<u64>::new(3, 3, vec![5, 4, 2, 7, 0, 3, 8, 1, 6], default_goal(3, 3)),
        Settings {
            max_states: 20,
            ..settings(Algorithm::Backtracking)
        },
    );
    s.run(u64::MAX);
    assert_eq!(s.outcome(), Some(&Outcome::LimitReached));
    assert!(s.core().notebook.len() <= 20);
    let session: &dyn Session = &s;
    assert!(
        session
            .view()
            .strategy_status()
            .unwrap()
            .starts_with("stack")
    );
}
