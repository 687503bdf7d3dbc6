//! The tables' order checked against a fresh sort of every row, and the sort cycle.

use super::{SortedIds, sorted_ids};
use crate::app::panels::testing::built_in_after;
use crate::app::sort::{Sort, SortColumn, sort_key};
use crate::engine::event::Fate;
use crate::engine::notebook::{NodeId, Status};
use crate::engine::settings::Algorithm;
use crate::engine::timeline::Timeline;
use crate::engine::view::SearchView;
use crate::scenario::{LIBRARY, Scenario, SearchSpec};

/// Each id's place in the session's own open order (the fresh, slow way).
fn pick_places(session: &dyn SearchView) -> Vec<usize> {
    let mut places = vec![usize::MAX; session.rows()];
    for (place, id) in session.open_order().into_iter().enumerate() {
        places[id as usize] = place;
    }
    places
}

#[test]
fn column_sorts_order_by_value_then_by_pick_order() {
    let session = built_in_after(6);
    let places = pick_places(session.view());
    for column in [
        SortColumn::G,
        SortColumn::H,
        SortColumn::Depth,
        SortColumn::Parent,
    ] {
        for descending in [false, true] {
            let ids = sorted_ids(session.view(), Status::Open, Sort { column, descending });
            let keys: Vec<(i64, usize)> = ids
                .iter()
                .map(|&id| {
                    (
                        sort_key(&session.view().row(id), column),
                        places[id as usize],
                    )
                })
                .collect();
            for pair in keys.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                let in_order = if descending { a.0 > b.0 } else { a.0 < b.0 };
                assert!(
                    in_order || (a.0 == b.0 && a.1 < b.1),
                    "{column:?} {descending}: {keys:?}"
                );
            }
        }
    }
}

#[test]
fn each_table_lists_exactly_its_rows() {
    let session = built_in_after(6);
    let open = sorted_ids(session.view(), Status::Open, Sort::default());
    let closed = sorted_ids(session.view(), Status::Closed, Sort::default());
    let counts = session.view().counts();
    assert_eq!(open.len() as u64, counts.open);
    assert_eq!(closed.len() as u64, counts.closed);
    assert!(closed.windows(2).all(|w| w[0] < w[1]), "storing order");
    assert!(
        closed
            .iter()
            .all(|&id| session.view().row(id).status == Status::Closed)
    );
    // Priority order puts the next pick first.
    assert_eq!(
        open.first().copied(),
        session.view().next_pick().map(|p| p.id)
    );
}

