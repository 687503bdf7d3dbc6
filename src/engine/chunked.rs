//! A vector that grows in fixed chunks: no reallocation, no copying, and never more than one
//! chunk of spare room, so "bytes per stored state" stays close to the row size even for
//! millions of rows (a doubling `Vec` averages a third spare and copies everything as it grows).

/// Rows per chunk (a power of two, so an index splits with a shift and a mask).
const CHUNK_BITS: u32 = 12;
const CHUNK: usize = 1 << CHUNK_BITS;

/// An append-only (and truncatable) vector stored in chunks of 4096 elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChunkedVec<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
}

impl<T> Default for ChunkedVec<T> {
    fn default() -> Self {
        ChunkedVec {
            chunks: Vec::new(),
            len: 0,
        }
    }
}

impl<T> ChunkedVec<T> {
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn push(&mut self, value: T) {
        // The first chunk grows like a `Vec`, so small searches allocate little; later chunks
        // are allocated whole.
        if self.len == 0 {
            self.chunks.push(Vec::new());
        } else if self.len.is_multiple_of(CHUNK) {
            self.chunks.push(Vec::with_capacity(CHUNK));
        }
        self.chunks
            .last_mut()
            .expect("a chunk with room")
            .push(value);
        self.len += 1;
    }

    /// Removes and returns the last element.
    pub fn pop(&mut self) -> Option<T> {
        let last = self.chunks.last_mut()?;
        let value = last.pop()?;
        if last.is_empty() {
            self.chunks.pop();
        }
        self.len -= 1;
        Some(value)
    }

    /// Keeps the first `len` elements.
    pub fn truncate(&mut self, len: usize) {
        while self.len > len {
            self.pop();
        }
    }

    #[must_use]
    pub fn last(&self) -> Option<&T> {
        self.chunks.last().and_then(|c| c.last())
    }

    /// Iterates over every element in order.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.chunks.iter().flatten()
    }

    /// Bytes held, spare room included.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.chunks.iter().map(Vec::capacity).sum::<usize>() * std::mem::size_of::<T>()
            + self.chunks.capacity() * std::mem::size_of::<Vec<T>>()
    }
}

impl<T> std::ops::Index<usize> for ChunkedVec<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        assert!(i < self.len, "index {i} out of {} elements", self.len);
        &self.chunks[i >> CHUNK_BITS][i & (CHUNK - 1)]
    }
}

impl<T> std::ops::IndexMut<usize> for ChunkedVec<T> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        assert!(i < self.len, "index {i} out of {} elements", self.len);
        &mut self.chunks[i >> CHUNK_BITS][i & (CHUNK - 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_across_chunks_and_truncates() {
        let mut v = ChunkedVec::default();
        for i in 0..10_000 {
            v.push(i);
        }
        assert_eq!((v[0], v[4095], v[4096], v[9999]), (0, 4095, 4096, 9999));
        v.truncate(4096);
        assert_eq!((v.len(), v.last()), (4096, Some(&4095)));
        assert_eq!(v.pop(), Some(4095));
        assert_eq!(
            v.iter().copied().sum::<usize>(),
            (0..4095usize).sum::<usize>()
        );
        assert!(
            v.bytes() <= 4096 * std::mem::size_of::<usize>() + 256,
            "spare room is at most one chunk"
        );
    }
}
