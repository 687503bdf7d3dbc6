//! Tables of numbered states that finished searches gave back, all zero again, for the next
//! search on the same thread.
//!
//! A table of numbered states has a slot for every cell of a map, whatever a search stores:
//! running every query of a Moving AI scenario file made a search per query, and each
//! allocated and zeroed a table the size of the map to store a few hundred rows (a 1024×1024
//! map's is 4 MB, most of a short query's work). A search that ends gives
//! its table back after clearing only the slots its own rows took, and the next search of a
//! similar size takes it instead of a fresh one.
//!
//! Tables are kept per thread (the CLI, the app's worker, each test), a few and at most 16 MB
//! of them, so that what is held here outside any search's memory figures stays small, and no
//! lock is taken. Per thread, not shared: a table may be up to twice the size a search asks
//! for and counts in its memory figures, which should not depend on what other threads ran. A
//! larger table (a map of over 4 million cells) is not kept.

use super::NodeId;
use std::cell::RefCell;

/// Tables kept at most; the oldest goes when another comes back.
const KEPT: usize = 4;
/// Slots kept at most, in all (16 MB of row ids).
const KEPT_SLOTS: usize = 4 << 20;

thread_local! {
    static SPARE: RefCell<Vec<Vec<NodeId>>> = const { RefCell::new(Vec::new()) };
}

/// A zeroed table of `len` slots or a little more (up to twice: a spare from a larger map is
/// not taken for a small one, whose memory figures it would inflate).
pub(super) fn take(len: usize) -> Vec<NodeId> {
    let spare = SPARE.with_borrow_mut(|spare| {
        let at = spare
            .iter()
            .rposition(|t| t.len() >= len && t.len() <= 2 * len)?;
        Some(spare.swap_remove(at))
    });
    match spare {
        Some(table) => {
            debug_assert!(table.iter().all(|&slot| slot == 0), "a spare table is zero");
            table
        }
        None => vec![0; len],
    }
}

/// Keeps `table`, whose every slot the caller set back to 0, for another search (the oldest
/// kept go to make room; a table over [`KEPT_SLOTS`] is dropped).
pub(super) fn give(table: Vec<NodeId>) {
    debug_assert!(
        table.iter().all(|&slot| slot == 0),
        "a table given back is zero"
    );
    if table.len() > KEPT_SLOTS {
        return;
    }
    SPARE.with_borrow_mut(|spare| {
        spare.push(table);
        while spare.len() > KEPT || spare.iter().map(Vec::len).sum::<usize>() > KEPT_SLOTS {
            spare.remove(0);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_given_back_is_taken_by_a_search_of_a_similar_size_only() {
        // Each test runs on a thread of its own: the spares here are this test's.
        let kept = || SPARE.with_borrow(Vec::len);
        let table = take(1000);
        assert_eq!(table.len(), 1000);
        let at = table.as_ptr();
        give(table);
        assert_eq!(kept(), 1);
        assert_eq!(
            take(3000).len(),
            3000,
            "too small for 3000 slots: a fresh one"
        );
        assert_eq!(take(400).len(), 400, "twice too large for 400: a fresh one");
        assert_eq!(kept(), 1, "neither took it");
        let again = take(900);
        assert_eq!((again.len(), again.as_ptr()), (1000, at), "the same table");
        assert_eq!(kept(), 0, "taken once");
    }

    #[test]
    fn only_a_few_tables_and_slots_are_kept() {
        let kept = || SPARE.with_borrow(|spare| spare.iter().map(Vec::len).collect::<Vec<_>>());
        for _ in 0..2 * KEPT {
            give(vec![0; 10]);
        }
        assert_eq!(kept(), [10; KEPT]);
        give(vec![0; KEPT_SLOTS + 1]);
        assert_eq!(kept(), [10; KEPT], "too large to keep");
        give(vec![0; KEPT_SLOTS - 15]);
        assert_eq!(kept(), [10, KEPT_SLOTS - 15], "the oldest made room");
    }
}
