//! Open rows grouped by f level and tie value: the ties of a level, and the buckets that hold
//! a tie's rows beyond its first.

use super::cow_queue::CowQueue;

/// Open rows sharing one (f, tie) value, under their level: the tie value and the rank picked
/// next, kept inline, and the rest, if any, in a [`Bucket`]. A tie of one row (most of them
/// with real-valued costs: grids) is these 16 bytes and nothing else, so storing and picking it
/// never takes or releases a bucket.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tie {
    pub(super) tie: i64,
    /// The rank picked next: the smallest held.
    pub(super) head: u32,
    /// The slot of the bucket holding the ranks after `head` and the counts, or [`ALONE`]: then
    /// `head` is the only entry, and open.
    pub(super) bucket: u32,
}

/// [`Tie::bucket`] of a tie holding one open row.
pub(super) const ALONE: u32 = u32::MAX;

/// The ranks after the head of a tie holding more than one, in picking order, and its counts.
///
/// Rows are stored in rank order almost always (ids grow; latest-first ranks shrink), so a push
/// lands at one end in O(1), told by `last` and the head without reaching the queue; only a row
/// whose route improved joins in the middle.
#[derive(Clone, Debug, Default)]
pub(super) struct Bucket {
    /// The largest rank held (the head when it is the only one).
    pub(super) last: u32,
    /// Rows held that are still open with this key, the head's included (the rest are stale).
    /// Never 0 while the bucket is in use: a tie whose rows have all left is dropped at once.
    pub(super) live: u32,
    /// Ranks held, the head included, stale ones too: `rest` holds `held - 1`.
    pub(super) held: u32,
    /// The ranks after the head, in copy-on-write chunks a keyframe shares (emptied when the
    /// bucket's slot is released).
    pub(super) rest: CowQueue<u32>,
}

impl Bucket {
    /// Rank `rank` joins the tie whose head is `head`.
    #[inline(always)]
    pub(super) fn insert(&mut self, head: &mut u32, rank: u32) {
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
    pub(super) fn insert_before_last(&mut self, head: &mut u32, rank: u32) {
        if rank < *head {
            self.rest.push_front(std::mem::replace(head, rank));
        } else {
            let at = self.rest.partition_point(|&r| r < rank);
            self.rest.insert(at, rank);
        }
    }

    /// The next rank after the head, which is dropped.
    #[inline]
    pub(super) fn advance(&mut self) -> u32 {
        self.held -= 1;
        self.rest.pop_front().expect("a rank after the head")
    }

    /// Takes `rank` out when it is the newest entry, at the end pushes go to (the back, or the
    /// head for latest-first ranks) and other entries remain; `false` otherwise.
    pub(super) fn unpush(&mut self, head: &mut u32, rank: u32) -> bool {
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
pub(super) struct Level {
    /// Open rows with this f.
    pub(super) live: u32,
    /// Every tie at this f, the largest tie value first so that the next pick's is last.
    /// Sliding puzzles hold a few dozen here, grids one to a few dozen (one per h at that f);
    /// only a policy that ties on g or h under a single large f (lowest h under Dijkstra on a
    /// big open map) makes it long, and a push there moves part of it.
    pub(super) ties: Vec<Tie>,
}

/// Ties a new level has room for: a grid level holds about ten over its life (one per h), so
/// growing its list from empty (to 4, then 8) cost most new levels two reallocations; with room
/// for 8, one den101d level in two still grew to 16, a reallocation each.
pub(super) const LEVEL_ROOM: usize = 16;

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
    pub(super) fn find(&self, tie: i64) -> (usize, bool) {
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
pub(super) struct Slots<T> {
    pub(super) items: Vec<T>,
    pub(super) free: Vec<u32>,
}

impl<T: Default> Slots<T> {
    pub(super) fn with_capacity(room: usize) -> Slots<T> {
        Slots {
            items: Vec::with_capacity(room),
            free: Vec::with_capacity(room),
        }
    }

    /// A free slot, holding whatever it held when released (or a default value).
    #[inline]
    pub(super) fn take(&mut self) -> u32 {
        self.free.pop().unwrap_or_else(|| {
            self.items.push(T::default());
            u32::try_from(self.items.len() - 1).expect("fewer than 4 billion slots")
        })
    }

    pub(super) fn release(&mut self, slot: u32) {
        self.free.push(slot);
    }

    /// Releases every slot, the first to be taken first.
    pub(super) fn free_all(&mut self) {
        self.free.clear();
        let slots = u32::try_from(self.items.len()).expect("fewer than 4 billion slots");
        self.free.extend((0..slots).rev());
    }

    /// Slots taken and not released.
    pub(super) fn in_use(&self) -> usize {
        self.items.len() - self.free.len()
    }

    #[inline]
    pub(super) fn get(&self, slot: u32) -> &T {
        &self.items[slot as usize]
    }

    #[inline]
    pub(super) fn get_mut(&mut self, slot: u32) -> &mut T {
        &mut self.items[slot as usize]
    }
}
