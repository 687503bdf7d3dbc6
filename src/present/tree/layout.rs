//! A layered layout of a forest: each node on the layer of its depth, leaves in slots one unit
//! apart from left to right, each parent centred over its first and last child. Subtrees take
//! disjoint runs of slots, so no two nodes of a layer come closer than one unit. One pass,
//! without recursion (a depth-first search may be 100,000 levels deep), linear in the nodes.
//! A best-first step only gives leaves children, so [`Layout::grow`] places those in place
//! (the slots right of each leaf move over) instead of laying out 150,000 nodes again, and a
//! step back takes them away in place ([`Layout::prune`]). The per-node arrays grow in
//! [`Chunks`], so a growing tree never copies them whole.

use super::chunks::{Chunks, Span};
use std::ops::Index;

/// Each node's parent (`None` for a root), however it is stored.
pub trait Parents: Index<usize, Output = Option<u32>> {}

impl<P: Index<usize, Output = Option<u32>> + ?Sized> Parents for P {}

/// A forest as child lists in one array (children of `n` are
/// `children[offsets[n]..offsets[n + 1]]`, left to right).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Forest {
    pub roots: Vec<u32>,
    pub offsets: Chunks<u32>,
    pub children: Chunks<u32>,
}

impl Forest {
    /// A forest of `n` nodes from each node's parent (`None` for a root); children keep the
    /// order of their ids.
    #[must_use]
    pub fn from_parents(parents: &[Option<u32>]) -> Forest {
        let edges: Vec<(u32, u32)> = (0u32..)
            .zip(parents)
            .filter_map(|(i, p)| p.map(|p| (p, i)))
            .collect();
        let mut forest = Forest::from_edges(parents.len(), &edges);
        forest.roots = (0u32..)
            .zip(parents)
            .filter_map(|(i, p)| p.is_none().then_some(i))
            .collect();
        forest
    }

