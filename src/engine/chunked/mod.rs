//! A vector that grows in fixed chunks: no reallocation, no copying, and never more than one
//! chunk of spare room, so "bytes per stored state" stays close to the row size even for
//! millions of rows (a doubling `Vec` averages a third spare and copies everything as it grows).
//!
//! Full chunks are sealed behind an [`Arc`], so a clone shares them and copies only the last,
//! growing chunk: a time-travel keyframe of a million-row notebook costs a few kilobytes of
//! rows, not the whole notebook. Writing into a shared full chunk copies that chunk first
//! (copy on write), so a clone never sees the other's changes.

use std::sync::Arc;

/// Rows per chunk (a power of two, so an index splits with a shift and a mask).
const CHUNK_BITS: u32 = 12;
const CHUNK: usize = 1 << CHUNK_BITS;
/// Elements the first chunk has room for when it first grows (see [`ChunkedVec::make_room`]).
const FIRST_ROOM: usize = 256;

/// An append-only (and truncatable) vector stored in chunks of 4096 elements.
#[derive(Clone, Debug)]
pub struct ChunkedVec<T> {
    /// Full chunks, shared by clones until one of them writes. Arrays, not slices, so that an
    /// element's place in its chunk needs no bounds check; each in the allocation the tail
    /// filled, sealed as it is, because copying it into a shared slice would copy the whole
    /// chunk once more.
    #[expect(
        clippy::redundant_allocation,
        reason = "the Box is the tail's own allocation, sealed without copying it into an Arc"
    )]
    full: Vec<Arc<Box<[T; CHUNK]>>>,
    /// The last chunk: owned, and where pushes go (at most [`CHUNK`] elements).
    tail: Vec<T>,
}

impl<T> Default for ChunkedVec<T> {
    fn default() -> Self {
        ChunkedVec {
            full: Vec::new(),
            tail: Vec::new(),
        }
    }
}

impl<T> ChunkedVec<T> {
    /// Elements held in the sealed full chunks.
    fn sealed(&self) -> usize {
        self.full.len() << CHUNK_BITS
    }

    #[must_use]
    #[inline]
    pub fn len(&self) -> usize {
        self.sealed() + self.tail.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.full.is_empty() && self.tail.is_empty()
    }

    #[inline]
    pub fn push(&mut self, value: T) {
        // The tail never has room for more than a chunk, so a full chunk has no room left.
        if self.tail.len() == self.tail.capacity() {
            self.make_room(1);
        }
        self.tail.push(value);
    }

    /// Room for `more` elements in a tail without it: a full tail is sealed (a push's case);
    /// otherwise `more` still fit in the chunk and the tail grows. The first chunk starts with room for [`FIRST_ROOM`] elements and doubles up to
    /// a chunk, so a short search (a grid query stores a few hundred rows) grows it once or
    /// twice, not at every doubling from four. Every growth of the tail comes here, so its
    /// room never passes a chunk.
    #[cold]
    fn make_room(&mut self, more: usize) {
        let len = self.tail.len();
        if len + more > CHUNK {
            self.seal();
            return;
        }
        let room = (2 * self.tail.capacity())
            .max(len + more)
            .clamp(FIRST_ROOM, CHUNK);
        self.tail.reserve_exact(room - len);
    }

    /// Pushes `value` when the tail has room for it without growing or sealing, and says
    /// whether it did: a caller's fast path that calls nothing (so saves no registers).
    #[inline]
    pub fn push_if_room(&mut self, value: T) -> bool {
        let len = self.tail.len();
        if len < CHUNK && len < self.tail.capacity() {
            self.tail.push(value);
            true
        } else {
            false
        }
    }

    /// Moves the full tail into the shared chunks and starts a new one. The first chunk grows
    /// (see [`ChunkedVec::make_room`]), so small searches allocate little; later chunks are
    /// allocated whole.
    #[cold]
    fn seal(&mut self) {
        let tail = std::mem::replace(&mut self.tail, Vec::with_capacity(CHUNK));
        self.full.push(chunk_of(tail));
    }

    #[must_use]
    #[inline]
    pub fn get(&self, i: usize) -> Option<&T> {
        (i < self.len()).then(|| &self[i])
    }

    #[must_use]
    pub fn last(&self) -> Option<&T> {
        self.tail
            .last()
            .or_else(|| self.full.last().and_then(|c| c.last()))
    }

