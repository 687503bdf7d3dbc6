//! The sliding-tile domain's own tests: estimates, successor order, solvability, hand moves.

use super::*;
use crate::present::Presentation;

/// The built-in puzzle 542703816.
fn built_in() -> SlidingPuzzle<u64> {
    SlidingPuzzle::new(3, 3, vec![5, 4, 2, 7, 0, 3, 8, 1, 6], default_goal(3, 3))
}

#[test]
fn the_built_in_puzzles_estimate_is_12() {
    let p = built_in();
    assert_eq!(
        p.estimate(&p.start(), Heuristic::Manhattan),
        Cost::units(12)
    );
    assert_eq!(p.estimate(&p.start(), Heuristic::Misplaced), Cost::units(8));
}

#[test]
fn successors_come_in_slot_order_with_tile_and_direction() {
    let p = built_in();
    let mut out = Vec::new();
    p.successors(&p.start(), &mut out);
    let labels: Vec<String> = out
        .iter()
        .map(|s| match s {
            Successor::Child { mv, .. } => p.describe_move(&p.start(), *mv),
            Successor::Pruned { .. } => unreachable!(),
        })
        .collect();
    assert_eq!(
        labels,
        ["tile 4 down", "tile 7 right", "tile 3 left", "tile 1 up"]
    );
}

#[test]
fn hand_moves_slide_only_tiles_next_to_the_blank() {
    let mut tiles = vec![5, 4, 2, 7, 0, 3, 8, 1, 6];
    assert_eq!(slidable(3, 3, &tiles), vec![1, 3, 5, 7]);
    assert_eq!(slidable(3, 3, &[0, 1, 2, 3, 4, 5, 6, 7, 8]), vec![1, 3]);
    assert!(!slide(3, 3, &mut tiles, 0));
    assert!(slide(3, 3, &mut tiles, 1));
    assert_eq!(tiles, vec![5, 0, 2, 7, 4, 3, 8, 1, 6]);
}

#[test]
fn refusals_say_why() {
    let refuse = |start: Vec<u8>| {
        SlidingPuzzle::<u64>::new(3, 3, start, default_goal(3, 3))
            .validate()
            .unwrap_err()
            .0
    };
    assert!(refuse(vec![1, 2, 3, 4, 5, 6, 8, 7, 0]).contains("cannot be solved"));
    assert!(refuse(default_goal(3, 3)).contains("already the goal"));
    assert!(refuse(vec![1, 2, 3]).contains("has 3 tiles"));
    assert!(refuse(vec![1, 1, 3, 4, 5, 6, 7, 8, 0]).contains("twice"));
    assert!(refuse(vec![1, 2, 3, 4, 5, 6, 7, 8, 9]).contains("tile 9"));
}

/// Whether a 4×4 puzzle from `start` to `goal` passes validation: the even-width parity cases.
fn solvable_4x4(start: Vec<u8>, goal: Vec<u8>) -> bool {
    SlidingPuzzle::<u64>::new(4, 4, start, goal)
        .validate()
        .is_ok()
}

#[test]
fn even_widths_count_the_blank_row() {
    // One move from the goal is solvable; swapping two tiles of the goal is not.
    let goal = default_goal(4, 4);
    let mut near = goal.clone();
    near.swap(14, 15);
    assert!(solvable_4x4(near, goal.clone()));
    let mut swapped = goal.clone();
    swapped.swap(0, 1);
    assert!(!solvable_4x4(swapped, goal.clone()));
    // A vertical move on an even width changes inversions by an odd number and is solvable.
    let mut down = goal.clone();
    down.swap(11, 15);
    assert!(solvable_4x4(down, goal));
}

/// Every order of `tiles`.
fn orders(tiles: &[u8]) -> Vec<Vec<u8>> {
    if tiles.len() <= 1 {
        return vec![tiles.to_vec()];
    }
    let mut all = Vec::new();
    for (i, &first) in tiles.iter().enumerate() {
        let mut rest = tiles.to_vec();
        rest.remove(i);
        all.extend(orders(&rest).into_iter().map(|mut o| {
            o.insert(0, first);
            o
        }));
    }
    all
}

/// Every board moves reach from `from` (itself included), by the domain's own moves.
fn boards_reached(p: &SlidingPuzzle<u64>, from: &[u8]) -> std::collections::HashSet<u64> {
    let mut reached = std::collections::HashSet::from([pack::<u64>(from)]);
    let (mut todo, mut out) = (vec![pack::<u64>(from)], Vec::new());
    while let Some(state) = todo.pop() {
        out.clear();
        p.successors(&state, &mut out);
        for s in &out {
            if let Successor::Child { state, .. } = s
                && reached.insert(*state)
            {
                todo.push(*state);
            }
        }
    }
    reached
}

