//! Time travel checked against searches never stepped back.

use frontier::engine::session::Session;
use frontier::engine::timeline::{KEYFRAME_BYTES_PER_STEP, KEYFRAME_FLOOR, Timeline};
use frontier::engine::view::SearchView;
use frontier::present::ShownSession;
use frontier::scenario::{Scenario, SearchSpec};
use proptest::prelude::*;
use std::path::Path;

/// A fresh session of a sliding puzzle (3×3 packs in a u64, 5×5 in a u128: two state types).
fn puzzle(width: usize, start: &[u8]) -> Box<dyn ShownSession> {
    let text = format!(
        "Scenario(problem: SlidingPuzzle(width: {width}, height: {width}, start: {start:?}), \
         search: (algorithm: AStar, max_states: 100000))"
    );
    Scenario::parse(&text, "test", Path::new("."))
        .unwrap()
        .session(&SearchSpec::default())
        .unwrap()
}

fn built_in() -> Box<dyn ShownSession> {
    puzzle(3, &[5, 4, 2, 7, 0, 3, 8, 1, 6])
}

#[test]
fn a_timeline_shows_its_search_as_the_search_would() {
    let mut plain = built_in();
    let mut t = Timeline::new(built_in());
    for _ in 0..5 {
        plain.step();
        t.step().unwrap();
    }
    let plain = plain.shown();
    assert!(plain.open_key(1).is_some());
    for id in 0..u32::try_from(plain.rows()).unwrap() {
        assert_eq!(t.view().open_key(id), plain.open_key(id));
    }
    assert_eq!(t.view().statuses(), plain.statuses());
    assert_eq!(t.view().places(), plain.places());
    assert_eq!(t.view().heuristics(), plain.heuristics());
}

#[test]
fn a_timeline_goes_back_and_replays_the_same_steps() {
    let mut plain = built_in();
    for _ in 0..7 {
        plain.step();
    }
    let mut t = Timeline::new(built_in());
    for _ in 0..9 {
        t.step().unwrap();
    }
    assert_eq!(t.go_to(4), Ok(4));
    assert_eq!(t.steps(), 4);
    assert_eq!(t.recorded_steps(), 9);
    for _ in 0..3 {
        t.step().unwrap();
    }
    let (t_view, plain) = (t.view(), plain.view());
    assert_eq!(t_view.counts(), plain.counts());
    assert_eq!(t_view.open_order(), plain.open_order());
    assert_eq!(t_view.last_event(), plain.last_event());
    assert_eq!(t.go_to(2), Ok(2));
    assert_eq!(t.view().rows(), {
        let mut s = built_in();
        s.step();
        s.step();
        s.view().rows()
    });
}

fn five() -> Box<dyn ShownSession> {
    // 26 random moves from the goal.
    puzzle(
        5,
        &[
            1, 3, 8, 4, 5, 7, 0, 2, 9, 10, 6, 23, 12, 14, 15, 11, 16, 13, 18, 20, 21, 17, 22, 19,
            24,
        ],
    )
}

/// Everything a face shows of a search, to compare two of them.
fn picture(s: &dyn SearchView) -> String {
    let rows: Vec<_> = (0..s.rows())
        .map(|id| s.row(u32::try_from(id).unwrap()))
        .collect();
    format!(
        "{} {:?} {:?} {:?} {:?} {:?} {:?}",
        s.steps(),
        s.counts(),
        s.outcome(),
        s.last_event(),
        s.open_order(),
        s.next_pick(),
        rows
    )
}

fn fresh_at(make: fn() -> Box<dyn ShownSession>, step: u64) -> String {
    let mut s = make();
    while s.view().steps() < step && s.view().outcome().is_none() {
        s.step();
    }
    picture(s.view())
}

#[test]
fn stepping_back_shows_the_search_as_it_was() {
    let mut t = Timeline::with_limits(built_in(), 4, usize::MAX);
    for _ in 0..10 {
        t.step().unwrap();
    }
    t.step_back().unwrap();
    assert_eq!(t.steps(), 9);
    assert_eq!(picture(t.view()), fresh_at(built_in, 9));
    assert_eq!(t.recorded_steps(), 10);
    t.go_to(0).unwrap();
    assert_eq!(picture(t.view()), fresh_at(built_in, 0));
    assert_eq!(t.go_to(100).unwrap(), 21, "the search ends at the goal");
    assert_eq!(picture(t.view()), fresh_at(built_in, 21));
}

#[test]
fn the_5x5_walk_is_long_enough_to_travel_in() {
    let mut s = five();
    while s.view().outcome().is_none() {
        s.step();
    }
    assert!(s.view().steps() >= 20, "only {} steps", s.view().steps());
}