#[test]
fn updates_from_the_log_match_a_fresh_sort() {
    // Weighted A* (w = 2) on the 31-move puzzle improves and reopens rows; A* and
    // breadth-first on the built-in puzzle exercise the pick order and its ties; breadth-first
    // on a grid takes rows off the open list's front. Each sort is updated step by step, and
    // after jumps of 25 steps.
    let library = |name: &str| {
        let (_, text) = LIBRARY.iter().find(|(n, _)| *n == name).unwrap();
        Scenario::parse(text, name, std::path::Path::new("scenarios")).unwrap()
    };
    let hardest = library("hardest_31_moves.ron");
    // Breadth-first on an open grid: the picks leave the open list's front while its length
    // stays small, so the list starts later and later and gives the room back again.
    let room = library("grid_open_room.ron");
    for (scenario, algorithm) in [
        (hardest, Algorithm::WeightedAStar),
        (Scenario::built_in(), Algorithm::AStar),
        (Scenario::built_in(), Algorithm::BreadthFirst),
        (room, Algorithm::BreadthFirst),
    ] {
        let mut session = scenario
            .session(&SearchSpec {
                algorithm: Some(algorithm),
                ..SearchSpec::default()
            })
            .unwrap();
        let sorts = [
            (Status::Open, Sort::default()),
            (Status::Open, Sort::default().clicked(SortColumn::H)),
            (
                Status::Open,
                Sort::default()
                    .clicked(SortColumn::G)
                    .clicked(SortColumn::G),
            ),
            (Status::Open, Sort::default().clicked(SortColumn::F)),
            (Status::Closed, Sort::default()),
            (Status::Closed, Sort::default().clicked(SortColumn::Depth)),
        ];
        let mut lists: Vec<SortedIds> = sorts.iter().map(|_| SortedIds::default()).collect();
        for round in 0..200 {
            let jump = if round % 10 == 9 { 25 } else { 1 };
            for _ in 0..jump {
                session.step();
            }
            for ((status, sort), list) in sorts.iter().zip(&mut lists) {
                list.refresh(
                    session.view(),
                    session.view().step_record(),
                    *status,
                    *sort,
                    f64::from(round),
                    false,
                );
                // A fresh list built the slow way, by sorting every row: equal values in
                // pick order when open, in storing order when closed.
                let places = pick_places(session.view());
                let mut fresh: Vec<(i64, usize, NodeId)> = (0..session.view().rows() as NodeId)
                    .map(|id| session.view().row(id))
                    .filter(|row| row.status == *status)
                    .map(|row| {
                        let then = match status {
                            Status::Open => places[row.id as usize],
                            Status::Closed => row.id as usize,
                        };
                        (sort_key(&row, sort.column), then, row.id)
                    })
                    .collect();
                fresh.sort_by(|a, b| {
                    let by_value = if sort.descending {
                        b.0.cmp(&a.0)
                    } else {
                        a.0.cmp(&b.0)
                    };
                    by_value.then(a.1.cmp(&b.1))
                });
                if sort.column == SortColumn::Priority && *status == Status::Open {
                    assert_eq!(
                        list.ids(),
                        session.view().open_order().as_slice(),
                        "{algorithm:?}"
                    );
                } else {
                    let fresh: Vec<NodeId> = fresh.into_iter().map(|(_, _, id)| id).collect();
                    assert_eq!(
                        list.ids(),
                        fresh.as_slice(),
                        "{algorithm:?} {status:?} {sort:?}"
                    );
                }
            }
        }
        if algorithm == Algorithm::WeightedAStar {
            assert!(
                session.view().counts().reopened > 0,
                "the case reopens rows"
            );
        }
    }
}

#[test]
fn header_clicks_cycle_up_down_and_home() {
    let home = Sort::default();
    let up = home.clicked(SortColumn::F);
    assert_eq!((up.column, up.descending), (SortColumn::F, false));
    let down = up.clicked(SortColumn::F);
    assert_eq!((down.column, down.descending), (SortColumn::F, true));
    assert_eq!(down.clicked(SortColumn::F), home);
    assert!(home.is_own_order() && !up.is_own_order());
    // Another header starts again at ▲.
    assert_eq!(down.clicked(SortColumn::G), home.clicked(SortColumn::G));
}

#[test]
fn the_cache_waits_while_running_but_not_for_a_new_sort() {
    let mut session = built_in_after(1);
    let mut cache = SortedIds::default();
    let sort = Sort::default();
    cache.refresh(
        session.view(),
        session.view().step_record(),
        Status::Open,
        sort,
        0.0,
        true,
    );
    let before = cache.ids().to_vec();
    session.step();
    cache.refresh(
        session.view(),
        session.view().step_record(),
        Status::Open,
        sort,
        0.1,
        true,
    );
    assert_eq!(cache.ids(), before.as_slice(), "too soon while running");
    cache.refresh(
        session.view(),
        session.view().step_record(),
        Status::Open,
        sort,
        0.5,
        true,
    );
    assert_ne!(cache.ids(), before.as_slice());
    let h_sort = Sort::default().clicked(SortColumn::H);
    cache.refresh(
        session.view(),
        session.view().step_record(),
        Status::Open,
        h_sort,
        0.51,
        true,
    );
    assert_eq!(
        cache.ids(),
        sorted_ids(session.view(), Status::Open, h_sort).as_slice()
    );
}