#[test]
fn a_board_is_accepted_exactly_when_moves_from_the_goal_reach_it() {
    // Odd and even widths: the parity check against the moves themselves, on every order.
    for (width, height) in [(2, 2), (2, 3), (3, 2), (2, 4)] {
        let goal = default_goal(width, height);
        let p = SlidingPuzzle::<u64>::new(width, height, goal.clone(), goal.clone());
        let reached = boards_reached(&p, &goal);
        assert_eq!(Some(reached.len() as u64), p.reachable_states());
        for start in orders(&goal) {
            let verdict =
                SlidingPuzzle::<u64>::new(width, height, start.clone(), goal.clone()).validate();
            let reachable = reached.contains(&pack::<u64>(&start));
            assert_eq!(
                verdict.is_ok(),
                reachable && start != goal,
                "{width}x{height} from {start:?}: {verdict:?}"
            );
        }
    }
}

#[test]
fn linear_conflict_adds_two_per_reversed_pair() {
    // 2 1 3 / 4 5 6 / 7 8 0: tiles 1 and 2 swapped in their goal row.
    let p = SlidingPuzzle::<u64>::new(3, 3, vec![2, 1, 3, 4, 5, 6, 7, 8, 0], default_goal(3, 3));
    let s = p.start();
    assert_eq!(p.estimate(&s, Heuristic::Manhattan), Cost::units(2));
    assert_eq!(p.estimate(&s, Heuristic::LinearConflict), Cost::units(4));
}

#[test]
fn a_goal_longer_than_the_board_is_refused_not_a_panic() {
    // 800 goal entries on a 3×3 board once panicked while building the distance table.
    let goal: Vec<u8> = (0..800).map(|i| u8::try_from(i % 256).unwrap()).collect();
    let p = SlidingPuzzle::<u64>::new(3, 3, vec![1, 2, 3, 4, 5, 6, 7, 0, 8], goal);
    assert!(
        p.validate()
            .unwrap_err()
            .0
            .contains("the goal has 800 tiles")
    );
    let p = SlidingPuzzle::<u128>::new(5, 5, default_goal(5, 5), vec![9; 900]);
    assert!(p.validate().is_err());
}

#[test]
fn five_by_five_boards_pack_into_u128() {
    let goal = default_goal(5, 5);
    let p = SlidingPuzzle::<u128>::new(5, 5, goal.clone(), goal.clone());
    assert_eq!(p.unpack(p.start()), goal);
}

/// Walks `steps` slides from `p`'s start (choosing by a fixed sequence) and checks, for every
/// successor on the way, that the updated estimate equals a full recount under each heuristic.
fn child_estimates_match_a_recount<B: Packed>(p: &SlidingPuzzle<B>, steps: usize) {
    let mut state = p.start();
    let mut out = Vec::new();
    for step in 0..steps {
        out.clear();
        p.successors(&state, &mut out);
        for &heuristic in p.heuristics() {
            let parent_h = p.estimate(&state, heuristic);
            for s in &out {
                let Successor::Child {
                    state: child, mv, ..
                } = s
                else {
                    unreachable!("slides are never pruned")
                };
                assert_eq!(
                    p.estimate_child(&state, parent_h, child, *mv, heuristic),
                    p.estimate(child, heuristic),
                    "{heuristic} after {step} slides"
                );
            }
        }
        let Successor::Child { state: next, .. } = out[(step * 7 + step / 3) % out.len()] else {
            unreachable!()
        };
        state = next;
    }
}

#[test]
fn a_childs_estimate_is_the_parents_updated_by_the_slid_tile() {
    child_estimates_match_a_recount(&built_in(), 200);
    child_estimates_match_a_recount(&instances::Korf::get(12).unwrap().puzzle(), 200);
    let mut wide: Vec<u8> = (1..10).collect();
    wide.push(0);
    wide.swap(0, 1);
    wide.swap(2, 3);
    child_estimates_match_a_recount(
        &SlidingPuzzle::<u64>::new(5, 2, wide, default_goal(5, 2)),
        200,
    );
    let mut big = default_goal(5, 5);
    big.swap(0, 24);
    big.swap(3, 7);
    child_estimates_match_a_recount(
        &SlidingPuzzle::<u128>::new(5, 5, big, default_goal(5, 5)),
        300,
    );
}

