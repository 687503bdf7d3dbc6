use super::*;

use super::index::{SHARDS, SPLIT_GROUPS, WHOLE_SPACE_AT_MOST, split_groups};
use super::rows::{Columns, Packed, Wide, narrow};
use super::table::Table;

mod props;

fn node<S>(state: S, parent: Option<NodeId>) -> Node<S> {
    Node::new(state, Cost::ZERO, Cost::ZERO, parent, 0)
}

#[test]
fn each_state_is_found_by_its_id_in_storing_order() {
    let mut store = Notebook::default();
    let a = store.insert(node(42, None));
    let b = store.insert(node(7, Some(a)));
    assert_eq!((a, b), (0, 1));
    assert_eq!(store.find(&7), Some(1));
    assert_eq!(store.find(&8), None);
    assert_eq!(store.route(b), vec![0, 1]);
}

#[test]
fn rows_are_counted_by_their_depth_now() {
    let mut store = Notebook::default();
    for (state, depth) in [(1, 0), (2, 1), (3, 1), (4, 3)] {
        store.insert(Node::new(state, Cost::ZERO, Cost::ZERO, None, depth));
    }
    assert_eq!(store.stored_by_depth(), vec![1, 2, 0, 1]);
    // A cheaper route takes row 3 to depth 2; forgetting the newest rows takes theirs away.
    store.reroute(3, Cost::ZERO, 1, 2);
    assert_eq!(store.stored_by_depth(), vec![1, 2, 1]);
    store.truncate(3);
    assert_eq!(store.stored_by_depth(), vec![1, 2]);
    store.truncate(0);
    assert_eq!(store.stored_by_depth(), Vec::<u64>::new());
}

#[test]
fn truncating_forgets_the_newest_rows() {
    let mut store = Notebook::default();
    store.insert(node(1, None));
    store.insert(node(2, Some(0)));
    store.count_reopening(1);
    store.truncate(1);
    assert_eq!(store.len(), 1);
    assert_eq!(store.find(&2), None);
    assert_eq!(store.find(&1), Some(0));
    assert_eq!(store.times_reopened(1), 0);
}

#[test]
fn the_index_grows_a_shard_at_a_time() {
    let mut store = Notebook::default();
    // Past the first rows, where any growth is a big part of a small index.
    let mut largest_growth = 0;
    for state in 0..200_000u64 {
        let before = store.index_bytes();
        store.insert(node(state.wrapping_mul(0x2545_F491_4F6C_DD1D), None));
        let after = store.index_bytes();
        if state >= 20_000 {
            largest_growth = largest_growth.max((after - before) * 16 / after);
        }
    }
    assert!(
        largest_growth == 0,
        "one insert grew the index by a sixteenth or more of its size"
    );
    assert_eq!(
        store.find(&(123_456u64.wrapping_mul(0x2545_F491_4F6C_DD1D))),
        Some(123_456)
    );
}

/// The groups of every shard after storing `rows` hashed states in a notebook told that
/// the search reaches at most `reachable`, and how many times a shard grew after the split.
fn shard_growth(rows: u64, reachable: Option<u64>) -> (Vec<usize>, usize) {
    let mut store = Notebook::numbered(0, reachable);
    let state = |i: u64| i.wrapping_mul(0x2545_F491_4F6C_DD1D);
    let mut at_split = None;
    let mut grew = 0;
    for i in 0..rows {
        if let Lookup::Vacant(slot) = store.lookup(&state(i), store.replaying()) {
            slot.insert(node(state(i), None));
        }
        let index = store.index.as_ref().unwrap();
        let groups: usize = index.shards.iter().map(Table::groups).sum();
        if index.split != 0 {
            grew += usize::from(at_split.is_some_and(|before| before != groups));
            at_split = Some(groups);
        }
    }
    for i in (0..rows).step_by(97) {
        assert_eq!(store.find(&state(i)), Some(i as NodeId));
    }
    let index = store.index.as_ref().unwrap();
    (index.shards.iter().map(Table::groups).collect(), grew)
}

#[test]
fn only_rows_forgotten_and_still_filed_make_the_notebook_replay() {
    fn store_rows(store: &mut Notebook<u64>, rows: std::ops::Range<u64>) {
        for i in rows {
            let state = i.wrapping_mul(0x2545_F491_4F6C_DD1D);
            match store.lookup(&state, store.replaying()) {
                Lookup::Vacant(slot) => assert_eq!(slot.insert(node(state, None)), i as NodeId),
                Lookup::Stored(id) => panic!("row {i} found stored as {id}"),
            }
        }
    }
    let mut store = Notebook::default();
    store_rows(&mut store, 0..10);
    assert!(!store.replaying(), "storing rows never starts a replay");
    // Undoing steps forgets rows but keeps them filed: stored again, they replay.
    store.forget_newest(6);
    for i in 6..10 {
        assert!(store.replaying(), "row {i} is still filed ahead");
        store_rows(&mut store, i..i + 1);
    }
    assert!(!store.replaying(), "every row filed ahead is held again");
    // Truncating forgets rows for good: nothing is filed ahead.
    store.truncate(5);
    assert!(!store.replaying());
    store_rows(&mut store, 5..12);
    assert!(!store.replaying());
}

