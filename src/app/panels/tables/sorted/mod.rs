//! The ids of one table in its sort order, cached: rebuilt when the sort changes, updated
//! from the search's log when only a few rows moved.

use super::id_set::IdSet;
use crate::app::sort::{Sort, sort_key};
use crate::engine::event::Fate;
use crate::engine::notebook::{NodeId, Status};
use crate::engine::open_list::OpenKey;
use crate::engine::step_record::StepRecord;
use crate::engine::view::Row;
use crate::engine::view::SearchView;
use web_time::Instant;

/// Longest a stale sorted list may be shown while running, in seconds.
const REFRESH_WHILE_RUNNING: f64 = 0.3;

/// A row's place in a sorted list: smaller comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    /// A column value (negated when descending), then the row's own order.
    Value(i64, Rank),
    /// The row's own order alone.
    Own(Rank),
}

/// A row's rank in its table's own order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    /// The best-first open list's key, which is its pick order (it ends in the storing rank).
    Pick(OpenKey),
    /// The place in an open list only the session can order (a stack, an iterative-deepening
    /// path).
    Listed(u32),
    /// Storing order (closed rows).
    Stored(NodeId),
}

/// Where a row's own rank comes from.
enum Ranks {
    Pick,
    /// Each id's place in [`SearchView::open_order`] (`u32::MAX` for rows not on it).
    Listed(Vec<u32>),
    Stored,
}

/// Places rows for one table and sort.
struct Placer<'a> {
    session: &'a dyn SearchView,
    sort: Sort,
    ranks: Ranks,
}

impl Placer<'_> {
    /// How rows of `status` are placed under `sort`. `None`: the open list in pick order of a
    /// search that only the session can order, which is copied from [`SearchView::open_order`].
    fn new(session: &dyn SearchView, status: Status, sort: Sort) -> Option<Placer<'_>> {
        let ranks = match status {
            Status::Closed => Ranks::Stored,
            Status::Open if is_best_first(session) => Ranks::Pick,
            Status::Open if sort.is_own_order() => return None,
            Status::Open => {
                let mut places = vec![u32::MAX; session.rows()];
                for (place, id) in session.open_order().into_iter().enumerate() {
                    places[id as usize] = u32::try_from(place).expect("places fit in u32");
                }
                Ranks::Listed(places)
            }
        };
        Some(Placer {
            session,
            sort,
            ranks,
        })
    }

    /// Row `id`'s place; its whole [`Row`] (`row`, or read if not given) only when a column
    /// is sorted by: the own orders need the id and the open key alone, so a rebuild of a
    /// list in its own order builds no rows.
    fn place(&self, id: NodeId, row: Option<&Row>) -> Place {
        let rank = match &self.ranks {
            Ranks::Pick => self
                .session
                .open_key(id)
                .map_or(Rank::Stored(id), Rank::Pick),
            Ranks::Listed(places) => Rank::Listed(places[id as usize]),
            Ranks::Stored => Rank::Stored(id),
        };
        if self.sort.is_own_order() {
            return Place::Own(rank);
        }
        let value = match row {
            Some(row) => sort_key(row, self.sort.column),
            None => sort_key(&self.session.row(id), self.sort.column),
        };
        Place::Value(if self.sort.descending { -value } else { value }, rank)
    }
}

/// Whether rows change only as the log records and the open order is a sort by
/// [`SearchView::open_key`] (the best-first algorithms).
pub(super) fn is_best_first(session: &dyn SearchView) -> bool {
    session.rows() > 0 && session.open_key(0).is_some()
}

/// The ids of the rows with `status`, in `sort` order.
#[must_use]
pub fn sorted_ids(session: &dyn SearchView, status: Status, sort: Sort) -> Vec<NodeId> {
    let mut list = SortedIds::default();
    list.rebuild(
        session,
        status,
        (session.steps(), session.rows(), sort),
        0.0,
    );
    list.ids
}

/// A sorted id list and what it was built for. After a few steps, forward or back, it is
/// updated from the search's log (only the rows those steps touched move), not rebuilt.
#[derive(Debug, Default)]
pub struct SortedIds {
    /// The ids from `start` on are the list; those before it were taken off the front.
    ids: Vec<NodeId>,
    /// The place of each id, when the order is known row by row (empty otherwise).
    places: Vec<Place>,
    /// Where the list begins in `ids` and `places`. Rows leaving near the front (the picks,
    /// in pick order) move the start instead of moving a million rows after them.
    start: usize,
    /// The ids in the list, so an update knows how many of the rows it touched are to be
    /// found in it and stops looking once it has found them all.
    listed: IdSet,
    /// The listed rows an update is taking out (empty between updates).
    leaving: IdSet,
    built_for: Option<(u64, usize, Sort)>,
    built_at: f64,
    /// Seconds the last rebuild or update took.
    cost: f64,
}