/// The first slot holding 0, read slot by slot: what [`Packed::first_zero`] must agree with.
fn first_zero_by_scan<B: Packed>(board: B) -> usize {
    (0..B::SLOTS)
        .find(|&s| board.get(s) == 0)
        .unwrap_or(B::SLOTS)
}

/// A board of `tiles` (masked to the cell width), with the other slots 0.
fn board_of<B: Packed>(tiles: &[u8]) -> B {
    tiles
        .iter()
        .enumerate()
        .fold(B::default(), |b, (slot, &t)| {
            b.with(slot, t & ((1 << B::CELL_BITS) - 1))
        })
}

proptest::proptest! {
    #[test]
    fn the_first_zero_is_found_as_a_scan_finds_it(
        tiles in proptest::collection::vec(0u8..32, 0..=25),
    ) {
        let narrow = board_of::<u64>(&tiles[..tiles.len().min(16)]);
        proptest::prop_assert_eq!(narrow.first_zero(), first_zero_by_scan(narrow));
        let wide = board_of::<u128>(&tiles);
        proptest::prop_assert_eq!(wide.first_zero(), first_zero_by_scan(wide));
    }
}

#[test]
fn every_blank_slides_the_tiles_next_to_it_in_slot_order() {
    for (width, height) in [(2, 2), (3, 3), (4, 4), (5, 2), (2, 5), (5, 5)] {
        let n = width * height;
        for blank in 0..n {
            // Tiles 1.. in order with the blank moved to `blank`.
            let mut tiles: Vec<u8> = (1..n).map(|t| u8::try_from(t).unwrap()).collect();
            tiles.insert(blank, 0);
            let goal = default_goal(width, height);
            let expected: Vec<Vec<u8>> = next_to(width, height, blank)
                .map(|slot| {
                    let mut next = tiles.clone();
                    next.swap(blank, slot);
                    next
                })
                .collect();
            let got: Vec<Vec<u8>> = if n <= 16 {
                let p = SlidingPuzzle::<u64>::new(width, height, tiles.clone(), goal);
                let mut out = Vec::new();
                p.successors(&p.start(), &mut out);
                out.iter().map(|s| child_tiles(&p, s)).collect()
            } else {
                let p = SlidingPuzzle::<u128>::new(width, height, tiles.clone(), goal);
                let mut out = Vec::new();
                p.successors(&p.start(), &mut out);
                out.iter().map(|s| child_tiles(&p, s)).collect()
            };
            assert_eq!(got, expected, "{width}×{height}, blank at {blank}");
        }
    }
}

/// A successor's board tile by tile, checking that its move names the slot the tile left.
fn child_tiles<B: Packed>(p: &SlidingPuzzle<B>, s: &Successor<B, Slide>) -> Vec<u8> {
    let Successor::Child { state, mv, cost } = s else {
        unreachable!("slides are never pruned")
    };
    assert_eq!(*cost, Cost::ONE);
    assert_eq!(
        state.get(usize::from(*mv)),
        0,
        "the moved tile's slot is the new blank"
    );
    p.unpack(*state)
}

#[test]
fn the_reachable_space_is_half_the_tile_orders_as_a_walk_over_it_counts() {
    for (width, height) in [(2, 2), (2, 3), (3, 2), (2, 4)] {
        let goal = default_goal(width, height);
        let p = SlidingPuzzle::<u64>::new(width, height, goal.clone(), goal);
        let walked = crate::experiment::layers::Layers::from_start(&p).states();
        assert_eq!(
            p.reachable_states(),
            Some(walked as u64),
            "{width}×{height}"
        );
    }
    let goal = default_goal(5, 5);
    assert_eq!(
        SlidingPuzzle::<u128>::new(5, 5, goal.clone(), goal).reachable_states(),
        None,
        "25! does not fit in u64"
    );
}

#[test]
fn every_heuristic_vouched_consistent_holds_on_every_edge() {
    use crate::engine::problem::vouched::check_every_edge;
    // Every board of each size, towards the usual goal and towards one with the blank first.
    for (width, height) in [(2, 3), (3, 2), (3, 3)] {
        let usual = default_goal(width, height);
        let blank_first: Vec<u8> = (0..u8::try_from(width * height).unwrap()).collect();
        for goal in [usual, blank_first] {
            let p = SlidingPuzzle::<u64>::new(width, height, goal.clone(), goal.clone());
            let states: Vec<u64> = boards_reached(&p, &goal).into_iter().collect();
            assert_eq!(check_every_edge(&p, &states), 3, "{width}x{height}");
        }
    }
}