#[test]
fn a_small_space_is_filed_in_shards_sized_for_all_of_it() {
    // The 8-puzzle's reachable space: the shards, made at the split, never grow.
    let (groups, grew) = shard_growth(181_440, Some(181_440));
    assert_eq!((groups.iter().min(), grew), (Some(&512), 0));
    // Unknown or too large a space: the shards start at four times their share and grow.
    for reachable in [None, Some(WHOLE_SPACE_AT_MOST + 1)] {
        let (groups, grew) = shard_growth(181_440, reachable);
        assert!(grew >= SHARDS, "{reachable:?}: grew {grew} times");
        assert_eq!(groups.iter().min(), Some(&512));
    }
    // A space smaller than four times the split's share is not sized down.
    assert_eq!(split_groups(Some(100)), split_groups(None));
}

#[test]
fn an_index_filed_afresh_is_sized_as_the_first_was() {
    let mut store = Notebook::numbered(0, Some(181_440));
    let state = |i: u64| i.wrapping_mul(0x2545_F491_4F6C_DD1D);
    for i in 0..20_000 {
        if let Lookup::Vacant(slot) = store.lookup(&state(i), store.replaying()) {
            slot.insert(node(state(i), None));
        }
    }
    // A keyframe restored without the live search's index files its 20,000 rows afresh,
    // past the split: its shards are sized for the whole space, as the live index's are.
    let lent = store.lend_index();
    let mut copy = store.clone();
    store.put_back_index(lent);
    copy.adopt_index(None);
    let groups = |n: &Notebook<u64>| n.index.as_ref().unwrap().shards[0].groups();
    assert_eq!((groups(&store), groups(&copy)), (512, 512));
    assert_eq!(copy.find(&state(19_999)), Some(19_999));
    // So is one filed afresh after a truncation that cannot unfile rows one by one.
    copy.index_mut().stored_unchecked_ahead = true;
    copy.truncate(15_000);
    assert_eq!(groups(&copy), 512);
}

#[test]
fn a_small_index_is_one_table_until_it_splits_into_shards() {
    let mut store = Notebook::default();
    let state = |i: u64| i.wrapping_mul(0x2545_F491_4F6C_DD1D);
    let split_at = SPLIT_GROUPS * 7;
    for i in 0..30_000u64 {
        let index = store.index.as_ref().unwrap();
        let used = index.shards.iter().filter(|t| t.groups() > 0).count();
        // A lookup makes room first, so the full table splits as the last row fills it.
        if (i as usize) < split_at {
            assert_eq!((index.split, used), (0, usize::from(i > 0)), "row {i}");
        } else {
            assert_eq!((index.split, used), (SHARDS - 1, SHARDS), "row {i}");
        }
        match store.lookup(&state(i), store.replaying()) {
            Lookup::Vacant(slot) => slot.insert(node(state(i), None)),
            Lookup::Stored(_) => panic!("row {i} is a new state"),
        };
        let again = store.lookup(&state(i), store.replaying());
        assert!(
            matches!(again, Lookup::Stored(id) if id as u64 == i),
            "row {i}"
        );
    }
    for i in 0..30_000u64 {
        assert_eq!(store.find(&state(i)), Some(i as NodeId));
    }
    // Unfiled again across the split, and filed afresh from the rows.
    store.truncate(10_000);
    assert_eq!(
        (store.find(&state(9_999)), store.find(&state(10_000))),
        (Some(9_999), None)
    );
    let mut copy = store.clone();
    copy.index = None;
    copy.adopt_index(None);
    assert_eq!(copy.find(&state(1_234)), Some(1_234));
    assert_eq!(
        copy.index.as_ref().unwrap().split,
        0,
        "10k rows fit one table"
    );
}