#[test]
fn a_best_first_search_rewinds_in_place_to_the_search_it_was() {
    for make in [
        built_in as fn() -> Box<dyn ShownSession>,
        five,
        breadth_first,
    ] {
        let mut s = make();
        for _ in 0..15 {
            s.step();
        }
        assert!(!s.rewind(1), "step 1 stored the start: never undone");
        assert!(!s.rewind(15), "already there");
        assert!(s.rewind(7));
        assert_eq!(picture(s.view()), fresh_at(make, 7));
        assert!(s.rewind(2));
        assert_eq!(picture(s.view()), fresh_at(make, 2));
        while s.view().outcome().is_none() {
            s.step();
        }
        assert_eq!(picture(s.view()), fresh_at(make, u64::MAX));
        let end = s.view().steps();
        assert!(s.rewind(end - 1), "the goal's step is undone too");
        assert_eq!(picture(s.view()), fresh_at(make, end - 1));
    }
}

/// Breadth-first search on the built-in puzzle: its open rows are a cursor over row ids
/// (`StoringQueue`), which undo and keyframes must put back as they were.
fn breadth_first() -> Box<dyn ShownSession> {
    Scenario::parse(
        "Scenario(problem: SlidingPuzzle(width: 3, height: 3, start: [5, 4, 2, 7, 0, 3, 8, 1, 6]), \
         search: (algorithm: BreadthFirst, max_states: 100000))",
        "test",
        Path::new("."),
    )
    .unwrap()
    .session(&SearchSpec::default())
    .unwrap()
}

/// Weighted A* on the hardest 8-puzzle: it reopens closed states, which no undo can take
/// back.
fn reopening() -> Box<dyn ShownSession> {
    let (_, text) = frontier::scenario::LIBRARY
        .iter()
        .find(|(name, _)| name.starts_with("hardest"))
        .unwrap();
    Scenario::parse(text, "hardest", Path::new("scenarios"))
        .unwrap()
        .session(&SearchSpec {
            algorithm: Some(frontier::engine::settings::Algorithm::WeightedAStar),
            ..SearchSpec::default()
        })
        .unwrap()
}

#[test]
fn steps_that_reopen_are_not_undone_and_keyframes_take_over() {
    let mut s = reopening();
    let mut first_reopen = None;
    while s.view().outcome().is_none() {
        s.step();
        if first_reopen.is_none() && s.view().counts().reopened > 0 {
            first_reopen = Some(s.view().steps());
        }
    }
    let reopen = first_reopen.expect("weighted A* reopens here");
    assert!(!s.rewind(reopen - 1), "undoing a reopening is refused");
    assert_eq!(picture(s.view()), fresh_at(reopening, u64::MAX));
    let mut t = Timeline::with_limits(reopening(), 16, usize::MAX);
    let end = t.go_to(u64::MAX).unwrap();
    for target in [end - 1, reopen + 1, reopen, reopen - 1, 2, end] {
        t.go_to(target).unwrap();
        assert_eq!(picture(t.view()), fresh_at(reopening, target), "{target}");
    }
}

#[test]
fn a_tight_budget_thins_keyframes_and_doubles_the_interval() {
    let mut t = Timeline::with_limits(built_in(), 1, 1);
    t.go_to(21).unwrap();
    let (count, _) = t.keyframes();
    assert!(count <= 2, "{count} keyframes kept over a 1-byte budget");
    assert!(t.interval() > 1);
    t.go_to(3).unwrap();
    assert_eq!(picture(t.view()), fresh_at(built_in, 3));
}

#[test]
fn only_searches_with_more_steps_than_rows_are_thinned_for_their_steps() {
    for (make, thinned) in [
        (five as fn() -> Box<dyn ShownSession>, false),
        (queens, true),
    ] {
        let mut t = Timeline::with_limits(make(), 1, usize::MAX);
        let steps = t.go_to(400).unwrap();
        let (count, bytes) = t.keyframes();
        let steps = usize::try_from(steps).unwrap();
        assert_eq!(
            t.view().rows() < steps,
            thinned,
            "the cases are what they say"
        );
        if thinned {
            assert!(t.interval() > 1, "{count} keyframes, {bytes} bytes");
        } else {
            assert!(
                bytes > KEYFRAME_FLOOR + KEYFRAME_BYTES_PER_STEP * steps,
                "over the per-step allowance: {bytes} bytes"
            );
            assert_eq!(t.interval(), 1, "best-first keyframes kept");
        }
    }
}

#[derive(Clone, Debug)]
enum Move {
    Forward(u64),
    Back(u64),
    GoTo(u64),
}

fn moves(horizon: u64) -> impl Strategy<Value = Vec<Move>> {
    prop::collection::vec(
        prop_oneof![
            (1..8u64).prop_map(Move::Forward),
            (1..8u64).prop_map(Move::Back),
            (0..horizon).prop_map(Move::GoTo),
        ],
        1..12,
    )
}

