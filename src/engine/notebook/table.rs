//! One shard of the notebook's hash index: row ids filed by their state's hash. The states stay
//! in the rows; a table holds only ids, and a caller finds a state by comparing the ids filed
//! under its hash against the rows (`eq`), and rehashes ids it holds from the rows when it grows
//! (`hash_of`).
//!
//! The layout is hashbrown's idea in safe code, in groups of 8 slots: each group is one tag byte
//! per slot (7 bits of the hash, or empty, or deleted) and the 8 row ids, 40 bytes together, so
//! a probe reads one group's tags as a word, matches them all at once and reads ids and tags
//! from the same few cache lines. Groups are probed one after another from the hash's home group
//! until one has an empty slot; at most 7 of a group's 8 slots are used on average, as in
//! hashbrown. hashbrown's `HashTable` did this behind a call per lookup that the compiler would
//! not inline (half of a lookup went to the call's saved registers and a result returned
//! through memory), and rehashed through a closure called indirectly.

use super::NodeId;

/// Slots per group: one tag byte each in a `u64`.
const LANES: usize = 8;
/// Of a table's slots, how many may be used: 7 in 8, so every probe ends at an empty slot.
pub(super) const USED_PER_GROUP: usize = 7;
const LOW_BITS: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
/// A slot never used. Tags of used slots are below 0x80, so the two flag bits tell them apart.
const EMPTY: u8 = 0xFF;
/// A slot whose id was removed while its group was full: probes go on past it, as they went
/// past the id it held.
const DELETED: u8 = 0x80;
/// Groups of a table's first allocation (28 ids).
const FIRST_GROUPS: usize = 4;
/// Below this many groups a table grows fourfold, not twofold: short searches (a grid query
/// stores a few hundred rows) then rehash each row about once instead of at every doubling,
/// for at most this many groups' spare room.
const QUADRUPLE_BELOW: usize = 64;

#[derive(Clone, Copy, Debug)]
struct Group {
    /// Bytes, not a word, so that filing an id writes its tag with one store.
    tags: [u8; LANES],
    ids: [NodeId; LANES],
}

impl Group {
    /// The tags as one word, slot `i` in byte `i`.
    #[inline]
    fn tags(&self) -> u64 {
        u64::from_le_bytes(self.tags)
    }
}

const EMPTY_GROUP: Group = Group {
    tags: [EMPTY; LANES],
    ids: [0; LANES],
};

/// The tag a hash files its id under: its top 7 bits (the home group takes its low bits).
#[inline]
fn tag_of(hash: u64) -> u8 {
    (hash >> 57) as u8
}

/// The slots of `tags` that hold `tag`, as the high bit of each such byte (exactly: no other
/// byte is marked).
#[inline]
fn matching(tags: u64, tag: u8) -> u64 {
    let zero_where_equal = tags ^ (LOW_BITS * u64::from(tag));
    !(((zero_where_equal & !HIGH_BITS) + !HIGH_BITS) | zero_where_equal) & HIGH_BITS
}

/// The empty slots of `tags`: both flag bits set.
#[inline]
fn empty(tags: u64) -> u64 {
    tags & (tags << 1) & HIGH_BITS
}

/// The slots of `tags` in use: the high bit clear.
#[inline]
fn used(tags: u64) -> u64 {
    !tags & HIGH_BITS
}

/// The first slot of a non-empty set of marked slots.
#[inline]
fn first(marked: u64) -> usize {
    (marked.trailing_zeros() / 8) as usize
}

/// A free slot found for a hash: where its id goes if the caller stores it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot {
    group: usize,
    lane: usize,
    tag: u8,
}

/// One shard's table of row ids.
#[derive(Clone, Debug, Default)]
pub(super) struct Table {
    /// A power of two of groups, or none before the first id.
    groups: Vec<Group>,
    /// Empty slots that may still be used before the table must grow.
    growth_left: usize,
    /// Ids filed.
    items: usize,
}

impl Table {
    /// A table with room for `groups` (a power of two) groups' ids before it grows.
    pub(super) fn with_groups(groups: usize) -> Table {
        Table {
            groups: vec![EMPTY_GROUP; groups],
            growth_left: groups * USED_PER_GROUP,
            items: 0,
        }
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> usize {
        self.groups.capacity() * std::mem::size_of::<Group>()
    }

    /// Groups held (a power of two, or none before the first id).
    pub(super) fn groups(&self) -> usize {
        self.groups.len()
    }

    /// Whether filing one more id needs [`Table::grow`] first.
    #[inline(always)]
    pub(super) fn is_full(&self) -> bool {
        self.growth_left == 0
    }

    /// Every id filed, in no particular order.
    pub(super) fn ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.groups.iter().flat_map(|group| {
            let mut marked = used(group.tags());
            std::iter::from_fn(move || {
                (marked != 0).then(|| {
                    let id = group.ids[first(marked) & (LANES - 1)];
                    marked &= marked - 1;
                    id
                })
            })
        })
    }