#[test]
fn costs_are_read_from_packed_or_wide_rows() {
    let mut store = Notebook::default();
    store.insert(Node::new(1u64, Cost::units(3), Cost::units(-2), None, 0));
    assert_eq!(store.costs(0), (Cost::units(3), Cost::units(-2)));
    store.reroute(0, Cost::units(2), 0, 4);
    assert_eq!(store.costs(0), (Cost::units(2), Cost::units(-2)));
    let half = Cost::from_f64(0.5);
    store.insert(Node::new(2u64, half, Cost::units(7), Some(0), 1));
    assert!(matches!(store.rows.columns, Columns::Wide(_)));
    for id in 0..2 {
        let node = store.node(id);
        assert_eq!(store.costs(id), (node.g, node.h));
    }
    assert_eq!(store.costs(1), (half, Cost::units(7)));
    // A reroute to a cost that is not whole widens packed rows, keeping every h.
    let mut narrow = Notebook::default();
    narrow.insert(Node::new(1u64, Cost::units(3), Cost::units(5), None, 0));
    narrow.insert(Node::new(2u64, Cost::units(4), Cost::units(6), Some(0), 1));
    narrow.reroute(1, half, 0, 1);
    assert!(matches!(narrow.rows.columns, Columns::Wide(_)));
    assert_eq!(narrow.costs(0), (Cost::units(3), Cost::units(5)));
    assert_eq!(narrow.costs(1), (half, Cost::units(6)));
    assert_eq!(
        (narrow.node(1).parent(), narrow.node(1).depth),
        (Some(0), 1)
    );
}

#[test]
fn an_unfiled_notebook_keeps_rows_without_an_index() {
    let mut filed = Notebook::default();
    let mut unfiled = Notebook::unfiled();
    for state in 0..10_000u64 {
        let parent = state.checked_sub(1).map(|p| p as NodeId);
        filed.insert(node(state, parent));
        unfiled.insert(node(state, parent));
    }
    assert!(filed.index_bytes() > 0);
    assert_eq!(unfiled.index_bytes(), 0, "no row is filed");
    assert_eq!((filed.find(&9), unfiled.find(&9)), (Some(9), None));
    unfiled.count_reopening(7_000);
    unfiled.truncate(5_000);
    unfiled.insert(node(77, Some(3)));
    assert_eq!(unfiled.len(), 5_001);
    assert_eq!(*unfiled.node(5_000).state, 77);
    assert_eq!(unfiled.route(4), vec![0, 1, 2, 3, 4]);
    assert_eq!(unfiled.times_reopened(7_000), 0);
    assert!(
        unfiled.lend_index().is_none(),
        "a keyframe keeps its own, empty index"
    );
}

#[test]
fn narrowing_keeps_exactly_the_whole_costs_that_fit() {
    assert_eq!(narrow(Cost::units(-7)), Some(-7));
    assert_eq!(narrow(Cost::units(i64::from(i32::MIN))), Some(i32::MIN));
    assert_eq!(narrow(Cost::units(i64::from(i32::MAX) + 1)), None);
    assert_eq!(narrow(Cost::from_f64(2.5)), None);
    assert_eq!(narrow(Cost::from_f64(-0.000_000_001)), None);
}

#[test]
fn a_row_of_a_64_bit_state_takes_24_bytes_and_a_wide_grid_row_32() {
    assert_eq!(std::mem::size_of::<Packed<u64>>(), 24);
    assert_eq!(std::mem::size_of::<Wide<u32>>(), 32);
}

#[test]
fn costs_stay_exact_when_one_stops_fitting_in_whole_units() {
    let mut store = Notebook::default();
    store.insert(Node::new(1u64, Cost::units(3), Cost::units(-2), None, 0));
    store.insert(Node::new(
        2u64,
        Cost::units(i64::from(i32::MAX)),
        Cost::ZERO,
        Some(0),
        1,
    ));
    assert!(
        matches!(store.rows.columns, Columns::Narrow(_)),
        "whole costs that fit stay packed"
    );
    let half = Cost::from_f64(0.5);
    store.insert(Node::new(3u64, half, Cost::units(1 << 32), Some(1), 2));
    store.reroute(0, Cost::from_f64(2.25), 2, 5);
    let costs: Vec<(Cost, Cost)> = (0..3)
        .map(|id| (store.node(id).g, store.node(id).h))
        .collect();
    assert_eq!(
        costs,
        [
            (Cost::from_f64(2.25), Cost::units(-2)),
            (Cost::units(i64::from(i32::MAX)), Cost::ZERO),
            (half, Cost::units(1 << 32)),
        ]
    );
    assert_eq!((store.node(0).parent(), store.node(0).depth), (Some(2), 5));
    store.truncate(1);
    assert_eq!(store.find(&3), None);
    assert_eq!(store.node(0).g, Cost::from_f64(2.25));
}

#[test]
fn statuses_are_bits_that_survive_truncation() {
    let mut store = Notebook::default();
    for state in 0..200u64 {
        store.insert(node(state, None));
    }
    for id in (0..200).filter(|id| id % 3 == 0) {
        store.set_status(id, Status::Closed);
    }
    store.truncate(64);
    store.insert(node(500, None));
    store.truncate(130);
    for state in 1000..1100u64 {
        store.insert(node(state, None));
    }
    let closed: Vec<NodeId> = (0..store.len() as NodeId)
        .filter(|&id| store.status(id) == Status::Closed)
        .collect();
    let expected: Vec<NodeId> = (0..64).filter(|id| id % 3 == 0).collect();
    assert_eq!(
        closed, expected,
        "new rows are open whatever bits their ids had"
    );
}
