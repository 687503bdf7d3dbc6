//! The notebook: one row per distinct state, ids in storing order, parents by id.
//!
//! Rows live in one arena; a hash table holds only row ids and finds a state by hashing it and
//! comparing against the arena, so each state is stored once (the model of `pathfinding`'s
//! index map, without its per-entry key copy).
//!
//! The hash table is split into [`SHARDS`] tables by a few bits of the hash. Each grows on its
//! own, so no single step pays for rehashing every row: a growth rehashes one shard's rows, and
//! with hashes spread evenly the shards grow one after another over many steps (one table of a
//! million rows took ~107 ms to double, a whole frame's spike in the app). The transient
//! memory of a growth (old and new table side by side) is one shard's too.

use super::chunked::ChunkedVec;
use super::cost::Cost;
use hashbrown::HashTable;
use rustc_hash::FxHasher;
use serde::Serialize;
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};

/// A row id: the storing order, starting at 0 for the start state.
pub type NodeId = u32;

/// Where a row stands in the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Status {
    /// Waiting to be expanded (on the open list, or on the stack).
    Open,
    /// Expanded, or finished with.
    Closed,
}

/// Marks the start's missing parent without the 4 bytes an `Option` would add to every row.
const NO_PARENT: NodeId = NodeId::MAX;

/// One line of the notebook: 32 bytes for a 64-bit state.
#[derive(Clone, Debug)]
pub struct Node<S> {
    pub state: S,
    /// Cost of the best route found so far.
    pub g: Cost,
    /// The heuristic's estimate, computed once when the state is stored.
    pub h: Cost,
    parent: NodeId,
    /// Moves from the start along the best route.
    pub depth: u32,
}

impl<S> Node<S> {
    #[must_use]
    pub fn new(state: S, g: Cost, h: Cost, parent: Option<NodeId>, depth: u32) -> Node<S> {
        Node {
            state,
            g,
            h,
            parent: parent.unwrap_or(NO_PARENT),
            depth,
        }
    }

    /// The row this one was reached from (`None` for the start).
    #[must_use]
    pub fn parent(&self) -> Option<NodeId> {
        (self.parent != NO_PARENT).then_some(self.parent)
    }

    /// Takes a new best route.
    pub fn reroute(&mut self, g: Cost, parent: NodeId, depth: u32) {
        self.g = g;
        self.parent = parent;
        self.depth = depth;
    }
}

/// How many hash tables the index is split into (a power of two).
const SHARD_BITS: u32 = 6;
const SHARDS: usize = 1 << SHARD_BITS;

/// The index shard of a hash: its top bits after one more multiplication, so the choice does
/// not reuse the bits the table itself probes with (the low bits) or tags slots with (the top 7).
fn shard_of(hash: u64) -> usize {
    (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SHARD_BITS)) as usize
}

/// Where a state stands in the notebook: stored under an id, or a free slot to store it in.
pub enum Lookup<'a, S> {
    Stored(NodeId),
    Vacant(Vacant<'a, S>),
}

/// A free slot for a state not stored yet; dropping it stores nothing.
pub struct Vacant<'a, S> {
    entry: hashbrown::hash_table::VacantEntry<'a, NodeId>,
    nodes: &'a mut ChunkedVec<Node<S>>,
    status: &'a mut ChunkedVec<Status>,
}

impl<S> Vacant<'_, S> {
    /// Rows stored so far.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.nodes.len()
    }

    /// A stored row, e.g. the parent of the state about to be stored.
    #[must_use]
    pub fn node(&self, id: NodeId) -> &Node<S> {
        &self.nodes[id as usize]
    }

    /// Stores `node` (whose state is the one looked up) as a new open row.
    pub fn insert(self, node: Node<S>) -> NodeId {
        let id = NodeId::try_from(self.nodes.len()).expect("more than 4 billion rows");
        self.entry.insert(id);
        self.nodes.push(node);
        self.status.push(Status::Open);
        id
    }
}

/// The notebook itself.
#[derive(Clone, Debug)]
pub struct Notebook<S> {
    nodes: ChunkedVec<Node<S>>,
    status: ChunkedVec<Status>,
    /// Times each reopened row was reopened; rare, so kept apart from the rows.
    reopened: BTreeMap<NodeId, u32>,
    index: Box<[HashTable<NodeId>; SHARDS]>,
}

impl<S> Default for Notebook<S> {
    fn default() -> Self {
        Notebook {
            nodes: ChunkedVec::default(),
            status: ChunkedVec::default(),
            reopened: BTreeMap::new(),
            index: Box::new(std::array::from_fn(|_| HashTable::new())),
        }
    }
}

/// The hash the notebook files a state under (depth-first search indexes its path with it).
pub(crate) fn hash_of<S: Hash>(state: &S) -> u64 {
    let mut hasher = FxHasher::default();
    state.hash(&mut hasher);
    hasher.finish()
}

impl<S: Hash + Eq + Clone> Notebook<S> {
    /// The row holding `state`, if it was stored.
    #[must_use]
    pub fn find(&self, state: &S) -> Option<NodeId> {
        let nodes = &self.nodes;
        let hash = hash_of(state);
        self.index[shard_of(hash)]
            .find(hash, |&id| nodes[id as usize].state == *state)
            .copied()
    }