    /// The child lists of `n` nodes from `(parent, child)` edges, children in the edges'
    /// order (no roots: [`Forest::from_parents`] finds them).
    #[must_use]
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> Forest {
        let mut offsets: Chunks<u32> = std::iter::repeat_n(0, n + 1).collect();
        for &(p, _) in edges {
            offsets[p as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut children: Chunks<u32> = std::iter::repeat_n(0, edges.len()).collect();
        for &(p, c) in edges {
            let slot = &mut fill[p as usize];
            children[*slot as usize] = c;
            *slot += 1;
        }
        Forest {
            roots: Vec::new(),
            offsets,
            children,
        }
    }

    /// Nodes in the forest.
    #[must_use]
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The children of `n`, left to right.
    #[must_use]
    pub fn children(&self, n: u32) -> Span<'_, u32> {
        let n = n as usize;
        self.children
            .span(self.offsets[n] as usize..self.offsets[n + 1] as usize)
    }

    /// Adds `n` nodes without children (their parent [`Forest::adopt`]s them).
    pub fn push_leaves(&mut self, n: usize) {
        let end = self.offsets.last().copied().unwrap_or(0);
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.offsets.extend(std::iter::repeat_n(end, n));
    }

    /// Appends each `(parent, kid)` pair's kid to its parent's children; `adopted` is sorted
    /// by parent (each parent's kids in their order). In place: the child lists right of the
    /// first parent move over in a few block copies, and the offsets from it on are raised.
    pub fn adopt(&mut self, adopted: &[(u32, u32)]) {
        let Some(&(first, _)) = adopted.first() else {
            return;
        };
        debug_assert!(
            adopted.iter().all(|&(p, _)| (p as usize) < self.len()),
            "every parent is in the forest"
        );
        let old = self.children.len();
        self.children.resize(old + adopted.len(), 0);
        // From the last parent back: the old lists after its own move over by the kids of the
        // parents up to it, and its kids go in front of them.
        let (mut end, mut shift) = (old, adopted.len());
        for group in adopted.chunk_by(|a, b| a.0 == b.0).rev() {
            let tail = self.offsets[group[0].0 as usize + 1] as usize;
            self.children.copy_within(tail..end, tail + shift);
            shift -= group.len();
            let at = tail + shift;
            for (slot, &(_, kid)) in (at..).zip(group) {
                self.children[slot] = kid;
            }
            end = tail;
        }
        let mut raise = 0;
        let mut next = adopted.iter().peekable();
        for n in first as usize..self.len() {
            while next.next_if(|&&(p, _)| p as usize == n).is_some() {
                raise += 1;
            }
            self.offsets[n + 1] += raise;
        }
    }

    /// Keeps the first `len` nodes, dropping the rest from their parents' child lists: the
    /// cheap [`Forest::keep`] for when what goes is the last nodes (nobody is renumbered). In
    /// place, one pass over the child lists.
    pub fn truncate(&mut self, len: usize) {
        let mut write = 0;
        let mut read = 0;
        for n in 0..len.min(self.len()) {
            let end = self.offsets[n + 1] as usize;
            for at in read..end {
                let kid = self.children[at];
                if (kid as usize) < len {
                    self.children[write] = kid;
                    write += 1;
                }
            }
            read = end;
            self.offsets[n + 1] = u32::try_from(write).expect("fewer than 4 billion nodes");
        }
        self.children.truncate(write);
        self.offsets.truncate(len + 1);
        self.roots.retain(|&r| (r as usize) < len);
    }

    /// The forest without the nodes `map` gives no number, the others renumbered by `map`
    /// (which keeps their order).
    #[must_use]
    pub fn keep(&self, map: &[Option<u32>]) -> Forest {
        let mut children = Chunks::default();
        let mut offsets: Chunks<u32> = [0].into_iter().collect();
        for n in 0..self.len() as u32 {
            if map[n as usize].is_some() {
                children.extend(self.children(n).iter().filter_map(|&c| map[c as usize]));
                offsets.push(u32::try_from(children.len()).expect("fewer than 4 billion nodes"));
            }
        }
        Forest {
            roots: self.roots.iter().filter_map(|&r| map[r as usize]).collect(),
            offsets,
            children,
        }
    }
}

/// Where each node goes: `x` in slots, `layer` its depth; `layers[d]` lists layer `d`'s nodes
/// from left to right (so a view finds what is on screen by binary search).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layout {
    pub x: Chunks<f32>,
    pub layer: Chunks<u32>,
    pub layers: Vec<Vec<u32>>,
    /// Slots used: every `x` lies in `0..width`.
    pub width: f32,
}

impl Layout {
    /// The nodes of layer `d` whose `x` lies in `from..=to`.
    #[must_use]
    pub fn between(&self, d: usize, from: f32, to: f32) -> &[u32] {
        let Some(layer) = self.layers.get(d) else {
            return &[];
        };
        let start = layer.partition_point(|&n| self.x[n as usize] < from);
        let end = layer.partition_point(|&n| self.x[n as usize] <= to);
        &layer[start..end.max(start)]
    }
}