    /// Iterates over every element in order.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.slices().flatten()
    }

    /// The elements in order, a chunk at a time: a loop over each slice runs without the
    /// per-element checks of a chained iterator such as [`ChunkedVec::iter`] (clearing a grid
    /// query's numbered slots reads every row).
    pub fn slices(&self) -> impl Iterator<Item = &[T]> {
        self.full
            .iter()
            .map(|c| &c[..])
            .chain(std::iter::once(&self.tail[..]))
    }

    /// Bytes held, spare room included.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.shared_bytes()
            + self.tail.capacity() * std::mem::size_of::<T>()
            + self.full.capacity() * std::mem::size_of::<Arc<Box<[T; CHUNK]>>>()
    }

    /// Bytes in full chunks, which a clone shares instead of copying.
    #[must_use]
    pub fn shared_bytes(&self) -> usize {
        self.sealed() * std::mem::size_of::<T>()
    }
}

impl<T: Clone> ChunkedVec<T> {
    /// Removes and returns the last element.
    pub fn pop(&mut self) -> Option<T> {
        if self.tail.is_empty() {
            let last = self.full.pop()?;
            self.tail.reserve_exact(CHUNK);
            self.tail.extend_from_slice(&last[..]);
        }
        self.tail.pop()
    }

    /// Keeps the first `len` elements. Inlined for its usual case, a cut inside the tail
    /// (a depth-first search retreating cuts its notebook on most steps).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        match len.checked_sub(self.sealed()) {
            Some(in_tail) => self.tail.truncate(in_tail),
            None => self.truncate_sealed(len),
        }
    }

    /// Cuts inside the full chunks: reopens the chunk `len` falls in as the tail (a copy: it
    /// may be shared).
    #[cold]
    fn truncate_sealed(&mut self, len: usize) {
        let keep = len >> CHUNK_BITS;
        self.tail.clear();
        let rest = len & (CHUNK - 1);
        if rest > 0 {
            self.tail.reserve_exact(CHUNK);
            self.tail.extend_from_slice(&self.full[keep][..rest]);
        }
        self.full.truncate(keep);
    }
}

impl<T: Copy> ChunkedVec<T> {
    /// Appends every one of `values`, filling the tail and sealing it as often as it takes.
    pub fn extend_from_slice(&mut self, mut values: &[T]) {
        while !values.is_empty() {
            if self.tail.len() == CHUNK {
                self.seal();
            }
            let room = CHUNK - self.tail.len();
            let (now, rest) = values.split_at(room.min(values.len()));
            if self.tail.capacity() - self.tail.len() < now.len() {
                self.make_room(now.len());
            }
            self.tail.extend_from_slice(now);
            values = rest;
        }
    }

    /// Appends `values[..len]`, for many small appends (the step record's few bytes a step):
    /// when the tail has room for all `N`, it copies all of them (a copy of a fixed size, no
    /// call to `memcpy`) and cuts the tail back, so the spare copies are never seen.
    ///
    /// # Panics
    /// When `len` is over `N`.
    #[inline]
    pub fn extend_padded<const N: usize>(&mut self, values: &[T; N], len: usize) {
        let keep = self.tail.len() + len;
        if self.tail.len() + N <= CHUNK && len <= N {
            if self.tail.capacity() - self.tail.len() < N {
                self.make_room(N);
            }
            self.tail.extend_from_slice(values);
            self.tail.truncate(keep);
        } else {
            self.extend_from_slice(&values[..len]);
        }
    }
}

/// A full tail as a sealed chunk, in the same allocation.
#[expect(
    clippy::redundant_allocation,
    reason = "the Box is the tail's own allocation, sealed without copying it into an Arc"
)]
fn chunk_of<T>(full: Vec<T>) -> Arc<Box<[T; CHUNK]>> {
    Arc::new(
        full.into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| panic!("a sealed chunk holds {CHUNK} elements")),
    )
}

impl<T> std::ops::Index<usize> for ChunkedVec<T> {
    type Output = T;
    /// One comparison finds an element in the tail, one more in a full chunk, where its place
    /// needs no bounds check: the hash index reads a row this way for every state it compares
    /// or rehashes.
    #[inline]
    fn index(&self, i: usize) -> &T {
        let in_tail = i.wrapping_sub(self.sealed());
        if in_tail < self.tail.len() {
            &self.tail[in_tail]
        } else {
            &self.full[i >> CHUNK_BITS][i & (CHUNK - 1)]
        }
    }
}

impl<T: Clone> std::ops::IndexMut<usize> for ChunkedVec<T> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut T {
        let in_tail = i.wrapping_sub(self.sealed());
        if in_tail < self.tail.len() {
            return &mut self.tail[in_tail];
        }
        // Copies the chunk first if a clone still shares it.
        &mut Arc::make_mut(&mut self.full[i >> CHUNK_BITS])[i & (CHUNK - 1)]
    }
}

/// Equal when the elements are, however they happen to be split into chunks.
impl<T: PartialEq> PartialEq for ChunkedVec<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<T: Eq> Eq for ChunkedVec<T> {}

#[cfg(test)]
mod tests;
