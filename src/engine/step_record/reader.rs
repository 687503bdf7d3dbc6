//! Reading the record back: steps decoded in order, keeping the guesses as the writer did.

use super::format::*;
use super::{Cursor, Recorded, RecordedStep, StepRecord};
use crate::engine::event::Fate;
use crate::engine::notebook::NodeId;
use std::sync::PoisonError;

impl StepRecord {
    /// The row picked at step `index` (0-based).
    #[must_use]
    pub fn pick(&self, index: usize) -> Option<NodeId> {
        self.step(index).pick
    }

    /// The successors recorded at step `index` (0-based).
    pub fn successors(&self, index: usize) -> impl Iterator<Item = Recorded> + '_ {
        self.step(index).successors.into_iter()
    }

    /// Step `index` (0-based), whole.
    ///
    /// # Panics
    /// When `index` is not below [`StepRecord::len`].
    #[must_use]
    pub fn step(&self, index: usize) -> RecordedStep {
        assert!(
            index < self.steps,
            "step {index} of {} recorded",
            self.steps
        );
        let mut cursor = self.cursor.lock().unwrap_or_else(PoisonError::into_inner);
        let mut reader = Reader::at_block(self, index / BLOCK);
        if (reader.step..=index).contains(&cursor.step) {
            (reader.step, reader.at, reader.guess) = (cursor.step, cursor.at, cursor.guess);
        }
        let mut successors = Vec::new();
        while reader.step < index {
            reader.read(&mut successors);
        }
        *cursor = Cursor {
            step: reader.step,
            at: reader.at,
            guess: reader.guess,
        };
        let (pick, max_open_rise) = reader.read(&mut successors);
        RecordedStep {
            pick,
            successors,
            max_open_rise,
        }
    }
}

/// Reads steps in order, keeping the guesses as the writer did.
pub(super) struct Reader<'a> {
    pub(super) record: &'a StepRecord,
    /// The next step to read, and its first byte.
    pub(super) step: usize,
    pub(super) at: usize,
    pub(super) guess: Guess,
}

impl<'a> Reader<'a> {
    pub(super) fn at_block(record: &'a StepRecord, block: usize) -> Reader<'a> {
        Reader {
            record,
            step: block * BLOCK,
            at: record
                .block_starts
                .get(block)
                .map_or(record.bytes.len(), |&start| start as usize),
            guess: Guess::default(),
        }
    }

    pub(super) fn byte(&mut self) -> u8 {
        let b = self.record.bytes[self.at];
        self.at += 1;
        b
    }

    pub(super) fn varint(&mut self) -> u64 {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte();
            value |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                break;
            }
        }
        value
    }

    /// Reads the next step: returns its pick and its rise of the largest open size, and puts
    /// its successors in `out`.
    #[expect(clippy::cast_possible_truncation, reason = "the writer's widths")]
    pub(super) fn read(&mut self, out: &mut Vec<Recorded>) -> (Option<NodeId>, u32) {
        out.clear();
        let header = self.byte();
        let low = u64::from(header & 0x0f);
        let count = if low >= WITH_RISE { self.varint() } else { low };
        let rise = if low == WITH_RISE {
            self.varint() as u32
        } else {
            0
        };
        let mut pick_code = u64::from(header >> 4);
        if pick_code == NIBBLE_MORE {
            pick_code = self.varint();
        }
        let pick = (pick_code > 0).then(|| unzigzag(self.guess.pick(), (pick_code - 1) as u32));
        let start_new = self.guess.next_new;
        let pick_base = pick.unwrap_or(start_new);
        let mut next_new = start_new;
        let mut escaped_new = None;
        let mut place = 0u32;
        while u64::from(place) < count {
            let classes = self.byte();
            for j in 0..(count - u64::from(place)).min(4) {
                let s = match (classes >> (2 * j)) & 3 {
                    c if c == Class::StoredAsGuessed as u8 => {
                        Recorded::new(next_new, Fate::StoredNew)
                    }
                    c if c == Class::PrunedInPlace as u8 => Recorded::new(place, Fate::Pruned),
                    c if c == KEPT_FOUND as u8 && self.record.kept_found => Recorded {
                        target: place,
                        fate: Fate::Kept,
                        found: true,
                    },
                    c if c == Class::FullInPlace as u8 => Recorded::new(place, Fate::NotStoredFull),
                    _ => {
                        let escape = self.byte();
                        let fate = FATES[usize::from(escape & 7)];
                        let mut z = u32::from(escape >> 3);
                        if z >= ESCAPE_DIRECT {
                            let rest = (0..=z - ESCAPE_DIRECT)
                                .fold(0, |rest, i| rest | u32::from(self.byte()) << (8 * i));
                            z = rest + ESCAPE_DIRECT;
                        }
                        let target = unzigzag(base(fate, place, pick_base), z);
                        if fate == Fate::StoredNew {
                            escaped_new.get_or_insert(target);
                        }
                        Recorded::new(target, fate)
                    }
                };
                if s.fate == Fate::StoredNew {
                    next_new = s.target.wrapping_add(1);
                }
                out.push(s);
                place += 1;
            }
        }
        self.step += 1;
        self.guess.next_new = next_new;
        self.guess
            .after_step(self.step, pick, first_new(escaped_new, start_new, next_new));
        (pick, rise)
    }
}
