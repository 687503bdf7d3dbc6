//! Open lists' storage, emptied, that ended searches left for the next open list on the same
//! thread.
//!
//! Running every query of a Moving AI scenario file makes a search per query, and each made its
//! open list's heap, hashed map, levels (each with room for 16 ties) and buckets, then freed
//! them, for a few dozen steps: ~5% of a short query's instructions went to allocating and
//! freeing them. An open list that is dropped leaves its storage here, emptied; the next one
//! made on the thread takes it. One is kept per thread, and only a small one, so that what is
//! held outside any search's memory figures stays small.

use super::{ALONE, Bucket, Cost, Level, Slots};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Level or bucket slots an open list's storage may have to be kept (a few hundred KB at most).
const KEPT_SLOTS: usize = 4096;

/// An open list's storage (see [`super::OpenList`]).
pub(super) struct Storage {
    pub(super) order: BinaryHeap<Reverse<(Cost, u32)>>,
    pub(super) level_of: FxHashMap<Cost, u32>,
    pub(super) levels: Slots<Level>,
    pub(super) buckets: Slots<Bucket>,
}

thread_local! {
    static SPARE: RefCell<Option<Storage>> = const { RefCell::new(None) };
}

/// The storage an open list left on this thread, empty, if any.
pub(super) fn take() -> Option<Storage> {
    let storage = SPARE.try_with(|spare| spare.borrow_mut().take()).ok()??;
    debug_assert!(
        storage.order.is_empty()
            && storage.level_of.is_empty()
            && storage.levels.in_use() == 0
            && storage.buckets.in_use() == 0
            && storage
                .levels
                .items
                .iter()
                .all(|l| l.live == 0 && l.ties.is_empty())
            && storage.buckets.items.iter().all(|b| b.rest.is_empty()),
        "spare storage is empty"
    );
    Some(storage)
}

/// Keeps `storage` for the next open list on this thread, emptied (every slot free, every level
/// and bucket empty with its room kept), unless it is large. A bucket's counts are left as they
/// are: the open list sets them when it takes the bucket.
pub(super) fn give(mut storage: Storage) {
    if storage.levels.items.len() > KEPT_SLOTS || storage.buckets.items.len() > KEPT_SLOTS {
        return;
    }
    // Only the levels in the heap hold ties, and only those ties' buckets hold ranks: the rest
    // were emptied when released.
    for &Reverse((_, slot)) in storage.order.iter() {
        let level = storage.levels.get_mut(slot);
        for tie in level.ties.drain(..) {
            if tie.bucket != ALONE {
                storage.buckets.get_mut(tie.bucket).rest.clear();
            }
        }
        level.live = 0;
    }
    storage.order.clear();
    storage.level_of.clear();
    storage.levels.free_all();
    storage.buckets.free_all();
    // A thread that is ending (its locals already dropped) keeps nothing.
    let _ = SPARE.try_with(|spare| *spare.borrow_mut() = Some(storage));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::sliding::instances::eight_hardest;
    use crate::engine::search::Search;
    use crate::engine::settings::{Algorithm, Heuristic, Settings};

    fn hardest(algorithm: Algorithm) -> Search<crate::domains::sliding::SlidingPuzzle<u64>> {
        let settings = Settings {
            algorithm,
            heuristic: Heuristic::Manhattan,
            ..Settings::default()
        };
        Search::new(eight_hardest(), settings)
    }

    /// A search whose open list takes the storage another left, dropped in the middle of its
    /// search with levels, ties and buckets in use, must step exactly as one on a thread that
    /// never had an open list.
    #[test]
    fn an_open_list_on_left_storage_steps_as_a_new_one() {
        // Each test runs on a thread of its own: the spare here is this test's.
        for algorithm in [Algorithm::AStar, Algorithm::Dijkstra] {
            let fresh = std::thread::spawn(move || {
                let mut search = hardest(algorithm);
                search.run(u64::MAX);
                (search.step_record().clone(), search.counts())
            })
            .join()
            .expect("the fresh search ends");
            let mut left = hardest(algorithm);
            left.run(2000);
            assert!(left.strategy().bytes() > 0, "the open list holds rows");
            drop(left);
            assert!(
                SPARE.with_borrow(Option::is_some),
                "the dropped open list left storage"
            );
            let mut reused = hardest(algorithm);
            reused.run(u64::MAX);
            assert!(
                SPARE.with_borrow(Option::is_none),
                "the new search took the storage"
            );
            assert_eq!(reused.counts(), fresh.1, "{algorithm:?}");
            assert!(
                *reused.step_record() == fresh.0,
                "{algorithm:?}: the same steps"
            );
        }
    }
}
