//! The hash index: row ids filed by their state's hash, one table while small and then
//! [`SHARDS`] tables.

use super::table::{self, Slot, Table};
use super::{Filed, NodeId, hash_of};

/// How many hash tables the index is split into once it is big (a power of two).
pub(super) const SHARD_BITS: u32 = 6;
pub(super) const SHARDS: usize = 1 << SHARD_BITS;
/// The groups of the one table a small index keeps: when it is full at this size (14,336
/// rows) its rows are spread over the [`SHARDS`] tables instead of doubling it. One table
/// while small, because a short search (a grid query stores a few hundred rows) paid for 64
/// tables' allocations and first growths; moving 14k rows at once is paid once.
pub(super) const SPLIT_GROUPS: usize = 2048;

/// The groups of a small index's first table (448 rows): a grid query stores a few hundred
/// rows, and growing a table from its own first size (28 rows, fourfold) rehashed them twice or
/// three times.
pub(super) const FIRST_GROUPS: usize = 64;

/// The index shard of a hash once split: its top bits after one more multiplication, so the
/// choice does not reuse the bits the table itself probes with (the low bits) or tags slots
/// with (the top 7).
#[inline(always)]
pub(super) fn shard_of(hash: u64) -> usize {
    (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SHARD_BITS)) as usize
}

/// The largest space of states the index is sized for whole when it splits
/// ([`split_groups`]): 2.6 MB of index at most, taken only by a search that has already
/// stored 14,336 rows.
pub(super) const WHOLE_SPACE_AT_MOST: u64 = 1 << 18;

/// The groups each shard starts with when the one table splits: room for four times its share
/// of the rows so far (with twice, every shard doubled at 28,672 rows, a second rehash of all
/// of them that a search growing past that size always paid), or, where the search can reach
/// at most `reachable` states and that is at most [`WHOLE_SPACE_AT_MOST`], room for its share
/// of all of them with a quarter to spare, so that no shard grows again. Each later doubling
/// rehashed every row of its shard, reading it from the notebook: breadth-first search over
/// the 8-puzzle's 181,440 states rehashed nearly all of them after the split.
pub(super) fn split_groups(reachable: Option<u64>) -> usize {
    let share = 4 * SPLIT_GROUPS / SHARDS;
    match reachable {
        Some(states) if states <= WHOLE_SPACE_AT_MOST => {
            let room = (states + states / 4).div_ceil((SHARDS * table::USED_PER_GROUP) as u64);
            usize::try_from(room)
                .expect("bounded by WHOLE_SPACE_AT_MOST")
                .next_power_of_two()
                .max(share)
        }
        _ => share,
    }
}

/// The hash index: row ids filed by their state's hash, in one table while small and then in
/// [`SHARDS`] tables.
#[derive(Clone, Debug)]
pub struct Index {
    pub(super) shards: Box<[Table; SHARDS]>,
    /// `SHARDS - 1` once split, else 0: a hash's table is `shard_of(hash) & split`.
    pub(super) split: usize,
    /// Rows `0..covered` are filed. After a jump back in time this is more than the notebook's
    /// rows: the rows after are filed ahead (time travel replays the same rows under the same
    /// ids), and lookups skip ids the notebook does not hold yet.
    pub(super) covered: usize,
    /// A row was stored under an id filed ahead without looking its state up
    /// ([`Notebook::insert`]): the entry filed for that id may name another state, so
    /// truncating files the rows afresh instead of unfiling them by their states.
    pub(super) stored_unchecked_ahead: bool,
    /// For numbered states ([`Filed::number`]), instead of the shards: one past the row id of
    /// each number's state, or 0 where none is filed.
    pub(super) numbered: Vec<NodeId>,
    /// The groups each shard starts with when the one table splits ([`split_groups`]).
    pub(super) split_groups: usize,
}

impl Default for Index {
    fn default() -> Self {
        Index {
            shards: Box::new(std::array::from_fn(|_| Table::default())),
            split: 0,
            covered: 0,
            stored_unchecked_ahead: false,
            numbered: Vec::new(),
            split_groups: split_groups(None),
        }
    }
}

impl Index {
    pub(super) fn bytes(&self) -> usize {
        // Until it splits, the index has one table (the others hold nothing): a short search's
        // memory checks then read one table, not all.
        let tables = if self.split == 0 {
            &self.shards[..1]
        } else {
            &self.shards[..]
        };
        tables.iter().map(Table::bytes).sum::<usize>()
            + self.numbered.capacity() * std::mem::size_of::<NodeId>()
    }

