//! Layouts of random forests, laid out whole and grown or pruned in place.

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
