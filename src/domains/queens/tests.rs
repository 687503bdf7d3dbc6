//! N-queens' own tests: sizes, prunes and their reasons, goals, candidates, the board view
//! and the app's edits.

use super::*;
use crate::present::Presentation;

fn cell(row: usize, col: usize) -> Cell {
    Cell { row, col }
}

fn children(p: &NQueens, b: &Board) -> Vec<Successor<Board, Column>> {
    let mut out = Vec::new();
    p.successors(b, &mut out);
    out
}

/// The board after placing `cols` in the free rows, in order, checked against the domain's
/// own successors (each must be a child, not pruned).
fn play(p: &NQueens, cols: &[usize]) -> Board {
    cols.iter()
        .fold(p.start(), |b, &c| match children(p, &b).swap_remove(c) {
            Successor::Child { state, .. } => state,
            Successor::Pruned { .. } => panic!("column {c} pruned"),
        })
}

#[test]
fn sizes_and_locked_squares_are_checked() {
    let refuse = |p: NQueens| p.validate().unwrap_err().0;
    assert!(refuse(NQueens::new(0, None)).contains("from 1 to 32"));
    assert!(refuse(NQueens::new(33, None)).contains("size 33"));
    assert!(refuse(NQueens::new(8, Some(cell(8, 2)))).contains("off the 8×8 board"));
    assert!(refuse(NQueens::new(1, Some(cell(0, 0)))).contains("nothing to search"));
    assert!(NQueens::new(32, Some(cell(31, 31))).validate().is_ok());
    assert!(NQueens::new(2, None).validate().is_ok());
}

#[test]
fn prunes_name_the_attacking_queen() {
    let p = NQueens::new(8, Some(cell(3, 5)));
    let b = play(&p, &[4]);
    // Row 1: column 4 under the queen at row 0; column 3 and 5 on its diagonals; column 5
    // is also under the locked queen, but the first queen in row order is named.
    assert_eq!(
        p.explain_prune(&b, 4),
        "column 4 attacked by the queen at row 0, column 4"
    );
    assert_eq!(
        p.explain_prune(&b, 3),
        "row 1, column 3 attacked along a diagonal by the queen at row 0, column 4"
    );
    // Row 1, column 7 is on a diagonal of the locked queen only.
    assert_eq!(
        p.explain_prune(&b, 7),
        "row 1, column 7 attacked along a diagonal by the locked queen at row 3, column 5"
    );
    let pruned: Vec<Column> = children(&p, &b)
        .iter()
        .filter_map(|s| match s {
            Successor::Pruned { mv } => Some(*mv),
            Successor::Child { .. } => None,
        })
        .collect();
    assert_eq!(pruned, vec![3, 4, 5, 7]);
}

#[test]
fn the_locked_row_is_skipped() {
    let p = NQueens::new(4, Some(cell(1, 3)));
    let b = play(&p, &[0]);
    assert_eq!(p.describe_move(&b, 2), "queen at row 2, column 2");
    assert_eq!(p.compact(&b), "0 3 · ·");
}

#[test]
fn forward_checking_names_the_row_left_empty() {
    let p = NQueens::new(4, None).with_forward_checking(true);
    let b = play(&p, &[0]);
    assert_eq!(
        p.explain_prune(&b, 2),
        "forward checking: a queen at row 1, column 2 leaves row 2 no safe square"
    );
}

#[test]
fn goals_are_complete_and_peaceful() {
    let p = NQueens::new(4, None);
    assert!(p.is_goal(&play(&p, &[1, 3, 0, 2])));
    assert!(!p.is_goal(&play(&p, &[1, 3, 0])));
    let clash = Board::Rows {
        cols: [0; 3],
        placed: 4,
    };
    assert!(!p.is_goal(&clash));
    assert_eq!(
        p.estimate(&p.start(), Heuristic::QueensLeft),
        Cost::units(4)
    );
}

/// Walks every candidate and compares the number with the closed-form count.
fn walk(p: &NQueens, mode: Candidates) -> Vec<Board> {
    let mut all = vec![p.first_candidate(mode).unwrap()];
    while let Some(next) = p.next_candidate(mode, all.last().unwrap()) {
        all.push(next);
    }
    all
}

