//! Tie keys: how equal priorities are decided, in one place. A key knows which value of a row
//! it compares (g or h, lower or higher first) or which storing order it follows, and its
//! words; the open list, the pick's explanation, the app's tie marks and the quiz all ask it.

use super::cost::Cost;
use super::names::{UnknownName, by_name};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One level of the tie-break policy, applied after the algorithm's own priority.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieKey {
    LowestH,
    HighestG,
    LowestG,
    /// The state stored earliest (FIFO).
    FirstStored,
    /// The state stored latest (LIFO).
    LastStored,
}

/// A tie key as weights of a row's g and h, worked out once per search: a row's place is the
/// weighted sum, smaller first. Keying a row is then two multiplications, where matching on the
/// key for every row stored or improved took a dozen instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TieWeights {
    g: i64,
    h: i64,
}

impl TieWeights {
    /// No numeric tie key: every row ranks 0.
    pub const NONE: TieWeights = TieWeights { g: 0, h: 0 };

    /// The row's place as a number, smaller first.
    #[must_use]
    #[inline]
    pub fn rank(self, g: Cost, h: Cost) -> i64 {
        g.raw()
            .wrapping_mul(self.g)
            .wrapping_add(h.raw().wrapping_mul(self.h))
    }
}

/// A value of a row a numeric tie key compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowValue {
    /// The cost so far.
    G,
    /// The estimate of the cost still to go.
    H,
}

impl TieKey {
    pub const ALL: [TieKey; 5] = [
        TieKey::LowestH,
        TieKey::HighestG,
        TieKey::LowestG,
        TieKey::FirstStored,
        TieKey::LastStored,
    ];

    /// The name used on the command line.
    #[must_use]
    pub fn cli_name(self) -> &'static str {
        match self {
            TieKey::LowestH => "lowest-h",
            TieKey::HighestG => "highest-g",
            TieKey::LowestG => "lowest-g",
            TieKey::FirstStored => "fifo",
            TieKey::LastStored => "lifo",
        }
    }

    /// Parses a comma-separated policy such as `lowest-h,fifo`.
    ///
    /// # Errors
    /// The first unknown name, with the valid ones.
    pub fn parse_policy(text: &str) -> Result<Vec<TieKey>, UnknownName> {
        text.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|name| by_name(&TieKey::ALL, TieKey::cli_name, "tie-break", name))
            .collect()
    }

    /// A policy in words: "lower h → stored first".
    #[must_use]
    pub fn policy_words(policy: &[TieKey]) -> String {
        policy
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" → ")
    }

    /// Whether this key orders by storing order (and so always decides).
    #[must_use]
    pub fn is_order(self) -> bool {
        self.compares().is_none()
    }

    /// Whether this storing-order key takes the latest stored first (LIFO).
    #[must_use]
    pub fn latest_first(self) -> bool {
        self == TieKey::LastStored
    }

    /// Which value of a row this key compares; `None` for a storing-order key.
    #[must_use]
    pub fn compares(self) -> Option<RowValue> {
        match self {
            TieKey::LowestH => Some(RowValue::H),
            TieKey::HighestG | TieKey::LowestG => Some(RowValue::G),
            TieKey::FirstStored | TieKey::LastStored => None,
        }
    }

    /// The value of a row with `g` and `h` this key compares, with its letter ("h", h); `None`
    /// for a storing-order key.
    #[must_use]
    pub fn compared(self, g: Cost, h: Cost) -> Option<(&'static str, Cost)> {
        self.compares().map(|v| match v {
            RowValue::G => ("g", g),
            RowValue::H => ("h", h),
        })
    }

    /// Whether the higher compared value wins.
    #[must_use]
    pub fn higher_first(self) -> bool {
        self == TieKey::HighestG
    }

    /// How this key ranks rows by their g and h (nothing for a storing-order key, which
    /// decides through the storing rank instead).
    #[must_use]
    pub fn weights(self) -> TieWeights {
        let sign = if self.higher_first() { -1 } else { 1 };
        match self.compares() {
            Some(RowValue::G) => TieWeights { g: sign, h: 0 },
            Some(RowValue::H) => TieWeights { g: 0, h: sign },
            None => TieWeights::NONE,
        }
    }

    /// How the winner stands under this key: "the lowest" or "the highest".
    #[must_use]
    pub fn best_words(self) -> &'static str {
        if self.higher_first() {
            "the highest"
        } else {
            "the lowest"
        }
    }
}

impl fmt::Display for TieKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TieKey::LowestH => "lower h",
            TieKey::HighestG => "higher g",
            TieKey::LowestG => "lower g",
            TieKey::FirstStored => "stored first",
            TieKey::LastStored => "stored last",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policies_parse_from_cli_names() {
        assert_eq!(
            TieKey::parse_policy("lowest-h, fifo").unwrap(),
            vec![TieKey::LowestH, TieKey::FirstStored]
        );
        let err = TieKey::parse_policy("lowest-q").unwrap_err();
        assert_eq!((err.what, err.name.as_str()), ("tie-break", "lowest-q"));
        assert_eq!(
            err.to_string(),
            "unknown tie-break 'lowest-q' (expected lowest-h, highest-g, lowest-g, fifo, lifo)"
        );
    }

    #[test]
    fn each_key_ranks_the_row_it_prefers_first() {
        let (small, big) = (Cost::units(2), Cost::units(5));
        // (g, h) pairs: the first is the one the key should put first.
        let cases = [
            (TieKey::LowestH, (big, small), (small, big)),
            (TieKey::LowestG, (small, big), (big, small)),
            (TieKey::HighestG, (big, small), (small, big)),
        ];
        for (key, (g1, h1), (g2, h2)) in cases {
            let rank = |g, h| key.weights().rank(g, h);
            assert!(rank(g1, h1) < rank(g2, h2), "{key}");
            assert!(!key.is_order(), "{key}");
        }
        assert!(TieKey::FirstStored.is_order() && TieKey::LastStored.is_order());
        assert_eq!(TieKey::LastStored.weights().rank(small, big), 0);
    }

    #[test]
    fn policies_read_in_words() {
        let policy = [TieKey::HighestG, TieKey::LastStored];
        assert_eq!(TieKey::policy_words(&policy), "higher g → stored last");
    }
}
