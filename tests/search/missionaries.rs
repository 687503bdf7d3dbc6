//! Missionaries and cannibals end to end: every algorithm on the library's lesson and on other
//! instances, each route checked move by move with rules this file writes itself, and the
//! optimal number of crossings found by this file's own breadth-first search; the command line
//! and the app on the lesson.

use crate::common;

use frontier::domains::missionaries::{MissionariesView, Side};
use frontier::engine::event::Outcome;
use frontier::engine::settings::{Algorithm, Heuristic};
use frontier::present::ShownSession;
use frontier::scenario::{Scenario, SearchSpec};
use std::collections::HashSet;
use std::path::Path;

/// An instance: missionaries, cannibals, the boat's capacity.
type Instance = (u32, u32, u32);

/// A state as this file sees it: missionaries and cannibals on the start bank, and whether the
/// boat is there.
type State = (u32, u32, bool);

/// Whether no bank of `(m, c)` on the start bank (out of `everyone`) has its missionaries
/// outnumbered.
fn safe((total_m, total_c, _): Instance, (m, c, _): State) -> bool {
    let fine = |m: u32, c: u32| m == 0 || c <= m;
    fine(m, c) && fine(total_m - m, total_c - c)
}

/// The states one crossing leads to from `state`, every load the boat can take.
fn crossings(instance: Instance, state: State) -> Vec<State> {
    let (total_m, total_c, boat) = instance;
    let (m, c, here) = state;
    let (bank_m, bank_c) = if here {
        (m, c)
    } else {
        (total_m - m, total_c - c)
    };
    let mut out = Vec::new();
    for take_m in 0..=bank_m.min(boat) {
        for take_c in 0..=bank_c.min(boat - take_m) {
            if take_m + take_c == 0 {
                continue;
            }
            let next = if here {
                (m - take_m, c - take_c, false)
            } else {
                (m + take_m, c + take_c, true)
            };
            if safe(instance, next) {
                out.push(next);
            }
        }
    }
    out
}

/// The fewest crossings that bring everyone over, by a breadth-first search of this file's
/// own, layer by layer (`None`: there is no way).
fn fewest_crossings(instance: Instance) -> Option<u32> {
    let mut seen = HashSet::from([(instance.0, instance.1, true)]);
    let mut layer = seen.clone();
    for crossed in 0.. {
        if layer.contains(&(0, 0, false)) {
            return Some(crossed);
        }
        layer = layer
            .iter()
            .flat_map(|&state| crossings(instance, state))
            .filter(|next| seen.insert(*next))
            .collect();
        if layer.is_empty() {
            return None;
        }
    }
    unreachable!("the loop returns")
}

fn scenario((m, c, boat): Instance) -> Scenario {
    let text =
        format!("Scenario(problem: Missionaries(missionaries: {m}, cannibals: {c}, boat: {boat}))");
    Scenario::parse(&text, "inline", Path::new(".")).unwrap()
}

fn run(
    scenario: &Scenario,
    algorithm: Algorithm,
    heuristic: Option<Heuristic>,
) -> Box<dyn ShownSession> {
    let mut session = scenario
        .session(&SearchSpec {
            algorithm: Some(algorithm),
            heuristic,
            max_states: Some(100_000),
            ..SearchSpec::default()
        })
        .unwrap();
    while session.view().outcome().is_none() {
        session.step();
    }
    session
}

/// The states along the accepted route, read off the boards the app would draw, after checking
/// that each is one legal crossing from the one before.
fn checked_route(instance: Instance, session: &dyn ShownSession) -> Vec<State> {
    let shown = session.shown();
    let route = shown.solution().expect("a route");
    let states: Vec<State> = route
        .iter()
        .map(|&id| {
            let board = shown.board(id);
            let view = board.get::<MissionariesView>().expect("a river board");
            assert_eq!(
                (view.start.0 + view.far.0, view.start.1 + view.far.1),
                (
                    u8::try_from(instance.0).unwrap(),
                    u8::try_from(instance.1).unwrap()
                ),
                "nobody is lost or added"
            );
            let here = view.boat == Side::Start;
            (u32::from(view.start.0), u32::from(view.start.1), here)
        })
        .collect();
    assert_eq!(states[0], (instance.0, instance.1, true), "from the start");
    assert_eq!(states.last(), Some(&(0, 0, false)), "everyone over");
    for pair in states.windows(2) {
        assert!(
            crossings(instance, pair[0]).contains(&pair[1]),
            "{:?} to {:?} is not one safe crossing",
            pair[0],
            pair[1]
        );
    }
    states
}

/// The algorithms sure to find a route of the fewest crossings here (every crossing costs 1).
const OPTIMAL: [Algorithm; 5] = [
    Algorithm::AStar,
    Algorithm::Dijkstra,
    Algorithm::BreadthFirst,
    Algorithm::IdaStar,
    Algorithm::Iddfs,
];

/// The others, sure only to find a route.
const ANY_ROUTE: [Algorithm; 3] = [
    Algorithm::Greedy,
    Algorithm::WeightedAStar,
    Algorithm::Backtracking,
];