#[test]
fn updates_after_steps_back_match_a_fresh_sort() {
    // Weighted A* (w = 2) on the 31-move puzzle improves and reopens rows, so steps back put
    // rows back where they were before an improvement; A* on the built-in puzzle has ties.
    // Random runs of steps forward and back on a timeline: each list is updated from the
    // timeline's record (rebuilt only at step 0) and must equal a fresh sort.
    let (_, text) = LIBRARY
        .iter()
        .find(|(n, _)| *n == "hardest_31_moves.ron")
        .unwrap();
    let hardest = Scenario::parse(text, "hardest", std::path::Path::new("scenarios")).unwrap();
    for (scenario, algorithm) in [
        (hardest, Algorithm::WeightedAStar),
        (Scenario::built_in(), Algorithm::AStar),
    ] {
        let session = scenario
            .session(&SearchSpec {
                algorithm: Some(algorithm),
                ..SearchSpec::default()
            })
            .unwrap();
        let mut timeline = Timeline::new(session);
        let sorts = [
            (Status::Open, Sort::default()),
            (Status::Open, Sort::default().clicked(SortColumn::G)),
            (Status::Closed, Sort::default()),
            (Status::Closed, Sort::default().clicked(SortColumn::F)),
        ];
        let mut lists: Vec<SortedIds> = sorts
            .iter()
            .map(|&(status, sort)| {
                let mut list = SortedIds::default();
                list.refresh(timeline.view(), timeline.record(), status, sort, 0.0, false);
                list
            })
            .collect();
        // A fixed xorshift sequence: the same moves every run.
        let mut seed = 0x9E37_79B9_u32;
        let mut backs = 0;
        for _ in 0..300 {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            let by = u64::from(seed % 20 + 1);
            let now = timeline.steps();
            let target = if seed % 5 < 2 {
                backs += 1;
                now.saturating_sub(by)
            } else {
                now + by
            };
            timeline.go_to(target).unwrap();
            for ((status, sort), list) in sorts.iter().zip(&mut lists) {
                let from = list.stamp().unwrap().0;
                let (view, record) = (timeline.view(), timeline.record());
                if !list.update(view, record, *status, from) {
                    // Only at step 0, where the start is not on the open list's heap yet.
                    assert_eq!(
                        view.steps(),
                        0,
                        "{algorithm:?} {status:?}: from step {from}"
                    );
                    list.refresh(view, record, *status, *sort, 0.0, false);
                }
                assert_eq!(
                    list.ids(),
                    sorted_ids(timeline.view(), *status, *sort).as_slice(),
                    "{algorithm:?} {status:?} {sort:?}: from step {from} to {}",
                    timeline.steps()
                );
            }
        }
        assert!(backs > 50 && timeline.steps() > 0, "{algorithm:?}");
    }
}

#[test]
fn a_small_open_list_over_a_big_search_is_updated_from_the_log_not_rebuilt() {
    // Dijkstra on an open 150×150 room: after 12,000 steps the open list holds a few hundred
    // rows, while the next 1,500 steps touch thousands. An update costs what those steps
    // touched; a rebuild reads every stored row, so the update must not give way to it.
    let side = 150;
    let map = vec![".".repeat(side); side].join("\\n");
    let text = format!(
        "Scenario(title: \"open room\", problem: Grid(map: \"{map}\", start: (x: 1, y: 1), \
         goal: (x: {g}, y: {g})), search: (algorithm: Dijkstra, max_states: 100000))",
        g = side - 2
    );
    let scenario = Scenario::parse(&text, "open room", std::path::Path::new(".")).unwrap();
    let mut session = scenario.session(&SearchSpec::default()).unwrap();
    for _ in 0..12_000 {
        session.step();
    }
    let mut list = SortedIds::default();
    let record = session.view().step_record();
    list.refresh(
        session.view(),
        record,
        Status::Open,
        Sort::default(),
        0.0,
        false,
    );
    let from = session.view().steps();
    let mut touched = 0;
    for _ in 0..1_500 {
        session.step();
        // The pick and the rows it stored, improved or reopened: what the update moves.
        let event = session.view().last_event();
        touched += 1 + event
            .successors
            .iter()
            .filter(|s| matches!(s.fate, Fate::StoredNew | Fate::Improved | Fate::Reopened))
            .count();
    }
    let view = session.view();
    assert!(
        view.outcome().is_none(),
        "still searching: {:?}",
        view.outcome()
    );
    assert!(
        touched > list.ids().len() / 4 + 1024 && touched < view.rows() / 4,
        "{touched} touched, {} open, {} stored",
        list.ids().len(),
        view.rows()
    );
    assert!(list.update(view, view.step_record(), Status::Open, from));
    assert_eq!(list.ids(), view.open_order().as_slice());
}
