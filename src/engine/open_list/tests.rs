use super::*;
use crate::engine::settings::Algorithm;
use crate::engine::tie::TieKey;

fn ordering(policy: &[TieKey]) -> Ordering {
    Ordering::new(Algorithm::AStar, 1.0, policy)
}

#[test]
fn lowest_h_then_first_stored_is_the_chapters_rule() {
    let o = ordering(&[TieKey::LowestH, TieKey::FirstStored]);
    let mut open = OpenList::new(o.clone());
    // id 1: f 12 h 11; id 2: f 12 h 10; id 3: f 12 h 10.
    open.push(o.key(1, Cost::units(1), Cost::units(11), 1));
    open.push(o.key(2, Cost::units(2), Cost::units(10), 2));
    open.push(o.key(3, Cost::units(2), Cost::units(10), 2));
    let top = open.peek().unwrap();
    assert_eq!(o.id_of(top), 2);
    let tied: Vec<u32> = open.explain(top).iter().map(|l| l.tied).collect();
    assert_eq!(tied, vec![3, 2, 1]);
}

#[test]
fn last_stored_reverses_the_order_of_equal_keys() {
    let o = ordering(&[TieKey::LastStored]);
    let mut open = OpenList::new(o.clone());
    for id in 0..3 {
        open.push(o.key(id, Cost::ZERO, Cost::ZERO, 0));
    }
    assert_eq!(open.pop(), Some(2));
    assert_eq!(open.len(), 2);
}

#[test]
fn stale_entries_are_skipped() {
    let o = ordering(&[]);
    let mut open = OpenList::new(o.clone());
    let old = o.key(0, Cost::units(5), Cost::ZERO, 0);
    open.push(old);
    open.push(o.key(1, Cost::units(3), Cost::ZERO, 0));
    // Row 1 closes by another route; row 0 stays open with its key.
    let k1 = o.key(1, Cost::units(3), Cost::ZERO, 0);
    open.forget(k1);
    open.clean_top(|_, id| (id == 0).then_some(old));
    assert_eq!(open.peek(), Some(old));
    assert_eq!(open.len(), 1);
}

#[test]
fn undone_pushes_leave_no_entry_behind_in_either_storing_order() {
    for policy in [TieKey::FirstStored, TieKey::LastStored] {
        let o = ordering(&[policy]);
        let key = |id| o.key(id, Cost::units(4), Cost::ZERO, 0);
        let mut kept = OpenList::new(o.clone());
        let mut undone = OpenList::new(o.clone());
        for id in 0..2 {
            kept.push(key(id));
            undone.push(key(id));
        }
        // A step stored rows 2 and 3; undoing it takes the newest out first.
        undone.push(key(2));
        undone.push(key(3));
        undone.unpush(key(3));
        undone.unpush(key(2));
        assert_eq!(undone.len(), 2, "{policy:?}");
        assert_eq!(
            undone.bytes(),
            kept.bytes(),
            "{policy:?}: no stale entry held"
        );
        undone.push(key(2));
        kept.push(key(2));
        let order =
            |open: &mut OpenList| -> Vec<NodeId> { std::iter::from_fn(|| open.pop()).collect() };
        assert_eq!(order(&mut undone), order(&mut kept), "{policy:?}");
    }
}

#[test]
fn a_level_emptied_and_filled_again_at_the_same_f_is_picked() {
    // The pushes here are at the last push's f, found without hashing: the level the
    // first pop released must not be reused through that shortcut.
    for f in [Cost::units(5), Cost::from_f64(std::f64::consts::SQRT_2)] {
        let o = ordering(&[TieKey::LowestH, TieKey::FirstStored]);
        let mut open = OpenList::new(o.clone());
        open.push(o.key(0, f, Cost::ZERO, 0));
        assert_eq!(open.pop(), Some(0));
        open.push(o.key(1, f, Cost::ZERO, 0));
        open.push(o.key(2, f, Cost::ZERO, 0));
        let top = open.peek().expect("rows 1 and 2 are open");
        let tied: Vec<u32> = open.explain(top).iter().map(|l| l.tied).collect();
        assert_eq!(tied, vec![2, 2, 1]);
        let order: Vec<NodeId> = std::iter::from_fn(|| open.pop()).collect();
        assert_eq!(order, vec![1, 2]);
    }
}

