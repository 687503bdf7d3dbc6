//! The best-first open list: explicit priority keys with tie-break levels and storing order.
//!
//! Every open row has a [`OpenKey`]: the algorithm's priority f, then at most one numeric tie key,
//! then its rank in storing order. One numeric level is always enough: with f fixed, h and g
//! determine each other (f = g + h, g + w·h, g or h), so a second numeric key could never split a
//! tie the first left. The storing rank is unique, so every pick is reproducible.
//!
//! Entries are never updated in place: an entry whose row has since closed or changed key is
//! stale and skipped when it reaches the top (no decrease-key), as in `pathfinding`.

use super::cost::Cost;
use super::notebook::NodeId;
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

mod buckets;
mod cow_queue;
mod leaving;
mod open_rows;
mod ordering;
mod spare;
mod storing_queue;

use buckets::{ALONE, Bucket, Level, Slots, Tie};
pub use open_rows::OpenRows;
pub use ordering::{OpenKey, Ordering, TieLevel, TieLevels};
pub use storing_queue::StoringQueue;

/// Where the last push went: its f and level, and where its tie was in the level's ties (valid
/// while the tie there has the same value). Successors of one expansion often share their f
/// (breadth-first always does, sliding puzzles half the time) and then their whole key but the
/// rank (breadth-first: one tie per depth; a sliding puzzle's successors at the pick's f share
/// their h), and then a push neither hashes f nor searches the level's ties.
#[derive(Clone, Copy, Debug)]
struct LastPush {
    f: Cost,
    level: u32,
    at: usize,
}

/// The open list of a best-first search, in two levels: a min-heap of the distinct f values
/// (each once, with the slot of its [`Level`]), and under each f its ties by tie value.
///
/// Breadth-first and small integer costs fill few ties, each with a bucket of many ranks, so a
/// push or pop is an end of a queue (breadth-first is a plain FIFO: storing order is the
/// order), found without hashing ([`LastPush`]) or by one hash of f. Real-valued costs (grids)
/// make many ties of one row each at many f values: a push finds its f's level among the
/// recent ones or by one hash of f, and its tie in a short sorted list; a pop reaches the top
/// level and tie through the heap, without hashing, and hashes only when it empties a level.
/// Buckets hold 4-byte ranks (the tie says the rest of the key), and live counts per tie and
/// per f are kept as rows come and go, so explaining a pick reads two counts instead of
/// scanning.
///
/// A tie whose rows have all left by another route (improved, undone) is dropped when the last
/// one leaves, so the top tie always holds an open row, and stale entries stay only among open
/// ones (checked at the top only where a bucket holds more entries than open rows).
#[derive(Clone, Debug)]
pub struct OpenList {
    ordering: Ordering,
    /// The f of every level with its slot, smallest on top. The top level is never empty.
    order: BinaryHeap<Reverse<(Cost, u32)>>,
    /// The slot of each f's level.
    level_of: FxHashMap<Cost, u32>,
    /// Levels found lately, by f, in front of `level_of` ([`Recent`]).
    recent: [Recent; RECENT],
    last: Option<LastPush>,
    levels: Slots<Level>,
    buckets: Slots<Bucket>,
    len: usize,
    /// Ranks held, stale ones included (for the memory figures).
    entries: usize,
}

/// A level found lately: its f and slot. A grid expansion's successors fall at a few f values
/// near the pick's, met again by the next expansions; finding them here instead of hashing into
/// `level_of` saves a hash probe on most pushes. An entry goes when its level does.
#[derive(Clone, Copy, Debug)]
struct Recent {
    f: Cost,
    /// [`Recent::NONE`] in an empty entry.
    slot: u32,
}

impl Recent {
    const NONE: u32 = u32::MAX;
    const EMPTY: Recent = Recent {
        f: Cost::ZERO,
        slot: Recent::NONE,
    };

    /// Where f's entry goes among [`RECENT`].
    #[inline]
    fn at(f: Cost) -> usize {
        #[expect(clippy::cast_sign_loss, reason = "bits to hash")]
        let bits = f.raw() as u64;
        (bits.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (u64::BITS - RECENT.ilog2())) as usize
    }
}

/// Entries of [`OpenList::recent`] (a power of two).
const RECENT: usize = 8;

/// Levels a new open list has room for before its heap, hash map and level slots grow: a short
/// grid query (60–110 states, a few dozen levels) then never grows them step by step, which was
/// a good part of its set-up. Buckets get no room: a grid's ties seldom need one.
const START_LEVELS: usize = 64;

