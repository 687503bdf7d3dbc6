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
#[cfg(test)]
use super::event::StepEvent;
use super::event::{Fate, SuccessorEvent};
use super::notebook::NodeId;
use std::sync::{Mutex, PoisonError};

/// Steps per block: the guesses restart and the byte offset is kept at each block's first step.
const BLOCK: usize = 32;

/// What two bits say about a successor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Class {
    /// Stored new, as the row guessed (one past the last row stored).
    StoredAsGuessed = 0,
    /// Pruned; its target is its place among the step's successors.
    PrunedInPlace = 1,
    /// Not stored (full); its target is its place among the step's successors. In a record
    /// whose kept rows are found by their states, [`KEPT_FOUND`] instead.
    FullInPlace = 2,
    /// Anything else: an escape byte follows.
    Escaped = 3,
}

/// A kept successor's class in a record whose kept rows are found by their states
/// ([`StepRecord::finding_kept`]): its row is the one holding the successor's state. A full
/// notebook's successor, which has this class elsewhere, is escaped there (it comes once, on
/// the search's last step).
const KEPT_FOUND: Class = Class::FullInPlace;

const FATES: [Fate; 6] = [
    Fate::StoredNew,
    Fate::Improved,
    Fate::Reopened,
    Fate::Kept,
    Fate::NotStoredFull,
    Fate::Pruned,
];

/// A fate's place in [`FATES`], without searching it (this runs for every successor).
const fn code(fate: Fate) -> u8 {
    match fate {
        Fate::StoredNew => 0,
        Fate::Improved => 1,
        Fate::Reopened => 2,
        Fate::Kept => 3,
        Fate::NotStoredFull => 4,
        Fate::Pruned => 5,
    }
}

/// A nibble at its top value says "a varint follows".
const NIBBLE_MORE: u64 = 15;
/// The count nibble's value saying that the count and a rise of the largest open size follow.
const WITH_RISE: u64 = 14;
/// The distances an escape byte holds itself; from here up, its field is 27 + the number of
/// bytes that follow (1 to 4, the distance less this, low byte first). Bytes of 8 bits are
/// written at once and take a byte less than 7-bit varints for a breadth-first search's far
/// rows (distances of 2^14 to 2^16).
const ESCAPE_DIRECT: u32 = 28;

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

/// What the next step is guessed to be; both sides of the packing keep it the same way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Guess {
    /// The next pick if the search picks as a stack does: the first row the step before
    /// stored, else the row after its pick.
    stack: NodeId,
    /// The next pick if it picks as a queue does: the row after the step before's pick.
    queue: NodeId,
    /// Whether the last pick that matched one guess and not the other matched the queue's.
    queued: bool,
    /// The row the next stored successor gets.
    next_new: NodeId,
}

impl Guess {
    /// The guessed pick of the next step.
    fn pick(&self) -> NodeId {
        if self.queued { self.queue } else { self.stack }
    }

    /// Takes in the step that ended, the `steps`-th: its pick, and the first row it stored
    /// (`first_new`, see [`first_new`]). After a block's last step the guesses start afresh.
    fn after_step(&mut self, steps: usize, pick: Option<NodeId>, first_new: Option<NodeId>) {
        if steps.is_multiple_of(BLOCK) {
            *self = Guess::default();
            return;
        }
        if let Some(pick) = pick {
            let (stack, queue) = (pick == self.stack, pick == self.queue);
            if stack != queue {
                self.queued = queue;
            }
            self.queue = pick.wrapping_add(1);
        }
        if let Some(next) = first_new.or(pick.map(|p| p.wrapping_add(1))) {
            self.stack = next;
        }
    }
}

/// What an escaped successor's target is written against: its place for the fates that have
/// no row, else the step's pick (a depth-first cycle points at a near ancestor).
/// (`pick_base`: the step's pick, or when it has none the row a stored successor was guessed
/// to get when the step began).
fn base(fate: Fate, place: u32, pick_base: NodeId) -> u32 {
    if fate.has_row() { pick_base } else { place }
}

