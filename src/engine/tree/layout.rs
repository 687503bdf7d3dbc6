//! A layered layout of a forest: each node on the layer of its depth, leaves in slots one unit
//! apart from left to right, each parent centred over its first and last child. Subtrees take
//! disjoint runs of slots, so no two nodes of a layer come closer than one unit. One pass,
//! without recursion (a depth-first search may be 100,000 levels deep), linear in the nodes.
//! A best-first step only gives a leaf its children, so [`Layout::expand`] places those in
//! place (the slots right of the leaf move over) instead of laying out 150,000 nodes again.

/// A forest as child lists in one array (children of `n` are
/// `children[offsets[n]..offsets[n + 1]]`, left to right).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Forest {
    pub roots: Vec<u32>,
    pub offsets: Vec<u32>,
    pub children: Vec<u32>,
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
        let mut offsets = vec![0u32; n + 1];
        for &(p, _) in edges {
            offsets[p as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut children = vec![0u32; edges.len()];
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
    pub fn children(&self, n: u32) -> &[u32] {
        let n = n as usize;
        &self.children[self.offsets[n] as usize..self.offsets[n + 1] as usize]
    }

    /// Adds `n` nodes without children (their parent [`Forest::adopt`]s them).
    pub fn push_leaves(&mut self, n: usize) {
        let end = self.offsets.last().copied().unwrap_or(0);
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.offsets.extend(std::iter::repeat_n(end, n));
    }

    /// Makes `kids` the children of `parent`, which has none.
    pub fn adopt(&mut self, parent: u32, kids: &[u32]) {
        let p = parent as usize;
        let at = self.offsets[p + 1] as usize;
        debug_assert_eq!(self.offsets[p] as usize, at, "the parent had no children");
        self.children.splice(at..at, kids.iter().copied());
        let added = u32::try_from(kids.len()).expect("fewer than 4 billion children");
        for offset in &mut self.offsets[p + 1..] {
            *offset += added;
        }
    }
}

/// Where each node goes: `x` in slots, `layer` its depth; `layers[d]` lists layer `d`'s nodes
/// from left to right (so a view finds what is on screen by binary search).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layout {
    pub x: Vec<f32>,
    pub layer: Vec<u32>,
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
    /// Adds `n` nodes not placed yet (a leaf's new children, placed by [`Layout::expand`]).
    pub fn push_unplaced(&mut self, n: usize) {
        self.x.extend(std::iter::repeat_n(-1.0, n));
        self.layer.extend(std::iter::repeat_n(0, n));
    }

    /// Places the children `forest` gave `leaf`, a placed leaf until now, as [`lay_out`]
    /// would: they take its slot and the slots after it, everything right of it moves right to
    /// make room, and its ancestors are centred again over their children. `parents` gives
    /// each node's parent. Linear in the nodes, with one comparison and add each: far less
    /// than laying the forest out again.
    pub fn expand(&mut self, forest: &Forest, parents: &[Option<u32>], leaf: u32) {
        let kids = forest.children(leaf);
        let Some(room) = kids.len().checked_sub(1) else {
            return;
        };
        let (slot, room) = (self.x[leaf as usize], room as f32);
        for x in &mut self.x {
            if *x > slot {
                *x += room;
            }
        }
        let depth = self.layer[leaf as usize] + 1;
        for (i, &kid) in kids.iter().enumerate() {
            self.x[kid as usize] = slot + i as f32;
            self.layer[kid as usize] = depth;
        }
        // The leaf and its ancestors (moved by the shift if right of the slot) are centred.
        let mut at = Some(leaf);
        while let Some(node) = at {
            let (first, last) = centre_span(forest, node);
            self.x[node as usize] = (self.x[first as usize] + self.x[last as usize]) / 2.0;
            at = parents[node as usize];
        }
        let d = depth as usize;
        if self.layers.len() <= d {
            self.layers.resize_with(d + 1, Vec::new);
        }
        let layer = &mut self.layers[d];
        let at = layer.partition_point(|&n| self.x[n as usize] < slot);
        layer.splice(at..at, kids.iter().copied());
        self.width += room;
    }
}

/// The first and last child of `node`, which has children.
fn centre_span(forest: &Forest, node: u32) -> (u32, u32) {
    let kids = forest.children(node);
    (kids[0], kids[kids.len() - 1])
}

/// Lays out `forest` (nodes unreachable from its roots get no layer and `x` 0).
#[must_use]
pub fn lay_out(forest: &Forest) -> Layout {
    let n = forest.len();
    let mut x = vec![0f32; n];
    let mut layer = vec![0u32; n];
    let mut layers: Vec<Vec<u32>> = Vec::new();
    let mut next_slot = 0f32;
    // (node, index of the next child to visit)
    let mut stack: Vec<(u32, usize)> = Vec::new();
    for &root in &forest.roots {
        stack.push((root, 0));
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
                    next_slot += 1.0;
                    next_slot - 1.0
                }
            };
            let d = layer[node as usize] as usize;
            if layers.len() <= d {
                layers.resize_with(d + 1, Vec::new);
            }
            layers[d].push(node);
        }
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

    proptest! {
        /// Giving leaves children one at a time, in place, lays the forest out as laying it
        /// out from scratch does.
        #[test]
        fn expanding_leaves_in_place_equals_laying_out_again(
            growth in prop::collection::vec((any::<u32>(), 1usize..5), 1..60),
        ) {
            let mut parents = vec![None];
            let mut forest = Forest::from_parents(&parents);
            let mut layout = lay_out(&forest);
            for (pick, k) in growth {
                let leaves: Vec<u32> = (0..parents.len() as u32)
                    .filter(|&n| forest.children(n).is_empty())
                    .collect();
                let leaf = leaves[pick as usize % leaves.len()];
                let kids: Vec<u32> = (parents.len() as u32..).take(k).collect();
                parents.extend(std::iter::repeat_n(Some(leaf), k));
                forest.push_leaves(k);
                layout.push_unplaced(k);
                forest.adopt(leaf, &kids);
                layout.expand(&forest, &parents, leaf);
                let again = Forest::from_parents(&parents);
                prop_assert_eq!(&forest, &again);
                prop_assert_eq!(&layout, &lay_out(&again));
            }
        }
    }

    #[test]
    fn between_finds_the_nodes_in_a_window() {
        // 0 has children 1, 2, 3; leaves at slots 0, 1, 2.
        let layout = lay_out(&Forest::from_parents(&[None, Some(0), Some(0), Some(0)]));
        assert_eq!(layout.x, vec![1.0, 0.0, 1.0, 2.0]);
        assert_eq!(layout.between(1, 0.5, 2.0), &[2, 3]);
        assert_eq!(layout.between(0, 0.0, 0.5), &[] as &[u32]);
        assert_eq!(layout.between(5, 0.0, 9.0), &[] as &[u32]);
    }
}
