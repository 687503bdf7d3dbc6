//! A search's steps, runs and record agree with each other on real domains: a run ends as
//! stepping does, a rewound search runs on as a fresh one, and every step reads back from the
//! record.

use frontier::domains::sliding::{SlidingPuzzle, default_goal};
use frontier::engine::event::{Fate, SuccessorEvent};
use frontier::engine::problem::{Problem, Refusal, Successor};
use frontier::engine::search::Search;
use frontier::engine::settings::{Algorithm, Heuristic, Settings};

/// The seed's 8-puzzle (542703816) under `algorithm` with Manhattan distance.
fn seed(algorithm: Algorithm, max_states: usize) -> Search<SlidingPuzzle<u64>> {
    let puzzle = SlidingPuzzle::new(3, 3, vec![5, 4, 2, 7, 0, 3, 8, 1, 6], default_goal(3, 3));
    let settings = Settings {
        algorithm,
        heuristic: Heuristic::Manhattan,
        max_states,
        ..Settings::default()
    };
    Search::new(puzzle, settings)
}

/// Every successor that has a row names the row holding its state, however the step found
/// it: stored new, looked up, or recognised as the way back to the pick's parent.
#[test]
fn a_successors_row_holds_its_state() {
    for algorithm in [
        Algorithm::AStar,
        Algorithm::BreadthFirst,
        Algorithm::Greedy,
        Algorithm::Dijkstra,
    ] {
        let mut search = seed(algorithm, Settings::default().max_states);
        let mut already_stored = 0;
        while search.outcome().is_none() && search.steps() < 300 {
            let event = search.step().clone();
            let Some(pick) = &event.pick else { continue };
            let core = search.core();
            let mut generated = Vec::new();
            core.problem
                .successors(core.notebook.node(pick.id).state, &mut generated);
            for s in &event.successors {
                let (Some(id), Successor::Child { state, .. }) =
                    (s.id, &generated[s.index as usize])
                else {
                    continue;
                };
                assert_eq!(
                    core.notebook.node(id).state,
                    state,
                    "{algorithm:?} step {}: successor {} names row {id}",
                    event.step,
                    s.index
                );
                already_stored += usize::from(s.fate != Fate::StoredNew);
            }
        }
        assert!(already_stored > 0, "{algorithm:?} met stored states again");
    }
}

/// A run lists only its last step's successors, rebuilt from the record, and takes each
/// step with the loop compiled without extras where it checks no edge: its last event, its
/// record and the edges it found inconsistent must be what stepping one step at a time
/// gives, wherever it stops. Returns how many successors the last events compared held.
fn assert_run_ends_as_stepping<P>(make: impl Fn() -> Search<P>, what: &str) -> usize
where
    P: Problem + Clone + Send + 'static,
    P::State: Send,
{
    let mut compared_successors = 0;
    for stop in [1, 2, 7, 30, u64::MAX] {
        let mut stepped = make();
        while stepped.outcome().is_none() && stepped.steps() < stop {
            stepped.step();
        }
        let mut ran = make();
        ran.run(stop);
        let what = format!("{what} stopped at {stop}");
        assert_eq!(ran.steps(), stepped.steps(), "{what}");
        assert_eq!(ran.last_event(), stepped.last_event(), "{what}");
        assert_eq!(ran.step_record(), stepped.step_record(), "{what}");
        assert_eq!(
            ran.core().heuristic_check.drops(),
            stepped.core().heuristic_check.drops(),
            "{what}"
        );
        compared_successors += stepped.last_event().successors.len();
    }
    compared_successors
}

