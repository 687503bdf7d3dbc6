//! A forest as child lists in one array, built from each node's parent.

use crate::present::tree::chunks::{Chunks, Span};
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