/// The first row a step stored, as both sides work it out without following every successor:
/// the first stored successor that was escaped, else (when the guessed row moved on from
/// `start_new`, as it stood when the step began) `start_new`. Rows are stored one after
/// another, so this is the step's first stored row.
fn first_new(escaped: Option<NodeId>, start_new: NodeId, next_new: NodeId) -> Option<NodeId> {
    escaped.or((next_new != start_new).then_some(start_new))
}

/// One step as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedStep {
    pub pick: Option<NodeId>,
    pub successors: Vec<Recorded>,
    /// How much the step raised the largest open size.
    pub max_open_rise: u32,
}

/// One successor as recorded: its row (or its successor index when it has none) and fate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub target: u32,
    pub fate: Fate,
    /// A kept successor whose row is not written: `target` is its place among the step's
    /// successors, and its row is the one holding its state ([`StepRecord::finding_kept`]).
    pub found: bool,
}

impl Recorded {
    fn new(target: u32, fate: Fate) -> Recorded {
        Recorded {
            target,
            fate,
            found: false,
        }
    }

    /// The successor's row, if it has one. A found one's is read from `by_state`, the rows
    /// holding its step's successors' states, which `successor_rows` makes the first time one
    /// of the step's successors needs them (callers keep `by_state` for the step).
    pub fn row(
        self,
        by_state: &mut Option<Vec<Option<NodeId>>>,
        successor_rows: impl FnOnce() -> Vec<Option<NodeId>>,
    ) -> Option<NodeId> {
        if self.found {
            let rows = by_state.get_or_insert_with(successor_rows);
            rows.get(self.target as usize).copied().flatten()
        } else {
            self.fate.has_row().then_some(self.target)
        }
    }

    /// The successor's event, it being the step's `index`-th successor (its row as
    /// [`Recorded::row`] finds it).
    #[must_use]
    pub fn event(
        self,
        index: u32,
        by_state: &mut Option<Vec<Option<NodeId>>>,
        successor_rows: impl FnOnce() -> Vec<Option<NodeId>>,
    ) -> SuccessorEvent {
        SuccessorEvent {
            id: self.row(by_state, successor_rows),
            index,
            fate: self.fate,
        }
    }
}

fn zigzag(from: u32, to: u32) -> u32 {
    #[expect(clippy::cast_possible_wrap, reason = "a wrapping distance")]
    let d = to.wrapping_sub(from) as i32;
    #[expect(clippy::cast_sign_loss, reason = "zigzag")]
    let z = ((d << 1) ^ (d >> 31)) as u32;
    z
}

fn unzigzag(from: u32, z: u32) -> u32 {
    from.wrapping_add((z >> 1) ^ (z & 1).wrapping_neg())
}

/// Writes `value` 7 bits a byte, low bits first, through `push`.
fn push_varint(mut push: impl FnMut(u8), mut value: u64) {
    while value >= 0x80 {
        push((value as u8) | 0x80);
        value >>= 7;
    }
    push(value as u8);
}

/// Writes `b` at `buf[*n]` and counts it.
fn put(buf: &mut [u8; PENDING], n: &mut u8, b: u8) {
    buf[usize::from(*n)] = b;
    *n += 1;
}

/// Writes a step's header when it does not fit in one byte (see the module's comment) at the
/// start of `buf`, and returns the bytes written.
fn long_header(
    buf: &mut [u8; LONG_HEADER],
    count: u64,
    max_open_rise: u32,
    pick_code: u64,
) -> usize {
    let low = match (max_open_rise, count) {
        (0, small) if small < WITH_RISE => small,
        (0, _) => NIBBLE_MORE,
        _ => WITH_RISE,
    };
    let mut n = 0;
    let mut put = |b: u8| {
        buf[n] = b;
        n += 1;
    };
    put((low | (pick_code.min(NIBBLE_MORE) << 4)) as u8);
    if low >= WITH_RISE {
        push_varint(&mut put, count);
    }
    if low == WITH_RISE {
        push_varint(&mut put, u64::from(max_open_rise));
    }
    if pick_code >= NIBBLE_MORE {
        push_varint(&mut put, pick_code);
    }
    n
}

