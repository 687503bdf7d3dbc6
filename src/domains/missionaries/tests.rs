//! Missionaries and cannibals' own tests: the successors of a state and their order, the
//! reasons of pruned crossings, the words, the instances refused, and the estimate checked
//! against the true number of crossings from every state of several instances.

use super::*;
use crate::present::Presentation;
use std::collections::{HashMap, VecDeque};

fn instance(missionaries: usize, cannibals: usize, boat: usize) -> Missionaries {
    Missionaries::new(Spec {
        missionaries,
        cannibals,
        boat,
    })
}

fn banks(missionaries: u8, cannibals: u8, boat: Side) -> Banks {
    Banks {
        missionaries,
        cannibals,
        boat,
    }
}

fn crossing(missionaries: u8, cannibals: u8) -> Crossing {
    Crossing {
        missionaries,
        cannibals,
    }
}

fn successors(p: &Missionaries, from: &Banks) -> Vec<Successor<Banks, Crossing>> {
    let mut out = Vec::new();
    p.successors(from, &mut out);
    out
}

#[test]
fn the_start_has_three_safe_crossings_and_two_pruned_with_their_reason() {
    let p = instance(3, 3, 2);
    let start = p.start();
    let next = successors(&p, &start);
    let loads: Vec<(u8, u8, bool)> = next
        .iter()
        .map(|s| match s {
            Successor::Child { mv, .. } => (mv.missionaries, mv.cannibals, true),
            Successor::Pruned { mv } => (mv.missionaries, mv.cannibals, false),
        })
        .collect();
    assert_eq!(
        loads,
        [
            (0, 1, true),
            (0, 2, true),
            (1, 0, false),
            (1, 1, true),
            (2, 0, false)
        ]
    );
    // With one missionary and one cannibal left on the start bank, a cannibal rowing back
    // would leave that missionary facing two.
    let far = banks(1, 1, Side::Far);
    for (from, mv, why) in [
        (
            start,
            crossing(1, 0),
            "3 cannibals would outnumber 2 missionaries on the start",
        ),
        (
            start,
            crossing(2, 0),
            "3 cannibals would outnumber 1 missionary on the start",
        ),
        (
            far,
            crossing(0, 1),
            "2 cannibals would outnumber 1 missionary on the start",
        ),
    ] {
        assert_eq!(p.explain_prune(&from, mv), format!("unsafe: {why} bank"));
    }
}

#[test]
fn a_crossing_takes_only_who_is_on_the_boats_bank() {
    let p = instance(3, 3, 2);
    // The boat is on the far bank with one cannibal there: only that cannibal can row back.
    let from = banks(3, 2, Side::Far);
    let next = successors(&p, &from);
    assert_eq!(next.len(), 1);
    assert_eq!(
        next[0],
        Successor::Child {
            state: p.start(),
            mv: crossing(0, 1),
            cost: Cost::ONE
        }
    );
}

#[test]
fn crossings_and_banks_read_in_words() {
    let p = instance(3, 3, 2);
    let start = p.start();
    let back = banks(3, 1, Side::Far);
    for (from, mv, words) in [
        (start, crossing(0, 2), "2 cannibals cross →"),
        (start, crossing(1, 0), "1 missionary crosses →"),
        (start, crossing(1, 1), "1 missionary and 1 cannibal cross →"),
        (back, crossing(0, 1), "1 cannibal crosses ←"),
    ] {
        assert_eq!(p.describe_move(&from, mv), words);
    }
    assert_eq!(p.compact(&start), "3M 3C B | 0M 0C");
    assert_eq!(p.compact(&back), "3M 1C | B 0M 2C");
    let view = p.board(&back);
    assert_eq!(
        view.get::<MissionariesView>(),
        Some(&MissionariesView {
            start: (3, 1),
            far: (0, 2),
            boat: Side::Far,
            capacity: 2,
        })
    );
}

#[test]
fn the_goal_is_everyone_across_with_the_boat() {
    let p = instance(3, 3, 2);
    assert!(p.is_goal(&banks(0, 0, Side::Far)));
    assert!(!p.is_goal(&banks(0, 0, Side::Start)));
    assert!(!p.is_goal(&banks(0, 1, Side::Far)));
    assert!(!p.is_goal(&p.start()));
}

#[test]
fn impossible_instances_are_refused_with_the_reason() {
    let why = |p: Missionaries| p.validate().unwrap_err().0;
    assert_eq!(
        why(instance(2, 3, 2)),
        "the start is already unsafe: 3 cannibals outnumber 2 missionaries on the start bank"
    );
    assert!(why(instance(3, 3, 0)).contains("from 1 to 50"));
    assert!(why(instance(51, 3, 2)).contains("at most 50"));
    assert_eq!(instance(3, 3, 2).validate(), Ok(()));
    assert_eq!(instance(0, 5, 2).validate(), Ok(()), "no missionary to eat");
}

/// The fewest crossings from `from` to the goal, by a breadth-first search over the children
/// the problem gives (`None`: the goal cannot be reached).
fn true_crossings(p: &Missionaries, from: Banks) -> Option<u32> {
    let mut seen = HashMap::from([(from, 0)]);
    let mut queue = VecDeque::from([from]);
    while let Some(state) = queue.pop_front() {
        let d = seen[&state];
        if p.is_goal(&state) {
            return Some(d);
        }
        for s in successors(p, &state) {
            if let Successor::Child { state: next, .. } = s
                && !seen.contains_key(&next)
            {
                seen.insert(next, d + 1);
                queue.push_back(next);
            }
        }
    }
    None
}

#[test]
fn boat_trips_never_overestimate_from_any_state() {
    let mut compared = 0;
    let mut exact = 0;
    for (m, c, boat) in [
        (3, 3, 2),
        (3, 3, 3),
        (2, 2, 2),
        (4, 4, 3),
        (5, 5, 3),
        (5, 3, 2),
        (4, 4, 4),
        (2, 2, 1),
        (6, 6, 4),
    ] {
        let p = instance(m, c, boat);
        for sm in 0..=u8::try_from(m).unwrap() {
            for sc in 0..=u8::try_from(c).unwrap() {
                for side in [Side::Start, Side::Far] {
                    let state = banks(sm, sc, side);
                    let Some(cost) = true_crossings(&p, state) else {
                        continue;
                    };
                    let h = p.estimate(&state, Heuristic::BoatTrips);
                    let cost = Cost::units(i64::from(cost));
                    assert!(h <= cost, "{m}/{c}/{boat}: h {h} over {cost} at {state:?}");
                    assert_eq!(p.estimate(&state, Heuristic::Zero), Cost::ZERO);
                    compared += 1;
                    exact += usize::from(h == cost);
                }
            }
        }
    }
    assert!(compared > 200, "{compared} states compared");
    assert!(exact > 20, "the estimate is often exact ({exact} states)");
}

#[test]
fn the_classic_start_needs_at_least_nine_crossings() {
    let p = instance(3, 3, 2);
    assert_eq!(p.estimate(&p.start(), Heuristic::BoatTrips), Cost::units(9));
    assert_eq!(true_crossings(&p, p.start()), Some(11));
    assert_eq!(p.reachable_states(), Some(32));
}
