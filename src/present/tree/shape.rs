//! What a tree view draws: the visible nodes and stubs as one laid-out forest, plus the edges
//! that are not tree edges (replaced parents, and with folding the further parents of a
//! repeated state). Collapsed subtrees are left out and counted on their root; folding merges
//! rows holding the same state into the node of the first of them, and turns successors found
//! already stored into edges to that node, which makes a DAG: it is laid out along a
//! breadth-first spanning tree and the other edges are drawn across. (A depth-first search's
//! cycles back onto its own path stay stubs.)

use super::chunks::Chunks;
use super::layout::{Forest, Layout, lay_out};
use super::{StubReason, Tree};
use crate::engine::notebook::NodeId;
use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

/// One thing drawn at a layout place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// A row's node (with folding, the node of every row holding its state).
    Row(NodeId),
    /// The tree's stub of this index.
    Stub(usize),
}

/// How an edge that is not a tree edge is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeKind {
    /// A parent replaced by a cheaper route (dashed).
    Replaced,
    /// Another route to a folded state.
    Folded,
}

/// Choices of the viewer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShapeOptions {
    /// Rows whose subtrees are hidden.
    pub collapsed: BTreeSet<NodeId>,
    /// Merge rows holding the same state.
    pub fold: bool,
}

/// The drawable tree.
#[derive(Clone, Debug, Default)]
pub struct Shape {
    /// Layout node `i` is `items[i]`.
    pub items: Chunks<Item>,
    pub forest: Forest,
    /// Each layout node's parent in the forest.
    pub parents: Chunks<Option<u32>>,
    pub layout: Layout,
    /// Edges drawn besides the forest's, by layout node.
    pub extra: Vec<(u32, u32, EdgeKind)>,
    /// Nodes hidden under each collapsed row.
    pub hidden: HashMap<NodeId, usize>,
    /// The layout node of each row's node (`None` when hidden or folded into another).
    place: Chunks<Option<u32>>,
    /// Built without folding or collapsing, from a tree with this many stubs and replaced
    /// edges: what [`Shape::grow`] needs to know to add a step's nodes in place.
    plain: Option<(usize, usize)>,
}

impl Shape {
    /// Builds the shape of `tree`; `state_of` gives a row's state text (read only to fold).
    #[must_use]
    pub fn of(tree: &Tree, options: &ShapeOptions, state_of: &dyn Fn(NodeId) -> String) -> Shape {
        let rows = tree.nodes.len();
        let rep = representatives(tree, options.fold, state_of);
        // Every edge between representatives, tree edges and folded ones alike, in row order.
        let mut seen = HashSet::new();
        let edges: Vec<(u32, u32)> = tree
            .nodes
            .iter()
            .filter_map(|n| n.parent.map(|p| (rep[p as usize], rep[n.row as usize])))
            .filter(|&edge| !options.fold || seen.insert(edge))
            .collect();
        let out = Forest::from_edges(rows, &edges);
        let mut shape = Shape {
            place: std::iter::repeat_n(None, rows).collect(),
            ..Shape::default()
        };
        let mut parents: Vec<Option<u32>> = Vec::new();
        let mut queue = VecDeque::new();
        if rows > 0 {
            shape.place[0] = Some(0);
            shape.items.push(Item::Row(0));
            parents.push(None);
            queue.push_back(0);
        }
        while let Some(r) = queue.pop_front() {
            let at = shape.place[r as usize].expect("queued rows are placed");
            if options.collapsed.contains(&r) {
                shape.hidden.insert(r, count_below(&out, r));
                continue;
            }
            for &child in out.children(r).iter() {
                if shape.place[child as usize].is_none() {
                    shape.place[child as usize] = Some(shape.items.len() as u32);
                    shape.items.push(Item::Row(child));
                    parents.push(Some(at));
                    queue.push_back(child);
                }
            }
        }
        let mut extra_rows = Vec::new();
        for (i, stub) in tree.stubs.iter().enumerate() {
            let parent = rep[stub.parent as usize];
            let Some(at) = shape.visible(parent) else {
                continue;
            };
            match stub.reason {
                StubReason::AlreadyStored(t) if options.fold && (t as usize) < rows => {
                    extra_rows.push((parent, rep[t as usize], EdgeKind::Folded));
                }
                _ => {
                    shape.items.push(Item::Stub(i));
                    parents.push(Some(at));
                }
            }
        }
        shape.number_by_arrival(tree, &mut parents);
        if options.fold {
            extra_rows.extend(edges.iter().map(|&(a, b)| (a, b, EdgeKind::Folded)));
        }
        for e in &tree.old_edges {
            extra_rows.push((rep[e.from as usize], rep[e.to as usize], EdgeKind::Replaced));
        }
        for (from, to, kind) in extra_rows {
            if let (Some(a), Some(b)) = (shape.visible(from), shape.visible(to))
                && (kind == EdgeKind::Replaced || parents[b as usize] != Some(a))
            {
                shape.extra.push((a, b, kind));
            }
        }
        shape
            .extra
            .sort_unstable_by_key(|&(a, b, k)| (a, b, k == EdgeKind::Folded));
        shape.extra.dedup();
        shape.forest = Forest::from_parents(&parents);
        shape.layout = lay_out(&shape.forest);
        shape.parents = parents.into_iter().collect();
        let plain = !options.fold && options.collapsed.is_empty();
        shape.plain = plain.then_some((tree.stubs.len(), tree.old_edges.len()));
        shape
    }