impl OpenList {
    /// An empty open list, on the storage the last one dropped left (see [`spare`]) or on new
    /// storage.
    #[must_use]
    pub fn new(ordering: Ordering) -> OpenList {
        let storage = spare::take().unwrap_or_else(|| spare::Storage {
            order: BinaryHeap::with_capacity(START_LEVELS),
            level_of: FxHashMap::with_capacity_and_hasher(START_LEVELS, Default::default()),
            levels: Slots::with_capacity(START_LEVELS),
            buckets: Slots::default(),
        });
        OpenList::on(ordering, storage)
    }

    /// An empty open list on `storage`, which holds nothing.
    fn on(ordering: Ordering, storage: spare::Storage) -> OpenList {
        OpenList {
            ordering,
            order: storage.order,
            level_of: storage.level_of,
            recent: [Recent::EMPTY; RECENT],
            last: None,
            levels: storage.levels,
            buckets: storage.buckets,
            len: 0,
            entries: 0,
        }
    }

    /// The list's storage as it is, taken out (the list is left with none).
    fn take_storage(&mut self) -> spare::Storage {
        spare::Storage {
            order: std::mem::take(&mut self.order),
            level_of: std::mem::take(&mut self.level_of),
            levels: std::mem::take(&mut self.levels),
            buckets: std::mem::take(&mut self.buckets),
        }
    }

    #[must_use]
    pub fn ordering(&self) -> &Ordering {
        &self.ordering
    }

    /// Open rows (not bucket entries).
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A row joins the open list with `key`.
    #[inline]
    pub fn push(&mut self, key: OpenKey) {
        self.len += 1;
        self.entries += 1;
        let level = match self.last {
            Some(last) if last.f == key.f => {
                let at_level = self.levels.get_mut(last.level);
                if let Some(tie) = at_level.ties.get_mut(last.at)
                    && tie.tie == key.tie
                {
                    at_level.live += 1;
                    Self::join(&mut self.buckets, tie, key.rank);
                    return;
                }
                last.level
            }
            _ => self.level_for(key.f),
        };
        let at_level = self.levels.get_mut(level);
        at_level.live += 1;
        let at = match at_level.find(key.tie) {
            (at, true) => {
                Self::join(&mut self.buckets, &mut at_level.ties[at], key.rank);
                at
            }
            (at, false) => {
                let alone = Tie {
                    tie: key.tie,
                    head: key.rank,
                    bucket: ALONE,
                };
                at_level.ties.insert(at, alone);
                at
            }
        };
        self.last = Some(LastPush {
            f: key.f,
            level,
            at,
        });
    }

    /// Rank `rank` joins `tie`, which gets a bucket if it had one row.
    #[inline(always)]
    fn join(buckets: &mut Slots<Bucket>, tie: &mut Tie, rank: u32) {
        if tie.bucket == ALONE {
            Self::pair(buckets, tie, rank);
        } else {
            buckets.get_mut(tie.bucket).insert(&mut tie.head, rank);
        }
    }

    /// A second rank joins a tie of one row: it takes a bucket.
    #[inline(never)]
    fn pair(buckets: &mut Slots<Bucket>, tie: &mut Tie, rank: u32) {
        let slot = buckets.take();
        let bucket = buckets.get_mut(slot);
        let second = if rank < tie.head {
            std::mem::replace(&mut tie.head, rank)
        } else {
            rank
        };
        bucket.rest.push_back(second);
        bucket.last = second;
        bucket.live = 2;
        bucket.held = 2;
        tie.bucket = slot;
    }

    /// The slot of f's level, a new one if f has none: the top level's (a step towards the
    /// goal on a grid keeps the pick's f) and recent ones are found without hashing.
    #[inline]
    fn level_for(&mut self, f: Cost) -> u32 {
        if let Some(&Reverse((top, slot))) = self.order.peek()
            && top == f
        {
            return slot;
        }
        if let Some(slot) = self.recent_level(f) {
            return slot;
        }
        let levels = &mut self.levels;
        let order = &mut self.order;
        let slot = *self.level_of.entry(f).or_insert_with(|| {
            let slot = levels.take();
            order.push(Reverse((f, slot)));
            slot
        });
        self.recent[Recent::at(f)] = Recent { f, slot };
        slot
    }

    /// f's level, if it was found lately ([`Recent`]).
    #[inline]
    fn recent_level(&self, f: Cost) -> Option<u32> {
        let recent = self.recent[Recent::at(f)];
        (recent.f == f && recent.slot != Recent::NONE).then_some(recent.slot)
    }

    /// The slot of f's level, if f has one.
    fn level_slot(&self, f: Cost) -> Option<u32> {
        match (self.last, self.order.peek()) {
            (Some(last), _) if last.f == f => Some(last.level),
            (_, Some(&Reverse((top, slot)))) if top == f => Some(slot),
            _ => self
                .recent_level(f)
                .or_else(|| self.level_of.get(&f).copied()),
        }
    }

