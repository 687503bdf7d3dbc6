//! Finding a state's row and storing a new one: the notebook's lookups through its index.

use super::index::Index;
use super::rows::{Columns, Node, Rows, each_layout};
use super::table::Slot;
use super::{Filed, NodeId, Notebook, hash_of};
use crate::engine::cost::Cost;

/// Where a state stands in the notebook: stored under an id, or a free slot to store it in.
pub enum Lookup<'a, S> {
    Stored(NodeId),
    Vacant(Vacant<'a, S>),
}

/// A free slot for a state not stored yet; dropping it stores nothing.
pub struct Vacant<'a, S> {
    pub(super) rows: &'a mut Rows<S>,
    /// Where to file the new row.
    pub(super) filing: Filing<'a>,
}

/// Where a new row is filed.
pub(super) enum Filing<'a> {
    /// Nowhere: it is filed ahead already.
    Ahead,
    /// In this table and slot.
    Hashed(&'a mut Index, usize, Slot),
    /// Under this number, where the table has room.
    Numbered(&'a mut Index, u32),
}

impl<S> Vacant<'_, S> {
    /// Rows stored so far.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows.len()
    }

    /// A stored row, e.g. the parent of the state about to be stored.
    #[must_use]
    pub fn node(&self, id: NodeId) -> Node<&S> {
        self.rows.get(id)
    }
}

impl<S: Clone> Vacant<'_, S> {
    /// Stores `node` (whose state is the one looked up) as a new open row. Inlined always, as
    /// [`Notebook::lookup`] is: it runs for every new row.
    #[inline(always)]
    pub fn insert(self, node: Node<S>) -> NodeId {
        let id = self.rows.push(node);
        match self.filing {
            Filing::Ahead => {}
            Filing::Hashed(index, shard, slot) => {
                index.shards[shard].fill(slot, id);
                index.covered += 1;
            }
            Filing::Numbered(index, number) => {
                index.numbered[number as usize] = id + 1;
                index.covered += 1;
            }
        }
        id
    }
}

/// The row of `columns` holding `state`, as `index` files it; an id filed ahead of the rows
/// held (after a jump back in time) is not one.
#[inline(always)]
pub(super) fn find_filed<S: Filed>(
    index: &Index,
    columns: &Columns<S>,
    state: &S,
) -> Option<NodeId> {
    each_layout!(columns, rows => {
        let holds = |id: NodeId| (id as usize) < rows.len() && rows[id as usize].state == *state;
        match state.number() {
            Some(number) => index.numbered_find(number).filter(|&id| holds(id)),
            None => index.find(hash_of(state), holds),
        }
    })
}

impl<S: Filed> Notebook<S> {
    pub(super) fn index_mut(&mut self) -> &mut Index {
        self.index
            .as_mut()
            .expect("a keyframe adopts an index before it is used")
    }

    /// The row holding `state`, if it was stored.
    #[must_use]
    pub fn find(&self, state: &S) -> Option<NodeId> {
        let index = self
            .index
            .as_ref()
            .expect("a keyframe adopts an index before it is used");
        find_filed(index, &self.rows.columns, state)
    }

    /// Whether rows are filed ahead of those held: after a jump back in time, the rows the
    /// replay stores again under the same ids. Only the jump makes it true (undoing steps with
    /// [`Notebook::forget_newest`], or a keyframe adopting a later search's index); storing a
    /// row never does, and a truncation ends it. So a step asks once and passes the answer to
    /// each [`Notebook::lookup`] of its successors, which then skip the comparison when it is
    /// false.
    #[must_use]
    #[inline]
    pub fn replaying(&self) -> bool {
        self.index
            .as_ref()
            .is_some_and(|index| index.covered > self.rows.len())
    }

