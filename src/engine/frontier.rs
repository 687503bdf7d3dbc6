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
use super::tie::TieKey;
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

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
    pub fn key(&self, id: NodeId, g: Cost, h: Cost, depth: u32) -> OpenKey {
        let tie = self.numeric.map_or(0, |k| k.rank(g, h));
        let rank = if self.order.latest_first() {
            u32::MAX - id
        } else {
            id
        };
        OpenKey {
            f: self.f(g, h, depth),
            tie,
            rank,
        }
    }

    /// The row a key belongs to.
    #[must_use]
    pub fn id_of(&self, key: OpenKey) -> NodeId {
        if self.order.latest_first() {
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

/// Open rows sharing one (f, tie) value: their storing ranks, smallest first.
#[derive(Clone, Debug, Default)]
struct Bucket {
    ranks: BinaryHeap<Reverse<u32>>,
    /// Rows in `ranks` that are still open with this key (the rest are stale).
    live: u32,
}

/// The open list of a best-first search: one bucket per (f, tie) value, in key order.
///
/// A bucket holds only 4-byte ranks, and its live count is the number of open states tied up to
/// the numeric level, so explaining a pick costs a lookup, not a scan.
#[derive(Clone, Debug)]
pub struct OpenList {
    ordering: Ordering,
    buckets: BTreeMap<(Cost, i64), Bucket>,
    len: usize,
    /// Ranks held in buckets, stale ones included (for the memory figures).
    entries: usize,
}

impl OpenList {
    #[must_use]
    pub fn new(ordering: Ordering) -> OpenList {
        OpenList {
            ordering,
            buckets: BTreeMap::new(),
            len: 0,
            entries: 0,
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
    pub fn push(&mut self, key: OpenKey) {
        let bucket = self.buckets.entry((key.f, key.tie)).or_default();
        bucket.ranks.push(Reverse(key.rank));
        bucket.live += 1;
        self.len += 1;
        self.entries += 1;
    }

    /// A row with `key` leaves the open list by any route but the top (its key changed).
    /// Its entry turns stale and is skipped later.
    pub fn forget(&mut self, key: OpenKey) {
        if let Some(bucket) = self.buckets.get_mut(&(key.f, key.tie)) {
            bucket.live -= 1;
            self.len -= 1;
        }
    }

    /// Drops stale entries from the top; `current` gives a row's key while it is open.
    pub fn clean_top(&mut self, current: impl Fn(NodeId) -> Option<OpenKey>) {
        while let Some(mut first) = self.buckets.first_entry() {
            let (f, tie) = *first.key();
            let bucket = first.get_mut();
            if bucket.live == 0 {
                self.entries -= bucket.ranks.len();
                first.remove();
                continue;
            }
            while let Some(&Reverse(rank)) = bucket.ranks.peek() {
                let key = OpenKey { f, tie, rank };
                if current(self.ordering.id_of(key)) == Some(key) {
                    return;
                }
                bucket.ranks.pop();
                self.entries -= 1;
            }
        }
    }

    /// The key of the next pick. Call [`OpenList::clean_top`] first.
    #[must_use]
    pub fn peek(&self) -> Option<OpenKey> {
        let (&(f, tie), bucket) = self.buckets.first_key_value()?;
        let &Reverse(rank) = bucket.ranks.peek()?;
        Some(OpenKey { f, tie, rank })
    }

    /// Why `key` wins: the count of open rows tied with it at each level.
    #[must_use]
    pub fn explain(&self, key: OpenKey) -> TieLevels {
        let same_f = self
            .buckets
            .range((key.f, i64::MIN)..)
            .take_while(|((f, _), _)| *f == key.f)
            .map(|(_, b)| b.live)
            .sum();
        let mut levels = TieLevels::default();
        levels.push(TieLevel {
            key: None,
            tied: same_f,
        });
        if let Some(numeric) = self.ordering.numeric {
            levels.push(TieLevel {
                key: Some(numeric),
                tied: self.buckets.get(&(key.f, key.tie)).map_or(0, |b| b.live),
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
        let mut first = self.buckets.first_entry()?;
        let bucket = first.get_mut();
        let Reverse(rank) = bucket.ranks.pop()?;
        bucket.live -= 1;
        self.len -= 1;
        self.entries -= 1;
        if bucket.ranks.is_empty() {
            first.remove();
        }
        Some(self.ordering.id_of(OpenKey {
            f: Cost::ZERO,
            tie: 0,
            rank,
        }))
    }

    /// Bytes held by the entries (for the memory figures).
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.entries * std::mem::size_of::<u32>()
            + self.buckets.len() * (std::mem::size_of::<((Cost, i64), Bucket)>() + 16)
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
        open.clean_top(|id| (id == 0).then_some(old));
        assert_eq!(open.peek(), Some(old));
        assert_eq!(open.len(), 1);
    }
}
