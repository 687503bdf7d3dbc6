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
use super::settings::Algorithm;
use super::tie::{TieKey, TieWeights};
use cow_queue::CowQueue;
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

mod cow_queue;
mod spare;
mod storing_queue;

pub use storing_queue::StoringQueue;

/// The full ordering key of an open row; smaller is picked first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OpenKey {
    pub f: Cost,
    tie: i64,
    rank: u32,
}

/// How f and the tie levels are computed from a row's g, h and depth.
#[derive(Clone, Debug, PartialEq)]
pub struct Ordering {
    algorithm: Algorithm,
    weight: f64,
    numeric: Option<TieKey>,
    order: TieKey,
    /// `numeric`'s weights ([`TieKey::weights`]; none without one).
    tie: TieWeights,
    /// What a row's id is XORed with for its storing rank: all ones when the latest stored
    /// goes first (the rank is then `u32::MAX - id`), else none.
    rank_mask: u32,
}

impl Ordering {
    /// The ordering for an algorithm and policy. Keys after the first storing-order key can
    /// never decide and are ignored; without one, first stored decides last.
    #[must_use]
    pub fn new(algorithm: Algorithm, weight: f64, policy: &[TieKey]) -> Ordering {
        let order_at = policy.iter().position(|k| k.is_order());
        let before_order = &policy[..order_at.unwrap_or(policy.len())];
        let numeric = before_order.first().copied();
        let order = order_at.map_or(TieKey::FirstStored, |i| policy[i]);
        Ordering {
            algorithm,
            weight,
            numeric,
            order,
            tie: numeric.map_or(TieWeights::NONE, TieKey::weights),
            rank_mask: if order.latest_first() { u32::MAX } else { 0 },
        }
    }

    /// The algorithm's priority of a row.
    #[must_use]
    #[inline]
    pub fn f(&self, g: Cost, h: Cost, depth: u32) -> Cost {
        match self.algorithm {
            Algorithm::Dijkstra => g,
            Algorithm::Greedy => h,
            Algorithm::BreadthFirst
            | Algorithm::Iddfs
            | Algorithm::Backtracking
            | Algorithm::GenerateAndTest => Cost::units(i64::from(depth)),
            Algorithm::WeightedAStar => g + h.scaled(self.weight),
            Algorithm::AStar | Algorithm::IdaStar => g + h,
        }
    }

    /// The complete key of row `id`.
    #[must_use]
    #[inline]
    pub fn key(&self, id: NodeId, g: Cost, h: Cost, depth: u32) -> OpenKey {
        OpenKey {
            f: self.f(g, h, depth),
            tie: self.tie.rank(g, h),
            rank: id ^ self.rank_mask,
        }
    }

    /// The row a key belongs to.
    #[must_use]
    #[inline]
    pub fn id_of(&self, key: OpenKey) -> NodeId {
        key.rank ^ self.rank_mask
    }

    /// Whether rows are picked in the order they were stored: breadth-first search (f is the
    /// depth, which never falls from one row to the next in storing order) with nothing
    /// between f and first stored. Its open rows are then the rows after the last pick.
    #[must_use]
    pub fn picks_in_storing_order(&self) -> bool {
        self.algorithm == Algorithm::BreadthFirst
            && self.numeric.is_none()
            && !self.order.latest_first()
    }

    /// The explanation of a pick that shared its f with `same_f` open rows (itself included)
    /// and its whole key but the storing rank with `same_key`. Written in place (not pushed
    /// level by level): a pick is explained every step.
    #[must_use]
    #[inline]
    pub fn explanation(&self, same_f: u32, same_key: u32) -> TieLevels {
        let first = Some(TieLevel {
            key: None,
            tied: same_f,
        });
        let order = Some(TieLevel {
            key: Some(self.order),
            tied: 1,
        });
        let levels = match self.numeric {
            Some(numeric) => [
                first,
                Some(TieLevel {
                    key: Some(numeric),
                    tied: same_key,
                }),
                order,
                None,
            ],
            None => [first, order, None, None],
        };
        TieLevels { levels }
    }
}

/// One level of a pick's explanation.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TieLevel {
    /// `None` for the algorithm's own priority f; otherwise the tie-break key.
    pub key: Option<TieKey>,
    /// How many open states (the pick included) were equal up to and including this level.
    pub tied: u32,
}

/// The levels of one pick's explanation, held inline (a pick is made every step; no allocation).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TieLevels {
    levels: [Option<TieLevel>; 4],
}

