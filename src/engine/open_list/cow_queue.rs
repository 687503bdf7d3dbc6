//! A double-ended queue whose clones share its middle, so a time-travel keyframe of an open
//! list holding a million entries copies a few thousand entries and pointers, not the entries.
//!
//! The queue is an owned front, sealed chunks of `CHUNK` elements behind [`Arc`]s, and an owned
//! back. Pushes and pops work on the owned ends as a [`VecDeque`] would (no atomic operation, no
//! check of who shares what); an end that fills up is sealed into a chunk, and an end that runs
//! dry takes the next chunk back (a copy: clones may share it), or with no chunk left takes from
//! the other end. A clone copies the two ends and the chunk pointers. The open list's buckets pop
//! at the front and push at the back, so what a keyframe holds on its own is at most two chunks'
//! worth of ranks per bucket. An insert in the middle (a row whose route improved) rebuilds the
//! one chunk it lands in.
//!
//! The common operations (a push or pop at an end that has room) are inlined and touch only that
//! end; sealing and refilling are out of line. An empty queue allocates nothing; its parts are
//! held inline, not boxed: the open list makes a queue only for a tie of two rows or more (a tie
//! of one row has none), so boxing them saved little room and cost a short grid query an
//! allocation and a free for every such tie.

use std::collections::VecDeque;
use std::sync::Arc;

/// Elements per chunk by default: 1 KiB of `u32` ranks, so a clone of a million ranks copies
/// 4,000 pointers, and each bucket at most 2 KiB of ends (A* has hundreds of buckets).
pub const DEFAULT_CHUNK: usize = 256;

/// A queue whose clones share its sealed chunks (see the module docs).
#[derive(Clone, Debug)]
pub struct CowQueue<T, const CHUNK: usize = DEFAULT_CHUNK> {
    /// `None` until the first push.
    parts: Option<Parts<T>>,
}

/// The elements in order: `front`, then each chunk of `middle`, then `back`.
#[derive(Clone, Debug)]
struct Parts<T> {
    front: VecDeque<T>,
    /// Sealed chunks, shared with clones; none empty.
    middle: VecDeque<Arc<[T]>>,
    back: VecDeque<T>,
    /// Elements in `middle`.
    sealed: usize,
}

/// Elements the back has room for when a queue gets its parts (its first push): the open
/// list's buckets are made for a second rank and mostly hold a few, and growing the back from
/// empty at that push went through `VecDeque`'s growth path.
const BACK_ROOM: usize = 4;

impl<T> Default for Parts<T> {
    fn default() -> Self {
        Parts {
            front: VecDeque::new(),
            middle: VecDeque::new(),
            back: VecDeque::with_capacity(BACK_ROOM),
            sealed: 0,
        }
    }
}

impl<T, const CHUNK: usize> Default for CowQueue<T, CHUNK> {
    fn default() -> Self {
        CowQueue { parts: None }
    }
}

impl<T: Clone, const CHUNK: usize> CowQueue<T, CHUNK> {
    #[must_use]
    pub fn len(&self) -> usize {
        self.parts
            .as_ref()
            .map_or(0, |p| p.front.len() + p.sealed + p.back.len())
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Elements in sealed chunks: those a clone shares instead of copying.
    #[must_use]
    pub fn shared_len(&self) -> usize {
        self.parts.as_ref().map_or(0, |p| p.sealed)
    }

    /// The last element.
    #[must_use]
    pub fn back(&self) -> Option<&T> {
        let p = self.parts.as_ref()?;
        p.back
            .back()
            .or_else(|| p.middle.back().and_then(|c| c.last()))
            .or_else(|| p.front.back())
    }

    /// Every element, front to back.
    #[cfg(test)]
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.parts.iter().flat_map(|p| {
            p.front
                .iter()
                .chain(p.middle.iter().flat_map(|c| c.iter()))
                .chain(p.back.iter())
        })
    }

    /// Empties the queue, keeping the owned ends' room for the next pushes. Inlined: the open
    /// list clears every bucket it drops, and most hold nothing beyond their head.
    #[inline]
    pub fn clear(&mut self) {
        if let Some(p) = &mut self.parts {
            p.front.clear();
            p.middle.clear();
            p.back.clear();
            p.sealed = 0;
        }
    }

    fn parts(&mut self) -> &mut Parts<T> {
        self.parts.get_or_insert_with(Parts::default)
    }

    #[inline]
    pub fn push_back(&mut self, value: T) {
        let p = self.parts();
        if p.back.len() >= CHUNK {
            p.seal(End::Back);
        }
        p.back.push_back(value);
    }

    #[inline]
    pub fn push_front(&mut self, value: T) {
        let p = self.parts();
        if p.front.len() >= CHUNK {
            p.seal(End::Front);
        }
        p.front.push_front(value);
    }