#[test]
fn every_algorithm_gets_everyone_across_the_lesson_in_the_fewest_crossings_it_promises() {
    let lesson = common::built_in("missionaries_cannibals.ron");
    let fewest = fewest_crossings((3, 3, 2)).unwrap();
    assert_eq!(fewest, 11, "the textbook's answer");
    for algorithm in OPTIMAL.into_iter().chain(ANY_ROUTE) {
        for heuristic in [Heuristic::BoatTrips, Heuristic::Zero] {
            let session = run(&lesson, algorithm, Some(heuristic));
            let what = format!("{algorithm} with {heuristic}");
            assert_eq!(
                session.view().outcome(),
                Some(&Outcome::GoalFound),
                "{what}"
            );
            let crossings = checked_route((3, 3, 2), session.as_ref()).len() - 1;
            let cost = session
                .view()
                .row(*session.view().solution().unwrap().last().unwrap())
                .g;
            assert_eq!(
                cost.to_string(),
                crossings.to_string(),
                "{what}: a crossing costs 1"
            );
            if OPTIMAL.contains(&algorithm) {
                assert_eq!(crossings, fewest as usize, "{what}");
            } else {
                assert!(crossings >= fewest as usize, "{what}");
            }
        }
    }
}

#[test]
fn other_crowds_and_boats_match_an_independent_search() {
    for instance in [
        (2, 2, 2),
        (3, 3, 3),
        (4, 4, 3),
        (5, 5, 3),
        (4, 2, 2),
        (5, 5, 4),
        (4, 4, 2),
    ] {
        let s = scenario(instance);
        let fewest = fewest_crossings(instance);
        for algorithm in [Algorithm::AStar, Algorithm::BreadthFirst, Algorithm::Iddfs] {
            let session = run(&s, algorithm, None);
            let outcome = session.view().outcome().cloned();
            match fewest {
                Some(n) => {
                    assert_eq!(
                        outcome,
                        Some(Outcome::GoalFound),
                        "{instance:?} {algorithm}"
                    );
                    let states = checked_route(instance, session.as_ref());
                    assert_eq!(states.len() - 1, n as usize, "{instance:?} {algorithm}");
                }
                None => assert_eq!(
                    outcome,
                    Some(Outcome::Exhausted),
                    "{instance:?} {algorithm}"
                ),
            }
        }
    }
    assert_eq!(
        fewest_crossings((4, 4, 2)),
        None,
        "four of each need a bigger boat"
    );
}

#[test]
fn generate_and_test_is_refused_with_its_reason() {
    let session = run(
        &common::built_in("missionaries_cannibals.ron"),
        Algorithm::GenerateAndTest,
        None,
    );
    let Some(Outcome::Refused(why)) = session.view().outcome() else {
        panic!("not refused: {:?}", session.view().outcome())
    };
    assert!(why.contains("only applies to N-queens"), "{why}");
}

#[test]
fn the_command_line_runs_the_lesson_and_says_each_crossing() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = common::cli::frontier(
        here,
        &["run", "scenarios/missionaries_cannibals.ron", "--json"],
    );
    assert!(out.status.success());
    let json = common::cli::json(&out);
    assert_eq!(json["outcome"], "goal_found");
    assert_eq!(json["cost"], 11);
    assert_eq!(json["states_checked"], 14);
    let moves: Vec<&str> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(moves.len(), 11);
    assert_eq!(moves[0], "2 cannibals cross →");
    assert!(moves.iter().all(|m| m.ends_with(" →") || m.ends_with(" ←")));
    let out = common::cli::frontier(
        here,
        &[
            "run",
            "scenarios/missionaries_cannibals.ron",
            "--algorithm",
            "ida-star",
            "--heuristic",
            "boat-trips",
            "--verbose",
            "--max-steps",
            "1",
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let trace = common::temp_dir("missionaries").join("lesson.trace");
    let trace = trace.to_str().unwrap();
    let lesson = "scenarios/missionaries_cannibals.ron";
    assert!(
        common::cli::frontier(here, &["run", lesson, "--trace", trace])
            .status
            .success()
    );
    let replay = common::cli::frontier(here, &["replay", trace, "--verify"]);
    let said = String::from_utf8_lossy(&replay.stdout);
    assert!(said.contains("verified: every step"), "{said}");
    assert!(
        text.contains(
            "1 missionary crosses →: unsafe: 3 cannibals would outnumber 2 missionaries on the \
             start bank"
        ),
        "{text}"
    );
}

#[test]
fn the_app_draws_the_river_from_the_start_to_everyone_across() {
    let mut h = common::harness_on(common::built_in("missionaries_cannibals.ron"));
    h.run();
    assert!(common::log_has(
        &h,
        "Start bank: 3 missionaries, 3 cannibals, the boat here"
    ));
    common::run_to_end(&mut h);
    assert_eq!(h.state().view().outcome(), Some(&Outcome::GoalFound));
    assert!(common::log_has(
        &h,
        "Far bank: 3 missionaries, 3 cannibals, the boat here"
    ));
}
