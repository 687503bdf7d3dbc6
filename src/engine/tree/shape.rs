//! What a tree view draws: the visible nodes and stubs as one laid-out forest, plus the edges
//! that are not tree edges (replaced parents, and with folding the further parents of a
//! repeated state). Collapsed subtrees are left out and counted on their root; folding merges
//! rows holding the same state into the node of the first of them, and turns successors found
//! already stored into edges to that node, which makes a DAG: it is laid out along a
//! breadth-first spanning tree and the other edges are drawn across. (A depth-first search's
//! cycles back onto its own path stay stubs.)

use super::layout::{Forest, Layout, lay_out};
use super::{StubReason, Tree};
use crate::engine::notebook::NodeId;
use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

/// Most nodes [`Shape::grow`] gives children one by one in the layout; more (many steps at
/// once) and laying the whole forest out again is cheaper.
const MOST_EXPANDED_IN_PLACE: usize = 8;

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
    pub items: Vec<Item>,
    pub forest: Forest,
    /// Each layout node's parent in the forest.
    pub parents: Vec<Option<u32>>,
    pub layout: Layout,
    /// Edges drawn besides the forest's, by layout node.
    pub extra: Vec<(u32, u32, EdgeKind)>,
    /// Nodes hidden under each collapsed row.
    pub hidden: HashMap<NodeId, usize>,
    /// The layout node of each row's node (`None` when hidden or folded into another).
    place: Vec<Option<u32>>,
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
            place: vec![None; rows],
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
            for &child in out.children(r) {
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
        shape.parents = parents;
        shape.lay_out();
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
        let (new_rows, new_stubs) = match (tree.nodes.get(rows..), tree.stubs.get(stubs..)) {
            (Some(n), Some(s)) if tree.old_edges.len() == old_edges => (n, s),
            _ => return false,
        };
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
        for n in new_rows {
            let parent = self.place[n.parent.expect("checked") as usize];
            self.place.push(Some(self.items.len() as u32));
            self.items.push(Item::Row(n.row));
            self.parents.push(parent);
        }
        for (i, stub) in new_stubs.iter().enumerate() {
            self.items.push(Item::Stub(stubs + i));
            self.parents.push(self.place[stub.parent as usize]);
        }
        self.plain = Some((tree.stubs.len(), old_edges));
        // Each parent's new children, the parents in order (a new parent after its own).
        let mut adopted: Vec<(u32, u32)> = (old..self.items.len())
            .map(|i| (self.parents[i].expect("checked"), i as u32))
            .collect();
        adopted.sort_by_key(|&(parent, _)| parent);
        let families: Vec<&[(u32, u32)]> = adopted.chunk_by(|a, b| a.0 == b.0).collect();
        if families.len() > MOST_EXPANDED_IN_PLACE {
            self.lay_out();
            return true;
        }
        let added = self.items.len() - old;
        self.forest.push_leaves(added);
        self.layout.push_unplaced(added);
        for family in families {
            let kids: Vec<u32> = family.iter().map(|&(_, kid)| kid).collect();
            self.forest.adopt(family[0].0, &kids);
            self.layout.expand(&self.forest, &self.parents, family[0].0);
        }
        true
    }

    /// The forest of `parents` and its layout.
    fn lay_out(&mut self) {
        self.forest = Forest::from_parents(&self.parents);
        self.layout = lay_out(&self.forest);
    }

    /// The layout node showing row `id`, if it is drawn (a folded row shows as its first twin).
    #[must_use]
    pub fn visible(&self, id: NodeId) -> Option<u32> {
        self.place.get(id as usize).copied().flatten()
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
        for &c in out.children(n) {
            if seen.insert(c) {
                stack.push(c);
            }
        }
    }
    seen.len() - 1
}
