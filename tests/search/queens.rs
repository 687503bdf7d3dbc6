//! N-queens end to end: solution counts against OEIS A000170, every solution checked by an
//! independent checker and by brute force, forward checking against plain backtracking, and
//! generate and test.

use frontier::domains::queens::{Cell, QueensView};
use frontier::engine::event::Outcome;
use frontier::engine::settings::{Algorithm, Candidates};
use frontier::present::{BoardView, ShownSession};
use frontier::scenario::{Scenario, SearchSpec};
use std::collections::BTreeSet;
use std::path::Path;

fn session(problem: &str, spec: &SearchSpec) -> Box<dyn ShownSession> {
    Scenario::parse(
        &format!("Scenario(problem: {problem})"),
        "test",
        Path::new("."),
    )
    .expect("parses")
    .session(spec)
    .expect("builds")
}

fn spec(algorithm: Algorithm) -> SearchSpec {
    SearchSpec {
        algorithm: Some(algorithm),
        max_states: Some(1_000_000),
        ..SearchSpec::default()
    }
}

/// `spec` with a lower cap on states checked: for runs that must stop (or stay quick).
fn capped(algorithm: Algorithm, max_states: usize) -> SearchSpec {
    SearchSpec {
        max_states: Some(max_states),
        ..spec(algorithm)
    }
}

/// Backtracking with forward checking, which several tests compare against plain backtracking.
fn forward_checking() -> SearchSpec {
    SearchSpec {
        forward_checking: Some(true),
        ..spec(Algorithm::Backtracking)
    }
}

/// Generate-and-test drawing its boards from `candidates`.
fn generate(candidates: Candidates) -> SearchSpec {
    SearchSpec {
        candidates: Some(candidates),
        ..spec(Algorithm::GenerateAndTest)
    }
}

fn all(algorithm: Algorithm) -> SearchSpec {
    SearchSpec {
        all_solutions: Some(true),
        ..spec(algorithm)
    }
}

/// The queens of a board view, one column per row (`None` when a row has none or two).
fn columns(view: &BoardView) -> Vec<Option<usize>> {
    let Some(QueensView { size, queens, .. }) = view.get() else {
        panic!("not a queens board")
    };
    (0..*size)
        .map(|r| {
            let mut in_row = queens.iter().filter(|q| q.row == r);
            match (in_row.next(), in_row.next()) {
                (Some(q), None) => Some(q.col),
                _ => None,
            }
        })
        .collect()
}

/// An independent checker: one queen in every row, no two in a column or on a diagonal.
fn valid(cols: &[Option<usize>]) -> bool {
    let Some(cols): Option<Vec<usize>> = cols.iter().copied().collect() else {
        return false;
    };
    cols.iter().enumerate().all(|(r, &c)| {
        cols[r + 1..]
            .iter()
            .enumerate()
            .all(|(d, &c2)| c != c2 && c.abs_diff(c2) != d + 1)
    })
}

/// Every solution by brute force over permutations.
fn brute_force(n: usize) -> BTreeSet<Vec<usize>> {
    fn extend(n: usize, cols: &mut Vec<usize>, out: &mut BTreeSet<Vec<usize>>) {
        if cols.len() == n {
            let as_opt: Vec<Option<usize>> = cols.iter().map(|&c| Some(c)).collect();
            if valid(&as_opt) {
                out.insert(cols.clone());
            }
            return;
        }
        for c in 0..n {
            if !cols.contains(&c) {
                cols.push(c);
                extend(n, cols, out);
                cols.pop();
            }
        }
    }
    let mut out = BTreeSet::new();
    extend(n, &mut Vec::new(), &mut out);
    out
}

/// Runs to the end and returns the boards of every accepted goal.
fn solutions(s: &mut dyn ShownSession) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    let mut seen = 0;
    while s.view().outcome().is_none() {
        let pick = s.step().pick.clone();
        if s.view().counts().solutions > seen {
            seen = s.view().counts().solutions;
            let cols = columns(&s.shown().board(pick.expect("a goal is a pick").id));
            assert!(valid(&cols), "not a solution: {cols:?}");
            found.push(cols.into_iter().map(Option::unwrap).collect());
        }
    }
    found
}