    /// The first element, taken out: from the front, or with the front and the chunks empty
    /// from the back (a queue shorter than a chunk lives at its back).
    #[inline]
    pub fn pop_front(&mut self) -> Option<T> {
        let p = self.parts.as_mut()?;
        match p.front.pop_front() {
            Some(value) => Some(value),
            None if p.middle.is_empty() => p.back.pop_front(),
            None => p.refill(End::Front).pop_front(),
        }
    }

    /// The last element, taken out (as [`CowQueue::pop_front`], from the other end).
    #[inline]
    pub fn pop_back(&mut self) -> Option<T> {
        let p = self.parts.as_mut()?;
        match p.back.pop_back() {
            Some(value) => Some(value),
            None if p.middle.is_empty() => p.front.pop_back(),
            None => p.refill(End::Back).pop_back(),
        }
    }

    /// The index of the first element for which `pred` is false, the queue being partitioned
    /// by it (all true, then all false), as [`VecDeque::partition_point`].
    pub fn partition_point(&self, mut pred: impl FnMut(&T) -> bool) -> usize {
        let Some(p) = self.parts.as_ref() else {
            return 0;
        };
        let mut before = p.front.partition_point(&mut pred);
        if before < p.front.len() {
            return before;
        }
        let whole = p
            .middle
            .partition_point(|c| c.last().is_some_and(&mut pred));
        before += p.middle.range(..whole).map(|c| c.len()).sum::<usize>();
        match p.middle.get(whole) {
            Some(chunk) => before + chunk.partition_point(pred),
            None => before + p.back.partition_point(pred),
        }
    }

    /// Inserts `value` at `index` (at most [`CowQueue::len`]): into an owned end, or into a
    /// copy of the chunk it lands in (split in two when it overflows).
    ///
    /// # Panics
    /// When `index` is past the end, as [`VecDeque::insert`].
    pub fn insert(&mut self, index: usize, value: T) {
        assert!(index <= self.len(), "insert at {index} past {}", self.len());
        let p = self.parts();
        let mut at = index;
        if at <= p.front.len() {
            p.front.insert(at, value);
            if p.front.len() > CHUNK {
                let rest = p.front.split_off(CHUNK / 2);
                p.put(End::Front, Arc::from(Vec::from(rest)));
            }
            return;
        }
        at -= p.front.len();
        let Some(i) = p.middle.iter().position(|c| {
            let inside = at < c.len();
            if !inside {
                at -= c.len();
            }
            inside
        }) else {
            p.back.insert(at, value);
            if p.back.len() > CHUNK {
                let rest = p.back.split_off(CHUNK / 2);
                let first = std::mem::replace(&mut p.back, rest);
                p.put(End::Back, Arc::from(Vec::from(first)));
            }
            return;
        };
        let mut chunk = p.middle[i].to_vec();
        chunk.insert(at, value);
        p.sealed += 1;
        if chunk.len() > CHUNK {
            let second = chunk.split_off(chunk.len() / 2);
            p.middle.insert(i + 1, Arc::from(second));
        }
        p.middle[i] = Arc::from(chunk);
    }
}

/// One end of the queue.
#[derive(Clone, Copy)]
enum End {
    Front,
    Back,
}

impl<T: Clone> Parts<T> {
    fn end(&mut self, end: End) -> &mut VecDeque<T> {
        match end {
            End::Front => &mut self.front,
            End::Back => &mut self.back,
        }
    }

    /// Puts a sealed chunk beside `end`.
    fn put(&mut self, end: End, chunk: Arc<[T]>) {
        self.sealed += chunk.len();
        match end {
            End::Front => self.middle.push_front(chunk),
            End::Back => self.middle.push_back(chunk),
        }
    }

    /// Seals everything at the full `end` into a chunk beside it, keeping the end's room.
    #[cold]
    #[inline(never)]
    fn seal(&mut self, end: End) {
        let owned = self.end(end);
        let chunk = Arc::from(&*owned.make_contiguous());
        owned.clear();
        self.put(end, chunk);
    }

    /// Fills the empty `end` with a copy of the chunk beside it (there is one), and returns it.
    #[cold]
    #[inline(never)]
    fn refill(&mut self, end: End) -> &mut VecDeque<T> {
        let chunk = match end {
            End::Front => self.middle.pop_front(),
            End::Back => self.middle.pop_back(),
        }
        .expect("a chunk to refill from");
        self.sealed -= chunk.len();
        let owned = self.end(end);
        owned.extend(chunk.iter().cloned());
        owned
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A chunk of 3, so a few dozen operations cross many chunk boundaries.
    type Small = CowQueue<u32, 3>;

    #[derive(Clone, Debug)]
    enum Op {
        PushFront(u32),
        PushBack(u32),
        PopFront,
        PopBack,
        /// Inserts where the value keeps a sorted queue sorted (as the open list does).
        InsertSorted(u32),
        /// Inserts at this fraction (in 1/256) of the length.
        InsertAt(u8, u32),
        Clear,
        /// Clones the queue (both copies go on being mutated independently).
        Fork,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            3 => any::<u32>().prop_map(Op::PushBack),
            2 => any::<u32>().prop_map(Op::PushFront),
            3 => Just(Op::PopFront),
            1 => Just(Op::PopBack),
            2 => (0..64u32).prop_map(Op::InsertSorted),
            1 => (any::<u8>(), any::<u32>()).prop_map(|(at, v)| Op::InsertAt(at, v)),
            1 => Just(Op::Clear),
            1 => Just(Op::Fork),
        ]
    }

