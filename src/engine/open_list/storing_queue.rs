//! The open rows of a search that picks in storing order (see
//! [`Ordering::picks_in_storing_order`]): breadth-first search taking the first stored first.
//! Its rows' f (their depth) never falls from one row to the next, and each pick is the open
//! row stored first, so the open rows are exactly the rows after the last pick and the queue is
//! a cursor over row ids. It holds no entry per row: a push is nothing, a pick moves the cursor.
//! Breadth-first search through the general [`super::OpenList`] paid for a queue of ranks that
//! merely repeated the row ids.

use super::{Cost, OpenKey, OpenRows, Ordering, TieLevels};
use crate::engine::notebook::NodeId;

/// A cursor over the rows in storing order.
#[derive(Clone, Debug)]
pub struct StoringQueue {
    ordering: Ordering,
    /// The next pick: this row and every row stored after it are open.
    next: NodeId,
    /// One past the last row with the next pick's f, while that is known: valid when above
    /// `next`, found again (from the rows) when a pick reaches it or an undone pick steps back
    /// over a change of f.
    level_end: NodeId,
    /// The f of the rows before `level_end`, while it is valid: a pick inside a level reads no
    /// row.
    level_f: Cost,
}

impl StoringQueue {
    /// The open rows at the next pick's f: how many rows from `next` on, `next` included, share
    /// its `f`. Their f never falls, so the end is found by doubling steps, then halving.
    fn same_f(&self, f: Cost, current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>) -> u32 {
        if self.level_end > self.next {
            return self.level_end - self.next;
        }
        self.find_level_end(f, current) - self.next
    }

    /// One past the last row with `f` from `next` on (which has it).
    fn find_level_end(
        &self,
        f: Cost,
        current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>,
    ) -> NodeId {
        let has_f = |id: NodeId| current(&self.ordering, id).is_some_and(|key| key.f == f);
        // Rows `next..low` have f; `high` has not (or is not a row).
        let (mut low, mut high) = (self.next + 1, None);
        let mut stride: NodeId = 1;
        while high.is_none() {
            match low.checked_add(stride - 1) {
                Some(probe) if has_f(probe) => {
                    low = probe + 1;
                    stride = stride.saturating_mul(2);
                }
                Some(probe) => high = Some(probe),
                None => high = Some(NodeId::MAX),
            }
        }
        let mut high = high.unwrap_or(NodeId::MAX);
        while low < high {
            let mid = low + (high - low) / 2;
            if has_f(mid) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        low
    }
}

impl OpenRows for StoringQueue {
    /// Rows picked in storing order keep their first route: breadth-first search does not
    /// reopen.
    const REROUTES: bool = false;

    fn new(ordering: Ordering) -> Self {
        debug_assert!(ordering.picks_in_storing_order());
        StoringQueue {
            ordering,
            next: 0,
            level_end: 0,
            level_f: Cost::ZERO,
        }
    }

    fn ordering(&self) -> &Ordering {
        &self.ordering
    }

    /// A row before the cursor is an undone pick open again, and the next pick once more.
    #[inline]
    fn push(&mut self, key: OpenKey) {
        let id = self.ordering.id_of(key);
        if id < self.next {
            self.next = id;
            self.level_end = 0;
        }
    }

    /// A new row is open by being stored after the cursor: nothing to do (and its key is not
    /// even worked out).
    #[inline(always)]
    fn push_new(&mut self, key: OpenKey) {
        debug_assert!(self.ordering.id_of(key) >= self.next, "{key:?}");
    }

    /// Never called: rows picked in storing order keep their first route (breadth-first search
    /// does not reopen), so no row leaves but by being picked.
    fn forget(&mut self, key: OpenKey) {
        debug_assert!(false, "a breadth-first row left the open rows: {key:?}");
    }

    /// A row stored by an undone step is forgotten with the notebook's rows: nothing to do.
    fn unpush(&mut self, _: OpenKey) {}

    /// Nothing goes stale.
    #[inline]
    fn clean_top(&mut self, _: impl Fn(&Ordering, NodeId) -> Option<OpenKey>) {}

    /// Inside a level, a pick is the cursor's move and reads no row; a level's first pick
    /// reads its f and finds where the level ends.
    #[inline]
    fn pop_explained(
        &mut self,
        stored: usize,
        current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>,
    ) -> Option<(OpenKey, TieLevels)> {
        if self.next as usize >= stored {
            return None;
        }
        if self.level_end <= self.next {
            self.level_f = current(&self.ordering, self.next)?.f;
            self.level_end = self.find_level_end(self.level_f, &current);
        }
        let key = OpenKey {
            f: self.level_f,
            tie: 0,
            rank: self.next,
        };
        debug_assert_eq!(Some(key), current(&self.ordering, self.next));
        let same_f = self.level_end - self.next;
        self.next += 1;
        Some((key, self.ordering.explanation(same_f, 1)))
    }

    fn next_explained(
        &self,
        current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>,
    ) -> Option<(OpenKey, TieLevels)> {
        let key = current(&self.ordering, self.next)?;
        Some((
            key,
            self.ordering.explanation(self.same_f(key.f, current), 1),
        ))
    }

    fn bytes(&self) -> usize {
        0
    }