impl SortedIds {
    /// The ids in table order, as of the last refresh.
    #[must_use]
    pub fn ids(&self) -> &[NodeId] {
        &self.ids[self.start..]
    }

    /// The step and row count the list is up to date with.
    #[must_use]
    pub fn stamp(&self) -> Option<(u64, usize)> {
        self.built_for.map(|(steps, rows, _)| (steps, rows))
    }

    /// Forgets the list (a new search).
    pub fn clear(&mut self) {
        *self = SortedIds::default();
    }

    /// Brings the list up to date if the search or the sort moved on; while `running`, at most
    /// every [`REFRESH_WHILE_RUNNING`] seconds of `now`, and never spending more than a tenth
    /// of the time on it. `record` holds every step taken, including those after the current
    /// one after going back (the timeline's record), so steps undone are undone in the list
    /// too. Returns whether it did any work.
    pub fn refresh(
        &mut self,
        session: &dyn SearchView,
        record: &StepRecord,
        status: Status,
        sort: Sort,
        now: f64,
        running: bool,
    ) -> bool {
        let wanted = (session.steps(), session.rows(), sort);
        let started = Instant::now();
        match self.built_for {
            Some(built) if built.2 == sort => {
                let moved = built.0 != wanted.0 || built.1 != wanted.1;
                // Rows gone (a step back in time) would be shown at once: no waiting.
                let shrank = wanted.0 < built.0 || wanted.1 < built.1;
                let wait = REFRESH_WHILE_RUNNING.max(10.0 * self.cost);
                if !moved || (running && !shrank && now - self.built_at < wait) {
                    return false;
                }
                if !self.update(session, record, status, built.0) {
                    self.rebuild(session, status, wanted, now);
                }
                self.built_at = now;
            }
            _ => self.rebuild(session, status, wanted, now),
        }
        self.cost = started.elapsed().as_secs_f64();
        true
    }

    fn rebuild(
        &mut self,
        session: &dyn SearchView,
        status: Status,
        wanted: (u64, usize, Sort),
        now: f64,
    ) {
        self.places.clear();
        self.start = 0;
        self.ids = match Placer::new(session, status, wanted.2) {
            None => session.open_order(),
            Some(placer) => {
                // The statuses alone pick the rows (a whole row each would cost far more when
                // the list holds few of them: a small open list over a big search).
                let mut keyed: Vec<(Place, NodeId)> = session
                    .statuses()
                    .into_iter()
                    .enumerate()
                    .filter(|&(_, s)| s == status)
                    .map(|(id, _)| {
                        let id = NodeId::try_from(id).expect("ids fit in u32");
                        (placer.place(id, None), id)
                    })
                    .collect();
                keyed.sort_unstable();
                self.places = keyed.iter().map(|&(p, _)| p).collect();
                keyed.into_iter().map(|(_, id)| id).collect()
            }
        };
        self.listed = IdSet::of(&self.ids);
        self.built_for = Some(wanted);
        self.built_at = now;
    }

    /// Moves only the rows touched between step `from` and the current one, either way (picked,
    /// stored, improved or reopened, as `record` has them; after a step back, the same rows
    /// are put back as they are now, and the rows no longer stored just leave). Returns
    /// `false` when a rebuild is needed instead: the order is not known row by row, the
    /// record does not cover the steps, or too much changed.
    pub(super) fn update(
        &mut self,
        session: &dyn SearchView,
        record: &StepRecord,
        status: Status,
        from: u64,
    ) -> bool {
        let Some(sort) = self.built_for.map(|b| b.2) else {
            return false;
        };
        if !is_best_first(session) {
            return false;
        }
        let Some(placer) = Placer::new(session, status, sort) else {
            return false;
        };
        let to = session.steps();
        let (Ok(from), Ok(to)) = (usize::try_from(from), usize::try_from(to)) else {
            return false;
        };
        if record.len() < from.max(to) || self.places.len() != self.ids.len() {
            return false;
        }
        let mut touched: Vec<NodeId> = Vec::new();
        for step in from.min(to)..from.max(to) {
            touched.extend(record.pick(step));
            touched.extend(
                record
                    .successors(step)
                    .filter(|r| matches!(r.fate, Fate::StoredNew | Fate::Improved | Fate::Reopened))
                    .map(|r| r.target),
            );
            // A rebuild reads every row's status: past a quarter of the rows, it is cheaper.
            // (Measured against the list's own length, a small open list over a big search
            // was rebuilt from every row each time it was brought up to date while running.)
            if touched.len() > session.rows() / 4 + 1024 {
                return false;
            }
        }
        touched.sort_unstable();
        touched.dedup();
        let stored = session.rows();
        let mut added: Vec<(Place, NodeId)> = Vec::new();
        for &id in &touched {
            if id as usize >= stored {
                continue;
            }
            let row = session.row(id);
            if row.status == status {
                added.push((placer.place(id, Some(&row)), id));
            }
        }
        added.sort_unstable();
        self.remove_touched(&touched);
        self.merge_in(&added);
        // A guard against a strategy that changes rows the log does not show.
        let counts = session.counts();
        let expected = match status {
            Status::Open => counts.open,
            Status::Closed => counts.closed,
        };
        self.built_for = Some((session.steps(), stored, sort));
        self.ids().len() as u64 == expected
    }