    /// Finds `state` with one hash probe: its row, or the slot to store it in.
    pub fn lookup(&mut self, state: &S) -> Lookup<'_, S> {
        let nodes = &self.nodes;
        let hash = hash_of(state);
        let entry = self.index[shard_of(hash)].entry(
            hash,
            |&id| nodes[id as usize].state == *state,
            |&id| hash_of(&nodes[id as usize].state),
        );
        match entry {
            hashbrown::hash_table::Entry::Occupied(found) => Lookup::Stored(*found.get()),
            hashbrown::hash_table::Entry::Vacant(entry) => Lookup::Vacant(Vacant {
                entry,
                nodes: &mut self.nodes,
                status: &mut self.status,
            }),
        }
    }

    /// Writes a new open row and returns its id, without looking for the state first: graph
    /// searches use [`Notebook::lookup`] instead, while tree searches (backtracking) may store a
    /// state again on another branch.
    pub fn insert(&mut self, node: Node<S>) -> NodeId {
        let id = NodeId::try_from(self.nodes.len()).expect("more than 4 billion rows");
        let nodes = &self.nodes;
        let hash = hash_of(&node.state);
        self.index[shard_of(hash)]
            .insert_unique(hash, id, |&other| hash_of(&nodes[other as usize].state));
        self.nodes.push(node);
        self.status.push(Status::Open);
        id
    }

    /// Forgets the newest rows so that `len` remain (used when stepping back in time).
    pub fn truncate(&mut self, len: usize) {
        while self.nodes.len() > len {
            let node = self.nodes.pop().expect("len checked");
            let id = NodeId::try_from(self.nodes.len()).expect("ids fit in u32");
            let hash = hash_of(&node.state);
            if let Ok(entry) = self.index[shard_of(hash)].find_entry(hash, |&other| other == id) {
                entry.remove();
            }
            self.status.pop();
            self.reopened.remove(&id);
        }
    }
}

impl<S> Notebook<S> {
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    #[must_use]
    pub fn node(&self, id: NodeId) -> &Node<S> {
        &self.nodes[id as usize]
    }

    /// Row `id` to change (a new route); copies the row's chunk first if a copy of the
    /// notebook (a keyframe) still shares it.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node<S>
    where
        S: Clone,
    {
        &mut self.nodes[id as usize]
    }

    #[must_use]
    pub fn status(&self, id: NodeId) -> Status {
        self.status[id as usize]
    }

    pub fn set_status(&mut self, id: NodeId, status: Status) {
        self.status[id as usize] = status;
    }

    /// How often `id` was reopened after being closed.
    #[must_use]
    pub fn times_reopened(&self, id: NodeId) -> u32 {
        self.reopened.get(&id).copied().unwrap_or(0)
    }

    pub fn count_reopening(&mut self, id: NodeId) {
        *self.reopened.entry(id).or_insert(0) += 1;
    }

    /// Sets the reopening count directly (restoring a past step).
    pub fn set_times_reopened(&mut self, id: NodeId, times: u32) {
        if times == 0 {
            self.reopened.remove(&id);
        } else {
            self.reopened.insert(id, times);
        }
    }

    /// Ids from `id` back to the start, then reversed: the route to `id`.
    #[must_use]
    pub fn route(&self, id: NodeId) -> Vec<NodeId> {
        let mut route = vec![id];
        let mut at = id;
        while let Some(parent) = self.node(at).parent() {
            route.push(parent);
            at = parent;
        }
        route.reverse();
        route
    }

    /// Bytes held by the hash index (all its shards).
    fn index_bytes(&self) -> usize {
        self.index.iter().map(HashTable::allocation_size).sum()
    }

    /// Bytes of rows a copy shares instead of copying (full chunks of rows: rows rarely change
    /// once written, unlike their statuses, which a copy counts as its own).
    #[must_use]
    pub fn shared_bytes(&self) -> usize {
        self.nodes.shared_bytes()
    }

    /// Bytes held by the rows, statuses and index (what "bytes per stored state" measures).
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.nodes.bytes()
            + self.status.bytes()
            + self.index_bytes()
            + self.reopened.len() * 2 * std::mem::size_of::<u32>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(state: u64, parent: Option<NodeId>) -> Node<u64> {
        Node::new(state, Cost::ZERO, Cost::ZERO, parent, 0)
    }

    #[test]
    fn each_state_is_found_by_its_id_in_storing_order() {
        let mut store = Notebook::default();
        let a = store.insert(node(42, None));
        let b = store.insert(node(7, Some(a)));
        assert_eq!((a, b), (0, 1));
        assert_eq!(store.find(&7), Some(1));
        assert_eq!(store.find(&8), None);
        assert_eq!(store.route(b), vec![0, 1]);
    }

    #[test]
    fn truncating_forgets_the_newest_rows() {
        let mut store = Notebook::default();
        store.insert(node(1, None));
        store.insert(node(2, Some(0)));
        store.count_reopening(1);
        store.truncate(1);
        assert_eq!(store.len(), 1);
        assert_eq!(store.find(&2), None);
        assert_eq!(store.find(&1), Some(0));
        assert_eq!(store.times_reopened(1), 0);
    }

    #[test]
    fn the_index_grows_a_shard_at_a_time() {
        let mut store = Notebook::default();
        // Past the first rows, where any growth is a big part of a small index.
        let mut largest_growth = 0;
        for state in 0..200_000u64 {
            let before = store.index_bytes();
            store.insert(node(state.wrapping_mul(0x2545_F491_4F6C_DD1D), None));
            let after = store.index_bytes();
            if state >= 20_000 {
                largest_growth = largest_growth.max((after - before) * 16 / after);
            }
        }
        assert!(
            largest_growth == 0,
            "one insert grew the index by a sixteenth or more of its size"
        );
        assert_eq!(
            store.find(&(123_456u64.wrapping_mul(0x2545_F491_4F6C_DD1D))),
            Some(123_456)
        );
    }
}
