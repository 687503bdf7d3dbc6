//! The Sokoban domain's own tests: dead squares, pruning, canonical positions, the
//! assignment against brute force, collections and refusals.

use super::matching::{UNREACHABLE, min_cost_assignment};
use super::*;
use crate::present::Presentation;

fn level(text: &str, cost: SokobanCost) -> Sokoban {
    Sokoban::new(Ok(text.to_string()), cost)
}

#[test]
fn boxes_that_cannot_all_reach_their_own_goal_estimate_infinite() {
    // Both boxes can reach only the second goal: no assignment, no solution.
    let costs = vec![vec![UNREACHABLE, 1], vec![UNREACHABLE, 2]];
    assert_eq!(estimate_of(min_cost_assignment(&costs)), Cost::INFINITE);
    let costs = vec![vec![3, 1], vec![UNREACHABLE, 2]];
    assert_eq!(estimate_of(min_cost_assignment(&costs)), Cost::units(5));
}

#[test]
fn corners_and_goalless_walls_are_dead_squares() {
    // The bottom-left corner is dead; the goal's column is alive.
    let s = level("#####\n#@$.#\n#   #\n#####", SokobanCost::Pushes);
    assert!(s.validate().is_ok());
    let at = |x: usize, y: usize| s.dead[y * s.geometry.width + x];
    assert!(at(1, 2) && at(3, 2) && at(1, 1), "corners");
    assert!(!at(2, 1) && !at(3, 1), "the row of the goal");
}

#[test]
fn pushes_onto_dead_squares_are_pruned_and_say_why() {
    // Of the four pushes only "right" (onto the goal) survives: up, down and left put the
    // box against a wall with no goal along it.
    let s = level("#####\n# @ #\n# $.#\n#   #\n#####", SokobanCost::Pushes);
    let mut out = Vec::new();
    s.successors(&s.start(), &mut out);
    let pruned: Vec<Push> = out
        .iter()
        .filter_map(|x| match x {
            Successor::Pruned { mv } => Some(*mv),
            Successor::Child { .. } => None,
        })
        .collect();
    assert_eq!((out.len(), pruned.len()), (4, 3));
    let down = pruned
        .iter()
        .find(|m| m.dir == Direction::Down)
        .expect("down is pruned");
    let why = s.explain_prune(&s.start(), *down);
    assert!(why.contains("(2, 3) is a dead square"), "{why}");
}

#[test]
fn positions_in_one_area_are_one_state_when_pushes_count() {
    let a = level("#####\n#@ $.#\n#####", SokobanCost::Pushes);
    let b = level("#####\n# @$.#\n#####", SokobanCost::Pushes);
    assert_eq!(a.start(), b.start());
    let a = level("#####\n#@ $.#\n#####", SokobanCost::Moves);
    let b = level("#####\n# @$.#\n#####", SokobanCost::Moves);
    assert_ne!(a.start(), b.start());
}

/// The cheapest assignment by trying every permutation.
fn brute_force(costs: &[Vec<i64>], row: usize, used: &mut Vec<bool>) -> i64 {
    if row == costs.len() {
        return 0;
    }
    let mut best = i64::MAX;
    for col in 0..costs.len() {
        if !used[col] {
            used[col] = true;
            best = best.min(costs[row][col] + brute_force(costs, row + 1, used));
            used[col] = false;
        }
    }
    best
}

#[test]
fn the_assignment_matches_brute_force() {
    // Both boxes' nearest goal is goal 0 (1 + 2 = 3), but one must take goal 1: 5 + 2.
    assert_eq!(min_cost_assignment(&[vec![1, 5], vec![2, 9]]), 7);
    let mut seed: u64 = 12345;
    for n in 1..=6 {
        for _ in 0..20 {
            let costs: Vec<Vec<i64>> = (0..n)
                .map(|_| {
                    (0..n)
                        .map(|_| {
                            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                            i64::try_from((seed >> 33) % 20).unwrap()
                        })
                        .collect()
                })
                .collect();
            let expected = brute_force(&costs, 0, &mut vec![false; n]);
            assert_eq!(min_cost_assignment(&costs), expected, "{costs:?}");
        }
    }
}

#[test]
fn collections_take_an_index_or_a_title() {
    let text = "; First\n\n####\n#@$.#\n####\n\n; Second\n#####\n#.$@#\n#####\nTitle: Back\n";
    assert!(pick_level(text, Some(2), None).unwrap().contains(".$@"));
    assert!(
        pick_level(text, None, Some("back"))
            .unwrap()
            .contains(".$@")
    );
    assert!(
        pick_level(text, None, Some("First"))
            .unwrap()
            .contains("@$.")
    );
    assert!(
        pick_level(text, None, None)
            .unwrap_err()
            .0
            .contains("holds 2 levels")
    );
    assert!(
        pick_level(text, Some(3), None)
            .unwrap_err()
            .0
            .contains("1 to 2")
    );
}

#[test]
fn malformed_levels_are_refused_with_the_reason() {
    let why = |text: &str| level(text, SokobanCost::Pushes).validate().unwrap_err().0;
    assert!(why("#####\n# $.#\n#####").contains("no player"));
    assert!(why("######\n#@$$.#\n######").contains("2 boxes but 1 goals"));
    assert!(why("#####\n#@$. \n#####").contains("border is open"));
    assert!(why("####\n#@ #\n####").contains("no boxes"));
    assert!(why("#####\n#@*x#\n#####").contains("'x'"));
    assert!(why("#####\n#@*##\n#####").contains("already on a goal"));
    assert!(why("######\n#@ .##\n#   $#\n######").contains("can never reach a goal"));
}