fn known_counts() -> Vec<(usize, u64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/nqueens_counts.txt");
    std::fs::read_to_string(path)
        .expect("scenarios/nqueens_counts.txt is in the checkout")
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            Some((w.next()?.parse().ok()?, w.next()?.parse().ok()?))
        })
        .collect()
}

#[test]
fn backtracking_counts_match_the_known_numbers_up_to_10() {
    let known = known_counts();
    assert!(known.len() >= 10);
    for &(n, count) in known.iter().filter(|(n, _)| *n <= 10) {
        let mut s = session(
            &format!("NQueens(size: {n})"),
            &all(Algorithm::Backtracking),
        );
        let found = solutions(s.as_mut());
        assert_eq!(s.view().outcome(), Some(&Outcome::Exhausted), "n = {n}");
        assert_eq!(s.view().counts().solutions, count, "n = {n}");
        let distinct: BTreeSet<_> = found.iter().collect();
        assert_eq!(distinct.len() as u64, count, "n = {n}: repeated solutions");
    }
}

#[test]
fn every_solution_is_valid_and_they_are_the_brute_force_ones() {
    for n in [5, 6, 7] {
        let mut s = session(
            &format!("NQueens(size: {n})"),
            &all(Algorithm::Backtracking),
        );
        let found: BTreeSet<Vec<usize>> = solutions(s.as_mut()).into_iter().collect();
        assert_eq!(found, brute_force(n), "n = {n}");
    }
    // Around a locked queen: exactly the brute-force solutions through that square.
    let mut s = session(
        "NQueens(size: 8, locked: Some((row: 3, col: 5)))",
        &all(Algorithm::Backtracking),
    );
    let found: BTreeSet<Vec<usize>> = solutions(s.as_mut()).into_iter().collect();
    let through: BTreeSet<Vec<usize>> = brute_force(8)
        .into_iter()
        .filter(|cols| cols[3] == 5)
        .collect();
    assert!(!through.is_empty());
    assert_eq!(found, through);
}

#[test]
fn every_algorithm_but_generate_and_test_counts_92_solutions_of_8_queens() {
    for algorithm in Algorithm::ALL {
        if algorithm == Algorithm::GenerateAndTest {
            continue;
        }
        let mut s = session("NQueens(size: 8)", &all(algorithm));
        let found = solutions(s.as_mut());
        assert_eq!(found.len(), 92, "{algorithm}");
        assert_eq!(s.view().outcome(), Some(&Outcome::Exhausted), "{algorithm}");
    }
}

#[test]
fn every_algorithm_places_queens_around_the_locked_one() {
    for algorithm in Algorithm::ALL {
        let mut s = session(
            "NQueens(size: 8, locked: Some((row: 3, col: 5)))",
            &capped(algorithm, 200_000),
        );
        let found = solutions(s.as_mut());
        assert_eq!(s.view().outcome(), Some(&Outcome::GoalFound), "{algorithm}");
        assert_eq!(found[0][3], 5, "{algorithm}");
    }
}

#[test]
fn forward_checking_never_checks_more_and_finds_the_same_first_solution() {
    let boards = (4..=12).map(|n| format!("NQueens(size: {n})")).chain([
        "NQueens(size: 8, locked: Some((row: 3, col: 5)))".to_string(),
        "NQueens(size: 10, locked: Some((row: 0, col: 0)))".to_string(),
    ]);
    for board in boards {
        let mut plain = session(&board, &spec(Algorithm::Backtracking));
        let mut fc = session(&board, &forward_checking());
        let a = solutions(plain.as_mut());
        let b = solutions(fc.as_mut());
        assert_eq!(a, b, "{board}");
        assert_eq!(a.len(), 1, "{board}");
        let (pc, fcc) = (
            plain.view().counts().states_checked,
            fc.view().counts().states_checked,
        );
        assert!(fcc <= pc, "{board}: {fcc} > {pc}");
    }
    // And strictly fewer where it matters.
    let mut plain = session("NQueens(size: 12)", &spec(Algorithm::Backtracking));
    let mut fc = session("NQueens(size: 12)", &forward_checking());
    solutions(plain.as_mut());
    solutions(fc.as_mut());
    assert!(fc.view().counts().states_checked < plain.view().counts().states_checked);
}

