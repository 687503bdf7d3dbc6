//! The notebook's rows in storing order, packed while every cost is whole, and the bits
//! that mark them open.

use super::NodeId;
use crate::engine::chunked::ChunkedVec;
use crate::engine::cost::Cost;

/// Marks the start's missing parent without the 4 bytes an `Option` would add to every row.
const NO_PARENT: NodeId = NodeId::MAX;

/// One line of the notebook as its users read and write it. The notebook stores it packed
/// (see [`Notebook`]) and hands out `Node<&S>` views of its rows.
#[derive(Clone, Copy, Debug)]
pub struct Node<S> {
    pub state: S,
    /// Cost of the best route found so far.
    pub g: Cost,
    /// The heuristic's estimate, computed once when the state is stored.
    pub h: Cost,
    pub(super) parent: NodeId,
    /// Moves from the start along the best route.
    pub depth: u32,
}

impl<S> Node<S> {
    #[must_use]
    pub fn new(state: S, g: Cost, h: Cost, parent: Option<NodeId>, depth: u32) -> Node<S> {
        Node {
            state,
            g,
            h,
            parent: parent.unwrap_or(NO_PARENT),
            depth,
        }
    }

    /// The row this one was reached from (`None` for the start).
    #[must_use]
    pub fn parent(&self) -> Option<NodeId> {
        (self.parent != NO_PARENT).then_some(self.parent)
    }
}

/// A stored row: 24 bytes for a 64-bit state. g and h are kept as whole units in 4 bytes each
/// while every cost stored is a whole number that fits (sliding puzzles, unit grids, most
/// lessons); the first cost that does not moves every row to a [`Wide`] one.
#[derive(Clone, Debug)]
pub(super) struct Packed<S> {
    pub(super) state: S,
    pub(super) g: i32,
    pub(super) h: i32,
    pub(super) parent: NodeId,
    pub(super) depth: u32,
}

impl<S> Packed<S> {
    #[inline(always)]
    pub(super) fn costs(&self) -> (Cost, Cost) {
        (Cost::units(self.g.into()), Cost::units(self.h.into()))
    }
}

/// A stored row with its costs in full (octile grids: a diagonal step costs √2), 32 bytes for
/// a grid's 4-byte cell. One row, not a packed row and a column of costs beside it: storing a
/// row was then two pushes, and reading one two lookups in two chunk lists.
#[derive(Clone, Debug)]
pub(super) struct Wide<S> {
    pub(super) state: S,
    pub(super) g: Cost,
    pub(super) h: Cost,
    pub(super) parent: NodeId,
    pub(super) depth: u32,
}

impl<S> Wide<S> {
    #[inline(always)]
    pub(super) fn costs(&self) -> (Cost, Cost) {
        (self.g, self.h)
    }
}

/// A cost as whole units in 4 bytes, if it is one.
pub(super) fn narrow(cost: Cost) -> Option<i32> {
    cost.as_whole_i32()
}

/// The rows in storing order, all in one of two layouts (narrow while every cost is whole).
#[derive(Clone, Debug)]
pub(super) enum Columns<S> {
    Narrow(ChunkedVec<Packed<S>>),
    Wide(ChunkedVec<Wide<S>>),
}

/// `$body` with `$rows` bound to the rows of whichever layout `$columns` holds (both have the
/// fields `state`, `parent` and `depth`, and `costs()`), so that code reading rows is written
/// once and each layout's copy is its own straight path.
macro_rules! each_layout {
    ($columns:expr, $rows:ident => $body:expr) => {
        match $columns {
            $crate::engine::notebook::rows::Columns::Narrow($rows) => $body,
            $crate::engine::notebook::rows::Columns::Wide($rows) => $body,
        }
    };
}
pub(super) use each_layout;

/// The rows and their statuses, in storing order.
#[derive(Clone, Debug)]
pub(super) struct Rows<S> {
    pub(super) columns: Columns<S>,
    /// One bit per row, set while the row is open. A plain vector, not chunks: picks close rows
    /// all over the notebook, so a copy would soon hold its own chunks anyway, and a bit is
    /// reached with one bounds check.
    pub(super) open: Vec<u64>,
}

impl<S> Default for Rows<S> {
    fn default() -> Self {
        Rows {
            columns: Columns::Narrow(ChunkedVec::default()),
            open: Vec::new(),
        }
    }
}

impl<S> Rows<S> {
    #[inline]
    pub(super) fn len(&self) -> usize {
        each_layout!(&self.columns, rows => rows.len())
    }

