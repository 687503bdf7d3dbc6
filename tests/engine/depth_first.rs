//! The depth-first strategies on real domains: backtracking's stack, cycles and dropped
//! subtrees on a sliding puzzle, and iterative deepening's thresholds on 4 queens.

use frontier::domains::queens::NQueens;
use frontier::domains::sliding::{SlidingPuzzle, default_goal};
use frontier::engine::event::{Fate, Outcome};
use frontier::engine::search::Search;
use frontier::engine::settings::{Algorithm, Heuristic, Settings};

fn settings(depth_limit: Option<u32>) -> Settings {
    Settings {
        algorithm: Algorithm::Backtracking,
        heuristic: Heuristic::Manhattan,
        depth_limit,
        ..Settings::default()
    }
}

fn one_move() -> SlidingPuzzle<u64> {
    SlidingPuzzle::new(3, 3, vec![1, 2, 3, 4, 5, 6, 7, 0, 8], default_goal(3, 3))
}

#[test]
fn first_successor_is_on_top_of_the_stack() {
    let mut s = Search::new(one_move(), settings(Some(3)));
    let event = s.step().clone();
    // The blank at slot 7 has neighbours 4, 6, 8: tile 5 down comes first.
    let stored: Vec<_> = event.successors.iter().map(|x| x.id).collect();
    assert_eq!(stored, vec![Some(1), Some(2), Some(3)]);
    let order = s.strategy().open_order(s.core());
    assert_eq!(order, vec![1, 2, 3]);
    let next = s.strategy().next_pick(s.core()).unwrap();
    assert_eq!(next.explain(), "top of the stack");
}

#[test]
fn a_dead_end_backtracks_and_a_cycle_is_skipped() {
    // Depth limit 1: the first child (tile 5 down) is tested, not expanded; then the next.
    let mut s = Search::new(one_move(), settings(Some(1)));
    s.step();
    let event = s.step().clone();
    assert!(event.note.unwrap().to_string().contains("depth limit 1"));
    // Without a limit, the first child's expansion meets the start again: a cycle.
    let mut s = Search::new(one_move(), settings(None));
    s.step();
    let event = s.step().clone();
    let kept: Vec<_> = event
        .successors
        .iter()
        .filter(|x| x.fate == Fate::Kept)
        .map(|x| x.id)
        .collect();
    assert_eq!(kept, vec![Some(0)]);
    assert!(
        event
            .note
            .unwrap()
            .to_string()
            .contains("already on the current path")
    );
}

#[test]
fn finished_subtrees_are_dropped_but_counted() {
    let mut s = Search::new(
        SlidingPuzzle::<u64>::new(3, 3, vec![5, 4, 2, 7, 0, 3, 8, 1, 6], default_goal(3, 3)),
        settings(Some(12)),
    );
    s.run(u64::MAX);
    assert_eq!(s.outcome(), Some(&Outcome::GoalFound));
    let c = s.counts();
    assert!(c.states_stored > 1000, "{c:?}");
    assert!(
        s.core().notebook.len() < 40,
        "rows held {}",
        s.core().notebook.len()
    );
    assert_eq!(c.open + c.closed, s.core().notebook.len() as u64);
    let route = s.solution().unwrap();
    assert_eq!(route.len(), 13);
}

fn queens(algorithm: Algorithm, heuristic: Heuristic) -> Search<NQueens> {
    Search::new(
        NQueens::new(4, None),
        Settings {
            algorithm,
            heuristic,
            ..Settings::default()
        },
    )
}

/// The threshold notes of a run, in order.
fn thresholds(s: &mut Search<NQueens>) -> Vec<String> {
    let mut notes = Vec::new();
    while s.outcome().is_none() {
        if let Some(note) = s
            .step()
            .note
            .as_ref()
            .map(ToString::to_string)
            .filter(|n| n.starts_with("iteration"))
        {
            notes.push(note.split(" (").next().unwrap().to_string());
        }
    }
    notes
}

#[test]
fn iddfs_deepens_one_level_per_iteration() {
    let mut s = queens(Algorithm::Iddfs, Heuristic::QueensLeft);
    assert_eq!(s.strategy().status(), None);
    let notes = thresholds(&mut s);
    assert_eq!(
        notes[0],
        "iteration 1: threshold depth 0; at the depth limit 0: not expanded; backtrack"
    );
    assert_eq!(notes[1], "iteration 2: threshold depth 0 → 1");
    assert_eq!(notes.last().unwrap(), "iteration 5: threshold depth 3 → 4");
    assert_eq!(s.outcome(), Some(&Outcome::GoalFound));
    assert_eq!(
        s.strategy().status().unwrap(),
        "iterative deepening iteration 5, threshold depth ≤ 4"
    );
}

#[test]
fn ida_star_with_a_zero_heuristic_raises_f_one_step_at_a_time() {
    let mut s = queens(Algorithm::IdaStar, Heuristic::Zero);
    let notes = thresholds(&mut s);
    assert_eq!(notes.len(), 5);
    assert_eq!(notes[4], "iteration 5: threshold f 3 → 4");
    // With queens left as h, f is 4 everywhere: one iteration does it all.
    let mut s = queens(Algorithm::IdaStar, Heuristic::QueensLeft);
    let notes = thresholds(&mut s);
    assert_eq!(notes, vec!["iteration 1: threshold f 4 = h of the start"]);
}