#[test]
fn sizes_2_and_3_have_no_solution() {
    for n in [2, 3] {
        let mut s = session(
            &format!("NQueens(size: {n})"),
            &spec(Algorithm::Backtracking),
        );
        assert!(solutions(s.as_mut()).is_empty());
        assert_eq!(s.view().outcome(), Some(&Outcome::Exhausted));
    }
}

#[test]
fn generate_and_test_finds_a_valid_board_for_6_queens() {
    for candidates in Candidates::ALL {
        let mut s = session("NQueens(size: 6)", &generate(candidates));
        let faces = s.view().candidates().expect("a candidate count");
        let found = solutions(s.as_mut());
        assert_eq!(
            s.view().outcome(),
            Some(&Outcome::GoalFound),
            "{candidates}"
        );
        assert!(brute_force(6).contains(&found[0]), "{candidates}");
        let tested = s.view().counts().states_stored;
        assert!(u128::from(tested) <= faces);
        assert_eq!(s.view().counts().states_checked + 1, tested, "{candidates}");
        assert_eq!(s.view().rows(), 1, "only the candidate under test is held");
    }
}

#[test]
fn generate_and_test_stops_at_max_states_and_is_refused_off_queens() {
    let mut s = session("NQueens(size: 8)", &capped(Algorithm::GenerateAndTest, 100));
    assert_eq!(s.view().candidates(), Some(16_777_216));
    while s.view().outcome().is_none() {
        s.step();
    }
    assert_eq!(s.view().outcome(), Some(&Outcome::LimitReached));
    assert_eq!(s.view().counts().states_stored, 100);
    let s = session(
        "SlidingPuzzle(width: 3, height: 3, start: [1,2,3,4,5,6,7,0,8])",
        &spec(Algorithm::GenerateAndTest),
    );
    assert!(matches!(s.view().outcome(), Some(Outcome::Refused(why)) if why.contains("N-queens")));
    let s = session("NQueens(size: 9)", &generate(Candidates::AllSquares));
    assert!(matches!(s.view().outcome(), Some(Outcome::Refused(why)) if why.contains("up to 8×8")));
}

#[test]
fn refusals_say_why() {
    let s = session("NQueens(size: 40)", &spec(Algorithm::Backtracking));
    assert!(matches!(s.view().outcome(), Some(Outcome::Refused(why)) if why.contains("1 to 32")));
    let s = session(
        "NQueens(locked: Some((row: 8, col: 0)))",
        &spec(Algorithm::Backtracking),
    );
    assert!(
        matches!(s.view().outcome(), Some(Outcome::Refused(why)) if why.contains("off the 8×8"))
    );
    assert!(matches!(
        s.shown().start_board().get(),
        Some(QueensView {
            locked: Some(Cell { row: 8, col: 0 }),
            ..
        })
    ));
}

#[test]
fn backtracking_holds_only_the_path_and_its_siblings() {
    let mut s = session("NQueens(size: 10)", &all(Algorithm::Backtracking));
    let mut most = 0;
    while s.view().outcome().is_none() {
        s.step();
        most = most.max(s.view().rows());
        let c = s.view().counts();
        assert_eq!(c.open + c.closed, s.view().rows() as u64);
    }
    // 35,539 rows were written; never more than one row of siblings per level was held.
    assert_eq!(s.view().counts().states_stored, 35_539);
    assert!(most <= 10 * 10, "held {most}");
}

#[test]
fn the_library_queens_scenarios_run_as_their_notes_say() {
    for (name, text) in frontier::scenario::LIBRARY {
        if !name.starts_with("queens") {
            continue;
        }
        let scenario = Scenario::parse(text, name, Path::new("scenarios")).unwrap();
        assert!(
            !scenario.title.is_empty() && !scenario.notes.is_empty(),
            "{name}"
        );
        let mut s = scenario.session(&SearchSpec::default()).unwrap();
        let found = solutions(s.as_mut());
        assert_eq!(s.view().outcome(), Some(&Outcome::GoalFound), "{name}");
        if *name == "queens_4.ron" {
            assert_eq!((s.view().steps(), found[0].clone()), (9, vec![1, 3, 0, 2]));
        }
    }
}