#[test]
fn a_run_ends_on_the_event_stepping_gives() {
    use frontier::domains::grid::{Cell, Grid, GridMap, Moves};
    let (mut compared_successors, mut rerouted_on_grids, mut drops_on_grids) = (0, 0, 0);
    for (algorithm, max_states) in [
        (Algorithm::AStar, 1000),
        (Algorithm::Greedy, 1000),
        (Algorithm::WeightedAStar, 1000),
        (Algorithm::BreadthFirst, 40),
        (Algorithm::Backtracking, 1000),
        (Algorithm::IdaStar, 1000),
    ] {
        compared_successors +=
            assert_run_ends_as_stepping(|| seed(algorithm, max_states), &format!("{algorithm:?}"));
    }
    // Grids reroute stored rows, and Manhattan distance with diagonal moves is checked
    // edge by edge (its drops are found).
    let map =
        GridMap::parse("..........\n....#.....\n....#.....\n..###.....\n..........\n..........")
            .map_err(Refusal::from);
    for (algorithm, heuristic) in [
        (Algorithm::AStar, Heuristic::Octile),
        (Algorithm::Dijkstra, Heuristic::Octile),
        (Algorithm::AStar, Heuristic::Manhattan),
    ] {
        let make = || {
            let grid = Grid::new(
                map.clone(),
                Cell { x: 0, y: 2 },
                Cell { x: 7, y: 2 },
                Moves::Eight,
            );
            let settings = Settings {
                algorithm,
                heuristic,
                allow_inadmissible: true,
                ..Settings::default()
            };
            Search::new(grid, settings)
        };
        let what = format!("{algorithm:?} with {heuristic:?} on a grid");
        compared_successors += assert_run_ends_as_stepping(make, &what);
        let mut ran = make();
        ran.run(u64::MAX);
        let record = ran.step_record();
        let rerouted = (0..record.len())
            .flat_map(|i| record.successors(i))
            .filter(|s| matches!(s.fate, Fate::Improved | Fate::Reopened))
            .count();
        rerouted_on_grids += rerouted;
        drops_on_grids += ran.core().heuristic_check.drops().len();
    }
    assert!(
        rerouted_on_grids > 0 && drops_on_grids > 0,
        "rows were rerouted ({rerouted_on_grids}) and edges found inconsistent ({drops_on_grids})"
    );
    assert!(
        compared_successors > 0,
        "some run stopped on a step with successors"
    );
}

/// A search taken back in place ([`Search::rewind`]) files its later rows ahead, and a run
/// from there looks each state up among them: it must end as a fresh run does.
#[test]
fn a_rewound_search_runs_on_as_a_fresh_one() {
    for algorithm in [Algorithm::AStar, Algorithm::BreadthFirst] {
        let mut fresh = seed(algorithm, 100_000);
        fresh.run(u64::MAX);
        let mut rewound = seed(algorithm, 100_000);
        rewound.run(40);
        assert!(rewound.rewind(5), "{algorithm:?} undoes its steps");
        assert!(rewound.core().notebook.replaying(), "{algorithm:?}");
        rewound.run(u64::MAX);
        assert_eq!(rewound.steps(), fresh.steps(), "{algorithm:?}");
        assert_eq!(rewound.last_event(), fresh.last_event(), "{algorithm:?}");
        assert_eq!(rewound.step_record(), fresh.step_record(), "{algorithm:?}");
    }
}

/// Every step's successors read back from the record, kept rows found again by their
/// states, are the ones stepping gave, at every step (not only the last): on the seed's
/// puzzle (kept rows are the way back and states met twice) and on a grid with a wall
/// (neighbours stored a few rows apart).
fn assert_record_reads_back<P>(mut search: Search<P>, what: &str) -> usize
where
    P: Problem + Clone + Send + 'static,
    P::State: Send,
{
    let mut events = Vec::new();
    while search.outcome().is_none() && search.steps() < 2000 {
        events.push(search.step().successors.clone());
    }
    let mut kept = 0;
    for (i, stepped) in events.iter().enumerate() {
        let mut by_state = None;
        let read: Vec<SuccessorEvent> = (0u32..)
            .zip(search.step_record().successors(i))
            .map(|(index, s)| {
                kept += usize::from(s.found);
                s.event(index, &mut by_state, || {
                    let pick = search.step_record().pick(i);
                    search.successor_rows(pick.expect("a step with successors picked"))
                })
            })
            .collect();
        assert_eq!(&read, stepped, "{what}, step {}", i + 1);
    }
    kept
}

#[test]
fn every_steps_successors_read_back_from_the_record() {
    use frontier::domains::grid::{Cell, Grid, GridMap, Moves};
    let mut kept = 0;
    for algorithm in [
        Algorithm::AStar,
        Algorithm::BreadthFirst,
        Algorithm::Dijkstra,
    ] {
        kept += assert_record_reads_back(seed(algorithm, 100_000), &format!("{algorithm:?}"));
        let map = GridMap::parse("......\n.####.\n......\n......").map_err(Refusal::from);
        let grid = Grid::new(map, Cell { x: 0, y: 1 }, Cell { x: 5, y: 1 }, Moves::Eight);
        let settings = Settings {
            algorithm,
            heuristic: Heuristic::Octile,
            ..Settings::default()
        };
        kept += assert_record_reads_back(
            Search::new(grid, settings),
            &format!("{algorithm:?} on a grid"),
        );
    }
    assert!(kept > 100, "kept rows were found again ({kept})");
}