impl TieLevels {
    fn push(&mut self, level: TieLevel) {
        if let Some(free) = self.levels.iter_mut().find(|l| l.is_none()) {
            *free = Some(level);
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &TieLevel> {
        self.levels.iter().map_while(Option::as_ref)
    }

    /// The algorithm's own priority level: how many open states shared the pick's f.
    #[must_use]
    pub fn first(&self) -> Option<&TieLevel> {
        self.get(0)
    }

    /// Level `i`, the algorithm's priority being level 0.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<&TieLevel> {
        self.levels.get(i).and_then(Option::as_ref)
    }

    /// No levels: the pick had nothing to tie on (the top of a stack).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.levels[0].is_none()
    }
}

impl<'a> IntoIterator for &'a TieLevels {
    type Item = &'a TieLevel;
    type IntoIter = std::iter::MapWhile<
        std::slice::Iter<'a, Option<TieLevel>>,
        fn(&'a Option<TieLevel>) -> Option<&'a TieLevel>,
    >;
    fn into_iter(self) -> Self::IntoIter {
        self.levels.iter().map_while(Option::as_ref)
    }
}

impl FromIterator<TieLevel> for TieLevels {
    /// Keeps the first four levels.
    fn from_iter<I: IntoIterator<Item = TieLevel>>(list: I) -> TieLevels {
        let mut levels = TieLevels::default();
        list.into_iter().for_each(|l| levels.push(l));
        levels
    }
}

impl Serialize for TieLevels {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// Open rows sharing one (f, tie) value, under their level: the tie value and the rank picked
/// next, kept inline, and the rest, if any, in a [`Bucket`]. A tie of one row (most of them
/// with real-valued costs: grids) is these 16 bytes and nothing else, so storing and picking it
/// never takes or releases a bucket.
#[derive(Clone, Copy, Debug)]
struct Tie {
    tie: i64,
    /// The rank picked next: the smallest held.
    head: u32,
    /// The slot of the bucket holding the ranks after `head` and the counts, or [`ALONE`]: then
    /// `head` is the only entry, and open.
    bucket: u32,
}

/// [`Tie::bucket`] of a tie holding one open row.
const ALONE: u32 = u32::MAX;

/// The ranks after the head of a tie holding more than one, in picking order, and its counts.
///
/// Rows are stored in rank order almost always (ids grow; latest-first ranks shrink), so a push
/// lands at one end in O(1), told by `last` and the head without reaching the queue; only a row
/// whose route improved joins in the middle.
#[derive(Clone, Debug, Default)]
struct Bucket {
    /// The largest rank held (the head when it is the only one).
    last: u32,
    /// Rows held that are still open with this key, the head's included (the rest are stale).
    /// Never 0 while the bucket is in use: a tie whose rows have all left is dropped at once.
    live: u32,
    /// Ranks held, the head included, stale ones too: `rest` holds `held - 1`.
    held: u32,
    /// The ranks after the head, in copy-on-write chunks a keyframe shares (emptied when the
    /// bucket's slot is released).
    rest: CowQueue<u32>,
}

impl Bucket {
    /// Rank `rank` joins the tie whose head is `head`.
    #[inline(always)]
    fn insert(&mut self, head: &mut u32, rank: u32) {
        if rank >= self.last {
            self.rest.push_back(rank);
            self.last = rank;
        } else {
            self.insert_before_last(head, rank);
        }
        self.live += 1;
        self.held += 1;
    }

    /// [`Bucket::insert`] of a rank below the last: at the head (latest-first ranks), or in
    /// the middle (a row whose route improved).
    #[inline(never)]
    fn insert_before_last(&mut self, head: &mut u32, rank: u32) {
        if rank < *head {
            self.rest.push_front(std::mem::replace(head, rank));
        } else {
            let at = self.rest.partition_point(|&r| r < rank);
            self.rest.insert(at, rank);
        }
    }

    /// The next rank after the head, which is dropped.
    #[inline]
    fn advance(&mut self) -> u32 {
        self.held -= 1;
        self.rest.pop_front().expect("a rank after the head")
    }

