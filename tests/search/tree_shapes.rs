//! The tree against the engine's own record: every expectation here is read off the rows and
//! the step events the search returned while it was stepped, never off the tree code.

use frontier::engine::event::{Fate, StepEvent};
use frontier::engine::notebook::{NodeId, Status};
use frontier::engine::session::Session;
use frontier::engine::settings::Algorithm;
use frontier::present::ShownSession;
use frontier::present::tree::shape::{EdgeKind, Item, Shape, ShapeOptions};
use frontier::present::tree::{Mark, OldEdge, StubReason, Tree};
use frontier::scenario::{Scenario, SearchSpec};
use std::path::Path;

fn session(name: &str, algorithm: Option<Algorithm>) -> Box<dyn ShownSession> {
    let scenario = Scenario::from_library(name).unwrap().unwrap();
    scenario
        .session(&SearchSpec {
            algorithm,
            ..SearchSpec::default()
        })
        .unwrap()
}

/// Steps `n` times and keeps every event.
fn step(s: &mut dyn Session, n: usize) -> Vec<StepEvent> {
    (0..n)
        .map_while(|_| (s.view().outcome().is_none()).then(|| s.step().clone()))
        .collect()
}

/// S–A costs 1, S–B 4 and A–B 1: Dijkstra stores B through S, then finds it cheaper via A.
const DETOUR: &str = r#"Scenario(
    title: "detour",
    problem: Graph(
        nodes: [(name: "S", x: 0, y: 0), (name: "A", x: 1, y: 0), (name: "B", x: 2, y: 0),
                (name: "G", x: 3, y: 0)],
        edges: [("S", "A", 1), ("S", "B", 4), ("A", "B", 1), ("B", "G", 1)],
        start: "S",
        goal: "G",
    ),
    search: (algorithm: Dijkstra),
)"#;

#[test]
fn a_cheaper_route_shows_the_new_parent_and_the_old_edge() {
    let scenario = Scenario::parse(DETOUR, "detour.ron", Path::new(".")).unwrap();
    let mut s = scenario.session(&SearchSpec::default()).unwrap();
    let mut seen = Vec::new();
    while s.view().outcome().is_none() {
        let before: Vec<_> = (0..s.view().rows() as NodeId)
            .map(|i| s.view().row(i).parent)
            .collect();
        let event = s.step().clone();
        let pick = event.pick.as_ref().map(|p| p.id);
        for x in &event.successors {
            if matches!(x.fate, Fate::Improved | Fate::Reopened) {
                let id = x.id.unwrap();
                seen.push((before[id as usize].unwrap(), id, pick.unwrap(), event.step));
            }
        }
    }
    assert!(!seen.is_empty(), "the detour improves B");
    let tree = Tree::of(s.view());
    for &(old, id, new, step) in &seen {
        assert!(tree.old_edges.contains(&OldEdge {
            from: old,
            to: id,
            step
        }));
        assert_eq!(tree.nodes[id as usize].parent, Some(new));
        assert_eq!(s.view().row(id).parent, Some(new));
    }
    // The shape draws the old edge dashed, besides the tree edge to the new parent.
    let shape = Shape::of(&tree, &ShapeOptions::default(), &|id| {
        s.shown().state_text(id)
    });
    let (old, id, new, _) = seen[0];
    let place = |r| shape.visible(r).unwrap();
    assert!(
        shape
            .extra
            .contains(&(place(old), place(id), EdgeKind::Replaced))
    );
    assert!(
        shape
            .forest
            .children(place(new))
            .iter()
            .any(|&c| c == place(id))
    );
}