    fn shared_bytes(&self) -> usize {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::super::OpenList;
    use super::*;
    use crate::engine::cost::Cost;
    use crate::engine::settings::Algorithm;
    use crate::engine::tie::TieKey;
    use proptest::prelude::*;

    fn ordering() -> Ordering {
        Ordering::new(Algorithm::BreadthFirst, 1.0, &[TieKey::FirstStored])
    }

    #[test]
    fn only_breadth_first_taking_the_first_stored_first_picks_in_storing_order() {
        let fits = |algorithm, policy: &[TieKey]| {
            Ordering::new(algorithm, 1.0, policy).picks_in_storing_order()
        };
        assert!(fits(Algorithm::BreadthFirst, &[TieKey::FirstStored]));
        assert!(fits(Algorithm::BreadthFirst, &[]));
        assert!(!fits(Algorithm::BreadthFirst, &[TieKey::LastStored]));
        assert!(!fits(
            Algorithm::BreadthFirst,
            &[TieKey::LowestH, TieKey::FirstStored]
        ));
        assert!(!fits(Algorithm::Dijkstra, &[TieKey::FirstStored]));
        assert!(!fits(Algorithm::AStar, &[TieKey::FirstStored]));
    }

    /// What a breadth-first search does to its open rows.
    #[derive(Clone, Debug)]
    enum Op {
        /// The pick stores this many children (one deeper than it).
        Expand(u8),
        /// The last steps are undone, newest first.
        Undo(u8),
    }

    /// Runs `ops` as a breadth-first search would on both designs, and checks that every pick
    /// and explanation agrees with the general open list's.
    fn check(ops: &[Op]) -> Result<(), TestCaseError> {
        let o = ordering();
        let mut depths: Vec<u32> = vec![0];
        let mut open_ids: Vec<bool> = vec![true];
        // Each step: its pick and the rows it stored.
        let mut steps: Vec<(NodeId, usize)> = Vec::new();
        let mut queue = StoringQueue::new(o.clone());
        let mut list = OpenList::new(o.clone());
        let key =
            |depths: &[u32], id: NodeId| o.key(id, Cost::ZERO, Cost::ZERO, depths[id as usize]);
        OpenRows::push(&mut list, key(&depths, 0));
        for op in ops {
            match *op {
                Op::Expand(children) => {
                    let current = |_: &Ordering, id: NodeId| {
                        let i = id as usize;
                        (i < depths.len() && open_ids[i]).then(|| key(&depths, id))
                    };
                    let before = queue.next_explained(current);
                    prop_assert_eq!(before, list.next_explained(current));
                    let popped = queue.pop_explained(depths.len(), current);
                    prop_assert_eq!(popped, before);
                    prop_assert_eq!(
                        OpenRows::pop_explained(&mut list, depths.len(), current),
                        before
                    );
                    let Some((top, _)) = popped else { continue };
                    let pick = o.id_of(top);
                    open_ids[pick as usize] = false;
                    for _ in 0..children {
                        depths.push(depths[pick as usize] + 1);
                        open_ids.push(true);
                        let id = NodeId::try_from(depths.len() - 1).unwrap();
                        queue.push_new(key(&depths, id));
                        OpenRows::push_new(&mut list, key(&depths, id));
                    }
                    steps.push((pick, usize::from(children)));
                }
                Op::Undo(n) => {
                    for _ in 0..n {
                        let Some((pick, stored)) = steps.pop() else {
                            break;
                        };
                        for id in (depths.len() - stored..depths.len()).rev() {
                            let id = NodeId::try_from(id).unwrap();
                            queue.unpush(key(&depths, id));
                            OpenRows::unpush(&mut list, key(&depths, id));
                        }
                        depths.truncate(depths.len() - stored);
                        open_ids.truncate(depths.len());
                        open_ids[pick as usize] = true;
                        queue.push(key(&depths, pick));
                        OpenRows::push(&mut list, key(&depths, pick));
                    }
                }
            }
        }
        Ok(())
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            5 => (0..4u8).prop_map(Op::Expand),
            1 => (1..4u8).prop_map(Op::Undo),
        ]
    }

    proptest! {
        #[test]
        fn the_queue_picks_and_explains_as_the_open_list_does(
            ops in prop::collection::vec(op(), 0..300),
        ) {
            check(&ops)?;
        }
    }

    #[test]
    fn a_pick_is_explained_by_the_rows_left_at_its_depth() {
        // Row 0 (depth 0) stores rows 1..=3 (depth 1); row 1 stores rows 4 and 5 (depth 2).
        let o = ordering();
        let depths = [0, 1, 1, 1, 2, 2];
        let mut queue = StoringQueue::new(o.clone());
        let current = |_: &Ordering, id: NodeId| {
            depths
                .get(id as usize)
                .map(|&d| o.key(id, Cost::ZERO, Cost::ZERO, d))
        };
        let tied = |levels: TieLevels| levels.first().map(|l| l.tied);
        let mut picks = Vec::new();
        while let Some((key, levels)) = queue.pop_explained(depths.len(), current) {
            picks.push((o.id_of(key), tied(levels)));
        }
        assert_eq!(
            picks,
            [
                (0, Some(1)),
                (1, Some(3)),
                (2, Some(2)),
                (3, Some(1)),
                (4, Some(2)),
                (5, Some(1))
            ]
        );
    }
}