impl Layout {
    /// Places the nodes from `old` on, which hang below nodes that were placed leaves until
    /// now, as [`lay_out`] would, all in one pass: each such leaf's new subtree takes the
    /// leaf's slot and the slots after it, everything right of it moves over to make room,
    /// and the leaves and their ancestors are centred again over their children. `forest`
    /// and `parents` already hold the new nodes. Linear in the nodes, with a comparison and an
    /// add each: far less than laying the forest out again.
    pub fn grow(&mut self, forest: &Forest, parents: &impl Parents, old: usize) {
        let n = forest.len();
        self.x.resize(n, 0.0);
        self.layer.resize(n, 0);
        let mut leaves: Vec<u32> = (old..n)
            .filter_map(|i| parents[i].filter(|&p| (p as usize) < old))
            .collect();
        leaves.sort_unstable_by(|&a, &b| self.x[a as usize].total_cmp(&self.x[b as usize]));
        leaves.dedup();
        // The slots each new node's subtree takes (its leaves), children before parents: each
        // new node comes after its parent.
        let mut slots = vec![0u32; n - old];
        for i in (old..n).rev() {
            debug_assert!(parents[i].is_some_and(|p| (p as usize) < i));
            let taken = slots[i - old].max(1);
            if let Some(p) = parents[i].and_then(|p| (p as usize).checked_sub(old)) {
                slots[p] += taken;
            }
        }
        // Each leaf's old slot and the room made left of everything right of it.
        let mut room = 0.0;
        let moved: Vec<(f32, f32)> = leaves
            .iter()
            .map(|&leaf| {
                let kids = forest.children(leaf).iter();
                let taken: u32 = kids.map(|&c| slots[c as usize - old].max(1)).sum();
                #[expect(clippy::cast_precision_loss, reason = "slots are far below 2^24")]
                let more = taken.saturating_sub(1) as f32;
                room += more;
                (self.x[leaf as usize], room)
            })
            .collect();
        // Each layer lists its nodes by x, so one walk along it and along `moved` finds each
        // node's room (no search per node: 150,000 nodes move on every step). Nothing left of
        // the first leaf moves: each layer's walk starts right of it. A leaf's own room does
        // not count for it: it moves to its new subtree's first slot.
        let first = moved.first().map_or(f32::INFINITY, |m| m.0);
        for layer in &self.layers {
            let mut before = 0;
            let start = layer.partition_point(|&n| self.x[n as usize] < first);
            for &n in &layer[start..] {
                let x = &mut self.x[n as usize];
                while moved.get(before).is_some_and(|&(slot, _)| slot < *x) {
                    before += 1;
                }
                if let Some(&(_, room)) = before.checked_sub(1).and_then(|i| moved.get(i)) {
                    *x += room;
                }
            }
        }
        let mut fresh: Vec<Vec<u32>> = Vec::new();
        for &leaf in &leaves {
            let slot = self.x[leaf as usize];
            place(
                forest,
                leaf,
                slot,
                &mut self.x,
                &mut self.layer,
                |node, d| {
                    if node != leaf {
                        if fresh.len() <= d {
                            fresh.resize_with(d + 1, Vec::new);
                        }
                        fresh[d].push(node);
                    }
                },
            );
        }
        self.centre(forest, parents, &leaves);
        if self.layers.len() < fresh.len() {
            self.layers.resize_with(fresh.len(), Vec::new);
        }
        for (d, new) in fresh.into_iter().enumerate().filter(|(_, n)| !n.is_empty()) {
            merge_by_x(&self.x, &mut self.layers[d], &new);
        }
        self.width += room;
    }

    /// Removes the nodes `map` gives no number and renumbers the rest by it: the inverse of
    /// [`Layout::grow`]. The removed nodes are whole subtrees under nodes that keep no child;
    /// those become leaves again in their subtree's first slot, everything right of it moves
    /// back, and their ancestors are centred again. `forest` and `parents` are the ones
    /// before the removal.
    pub fn prune(&mut self, forest: &Forest, parents: &impl Parents, map: &[Option<u32>]) {
        let kept = |n: u32| map[n as usize].is_some();
        let cuts: Vec<u32> = (0..forest.len() as u32)
            .filter(|&n| kept(n) && forest.children(n).first().is_some_and(|&c| !kept(c)))
            .collect();
        self.close(forest, parents, &cuts);
        retain_kept(&mut self.x, map);
        retain_kept(&mut self.layer, map);
        for layer in &mut self.layers {
            layer.retain_mut(|n| match map[*n as usize] {
                Some(new) => {
                    *n = new;
                    true
                }
                None => false,
            });
        }
        self.drop_empty_layers();
    }