    /// Adds what `tree` gained since this shape was built from it: rows at the end, and stubs,
    /// each under a node that had no children before (what a best-first step adds under its
    /// pick). The nodes keep their numbers and the new ones follow in the order they came; the
    /// drawing is the one [`Shape::of`] makes. Returns `false`, changing nothing, when the
    /// tree changed otherwise (a cheaper route moved a row, a row got more children) or the
    /// shape folds or collapses: then build it anew.
    pub fn grow(&mut self, tree: &Tree) -> bool {
        let Some((stubs, old_edges)) = self.plain else {
            return false;
        };
        let rows = self.place.len();
        if rows > tree.nodes.len() || stubs > tree.stubs.len() || tree.old_edges.len() != old_edges
        {
            return false;
        }
        let (new_rows, new_stubs) = (tree.nodes.span_from(rows), tree.stubs.span_from(stubs));
        // Each parent of something new is new itself, or a leaf until now.
        let was_leaf = |p: NodeId| {
            let p = p as usize;
            p >= rows
                || self
                    .place
                    .get(p)
                    .copied()
                    .flatten()
                    .is_some_and(|at| self.forest.children(at).is_empty())
        };
        let rows_fit = new_rows.iter().all(|n| {
            n.parent
                .is_some_and(|p| (p as usize) < n.row as usize && was_leaf(p))
        });
        if !rows_fit || !new_stubs.iter().all(|s| was_leaf(s.parent)) {
            return false;
        }
        let old = self.items.len();
        let mut new: Vec<Item> = (new_rows.iter().map(|n| Item::Row(n.row)))
            .chain((stubs..tree.stubs.len()).map(Item::Stub))
            .collect();
        new.sort_by_key(|item| arrival(tree, *item));
        self.place.resize(tree.nodes.len(), None);
        for item in new {
            let parent = match item {
                Item::Row(r) => tree.nodes[r as usize].parent.expect("checked"),
                Item::Stub(s) => tree.stubs[s].parent,
            };
            if let Item::Row(r) = item {
                self.place[r as usize] = Some(self.items.len() as u32);
            }
            self.parents.push(self.place[parent as usize]);
            self.items.push(item);
        }
        self.plain = Some((tree.stubs.len(), old_edges));
        // Each parent's new children, the parents in order, each one's kids in theirs.
        let mut adopted: Vec<(u32, u32)> = (old..self.items.len())
            .map(|i| (self.parents[i].expect("checked"), i as u32))
            .collect();
        adopted.sort_by_key(|&(parent, _)| parent);
        self.forest.push_leaves(self.items.len() - old);
        self.forest.adopt(&adopted);
        self.layout.grow(&self.forest, &self.parents, old);
        true
    }

    /// Takes away what `tree` lost since this shape was built or grown: the inverse of
    /// [`Shape::grow`], for a best-first search gone back in time (its rows and stubs from
    /// some step on, each under a node that keeps none of its children). The nodes left keep
    /// their order; the drawing is the one [`Shape::of`] makes. Returns `false`, changing
    /// nothing, when the tree changed otherwise (a replaced edge went, a row moved) or the
    /// shape folds or collapses: then build it anew.
    pub fn shrink(&mut self, tree: &Tree) -> bool {
        let Some((stubs, old_edges)) = self.plain else {
            return false;
        };
        let (rows, new_stubs) = (tree.nodes.len(), tree.stubs.len());
        if rows > self.place.len() || new_stubs > stubs || tree.old_edges.len() != old_edges {
            return false;
        }
        let gone = |item: &Item| match *item {
            Item::Row(r) => r as usize >= rows,
            Item::Stub(s) => s >= new_stubs,
        };
        // Every row and stub has a node (no folding, nothing collapsed): this many go.
        let going = self.place.len() - rows + stubs - new_stubs;
        let keep = self.items.len() - going;
        if self.items.span_from(keep).iter().all(gone) {
            return self.cut_tail(keep, rows, new_stubs);
        }
        let mut map = Vec::with_capacity(self.items.len());
        let mut next = 0u32;
        for item in &self.items {
            map.push((!gone(item)).then(|| {
                next += 1;
                next - 1
            }));
        }
        // What goes is whole subtrees: under a node that keeps none of its children.
        let kept = |n: u32| map[n as usize].is_some();
        let whole = (0..self.items.len() as u32).all(|n| {
            let kids = self.forest.children(n);
            match self.parents[n as usize] {
                _ if !kept(n) => kids.iter().all(|&c| !kept(c)),
                Some(p) if !kept(p) => false,
                _ => kids.iter().all(|&c| kept(c)) || kids.iter().all(|&c| !kept(c)),
            }
        });
        if !whole || !self.extra.iter().all(|&(a, b, _)| kept(a) && kept(b)) {
            return false;
        }
        self.layout.prune(&self.forest, &self.parents, &map);
        self.forest = self.forest.keep(&map);
        let mut at = map.iter();
        self.items
            .retain(|_| at.next().is_some_and(Option::is_some));
        self.parents = (0..map.len())
            .filter(|&i| map[i].is_some())
            .map(|i| self.parents[i].and_then(|p| map[p as usize]))
            .collect();
        self.place.truncate(rows);
        for place in self.place.iter_mut().flatten() {
            *place = map[*place as usize].expect("kept rows keep their node");
        }
        for (a, b, _) in &mut self.extra {
            (*a, *b) = (
                map[*a as usize].expect("checked"),
                map[*b as usize].expect("checked"),
            );
        }
        self.plain = Some((new_stubs, old_edges));
        true
    }

