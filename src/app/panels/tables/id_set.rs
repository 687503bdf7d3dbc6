//! A set of row ids as one bit per id: which rows a sorted list holds, and which of them an
//! update takes out, answered without a scan or a hash.

use crate::engine::notebook::NodeId;

/// Row ids, a bit each; grows to the largest id inserted.
#[derive(Debug, Default, Clone)]
pub(super) struct IdSet {
    words: Vec<u64>,
}

impl IdSet {
    /// The set of `ids`.
    pub(super) fn of(ids: &[NodeId]) -> IdSet {
        let mut set = IdSet::default();
        if let Some(&largest) = ids.iter().max() {
            set.words = vec![0; largest as usize / 64 + 1];
        }
        for &id in ids {
            set.insert(id);
        }
        set
    }

    pub(super) fn contains(&self, id: NodeId) -> bool {
        let (word, bit) = (id as usize / 64, id % 64);
        self.words.get(word).is_some_and(|w| w >> bit & 1 == 1)
    }

    pub(super) fn insert(&mut self, id: NodeId) {
        let (word, bit) = (id as usize / 64, id % 64);
        if word >= self.words.len() {
            // Twice the room, so a list growing row by row reallocates rarely.
            self.words.resize((word + 1).max(self.words.len() * 2), 0);
        }
        self.words[word] |= 1 << bit;
    }

    pub(super) fn remove(&mut self, id: NodeId) {
        if let Some(w) = self.words.get_mut(id as usize / 64) {
            *w &= !(1 << (id % 64));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::IdSet;
    use std::collections::BTreeSet;

    #[test]
    fn holds_what_was_inserted_and_not_removed() {
        let mut set = IdSet::of(&[3, 64, 200]);
        let mut model: BTreeSet<u32> = [3, 64, 200].into();
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let id = u32::try_from(seed % 1000).unwrap();
            if seed.is_multiple_of(3) {
                set.remove(id);
                model.remove(&id);
            } else {
                set.insert(id);
                model.insert(id);
            }
        }
        assert!((0..1100).all(|id| set.contains(id) == model.contains(&id)));
        assert!(!IdSet::default().contains(0));
    }
}