#[test]
fn marks_and_stubs_follow_the_rows_and_the_fates() {
    let mut s = session("seed_542703816.ron", Some(Algorithm::AStar));
    let events = step(s.as_mut(), 12);
    let tree = Tree::of(s.view());
    assert_eq!(tree.nodes.len(), s.view().rows());
    let next = s.view().next_pick().map(|p| p.id);
    for node in &tree.nodes {
        let row = s.view().row(node.row);
        assert_eq!((node.parent, node.g, node.f), (row.parent, row.g, row.f));
        let picked = events
            .iter()
            .rev()
            .find(|e| e.pick.as_ref().map(|p| p.id) == Some(node.row));
        let expected = match row.status {
            Status::Open if next == Some(node.row) => Mark::NextPick,
            Status::Open => Mark::Open,
            Status::Closed if picked.is_some_and(|e| !e.successors.is_empty()) => Mark::Expanded,
            Status::Closed => Mark::NotExpanded,
        };
        assert_eq!(node.mark, expected, "row {}", node.row);
    }
    // One stub per successor that got no new row and changed none.
    for e in &events {
        let pick = e.pick.as_ref().unwrap().id;
        let kept: Vec<_> = e
            .successors
            .iter()
            .filter(|x| x.fate == Fate::Kept)
            .map(|x| StubReason::AlreadyStored(x.id.unwrap()))
            .collect();
        let stubs: Vec<_> = tree
            .stubs
            .iter()
            .filter(|st| st.parent == pick)
            .map(|st| st.reason)
            .collect();
        assert_eq!(stubs, kept, "step {}", e.step);
    }
    assert!(
        !tree.stubs.is_empty(),
        "the 8-puzzle meets its parent again"
    );
}

#[test]
fn pruned_squares_are_stubs_and_backtracking_drops_finished_rows() {
    let mut s = session("queens_4.ron", None);
    let events = step(s.as_mut(), 3);
    let tree = Tree::of(s.view());
    let last = events.last().unwrap();
    let pick = last.pick.as_ref().unwrap().id;
    let pruned = last
        .successors
        .iter()
        .filter(|x| x.fate == Fate::Pruned)
        .count();
    assert!(pruned > 0, "row 1's attacked squares are pruned");
    let stubs = tree
        .stubs
        .iter()
        .filter(|st| st.parent == pick && st.reason == StubReason::Pruned)
        .count();
    assert_eq!(stubs, pruned);
    assert_eq!(tree.nodes.len(), s.view().rows());
    assert_eq!(tree.iteration, None);
}

#[test]
fn ida_star_shows_the_current_iteration_and_its_cut_offs() {
    let mut s = session("one_move_123456708.ron", Some(Algorithm::IdaStar));
    let mut cut = None;
    while s.view().outcome().is_none() {
        let event = s.step().clone();
        if event
            .note
            .is_some_and(|n| n.to_string().contains("cut off"))
        {
            cut = Some((event.pick.unwrap().id, event.step));
            break;
        }
    }
    let (id, _) = cut.expect("an f over the threshold is cut off");
    let tree = Tree::of(s.view());
    assert_eq!(tree.nodes[id as usize].mark, Mark::CutOff);
    let status = s.view().strategy_status().unwrap();
    let iteration = tree.iteration.unwrap();
    assert!(
        status.contains(&format!("iteration {iteration},")),
        "{status}"
    );
    assert!(tree.caption().contains(&format!("iteration {iteration}")));
}

#[test]
fn iddfs_restarts_the_tree_each_iteration() {
    let mut s = session("queens_4.ron", Some(Algorithm::Iddfs));
    let mut iterations = 0;
    while s.view().outcome().is_none() {
        let event = s.step().clone();
        if event
            .note
            .is_some_and(|n| n.to_string().starts_with("iteration"))
        {
            iterations += 1;
        }
        let tree = Tree::of(s.view());
        assert_eq!(tree.iteration, Some(iterations));
        assert_eq!(tree.nodes.len(), s.view().rows());
        // Only the start is a root: the rows of old iterations are gone.
        let roots = tree.nodes.iter().filter(|n| n.parent.is_none()).count();
        assert_eq!(roots, 1);
    }
    assert!(iterations > 1);
}

