//! Open lists' storage, emptied, that ended searches left for the next open list.
//!
//! Running every query of a Moving AI scenario file makes a search per query, and each made its
//! open list's heap, hashed map, levels (each with room for 16 ties) and buckets, then freed
//! them, for a few dozen steps: a short query spent much of its time allocating and freeing
//! them. An open list that is dropped leaves its storage here, emptied; the next one
//! made takes it. One is kept for the process ([`Kept`]), and only a small one, so that what is
//! held outside any search's memory figures stays small.

use super::buckets::{ALONE, Bucket, Level, Slots};
use crate::engine::cost::Cost;
use crate::engine::kept::Kept;
use rustc_hash::FxHashMap;
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

static SPARE: Kept<Storage> = Kept::new();

/// The storage an open list left, empty ([`give`] keeps only storage [`emptied`]), if any.
pub(super) fn take() -> Option<Storage> {
    SPARE.take()
}

/// Keeps `storage` for the next open list, emptied ([`emptied`]), unless it is large.
pub(super) fn give(storage: Storage) {
    if let Some(storage) = emptied(storage) {
        SPARE.put(storage);
    }
}

/// `storage` emptied (every slot free, every level and bucket empty with its room kept), or
/// nothing if it is too large to keep. A bucket's counts are left as they are: the open list
/// sets them when it takes the bucket.
pub(super) fn emptied(mut storage: Storage) -> Option<Storage> {
    if storage.levels.items.len() > KEPT_SLOTS || storage.buckets.items.len() > KEPT_SLOTS {
        return None;
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
    debug_assert!(is_empty(&storage), "emptied storage is empty");
    Some(storage)
}

/// Whether `storage` holds nothing, as [`emptied`] leaves it.
fn is_empty(storage: &Storage) -> bool {
    storage.order.is_empty()
        && storage.level_of.is_empty()
        && storage.levels.in_use() == 0
        && storage.buckets.in_use() == 0
        && storage
            .levels
            .items
            .iter()
            .all(|l| l.live == 0 && l.ties.is_empty())
        && storage.buckets.items.iter().all(|b| b.rest.is_empty())
}