    /// The slot of the level holding `key`'s tie, and where the tie is in its ties.
    fn find(&self, key: OpenKey) -> Option<(u32, usize)> {
        let level = self.level_slot(key.f)?;
        match self.levels.get(level).find(key.tie) {
            (at, true) => Some((level, at)),
            _ => None,
        }
    }

    /// The key of the next pick. Call [`OpenList::clean_top`] first.
    #[must_use]
    pub fn peek(&self) -> Option<OpenKey> {
        let &Reverse((f, level)) = self.order.peek()?;
        let tie = self.levels.get(level).ties.last()?;
        Some(OpenKey {
            f,
            tie: tie.tie,
            rank: tie.head,
        })
    }

    /// Open rows in the tie: 1 without a bucket.
    fn live_in(&self, tie: &Tie) -> u32 {
        if tie.bucket == ALONE {
            1
        } else {
            self.buckets.get(tie.bucket).live
        }
    }

    /// Why `key` wins: the count of open rows tied with it at each level.
    #[must_use]
    pub fn explain(&self, key: OpenKey) -> TieLevels {
        let level = self.level_slot(key.f).map(|l| self.levels.get(l));
        let same_f = level.map_or(0, |l| l.live);
        let same_key = level
            .and_then(|l| match l.find(key.tie) {
                (at, true) => Some(self.live_in(&l.ties[at])),
                _ => None,
            })
            .unwrap_or(0);
        self.ordering.explanation(same_f, same_key)
    }

    /// Removes the top (which must be fresh) and returns its row.
    pub fn pop(&mut self) -> Option<NodeId> {
        let (key, _) = self.pop_explained()?;
        Some(self.ordering.id_of(key))
    }

    /// Removes the top (which must be fresh) and returns its key with
    /// [`OpenList::explain`]'s answer from just before, reaching its tie and counts once.
    /// Inlined always into its one caller in a search, the step: about one instruction a pick
    /// less (and ~1.5M on a 15-puzzle A* once the step was generic over its open rows, where
    /// the compiler stopped inlining it by itself).
    #[inline(always)]
    pub fn pop_explained(&mut self) -> Option<(OpenKey, TieLevels)> {
        let &Reverse((f, level)) = self.order.peek()?;
        let at_level = self.levels.get_mut(level);
        let same_f = at_level.live;
        at_level.live -= 1;
        self.len -= 1;
        let top = at_level.ties.len() - 1;
        let tie = &mut at_level.ties[top];
        let key = OpenKey {
            f,
            tie: tie.tie,
            rank: tie.head,
        };
        let mut same_key = 1;
        if tie.bucket != ALONE {
            let bucket = self.buckets.get_mut(tie.bucket);
            same_key = bucket.live;
            bucket.live -= 1;
            if bucket.live > 0 {
                tie.head = bucket.advance();
                self.entries -= 1;
                return Some((key, self.ordering.explanation(same_f, same_key)));
            }
        } else if top > 0 {
            // A tie of one row below which the level holds more (most grid pops): the tie and
            // its entry go here, without the call.
            at_level.ties.pop();
            self.entries -= 1;
            return Some((key, self.ordering.explanation(same_f, same_key)));
        }
        // The popped rank is counted off with the tie.
        self.drop_top_tie(level);
        Some((key, self.ordering.explanation(same_f, same_key)))
    }

    /// Bytes held by the entries, ties, buckets and levels (for the memory figures).
    #[must_use]
    pub fn bytes(&self) -> usize {
        let ties: usize = self.levels.items.iter().map(|l| l.ties.len()).sum();
        let level = std::mem::size_of::<Level>()
            + std::mem::size_of::<(Cost, u32)>()
            + std::mem::size_of::<Reverse<(Cost, u32)>>()
            + 1;
        self.entries * std::mem::size_of::<u32>()
            + ties * std::mem::size_of::<Tie>()
            + self.buckets.in_use() * std::mem::size_of::<Bucket>()
            + self.levels.in_use() * level
    }

    /// Of [`OpenList::bytes`], those a clone shares instead of copying: the ranks in the
    /// buckets' sealed chunks.
    #[must_use]
    pub fn shared_bytes(&self) -> usize {
        let ranks: usize = self.buckets.items.iter().map(|b| b.rest.shared_len()).sum();
        ranks * std::mem::size_of::<u32>()
    }
}

/// A dropped open list leaves its storage for the next one ([`spare`]). Kept because making an
/// open list is a good share of a short grid query, as the bench's den101d case shows.
impl Drop for OpenList {
    fn drop(&mut self) {
        spare::give(self.take_storage());
    }
}

#[cfg(test)]
mod tests;