#[test]
fn folding_merges_rows_with_the_same_state_and_collapsing_hides_a_subtree() {
    // Depth-first search on a map stores a city again on another branch.
    let mut s = session("romania.ron", Some(Algorithm::Backtracking));
    step(s.as_mut(), 8);
    let tree = Tree::of(s.view());
    let texts: Vec<String> = (0..s.view().rows() as NodeId)
        .map(|i| s.shown().state_text(i))
        .collect();
    let distinct: std::collections::BTreeSet<_> = texts.iter().collect();
    assert!(
        distinct.len() < s.view().rows(),
        "some state is stored twice"
    );
    let state_of = |id: NodeId| texts[id as usize].clone();
    let fold = ShapeOptions {
        fold: true,
        ..ShapeOptions::default()
    };
    let folded = Shape::of(&tree, &fold, &state_of);
    let rows = |shape: &Shape| {
        shape
            .items
            .iter()
            .filter(|i| matches!(i, Item::Row(_)))
            .count()
    };
    assert_eq!(rows(&folded), distinct.len());
    let plain = Shape::of(&tree, &ShapeOptions::default(), &state_of);
    assert_eq!(rows(&plain), s.view().rows());
    let collapse = ShapeOptions {
        collapsed: [0].into(),
        ..ShapeOptions::default()
    };
    let closed = Shape::of(&tree, &collapse, &state_of);
    assert!(closed.items.iter().eq(&[Item::Row(0)]));
    assert_eq!(closed.hidden[&0], s.view().rows() - 1);
}

mod growing {
    use super::*;
    use frontier::present::tree::{Growing, Update};
    use proptest::prelude::*;

    /// Scenarios that store again, find cheaper routes, reopen rows, or drop them.
    const SCENARIOS: [&str; 5] = [
        "seed_542703816.ron",
        "romania.ron",
        "graph_overestimate.ron",
        "grid_terrain.ron",
        "queens_4.ron",
    ];
    const ALGORITHMS: [Algorithm; 6] = [
        Algorithm::AStar,
        Algorithm::Dijkstra,
        Algorithm::BreadthFirst,
        Algorithm::Greedy,
        Algorithm::IdaStar,
        Algorithm::Backtracking,
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// However the search moves between updates (a few steps, many, back in time), the
        /// tree kept up to date equals the tree read from the start.
        #[test]
        fn an_updated_tree_equals_one_read_from_the_start(
            scenario in 0..SCENARIOS.len(),
            algorithm in 0..ALGORITHMS.len(),
            moves in prop::collection::vec((0usize..6, 0u8..8), 1..25),
        ) {
            let mut s = session(SCENARIOS[scenario], Some(ALGORITHMS[algorithm]));
            let mut growing = Growing::new(s.view());
            let plain = ShapeOptions::default();
            let mut shape = Shape::of(growing.tree(), &plain, &|_| String::new());
            for (steps, how) in moves {
                // A move back, or forward: one update for all its steps, or (so that going
                // back takes off the last nodes only) one per step.
                let updates = match how {
                    0 => {
                        let to = s.view().steps().saturating_sub(steps as u64 + 1);
                        s.rewind(to);
                        1
                    }
                    1..4 => steps,
                    _ => {
                        step(s.as_mut(), steps);
                        1
                    }
                };
                for _ in 0..updates {
                    if how > 0 && how < 4 {
                        step(s.as_mut(), 1);
                    }
                    let grown = match growing.update(s.view()) {
                        Update::Same => true,
                        Update::Rebuilt => false,
                        Update::Grew { .. } => shape.grow(growing.tree()),
                        Update::Shrank { .. } => shape.shrink(growing.tree()),
                    };
                    if !grown {
                        shape = Shape::of(growing.tree(), &plain, &|_| String::new());
                    }
                }
                let tree = Tree::of(s.view());
                prop_assert_eq!(growing.tree(), &tree);
                let full = Shape::of(&tree, &plain, &|_| String::new());
                prop_assert_eq!(drawing(&shape), drawing(&full));
            }
        }
    }

