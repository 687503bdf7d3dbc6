//! The notebook: one row per distinct state, ids in storing order, parents by id.
//!
//! Rows live in one arena; a hash table holds only row ids and finds a state by hashing it and
//! comparing against the arena, so each state is stored once (the model of `pathfinding`'s
//! index map, without its per-entry key copy).
//!
//! Once it holds ~14k rows the hash table is split into [`SHARDS`] tables by a few bits of the
//! hash. Each grows on its own, so no single step pays for rehashing every row: a growth
//! rehashes one shard's rows, and with hashes spread evenly the shards grow one after another
//! over many steps (one table of a million rows took ~107 ms to double, a whole frame's spike
//! in the app). The transient memory of a growth (old and new table side by side) is one
//! shard's too. Until then it is one table, so a short search pays for one table's growth.
//!
//! Rows are packed (see [`Node`] for the unpacked form): 24 bytes for a 64-bit state, with g and
//! h in whole units while they fit, and statuses as bits. Time travel shares one index among
//! the copies of a search: a keyframe holds none and takes the live search's when restored
//! ([`Notebook::adopt_index`]), so the index may file rows a copy does not hold yet. A search
//! that never looks a state up (depth-first) keeps an unfiled notebook ([`Notebook::unfiled`]).

mod spare;
mod table;

use super::chunked::ChunkedVec;
use super::cost::Cost;
use rustc_hash::FxHasher;
use serde::Serialize;
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use table::{Slot, Table};

/// A row id: the storing order, starting at 0 for the start state.
pub type NodeId = u32;

/// How the notebook files a state. Most states are hashed; a state that is a small number of
/// its own (a grid's cell, a graph's vertex) is its own slot in a plain table of row ids, with
/// no hash, probe or comparison: a grid search looks up every successor, and hashing and
/// probing took ~12% of its instructions.
pub trait Filed: Hash + Eq + Clone {
    /// Whether an expansion compares each successor with its parent's state before hashing
    /// it: for states copied as cheaply as they are compared, whose domains generate the way
    /// back (a sliding puzzle's blank moving back is a successor of every expansion but the
    /// first, and its lookup was ~60 instructions). The expansion holds the parent's state
    /// for this only where it holds states at all ([`Filed::HELD`], which follows this unless
    /// set).
    const PARENT_FIRST: bool = false;

    /// Whether an expansion holds a copy of its pick's state (and, comparing parents first,
    /// of its parent's) instead of reading it from the notebook for each new successor's
    /// estimate: for states copied without allocating. Each read was a lookup in the chunked
    /// rows: 1.6% of breadth-first search's instructions, 0.9% of a grid search's.
    const HELD: bool = Self::PARENT_FIRST;

    /// The state's slot in the table of numbered states, if states are numbers counted from 0
    /// (the table grows to the largest one seen).
    #[inline(always)]
    fn number(&self) -> Option<u32> {
        None
    }
}

/// Grid cells and graph vertices: numbered from 0 by their domains.
impl Filed for u32 {
    const HELD: bool = true;

    #[inline(always)]
    fn number(&self) -> Option<u32> {
        Some(*self)
    }
}

/// Packed sliding-puzzle boards (and the tests' states): hashed, the parent compared first.
impl Filed for u64 {
    const PARENT_FIRST: bool = true;
}
impl Filed for u128 {
    const PARENT_FIRST: bool = true;
}
impl Filed for i32 {
    const HELD: bool = true;
}
impl Filed for i64 {
    const HELD: bool = true;
}

/// Where a row stands in the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Status {
    /// Waiting to be expanded (on the open list, or on the stack).
    Open,
    /// Expanded, or finished with.
    Closed,
}

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
    parent: NodeId,
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
struct Packed<S> {
    state: S,
    g: i32,
    h: i32,
    parent: NodeId,
    depth: u32,
}

impl<S> Packed<S> {
    #[inline(always)]
    fn costs(&self) -> (Cost, Cost) {
        (Cost::units(self.g.into()), Cost::units(self.h.into()))
    }
}

/// A stored row with its costs in full (octile grids: a diagonal step costs √2), 32 bytes for
/// a grid's 4-byte cell. One row, not a packed row and a column of costs beside it: storing a
/// row was then two pushes, and reading one two lookups in two chunk lists.
#[derive(Clone, Debug)]
struct Wide<S> {
    state: S,
    g: Cost,
    h: Cost,
    parent: NodeId,
    depth: u32,
}

impl<S> Wide<S> {
    #[inline(always)]
    fn costs(&self) -> (Cost, Cost) {
        (self.g, self.h)
    }
}

/// A cost as whole units in 4 bytes, if it is one.
fn narrow(cost: Cost) -> Option<i32> {
    cost.as_whole_i32()
}

/// The rows in storing order, all in one of two layouts (narrow while every cost is whole).
#[derive(Clone, Debug)]
enum Columns<S> {
    Narrow(ChunkedVec<Packed<S>>),
    Wide(ChunkedVec<Wide<S>>),
}

/// `$body` with `$rows` bound to the rows of whichever layout `$columns` holds (both have the
/// fields `state`, `parent` and `depth`, and `costs()`), so that code reading rows is written
/// once and each layout's copy is its own straight path.
macro_rules! each_layout {
    ($columns:expr, $rows:ident => $body:expr) => {
        match $columns {
            Columns::Narrow($rows) => $body,
            Columns::Wide($rows) => $body,
        }
    };
}

/// The rows and their statuses, in storing order.
#[derive(Clone, Debug)]
struct Rows<S> {
    columns: Columns<S>,
    /// One bit per row, set while the row is open. A plain vector, not chunks: picks close rows
    /// all over the notebook, so a copy would soon hold its own chunks anyway, and a bit is
    /// reached with one bounds check.
    open: Vec<u64>,
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
    fn len(&self) -> usize {
        each_layout!(&self.columns, rows => rows.len())
    }