    /// The row filed for number `number`, if any (it may be filed ahead of the rows held).
    #[inline(always)]
    pub(super) fn numbered_find(&self, number: u32) -> Option<NodeId> {
        self.numbered
            .get(number as usize)
            .and_then(|&plus_one| plus_one.checked_sub(1))
    }

    /// Makes room to file number `number`: the table grows to twice its length, or to the
    /// number if that is more (a grid's first cell may be its last).
    #[cold]
    #[inline(never)]
    pub(super) fn numbered_room(&mut self, number: u32) {
        let len = (number as usize + 1).max(2 * self.numbered.len());
        self.numbered.resize(len, 0);
    }

    /// Files row `id` for number `number`, unless a row is filed for it already (as a hash
    /// probe finds the older of two rows of one state first).
    pub(super) fn numbered_file(&mut self, number: u32, id: NodeId) {
        if number as usize >= self.numbered.len() {
            self.numbered_room(number);
        }
        let slot = &mut self.numbered[number as usize];
        if *slot == 0 {
            *slot = id + 1;
        }
    }

    /// Unfiles row `id`, filed for number `number`.
    pub(super) fn numbered_unfile(&mut self, number: u32, id: NodeId) {
        if let Some(slot) = self.numbered.get_mut(number as usize)
            && *slot == id + 1
        {
            *slot = 0;
        }
    }

    /// Files row `id` of `state`, known not to be filed yet.
    pub(super) fn file<S: Filed>(
        &mut self,
        state: &S,
        id: NodeId,
        hash_of_row: impl Fn(NodeId) -> u64,
    ) {
        match state.number() {
            Some(number) => self.numbered_file(number, id),
            None => self.insert(hash_of(state), id, hash_of_row),
        }
    }

    /// The table `hash` is filed in.
    #[inline(always)]
    pub(super) fn shard(&self, hash: u64) -> usize {
        shard_of(hash) & self.split
    }

    /// The id filed under `hash` that `eq` accepts, if any.
    #[inline(always)]
    pub(super) fn find(&self, hash: u64, eq: impl FnMut(NodeId) -> bool) -> Option<NodeId> {
        self.shards[self.shard(hash)].find(hash, eq)
    }

    /// The id filed under `hash` that `eq` accepts, or else the table and slot to file a new
    /// one in, with room made first (rehashing ids with `hash_of`).
    #[inline(always)]
    pub(super) fn find_or_slot(
        &mut self,
        hash: u64,
        eq: impl FnMut(NodeId) -> bool,
        hash_of: impl Fn(NodeId) -> u64,
    ) -> Result<NodeId, (usize, Slot)> {
        let mut shard = self.shard(hash);
        if self.shards[shard].is_full() {
            self.make_room(shard, hash_of);
            shard = self.shard(hash);
        }
        self.shards[shard]
            .probe(hash, eq)
            .map_err(|slot| (shard, slot))
    }

    /// Makes a small index's first table ([`FIRST_GROUPS`]), grows a full table, or splits the
    /// one table of a small index into [`SHARDS`] when it is full at [`SPLIT_GROUPS`], each
    /// sized as [`split_groups`] says.
    #[cold]
    #[inline(never)]
    pub(super) fn make_room(&mut self, shard: usize, hash_of: impl Fn(NodeId) -> u64) {
        if self.split == 0 && self.shards[0].groups() == 0 {
            self.shards[0] = Table::with_groups(FIRST_GROUPS);
            return;
        }
        if self.split != 0 || self.shards[0].groups() < SPLIT_GROUPS {
            self.shards[shard].grow(hash_of);
            return;
        }
        let one = std::mem::take(&mut self.shards[0]);
        for table in self.shards.iter_mut() {
            *table = Table::with_groups(self.split_groups);
        }
        self.split = SHARDS - 1;
        for id in one.ids() {
            let hash = hash_of(id);
            self.shards[self.shard(hash)].insert(hash, id, &hash_of);
        }
    }

    /// Files `id`, known not to be filed yet, under `hash`. Not inlined: only the start row
    /// and rows filed afresh come this way, and inlined it cost the depth-first searches'
    /// unfiled stores spilled registers on every row.
    #[inline(never)]
    pub(super) fn insert(&mut self, hash: u64, id: NodeId, hash_of: impl Fn(NodeId) -> u64) {
        match self.find_or_slot(hash, |_| false, hash_of) {
            Ok(_) => unreachable!("nothing is accepted"),
            Err((shard, slot)) => self.shards[shard].fill(slot, id),
        }
    }

    /// Unfiles `id`, filed under `hash`.
    pub(super) fn remove(&mut self, hash: u64, id: NodeId) {
        let shard = self.shard(hash);
        self.shards[shard].remove(hash, id);
    }
}