    /// Drops the touched rows that are in the list, in place. Only the rows between the first
    /// and the last of them move, and those on the shorter side: rows after the last one stay
    /// when rows before the first one are fewer (the list then starts later).
    fn remove_touched(&mut self, touched: &[NodeId]) {
        let mut leaving = 0;
        for &id in touched.iter().filter(|&&id| self.listed.contains(id)) {
            self.leaving.insert(id);
            leaving += 1;
        }
        if leaving > 0 {
            let (first, end) = self.span(leaving);
            self.close_up(first, end);
        }
        for &id in touched {
            self.listed.remove(id);
            self.leaving.remove(id);
        }
    }

    /// Where the `count` leaving rows lie in the live list: the first one's index and one past
    /// the last one's. Looks from both ends at once and stops as soon as one side has found
    /// them all, so it reads about twice the shorter side, which is what [`Self::close_up`]
    /// moves (the picks at a million-row list's front are found without reading the rest).
    fn span(&self, count: usize) -> (usize, usize) {
        let leaving = |i: usize| self.leaving.contains(self.ids[i]);
        let (mut front, mut back) = (self.start, self.ids.len());
        let (mut from_front, mut from_back) = ((0, None), (0, None));
        while front < self.ids.len() {
            if leaving(front) {
                let first = *from_front.1.get_or_insert(front);
                from_front.0 += 1;
                if from_front.0 == count {
                    return (first, front + 1);
                }
            }
            front += 1;
            if back > self.start {
                back -= 1;
                if leaving(back) {
                    let end = *from_back.1.get_or_insert(back + 1);
                    from_back.0 += 1;
                    if from_back.0 == count {
                        return (back, end);
                    }
                }
            }
        }
        // Fewer leaving rows were listed than counted: the whole list was read.
        (
            from_front.1.unwrap_or(self.ids.len()),
            from_back.1.unwrap_or(self.start),
        )
    }

    /// Takes the leaving rows out of `first..end`, moving the shorter side: the rows after
    /// `first` close up towards the front, or those before `end` towards the back.
    fn close_up(&mut self, first: usize, end: usize) {
        if first >= end {
            return;
        }
        let leaving = &self.leaving;
        if self.ids.len() - first <= end - self.start {
            // Towards the front: the rows after the first touched one close up.
            let mut kept = first;
            for i in first..self.ids.len() {
                if !leaving.contains(self.ids[i]) {
                    self.ids[kept] = self.ids[i];
                    self.places[kept] = self.places[i];
                    kept += 1;
                }
            }
            self.ids.truncate(kept);
            self.places.truncate(kept);
        } else {
            // Towards the back: the rows before the last touched one close up behind it.
            let mut kept = end;
            for i in (self.start..end).rev() {
                if !leaving.contains(self.ids[i]) {
                    kept -= 1;
                    self.ids[kept] = self.ids[i];
                    self.places[kept] = self.places[i];
                }
            }
            self.start = kept;
            if self.start > self.ids.len() / 2 {
                // Give the room back once most of it is unused (each row moves once per
                // halving, so this costs a constant per removed row).
                self.ids.drain(..self.start);
                self.places.drain(..self.start);
                self.start = 0;
            }
        }
    }

    /// Merges sorted `added` rows in, in place, from the back.
    fn merge_in(&mut self, added: &[(Place, NodeId)]) {
        let old = self.ids.len();
        let Some(&(last_place, last_id)) = added.last() else {
            return;
        };
        for &(_, id) in added {
            self.listed.insert(id);
        }
        self.ids.resize(old + added.len(), last_id);
        self.places.resize(old + added.len(), last_place);
        let (mut i, mut j) = (old, added.len());
        for k in (0..self.ids.len()).rev() {
            let take_old =
                i > self.start && (j == 0 || (self.places[i - 1], self.ids[i - 1]) > added[j - 1]);
            if take_old {
                i -= 1;
                self.ids[k] = self.ids[i];
                self.places[k] = self.places[i];
            } else {
                j -= 1;
                (self.places[k], self.ids[k]) = added[j];
            }
            if j == 0 {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests;