    /// Inlined always: callers mostly read one or two fields, and the rest is then not built.
    #[inline(always)]
    pub(super) fn get(&self, id: NodeId) -> Node<&S> {
        each_layout!(&self.columns, rows => {
            let row = &rows[id as usize];
            let (g, h) = row.costs();
            Node {
                state: &row.state,
                g,
                h,
                parent: row.parent,
                depth: row.depth,
            }
        })
    }

    /// Row `id`'s g and h.
    #[inline(always)]
    pub(super) fn costs(&self, id: NodeId) -> (Cost, Cost) {
        each_layout!(&self.columns, rows => rows[id as usize].costs())
    }

    #[inline]
    pub(super) fn is_open(&self, id: NodeId) -> bool {
        self.open[id as usize >> 6] & (1 << (id & 63)) != 0
    }

    #[inline]
    pub(super) fn set_open(&mut self, id: NodeId, open: bool) {
        let word = &mut self.open[id as usize >> 6];
        if open {
            *word |= 1 << (id & 63);
        } else {
            *word &= !(1 << (id & 63));
        }
    }

    pub(super) fn bytes(&self) -> usize {
        each_layout!(&self.columns, rows => rows.bytes())
            + self.open.capacity() * std::mem::size_of::<u64>()
    }

    /// Bytes of full chunks of rows (not of statuses: picks close rows all over the notebook,
    /// so a copy soon has its own status chunks).
    pub(super) fn shared_bytes(&self) -> usize {
        each_layout!(&self.columns, rows => rows.shared_bytes())
    }
}

impl<S: Clone> Rows<S> {
    /// Forgets the rows from `len` on, all at once.
    #[inline]
    pub(super) fn truncate(&mut self, len: usize) {
        each_layout!(&mut self.columns, rows => rows.truncate(len));
        self.open.truncate(len.div_ceil(64));
    }

    /// Forgets the newest row and returns its state.
    pub(super) fn pop(&mut self) -> Option<S> {
        let state = each_layout!(&mut self.columns, rows => rows.pop()?.state);
        if self.len().is_multiple_of(64) {
            self.open.pop();
        }
        Some(state)
    }

    /// Keeps every row's costs in full from now on.
    #[cold]
    pub(super) fn widen(&mut self) {
        let Columns::Narrow(narrow) = &self.columns else {
            return;
        };
        let mut wide = ChunkedVec::default();
        for row in narrow.iter() {
            let (g, h) = row.costs();
            wide.push(Wide {
                state: row.state.clone(),
                g,
                h,
                parent: row.parent,
                depth: row.depth,
            });
        }
        self.columns = Columns::Wide(wide);
    }

    /// Appends `node` as an open row and returns its id. Inlined always: the call (saving
    /// registers, copying the row in) would be a good part of storing a row.
    #[inline(always)]
    pub(super) fn push(&mut self, node: Node<S>) -> NodeId {
        let len = self.len();
        let id = NodeId::try_from(len).expect("more than 4 billion rows");
        if let Columns::Narrow(rows) = &mut self.columns
            && let Some((g, h)) = Cost::pair_as_whole_i32(node.g, node.h)
        {
            rows.push(Packed {
                state: node.state,
                g,
                h,
                parent: node.parent,
                depth: node.depth,
            });
        } else {
            self.push_wide(node);
        }
        if len.is_multiple_of(64) {
            self.open.push(0);
        }
        self.set_open(id, true);
        id
    }

    /// Appends `node` as a wide row, widening the rows first if they are narrow.
    #[inline(always)]
    pub(super) fn push_wide(&mut self, node: Node<S>) {
        if matches!(self.columns, Columns::Narrow(_)) {
            self.widen();
        }
        let Columns::Wide(rows) = &mut self.columns else {
            unreachable!("the rows were made wide just above")
        };
        rows.push(Wide {
            state: node.state,
            g: node.g,
            h: node.h,
            parent: node.parent,
            depth: node.depth,
        });
    }

    /// Row `id` takes a new best route. Its h stays as it was, so only g can make the rows
    /// wide.
    pub(super) fn reroute(&mut self, id: NodeId, g: Cost, parent: NodeId, depth: u32) {
        if let Columns::Narrow(rows) = &mut self.columns {
            if let Some(units) = narrow(g) {
                let row = &mut rows[id as usize];
                row.g = units;
                row.parent = parent;
                row.depth = depth;
                return;
            }
            self.widen();
        }
        let Columns::Wide(rows) = &mut self.columns else {
            unreachable!("the rows were made wide just above")
        };
        let row = &mut rows[id as usize];
        row.g = g;
        row.parent = parent;
        row.depth = depth;
    }
}