    /// [`Layout::prune`] for when the nodes removed are the last ones, from `keep` on (what a
    /// step back takes from a tree grown step by step): nobody is renumbered, so it costs the
    /// removed nodes, the layers they were on and one shift of the slots.
    pub fn cut_tail(&mut self, forest: &Forest, parents: &impl Parents, keep: usize) {
        let mut cuts: Vec<u32> = (keep..forest.len())
            .filter_map(|i| parents[i].filter(|&p| (p as usize) < keep))
            .collect();
        cuts.sort_unstable();
        cuts.dedup();
        self.close(forest, parents, &cuts);
        let mut touched: Vec<u32> = self.layer.span_from(keep).iter().copied().collect();
        touched.sort_unstable();
        touched.dedup();
        for d in touched {
            self.layers[d as usize].retain(|&n| (n as usize) < keep);
        }
        self.x.truncate(keep);
        self.layer.truncate(keep);
        self.drop_empty_layers();
    }

    /// Closes the gaps the subtrees under `cuts` (nodes that keep none of their children)
    /// leave: each cut becomes a leaf in its subtree's first slot, everything right of it
    /// moves back, and the cuts' ancestors are centred again.
    fn close(&mut self, forest: &Forest, parents: &impl Parents, cuts: &[u32]) {
        let edge = |mut n: u32, last: bool| {
            while let (Some(&a), Some(&b)) = (forest.children(n).first(), forest.children(n).last())
            {
                n = if last { b } else { a };
            }
            self.x[n as usize]
        };
        // Each cut with its subtree's first and last slot, left to right.
        let mut cuts: Vec<(u32, f32, f32)> = cuts
            .iter()
            .map(|&n| (n, edge(n, false), edge(n, true)))
            .collect();
        cuts.sort_unstable_by(|a, b| a.1.total_cmp(&b.1));
        let mut room = 0.0;
        let back: Vec<(f32, f32)> = cuts
            .iter()
            .map(|&(_, first, last)| {
                room += last - first;
                (last, room)
            })
            .collect();
        let shift = |x: f32| {
            let before = back.partition_point(|&(last, _)| last < x);
            before.checked_sub(1).map_or(0.0, |i| back[i].1)
        };
        for x in self.x.iter_mut() {
            *x -= shift(*x);
        }
        for &(n, first, _) in &cuts {
            self.x[n as usize] = first - shift(first);
        }
        let above: Vec<u32> = cuts.iter().filter_map(|c| parents[c.0 as usize]).collect();
        self.centre(forest, parents, &above);
        self.width -= room;
    }

    fn drop_empty_layers(&mut self) {
        while self.layers.last().is_some_and(Vec::is_empty) {
            self.layers.pop();
        }
    }

    /// Centres the nodes `from` and their ancestors over their first and last children, from
    /// the deepest up, a layer at a time (each node once).
    fn centre(&mut self, forest: &Forest, parents: &impl Parents, from: &[u32]) {
        let mut by_layer: Vec<Vec<u32>> = Vec::new();
        for &n in from {
            let d = self.layer[n as usize] as usize;
            if by_layer.len() <= d {
                by_layer.resize_with(d + 1, Vec::new);
            }
            by_layer[d].push(n);
        }
        while let Some(mut nodes) = by_layer.pop() {
            nodes.sort_unstable();
            nodes.dedup();
            for &node in &nodes {
                let kids = forest.children(node);
                if let (Some(&a), Some(&b)) = (kids.first(), kids.last()) {
                    self.x[node as usize] = (self.x[a as usize] + self.x[b as usize]) / 2.0;
                }
            }
            if let Some(up) = by_layer.last_mut() {
                up.extend(nodes.iter().filter_map(|&n| parents[n as usize]));
            }
        }
    }
}

/// Keeps the entries of the nodes `map` numbers.
fn retain_kept<T: Clone>(values: &mut Chunks<T>, map: &[Option<u32>]) {
    let mut at = map.iter();
    values.retain(|_| at.next().is_some_and(Option::is_some));
}

