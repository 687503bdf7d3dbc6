//! The memory budget of a search: one size that covers everything a search holds (notebook,
//! open list or stack, step log, and what its owner keeps for it, such as time-travel
//! keyframes). Reaching it stops the search cleanly instead of letting the allocator abort.
//!
//! Sizes are written as a whole number of bytes (`536870912`) or as a number and a unit
//! (`"512 MiB"`, `"1.5 GiB"`, `"800 MB"`): B, KB/MB/GB/TB (powers of 1000) and KiB/MiB/GiB/TiB
//! (powers of 1024), case-insensitive.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A number of bytes, shown in the largest binary unit that holds it whole ("1 GiB").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MemorySize(pub u64);

/// Why a text is not a memory size.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MemorySizeError {
    /// Not a number, or a number with a unit that is not one of the accepted ones.
    #[error(
        "'{text}' is not a memory size (write bytes, or a number and a unit such as \"512 MiB\" \
         or \"2 GB\")"
    )]
    NotASize { text: String },
    /// A size below one byte, or one too large to count in bytes.
    #[error("memory size '{text}' must be at least 1 byte and below 16 EiB")]
    OutOfRange { text: String },
}

/// The budget when a scenario or command names none: 1 GiB, far above any lesson-sized
/// search, and well under what a desktop can spare.
pub const DEFAULT_MAX_MEMORY: MemorySize = MemorySize(1 << 30);

const UNITS: [(&str, u64); 9] = [
    ("b", 1),
    ("kb", 1_000),
    ("mb", 1_000_000),
    ("gb", 1_000_000_000),
    ("tb", 1_000_000_000_000),
    ("kib", 1 << 10),
    ("mib", 1 << 20),
    ("gib", 1 << 30),
    ("tib", 1 << 40),
];

impl MemorySize {
    /// The size in bytes, saturated to `usize` (what allocations are measured in).
    #[must_use]
    pub fn bytes(self) -> usize {
        usize::try_from(self.0).unwrap_or(usize::MAX)
    }

    /// Parses `"512 MiB"`, `"1.5GB"` or `"4096"` (bytes).
    ///
    /// # Errors
    /// Not a size in one of the accepted forms ([`MemorySizeError::NotASize`]), or out of
    /// range ([`MemorySizeError::OutOfRange`]).
    pub fn parse(text: &str) -> Result<MemorySize, MemorySizeError> {
        let text = text.trim();
        let split = text
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(text.len());
        let (number, unit) = (&text[..split], text[split..].trim());
        let wrong = || MemorySizeError::NotASize { text: text.into() };
        let scale = if unit.is_empty() {
            1
        } else {
            UNITS
                .iter()
                .find(|(name, _)| name.eq_ignore_ascii_case(unit))
                .ok_or_else(wrong)?
                .1
        };
        let value: f64 = number.parse().map_err(|_| wrong())?;
        let bytes = (value * scale as f64).round();
        if !bytes.is_finite() || bytes < 1.0 || bytes >= u64::MAX as f64 {
            return Err(MemorySizeError::OutOfRange { text: text.into() });
        }
        // In range: checked just above.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Ok(MemorySize(bytes as u64))
    }
}

impl fmt::Display for MemorySize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let binary = [
            ("TiB", 1u64 << 40),
            ("GiB", 1 << 30),
            ("MiB", 1 << 20),
            ("KiB", 1 << 10),
        ];
        match binary
            .iter()
            .find(|(_, scale)| self.0 >= *scale && self.0.is_multiple_of(*scale))
        {
            Some((unit, scale)) => write!(f, "{} {unit}", self.0 / scale),
            None => write!(f, "{} bytes", self.0),
        }
    }
}

impl std::str::FromStr for MemorySize {
    type Err = MemorySizeError;
    fn from_str(s: &str) -> Result<Self, MemorySizeError> {
        MemorySize::parse(s)
    }
}

impl Serialize for MemorySize {
    /// As the words a person would write ("1 GiB"), or a plain number of bytes.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0 >= 1 << 10 && self.0.is_multiple_of(1 << 10) {
            serializer.serialize_str(&self.to_string())
        } else {
            serializer.serialize_u64(self.0)
        }
    }
}

impl<'de> Deserialize<'de> for MemorySize {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = MemorySize;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number of bytes or a size such as \"512 MiB\"")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<MemorySize, E> {
                if v == 0 {
                    return Err(E::custom("a memory budget must be at least 1 byte"));
                }
                Ok(MemorySize(v))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<MemorySize, E> {
                u64::try_from(v)
                    .map_err(|_| E::custom("a memory budget cannot be negative"))
                    .and_then(|v| self.visit_u64(v))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<MemorySize, E> {
                MemorySize::parse(v).map_err(E::custom)
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_in_both_unit_families_and_show_in_binary_ones() {
        assert_eq!(MemorySize::parse("512 MiB"), Ok(MemorySize(512 << 20)));
        assert_eq!(MemorySize::parse("1.5gib"), Ok(MemorySize(3 << 29)));
        assert_eq!(MemorySize::parse("2 GB"), Ok(MemorySize(2_000_000_000)));
        assert_eq!(MemorySize::parse("4096"), Ok(MemorySize(4096)));
        assert_eq!(DEFAULT_MAX_MEMORY.to_string(), "1 GiB");
        assert_eq!(MemorySize(3 << 29).to_string(), "1536 MiB");
        assert_eq!(MemorySize(1000).to_string(), "1000 bytes");
        for bad in ["", "12 parsecs", "-3 MiB", "1e400 GiB", "MiB", "1..2 KB"] {
            assert_eq!(
                MemorySize::parse(bad),
                Err(MemorySizeError::NotASize { text: bad.into() }),
                "{bad}"
            );
        }
        assert_eq!(
            MemorySize::parse("0"),
            Err(MemorySizeError::OutOfRange { text: "0".into() })
        );
    }

    #[test]
    fn ron_takes_bytes_or_words() {
        let from = |text: &str| ron::from_str::<MemorySize>(text);
        assert_eq!(from("65536").unwrap(), MemorySize(65536));
        assert_eq!(from("\"64 KiB\"").unwrap(), MemorySize(65536));
        assert!(from("\"lots\"").is_err());
        assert!(from("0").is_err());
        assert_eq!(ron::to_string(&MemorySize(1 << 30)).unwrap(), "\"1 GiB\"");
        assert_eq!(ron::to_string(&MemorySize(100)).unwrap(), "100");
    }
}