    /// Renumbers the nodes in the order the search added them (a step's rows, then its
    /// stubs), which [`Shape::grow`] keeps: a step back then takes off the last nodes only
    /// ([`Shape::cut_tail`]). Children stay in that order too, left to right.
    fn number_by_arrival(&mut self, tree: &Tree, parents: &mut Vec<Option<u32>>) {
        let mut order: Vec<u32> = (0..self.items.len() as u32).collect();
        order.sort_by_key(|&i| arrival(tree, self.items[i as usize]));
        let mut renumbered = vec![0u32; order.len()];
        for (new, &old) in (0u32..).zip(&order) {
            renumbered[old as usize] = new;
        }
        self.items = order.iter().map(|&i| self.items[i as usize]).collect();
        *parents = order
            .iter()
            .map(|&i| parents[i as usize].map(|p| renumbered[p as usize]))
            .collect();
        for place in self.place.iter_mut().flatten() {
            *place = renumbered[*place as usize];
        }
    }

    /// [`Shape::shrink`] when what goes is the last `items.len() - keep` nodes (a tree grown
    /// step by step going back): nobody is renumbered, so it costs what goes, not the tree.
    fn cut_tail(&mut self, keep: usize, rows: usize, stubs: usize) -> bool {
        let keep_u32 = u32::try_from(keep).expect("fewer than 4 billion nodes");
        // What goes is whole subtrees: under a node that keeps none of its children.
        let whole = (keep_u32..self.items.len() as u32).all(|n| {
            let alone = |p: u32| self.forest.children(p).iter().all(|&c| c >= keep_u32);
            alone(n) && self.parents[n as usize].is_none_or(alone)
        });
        if !whole
            || !self
                .extra
                .iter()
                .all(|&(a, b, _)| a < keep_u32 && b < keep_u32)
        {
            return false;
        }
        self.layout.cut_tail(&self.forest, &self.parents, keep);
        self.forest.truncate(keep);
        self.items.truncate(keep);
        self.parents.truncate(keep);
        self.place.truncate(rows);
        self.plain = self.plain.map(|(_, old_edges)| (stubs, old_edges));
        true
    }

    /// The layout node showing row `id`, if it is drawn (a folded row shows as its first twin).
    #[must_use]
    pub fn visible(&self, id: NodeId) -> Option<u32> {
        self.place.get(id as usize).copied().flatten()
    }
}

/// When an item came: the log entry that stored the row or generated the stub, rows first.
fn arrival(tree: &Tree, item: Item) -> (u64, bool, usize) {
    match item {
        Item::Row(r) => (tree.nodes[r as usize].born, false, r as usize),
        Item::Stub(s) => (tree.stubs[s].step, true, s),
    }
}

/// Each row's representative: itself, or with folding the first row holding the same state.
fn representatives(tree: &Tree, fold: bool, state_of: &dyn Fn(NodeId) -> String) -> Vec<NodeId> {
    let ids = tree.nodes.iter().map(|n| n.row);
    if !fold {
        return ids.collect();
    }
    let mut first: HashMap<String, NodeId> = HashMap::new();
    ids.map(|id| *first.entry(state_of(id)).or_insert(id))
        .collect()
}

/// Nodes reachable below `r` (not counting `r`).
fn count_below(out: &Forest, r: NodeId) -> usize {
    let mut seen = BTreeSet::from([r]);
    let mut stack = vec![r];
    while let Some(n) = stack.pop() {
        for &c in out.children(n).iter() {
            if seen.insert(c) {
                stack.push(c);
            }
        }
    }
    seen.len() - 1
}
