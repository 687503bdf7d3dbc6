//! An array that grows in fixed-size chunks, for the tree's arrays that grow with a running
//! search (its nodes, the reading's per-row facts, the shape's and the layout's per-node ones).
//! A `Vec` that outgrows its room copies all it holds into a twice larger block: at a few
//! hundred thousand nodes, one frame of 100 ms. A chunk, once allocated, never moves, so
//! growing costs what is added, spread evenly over the steps.
//!
//! [`crate::engine::chunked::ChunkedVec`] does not fit: it shares full chunks between clones
//! (for time travel's keyframes) and so checks an atomic count on every write, and the layout
//! rewrites most of its arrays on every update. These chunks are owned.

use serde::{Serialize, Serializer};
use std::ops::{Index, IndexMut, Range};

/// Elements per chunk (a power of two, so an index splits with a shift and a mask).
const BITS: u32 = 14;
const CHUNK: usize = 1 << BITS;
const MASK: usize = CHUNK - 1;

/// A growable array stored in chunks of 16,384 elements: every chunk but the last is full.
#[derive(Clone, Debug)]
pub struct Chunks<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
}

impl<T> Default for Chunks<T> {
    fn default() -> Self {
        Chunks {
            chunks: Vec::new(),
            len: 0,
        }
    }
}

impl<T> Chunks<T> {
    #[must_use]
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds `value` at the end. The first chunk grows like a `Vec` (a small tree allocates
    /// little); later ones are allocated whole.
    #[inline]
    pub fn push(&mut self, value: T) {
        match self.chunks.last_mut() {
            Some(last) if last.len() < CHUNK => last.push(value),
            _ => {
                let mut chunk = if self.chunks.is_empty() {
                    Vec::new()
                } else {
                    Vec::with_capacity(CHUNK)
                };
                chunk.push(value);
                self.chunks.push(chunk);
            }
        }
        self.len += 1;
    }

    #[must_use]
    #[inline]
    pub fn get(&self, i: usize) -> Option<&T> {
        (i < self.len).then(|| &self.chunks[i >> BITS][i & MASK])
    }

    #[must_use]
    #[inline]
    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        (i < self.len).then(|| &mut self.chunks[i >> BITS][i & MASK])
    }

    /// Removes and returns the last element.
    pub fn pop(&mut self) -> Option<T> {
        let last = self.chunks.last_mut()?;
        let value = last.pop();
        if last.is_empty() {
            self.chunks.pop();
        }
        self.len -= 1;
        value
    }

    #[must_use]
    pub fn last(&self) -> Option<&T> {
        self.chunks.last().and_then(|c| c.last())
    }

    /// Keeps the first `len` elements.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.len {
            return;
        }
        let chunks = len.div_ceil(CHUNK);
        self.chunks.truncate(chunks);
        if let Some(last) = self.chunks.last_mut() {
            last.truncate(len - (chunks - 1) * CHUNK);
        }
        self.len = len;
    }

    /// Every element in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> {
        self.into_iter()
    }

    /// Every element in order, to change.
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut T> {
        self.chunks.iter_mut().flatten()
    }

    /// The elements of `range` (within the array), as a slice would give them.
    #[must_use]
    pub fn span(&self, range: Range<usize>) -> Span<'_, T> {
        assert!(
            range.start <= range.end && range.end <= self.len,
            "span {range:?} out of {} elements",
            self.len
        );
        Span { all: self, range }
    }

    /// The elements from `start` to the end ([`Chunks::span`]).
    #[must_use]
    pub fn span_from(&self, start: usize) -> Span<'_, T> {
        self.span(start.min(self.len)..self.len)
    }

    /// Keeps the elements `keep` says yes to, in order (`keep` sees each once, in order).
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool)
    where
        T: Clone,
    {
        let mut write = 0;
        for read in 0..self.len {
            if keep(&self[read]) {
                if write != read {
                    self[write] = self[read].clone();
                }
                write += 1;
            }
        }
        self.truncate(write);
    }
}

impl<T: Clone> Chunks<T> {
    /// `len` elements: the first ones kept, `value` added after them.
    pub fn resize(&mut self, len: usize, value: T) {
        self.truncate(len);
        while self.len < len {
            self.push(value.clone());
        }
    }
}

impl<T: Copy> Chunks<T> {
    /// Copies the elements of `src` to start at `dest` (which may overlap), as
    /// `slice::copy_within` does.
    pub fn copy_within(&mut self, src: Range<usize>, dest: usize) {
        assert!(src.end <= self.len && dest + src.len() <= self.len);
        if dest > src.start {
            for i in src.clone().rev() {
                self[dest + i - src.start] = self[i];
            }
        } else {
            for i in src.clone() {
                self[dest + i - src.start] = self[i];
            }
        }
    }
}