    /// The id filed under `hash` that `eq` accepts, if any.
    #[inline(always)]
    pub(super) fn find(&self, hash: u64, eq: impl FnMut(NodeId) -> bool) -> Option<NodeId> {
        if self.groups.is_empty() {
            return None;
        }
        self.probe(hash, eq).ok()
    }

    /// Files `id` in `slot`, found for it by [`Table::probe`] with no change since.
    #[inline(always)]
    pub(super) fn fill(&mut self, slot: Slot, id: NodeId) {
        let group = &mut self.groups[slot.group];
        group.tags[slot.lane] = slot.tag;
        group.ids[slot.lane] = id;
        self.growth_left -= 1;
        self.items += 1;
    }

    /// Files `id`, known not to be filed yet, under `hash` (growing first if full, rehashing
    /// the ids held with `hash_of`).
    pub(super) fn insert(&mut self, hash: u64, id: NodeId, hash_of: impl Fn(NodeId) -> u64) {
        if self.is_full() {
            self.grow(hash_of);
        }
        match self.probe(hash, |_| false) {
            Ok(_) => unreachable!("nothing is accepted"),
            Err(slot) => self.fill(slot, id),
        }
    }

    /// Unfiles `id`, filed under `hash`; `false` if it was not filed.
    pub(super) fn remove(&mut self, hash: u64, id: NodeId) -> bool {
        if self.groups.is_empty() {
            return false;
        }
        let mask = self.groups.len() - 1;
        let tag = tag_of(hash);
        let mut at = hash as usize & mask;
        loop {
            let group = &mut self.groups[at];
            let mut marked = matching(group.tags(), tag);
            while marked != 0 {
                let lane = first(marked) & (LANES - 1);
                if group.ids[lane] == id {
                    // A group with an empty slot ends every probe that reaches it, so no probe
                    // goes past it and the slot may be empty again; in a full group it may not.
                    group.tags[lane] = if empty(group.tags()) == 0 {
                        DELETED
                    } else {
                        self.growth_left += 1;
                        EMPTY
                    };
                    self.items -= 1;
                    return true;
                }
                marked &= marked - 1;
            }
            if empty(group.tags()) != 0 {
                return false;
            }
            at = (at + 1) & mask;
        }
    }

    /// Probes from `hash`'s home group: the id `eq` accepts, or the first empty slot (where
    /// [`Table::fill`] files a new id, if the table is not full). The table has groups.
    #[inline(always)]
    pub(super) fn probe(
        &self,
        hash: u64,
        mut eq: impl FnMut(NodeId) -> bool,
    ) -> Result<NodeId, Slot> {
        let mask = self.groups.len() - 1;
        let tag = tag_of(hash);
        let mut at = hash as usize & mask;
        loop {
            let group = &self.groups[at];
            let tags = group.tags();
            let mut marked = matching(tags, tag);
            while marked != 0 {
                let id = group.ids[first(marked) & (LANES - 1)];
                if eq(id) {
                    return Ok(id);
                }
                marked &= marked - 1;
            }
            let free = empty(tags);
            if free != 0 {
                return Err(Slot {
                    group: at,
                    lane: first(free) & (LANES - 1),
                    tag,
                });
            }
            at = (at + 1) & mask;
        }
    }