    /// What a shape draws, by item rather than by layout node (a grown shape numbers its
    /// nodes in the order they came): each item's place and parent item, and the other edges.
    type Drawing = (
        Vec<(Item, f32, u32, Option<Item>)>,
        Vec<(Item, Item, EdgeKind)>,
    );

    fn drawing(shape: &Shape) -> Drawing {
        let item = |i: u32| shape.items[i as usize];
        let key = |i: &Item| match *i {
            Item::Row(r) => (0, r as usize),
            Item::Stub(s) => (1, s),
        };
        let mut places: Vec<_> = (0..shape.items.len() as u32)
            .map(|i| {
                let at = i as usize;
                let parent = shape.parents[at].map(item);
                (item(i), shape.layout.x[at], shape.layout.layer[at], parent)
            })
            .collect();
        places.sort_by_key(|p| key(&p.0));
        let mut extra: Vec<_> = shape
            .extra
            .iter()
            .map(|&(a, b, k)| (item(a), item(b), k))
            .collect();
        extra.sort_by_key(|e| (key(&e.0), key(&e.1), e.2 == EdgeKind::Folded));
        (places, extra)
    }

    #[test]
    fn a_best_first_search_grows_and_goes_back_in_place() {
        let mut s = session("seed_542703816.ron", Some(Algorithm::AStar));
        step(s.as_mut(), 3);
        let mut growing = Growing::new(s.view());
        assert_eq!(growing.update(s.view()), Update::Same);
        let picked = s.view().next_pick().unwrap().id;
        step(s.as_mut(), 1);
        let Update::Grew { changed } = growing.update(s.view()) else {
            panic!("a step forward grows the tree")
        };
        assert!(changed.contains(&picked), "{changed:?}");
        let mut shape = Shape::of(&Tree::of(s.view()), &ShapeOptions::default(), &|_| {
            String::new()
        });
        step(s.as_mut(), 1);
        growing.update(s.view());
        assert!(
            shape.grow(growing.tree()),
            "a step adds leaves under a leaf"
        );
        let folded = ShapeOptions {
            fold: true,
            ..ShapeOptions::default()
        };
        let texts = |id: NodeId| s.shown().state_text(id);
        let mut folding = Shape::of(growing.tree(), &folded, &texts);
        assert!(
            !folding.grow(growing.tree()),
            "a folded shape is built anew"
        );
        // Back one step at a time: the tree and the shape go back in place, to what a full
        // rebuild gives.
        let plain = ShapeOptions::default();
        let mut shape = Shape::of(growing.tree(), &plain, &|_| String::new());
        step(s.as_mut(), 6);
        assert!(matches!(growing.update(s.view()), Update::Grew { .. }));
        assert!(shape.grow(growing.tree()), "six steps grow in place");
        while s.view().steps() > 2 {
            let picked = s.view().last_event().pick.as_ref().map(|p| p.id);
            assert!(s.rewind(s.view().steps() - 1));
            let Update::Shrank { changed } = growing.update(s.view()) else {
                panic!("a step back goes back in place")
            };
            assert!(picked.is_some_and(|p| changed.contains(&p)), "{changed:?}");
            assert!(shape.shrink(growing.tree()), "a step back prunes in place");
            let tree = Tree::of(s.view());
            assert_eq!(growing.tree(), &tree);
            let full = Shape::of(&tree, &plain, &|_| String::new());
            assert_eq!(drawing(&shape), drawing(&full));
        }
        // A depth-first search drops rows: going back reads again.
        let mut dfs = session("queens_4.ron", None);
        step(dfs.as_mut(), 3);
        let earlier = dfs.snapshot();
        step(dfs.as_mut(), 3);
        let mut growing = Growing::new(dfs.view());
        assert_eq!(growing.update(earlier.view()), Update::Rebuilt);
        assert_eq!(growing.tree(), &Tree::of(earlier.view()));
    }
}
