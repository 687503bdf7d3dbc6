//! The order of open rows: their keys, the ordering that makes them, and the tie levels that
//! explain a pick.

use crate::engine::cost::Cost;
use crate::engine::notebook::NodeId;
use crate::engine::settings::Algorithm;
use crate::engine::tie::{TieKey, TieWeights};
use serde::Serialize;

/// The full ordering key of an open row; smaller is picked first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OpenKey {
    pub f: Cost,
    pub(super) tie: i64,
    pub(super) rank: u32,
}

/// How f and the tie levels are computed from a row's g, h and depth.
#[derive(Clone, Debug, PartialEq)]
pub struct Ordering {
    pub(super) algorithm: Algorithm,
    pub(super) weight: f64,
    pub(super) numeric: Option<TieKey>,
    pub(super) order: TieKey,
    /// `numeric`'s weights ([`TieKey::weights`]; none without one).
    pub(super) tie: TieWeights,
    /// What a row's id is XORed with for its storing rank: all ones when the latest stored
    /// goes first (the rank is then `u32::MAX - id`), else none.
    pub(super) rank_mask: u32,
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
    pub(super) levels: [Option<TieLevel>; 4],
}

impl TieLevels {
    pub(super) fn push(&mut self, level: TieLevel) {
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
