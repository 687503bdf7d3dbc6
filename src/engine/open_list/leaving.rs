//! Rows leaving the open list by any route but the top: keys forgotten, pushes undone, and
//! stale entries dropped from the top.

use super::Recent;
use super::buckets::ALONE;
use std::cmp::Reverse;

use super::{OpenKey, OpenList, Ordering};
use crate::engine::notebook::NodeId;

impl OpenList {
    /// A row with `key` leaves the open list by any route but the top (its key changed).
    /// Its entry turns stale and is skipped later, or is dropped with its tie at once when no
    /// row there is left open.
    pub fn forget(&mut self, key: OpenKey) {
        if let Some((level, at)) = self.find(key) {
            self.leave(level, at, None);
        }
    }

    /// A row stored by a step being undone leaves the open list. Its entry is taken out when
    /// it is the newest of its tie (undoing the newest rows first, it always is), otherwise it
    /// turns stale as with [`OpenList::forget`]. Stale entries left at a bucket's end would
    /// make every later push there an insertion in the middle of the queue: stepping back and
    /// forth over a million open rows did that.
    pub fn unpush(&mut self, key: OpenKey) {
        if let Some((level, at)) = self.find(key) {
            self.leave(level, at, Some(key.rank));
        }
    }

    /// One row held in the tie at `at` of level `level` is no longer open: its entry is taken
    /// out (`undone`, its rank, when it is the newest) or turns stale, and the tie is dropped
    /// when it was the last row open there. Inlined into its two callers, as
    /// [`OpenList::drop_tie`] is into it: a grid search forgets a row every other step.
    #[inline(always)]
    pub(super) fn leave(&mut self, level: u32, at: usize, undone: Option<u32>) {
        let at_level = self.levels.get_mut(level);
        at_level.live -= 1;
        self.len -= 1;
        let tie = &mut at_level.ties[at];
        if tie.bucket != ALONE {
            let bucket = self.buckets.get_mut(tie.bucket);
            bucket.live -= 1;
            if bucket.live > 0 {
                if undone.is_some_and(|rank| bucket.unpush(&mut tie.head, rank)) {
                    self.entries -= 1;
                }
                return;
            }
        }
        self.drop_tie(level, at);
    }

    /// Drops the tie at `at` of level `level`, whose rows have all left, with its entries,
    /// keeping its bucket's room for the next tie in its slot; and when it was the level's
    /// last, the level too if it is the top (below the top, an empty level waits until it
    /// surfaces). Inlined: a grid search drops a tie nearly every step, and as a call of its
    /// own, saving registers was a fifth of it.
    #[inline(always)]
    pub(super) fn drop_tie(&mut self, level: u32, at: usize) {
        let ties = &mut self.levels.get_mut(level).ties;
        // A pop drops the last.
        let tie = if at + 1 == ties.len() {
            ties.pop().expect("a tie at `at`")
        } else {
            ties.remove(at)
        };
        let emptied = ties.is_empty();
        if tie.bucket == ALONE {
            self.entries -= 1;
        } else {
            self.drop_bucket(tie.bucket);
        }
        if emptied {
            self.drop_empty_levels();
        }
    }

    /// [`OpenList::drop_tie`] of the last tie of level `level`, for a pop that empties a bucket
    /// or the level. Out of line: inlined, its registers would cost every pop that stays in its
    /// bucket (breadth-first: every pop).
    #[inline(never)]
    pub(super) fn drop_top_tie(&mut self, level: u32) {
        let last = self.levels.get(level).ties.len() - 1;
        self.drop_tie(level, last);
    }

    /// Releases bucket `slot` with its entries.
    pub(super) fn drop_bucket(&mut self, slot: u32) {
        let held = self.buckets.get_mut(slot);
        self.entries -= held.held as usize;
        held.rest.clear();
        self.buckets.release(slot);
    }

    /// Takes empty levels off the top of the heap, so that the top one holds an open row. Out
    /// of line: [`OpenList::drop_tie`] is inlined, and only one drop in ten empties a level.
    #[inline(never)]
    pub(super) fn drop_empty_levels(&mut self) {
        while let Some(&Reverse((f, slot))) = self.order.peek()
            && self.levels.get(slot).ties.is_empty()
        {
            self.order.pop();
            self.level_of.remove(&f);
            let recent = &mut self.recent[Recent::at(f)];
            if recent.f == f {
                *recent = Recent::EMPTY;
            }
            self.levels.release(slot);
            if self.last.is_some_and(|last| last.level == slot) {
                self.last = None;
            }
        }
    }

    /// Drops stale entries from the top; `current` gives a row's key while it is open. Entries
    /// are checked only in a bucket that holds stale ones. Inlined, as it runs every step and
    /// mostly finds no stale entry anywhere (breadth-first never makes one), or none in the
    /// top tie (A* on a sliding puzzle: a few hundred stale entries among tens of thousands).
    #[inline]
    pub fn clean_top(&mut self, current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>) {
        if self.entries != self.len && self.stale_at_top() {
            self.drop_stale_top(current);
        }
    }

    /// Whether the top tie's bucket holds a stale entry.
    #[inline]
    pub(super) fn stale_at_top(&self) -> bool {
        let Some(&Reverse((_, level))) = self.order.peek() else {
            return false;
        };
        self.levels.get(level).ties.last().is_some_and(|tie| {
            tie.bucket != ALONE && {
                let bucket = self.buckets.get(tie.bucket);
                bucket.held != bucket.live
            }
        })
    }

    /// [`OpenList::clean_top`] when the top tie's bucket holds a stale entry. The top tie holds
    /// an open row, so skipping its stale heads ends at one.
    pub(super) fn drop_stale_top(
        &mut self,
        current: impl Fn(&Ordering, NodeId) -> Option<OpenKey>,
    ) {
        let &Reverse((f, level)) = self.order.peek().expect("a top level");
        let tie = self
            .levels
            .get_mut(level)
            .ties
            .last_mut()
            .expect("the top level holds a tie");
        let bucket = self.buckets.get_mut(tie.bucket);
        while bucket.held != bucket.live {
            let key = OpenKey {
                f,
                tie: tie.tie,
                rank: tie.head,
            };
            if current(&self.ordering, self.ordering.id_of(key)) == Some(key) {
                return;
            }
            tie.head = bucket.advance();
            self.entries -= 1;
        }
    }
}