impl<T> Index<usize> for Chunks<T> {
    type Output = T;
    #[inline]
    fn index(&self, i: usize) -> &T {
        match self.get(i) {
            Some(value) => value,
            None => panic!("index {i} out of {} elements", self.len),
        }
    }
}

impl<T> IndexMut<usize> for Chunks<T> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut T {
        assert!(i < self.len, "index {i} out of {} elements", self.len);
        &mut self.chunks[i >> BITS][i & MASK]
    }
}

impl<T> Extend<T> for Chunks<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, values: I) {
        for value in values {
            self.push(value);
        }
    }
}

impl<T> FromIterator<T> for Chunks<T> {
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> Self {
        let mut chunks = Chunks::default();
        chunks.extend(values);
        chunks
    }
}

impl<'a, T> IntoIterator for &'a Chunks<T> {
    type Item = &'a T;
    type IntoIter = std::iter::Flatten<std::slice::Iter<'a, Vec<T>>>;
    fn into_iter(self) -> Self::IntoIter {
        self.chunks.iter().flatten()
    }
}

/// Equal when the elements are.
impl<T: PartialEq> PartialEq for Chunks<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl<T: Eq> Eq for Chunks<T> {}

/// Written as a sequence, as a `Vec` is (`frontier tree --json` reads the same).
impl<T: Serialize> Serialize for Chunks<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// A run of a [`Chunks`]' elements: what a slice of it would be (it may cross chunks).
#[derive(Debug)]
pub struct Span<'a, T> {
    all: &'a Chunks<T>,
    range: Range<usize>,
}

impl<'a, T> Span<'a, T> {
    #[must_use]
    pub fn len(&self) -> usize {
        self.range.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.range.is_empty()
    }

    /// Its `i`th element.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<&'a T> {
        (i < self.len()).then(|| &self.all[self.range.start + i])
    }

    #[must_use]
    pub fn first(&self) -> Option<&'a T> {
        self.get(0)
    }

    #[must_use]
    pub fn last(&self) -> Option<&'a T> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    /// Its elements in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &'a T> + use<'a, T> {
        let all = self.all;
        self.range.clone().map(move |i| &all[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_across_chunks_and_truncates_to_any_length() {
        for len in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK, 2 * CHUNK + 7] {
            let mut v: Chunks<usize> = (0..3 * CHUNK).collect();
            assert_eq!(
                (v[CHUNK - 1], v[CHUNK], v.len()),
                (CHUNK - 1, CHUNK, 3 * CHUNK)
            );
            v.truncate(len);
            assert_eq!(v.len(), len);
            assert!(v.iter().copied().eq(0..len), "truncated to {len}");
            assert_eq!(v.last().copied(), len.checked_sub(1));
            v.push(7);
            assert_eq!((v[len], v.len()), (7, len + 1));
        }
    }

    #[test]
    fn a_chunk_never_moves_once_allocated() {
        let mut v: Chunks<u64> = (0..CHUNK as u64 * 2).collect();
        let at = std::ptr::from_ref(&v[CHUNK + 5]);
        v.extend(0..CHUNK as u64 * 5);
        assert!(std::ptr::eq(at, &v[CHUNK + 5]), "growing copied a chunk");
    }

    #[test]
    fn spans_copies_and_retains_read_as_a_vec_does() {
        let mut want: Vec<u32> = (0..(CHUNK as u32 * 2 + 100)).collect();
        let mut popped: Chunks<u32> = want.iter().copied().collect();
        while popped.len() > CHUNK - 1 {
            popped.pop();
        }
        assert!(popped.iter().eq(&want[..CHUNK - 1]) && popped.last() == want.get(CHUNK - 2));
        let mut v: Chunks<u32> = want.iter().copied().collect();
        let span = v.span(CHUNK - 3..CHUNK + 4);
        assert_eq!(span.len(), 7);
        assert!(span.iter().eq(&want[CHUNK - 3..CHUNK + 4]));
        assert_eq!(
            (span.first(), span.last()),
            (want.get(CHUNK - 3), want.get(CHUNK + 3))
        );
        assert!(v.span(5..5).is_empty() && v.span_from(v.len() + 9).is_empty());
        for (src, dest) in [(10..CHUNK + 20, 15), (CHUNK..CHUNK + 30, CHUNK - 40)] {
            want.copy_within(src.clone(), dest);
            v.copy_within(src, dest);
        }
        want.retain(|x| x % 3 != 0);
        v.retain(|x| x % 3 != 0);
        assert!(v.iter().eq(&want));
        v.resize(4, 0);
        v.resize(6, 9);
        assert!(
            v.iter()
                .copied()
                .eq(want[..4].iter().copied().chain([9, 9]))
        );
        assert_eq!(
            serde_json::to_string(&v).unwrap(),
            serde_json::to_string(&v.iter().collect::<Vec<_>>()).unwrap()
        );
    }
}
