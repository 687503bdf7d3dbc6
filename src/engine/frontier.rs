//! The best-first open list: explicit priority keys with tie-break levels and storing order.
//!
//! Every open row has a [`Key`]: the algorithm's priority f, then at most one numeric tie key,
//! then its rank in storing order. One numeric level is always enough: with f fixed, h and g
//! determine each other (f = g + h, g + w·h, g or h), so a second numeric key could never split a
//! tie the first left. The storing rank is unique, so every pick is reproducible.
//!
//! The heap holds keys only; an entry whose row has since closed or changed key is stale and
//! skipped when it reaches the top (no decrease-key). Open rows are counted per f and per
//! (f, tie) value so each pick can say how many states it was tied with at each level.

use super::cost::Cost;
use super::settings::{Algorithm, TieKey};
use super::store::NodeId;
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The full ordering key of an open row; smaller is picked first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key {
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
}

impl Ordering {
    /// The ordering for an algorithm and policy. Keys after the first storing-order key can
    /// never decide and are ignored; without one, first stored decides last.
    #[must_use]
    pub fn new(algorithm: Algorithm, weight: f64, policy: &[TieKey]) -> Ordering {
        let order_at = policy.iter().position(|k| k.is_order());
        let before_order = &policy[..order_at.unwrap_or(policy.len())];
        Ordering {
            algorithm,
            weight,
            numeric: before_order.first().copied(),
            order: order_at.map_or(TieKey::FirstStored, |i| policy[i]),
        }
    }

    /// The algorithm's priority of a row.
    #[must_use]
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
    pub fn key(&self, id: NodeId, g: Cost, h: Cost, depth: u32) -> Key {
        let tie = match self.numeric {
            Some(TieKey::LowestH) => h.raw(),
            Some(TieKey::HighestG) => -g.raw(),
            Some(TieKey::LowestG) => g.raw(),
            _ => 0,
        };
        let rank = if self.order == TieKey::LastStored {
            u32::MAX - id
        } else {
            id
        };
        Key {
            f: self.f(g, h, depth),
            tie,
            rank,
        }
    }

    /// The row a key belongs to.
    #[must_use]
    pub fn id_of(&self, key: Key) -> NodeId {
        if self.order == TieKey::LastStored {
            u32::MAX - key.rank
        } else {
            key.rank
        }
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

/// The open list of a best-first search.
#[derive(Clone, Debug)]
pub struct OpenList {
    ordering: Ordering,
    heap: BinaryHeap<Reverse<Key>>,
    by_f: FxHashMap<Cost, u32>,
    by_tie: FxHashMap<(Cost, i64), u32>,
    len: usize,
}

impl OpenList {
    #[must_use]
    pub fn new(ordering: Ordering) -> OpenList {
        OpenList {
            ordering,
            heap: BinaryHeap::new(),
            by_f: FxHashMap::default(),
            by_tie: FxHashMap::default(),
            len: 0,
        }
    }

    #[must_use]
    pub fn ordering(&self) -> &Ordering {
        &self.ordering
    }

    /// Open rows (not heap entries).
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// A row joins the open list with `key`.
    pub fn push(&mut self, key: Key) {
        *self.by_f.entry(key.f).or_insert(0) += 1;
        *self.by_tie.entry((key.f, key.tie)).or_insert(0) += 1;
        self.len += 1;
        self.heap.push(Reverse(key));
    }

    /// A row with `key` leaves the open list by any route but the top (its key changed).
    /// Its heap entry turns stale and is skipped later.
    pub fn forget(&mut self, key: Key) {
        decrement(&mut self.by_f, key.f);
        decrement(&mut self.by_tie, (key.f, key.tie));
        self.len -= 1;
    }

    /// Drops stale entries from the top; `current` gives a row's key while it is open.
    pub fn clean_top(&mut self, current: impl Fn(NodeId) -> Option<Key>) {
        while let Some(&Reverse(top)) = self.heap.peek() {
            if current(self.ordering.id_of(top)) == Some(top) {
                return;
            }
            self.heap.pop();
        }
    }

    /// The key of the next pick. Call [`OpenList::clean_top`] first.
    #[must_use]
    pub fn peek(&self) -> Option<Key> {
        self.heap.peek().map(|r| r.0)
    }

    /// Why the top would win: the count of open rows tied with it at each level.
    #[must_use]
    pub fn explain(&self, key: Key) -> Vec<TieLevel> {
        let mut levels = vec![TieLevel {
            key: None,
            tied: self.by_f.get(&key.f).copied().unwrap_or(0),
        }];
        if let Some(numeric) = self.ordering.numeric {
            levels.push(TieLevel {
                key: Some(numeric),
                tied: self.by_tie.get(&(key.f, key.tie)).copied().unwrap_or(0),
            });
        }
        levels.push(TieLevel {
            key: Some(self.ordering.order),
            tied: 1,
        });
        levels
    }

    /// Removes the top (which must be fresh) and returns its row.
    pub fn pop(&mut self) -> Option<NodeId> {
        let Reverse(top) = self.heap.pop()?;
        self.forget(top);
        Some(self.ordering.id_of(top))
    }

    /// Heap bytes (for the memory figures).
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.heap.capacity() * std::mem::size_of::<Key>()
            + (self.by_f.capacity() + self.by_tie.capacity()) * 24
    }
}

fn decrement<K: std::hash::Hash + Eq>(map: &mut FxHashMap<K, u32>, key: K) {
    if let Some(count) = map.get_mut(&key) {
        *count -= 1;
        if *count == 0 {
            map.remove(&key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ordering(policy: &[TieKey]) -> Ordering {
        Ordering::new(Algorithm::AStar, 1.0, policy)
    }

    #[test]
    fn lowest_h_then_first_stored_is_the_seed_rule() {
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
        open.clean_top(|id| (id == 0).then_some(old));
        assert_eq!(open.peek(), Some(old));
        assert_eq!(open.len(), 1);
    }
}
