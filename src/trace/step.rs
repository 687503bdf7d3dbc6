//! One step as a trace saves it: the picked row and a 24-bit digest of everything else the
//! step did, written as one short line.

use crate::engine::event::StepEvent;
use crate::engine::notebook::NodeId;
use std::hash::{Hash, Hasher};

/// The digits of the digest, six bits each.
const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// What one step decided, as saved: the row it picked and a digest of all it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceStep {
    pub pick: Option<NodeId>,
    /// 24 bits of a hash of the step's event (see [`TraceStep::of`]).
    pub digest: u32,
}

/// FNV-1a over little-endian bytes: the same digest on every machine and Rust version.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write(&[i]);
    }
    fn write_u32(&mut self, i: u32) {
        self.write(&i.to_le_bytes());
    }
    fn write_u64(&mut self, i: u64) {
        self.write(&i.to_le_bytes());
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

impl TraceStep {
    /// The saved form of `event`: its pick, and a digest of the pick's values and ties, each
    /// successor's row, place and fate, the note and the outcome.
    #[must_use]
    pub fn of(event: &StepEvent) -> TraceStep {
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        if let Some(p) = &event.pick {
            (p.id, p.g, p.h, p.f).hash(&mut h);
            for level in p.ties.iter() {
                (level.key, level.tied).hash(&mut h);
            }
        }
        for s in &event.successors {
            (s.id, s.index, s.fate).hash(&mut h);
        }
        event.note.hash(&mut h);
        event
            .outcome
            .as_ref()
            .map(|o| (o.code(), o.reason()))
            .hash(&mut h);
        let x = h.finish();
        TraceStep {
            pick: event.pick.as_ref().map(|p| p.id),
            digest: ((x ^ (x >> 24) ^ (x >> 48)) & 0xff_ffff) as u32,
        }
    }

    /// The step's line, without the newline.
    pub(super) fn line(self) -> String {
        let pick = self.pick.map_or_else(|| "-".into(), |id| id.to_string());
        let digits: String = (0..4)
            .rev()
            .map(|i| char::from(DIGITS[(self.digest >> (6 * i)) as usize & 63]))
            .collect();
        format!("{pick} {digits}")
    }

    /// Reads a step line; on failure, the column (from 1) and what is wrong.
    pub(super) fn parse(line: &str) -> Result<TraceStep, (usize, String)> {
        let (pick, digits) = line.split_once(' ').ok_or_else(|| {
            (
                1,
                "expected a step: a row number or '-', a space, a digest".into(),
            )
        })?;
        let pick = match pick {
            "-" => None,
            _ => Some(pick.parse::<NodeId>().map_err(|_| {
                (
                    1,
                    format!("'{pick}' is not a row number (or '-' for no pick)"),
                )
            })?),
        };
        let column = line.len() - digits.len() + 1;
        if digits.len() != 4 {
            return Err((column, format!("'{digits}' is not a digest of 4 digits")));
        }
        let mut digest = 0;
        for (i, c) in digits.bytes().enumerate() {
            let d = DIGITS.iter().position(|&x| x == c).ok_or_else(|| {
                (
                    column + i,
                    format!("'{}' is not a digest digit", char::from(c)),
                )
            })?;
            digest = digest << 6 | d as u32;
        }
        Ok(TraceStep { pick, digest })
    }
}
