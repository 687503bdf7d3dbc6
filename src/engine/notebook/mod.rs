//! The notebook: one row per distinct state, ids in storing order, parents by id.
//!
//! Rows live in one arena; a hash table holds only row ids and finds a state by hashing it and
//! comparing against the arena, so each state is stored once (the model of `pathfinding`'s
//! index map, without its per-entry key copy).
//!
//! Once it holds ~14k rows the hash table is split into [`SHARDS`] tables by a few bits of the
//! hash. Each grows on its own, so no single step pays for rehashing every row: a growth
//! rehashes one shard's rows, and with hashes spread evenly the shards grow one after another
//! over many steps (one table of a million rows took ~107 ms to double, a whole frame's spike
//! in the app). The transient memory of a growth (old and new table side by side) is one
//! shard's too. Until then it is one table, so a short search pays for one table's growth.
//!
//! Rows are packed (see [`Node`] for the unpacked form): 24 bytes for a 64-bit state, with g and
//! h in whole units while they fit, and statuses as bits. Time travel shares one index among
//! the copies of a search: a keyframe holds none and takes the live search's when restored
//! ([`Notebook::adopt_index`]), so the index may file rows a copy does not hold yet. A search
//! that never looks a state up (depth-first) keeps an unfiled notebook ([`Notebook::unfiled`]).

mod filing;
mod index;
mod rows;
mod table;

use super::cost::Cost;
pub use filing::{Lookup, Vacant};
use index::{Index, split_groups};
pub use rows::Node;
use rows::{Rows, each_layout};
use rustc_hash::FxHasher;
use serde::Serialize;
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};

/// A row id: the storing order, starting at 0 for the start state.
pub type NodeId = u32;

/// How the notebook files a state. Most states are hashed; a state that is a small number of
/// its own (a grid's cell, a graph's vertex) is its own slot in a plain table of row ids, with
/// no hash, probe or comparison: a grid search looks up every successor, and hashing and
/// probing were a large share of its work.
pub trait Filed: Hash + Eq + Clone {
    /// Whether an expansion compares each successor with its parent's state before hashing
    /// it: for states copied as cheaply as they are compared, whose domains generate the way
    /// back (a sliding puzzle's blank moving back is a successor of every expansion but the
    /// first, and a comparison is cheaper than its lookup). The expansion holds the parent's state
    /// for this only where it holds states at all ([`Filed::HELD`], which follows this unless
    /// set).
    const PARENT_FIRST: bool = false;

    /// Whether an expansion holds a copy of its pick's state (and, comparing parents first,
    /// of its parent's) instead of reading it from the notebook for each new successor's
    /// estimate: for states copied without allocating, where each read would be a lookup in
    /// the chunked rows.
    const HELD: bool = Self::PARENT_FIRST;

    /// The state's slot in the table of numbered states, if states are numbers counted from 0
    /// (the table grows to the largest one seen).
    #[inline(always)]
    fn number(&self) -> Option<u32> {
        None
    }
}

/// Grid cells and graph vertices: numbered from 0 by their domains.
impl Filed for u32 {
    const HELD: bool = true;

    #[inline(always)]
    fn number(&self) -> Option<u32> {
        Some(*self)
    }
}

/// Packed sliding-puzzle boards (and the tests' states): hashed, the parent compared first.
impl Filed for u64 {
    const PARENT_FIRST: bool = true;
}
impl Filed for u128 {
    const PARENT_FIRST: bool = true;
}
impl Filed for i32 {
    const HELD: bool = true;
}
impl Filed for i64 {
    const HELD: bool = true;
}

/// Where a row stands in the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Status {
    /// Waiting to be expanded (on the open list, or on the stack).
    Open,
    /// Expanded, or finished with.
    Closed,
}

/// The notebook itself.
#[derive(Clone, Debug)]
pub struct Notebook<S> {
    rows: Rows<S>,
    /// Times each reopened row was reopened; rare, so kept apart from the rows.
    reopened: BTreeMap<NodeId, u32>,
    /// `None` in a time-travel keyframe, which takes the live search's index when it is
    /// restored ([`Notebook::adopt_index`]).
    index: Option<Index>,
    /// Whether rows were forgotten for good ([`Notebook::truncate`]) so that their ids hold
    /// other states now: then no other copy's index fits this notebook's rows.
    ids_reused: bool,
    /// Whether rows are filed in the index at all ([`Notebook::unfiled`]).
    files: bool,
    /// What an index made afresh for these rows (after a truncation, or for a keyframe
    /// restored without the live search's) starts its shards with ([`split_groups`]).
    split_groups: usize,
}

impl<S> Default for Notebook<S> {
    fn default() -> Self {
        Notebook::with_index(Index::default())
    }
}

