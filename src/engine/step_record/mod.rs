//! The compact record of every step: the pick and each successor's fate, packed in bytes, a few
//! per step.
//!
//! Full [`StepEvent`](super::event::StepEvent)s are rebuilt from it together with the
//! notebook; this is what traces save, what time travel replays and checks, and what the search
//! tree reads. A strategy writes its step here as it goes (the pick, then each successor as it
//! is stored), and the step's header last, in room kept before its successors. Deep searches
//! take hundreds of thousands of steps over a handful of rows, so the record is most of what
//! they hold: it is packed around what the next step usually is.
//!
//! Each step is written against two guesses: its pick, and the row a stored successor gets (one
//! past the last row stored). The pick is guessed as the kind of search the record has seen
//! so far picks: a stack's top is the first row the step before stored (or else the row after
//! its pick), a queue's front the row after the step before's pick (breadth-first picks go in
//! storing order). The record follows whichever of the two last told the picks apart. A step
//! is:
//! - a header byte: the successor count in the low nibble (15: a varint follows) and the pick in
//!   the high one (0: none; else 1 + the zigzagged distance from the guess; 15: a varint
//!   follows);
//! - per group of four successors, a byte of four 2-bit classes ([`Class`]), then for each
//!   successor of the group that is none of the guessed cases, an escape byte (its fate's code,
//!   and its zigzagged distance from its base in the top 5 bits; from 28 up, 1 to 4 bytes
//!   follow that hold the distance less 28, low byte first).
//!
//! A search that finds every stored state by its value (best-first search) writes a kept
//! successor as its class alone ([`StepRecord::finding_kept`]): its row is the one holding its
//! state, and a reader finds it by generating the pick's successors again
//! ([`crate::engine::search::Search::successor_rows`]).
//!
//! So a depth-first step is one or two bytes, plus a quarter byte per successor (8 queens, IDA*
//! on the 15-puzzle), where four bytes per successor and five per step were held before. Every
//! [`BLOCK`] steps the guesses start afresh and the block's byte offset is kept, so step `i` is
//! found by decoding at most `BLOCK - 1` steps before it.

use super::chunked::ChunkedVec;
use super::event::Fate;
#[cfg(test)]
use super::event::StepEvent;
use super::notebook::NodeId;
use std::sync::{Mutex, PoisonError};

mod format;
mod reader;
mod recorded;

use format::*;
use reader::Reader;
pub use recorded::{Recorded, RecordedStep};

/// Every step so far, packed.
#[derive(Debug, Default)]
pub struct StepRecord {
    /// The steps' bytes, one after another.
    bytes: ChunkedVec<u8>,
    /// Where in `bytes` each block of [`BLOCK`] steps starts.
    block_starts: ChunkedVec<u32>,
    steps: usize,
    /// The guesses for the next step.
    guess: Guess,
    /// Where the last step read starts. Readers go through steps in order (the tree, the
    /// tables, a replay checking each step), often reading one twice (its pick, then its
    /// successors): from here, each step is decoded about once instead of from its block's
    /// start. Any step at or before the last one written is a valid place to start.
    cursor: Mutex<Cursor>,
    /// The step being written, between [`StepRecord::begin_step`] and
    /// [`StepRecord::end_step`].
    pending: Pending,
    /// The bytes of a long step being written that did not fit in [`Pending::buf`] (its header
    /// goes before them, so they wait for it).
    spill: Vec<u8>,
    /// Whether a kept successor is written as its class alone, its row found again by its state
    /// when read ([`StepRecord::finding_kept`]).
    kept_found: bool,
}

/// The step being written: its pick and its successors' bytes so far, after room for its
/// header, which is written last (its counts are known only when the step ends).
#[derive(Clone, Copy, Debug)]
struct Pending {
    /// [`HEADER_ROOM`] bytes for the header, then the successors' bytes.
    buf: [u8; PENDING],
    /// Bytes used in `buf`, the header's room included. Bytes, like `classes_at`, so that
    /// indexing `buf` by them needs no bounds check (a successor wrote two or three).
    n: u8,
    /// Where the classes byte of the current group of four is.
    classes_at: u8,
    /// Successors written so far.
    places: u32,
    pick: Option<NodeId>,
    /// What escaped rows are written against (see [`base`]): the pick, or when it has none the
    /// row a stored successor was guessed to get when the step began.
    pick_base: NodeId,
    /// The row the next stored successor is guessed to get.
    next_new: NodeId,
    /// The first stored successor that was escaped (see [`first_new`]).
    escaped_new: Option<NodeId>,
}

impl Default for Pending {
    fn default() -> Self {
        Pending {
            buf: [0; PENDING],
            n: ROOM_END,
            classes_at: ROOM_END,
            places: 0,
            pick: None,
            pick_base: 0,
            next_new: 0,
            escaped_new: None,
        }
    }
}

/// A place to start reading: step `step` begins at byte `at`, with these guesses.
#[derive(Clone, Copy, Debug, Default)]
struct Cursor {
    step: usize,
    at: usize,
    guess: Guess,
}