    /// Inlined always: callers mostly read one or two fields, and the rest is then not built.
    #[inline(always)]
    fn get(&self, id: NodeId) -> Node<&S> {
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
    fn costs(&self, id: NodeId) -> (Cost, Cost) {
        each_layout!(&self.columns, rows => rows[id as usize].costs())
    }

    #[inline]
    fn is_open(&self, id: NodeId) -> bool {
        self.open[id as usize >> 6] & (1 << (id & 63)) != 0
    }

    #[inline]
    fn set_open(&mut self, id: NodeId, open: bool) {
        let word = &mut self.open[id as usize >> 6];
        if open {
            *word |= 1 << (id & 63);
        } else {
            *word &= !(1 << (id & 63));
        }
    }

    fn bytes(&self) -> usize {
        each_layout!(&self.columns, rows => rows.bytes())
            + self.open.capacity() * std::mem::size_of::<u64>()
    }

    /// Bytes of full chunks of rows (not of statuses: picks close rows all over the notebook,
    /// so a copy soon has its own status chunks).
    fn shared_bytes(&self) -> usize {
        each_layout!(&self.columns, rows => rows.shared_bytes())
    }
}

impl<S: Clone> Rows<S> {
    /// Forgets the rows from `len` on, all at once.
    #[inline]
    fn truncate(&mut self, len: usize) {
        each_layout!(&mut self.columns, rows => rows.truncate(len));
        self.open.truncate(len.div_ceil(64));
    }

    /// Forgets the newest row and returns its state.
    fn pop(&mut self) -> Option<S> {
        let state = each_layout!(&mut self.columns, rows => rows.pop()?.state);
        if self.len().is_multiple_of(64) {
            self.open.pop();
        }
        Some(state)
    }