#[test]
fn a_tie_of_one_row_takes_a_bucket_when_another_joins_it() {
    let o = ordering(&[TieKey::LowestH, TieKey::FirstStored]);
    let mut open = OpenList::new(o.clone());
    let key = |id| o.key(id, Cost::units(2), Cost::units(3), 1);
    open.push(key(7));
    assert_eq!(open.buckets.in_use(), 0, "one row: no bucket");
    // Row 4, stored before row 7, joins its tie by an improved route: it is picked first.
    open.push(key(4));
    assert_eq!(open.buckets.in_use(), 1);
    let tied: Vec<u32> = open.explain(key(4)).iter().map(|l| l.tied).collect();
    assert_eq!(tied, vec![2, 2, 1]);
    assert_eq!(open.peek(), Some(key(4)));
    assert_eq!(open.pop(), Some(4));
    assert_eq!(open.pop(), Some(7));
    assert!(open.is_empty());
    assert_eq!(
        open.bytes(),
        0,
        "the tie, its bucket and its level are released"
    );
}

#[test]
fn an_improved_row_joins_its_bucket_in_storing_order() {
    let o = ordering(&[TieKey::FirstStored]);
    let mut open = OpenList::new(o.clone());
    // Rows 5 and 9 wait at f 4; row 7 is found again at f 4 (its route improved).
    for id in [5, 9, 7] {
        open.push(o.key(id, Cost::units(4), Cost::ZERO, 0));
    }
    let order: Vec<NodeId> = std::iter::from_fn(|| open.pop()).collect();
    assert_eq!(order, vec![5, 7, 9]);
}

#[test]
fn tie_counts_follow_rows_that_leave_by_another_route() {
    let o = ordering(&[TieKey::LowestH, TieKey::FirstStored]);
    let mut open = OpenList::new(o.clone());
    // Rows 0, 1, 2 at f 5 (h 3), row 3 at f 6 (h 4).
    let keys: Vec<OpenKey> = (0..4)
        .map(|id| {
            o.key(
                id,
                Cost::units(2),
                Cost::units(if id < 3 { 3 } else { 4 }),
                1,
            )
        })
        .collect();
    keys.iter().for_each(|&k| open.push(k));
    // Row 0 improves to f 4 (its old entry goes stale) and is picked.
    open.forget(keys[0]);
    open.push(o.key(0, Cost::units(1), Cost::units(3), 1));
    assert_eq!(open.pop(), Some(0));
    open.clean_top(|_, id| (id != 0).then(|| keys[id as usize]));
    let top = open.peek().unwrap();
    assert_eq!(o.id_of(top), 1, "row 0's stale entry is skipped");
    let tied: Vec<u32> = open.explain(top).iter().map(|l| l.tied).collect();
    assert_eq!(tied, vec![2, 2, 1]);
}

#[test]
fn a_pop_explains_the_pick_as_explain_did_just_before() {
    for policy in [
        &[TieKey::LowestH, TieKey::FirstStored][..],
        &[TieKey::LastStored][..],
    ] {
        let o = ordering(policy);
        let mut open = OpenList::new(o.clone());
        // Rows at f 4..6 with h 0..2, several sharing f and h.
        for id in 0..24 {
            let h = Cost::units(i64::from(id % 3));
            open.push(o.key(id, Cost::units(4 + i64::from(id % 5)) - h, h, 0));
        }
        while let Some(top) = open.peek() {
            let before = open.explain(top);
            let (key, levels) = open.pop_explained().unwrap();
            assert_eq!((key, levels), (top, before));
        }
        assert!(open.is_empty());
    }
}

/// An open list driven the way best-first search drives it, against a plain model: the
/// open rows with their current keys, in a list sorted on demand.
mod model {
    use super::*;
    use proptest::prelude::*;