/// Writes a long header (see [`long_header`]) in the room before a step's successors, when
/// it fits there, and returns where it starts.
#[inline(never)]
fn long_header_in_room(
    buf: &mut [u8; PENDING],
    count: u32,
    max_open_rise: u32,
    pick_code: u64,
) -> Option<usize> {
    let mut header = [0; LONG_HEADER];
    let len = long_header(&mut header, u64::from(count), max_open_rise, pick_code);
    let start = HEADER_ROOM.checked_sub(len)?;
    // The room as one word, the header in its last `len` bytes: one store instead of a copy
    // of a varying length (a call to `memcpy`).
    let first: [u8; HEADER_ROOM] = header[..HEADER_ROOM]
        .try_into()
        .expect("a long header's room");
    let word = u64::from_le_bytes(first) << (8 * start);
    buf[..HEADER_ROOM].copy_from_slice(&word.to_le_bytes());
    Some(start)
}

/// The most bytes a long header takes: its byte and three varints of up to 10, 5 and 10 bytes.
const LONG_HEADER: usize = 1 + 10 + 5 + 10;

/// The most bytes a group of four successors takes: its classes byte, and for each an escape
/// byte and the 4 bytes of a distance (all 4 written, the extra ones written over next).
const GROUP_BYTES: usize = 1 + 4 * 5;

/// Room kept before a step's successors for its header, written there last, just before the
/// successors, so that the step is appended at once from the header's first byte. Most
/// headers are a byte, or three (the count and the rise a byte each); a pick far from its
/// guess (a grid's, picked by f) adds a varint of a byte or three.
const HEADER_ROOM: usize = size_of::<u64>();

/// The bytes appended at once from [`Pending::buf`] (a copy of a fixed size, see
/// [`ChunkedVec::extend_padded`]), starting at the header: up to [`HEADER_ROOM`] − 1 bytes
/// into the buffer.
const WINDOW: usize = 48;

/// [`Pending::buf`]'s size: room for any byte index, and the 4 bytes a distance is written
/// with from there (see [`Pending::n`]). Only the first [`WINDOW`] + [`HEADER_ROOM`] − 1 are
/// used.
const PENDING: usize = 256 + 4;

/// [`HEADER_ROOM`] as a byte index of [`Pending::buf`].
const ROOM_END: u8 = HEADER_ROOM as u8;

/// A group of successors starts in [`Pending::buf`] only while this many bytes are used, so
/// that it fits in the window whatever the header's length; else the bytes so far wait in
/// [`StepRecord::spill`].
const GROUP_STARTS_BELOW: usize = WINDOW - GROUP_BYTES;