    /// Applies one operation to the queue and its model, and checks they answer alike.
    fn apply(op: &Op, queue: &mut Small, model: &mut VecDeque<u32>) {
        match *op {
            Op::PushFront(v) => {
                queue.push_front(v);
                model.push_front(v);
            }
            Op::PushBack(v) => {
                queue.push_back(v);
                model.push_back(v);
            }
            Op::PopFront => assert_eq!(queue.pop_front(), model.pop_front()),
            Op::PopBack => assert_eq!(queue.pop_back(), model.pop_back()),
            Op::InsertSorted(v) => {
                let sorted = model.iter().is_sorted();
                let at = queue.partition_point(|&r| r < v);
                if sorted {
                    assert_eq!(at, model.partition_point(|&r| r < v));
                }
                queue.insert(at, v);
                model.insert(at, v);
            }
            Op::InsertAt(fraction, v) => {
                let at = model.len() * usize::from(fraction) / 255;
                queue.insert(at, v);
                model.insert(at, v);
            }
            Op::Clear => {
                queue.clear();
                model.clear();
            }
            Op::Fork => {}
        }
        assert_eq!(queue.len(), model.len());
        assert_eq!(queue.is_empty(), model.is_empty());
        assert_eq!(queue.back(), model.back());
        let sealed = queue
            .parts
            .as_ref()
            .map_or(0, |p| p.middle.iter().map(|c| c.len()).sum());
        assert_eq!(queue.shared_len(), sealed);
        assert!(queue.iter().eq(model.iter()), "{queue:?} vs {model:?}");
    }

    proptest! {
        #[test]
        fn behaves_as_a_vecdeque_and_clones_stay_independent(
            ops in prop::collection::vec(op(), 0..200),
            twin_ops in prop::collection::vec(op(), 0..200),
        ) {
            let mut queue = Small::default();
            let mut model = VecDeque::new();
            // Every fork leaves a twin behind; each twin is mutated on its own afterwards.
            let mut twins: Vec<(Small, VecDeque<u32>)> = Vec::new();
            for op in &ops {
                if matches!(op, Op::Fork) {
                    twins.push((queue.clone(), model.clone()));
                }
                apply(op, &mut queue, &mut model);
            }
            for (twin, twin_model) in &mut twins {
                for op in &twin_ops {
                    apply(op, twin, twin_model);
                }
            }
            // The original is untouched by its twins' writes.
            prop_assert!(queue.iter().eq(model.iter()));
        }
    }

    #[test]
    fn a_clone_shares_the_sealed_chunks_and_copies_the_ends() {
        let mut live: CowQueue<u32, 4> = CowQueue::default();
        (0..16).for_each(|v| live.push_back(v));
        assert_eq!(
            live.shared_len(),
            12,
            "three full chunks sealed, four ranks at the back"
        );
        let kept = live.clone();
        let shared = |a: &CowQueue<u32, 4>, b: &CowQueue<u32, 4>| {
            let (a, b) = (a.parts.as_ref().unwrap(), b.parts.as_ref().unwrap());
            a.middle
                .iter()
                .filter(|c| b.middle.iter().any(|d| Arc::ptr_eq(c, d)))
                .count()
        };
        assert_eq!(shared(&live, &kept), 3);
        live.pop_front();
        live.push_back(16);
        assert_eq!(
            shared(&live, &kept),
            2,
            "the first chunk came back to the front"
        );
        assert!(kept.iter().copied().eq(0..16));
        assert!(live.iter().copied().eq(1..17));
    }

    #[test]
    fn an_insert_into_a_full_chunk_splits_it() {
        let mut queue: CowQueue<u32, 4> = CowQueue::default();
        (0..12).for_each(|v| queue.push_back(v * 2));
        queue.insert(5, 9);
        let middle = &queue.parts.as_ref().unwrap().middle;
        assert_eq!(
            middle.len(),
            3,
            "the full chunk [8, 10, 12, 14] split in two"
        );
        assert!(middle.iter().all(|c| c.len() <= 4));
        assert_eq!(queue.shared_len(), 9);
        assert!(
            queue
                .iter()
                .copied()
                .eq([0, 2, 4, 6, 8, 9, 10, 12, 14, 16, 18, 20, 22])
        );
    }
}
