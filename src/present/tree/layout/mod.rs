//! A layered layout of a forest: each node on the layer of its depth, leaves in slots one unit
//! apart from left to right, each parent centred over its first and last child. Subtrees take
//! disjoint runs of slots, so no two nodes of a layer come closer than one unit. One pass,
//! without recursion (a depth-first search may be 100,000 levels deep), linear in the nodes.
//! A best-first step only gives leaves children, so [`Layout::grow`] places those in place
//! (the slots right of each leaf move over) instead of laying out 150,000 nodes again, and a
//! step back takes them away in place ([`Layout::prune`]). The per-node arrays grow in
//! [`Chunks`], so a growing tree never copies them whole.

mod forest;

pub use forest::{Forest, Parents};

use super::chunks::Chunks;

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
mod tests;