/// A copy starts reading afresh.
impl Clone for StepRecord {
    fn clone(&self) -> Self {
        StepRecord {
            bytes: self.bytes.clone(),
            block_starts: self.block_starts.clone(),
            steps: self.steps,
            guess: self.guess,
            cursor: Mutex::default(),
            pending: self.pending,
            spill: self.spill.clone(),
            kept_found: self.kept_found,
        }
    }
}

/// Equal when the same steps are recorded (where reading stands is no part of it).
impl PartialEq for StepRecord {
    fn eq(&self, other: &Self) -> bool {
        self.steps == other.steps && self.guess == other.guess && self.bytes == other.bytes
    }
}

impl Eq for StepRecord {}

impl StepRecord {
    /// Starts writing a step: its pick and successors follow ([`StepRecord::picked`],
    /// [`StepRecord::successor`]), then [`StepRecord::end_step`]. Strategies write each
    /// successor as they store it, rather than building an event per successor and packing it
    /// afterwards, which touched every successor twice.
    #[inline]
    pub fn begin_step(&mut self) {
        let next_new = self.guess.next_new;
        let p = &mut self.pending;
        p.n = ROOM_END;
        p.places = 0;
        p.pick = None;
        p.pick_base = next_new;
        p.next_new = next_new;
        p.escaped_new = None;
    }

    /// The step being written picked row `id`; call before its successors (escaped rows are
    /// written against it).
    #[inline(always)]
    pub fn picked(&mut self, id: NodeId) {
        self.pending.pick = Some(id);
        self.pending.pick_base = id;
    }

    /// The next successor of the step being written: its row, or its place among the step's
    /// successors when it has none, and its fate. Inlined: it runs for every successor, and
    /// with its fate known where it is called, each fate's case is a short straight path.
    #[inline(always)]
    pub fn successor(&mut self, target: u32, fate: Fate) {
        let finds_kept = self.kept_found;
        let place = self.pending.places;
        self.pending.places += 1;
        if place.is_multiple_of(4) {
            self.start_group();
        }
        let p = &mut self.pending;
        let shift = 2 * (place % 4);
        match fate {
            Fate::Kept if finds_kept => {
                p.buf[usize::from(p.classes_at)] |= (KEPT_FOUND as u8) << shift;
                return;
            }
            Fate::StoredNew => {
                let guessed = target == p.next_new;
                p.next_new = target.wrapping_add(1);
                if guessed {
                    return; // Class::StoredAsGuessed, 0
                }
                p.escaped_new.get_or_insert(target);
            }
            Fate::Pruned | Fate::NotStoredFull
                if target == place && !(finds_kept && fate == Fate::NotStoredFull) =>
            {
                let class = if fate == Fate::Pruned {
                    Class::PrunedInPlace
                } else {
                    Class::FullInPlace
                };
                p.buf[usize::from(p.classes_at)] |= (class as u8) << shift;
                return;
            }
            _ => {}
        }
        p.buf[usize::from(p.classes_at)] |= (Class::Escaped as u8) << shift;
        let z = zigzag(base(fate, place, p.pick_base), target);
        let (buf, n) = (&mut p.buf, &mut p.n);
        if z < ESCAPE_DIRECT {
            put(buf, n, code(fate) | (z << 3) as u8);
        } else if z - ESCAPE_DIRECT < 0x100 {
            // One byte follows (a grid's neighbours, stored a few dozen rows apart).
            put(buf, n, code(fate) | (ESCAPE_DIRECT << 3) as u8);
            put(buf, n, (z - ESCAPE_DIRECT) as u8);
        } else {
            let rest = z - ESCAPE_DIRECT;
            let len = (u32::BITS - rest.leading_zeros()).div_ceil(8).max(1);
            let field = ESCAPE_DIRECT - 1 + len;
            put(buf, n, code(fate) | (field << 3) as u8);
            let at = usize::from(*n);
            buf[at..at + 4].copy_from_slice(&rest.to_le_bytes());
            *n += len as u8;
        }
    }

    /// Starts a group of four successors with its classes byte (each class that is not 0 is
    /// added in as it is known), first moving the bytes so far to the spill when another group
    /// might not fit.
    #[inline(always)]
    fn start_group(&mut self) {
        if usize::from(self.pending.n) >= GROUP_STARTS_BELOW {
            self.spill_pending();
        }
        let p = &mut self.pending;
        p.classes_at = p.n;
        p.buf[usize::from(p.n)] = 0;
        p.n += 1;
    }

    /// How many successors the last step written has (until the next one begins).
    #[must_use]
    pub fn last_successors(&self) -> u32 {
        self.pending.places
    }

    /// Moves the successors' bytes so far to the spill (a long step's).
    #[cold]
    #[inline(never)]
    fn spill_pending(&mut self) {
        let p = &mut self.pending;
        self.spill
            .extend_from_slice(&p.buf[HEADER_ROOM..usize::from(p.n)]);
        p.n = ROOM_END;
    }