    /// Takes `rank` out when it is the newest entry, at the end pushes go to (the back, or the
    /// head for latest-first ranks) and other entries remain; `false` otherwise.
    fn unpush(&mut self, head: &mut u32, rank: u32) -> bool {
        if self.held > 1 && self.last == rank {
            self.rest.pop_back();
            self.last = self.rest.back().copied().unwrap_or(*head);
            self.held -= 1;
        } else if self.held > 1 && *head == rank {
            *head = self.advance();
        } else {
            return false;
        }
        true
    }
}

/// The open rows at one f: its ties, and how many rows are open at f (the first level of a
/// pick's explanation). A level whose rows have all left by another route than the top
/// (improved, undone) has no tie left; it stays in the heap, empty, until it reaches the top or
/// a push at its f fills it again.
#[derive(Clone, Debug)]
struct Level {
    /// Open rows with this f.
    live: u32,
    /// Every tie at this f, the largest tie value first so that the next pick's is last.
    /// Sliding puzzles hold a few dozen here, grids one to a few dozen (one per h at that f);
    /// only a policy that ties on g or h under a single large f (lowest h under Dijkstra on a
    /// big open map) makes it long, and a push there moves part of it.
    ties: Vec<Tie>,
}

/// Ties a new level has room for: a grid level holds about ten over its life (one per h), so
/// growing its list from empty (to 4, then 8) cost most new levels two reallocations; with room
/// for 8, one den101d level in two still grew to 16 (a reallocation of ~530 instructions).
const LEVEL_ROOM: usize = 16;

impl Default for Level {
    fn default() -> Self {
        Level {
            live: 0,
            ties: Vec::with_capacity(LEVEL_ROOM),
        }
    }
}

impl Level {
    /// Where tie value `tie` is, or would go, in `ties`; whether it is there. The last tie (the
    /// next pick's) is looked at first: on a grid four finds in ten land there or after it
    /// (a step towards the goal lowers h), on a sliding puzzle three in ten.
    #[inline]
    fn find(&self, tie: i64) -> (usize, bool) {
        let Some((last, before)) = self.ties.split_last() else {
            return (0, false);
        };
        if last.tie >= tie {
            let end = before.len();
            return if last.tie == tie {
                (end, true)
            } else {
                (end + 1, false)
            };
        }
        let at = before.partition_point(|t| t.tie > tie);
        (at, before.get(at).is_some_and(|t| t.tie == tie))
    }
}

/// Values in numbered slots that are reused once released, so that the heap names a level by
/// its slot and a tie its bucket, and a pop reaches them without hashing. A released slot
/// keeps its value (emptied queues and lists keep their room for the next user).
#[derive(Clone, Debug, Default)]
struct Slots<T> {
    items: Vec<T>,
    free: Vec<u32>,
}

impl<T: Default> Slots<T> {
    fn with_capacity(room: usize) -> Slots<T> {
        Slots {
            items: Vec::with_capacity(room),
            free: Vec::with_capacity(room),
        }
    }

    /// A free slot, holding whatever it held when released (or a default value).
    #[inline]
    fn take(&mut self) -> u32 {
        self.free.pop().unwrap_or_else(|| {
            self.items.push(T::default());
            u32::try_from(self.items.len() - 1).expect("fewer than 4 billion slots")
        })
    }

    fn release(&mut self, slot: u32) {
        self.free.push(slot);
    }

    /// Releases every slot, the first to be taken first.
    fn free_all(&mut self) {
        self.free.clear();
        let slots = u32::try_from(self.items.len()).expect("fewer than 4 billion slots");
        self.free.extend((0..slots).rev());
    }

    /// Slots taken and not released.
    fn in_use(&self) -> usize {
        self.items.len() - self.free.len()
    }

    #[inline]
    fn get(&self, slot: u32) -> &T {
        &self.items[slot as usize]
    }

    #[inline]
    fn get_mut(&mut self, slot: u32) -> &mut T {
        &mut self.items[slot as usize]
    }
}

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
/// `level_of` (a probe of ~30 instructions) took ~0.5% off a grid search and ~0.7% off a
/// 15-puzzle's. An entry goes when its level does.
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

    /// A row with `key` leaves the open list by any route but the top (its key changed).
    /// Its entry turns stale and is skipped later, or is dropped with its tie at once when no
    /// row there is left open.
    pub fn forget(&mut self, key: OpenKey) {
        if let Some((level, at)) = self.find(key) {
            self.leave(level, at, None);
        }
    }

    /// A row stored by a step being undone leaves the open list. Its entry is taken out when
    /// it is the newest of its tie (undoing the newest rows first, it always is), otherwise it
    /// turns stale as with [`OpenList::forget`]. Stale entries left at a bucket's end would
    /// make every later push there an insertion in the middle of the queue: stepping back and
    /// forth over a million open rows did that.
    pub fn unpush(&mut self, key: OpenKey) {
        if let Some((level, at)) = self.find(key) {
            self.leave(level, at, Some(key.rank));
        }
    }