/// Merges `b` into `a`, both ordered by `x`, in place: from the back, so each node of `a` right
/// of `b`'s first moves once and nothing is allocated beyond `a`'s growth.
fn merge_by_x(x: &Chunks<f32>, a: &mut Vec<u32>, b: &[u32]) {
    let mut i = a.len();
    let mut j = b.len();
    a.resize(i + j, 0);
    while j > 0 {
        let at = i + j - 1;
        if i > 0 && x[a[i - 1] as usize] >= x[b[j - 1] as usize] {
            a[at] = a[i - 1];
            i -= 1;
        } else {
            a[at] = b[j - 1];
            j -= 1;
        }
    }
}

/// Lays out the subtree of `root`, whose layer is set, with its leaves in the slots from
/// `slot` on, each parent centred over its first and last child; `placed` gets each node and
/// its layer after its children (so each layer's nodes come left to right). Returns the slot
/// after the last leaf. Without recursion: a depth-first search may be 100,000 levels deep.
fn place(
    forest: &Forest,
    root: u32,
    mut slot: f32,
    x: &mut Chunks<f32>,
    layer: &mut Chunks<u32>,
    mut placed: impl FnMut(u32, usize),
) -> f32 {
    // (node, index of the next child to visit)
    let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
    while let Some(top) = stack.last_mut() {
        let (node, next) = *top;
        let kids = forest.children(node);
        if let Some(&child) = kids.get(next) {
            top.1 += 1;
            layer[child as usize] = layer[node as usize] + 1;
            stack.push((child, 0));
            continue;
        }
        stack.pop();
        x[node as usize] = match (kids.first(), kids.last()) {
            (Some(&a), Some(&b)) => (x[a as usize] + x[b as usize]) / 2.0,
            _ => {
                slot += 1.0;
                slot - 1.0
            }
        };
        placed(node, layer[node as usize] as usize);
    }
    slot
}