    /// Ends the step being written, which raised the largest open size by `max_open_rise` (what
    /// undoing it takes off), and appends it.
    pub fn end_step(&mut self, max_open_rise: u32) {
        let p = &self.pending;
        let pick_code = p
            .pick
            .map_or(0, |id| u64::from(zigzag(self.guess.pick(), id)) + 1);
        // A step that is its header byte alone (a depth-first cut-off, half of IDA*'s) inside a
        // block, when the tail has room: written here, where nothing is called, so nothing
        // has to be saved around the call.
        if !self.steps.is_multiple_of(BLOCK)
            && max_open_rise == 0
            && p.places == 0
            && pick_code < NIBBLE_MORE
            && self.bytes.push_if_room((pick_code << 4) as u8)
        {
            self.steps += 1;
            self.guess.after_step(self.steps, p.pick, None);
            return;
        }
        self.append_step(max_open_rise, pick_code);
    }

    /// [`StepRecord::end_step`] of any step: its header is written in the room before its
    /// successors, and the step appended.
    #[inline(never)]
    fn append_step(&mut self, max_open_rise: u32, pick_code: u64) {
        if self.steps.is_multiple_of(BLOCK) {
            self.block_starts
                .push(u32::try_from(self.bytes.len()).expect("fewer than 4 billion bytes"));
        }
        self.steps += 1;
        let p = &mut self.pending;
        let count = p.places;
        let start = if !self.spill.is_empty() {
            None
        } else if max_open_rise == 0 && u64::from(count) < WITH_RISE && pick_code < NIBBLE_MORE {
            p.buf[HEADER_ROOM - 1] = count as u8 | (pick_code << 4) as u8;
            Some(HEADER_ROOM - 1)
        } else if (1..0x80).contains(&max_open_rise) && count < 0x80 && pick_code < NIBBLE_MORE {
            // The long header's usual case, written here: the count and the rise, a byte each
            // (half a grid search's steps raise the largest open size).
            p.buf[HEADER_ROOM - 3..HEADER_ROOM].copy_from_slice(&[
                WITH_RISE as u8 | (pick_code << 4) as u8,
                count as u8,
                max_open_rise as u8,
            ]);
            Some(HEADER_ROOM - 3)
        } else {
            long_header_in_room(&mut p.buf, count, max_open_rise, pick_code)
        };
        match start {
            Some(start) => {
                let window: &[u8; WINDOW] = (&p.buf[start..start + WINDOW])
                    .try_into()
                    .expect("the window fits in the buffer");
                self.bytes.extend_padded(window, usize::from(p.n) - start);
            }
            None => self.append_long(max_open_rise, pick_code),
        }
        let p = &self.pending;
        let first_new = first_new(p.escaped_new, self.guess.next_new, p.next_new);
        self.guess.next_new = p.next_new;
        self.guess.after_step(self.steps, p.pick, first_new);
    }

    /// Appends a step whose header does not fit in its room, or whose successors spilled.
    #[cold]
    fn append_long(&mut self, max_open_rise: u32, pick_code: u64) {
        let mut header = [0; LONG_HEADER];
        let p = &self.pending;
        let len = long_header(&mut header, u64::from(p.places), max_open_rise, pick_code);
        self.bytes.extend_from_slice(&header[..len]);
        self.bytes.extend_from_slice(&self.spill);
        self.bytes
            .extend_from_slice(&p.buf[HEADER_ROOM..usize::from(p.n)]);
        self.spill.clear();
    }

    /// Appends a whole step (its event's pick and successors), as a search writes it.
    #[cfg(test)]
    pub(crate) fn record(&mut self, event: &StepEvent, max_open_rise: u32) {
        self.begin_step();
        if let Some(pick) = &event.pick {
            self.picked(pick.id);
        }
        for s in &event.successors {
            self.successor(s.id.unwrap_or(s.index), s.fate);
        }
        self.end_step(max_open_rise);
    }

    /// An empty record whose kept successors are written as their class alone, for a search
    /// that finds every stored state by its value: a kept successor's row is the one holding
    /// its state, found again when read (by generating the pick's successors), so the record
    /// need not say it: otherwise a kept successor, a grid step's most common one, is an
    /// escape of one to three bytes.
    #[must_use]
    pub fn finding_kept() -> StepRecord {
        StepRecord {
            kept_found: true,
            ..StepRecord::default()
        }
    }

    /// Steps recorded.
    #[must_use]
    pub fn len(&self) -> usize {
        self.steps
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.steps == 0
    }

    /// Forgets steps after the first `len`.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.steps {
            return;
        }
        let mut reader = Reader::at_block(self, len / BLOCK);
        let mut successors = Vec::new();
        while reader.step < len {
            reader.read(&mut successors);
        }
        let (end, guess) = (reader.at, reader.guess);
        self.bytes.truncate(end);
        self.block_starts.truncate(len.div_ceil(BLOCK));
        self.steps = len;
        self.guess = guess;
        *self
            .cursor
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner) = Cursor::default();
    }

    /// Bytes a copy shares instead of copying (the record only grows, so all its full chunks).
    #[must_use]
    pub fn shared_bytes(&self) -> usize {
        self.bytes.shared_bytes() + self.block_starts.shared_bytes()
    }

    /// Bytes held (for the memory figures).
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.bytes.bytes() + self.block_starts.bytes()
    }
}

#[cfg(test)]
mod tests;