impl StepRecord {
    /// Starts writing a step: its pick and successors follow ([`StepRecord::picked`],
    /// [`StepRecord::successor`]), then [`StepRecord::end_step`]. Strategies write each
    /// successor as they store it: building an event per successor and packing it afterwards
    /// cost ~60 instructions a successor.
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
    /// `FINDS_KEPT`: whether this is a record whose kept rows are found by their states
    /// ([`StepRecord::finding_kept`]), as the caller knows from its kind of search: a
    /// constant, not the record's flag read for each successor (1.3% of breadth-first
    /// search).
    #[inline(always)]
    pub fn successor<const FINDS_KEPT: bool>(&mut self, target: u32, fate: Fate) {
        debug_assert_eq!(FINDS_KEPT, self.kept_found, "the kind of record");
        let place = self.pending.places;
        self.pending.places += 1;
        if place.is_multiple_of(4) {
            self.start_group();
        }
        let p = &mut self.pending;
        let shift = 2 * (place % 4);
        match fate {
            Fate::Kept if FINDS_KEPT => {
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
                if target == place && !(FINDS_KEPT && fate == Fate::NotStoredFull) =>
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
            let target = s.id.unwrap_or(s.index);
            if self.kept_found {
                self.successor::<true>(target, s.fate);
            } else {
                self.successor::<false>(target, s.fate);
            }
        }
        self.end_step(max_open_rise);
    }

    /// An empty record whose kept successors are written as their class alone, for a search
    /// that finds every stored state by its value: a kept successor's row is the one holding
    /// its state, found again when read (by generating the pick's successors), so the record
    /// need not say it. A kept successor was an escape of one to three bytes, written as a
    /// grid step's most common successor: 3.3% of a grid search, 4.3% of breadth-first search
    /// over the 8-puzzle.
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

/// Reads steps in order, keeping the guesses as the writer did.
struct Reader<'a> {
    record: &'a StepRecord,
    /// The next step to read, and its first byte.
    step: usize,
    at: usize,
    guess: Guess,
}

impl<'a> Reader<'a> {
    fn at_block(record: &'a StepRecord, block: usize) -> Reader<'a> {
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

    fn byte(&mut self) -> u8 {
        let b = self.record.bytes[self.at];
        self.at += 1;
        b
    }

    fn varint(&mut self) -> u64 {
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
    fn read(&mut self, out: &mut Vec<Recorded>) -> (Option<NodeId>, u32) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cost::Cost;
    use crate::engine::event::{Pick, SuccessorEvent};
    use crate::engine::open_list::TieLevels;
    use proptest::prelude::*;

    fn event(pick: Option<NodeId>, successors: &[(Option<NodeId>, Fate)]) -> StepEvent {
        StepEvent {
            pick: pick.map(|id| Pick {
                id,
                g: Cost::ZERO,
                h: Cost::ZERO,
                f: Cost::ZERO,
                ties: TieLevels::default(),
            }),
            successors: successors
                .iter()
                .enumerate()
                .map(|(index, &(id, fate))| SuccessorEvent {
                    id,
                    index: u32::try_from(index).unwrap(),
                    fate,
                })
                .collect(),
            ..StepEvent::default()
        }
    }

    /// What a step reads back as: its pick, (target, fate) per successor, its rise.
    type Plain = (Option<NodeId>, Vec<(u32, Fate)>, u32);

    fn plain(e: &StepEvent, rise: u32) -> Plain {
        (
            e.pick.as_ref().map(|p| p.id),
            e.successors
                .iter()
                .map(|s| (s.id.unwrap_or(s.index), s.fate))
                .collect(),
            rise,
        )
    }

    fn read(log: &StepRecord, i: usize) -> Plain {
        (
            log.pick(i),
            log.successors(i).map(|r| (r.target, r.fate)).collect(),
            log.step(i).max_open_rise,
        )
    }

    /// Rises of the largest open size for the property test's steps: mostly none.
    fn rise(i: usize) -> u32 {
        [0, 0, 1, 0, 3, 0, 70_000][i % 7]
    }

    #[test]
    fn steps_round_trip_through_the_packing() {
        let mut log = StepRecord::default();
        let first = event(
            Some(0),
            &[
                (Some(7), Fate::StoredNew),
                (None, Fate::Pruned),
                (Some(3), Fate::Reopened),
            ],
        );
        log.record(&first, 2);
        log.record(&StepEvent::default(), 0);
        assert_eq!(log.len(), 2);
        assert_eq!(read(&log, 0), plain(&first, 2));
        assert_eq!(read(&log, 1), (None, vec![], 0));
        for fate in FATES {
            assert_eq!(
                FATES[usize::from(code(fate))],
                fate,
                "{fate} packs to its own code"
            );
        }
        log.truncate(1);
        assert_eq!(log.len(), 1);
    }

    #[test]
    fn a_depth_first_step_takes_a_byte_and_a_quarter_per_successor() {
        // 8 queens: row 0 expands into rows 1..=8 with two columns pruned; row 1 is picked next
        // (the top of the stack) and is a dead end with all 8 pruned.
        let mut log = StepRecord::default();
        let mut successors: Vec<_> = (1..=6).map(|id| (Some(id), Fate::StoredNew)).collect();
        successors.insert(2, (None, Fate::Pruned));
        successors.push((None, Fate::Pruned));
        log.record(&event(Some(0), &successors), 7);
        let after_first = log.bytes.len();
        log.record(&event(Some(1), &[(None, Fate::Pruned); 8]), 0);
        assert_eq!(
            log.bytes.len() - after_first,
            1 + 2,
            "header and two class bytes"
        );
        // A cycle to a near ancestor costs one escape byte.
        log.record(&event(Some(2), &[(Some(0), Fate::Kept)]), 0);
        assert_eq!(log.bytes.len() - after_first, 3 + 3);
        assert_eq!(read(&log, 2), (Some(2), vec![(0, Fate::Kept)], 0));
    }

    #[test]
    fn a_breadth_first_step_takes_a_byte_and_a_class_byte() {
        // A queue picks rows in storing order: step i picks row i and stores rows 2i+1 and 2i+2,
        // far from the first row the step before stored (a stack's guess).
        let mut log = StepRecord::default();
        let mut sizes = Vec::new();
        for i in 0..BLOCK as NodeId {
            let before = log.bytes.len();
            let children = [
                (Some(2 * i + 1), Fate::StoredNew),
                (Some(2 * i + 2), Fate::StoredNew),
            ];
            log.record(&event(Some(i), &children), 0);
            sizes.push(log.bytes.len() - before);
        }
        assert!(
            sizes[2..].iter().all(|&n| n == 2),
            "past the first steps, each pick is guessed: {sizes:?}"
        );
        for i in 0..BLOCK {
            assert_eq!(log.pick(i), Some(i as NodeId));
        }
    }

    #[test]
    fn a_step_that_raises_the_largest_open_size_takes_a_byte_for_the_rise() {
        // Two grid steps: row 0 stores rows 1 to 3; then row 1, the pick guessed, stores
        // rows 4 to 6, as guessed, and raises the largest open size by 2: a header byte, the
        // count, the rise and one class byte.
        let mut log = StepRecord::default();
        log.record(
            &event(Some(0), &[1, 2, 3].map(|id| (Some(id), Fate::StoredNew))),
            3,
        );
        let stored = [4, 5, 6].map(|id| (Some(id), Fate::StoredNew));
        let before = log.bytes.len();
        log.record(&event(Some(1), &stored), 2);
        assert_eq!(log.bytes.len() - before, 4);
        assert_eq!(read(&log, 1), plain(&event(Some(1), &stored), 2));
        // A rise past a byte's 7 bits takes the varint's second byte.
        let before = log.bytes.len();
        log.record(&event(Some(2), &[]), 200);
        assert_eq!(log.bytes.len() - before, 4);
        assert_eq!(read(&log, 2), (Some(2), vec![], 200));
    }

    fn fate() -> impl Strategy<Value = Fate> {
        prop::sample::select(FATES.to_vec())
    }

    /// Steps whose rows are mostly near each other, as a search writes them, with far ones too.
    fn steps() -> impl Strategy<Value = Vec<StepEvent>> {
        let id = prop_oneof![0..40u32, any::<u32>()];
        let successor = (prop::option::of(id.clone()), fate());
        prop::collection::vec(
            (
                prop::option::of(id),
                prop::collection::vec(successor, 0..20),
            ),
            0..150,
        )
        .prop_map(|steps| {
            steps
                .into_iter()
                .map(|(pick, successors)| event(pick, &successors))
                .collect()
        })
    }

    /// `plain(e, rise)` as `log` reads it back: where it finds kept rows by their states,
    /// a kept successor is its place, marked found.
    fn expected(log: &StepRecord, e: &StepEvent, rise: u32) -> Plain {
        let (pick, successors, rise) = plain(e, rise);
        let successors = (0u32..)
            .zip(successors)
            .map(|(place, (target, fate))| match fate {
                Fate::Kept if log.kept_found => (place, fate),
                _ => (target, fate),
            })
            .collect();
        (pick, successors, rise)
    }

    fn written(empty: fn() -> StepRecord, steps: &[StepEvent]) -> StepRecord {
        let mut log = empty();
        steps
            .iter()
            .enumerate()
            .for_each(|(i, e)| log.record(e, rise(i)));
        log
    }

    /// `steps` must read back as written, forwards and backwards (every `back_stride`-th); cut
    /// at `cut`, the record must equal one written only that far, and writing `after` on both
    /// must give the same record and read back as written.
    /// Both kinds of record (`empty` makes one): the plain one, and one that finds kept rows
    /// by their states.
    fn check_round_trip(
        empty: fn() -> StepRecord,
        steps: &[StepEvent],
        cut: usize,
        back_stride: usize,
        after: &[StepEvent],
    ) -> Result<(), TestCaseError> {
        let mut log = written(empty, steps);
        prop_assert_eq!(log.len(), steps.len());
        for (i, e) in steps.iter().enumerate() {
            prop_assert_eq!(read(&log, i), expected(&log, e, rise(i)), "step {}", i);
        }
        for (i, e) in steps.iter().enumerate().rev().step_by(back_stride) {
            prop_assert_eq!(
                read(&log, i),
                expected(&log, e, rise(i)),
                "step {} backwards",
                i
            );
        }
        let cut = cut.min(steps.len());
        log.truncate(cut);
        let mut fresh = written(empty, &steps[..cut]);
        prop_assert_eq!(&log, &fresh);
        after.iter().enumerate().for_each(|(i, e)| {
            log.record(e, rise(i));
            fresh.record(e, rise(i));
        });
        prop_assert_eq!(&log, &fresh);
        for (i, e) in after.iter().enumerate() {
            prop_assert_eq!(
                read(&log, cut + i),
                expected(&log, e, rise(i)),
                "step {} after the cut",
                i
            );
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn any_steps_read_back_as_written_and_truncate_cleanly(
            steps in steps(),
            cut in 0..160usize,
        ) {
            // Writing on after a cut goes on as if nothing had been cut.
            let reversed: Vec<_> = steps.iter().rev().cloned().collect();
            for empty in [StepRecord::default, StepRecord::finding_kept] {
                check_round_trip(empty, &steps, cut, 1, &reversed)?;
            }
        }
    }

    /// Long runs of steps of every size: far rows (escapes with long varints), steps of many
    /// successors (more than a step's stack buffer holds at once), and the one-byte steps of
    /// a cut-off, so steps straddle the record's chunk boundaries.
    fn long_runs() -> impl Strategy<Value = Vec<StepEvent>> {
        fn id() -> impl Strategy<Value = u32> {
            prop_oneof![0..40u32, 1_000_000..1_000_050u32, any::<u32>()]
        }
        let successor = || (prop::option::of(id()), fate());
        let step = prop_oneof![
            3 => Just(Vec::new()),
            3 => prop::collection::vec(successor(), 1..9),
            1 => prop::collection::vec(successor(), 9..60),
        ];
        prop::collection::vec((prop::option::of(id()), step), 500..2500).prop_map(|steps| {
            steps
                .into_iter()
                .map(|(pick, successors)| event(pick, &successors))
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]
        #[test]
        fn steps_straddling_chunks_read_back_as_written(
            steps in long_runs(),
            cut in 0..2500usize,
        ) {
            prop_assert!(written(StepRecord::default, &steps).shared_bytes() > 0, "the steps fill a chunk");
            for empty in [StepRecord::default, StepRecord::finding_kept] {
                check_round_trip(empty, &steps, cut, 7, &steps)?;
            }
        }
    }

    #[test]
    fn a_long_run_crosses_chunks_and_reads_back_from_a_copy() {
        // 3000 steps of 1 to 20 bytes: the record spans several 4096-byte chunks.
        let steps: Vec<_> = (0..3000u32)
            .map(|i| {
                let far = i.wrapping_mul(2_654_435_761);
                let successors: Vec<_> = (0..i % 7)
                    .map(|k| match k % 3 {
                        0 => (Some(far.wrapping_add(k)), Fate::Kept),
                        1 => (Some(i + k), Fate::StoredNew),
                        _ => (None, Fate::Pruned),
                    })
                    .collect();
                event(Some(far % 1000), &successors)
            })
            .collect();
        let mut log = StepRecord::default();
        steps
            .iter()
            .enumerate()
            .for_each(|(i, e)| log.record(e, rise(i)));
        assert!(
            log.shared_bytes() >= 2 * 4096,
            "{} bytes in full chunks",
            log.shared_bytes()
        );
        let copy = log.clone();
        for (i, e) in steps.iter().enumerate() {
            assert_eq!(read(&copy, i), plain(e, rise(i)), "step {i}");
        }
    }
}