#[test]
fn candidates_are_counted_and_enumerated_in_odometer_and_lexicographic_order() {
    let p = NQueens::new(4, Some(cell(0, 0)));
    let rows = walk(&p, Candidates::OnePerRow);
    assert_eq!(rows.len(), 64);
    assert_eq!(p.candidate_count(Candidates::OnePerRow), Some(64));
    assert_eq!(p.compact(&rows[1]), "0 0 0 1", "the last row moves fastest");
    let squares = walk(&p, Candidates::AllSquares);
    assert_eq!(squares.len(), 455, "15 free squares choose 3 queens");
    assert_eq!(p.candidate_count(Candidates::AllSquares), Some(455));
    assert_eq!(p.compact(&squares[0]), "0+1+2+3 · · ·");
    assert_eq!(p.compact(&squares[1]), "0+1+2 0 · ·");
    let distinct: std::collections::BTreeSet<String> =
        squares.iter().map(|b| p.compact(b)).collect();
    assert_eq!(distinct.len(), 455);
    // The Queen's Challenge with a locked queen: 8^7 boards by rows, 63 choose 7 by squares.
    let challenge = NQueens::new(8, Some(cell(3, 5)));
    assert_eq!(
        challenge.candidate_count(Candidates::OnePerRow),
        Some(2_097_152)
    );
    assert_eq!(
        challenge.candidate_count(Candidates::AllSquares),
        Some(553_270_671)
    );
    assert_eq!(
        NQueens::new(32, None).candidate_count(Candidates::OnePerRow),
        Some(u128::MAX)
    );
}

#[test]
fn the_board_view_shows_attacks_the_square_tried_and_pruned_reasons() {
    let p = NQueens::new(4, None);
    let QueensView {
        rows,
        attacked,
        trying,
        pruned,
        conflicts,
        ..
    } = p.view(&play(&p, &[1]));
    assert_eq!(rows, vec![Some(1), None, None, None]);
    assert_eq!(trying, Some(cell(0, 1)));
    assert!(attacked[4 + 1] && attacked[4] && attacked[4 + 2] && !attacked[4 + 3]);
    assert!(!attacked[1], "a queen's own square");
    let cols: Vec<usize> = pruned.iter().map(|(c, _)| c.col).collect();
    assert_eq!(cols, vec![0, 1, 2]);
    assert!(pruned[1].1.contains("column 1 attacked"));
    assert!(conflicts.is_empty());
}

#[test]
fn board_edits_lock_move_and_remove_the_queen_and_resize() {
    let (mut size, mut locked) = (8, None);
    assert!(apply_edit(
        &mut size,
        &mut locked,
        QueensEdit::Square(cell(3, 5))
    ));
    assert_eq!(locked, Some(cell(3, 5)));
    // Another square moves it; its own square removes it.
    assert!(apply_edit(
        &mut size,
        &mut locked,
        QueensEdit::Square(cell(7, 7))
    ));
    assert_eq!(locked, Some(cell(7, 7)));
    assert!(apply_edit(
        &mut size,
        &mut locked,
        QueensEdit::Square(cell(7, 7))
    ));
    assert_eq!(locked, None);
    // Off the board: nothing.
    assert!(!apply_edit(
        &mut size,
        &mut locked,
        QueensEdit::Square(cell(8, 0))
    ));
    assert_eq!((size, locked), (8, None));
    // Shrinking drops a queen that no longer fits, keeps one that does; sizes are clamped.
    apply_edit(&mut size, &mut locked, QueensEdit::Square(cell(6, 1)));
    assert!(apply_edit(&mut size, &mut locked, QueensEdit::Size(7)));
    assert_eq!((size, locked), (7, Some(cell(6, 1))));
    assert!(apply_edit(&mut size, &mut locked, QueensEdit::Size(2)));
    assert_eq!((size, locked), (4, None));
    assert!(apply_edit(&mut size, &mut locked, QueensEdit::Size(99)));
    assert_eq!(size, 32);
    assert!(!apply_edit(&mut size, &mut locked, QueensEdit::Size(40)));
}