    /// Moves every id into a table with room for more, rehashing them with `hash_of`: four
    /// times the groups while small, else twice, or as many when deleted slots took the room.
    #[cold]
    #[inline(never)]
    pub(super) fn grow(&mut self, hash_of: impl Fn(NodeId) -> u64) {
        let now = self.groups.len();
        let groups = if now == 0 {
            FIRST_GROUPS
        } else if self.items * 2 < now * USED_PER_GROUP {
            now
        } else if now < QUADRUPLE_BELOW {
            now * 4
        } else {
            now * 2
        };
        let old = std::mem::replace(self, Table::with_groups(groups));
        self.growth_left -= old.items;
        self.items = old.items;
        let mask = groups - 1;
        for group in &old.groups {
            let mut marked = used(group.tags());
            while marked != 0 {
                let id = group.ids[first(marked) & (LANES - 1)];
                let hash = hash_of(id);
                let mut at = hash as usize & mask;
                while empty(self.groups[at].tags()) == 0 {
                    at = (at + 1) & mask;
                }
                let target = &mut self.groups[at];
                let lane = first(empty(target.tags())) & (LANES - 1);
                target.tags[lane] = tag_of(hash);
                target.ids[lane] = id;
                marked &= marked - 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Few distinct hashes, so that ids share groups, tags and probe runs.
    fn hash_of(id: NodeId) -> u64 {
        u64::from(id % 97).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[test]
    fn tags_match_exactly_and_flags_tell_empty_from_deleted() {
        let tags = u64::from_le_bytes([5, EMPTY, 0x7F, 5, DELETED, 0, 4, 6]);
        assert_eq!(matching(tags, 5), 0x80 | 0x80 << 24);
        assert_eq!(matching(tags, 0), 0x80 << 40);
        assert_eq!(matching(tags, 0x7F), 0x80 << 16);
        assert_eq!(matching(tags, 7), 0);
        assert_eq!(empty(tags), 0x80 << 8);
        assert_eq!(used(tags), !(0x80 << 8 | 0x80 << 32) & HIGH_BITS);
        assert_eq!(first(empty(tags)), 1);
    }

    #[derive(Debug, Clone, Copy)]
    enum Op {
        Insert,
        Remove(NodeId),
        Find(NodeId),
    }

    fn op() -> impl proptest::strategy::Strategy<Value = Op> {
        use proptest::prelude::*;
        prop_oneof![
            4 => Just(Op::Insert),
            2 => (0..400 as NodeId).prop_map(Op::Remove),
            2 => (0..400 as NodeId).prop_map(Op::Find),
        ]
    }

    proptest::proptest! {
        #[test]
        fn a_table_files_what_a_map_of_ids_files(ops in proptest::collection::vec(op(), 0..600)) {
            let mut table = Table::default();
            let mut model: HashMap<NodeId, ()> = HashMap::new();
            let mut next: NodeId = 0;
            for op in ops {
                match op {
                    Op::Insert => {
                        let hash = hash_of(next);
                        if table.is_full() {
                            table.grow(hash_of);
                        }
                        let found = table.probe(hash, |id| id == next);
                        let slot = found.expect_err("a new id is not filed");
                        table.fill(slot, next);
                        model.insert(next, ());
                        next += 1;
                    }
                    Op::Remove(id) => {
                        proptest::prop_assert_eq!(
                            table.remove(hash_of(id), id),
                            model.remove(&id).is_some()
                        );
                    }
                    Op::Find(id) => {
                        let filed = table.find(hash_of(id), |other| other == id);
                        proptest::prop_assert_eq!(filed, model.contains_key(&id).then_some(id));
                    }
                }
                proptest::prop_assert_eq!(table.items, model.len());
            }
            for id in 0..next {
                let filed = table.find(hash_of(id), |other| other == id);
                proptest::prop_assert_eq!(filed, model.contains_key(&id).then_some(id));
            }
            let mut ids: Vec<NodeId> = table.ids().collect();
            ids.sort_unstable();
            let mut filed: Vec<NodeId> = model.keys().copied().collect();
            filed.sort_unstable();
            proptest::prop_assert_eq!(ids, filed);
        }
    }

    /// Every id's home is the first group, its tag its own number.
    fn same_home(id: NodeId) -> u64 {
        u64::from(id) << 57
    }

    #[test]
    fn growth_is_fourfold_then_twofold_and_deleted_slots_are_reclaimed_in_place() {
        let mut table = Table::default();
        assert_eq!((table.find(1, |_| true), table.bytes()), (None, 0));
        let mut grown = Vec::new();
        for id in 0..1000 {
            if table.is_full() {
                table.grow(same_home);
                grown.push((id, table.groups()));
            }
            table.insert(same_home(id), id, same_home);
        }
        assert_eq!(grown, [(0, 4), (28, 16), (112, 64), (448, 128), (896, 256)]);
        // Four groups, ids 0..28 homed in the first one and probing on to the next.
        let mut table = Table::default();
        for id in 0..28 {
            table.insert(same_home(id), id, same_home);
        }
        assert_eq!((table.groups(), table.growth_left), (4, 0));
        // The first three groups are full and the probes for ids 24..28 went past them, so
        // their slots are marked deleted, not empty: no room comes back.
        for id in 0..24 {
            assert!(table.remove(same_home(id), id));
        }
        assert!(!table.remove(same_home(3), 3), "removed already");
        assert_eq!((table.items, table.growth_left), (4, 0));
        for id in 24..28 {
            assert_eq!(table.find(same_home(id), |other| other == id), Some(id));
        }
        table.insert(same_home(40), 40, same_home);
        assert_eq!((table.groups(), table.items, table.growth_left), (4, 5, 23));
        // Rebuilt, the first group holds 24..28 and 40 and has empty slots, which end every
        // probe: a removal there frees its slot for good.
        assert!(table.remove(same_home(40), 40));
        assert_eq!(table.growth_left, 24);
        for id in 24..28 {
            assert_eq!(table.find(same_home(id), |other| other == id), Some(id));
        }
    }
}