    /// Finds `state` with one hash probe: its row, or the slot to store it in. `replaying`:
    /// what [`Notebook::replaying`] said before this step stored anything. Inlined always:
    /// it runs for every successor, and as a call of its own (saving registers, returning the
    /// [`Lookup`] through memory) it would cost every successor.
    #[inline(always)]
    pub fn lookup(&mut self, state: &S, replaying: bool) -> Lookup<'_, S> {
        debug_assert!(self.files, "an unfiled notebook cannot look states up");
        debug_assert!(
            replaying || !self.replaying(),
            "a notebook starts replaying only from a jump back in time, never from storing a row"
        );
        let index = self
            .index
            .as_mut()
            .expect("a keyframe adopts an index before it is used");
        if replaying && index.covered > self.rows.len() {
            // Replaying: the row this state would get is filed ahead already.
            let found = find_filed(index, &self.rows.columns, state);
            return match found {
                Some(id) => Lookup::Stored(id),
                None => Lookup::Vacant(Vacant {
                    rows: &mut self.rows,
                    filing: Filing::Ahead,
                }),
            };
        }
        if let Some(number) = state.number() {
            // Every number filed is its own row's, and every row is filed (none ahead).
            if let Some(id) = index.numbered_find(number) {
                return Lookup::Stored(id);
            }
            if number as usize >= index.numbered.len() {
                index.numbered_room(number);
            }
            return Lookup::Vacant(Vacant {
                rows: &mut self.rows,
                filing: Filing::Numbered(index, number),
            });
        }
        let probed = each_layout!(&self.rows.columns, rows => index.find_or_slot(
            hash_of(state),
            |id| rows[id as usize].state == *state,
            |id| hash_of(&rows[id as usize].state),
        ));
        match probed {
            Ok(id) => Lookup::Stored(id),
            Err((shard, slot)) => Lookup::Vacant(Vacant {
                rows: &mut self.rows,
                filing: Filing::Hashed(index, shard, slot),
            }),
        }
    }

    /// Writes a new open row and returns its id, without looking for the state first: graph
    /// searches use [`Notebook::lookup`] instead, while tree searches (backtracking) may store a
    /// state again on another branch.
    #[inline]
    pub fn insert(&mut self, node: Node<S>) -> NodeId {
        if !self.files {
            return self.rows.push(node);
        }
        let id = self.rows.push(node);
        let index = self
            .index
            .as_mut()
            .expect("a keyframe adopts an index before it is used");
        if index.covered <= id as usize {
            each_layout!(&self.rows.columns, rows => index.file(&rows[id as usize].state, id, |other| {
                hash_of(&rows[other as usize].state)
            }));
            index.covered = id as usize + 1;
        } else {
            index.stored_unchecked_ahead = true;
        }
        id
    }

    /// Row `id` takes a new best route (copying the row's chunk first if a copy of the
    /// notebook, a keyframe, still shares it).
    pub fn reroute(&mut self, id: NodeId, g: Cost, parent: NodeId, depth: u32) {
        self.rows.reroute(id, g, parent, depth);
    }

    /// Forgets the newest rows for good so that `len` remain: their ids may hold other states
    /// later (a tree search backtracking).
    pub fn truncate(&mut self, len: usize) {
        self.ids_reused = true;
        if !self.files {
            self.forget_newest(len);
            return;
        }
        let rows = self.rows.len();
        let index = self.index_mut();
        if index.covered > rows || index.stored_unchecked_ahead {
            // Rows filed ahead are not this notebook's to unfile, and rows stored over them
            // unchecked may not be the states filed: file its own rows afresh.
            self.forget_newest(len);
            self.index = None;
            self.file_rows(self.fresh_index());
            return;
        }
        while self.rows.len() > len {
            let state = self.rows.pop().expect("len checked");
            let id = NodeId::try_from(self.rows.len()).expect("ids fit in u32");
            let index = self.index_mut();
            match state.number() {
                Some(number) => index.numbered_unfile(number, id),
                None => index.remove(hash_of(&state), id),
            }
            index.covered = id as usize;
            self.reopened.remove(&id);
        }
    }

    /// Forgets the newest rows so that `len` remain, until time travel stores them again
    /// under the same ids (undoing steps): they stay filed ahead in the index.
    #[inline]
    pub fn forget_newest(&mut self, len: usize) {
        if len >= self.rows.len() {
            return;
        }
        self.rows.truncate(len);
        if !self.reopened.is_empty() {
            let first = NodeId::try_from(len).expect("ids fit in u32");
            self.reopened.split_off(&first);
        }
    }

    /// Takes the index out for a keyframe copy to be made without it, when a restored copy
    /// can take the live search's instead ([`Notebook::adopt_index`]); give it back with
    /// [`Notebook::put_back_index`] right after copying.
    pub fn lend_index(&mut self) -> Option<Index> {
        if self.ids_reused || !self.files {
            None
        } else {
            self.index.take()
        }
    }

    /// Puts back what [`Notebook::lend_index`] took.
    pub fn put_back_index(&mut self, index: Option<Index>) {
        if index.is_some() {
            self.index = index;
        }
    }

    /// Gives a copy left without an index (a keyframe) one: `live`'s, from a notebook of the
    /// same search further on or back in time (its rows under the same ids, filed ahead or
    /// missing), else one built afresh from the rows.
    pub fn adopt_index(&mut self, live: Option<&mut Notebook<S>>) {
        if self.index.is_some() {
            return;
        }
        let index = live
            .filter(|live| !live.ids_reused)
            .and_then(|live| live.index.take())
            .unwrap_or_else(|| self.fresh_index());
        self.file_rows(index);
    }

    /// Takes `index` and files the rows it does not cover yet.
    pub(super) fn file_rows(&mut self, mut index: Index) {
        each_layout!(&self.rows.columns, rows => {
            for id in index.covered..rows.len() {
                let state = &rows[id].state;
                let id = NodeId::try_from(id).expect("ids fit in u32");
                index.file(state, id, |other| hash_of(&rows[other as usize].state));
            }
        });
        index.covered = index.covered.max(self.rows.len());
        self.index = Some(index);
    }
}