    /// Keeps every row's costs in full from now on.
    #[cold]
    fn widen(&mut self) {
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
    /// registers, copying the row in) was ~15 of its ~87 instructions on IDA*.
    #[inline(always)]
    fn push(&mut self, node: Node<S>) -> NodeId {
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
    fn push_wide(&mut self, node: Node<S>) {
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
    fn reroute(&mut self, id: NodeId, g: Cost, parent: NodeId, depth: u32) {
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

/// How many hash tables the index is split into once it is big (a power of two).
const SHARD_BITS: u32 = 6;
const SHARDS: usize = 1 << SHARD_BITS;
/// The groups of the one table a small index keeps: when it is full at this size (14,336
/// rows) its rows are spread over the [`SHARDS`] tables instead of doubling it. One table
/// while small, because a short search (a grid query stores a few hundred rows) paid for 64
/// tables' allocations and first growths; moving 14k rows at once is ~0.7M instructions, once.
const SPLIT_GROUPS: usize = 2048;

/// The groups of a small index's first table (448 rows): a grid query stores a few hundred
/// rows, and growing a table from its own first size (28 rows, fourfold) rehashed them twice or
/// three times, ~5k instructions a growth.
const FIRST_GROUPS: usize = 64;

/// The index shard of a hash once split: its top bits after one more multiplication, so the
/// choice does not reuse the bits the table itself probes with (the low bits) or tags slots
/// with (the top 7).
#[inline(always)]
fn shard_of(hash: u64) -> usize {
    (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SHARD_BITS)) as usize
}

/// The largest space of states the index is sized for whole when it splits
/// ([`split_groups`]): 2.6 MB of index at most, taken only by a search that has already
/// stored 14,336 rows.
const WHOLE_SPACE_AT_MOST: u64 = 1 << 18;

/// The groups each shard starts with when the one table splits: room for four times its share
/// of the rows so far (with twice, every shard doubled at 28,672 rows, a second rehash of all
/// of them that a search growing past that size always paid), or, where the search can reach
/// at most `reachable` states and that is at most [`WHOLE_SPACE_AT_MOST`], room for its share
/// of all of them with a quarter to spare, so that no shard grows again. Each later doubling
/// rehashed every row of its shard, reading it from the notebook: breadth-first search over
/// the 8-puzzle's 181,440 states rehashed ~170k rows after the split, ~43 instructions a
/// state stored.
fn split_groups(reachable: Option<u64>) -> usize {
    let share = 4 * SPLIT_GROUPS / SHARDS;
    match reachable {
        Some(states) if states <= WHOLE_SPACE_AT_MOST => {
            let room = (states + states / 4).div_ceil((SHARDS * table::USED_PER_GROUP) as u64);
            usize::try_from(room)
                .expect("bounded by WHOLE_SPACE_AT_MOST")
                .next_power_of_two()
                .max(share)
        }
        _ => share,
    }
}

/// The hash index: row ids filed by their state's hash, in one table while small and then in
/// [`SHARDS`] tables.
#[derive(Clone, Debug)]
pub struct Index {
    shards: Box<[Table; SHARDS]>,
    /// `SHARDS - 1` once split, else 0: a hash's table is `shard_of(hash) & split`.
    split: usize,
    /// Rows `0..covered` are filed. After a jump back in time this is more than the notebook's
    /// rows: the rows after are filed ahead (time travel replays the same rows under the same
    /// ids), and lookups skip ids the notebook does not hold yet.
    covered: usize,
    /// A row was stored under an id filed ahead without looking its state up
    /// ([`Notebook::insert`]): the entry filed for that id may name another state, so
    /// truncating files the rows afresh instead of unfiling them by their states.
    stored_unchecked_ahead: bool,
    /// For numbered states ([`Filed::number`]), instead of the shards: one past the row id of
    /// each number's state, or 0 where none is filed.
    numbered: Vec<NodeId>,
    /// The groups each shard starts with when the one table splits ([`split_groups`]).
    split_groups: usize,
}

impl Default for Index {
    fn default() -> Self {
        Index {
            shards: Box::new(std::array::from_fn(|_| Table::default())),
            split: 0,
            covered: 0,
            stored_unchecked_ahead: false,
            numbered: Vec::new(),
            split_groups: split_groups(None),
        }
    }
}

impl Index {
    /// An empty index: one a search left ([`spare`]), or a new one.
    fn empty() -> Index {
        spare::take_index().unwrap_or_default()
    }

    /// Whether the index files nothing and its hashed tables hold nothing, as a new one.
    fn is_pristine(&self) -> bool {
        self.covered == 0 && self.holds_nothing()
    }

    /// Whether its tables hold nothing, whatever rows it says it covers (until it splits, only
    /// its first hashed table is ever used).
    fn holds_nothing(&self) -> bool {
        self.split == 0
            && self.shards[0].groups() == 0
            && !self.stored_unchecked_ahead
            && self.numbered.is_empty()
    }

    fn bytes(&self) -> usize {
        // Until it splits, the index has one table (the others hold nothing): a short search's
        // memory checks then read one table, not all (~1.5% of a short grid query).
        let tables = if self.split == 0 {
            &self.shards[..1]
        } else {
            &self.shards[..]
        };
        tables.iter().map(Table::bytes).sum::<usize>()
            + self.numbered.capacity() * std::mem::size_of::<NodeId>()
    }

    /// The row filed for number `number`, if any (it may be filed ahead of the rows held).
    #[inline(always)]
    fn numbered_find(&self, number: u32) -> Option<NodeId> {
        self.numbered
            .get(number as usize)
            .and_then(|&plus_one| plus_one.checked_sub(1))
    }

    /// Makes room to file number `number`: the table grows to twice its length, or to the
    /// number if that is more (a grid's first cell may be its last).
    #[cold]
    #[inline(never)]
    fn numbered_room(&mut self, number: u32) {
        let len = (number as usize + 1).max(2 * self.numbered.len());
        self.numbered.resize(len, 0);
    }

    /// Files row `id` for number `number`, unless a row is filed for it already (as a hash
    /// probe finds the older of two rows of one state first).
    fn numbered_file(&mut self, number: u32, id: NodeId) {
        if number as usize >= self.numbered.len() {
            self.numbered_room(number);
        }
        let slot = &mut self.numbered[number as usize];
        if *slot == 0 {
            *slot = id + 1;
        }
    }

    /// Unfiles row `id`, filed for number `number`.
    fn numbered_unfile(&mut self, number: u32, id: NodeId) {
        if let Some(slot) = self.numbered.get_mut(number as usize)
            && *slot == id + 1
        {
            *slot = 0;
        }
    }

    /// Files row `id` of `state`, known not to be filed yet.
    fn file<S: Filed>(&mut self, state: &S, id: NodeId, hash_of_row: impl Fn(NodeId) -> u64) {
        match state.number() {
            Some(number) => self.numbered_file(number, id),
            None => self.insert(hash_of(state), id, hash_of_row),
        }
    }

    /// The table `hash` is filed in.
    #[inline(always)]
    fn shard(&self, hash: u64) -> usize {
        shard_of(hash) & self.split
    }

    /// The id filed under `hash` that `eq` accepts, if any.
    #[inline(always)]
    fn find(&self, hash: u64, eq: impl FnMut(NodeId) -> bool) -> Option<NodeId> {
        self.shards[self.shard(hash)].find(hash, eq)
    }

    /// The id filed under `hash` that `eq` accepts, or else the table and slot to file a new
    /// one in, with room made first (rehashing ids with `hash_of`).
    #[inline(always)]
    fn find_or_slot(
        &mut self,
        hash: u64,
        eq: impl FnMut(NodeId) -> bool,
        hash_of: impl Fn(NodeId) -> u64,
    ) -> Result<NodeId, (usize, Slot)> {
        let mut shard = self.shard(hash);
        if self.shards[shard].is_full() {
            self.make_room(shard, hash_of);
            shard = self.shard(hash);
        }
        self.shards[shard]
            .probe(hash, eq)
            .map_err(|slot| (shard, slot))
    }

    /// Makes a small index's first table ([`FIRST_GROUPS`]), grows a full table, or splits the
    /// one table of a small index into [`SHARDS`] when it is full at [`SPLIT_GROUPS`], each
    /// sized as [`split_groups`] says.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self, shard: usize, hash_of: impl Fn(NodeId) -> u64) {
        if self.split == 0 && self.shards[0].groups() == 0 {
            self.shards[0] = Table::with_groups(FIRST_GROUPS);
            return;
        }
        if self.split != 0 || self.shards[0].groups() < SPLIT_GROUPS {
            self.shards[shard].grow(hash_of);
            return;
        }
        let one = std::mem::take(&mut self.shards[0]);
        for table in self.shards.iter_mut() {
            *table = Table::with_groups(self.split_groups);
        }
        self.split = SHARDS - 1;
        for id in one.ids() {
            let hash = hash_of(id);
            self.shards[self.shard(hash)].insert(hash, id, &hash_of);
        }
    }

    /// Files `id`, known not to be filed yet, under `hash`. Not inlined: only the start row
    /// and rows filed afresh come this way, and inlined it cost the depth-first searches'
    /// unfiled stores ~3 instructions a row in spilled registers.
    #[inline(never)]
    fn insert(&mut self, hash: u64, id: NodeId, hash_of: impl Fn(NodeId) -> u64) {
        match self.find_or_slot(hash, |_| false, hash_of) {
            Ok(_) => unreachable!("nothing is accepted"),
            Err((shard, slot)) => self.shards[shard].fill(slot, id),
        }
    }

    /// Unfiles `id`, filed under `hash`.
    fn remove(&mut self, hash: u64, id: NodeId) {
        let shard = self.shard(hash);
        self.shards[shard].remove(hash, id);
    }
}

/// Where a state stands in the notebook: stored under an id, or a free slot to store it in.
pub enum Lookup<'a, S> {
    Stored(NodeId),
    Vacant(Vacant<'a, S>),
}

/// A free slot for a state not stored yet; dropping it stores nothing.
pub struct Vacant<'a, S> {
    rows: &'a mut Rows<S>,
    /// Where to file the new row.
    filing: Filing<'a>,
}

/// Where a new row is filed.
enum Filing<'a> {
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

/// The notebook itself.
#[derive(Clone, Debug)]
pub struct Notebook<S> {
    rows: Rows<S>,
    /// Times each reopened row was reopened; rare, so kept apart from the rows.
    reopened: BTreeMap<NodeId, u32>,
    /// `None` in a time-travel keyframe, which takes the live search's index when it is
    /// restored ([`Notebook::adopt_index`]).
    index: Option<Index>,
    /// Whether rows were forgotten for good ([`Notebook::truncate`]) so that their ids hold
    /// other states now: then no other copy's index fits this notebook's rows.
    ids_reused: bool,
    /// Whether rows are filed in the index at all ([`Notebook::unfiled`]).
    files: bool,
    /// What an index made afresh for these rows (after a truncation, or for a keyframe
    /// restored without the live search's) starts its shards with ([`split_groups`]).
    split_groups: usize,
}

impl<S> Default for Notebook<S> {
    fn default() -> Self {
        Notebook::with_index(Index::empty())
    }
}

impl<S> Notebook<S> {
    /// A notebook whose numbered states ([`Filed::number`]) are below `numbers` (0: none are
    /// numbered): its table of them is made whole at once, or taken from a search that ended
    /// ([`spare`]), where growing it by doubling copied and zeroed it again at every size.
    /// `reachable`: how many states the search can reach at most, where the domain knows
    /// ([`Problem::reachable_states`](super::problem::Problem::reachable_states)); a small
    /// space is then filed in a hash index sized for all of it once it outgrows its first
    /// table ([`split_groups`]).
    #[must_use]
    pub fn numbered(numbers: usize, reachable: Option<u64>) -> Self {
        let mut index = Index {
            split_groups: split_groups(reachable),
            ..Index::empty()
        };
        if numbers > 0 {
            index.numbered = spare::take(numbers);
        }
        Notebook::with_index(index)
    }

    /// An empty notebook that files its rows in `index`.
    fn with_index(index: Index) -> Self {
        Notebook {
            rows: Rows::default(),
            reopened: BTreeMap::new(),
            split_groups: index.split_groups,
            index: Some(index),
            ids_reused: false,
            files: true,
        }
    }

    /// An empty index for these rows, sized as this notebook's first was.
    fn fresh_index(&self) -> Index {
        Index {
            split_groups: self.split_groups,
            ..Index::default()
        }
    }

    /// A notebook that files no row in the hash index, for searches that never look a state
    /// up: depth-first searches check the current path with an index of their own, and
    /// filing every row only to unfile it when the search retreats took ~15% of IDA*'s
    /// instructions. [`Notebook::find`] finds nothing in it, and [`Notebook::lookup`] must
    /// not be used.
    #[must_use]
    pub fn unfiled() -> Notebook<S> {
        Notebook {
            files: false,
            ..Notebook::default()
        }
    }
}

/// The row of `columns` holding `state`, as `index` files it; an id filed ahead of the rows
/// held (after a jump back in time) is not one.
#[inline(always)]
fn find_filed<S: Filed>(index: &Index, columns: &Columns<S>, state: &S) -> Option<NodeId> {
    each_layout!(columns, rows => {
        let holds = |id: NodeId| (id as usize) < rows.len() && rows[id as usize].state == *state;
        match state.number() {
            Some(number) => index.numbered_find(number).filter(|&id| holds(id)),
            None => index.find(hash_of(state), holds),
        }
    })
}

/// The hash the notebook files a state under (depth-first search indexes its path with it).
pub(crate) fn hash_of<S: Hash>(state: &S) -> u64 {
    let mut hasher = FxHasher::default();
    state.hash(&mut hasher);
    hasher.finish()
}

impl<S: Filed> Notebook<S> {
    fn index_mut(&mut self) -> &mut Index {
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
    /// false (~8 instructions a successor).
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
    /// [`Lookup`] through memory) it cost ~45 instructions a successor.
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

    /// Gives what a search that ends can leave to the next one ([`spare`]): see
    /// [`Notebook::leave`].
    pub fn give_back(&mut self) {
        let (table, index) = self.leave();
        if let Some(table) = table {
            spare::give(table);
        }
        if let Some(index) = index {
            spare::give_index(index);
        }
    }

    /// What this notebook, at its search's end, can leave to the next search: the table of
    /// numbered states, its slots cleared by walking the rows (a few hundred for a grid query,
    /// where zeroing the table walks every cell of the map), and then the index itself when
    /// its hashed tables hold nothing (the notebook is then left without one). Only from an
    /// index that files exactly the rows held: one with rows filed ahead, after a jump back in
    /// time, is dropped.
    fn leave(&mut self) -> (Option<Vec<NodeId>>, Option<Index>) {
        let Some(index) = &mut self.index else {
            return (None, None);
        };
        if index.covered != self.rows.len() || index.stored_unchecked_ahead {
            return (None, None);
        }
        let table = (!index.numbered.is_empty()).then(|| {
            let mut table = std::mem::take(&mut index.numbered);
            each_layout!(&self.rows.columns, rows => {
                for chunk in rows.slices() {
                    for row in chunk {
                        if let Some(slot) = row.state.number().and_then(|n| table.get_mut(n as usize)) {
                            *slot = 0;
                        }
                    }
                }
            });
            table
        });
        // Rows filed only in the numbered table: with it taken, the index files nothing.
        let index = index.holds_nothing().then(|| {
            let mut index = self.index.take().expect("matched above");
            index.covered = 0;
            index
        });
        (table, index)
    }

    /// Takes `index` and files the rows it does not cover yet.
    fn file_rows(&mut self, mut index: Index) {
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

impl<S> Notebook<S> {
    #[must_use]
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rows.len() == 0
    }

    /// Row `id`, unpacked (its state by reference).
    #[must_use]
    #[inline]
    pub fn node(&self, id: NodeId) -> Node<&S> {
        self.rows.get(id)
    }

    /// Row `id`'s g and h alone: a best-first search reads them for every successor already
    /// stored.
    #[must_use]
    #[inline]
    pub fn costs(&self, id: NodeId) -> (Cost, Cost) {
        self.rows.costs(id)
    }

    #[must_use]
    #[inline]
    pub fn status(&self, id: NodeId) -> Status {
        if self.rows.is_open(id) {
            Status::Open
        } else {
            Status::Closed
        }
    }

    #[inline]
    pub fn set_status(&mut self, id: NodeId, status: Status) {
        self.rows.set_open(id, status == Status::Open);
    }

    /// How many rows sit at each depth (index = depth), read straight off the packed rows: a
    /// run's shape needs this once at its end, and building a whole row for each of two million
    /// states took a frame of 20 ms.
    #[must_use]
    pub fn stored_by_depth(&self) -> Vec<u64> {
        let mut by_depth: Vec<u64> = Vec::new();
        each_layout!(&self.rows.columns, rows => {
            for row in rows.iter() {
                let slot = row.depth as usize;
                if by_depth.len() <= slot {
                    by_depth.resize(slot + 1, 0);
                }
                by_depth[slot] += 1;
            }
        });
        by_depth
    }

    /// How often `id` was reopened after being closed.
    #[must_use]
    pub fn times_reopened(&self, id: NodeId) -> u32 {
        self.reopened.get(&id).copied().unwrap_or(0)
    }

    pub fn count_reopening(&mut self, id: NodeId) {
        *self.reopened.entry(id).or_insert(0) += 1;
    }

    /// Sets the reopening count directly (restoring a past step).
    pub fn set_times_reopened(&mut self, id: NodeId, times: u32) {
        if times == 0 {
            self.reopened.remove(&id);
        } else {
            self.reopened.insert(id, times);
        }
    }

    /// Ids from `id` back to the start, then reversed: the route to `id`.
    #[must_use]
    pub fn route(&self, id: NodeId) -> Vec<NodeId> {
        // Sized by the depth at once (a row's depth is its route's moves).
        let mut route = Vec::with_capacity(self.node(id).depth as usize + 1);
        route.push(id);
        let mut at = id;
        while let Some(parent) = self.node(at).parent() {
            route.push(parent);
            at = parent;
        }
        route.reverse();
        route
    }

    /// Bytes held by the hash index (all its shards; none when unfiled, without walking the
    /// empty shards on every memory-budget check of a depth-first search).
    fn index_bytes(&self) -> usize {
        if !self.files {
            return 0;
        }
        self.index.as_ref().map_or(0, Index::bytes)
    }

    /// Bytes of rows a copy shares instead of copying (full chunks of rows: rows rarely change
    /// once written, unlike their statuses, which a copy counts as its own).
    #[must_use]
    pub fn shared_bytes(&self) -> usize {
        self.rows.shared_bytes()
    }

    /// Bytes held by the rows, statuses and index (what "bytes per stored state" measures).
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.rows.bytes()
            + self.index_bytes()
            + self.reopened.len() * 2 * std::mem::size_of::<u32>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node<S>(state: S, parent: Option<NodeId>) -> Node<S> {
        Node::new(state, Cost::ZERO, Cost::ZERO, parent, 0)
    }

    #[test]
    fn each_state_is_found_by_its_id_in_storing_order() {
        let mut store = Notebook::default();
        let a = store.insert(node(42, None));
        let b = store.insert(node(7, Some(a)));
        assert_eq!((a, b), (0, 1));
        assert_eq!(store.find(&7), Some(1));
        assert_eq!(store.find(&8), None);
        assert_eq!(store.route(b), vec![0, 1]);
    }

    #[test]
    fn an_index_that_filed_numbered_states_only_is_left_to_the_next_notebook() {
        let mut grid = Notebook::<u32>::numbered(64, None);
        for cell in [3, 9, 27] {
            grid.insert(node(cell, None));
        }
        let tables = |index: &Index| std::ptr::from_ref(&*index.shards);
        let filed = tables(grid.index.as_ref().unwrap());
        let (table, index) = grid.leave();
        assert!(grid.index.is_none(), "left");
        let (table, index) = (table.expect("its table"), index.expect("its index"));
        assert!(table.len() >= 64 && table.iter().all(|&slot| slot == 0));
        assert_eq!(tables(&index), filed, "the same tables, not new ones");
        assert!(index.is_pristine(), "filing nothing");
        let next = Notebook::<u32>::with_index(index);
        assert_eq!(next.find(&9), None, "filing nothing");
        // An index that filed hashed states stays with its notebook.
        let mut hashed = Notebook::<i64>::default();
        hashed.insert(node(5, None));
        assert!(hashed.leave().1.is_none());
        assert_eq!(hashed.find(&5), Some(0));
    }

    #[test]
    fn rows_are_counted_by_their_depth_now() {
        let mut store = Notebook::default();
        for (state, depth) in [(1, 0), (2, 1), (3, 1), (4, 3)] {
            store.insert(Node::new(state, Cost::ZERO, Cost::ZERO, None, depth));
        }
        assert_eq!(store.stored_by_depth(), vec![1, 2, 0, 1]);
        // A cheaper route takes row 3 to depth 2; forgetting the newest rows takes theirs away.
        store.reroute(3, Cost::ZERO, 1, 2);
        assert_eq!(store.stored_by_depth(), vec![1, 2, 1]);
        store.truncate(3);
        assert_eq!(store.stored_by_depth(), vec![1, 2]);
        store.truncate(0);
        assert_eq!(store.stored_by_depth(), Vec::<u64>::new());
    }

    #[test]
    fn truncating_forgets_the_newest_rows() {
        let mut store = Notebook::default();
        store.insert(node(1, None));
        store.insert(node(2, Some(0)));
        store.count_reopening(1);
        store.truncate(1);
        assert_eq!(store.len(), 1);
        assert_eq!(store.find(&2), None);
        assert_eq!(store.find(&1), Some(0));
        assert_eq!(store.times_reopened(1), 0);
    }

    #[test]
    fn the_index_grows_a_shard_at_a_time() {
        let mut store = Notebook::default();
        // Past the first rows, where any growth is a big part of a small index.
        let mut largest_growth = 0;
        for state in 0..200_000u64 {
            let before = store.index_bytes();
            store.insert(node(state.wrapping_mul(0x2545_F491_4F6C_DD1D), None));
            let after = store.index_bytes();
            if state >= 20_000 {
                largest_growth = largest_growth.max((after - before) * 16 / after);
            }
        }
        assert!(
            largest_growth == 0,
            "one insert grew the index by a sixteenth or more of its size"
        );
        assert_eq!(
            store.find(&(123_456u64.wrapping_mul(0x2545_F491_4F6C_DD1D))),
            Some(123_456)
        );
    }

    /// The groups of every shard after storing `rows` hashed states in a notebook told that
    /// the search reaches at most `reachable`, and how many times a shard grew after the split.
    fn shard_growth(rows: u64, reachable: Option<u64>) -> (Vec<usize>, usize) {
        let mut store = Notebook::numbered(0, reachable);
        let state = |i: u64| i.wrapping_mul(0x2545_F491_4F6C_DD1D);
        let mut at_split = None;
        let mut grew = 0;
        for i in 0..rows {
            if let Lookup::Vacant(slot) = store.lookup(&state(i), store.replaying()) {
                slot.insert(node(state(i), None));
            }
            let index = store.index.as_ref().unwrap();
            let groups: usize = index.shards.iter().map(Table::groups).sum();
            if index.split != 0 {
                grew += usize::from(at_split.is_some_and(|before| before != groups));
                at_split = Some(groups);
            }
        }
        for i in (0..rows).step_by(97) {
            assert_eq!(store.find(&state(i)), Some(i as NodeId));
        }
        let index = store.index.as_ref().unwrap();
        (index.shards.iter().map(Table::groups).collect(), grew)
    }

    #[test]
    fn only_rows_forgotten_and_still_filed_make_the_notebook_replay() {
        fn store_rows(store: &mut Notebook<u64>, rows: std::ops::Range<u64>) {
            for i in rows {
                let state = i.wrapping_mul(0x2545_F491_4F6C_DD1D);
                match store.lookup(&state, store.replaying()) {
                    Lookup::Vacant(slot) => assert_eq!(slot.insert(node(state, None)), i as NodeId),
                    Lookup::Stored(id) => panic!("row {i} found stored as {id}"),
                }
            }
        }
        let mut store = Notebook::default();
        store_rows(&mut store, 0..10);
        assert!(!store.replaying(), "storing rows never starts a replay");
        // Undoing steps forgets rows but keeps them filed: stored again, they replay.
        store.forget_newest(6);
        for i in 6..10 {
            assert!(store.replaying(), "row {i} is still filed ahead");
            store_rows(&mut store, i..i + 1);
        }
        assert!(!store.replaying(), "every row filed ahead is held again");
        // Truncating forgets rows for good: nothing is filed ahead.
        store.truncate(5);
        assert!(!store.replaying());
        store_rows(&mut store, 5..12);
        assert!(!store.replaying());
    }

    #[test]
    fn a_small_space_is_filed_in_shards_sized_for_all_of_it() {
        // The 8-puzzle's reachable space: the shards, made at the split, never grow.
        let (groups, grew) = shard_growth(181_440, Some(181_440));
        assert_eq!((groups.iter().min(), grew), (Some(&512), 0));
        // Unknown or too large a space: the shards start at four times their share and grow.
        for reachable in [None, Some(WHOLE_SPACE_AT_MOST + 1)] {
            let (groups, grew) = shard_growth(181_440, reachable);
            assert!(grew >= SHARDS, "{reachable:?}: grew {grew} times");
            assert_eq!(groups.iter().min(), Some(&512));
        }
        // A space smaller than four times the split's share is not sized down.
        assert_eq!(split_groups(Some(100)), split_groups(None));
    }

    #[test]
    fn an_index_filed_afresh_is_sized_as_the_first_was() {
        let mut store = Notebook::numbered(0, Some(181_440));
        let state = |i: u64| i.wrapping_mul(0x2545_F491_4F6C_DD1D);
        for i in 0..20_000 {
            if let Lookup::Vacant(slot) = store.lookup(&state(i), store.replaying()) {
                slot.insert(node(state(i), None));
            }
        }
        // A keyframe restored without the live search's index files its 20,000 rows afresh,
        // past the split: its shards are sized for the whole space, as the live index's are.
        let lent = store.lend_index();
        let mut copy = store.clone();
        store.put_back_index(lent);
        copy.adopt_index(None);
        let groups = |n: &Notebook<u64>| n.index.as_ref().unwrap().shards[0].groups();
        assert_eq!((groups(&store), groups(&copy)), (512, 512));
        assert_eq!(copy.find(&state(19_999)), Some(19_999));
        // So is one filed afresh after a truncation that cannot unfile rows one by one.
        copy.index_mut().stored_unchecked_ahead = true;
        copy.truncate(15_000);
        assert_eq!(groups(&copy), 512);
    }

    #[test]
    fn a_small_index_is_one_table_until_it_splits_into_shards() {
        let mut store = Notebook::default();
        let state = |i: u64| i.wrapping_mul(0x2545_F491_4F6C_DD1D);
        let split_at = SPLIT_GROUPS * 7;
        for i in 0..30_000u64 {
            let index = store.index.as_ref().unwrap();
            let used = index.shards.iter().filter(|t| t.groups() > 0).count();
            // A lookup makes room first, so the full table splits as the last row fills it.
            if (i as usize) < split_at {
                assert_eq!((index.split, used), (0, usize::from(i > 0)), "row {i}");
            } else {
                assert_eq!((index.split, used), (SHARDS - 1, SHARDS), "row {i}");
            }
            match store.lookup(&state(i), store.replaying()) {
                Lookup::Vacant(slot) => slot.insert(node(state(i), None)),
                Lookup::Stored(_) => panic!("row {i} is a new state"),
            };
            let again = store.lookup(&state(i), store.replaying());
            assert!(
                matches!(again, Lookup::Stored(id) if id as u64 == i),
                "row {i}"
            );
        }
        for i in 0..30_000u64 {
            assert_eq!(store.find(&state(i)), Some(i as NodeId));
        }
        // Unfiled again across the split, and filed afresh from the rows.
        store.truncate(10_000);
        assert_eq!(
            (store.find(&state(9_999)), store.find(&state(10_000))),
            (Some(9_999), None)
        );
        let mut copy = store.clone();
        copy.index = None;
        copy.adopt_index(None);
        assert_eq!(copy.find(&state(1_234)), Some(1_234));
        assert_eq!(
            copy.index.as_ref().unwrap().split,
            0,
            "10k rows fit one table"
        );
    }

    #[test]
    fn costs_are_read_from_packed_or_wide_rows() {
        let mut store = Notebook::default();
        store.insert(Node::new(1u64, Cost::units(3), Cost::units(-2), None, 0));
        assert_eq!(store.costs(0), (Cost::units(3), Cost::units(-2)));
        store.reroute(0, Cost::units(2), 0, 4);
        assert_eq!(store.costs(0), (Cost::units(2), Cost::units(-2)));
        let half = Cost::from_f64(0.5);
        store.insert(Node::new(2u64, half, Cost::units(7), Some(0), 1));
        assert!(matches!(store.rows.columns, Columns::Wide(_)));
        for id in 0..2 {
            let node = store.node(id);
            assert_eq!(store.costs(id), (node.g, node.h));
        }
        assert_eq!(store.costs(1), (half, Cost::units(7)));
        // A reroute to a cost that is not whole widens packed rows, keeping every h.
        let mut narrow = Notebook::default();
        narrow.insert(Node::new(1u64, Cost::units(3), Cost::units(5), None, 0));
        narrow.insert(Node::new(2u64, Cost::units(4), Cost::units(6), Some(0), 1));
        narrow.reroute(1, half, 0, 1);
        assert!(matches!(narrow.rows.columns, Columns::Wide(_)));
        assert_eq!(narrow.costs(0), (Cost::units(3), Cost::units(5)));
        assert_eq!(narrow.costs(1), (half, Cost::units(6)));
        assert_eq!(
            (narrow.node(1).parent(), narrow.node(1).depth),
            (Some(0), 1)
        );
    }

    #[test]
    fn an_unfiled_notebook_keeps_rows_without_an_index() {
        let mut filed = Notebook::default();
        let mut unfiled = Notebook::unfiled();
        for state in 0..10_000u64 {
            let parent = state.checked_sub(1).map(|p| p as NodeId);
            filed.insert(node(state, parent));
            unfiled.insert(node(state, parent));
        }
        assert!(filed.index_bytes() > 0);
        assert_eq!(unfiled.index_bytes(), 0, "no row is filed");
        assert_eq!((filed.find(&9), unfiled.find(&9)), (Some(9), None));
        unfiled.count_reopening(7_000);
        unfiled.truncate(5_000);
        unfiled.insert(node(77, Some(3)));
        assert_eq!(unfiled.len(), 5_001);
        assert_eq!(*unfiled.node(5_000).state, 77);
        assert_eq!(unfiled.route(4), vec![0, 1, 2, 3, 4]);
        assert_eq!(unfiled.times_reopened(7_000), 0);
        assert!(
            unfiled.lend_index().is_none(),
            "a keyframe keeps its own, empty index"
        );
    }

    #[test]
    fn narrowing_keeps_exactly_the_whole_costs_that_fit() {
        assert_eq!(narrow(Cost::units(-7)), Some(-7));
        assert_eq!(narrow(Cost::units(i64::from(i32::MIN))), Some(i32::MIN));
        assert_eq!(narrow(Cost::units(i64::from(i32::MAX) + 1)), None);
        assert_eq!(narrow(Cost::from_f64(2.5)), None);
        assert_eq!(narrow(Cost::from_f64(-0.000_000_001)), None);
    }

    /// What a notebook is to its users: rows in order, each with its status and reopenings.
    #[derive(Debug, Clone, Copy)]
    enum Op {
        Insert(u64),
        Close(usize),
        Reopen(usize),
        Truncate(usize),
        ForgetNewest(usize),
    }

    fn op() -> impl proptest::strategy::Strategy<Value = Op> {
        use proptest::prelude::*;
        prop_oneof![
            4 => (0..300u64).prop_map(Op::Insert),
            2 => any::<usize>().prop_map(Op::Close),
            1 => any::<usize>().prop_map(Op::Reopen),
            1 => any::<usize>().prop_map(Op::Truncate),
            1 => any::<usize>().prop_map(Op::ForgetNewest),
        ]
    }

    proptest::proptest! {
        #[test]
        fn filed_and_unfiled_notebooks_hold_what_a_plain_list_holds(
            ops in proptest::collection::vec(op(), 0..400),
            filed in proptest::bool::ANY,
        ) {
            let mut store = if filed { Notebook::default() } else { Notebook::unfiled() };
            // (state, open, times reopened) per row.
            let mut model: Vec<(u64, bool, u32)> = Vec::new();
            for op in ops {
                let len = model.len();
                match op {
                    Op::Insert(state) => {
                        let parent = len.checked_sub(1).map(|p| p as NodeId);
                        store.insert(node(state, parent));
                        model.push((state, true, 0));
                    }
                    Op::Close(i) if len > 0 => {
                        store.set_status((i % len) as NodeId, Status::Closed);
                        model[i % len].1 = false;
                    }
                    Op::Reopen(i) if len > 0 => {
                        store.count_reopening((i % len) as NodeId);
                        model[i % len].2 += 1;
                    }
                    Op::Truncate(i) => {
                        store.truncate(i % (len + 1));
                        model.truncate(i % (len + 1));
                    }
                    Op::ForgetNewest(i) => {
                        store.forget_newest(i % (len + 1));
                        model.truncate(i % (len + 1));
                    }
                    _ => {}
                }
            }
            proptest::prop_assert_eq!(store.len(), model.len());
            for (id, &(state, open, reopened)) in model.iter().enumerate() {
                let id = id as NodeId;
                proptest::prop_assert_eq!(*store.node(id).state, state);
                proptest::prop_assert_eq!(store.status(id) == Status::Open, open);
                proptest::prop_assert_eq!(store.times_reopened(id), reopened);
            }
        }
    }

    /// A step of a search as the notebook sees it.
    #[derive(Debug, Clone, Copy)]
    enum Filing {
        /// Looks the state up and stores it if new.
        Store(u32),
        /// Stores the state through [`Notebook::insert`], unchecked: a tree search may store a
        /// state again on another branch.
        Insert(u32),
        /// Forgets rows for good, as backtracking does.
        Truncate(usize),
    }

    /// How time travel moves through the steps.
    #[derive(Debug, Clone, Copy)]
    enum Travel {
        Forward(usize),
        /// Back through the latest keyframe at or before the step, then forward again.
        Back(usize),
        /// Undoes the last step if it stored a row, as a graph search undoes a step.
        Undo,
    }

    fn filing() -> impl proptest::strategy::Strategy<Value = Filing> {
        use proptest::prelude::*;
        prop_oneof![
            8 => (0..3_000u32).prop_map(Filing::Store),
            2 => (0..3_000u32).prop_map(Filing::Insert),
            1 => any::<usize>().prop_map(Filing::Truncate),
        ]
    }

    fn travel() -> impl proptest::strategy::Strategy<Value = Travel> {
        use proptest::prelude::*;
        prop_oneof![
            3 => (0..40usize).prop_map(Travel::Forward),
            2 => (0..40usize).prop_map(Travel::Back),
            2 => Just(Travel::Undo),
        ]
    }

    /// The rows after each prefix of `steps`, stored in a plain list.
    fn rows_after(steps: &[Filing]) -> Vec<Vec<u32>> {
        let mut rows = vec![Vec::new()];
        for step in steps {
            let mut now: Vec<u32> = rows.last().expect("one per prefix").clone();
            match *step {
                Filing::Store(state) => {
                    if !now.contains(&state) {
                        now.push(state);
                    }
                }
                Filing::Insert(state) => now.push(state),
                Filing::Truncate(i) => now.truncate(i % (now.len() + 1)),
            }
            rows.push(now);
        }
        rows
    }

    /// Takes `step` on `store`, checking each lookup against `before` (the rows the
    /// step starts from), and says what the lookup found.
    fn take_step<S: Filed + From<u32>>(
        store: &mut Notebook<S>,
        step: Filing,
        before: &[u32],
    ) -> Result<Option<Option<NodeId>>, proptest::test_runner::TestCaseError> {
        let len = before.len();
        let parent = len.checked_sub(1).map(|p| p as NodeId);
        let held = |state: u32| before.iter().position(|&s| s == state).map(|i| i as NodeId);
        Ok(match step {
            Filing::Store(state) => {
                let found = match store.lookup(&S::from(state), store.replaying()) {
                    Lookup::Stored(id) => Some(id),
                    Lookup::Vacant(slot) => {
                        let id = slot.insert(node(S::from(state), parent));
                        proptest::prop_assert_eq!(id as usize, len);
                        None
                    }
                };
                proptest::prop_assert_eq!(found, held(state));
                Some(found)
            }
            Filing::Insert(state) => {
                let id = store.insert(node(S::from(state), parent));
                proptest::prop_assert_eq!(id as usize, len);
                None
            }
            Filing::Truncate(i) => {
                store.truncate(i % (len + 1));
                None
            }
        })
    }

    /// Runs a search of `steps` on a notebook of `S`, moving through it as `travels` say with a
    /// keyframe every few steps, and checks every lookup and find against the rows a plain list
    /// holds. Returns what each lookup found.
    fn file_states<S: Filed + From<u32> + PartialEq + std::fmt::Debug>(
        steps: &[Filing],
        travels: &[Travel],
    ) -> Result<Vec<Option<NodeId>>, proptest::test_runner::TestCaseError> {
        const EVERY: usize = 5;
        let rows = rows_after(steps);
        let mut store: Notebook<S> = Notebook::default();
        let mut at = 0;
        let mut keyframes: Vec<Notebook<S>> = Vec::new();
        let mut found = Vec::new();
        for &travel in travels {
            let to = match travel {
                Travel::Forward(n) => (at + n).min(steps.len()),
                Travel::Back(n) => at.saturating_sub(n),
                Travel::Undo => at.saturating_sub(1),
            };
            if to < at {
                if matches!(travel, Travel::Undo) && rows[to].len() + 1 == rows[at].len() {
                    // The last step stored one row: it stays filed ahead for the replay.
                    store.forget_newest(rows[to].len());
                    at = to;
                } else {
                    let mut copy = keyframes[to / EVERY].clone();
                    copy.adopt_index(Some(&mut store));
                    store = copy;
                    at = to / EVERY * EVERY;
                }
            }
            while at < to {
                if at % EVERY == 0 && keyframes.len() == at / EVERY {
                    let index = store.lend_index();
                    keyframes.push(store.clone());
                    store.put_back_index(index);
                }
                if let Some(lookup) = take_step(&mut store, steps[at], &rows[at])? {
                    found.push(lookup);
                }
                at += 1;
            }
            proptest::prop_assert_eq!(store.len(), rows[at].len());
            for (id, &state) in rows[at].iter().enumerate() {
                let first = rows[at]
                    .iter()
                    .position(|&s| s == state)
                    .map(|i| i as NodeId);
                proptest::prop_assert_eq!(store.find(&S::from(state)), first);
                proptest::prop_assert_eq!(store.node(id as NodeId).state, &S::from(state));
            }
            for state in rows.iter().flatten().filter(|s| !rows[at].contains(s)) {
                proptest::prop_assert_eq!(store.find(&S::from(*state)), None);
            }
        }
        Ok(found)
    }

    proptest::proptest! {
        #[test]
        fn numbered_states_are_filed_as_hashed_ones_are(
            steps in proptest::collection::vec(filing(), 0..200),
            travels in proptest::collection::vec(travel(), 0..40),
        ) {
            let numbered = file_states::<u32>(&steps, &travels)?;
            let hashed = file_states::<u64>(&steps, &travels)?;
            proptest::prop_assert_eq!(numbered, hashed);
        }
    }

    #[test]
    fn a_row_of_a_64_bit_state_takes_24_bytes_and_a_wide_grid_row_32() {
        assert_eq!(std::mem::size_of::<Packed<u64>>(), 24);
        assert_eq!(std::mem::size_of::<Wide<u32>>(), 32);
    }

    #[test]
    fn costs_stay_exact_when_one_stops_fitting_in_whole_units() {
        let mut store = Notebook::default();
        store.insert(Node::new(1u64, Cost::units(3), Cost::units(-2), None, 0));
        store.insert(Node::new(
            2u64,
            Cost::units(i64::from(i32::MAX)),
            Cost::ZERO,
            Some(0),
            1,
        ));
        assert!(
            matches!(store.rows.columns, Columns::Narrow(_)),
            "whole costs that fit stay packed"
        );
        let half = Cost::from_f64(0.5);
        store.insert(Node::new(3u64, half, Cost::units(1 << 32), Some(1), 2));
        store.reroute(0, Cost::from_f64(2.25), 2, 5);
        let costs: Vec<(Cost, Cost)> = (0..3)
            .map(|id| (store.node(id).g, store.node(id).h))
            .collect();
        assert_eq!(
            costs,
            [
                (Cost::from_f64(2.25), Cost::units(-2)),
                (Cost::units(i64::from(i32::MAX)), Cost::ZERO),
                (half, Cost::units(1 << 32)),
            ]
        );
        assert_eq!((store.node(0).parent(), store.node(0).depth), (Some(2), 5));
        store.truncate(1);
        assert_eq!(store.find(&3), None);
        assert_eq!(store.node(0).g, Cost::from_f64(2.25));
    }

    #[test]
    fn statuses_are_bits_that_survive_truncation() {
        let mut store = Notebook::default();
        for state in 0..200u64 {
            store.insert(node(state, None));
        }
        for id in (0..200).filter(|id| id % 3 == 0) {
            store.set_status(id, Status::Closed);
        }
        store.truncate(64);
        store.insert(node(500, None));
        store.truncate(130);
        for state in 1000..1100u64 {
            store.insert(node(state, None));
        }
        let closed: Vec<NodeId> = (0..store.len() as NodeId)
            .filter(|&id| store.status(id) == Status::Closed)
            .collect();
        let expected: Vec<NodeId> = (0..64).filter(|id| id % 3 == 0).collect();
        assert_eq!(
            closed, expected,
            "new rows are open whatever bits their ids had"
        );
    }
}