    #[derive(Clone, Debug)]
    enum Op {
        /// A new row with g = a + b·√2 and h = c + d·√2.
        Store(u8, u8, u8, u8),
        /// The open row at this position (of the open ones) gets a cheaper route (by a unit
        /// or by √2).
        Improve(usize, bool),
        /// The closed row at this position is reached by a cheaper route and reopens.
        Reopen(usize, bool),
        /// The top is picked.
        Pick,
        /// The newest rows are undone, newest first.
        Undo(usize),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            4 => (0..4u8, 0..3u8, 0..4u8, 0..3u8).prop_map(|(a, b, c, d)| Op::Store(a, b, c, d)),
            1 => (any::<usize>(), any::<bool>()).prop_map(|(i, d)| Op::Improve(i, d)),
            1 => (any::<usize>(), any::<bool>()).prop_map(|(i, d)| Op::Reopen(i, d)),
            3 => Just(Op::Pick),
            1 => (1..4usize).prop_map(Op::Undo),
        ]
    }

    fn cost(units: u8, diagonals: u8) -> Cost {
        // √2 steps, so that real-valued costs make many distinct keys.
        Cost::units(i64::from(units))
            + Cost::from_f64(std::f64::consts::SQRT_2) * i64::from(diagonals)
    }

    /// A row as the model holds it: its g and h, and whether it is open.
    #[derive(Clone, Copy)]
    struct Row {
        g: Cost,
        h: Cost,
        open: bool,
    }

    /// Runs `ops` on `open` (empty, ordered by `policy`) and on the model.
    fn check(policy: &[TieKey], ops: &[Op], open: &mut OpenList) -> Result<(), TestCaseError> {
        let o = ordering(policy);
        let mut rows: Vec<Row> = Vec::new();
        let key = |rows: &[Row], id: usize| {
            let r = rows[id];
            o.key(NodeId::try_from(id).unwrap(), r.g, r.h, 0)
        };
        let nth = |rows: &[Row], i: usize, want: bool| {
            let ids: Vec<usize> = (0..rows.len())
                .filter(|&id| rows[id].open == want)
                .collect();
            (!ids.is_empty()).then(|| ids[i % ids.len()])
        };
        for op in ops {
            match *op {
                Op::Store(a, b, c, d) => {
                    rows.push(Row {
                        g: cost(a, b),
                        h: cost(c, d),
                        open: true,
                    });
                    open.push(key(&rows, rows.len() - 1));
                }
                Op::Improve(i, diagonal) => {
                    let Some(id) = nth(&rows, i, true) else {
                        continue;
                    };
                    let better = rows[id].g - cost(u8::from(!diagonal), u8::from(diagonal));
                    open.forget(key(&rows, id));
                    rows[id].g = better;
                    open.push(key(&rows, id));
                }
                Op::Reopen(i, diagonal) => {
                    let Some(id) = nth(&rows, i, false) else {
                        continue;
                    };
                    rows[id].g = rows[id].g - cost(u8::from(!diagonal), u8::from(diagonal));
                    rows[id].open = true;
                    open.push(key(&rows, id));
                }
                Op::Undo(k) => {
                    for id in (rows.len().saturating_sub(k)..rows.len()).rev() {
                        if rows[id].open {
                            open.unpush(key(&rows, id));
                        }
                    }
                    rows.truncate(rows.len().saturating_sub(k));
                }
                Op::Pick => {
                    open.clean_top(|_, id| {
                        let id = id as usize;
                        (id < rows.len() && rows[id].open).then(|| key(&rows, id))
                    });
                    let mut model: Vec<OpenKey> = (0..rows.len())
                        .filter(|&id| rows[id].open)
                        .map(|id| key(&rows, id))
                        .collect();
                    model.sort_unstable();
                    let top = open.peek();
                    prop_assert_eq!(top, model.first().copied());
                    let Some(top) = top else { continue };
                    let same_f = model.iter().filter(|k| k.f == top.f).count();
                    let same_key = model
                        .iter()
                        .filter(|k| (k.f, k.tie) == (top.f, top.tie))
                        .count();
                    let mut want = vec![u32::try_from(same_f).unwrap()];
                    if o.numeric.is_some() {
                        want.push(u32::try_from(same_key).unwrap());
                    }
                    want.push(1);
                    let explained = open.explain(top);
                    let tied: Vec<u32> = explained.iter().map(|l| l.tied).collect();
                    prop_assert_eq!(tied, want);
                    prop_assert_eq!(open.pop_explained(), Some((top, explained)));
                    rows[o.id_of(top) as usize].open = false;
                }
            }
            let live = rows.iter().filter(|r| r.open).count();
            prop_assert_eq!(open.len(), live, "after {:?}", op);
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn the_open_list_picks_and_counts_as_a_sorted_list_would(
            ops in prop::collection::vec(op(), 0..200),
            policy in 0..4usize,
        ) {
            let policies: [&[TieKey]; 4] = [
                &[TieKey::LowestH, TieKey::FirstStored],
                &[TieKey::HighestG, TieKey::LastStored],
                &[TieKey::LastStored],
                &[],
            ];
            let mut open = OpenList::new(ordering(policies[policy]));
            check(policies[policy], &ops, &mut open)?;
        }

        /// An open list on the storage another left, as a dropped list leaves it (levels,
        /// ties and buckets in use, emptied), picks and counts as a new one.
        #[test]
        fn an_open_list_on_left_storage_picks_as_a_new_one(
            left_ops in prop::collection::vec(op(), 0..200),
            ops in prop::collection::vec(op(), 0..200),
            policy in 0..2usize,
        ) {
            let policies: [&[TieKey]; 2] = [
                &[TieKey::LowestH, TieKey::FirstStored],
                &[TieKey::HighestG, TieKey::LastStored],
            ];
            let o = ordering(policies[policy]);
            let mut left = OpenList::new(o.clone());
            check(policies[policy], &left_ops, &mut left)?;
            let storage = spare::emptied(left.take_storage()).expect("a small storage is kept");
            let mut open = OpenList::on(o, storage);
            check(policies[policy], &ops, &mut open)?;
        }
    }
}
