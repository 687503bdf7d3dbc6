//! The packing's vocabulary: fate codes, the guesses both sides keep, and the byte layout of
//! a step's header and successor groups.

use crate::engine::event::Fate;
use crate::engine::notebook::NodeId;

/// Steps per block: the guesses restart and the byte offset is kept at each block's first step.
pub(super) const BLOCK: usize = 32;

/// What two bits say about a successor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(super) enum Class {
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
pub(super) const KEPT_FOUND: Class = Class::FullInPlace;

pub(super) const FATES: [Fate; 6] = [
    Fate::StoredNew,
    Fate::Improved,
    Fate::Reopened,
    Fate::Kept,
    Fate::NotStoredFull,
    Fate::Pruned,
];

/// A fate's place in [`FATES`], without searching it (this runs for every successor).
pub(super) const fn code(fate: Fate) -> u8 {
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
pub(super) const NIBBLE_MORE: u64 = 15;
/// The count nibble's value saying that the count and a rise of the largest open size follow.
pub(super) const WITH_RISE: u64 = 14;
/// The distances an escape byte holds itself; from here up, its field is 27 + the number of
/// bytes that follow (1 to 4, the distance less this, low byte first). Bytes of 8 bits are
/// written at once and take a byte less than 7-bit varints for a breadth-first search's far
/// rows (distances of 2^14 to 2^16).
pub(super) const ESCAPE_DIRECT: u32 = 28;

/// What the next step is guessed to be; both sides of the packing keep it the same way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Guess {
    /// The next pick if the search picks as a stack does: the first row the step before
    /// stored, else the row after its pick.
    pub(super) stack: NodeId,
    /// The next pick if it picks as a queue does: the row after the step before's pick.
    pub(super) queue: NodeId,
    /// Whether the last pick that matched one guess and not the other matched the queue's.
    pub(super) queued: bool,
    /// The row the next stored successor gets.
    pub(super) next_new: NodeId,
}

impl Guess {
    /// The guessed pick of the next step.
    pub(super) fn pick(&self) -> NodeId {
        if self.queued { self.queue } else { self.stack }
    }

    /// Takes in the step that ended, the `steps`-th: its pick, and the first row it stored
    /// (`first_new`, see [`first_new`]). After a block's last step the guesses start afresh.
    pub(super) fn after_step(
        &mut self,
        steps: usize,
        pick: Option<NodeId>,
        first_new: Option<NodeId>,
    ) {
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
pub(super) fn base(fate: Fate, place: u32, pick_base: NodeId) -> u32 {
    if fate.has_row() { pick_base } else { place }
}

/// The first row a step stored, as both sides work it out without following every successor:
/// the first stored successor that was escaped, else (when the guessed row moved on from
/// `start_new`, as it stood when the step began) `start_new`. Rows are stored one after
/// another, so this is the step's first stored row.
pub(super) fn first_new(
    escaped: Option<NodeId>,
    start_new: NodeId,
    next_new: NodeId,
) -> Option<NodeId> {
    escaped.or((next_new != start_new).then_some(start_new))
}

pub(super) fn zigzag(from: u32, to: u32) -> u32 {
    #[expect(clippy::cast_possible_wrap, reason = "a wrapping distance")]
    let d = to.wrapping_sub(from) as i32;
    #[expect(clippy::cast_sign_loss, reason = "zigzag")]
    let z = ((d << 1) ^ (d >> 31)) as u32;
    z
}

pub(super) fn unzigzag(from: u32, z: u32) -> u32 {
    from.wrapping_add((z >> 1) ^ (z & 1).wrapping_neg())
}

/// Writes `value` 7 bits a byte, low bits first, through `push`.
pub(super) fn push_varint(mut push: impl FnMut(u8), mut value: u64) {
    while value >= 0x80 {
        push((value as u8) | 0x80);
        value >>= 7;
    }
    push(value as u8);
}

/// Writes `b` at `buf[*n]` and counts it.
pub(super) fn put(buf: &mut [u8; PENDING], n: &mut u8, b: u8) {
    buf[usize::from(*n)] = b;
    *n += 1;
}

/// Writes a step's header when it does not fit in one byte (see the module's comment) at the
/// start of `buf`, and returns the bytes written.
pub(super) fn long_header(
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
pub(super) fn long_header_in_room(
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
pub(super) const LONG_HEADER: usize = 1 + 10 + 5 + 10;

/// The most bytes a group of four successors takes: its classes byte, and for each an escape
/// byte and the 4 bytes of a distance (all 4 written, the extra ones written over next).
pub(super) const GROUP_BYTES: usize = 1 + 4 * 5;

/// Room kept before a step's successors for its header, written there last, just before the
/// successors, so that the step is appended at once from the header's first byte. Most
/// headers are a byte, or three (the count and the rise a byte each); a pick far from its
/// guess (a grid's, picked by f) adds a varint of a byte or three.
pub(super) const HEADER_ROOM: usize = size_of::<u64>();

/// The bytes appended at once from [`Pending::buf`] (a copy of a fixed size, see
/// [`ChunkedVec::extend_padded`]), starting at the header: up to [`HEADER_ROOM`] − 1 bytes
/// into the buffer.
pub(super) const WINDOW: usize = 48;

/// [`Pending::buf`]'s size: room for any byte index, and the 4 bytes a distance is written
/// with from there (see [`Pending::n`]). Only the first [`WINDOW`] + [`HEADER_ROOM`] − 1 are
/// used.
pub(super) const PENDING: usize = 256 + 4;

/// [`HEADER_ROOM`] as a byte index of [`Pending::buf`].
pub(super) const ROOM_END: u8 = HEADER_ROOM as u8;

/// A group of successors starts in [`Pending::buf`] only while this many bytes are used, so
/// that it fits in the window whatever the header's length; else the bytes so far wait in
/// [`StepRecord::spill`].
pub(super) const GROUP_STARTS_BELOW: usize = WINDOW - GROUP_BYTES;