impl<S> Notebook<S> {
    /// A notebook whose numbered states ([`Filed::number`]) are below `numbers` (0: none are
    /// numbered): its table of them is made whole at once, where growing it by doubling copied
    /// and zeroed it again at every size.
    /// `reachable`: how many states the search can reach at most, where the domain knows
    /// ([`Problem::reachable_states`](super::problem::Problem::reachable_states)); a small
    /// space is then filed in a hash index sized for all of it once it outgrows its first
    /// table ([`split_groups`]).
    #[must_use]
    pub fn numbered(numbers: usize, reachable: Option<u64>) -> Self {
        let mut index = Index {
            split_groups: split_groups(reachable),
            ..Index::default()
        };
        if numbers > 0 {
            index.numbered = vec![0; numbers];
        }
        Notebook::with_index(index)
    }

    /// An empty notebook that files its rows in `index`.
    fn with_index(index: Index) -> Self {
        Notebook {
            rows: Rows::default(),
            reopened: BTreeMap::new(),
            split_groups: index.split_groups,
            index: Some(index),
            ids_reused: false,
            files: true,
        }
    }

    /// An empty index for these rows, sized as this notebook's first was.
    fn fresh_index(&self) -> Index {
        Index {
            split_groups: self.split_groups,
            ..Index::default()
        }
    }

    /// A notebook that files no row in the hash index, for searches that never look a state
    /// up: depth-first searches check the current path with an index of their own, and
    /// filing every row only to unfile it when the search retreats would be a large share
    /// of IDA*'s work. [`Notebook::find`] finds nothing in it, and [`Notebook::lookup`] must
    /// not be used.
    #[must_use]
    pub fn unfiled() -> Notebook<S> {
        Notebook {
            files: false,
            ..Notebook::default()
        }
    }
}

/// The hash the notebook files a state under (depth-first search indexes its path with it).
pub(crate) fn hash_of<S: Hash>(state: &S) -> u64 {
    let mut hasher = FxHasher::default();
    state.hash(&mut hasher);
    hasher.finish()
}

impl<S> Notebook<S> {
    #[must_use]
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rows.len() == 0
    }

    /// Row `id`, unpacked (its state by reference).
    #[must_use]
    #[inline]
    pub fn node(&self, id: NodeId) -> Node<&S> {
        self.rows.get(id)
    }

    /// Row `id`'s g and h alone: a best-first search reads them for every successor already
    /// stored.
    #[must_use]
    #[inline]
    pub fn costs(&self, id: NodeId) -> (Cost, Cost) {
        self.rows.costs(id)
    }

    #[must_use]
    #[inline]
    pub fn status(&self, id: NodeId) -> Status {
        if self.rows.is_open(id) {
            Status::Open
        } else {
            Status::Closed
        }
    }

    #[inline]
    pub fn set_status(&mut self, id: NodeId, status: Status) {
        self.rows.set_open(id, status == Status::Open);
    }

    /// How many rows sit at each depth (index = depth), read straight off the packed rows: a
    /// run's shape needs this once at its end, and building a whole row for each of two million
    /// states took a frame of 20 ms.
    #[must_use]
    pub fn stored_by_depth(&self) -> Vec<u64> {
        let mut by_depth: Vec<u64> = Vec::new();
        each_layout!(&self.rows.columns, rows => {
            for row in rows.iter() {
                let slot = row.depth as usize;
                if by_depth.len() <= slot {
                    by_depth.resize(slot + 1, 0);
                }
                by_depth[slot] += 1;
            }
        });
        by_depth
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
        // Sized by the depth at once (a row's depth is its route's moves).
        let mut route = Vec::with_capacity(self.node(id).depth as usize + 1);
        route.push(id);
        let mut at = id;
        while let Some(parent) = self.node(at).parent() {
            route.push(parent);
            at = parent;
        }
        route.reverse();
        route
    }

    /// Bytes held by the hash index (all its shards; none when unfiled, without walking the
    /// empty shards on every memory-budget check of a depth-first search).
    fn index_bytes(&self) -> usize {
        if !self.files {
            return 0;
        }
        self.index.as_ref().map_or(0, Index::bytes)
    }

    /// Bytes of rows a copy shares instead of copying (full chunks of rows: rows rarely change
    /// once written, unlike their statuses, which a copy counts as its own).
    #[must_use]
    pub fn shared_bytes(&self) -> usize {
        self.rows.shared_bytes()
    }

    /// Bytes held by the rows, statuses and index (what "bytes per stored state" measures).
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.rows.bytes()
            + self.index_bytes()
            + self.reopened.len() * 2 * std::mem::size_of::<u32>()
    }
}

#[cfg(test)]
mod tests;