    /// One row held in the tie at `at` of level `level` is no longer open: its entry is taken
    /// out (`undone`, its rank, when it is the newest) or turns stale, and the tie is dropped
    /// when it was the last row open there. Inlined into its two callers, as
    /// [`OpenList::drop_tie`] is into it: a grid search forgets a row every other step.
    #[inline(always)]
    fn leave(&mut self, level: u32, at: usize, undone: Option<u32>) {
        let at_level = self.levels.get_mut(level);
        at_level.live -= 1;
        self.len -= 1;
        let tie = &mut at_level.ties[at];
        if tie.bucket != ALONE {
            let bucket = self.buckets.get_mut(tie.bucket);
            bucket.live -= 1;
            if bucket.live > 0 {
                if undone.is_some_and(|rank| bucket.unpush(&mut tie.head, rank)) {
                    self.entries -= 1;
                }
                return;
            }
        }
        self.drop_tie(level, at);
    }

    /// Drops the tie at `at` of level `level`, whose rows have all left, with its entries,
    /// keeping its bucket's room for the next tie in its slot; and when it was the level's
    /// last, the level too if it is the top (below the top, an empty level waits until it
    /// surfaces). Inlined: a grid search drops a tie nearly every step, and as a call of its
    /// own, saving registers was a fifth of it.
    #[inline(always)]
    fn drop_tie(&mut self, level: u32, at: usize) {
        let ties = &mut self.levels.get_mut(level).ties;
        // A pop drops the last.
        let tie = if at + 1 == ties.len() {
            ties.pop().expect("a tie at `at`")
        } else {
            ties.remove(at)
        };
        let emptied = ties.is_empty();
        if tie.bucket == ALONE {
            self.entries -= 1;
        } else {
            self.drop_bucket(tie.bucket);
        }
        if emptied {
            self.drop_empty_levels();
        }
    }

    /// [`OpenList::drop_tie`] of the last tie of level `level`, for a pop that empties a bucket
    /// or the level. Out of line: inlined, its registers cost every pop that stays in its
    /// bucket (breadth-first: every pop) ~3 instructions.
    #[inline(never)]
    fn drop_top_tie(&mut self, level: u32) {
        let last = self.levels.get(level).ties.len() - 1;
        self.drop_tie(level, last);
    }

    /// Releases bucket `slot` with its entries.
    fn drop_bucket(&mut self, slot: u32) {
        let held = self.buckets.get_mut(slot);
        self.entries -= held.held as usize;
        held.rest.clear();
        self.buckets.release(slot);
    }

    /// Takes empty levels off the top of the heap, so that the top one holds an open row. Out
    /// of line: [`OpenList::drop_tie`] is inlined, and only one drop in ten empties a level.
    #[inline(never)]
    fn drop_empty_levels(&mut self) {
        while let Some(&Reverse((f, slot))) = self.order.peek()
            && self.levels.get(slot).ties.is_empty()
        {
            self.order.pop();
            self.level_of.remove(&f);
            let recent = &mut self.recent[Recent::at(f)];
            if recent.f == f {
                *recent = Recent::EMPTY;
            }
            self.levels.release(slot);
            if self.last.is_some_and(|last| last.level == slot) {
                self.last = None;
            }
        }
    }

    /// Drops stale entries from the top; `current` gives a row's key while it is open. Entries
    /// are checked only in a bucket that holds stale ones. Inlined, as it runs every step and
    /// mostly finds no stale entry anywhere (breadth-first never makes one), or none in the
    /// top tie (A* on a sliding puzzle: a few hundred stale entries among tens of thousands).
    #[inline]
    pub fn clean_top(&mut self, current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>) {
        if self.entries != self.len && self.stale_at_top() {
            self.drop_stale_top(current);
        }
    }

    /// Whether the top tie's bucket holds a stale entry.
    #[inline]
    fn stale_at_top(&self) -> bool {
        let Some(&Reverse((_, level))) = self.order.peek() else {
            return false;
        };
        self.levels.get(level).ties.last().is_some_and(|tie| {
            tie.bucket != ALONE && {
                let bucket = self.buckets.get(tie.bucket);
                bucket.held != bucket.live
            }
        })
    }