/// Lays out `forest` (nodes unreachable from its roots get no layer and `x` 0).
#[must_use]
pub fn lay_out(forest: &Forest) -> Layout {
    let n = forest.len();
    let mut x: Chunks<f32> = std::iter::repeat_n(0.0, n).collect();
    let mut layer: Chunks<u32> = std::iter::repeat_n(0, n).collect();
    let mut layers: Vec<Vec<u32>> = Vec::new();
    let mut next_slot = 0f32;
    for &root in &forest.roots {
        next_slot = place(forest, root, next_slot, &mut x, &mut layer, |node, d| {
            if layers.len() <= d {
                layers.resize_with(d + 1, Vec::new);
            }
            layers[d].push(node);
        });
    }
    Layout {
        x,
        layer,
        layers,
        width: next_slot,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Random forests: node `i > 0` hangs under some node before it, or starts a new tree.
    fn forests() -> impl Strategy<Value = Vec<Option<u32>>> {
        prop::collection::vec((any::<u32>(), 0u8..10), 1..300).prop_map(|picks| {
            picks
                .iter()
                .enumerate()
                .map(|(i, &(p, root))| (i > 0 && root > 0).then(|| p % i as u32))
                .collect()
        })
    }

    proptest! {
        #[test]
        fn layers_never_overlap_and_parents_are_centred(parents in forests()) {
            let forest = Forest::from_parents(&parents);
            let layout = lay_out(&forest);
            // Every node is placed once, on the layer one below its parent.
            let placed: usize = layout.layers.iter().map(Vec::len).sum();
            prop_assert_eq!(placed, parents.len());
            for (i, p) in parents.iter().enumerate() {
                if let Some(p) = p {
                    prop_assert_eq!(layout.layer[i], layout.layer[*p as usize] + 1);
                }
            }
            // Nodes of a layer, in the listed order, stand at least one slot apart.
            for layer in &layout.layers {
                for w in layer.windows(2) {
                    prop_assert!(layout.x[w[1] as usize] - layout.x[w[0] as usize] >= 1.0);
                }
            }
            // A parent stands midway between its leftmost and rightmost child.
            for (i, _) in parents.iter().enumerate() {
                let kids: Vec<usize> = parents
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| **p == Some(i as u32))
                    .map(|(c, _)| c)
                    .collect();
                if let (Some(&a), Some(&b)) = (kids.first(), kids.last()) {
                    let mid = (layout.x[a] + layout.x[b]) / 2.0;
                    prop_assert!((layout.x[i] - mid).abs() < 1e-3);
                }
            }
            prop_assert!(layout.x.iter().all(|&x| x >= 0.0 && x < layout.width));
        }
    }

    /// The leaves of the forest of `parents`.
    fn leaves(parents: &[Option<u32>]) -> Vec<u32> {
        (0..parents.len() as u32)
            .filter(|&n| !parents.contains(&Some(n)))
            .collect()
    }

    proptest! {
        /// Giving leaves children several at a time, some under children given in the same
        /// batch, in place, lays the forest out as laying it out from scratch does; and taking
        /// the batches back in place, last first, gives each earlier layout back.
        #[test]
        fn growing_and_pruning_in_place_equals_laying_out_again(
            batches in prop::collection::vec(
                prop::collection::vec((any::<u32>(), 1usize..5), 1..6),
                1..15,
            ),
        ) {
            let mut parents = vec![None];
            let mut forest = Forest::from_parents(&parents);
            let mut layout = lay_out(&forest);
            let mut before = Vec::new();
            for batch in batches {
                before.push(layout.clone());
                let old = parents.len();
                for (pick, k) in batch {
                    let leaves = leaves(&parents);
                    let leaf = leaves[pick as usize % leaves.len()];
                    parents.extend(std::iter::repeat_n(Some(leaf), k));
                }
                let adopted: Vec<(u32, u32)> = {
                    let mut pairs: Vec<_> = (old..parents.len())
                        .map(|i| (parents[i].unwrap(), i as u32))
                        .collect();
                    pairs.sort_by_key(|&(p, _)| p);
                    pairs
                };
                forest.push_leaves(parents.len() - old);
                forest.adopt(&adopted);
                layout.grow(&forest, &parents, old);
                let again = Forest::from_parents(&parents);
                prop_assert_eq!(&forest, &again);
                prop_assert_eq!(&layout, &lay_out(&again));
            }
            while let Some(earlier) = before.pop() {
                // The general prune (by a map) and the one for the last nodes agree.
                let old = earlier.x.len();
                let map: Vec<Option<u32>> =
                    (0..parents.len() as u32).map(|i| ((i as usize) < old).then_some(i)).collect();
                let mut by_tail = layout.clone();
                by_tail.cut_tail(&forest, &parents, old);
                layout.prune(&forest, &parents, &map);
                let mut truncated = forest.clone();
                truncated.truncate(old);
                forest = forest.keep(&map);
                parents.truncate(old);
                let again = Forest::from_parents(&parents);
                prop_assert_eq!(&forest, &again);
                prop_assert_eq!(&truncated, &again);
                prop_assert_eq!(&layout, &lay_out(&again));
                prop_assert_eq!(&by_tail, &layout);
                prop_assert_eq!(&layout, &earlier);
            }
        }
    }

    #[test]
    fn between_finds_the_nodes_in_a_window() {
        // 0 has children 1, 2, 3; leaves at slots 0, 1, 2.
        let layout = lay_out(&Forest::from_parents(&[None, Some(0), Some(0), Some(0)]));
        assert!(layout.x.iter().eq(&[1.0, 0.0, 1.0, 2.0]));
        assert_eq!(layout.between(1, 0.5, 2.0), &[2, 3]);
        assert_eq!(layout.between(0, 0.0, 0.5), &[] as &[u32]);
        assert_eq!(layout.between(5, 0.0, 9.0), &[] as &[u32]);
    }
}
