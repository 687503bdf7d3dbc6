//! What a best-first search asks of its open rows, and the open list's answers.

use super::{OpenKey, OpenList, Ordering, TieLevels};
use crate::engine::notebook::NodeId;

/// The open rows of a best-first search in the order they will be picked, and why each pick
/// wins. Two designs share it: [`OpenList`] serves every priority and tie policy, and
/// [`StoringQueue`] the one whose picks go in storing order (breadth-first, first stored
/// first), where the open rows are simply those after the last pick, as `pathfinding`'s
/// breadth-first search uses its insertion-ordered map as its queue.
///
/// `current` gives a row's key under the ordering it is passed (the rows' own, lent by the call)
/// while the row is stored and open (`None` otherwise): the open list checks stale entries
/// against it, the queue reads the rows through it. The ordering is lent rather than captured
/// so that the step need not copy it out of the rows it is borrowing mutably at every step.
pub trait OpenRows: Clone + Send + 'static {
    /// Whether a row may join again after leaving (a cheaper route improving or reopening it).
    /// `false` lets the compiler drop those paths from the search step.
    const REROUTES: bool;
    /// The open rows of a search that orders them by `ordering`.
    fn new(ordering: Ordering) -> Self;
    fn ordering(&self) -> &Ordering;
    /// A row joins with `key`: one whose route improved, or an undone pick that is open again.
    fn push(&mut self, key: OpenKey);
    /// A new row joins with `key` (its id is past every row held).
    #[inline(always)]
    fn push_new(&mut self, key: OpenKey) {
        self.push(key);
    }
    /// A row with `key` leaves by another route than the top (its key changed).
    fn forget(&mut self, key: OpenKey);
    /// A row stored by a step being undone leaves, newest first.
    fn unpush(&mut self, key: OpenKey);
    /// Makes the top fresh after a step.
    fn clean_top(&mut self, current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>);
    /// Removes the next pick and returns its key and why it wins; `stored` rows are held.
    fn pop_explained(
        &mut self,
        stored: usize,
        current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>,
    ) -> Option<(OpenKey, TieLevels)>;
    /// The next pick's key and why it wins, without taking it.
    fn next_explained(
        &self,
        current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>,
    ) -> Option<(OpenKey, TieLevels)>;
    /// Bytes held (for the memory figures).
    fn bytes(&self) -> usize;
    /// Of those, the bytes a clone shares instead of copying.
    fn shared_bytes(&self) -> usize;
}

/// Each call goes straight to the list's own method, inlined always so that the step calls
/// (or inlines) that method as it did before the list was one of two designs.
impl OpenRows for OpenList {
    const REROUTES: bool = true;

    fn new(ordering: Ordering) -> Self {
        OpenList::new(ordering)
    }

    fn ordering(&self) -> &Ordering {
        OpenList::ordering(self)
    }

    #[inline(always)]
    fn push(&mut self, key: OpenKey) {
        OpenList::push(self, key);
    }

    #[inline(always)]
    fn forget(&mut self, key: OpenKey) {
        OpenList::forget(self, key);
    }

    #[inline(always)]
    fn unpush(&mut self, key: OpenKey) {
        OpenList::unpush(self, key);
    }

    #[inline(always)]
    fn clean_top(&mut self, current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>) {
        OpenList::clean_top(self, current);
    }

    #[inline(always)]
    fn pop_explained(
        &mut self,
        _: usize,
        _: impl Fn(&Ordering, NodeId) -> Option<OpenKey>,
    ) -> Option<(OpenKey, TieLevels)> {
        OpenList::pop_explained(self)
    }

    fn next_explained(
        &self,
        _: impl Fn(&Ordering, NodeId) -> Option<OpenKey>,
    ) -> Option<(OpenKey, TieLevels)> {
        let top = self.peek()?;
        Some((top, self.explain(top)))
    }

    fn bytes(&self) -> usize {
        OpenList::bytes(self)
    }

    fn shared_bytes(&self) -> usize {
        OpenList::shared_bytes(self)
    }
}