    /// [`OpenList::clean_top`] when the top tie's bucket holds a stale entry. The top tie holds
    /// an open row, so skipping its stale heads ends at one.
    fn drop_stale_top(&mut self, current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>) {
        let &Reverse((f, level)) = self.order.peek().expect("a top level");
        let tie = self
            .levels
            .get_mut(level)
            .ties
            .last_mut()
            .expect("the top level holds a tie");
        let bucket = self.buckets.get_mut(tie.bucket);
        while bucket.held != bucket.live {
            let key = OpenKey {
                f,
                tie: tie.tie,
                rank: tie.head,
            };
            if current(&self.ordering, self.ordering.id_of(key)) == Some(key) {
                return;
            }
            tie.head = bucket.advance();
            self.entries -= 1;
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

/// The open rows of a best-first search in the order they will be picked, and why each pick
/// wins. Two designs share it: [`OpenList`] serves every priority and tie policy, and
/// [`StoringQueue`] the one whose picks go in storing order (breadth-first, first stored
/// first), where the open rows are simply those after the last pick, as `pathfinding`'s
/// breadth-first search uses its insertion-ordered map as its queue.
///
/// `current` gives a row's key under the ordering it is passed (the rows' own, lent by the call)
/// while the row is stored and open (`None` otherwise): the open list checks stale entries
/// against it, the queue reads the rows through it. The ordering is lent rather than captured
/// so that the step need not copy it out of the rows it is borrowing mutably (~12 instructions
/// a step, 1.4% of breadth-first search).
pub trait OpenRows: Clone + Send + 'static {
    /// Whether a row may join again after leaving (a cheaper route improving or reopening it).
    /// `false` lets the compiler drop those paths from the search step.
    const REROUTES: bool;
    /// The open rows of a search that orders them by `ordering`.
    fn new(ordering: Ordering) -> Self;
    fn ordering(&self) -> &Ordering;
    /// A row joins with `key`: one whose route improved, or an undone pick that is open again.
    fn push(&mut self, key: OpenKey);
    /// A new row joins with `key` (its id is past every row held).
    #[inline(always)]
    fn push_new(&mut self, key: OpenKey) {
        self.push(key);
    }
    /// A row with `key` leaves by another route than the top (its key changed).
    fn forget(&mut self, key: OpenKey);
    /// A row stored by a step being undone leaves, newest first.
    fn unpush(&mut self, key: OpenKey);
    /// Makes the top fresh after a step.
    fn clean_top(&mut self, current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>);
    /// Removes the next pick and returns its key and why it wins; `stored` rows are held.
    fn pop_explained(
        &mut self,
        stored: usize,
        current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>,
    ) -> Option<(OpenKey, TieLevels)>;
    /// The next pick's key and why it wins, without taking it.
    fn next_explained(
        &self,
        current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>,
    ) -> Option<(OpenKey, TieLevels)>;
    /// Bytes held (for the memory figures).
    fn bytes(&self) -> usize;
    /// Of those, the bytes a clone shares instead of copying.
    fn shared_bytes(&self) -> usize;
}

/// Each call goes straight to the list's own method, inlined always so that the step calls
/// (or inlines) that method as it did before the list was one of two designs.
impl OpenRows for OpenList {
    const REROUTES: bool = true;

    fn new(ordering: Ordering) -> Self {
        OpenList::new(ordering)
    }

    fn ordering(&self) -> &Ordering {
        OpenList::ordering(self)
    }

    #[inline(always)]
    fn push(&mut self, key: OpenKey) {
        OpenList::push(self, key);
    }

    #[inline(always)]
    fn forget(&mut self, key: OpenKey) {
        OpenList::forget(self, key);
    }

    #[inline(always)]
    fn unpush(&mut self, key: OpenKey) {
        OpenList::unpush(self, key);
    }

    #[inline(always)]
    fn clean_top(&mut self, current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>) {
        OpenList::clean_top(self, current);
    }

    #[inline(always)]
    fn pop_explained(
        &mut self,
        _: usize,
        _: impl Fn(&Ordering, NodeId) -> Option<OpenKey>,
    ) -> Option<(OpenKey, TieLevels)> {
        OpenList::pop_explained(self)
    }

    fn next_explained(
        &self,
        _: impl Fn(&Ordering, NodeId) -> Option<OpenKey>,
    ) -> Option<(OpenKey, TieLevels)> {
        let top = self.peek()?;
        Some((top, self.explain(top)))
    }

    fn bytes(&self) -> usize {
        OpenList::bytes(self)
    }

    fn shared_bytes(&self) -> usize {
        OpenList::shared_bytes(self)
    }
}

/// A dropped open list leaves its storage for the next one ([`spare`]).
impl Drop for OpenList {
    fn drop(&mut self) {
        spare::give(self.take_storage());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let order = |open: &mut OpenList| -> Vec<NodeId> {
                std::iter::from_fn(|| open.pop()).collect()
            };
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
}