fn check_moves(make: fn() -> Box<dyn ShownSession>, moves: &[Move], interval: u64, budget: usize) {
    let mut t = Timeline::with_limits(make(), interval, budget);
    for m in moves {
        match *m {
            Move::Forward(k) => {
                for _ in 0..k {
                    t.step().unwrap();
                }
            }
            Move::Back(k) => {
                for _ in 0..k {
                    t.step_back().unwrap();
                }
            }
            Move::GoTo(n) => {
                t.go_to(n).unwrap();
            }
        }
        assert_eq!(picture(t.view()), fresh_at(make, t.steps()), "after {m:?}");
    }
}

/// A search to walk through time: how it is made, the length of a walk (steps reached), and
/// the largest keyframe interval and memory budget to try.
type Walked = (fn() -> Box<dyn ShownSession>, u64, u64, usize);

/// The 3×3 and 5×5 puzzles under A*, breadth-first search, and a search that reopens states.
const WALKED: [Walked; 4] = [
    (built_in, 40, 6, 20_000),
    (five, 40, 6, 20_000),
    (breadth_first, 300, 16, 200_000),
    (reopening, 450, 64, 2_000_000),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn any_walk_through_time_matches_a_search_never_stepped_back(
        (make, walk, interval, budget) in proptest::sample::select(&WALKED[..]).prop_flat_map(
            |(make, horizon, interval, budget)| {
                (Just(make), moves(horizon), 1..interval, 0..budget)
            }
        ),
    ) {
        check_moves(make, &walk, interval, budget);
    }
}

fn queens() -> Box<dyn ShownSession> {
    Scenario::parse(
        "Scenario(problem: NQueens(size: 6), search: (algorithm: Backtracking, all_solutions: true))",
        "test",
        Path::new("."),
    )
    .unwrap()
    .session(&SearchSpec::default())
    .unwrap()
}

#[test]
fn keyframes_leave_the_index_to_the_search_they_are_restored_into() {
    let mut plain = five();
    for _ in 0..30 {
        plain.step();
    }
    let (full, kept) = (plain.snapshot(), plain.keyframe());
    assert!(
        kept.snapshot_bytes() < full.snapshot_bytes(),
        "a keyframe holds no hash index"
    );
    for (make, end) in [(five as fn() -> Box<dyn ShownSession>, 30), (queens, 120)] {
        let mut t = Timeline::with_limits(make(), 8, usize::MAX);
        t.go_to(end).unwrap();
        for target in [3, end - 1, 9, end / 2 + 1, end, 0, end - 5, 1] {
            t.go_to(target).unwrap();
            assert_eq!(picture(t.view()), fresh_at(make, target), "at {target}");
        }
    }
}

#[test]
fn the_record_is_held_once_at_the_last_step_and_kept_while_back() {
    let mut t = Timeline::with_limits(built_in(), 4, usize::MAX);
    for _ in 0..10 {
        t.step().unwrap();
    }
    assert!(
        std::ptr::eq(t.record(), t.view().step_record()),
        "at the last step the search's own record is the timeline's"
    );
    t.go_to(3).unwrap();
    assert_eq!((t.recorded_steps(), t.view().step_record().len()), (10, 3));
    t.go_to(10).unwrap();
    assert!(std::ptr::eq(t.record(), t.view().step_record()));
    t.step_back().unwrap();
    t.step().unwrap();
    t.step().unwrap();
    assert_eq!(t.recorded_steps(), 11);
    assert!(std::ptr::eq(t.record(), t.view().step_record()));
}

/// A best-first keyframe shares the open list's queues: what keyframes hold on their own
/// grows far less than the open list (four bytes per open row), which they would hold whole if
/// they copied the queues. (Growth, not size: the last chunks of rows and record a keyframe
/// copies weigh up to 100 KB either way.)
#[test]
fn keyframes_hold_little_of_a_growing_open_list() {
    use frontier::domains::sliding::{SlidingPuzzle, default_goal};
    use frontier::engine::search::Search;
    use frontier::engine::settings::{Algorithm, Settings};
    let start = vec![0, 2, 4, 14, 11, 1, 7, 6, 3, 8, 15, 13, 10, 5, 9, 12];
    let problem: SlidingPuzzle<u64> = SlidingPuzzle::new(4, 4, start, default_goal(4, 4));
    let mut search = Search::new(
        problem,
        Settings {
            algorithm: Algorithm::Dijkstra,
            tie_break: Algorithm::Dijkstra.default_tie_break(),
            max_states: 1_000_000,
            ..Settings::default()
        },
    );
    let mut at = |steps: u64| {
        assert_eq!(search.run(steps), None, "still searching");
        let kept = Session::keyframe(&mut search).snapshot_bytes();
        (search.strategy().bytes(), kept)
    };
    let (open_before, kept_before) = at(20_000);
    let (open_after, kept_after) = at(120_000);
    let open = open_after - open_before;
    assert!(open > 300_000, "the open list grew by {open} bytes");
    assert!(
        kept_after.saturating_sub(kept_before) < open / 2,
        "a keyframe holds {kept_before} bytes alone, later {kept_after}; the open list grew by \
         {open}"
    );
}
