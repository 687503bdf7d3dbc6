use super::{IdSet, NodeId, Place, Rank, SortedIds};

/// A list of ids `0..len` in storing order, `leaving` marked to be taken out.
fn list(len: u32, leaving: &[NodeId]) -> SortedIds {
    let ids: Vec<NodeId> = (0..len).collect();
    SortedIds {
        places: ids.iter().map(|&id| Place::Own(Rank::Stored(id))).collect(),
        listed: IdSet::of(&ids),
        leaving: IdSet::of(leaving),
        ids,
        ..SortedIds::default()
    }
}

#[test]
fn the_span_of_leaving_rows_is_read_from_the_nearer_end_only() {
    // Both ends find the whole span, whichever side is shorter.
    assert_eq!(list(100, &[2, 5, 9]).span(3), (2, 10));
    assert_eq!(list(100, &[91, 97]).span(2), (91, 98));
    // Once one side has found as many as it was told, it stops: a row further on is not
    // read (the picks at a million-row list's front end the search there).
    assert_eq!(list(100, &[2, 90]).span(1), (2, 3));
    assert_eq!(list(100, &[10, 97]).span(1), (97, 98));
}

#[test]
fn taking_rows_out_keeps_the_rest_in_order_from_either_side() {
    for leaving in [vec![1, 3, 4], vec![95, 98], vec![0, 99], vec![50]] {
        let mut l = list(100, &[]);
        l.remove_touched(&leaving);
        let kept: Vec<NodeId> = (0..100).filter(|id| !leaving.contains(id)).collect();
        assert_eq!(l.ids(), kept.as_slice(), "{leaving:?}");
        assert!(leaving.iter().all(|&id| !l.listed.contains(id)));
        assert!(kept.iter().all(|&id| l.listed.contains(id)));
    }
}
