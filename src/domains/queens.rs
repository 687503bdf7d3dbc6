//! N-queens, the seed's Queen's Challenge: place N queens on an N×N board so that none attacks
//! another, optionally around a queen the player locked in place.
//!
//! Search states fill the free rows top to bottom (skipping the locked row), one queen per row;
//! the successors of a state are the columns of the next row, left to right, and a column some
//! queen already attacks is pruned at generation (with forward checking, so is a column that
//! leaves a later row without a safe square). Generate and test instead runs through complete
//! candidate boards, in the order of the seed's brute-force solvers.
//!
//! A state is packed: 5 bits of column per board row in three words plus a count, or, for the
//! candidates of "queens on any free squares" (boards up to 8×8), one bit per square.

use crate::engine::algo::generate_and_test::group_thousands;
use crate::engine::cost::Cost;
use crate::engine::problem::{Problem, Refusal, Successor};
use crate::engine::settings::{Algorithm, Candidates, Heuristic, Settings};
use crate::engine::view::{BoardView, Cell};

/// The largest board (a column fits in 5 bits, a diagonal in a `u64`).
pub const MAX_SIZE: usize = 32;
/// The largest board on which every placement of the free queens may be enumerated.
pub const MAX_ALL_SQUARES: usize = 8;
const COL_BITS: usize = 5;
const ROWS_PER_WORD: usize = 12;

/// A placement of queens (the locked queen is implied by the problem, not stored).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    /// The first `placed` free rows, top to bottom, hold one queen each; `cols` packs the
    /// column of board row `r` in 5 bits at word `r / 12`, shift `5 · (r % 12)`.
    Rows { cols: [u64; 3], placed: u8 },
    /// Queens on any squares, bit `row · size + col` (boards up to 8×8).
    Squares(u64),
}

/// The column a queen goes to in the next free row.
pub type Column = u8;

/// The squares each queen attacks, as bit sets: columns, diagonals (row + col) and
/// anti-diagonals (col − row + size − 1).
#[derive(Clone, Copy, Default)]
struct Attacks {
    cols: u64,
    diag: u64,
    anti: u64,
}

/// One N-queens instance.
#[derive(Clone, Debug)]
pub struct NQueens {
    size: usize,
    locked: Option<Cell>,
    forward_checking: bool,
    /// The free rows in the order they are filled.
    order: Vec<usize>,
}

impl NQueens {
    /// An instance; it is checked by [`Problem::validate`], not here, so that a refused board
    /// can still be shown.
    #[must_use]
    pub fn new(size: usize, locked: Option<Cell>) -> NQueens {
        let locked_row = locked.map(|c| c.row);
        NQueens {
            size,
            locked,
            forward_checking: false,
            order: (0..size.min(MAX_SIZE))
                .filter(|&r| Some(r) != locked_row)
                .collect(),
        }
    }

    /// The same instance, pruning children that leave a row still to fill with no safe square.
    #[must_use]
    pub fn with_forward_checking(mut self, on: bool) -> NQueens {
        self.forward_checking = on;
        self
    }

    /// Queens still to place on an empty board: the free rows.
    fn free(&self) -> usize {
        self.order.len()
    }

    fn full(&self) -> u64 {
        (1u64 << self.size) - 1
    }

    fn add(&self, a: &mut Attacks, q: Cell) {
        a.cols |= 1 << q.col;
        a.diag |= 1 << (q.row + q.col);
        a.anti |= 1 << (q.col + self.size - 1 - q.row);
    }

    /// Columns of `row` no queen in `a` attacks.
    fn safe(&self, a: &Attacks, row: usize) -> u64 {
        let attacked = a.cols | (a.diag >> row) | (a.anti >> (self.size - 1 - row));
        !attacked & self.full()
    }

    /// Every queen of `board`, the locked one included, in row order.
    #[must_use]
    pub fn queens(&self, board: &Board) -> Vec<Cell> {
        let mut queens: Vec<Cell> = self.locked.into_iter().collect();
        match *board {
            Board::Rows { cols, placed } => {
                queens.extend(self.order[..usize::from(placed)].iter().map(|&row| Cell {
                    row,
                    col: col_of(&cols, row),
                }));
            }
            Board::Squares(bits) => {
                queens.extend(
                    (0..self.size * self.size)
                        .filter(|&i| bits >> i & 1 == 1)
                        .map(|i| Cell {
                            row: i / self.size,
                            col: i % self.size,
                        }),
                );
            }
        }
        queens.sort_unstable();
        queens
    }

    fn attacks_of(&self, queens: &[Cell]) -> Attacks {
        let mut a = Attacks::default();
        for &q in queens {
            self.add(&mut a, q);
        }
        a
    }

    /// The next free row to fill, if any.
    fn next_row(&self, board: &Board) -> Option<usize> {
        match *board {
            Board::Rows { placed, .. } => self.order.get(usize::from(placed)).copied(),
            Board::Squares(_) => None,
        }
    }

    /// The first later row left without a safe square once `queens` stand, if any.
    fn blocked_row(&self, board: &Board, queens: &[Cell]) -> Option<usize> {
        let Board::Rows { placed, .. } = *board else {
            return None;
        };
        let a = self.attacks_of(queens);
        self.order[usize::from(placed) + 1..]
            .iter()
            .copied()
            .find(|&row| self.safe(&a, row) == 0)
    }

    /// The first queen of `queens` that attacks `square`, and whether along a line (column or
    /// row) rather than a diagonal.
    fn attacker(queens: &[Cell], square: Cell) -> Option<(Cell, bool)> {
        queens.iter().find_map(|&q| {
            if q == square {
                None
            } else if q.col == square.col || q.row == square.row {
                Some((q, true))
            } else {
                (q.row.abs_diff(square.row) == q.col.abs_diff(square.col)).then_some((q, false))
            }
        })
    }

    fn queen_words(&self, q: Cell) -> String {
        let which = if Some(q) == self.locked {
            "the locked queen"
        } else {
            "the queen"
        };
        format!("{which} at row {}, column {}", q.row, q.col)
    }

    /// Pairs of queens attacking each other.
    fn conflicts(queens: &[Cell]) -> Vec<(Cell, Cell)> {
        let mut pairs = Vec::new();
        for (i, &a) in queens.iter().enumerate() {
            for &b in &queens[i + 1..] {
                if a.row == b.row
                    || a.col == b.col
                    || a.row.abs_diff(b.row) == a.col.abs_diff(b.col)
                {
                    pairs.push((a, b));
                }
            }
        }
        pairs
    }

    /// The squares a free queen may stand on (all but the locked one), in reading order.
    fn free_squares(&self) -> Vec<usize> {
        let locked = self.locked.map(|c| c.row * self.size + c.col);
        (0..self.size * self.size)
            .filter(|&i| Some(i) != locked)
            .collect()
    }
}

fn col_of(cols: &[u64; 3], row: usize) -> usize {
    let word = cols[row / ROWS_PER_WORD];
    usize::try_from((word >> (COL_BITS * (row % ROWS_PER_WORD))) & 0x1f).expect("5 bits")
}

fn with_col(mut cols: [u64; 3], row: usize, col: usize) -> [u64; 3] {
    let shift = COL_BITS * (row % ROWS_PER_WORD);
    let word = &mut cols[row / ROWS_PER_WORD];
    *word = (*word & !(0x1f << shift)) | ((col as u64) << shift);
    cols
}

/// `n` choose `k`, saturating at `u128::MAX`.
fn choose(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        // c · (n − i) / (i + 1) stays whole at every step.
        let Some(m) = c.checked_mul((n - i) as u128) else {
            return u128::MAX;
        };
        c = m / (i as u128 + 1);
    }
    c
}

impl Problem for NQueens {
    type State = Board;
    type Move = Column;

    fn validate(&self) -> Result<(), Refusal> {
        if !(1..=MAX_SIZE).contains(&self.size) {
            return Err(Refusal(format!(
                "a board of size {} is not supported: N-queens goes from 1 to {MAX_SIZE}",
                self.size
            )));
        }
        if let Some(c) = self.locked
            && (c.row >= self.size || c.col >= self.size)
        {
            return Err(Refusal(format!(
                "the locked queen at row {}, column {} is off the {n}×{n} board (rows and columns count 0 to {})",
                c.row,
                c.col,
                self.size - 1,
                n = self.size
            )));
        }
        if self.free() == 0 {
            return Err(Refusal(
                "the locked queen already fills the board: nothing to search".into(),
            ));
        }
        Ok(())
    }

    fn supports(&self, _algorithm: Algorithm) -> Result<(), Refusal> {
        Ok(())
    }

    fn check_settings(&self, settings: &Settings) -> Result<(), Refusal> {
        if settings.algorithm == Algorithm::GenerateAndTest
            && settings.candidates == Candidates::AllSquares
            && self.size > MAX_ALL_SQUARES
        {
            return Err(Refusal(format!(
                "generate and test over all placements is offered up to {m}×{m}: a {n}×{n} board has {} candidates; use one queen per row",
                count_words(self.candidate_count(Candidates::AllSquares)),
                m = MAX_ALL_SQUARES,
                n = self.size
            )));
        }
        Ok(())
    }

    fn start(&self) -> Board {
        Board::Rows {
            cols: [0; 3],
            placed: 0,
        }
    }

    fn is_goal(&self, board: &Board) -> bool {
        let count = match *board {
            Board::Rows { placed, .. } => usize::from(placed),
            Board::Squares(bits) => bits.count_ones() as usize,
        };
        count == self.free() && Self::conflicts(&self.queens(board)).is_empty()
    }

    fn successors(&self, board: &Board, out: &mut Vec<Successor<Board, Column>>) {
        let (Board::Rows { cols, placed }, Some(row)) = (*board, self.next_row(board)) else {
            return;
        };
        let queens = self.queens(board);
        let a = self.attacks_of(&queens);
        let safe = self.safe(&a, row);
        let later = &self.order[usize::from(placed) + 1..];
        for col in 0..self.size {
            let mv = Column::try_from(col).expect("at most 32 columns");
            let mut ok = safe >> col & 1 == 1;
            if ok && self.forward_checking {
                let mut b = a;
                self.add(&mut b, Cell { row, col });
                ok = later.iter().all(|&r| self.safe(&b, r) != 0);
            }
            out.push(if ok {
                Successor::Child {
                    state: Board::Rows {
                        cols: with_col(cols, row, col),
                        placed: placed + 1,
                    },
                    mv,
                    cost: Cost::ONE,
                }
            } else {
                Successor::Pruned { mv }
            });
        }
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        &[Heuristic::QueensLeft, Heuristic::Zero]
    }

    fn estimate(&self, board: &Board, heuristic: Heuristic) -> Cost {
        match (heuristic, board) {
            (Heuristic::QueensLeft, Board::Rows { placed, .. }) => {
                Cost::units(i64::try_from(self.free() - usize::from(*placed)).expect("at most 32"))
            }
            _ => Cost::ZERO,
        }
    }

    fn describe_move(&self, from: &Board, col: Column) -> String {
        match self.next_row(from) {
            Some(row) => format!("queen at row {row}, column {col}"),
            None => format!("queen at column {col}"),
        }
    }

    fn explain_prune(&self, from: &Board, col: Column) -> String {
        let Some(row) = self.next_row(from) else {
            return "the board is full".into();
        };
        let square = Cell {
            row,
            col: usize::from(col),
        };
        let queens = self.queens(from);
        match Self::attacker(&queens, square) {
            Some((q, true)) => format!("column {col} attacked by {}", self.queen_words(q)),
            Some((q, false)) => format!(
                "row {row}, column {col} attacked along a diagonal by {}",
                self.queen_words(q)
            ),
            None => {
                let mut with = queens;
                with.push(square);
                match self.blocked_row(from, &with) {
                    Some(r) => format!(
                        "forward checking: a queen at row {row}, column {col} leaves row {r} no safe square"
                    ),
                    None => format!("column {col} pruned"),
                }
            }
        }
    }

    fn compact(&self, board: &Board) -> String {
        let queens = self.queens(board);
        (0..self.size)
            .map(|row| {
                let cols: Vec<String> = queens
                    .iter()
                    .filter(|q| q.row == row)
                    .map(|q| q.col.to_string())
                    .collect();
                if cols.is_empty() {
                    "·".to_string()
                } else {
                    cols.join("+")
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn board(&self, board: &Board) -> BoardView {
        if self.validate().is_err() {
            // A refused instance is still shown: its size (within reason) and locked queen.
            let n = self.size.min(MAX_SIZE);
            return BoardView::Queens {
                size: n,
                rows: vec![None; n],
                queens: Vec::new(),
                locked: self.locked,
                attacked: vec![false; n * n],
                trying: None,
                pruned: Vec::new(),
                conflicts: Vec::new(),
            };
        }
        let n = self.size;
        let queens = self.queens(board);
        let mut rows = vec![None; n];
        for q in &queens {
            rows[q.row].get_or_insert(q.col);
        }
        let mut attacked = vec![false; n * n];
        for (i, square) in attacked.iter_mut().enumerate() {
            let cell = Cell {
                row: i / n,
                col: i % n,
            };
            *square = Self::attacker(&queens, cell).is_some();
        }
        let trying = match *board {
            Board::Rows { cols, placed } if placed > 0 => {
                let row = self.order[usize::from(placed) - 1];
                Some(Cell {
                    row,
                    col: col_of(&cols, row),
                })
            }
            _ => None,
        };
        let mut successors = Vec::new();
        self.successors(board, &mut successors);
        let pruned = successors
            .iter()
            .filter_map(|s| match s {
                Successor::Pruned { mv } => Some((
                    Cell {
                        row: self.next_row(board).expect("successors exist"),
                        col: usize::from(*mv),
                    },
                    self.explain_prune(board, *mv),
                )),
                Successor::Child { .. } => None,
            })
            .collect();
        BoardView::Queens {
            size: n,
            rows,
            conflicts: Self::conflicts(&queens),
            queens,
            locked: self.locked,
            attacked,
            trying,
            pruned,
        }
    }

    fn candidate_count(&self, mode: Candidates) -> Option<u128> {
        Some(match mode {
            Candidates::OnePerRow => {
                (0..self.free()).fold(1u128, |c, _| c.saturating_mul(self.size as u128))
            }
            Candidates::AllSquares => choose(self.free_squares().len(), self.free()),
        })
    }

    fn first_candidate(&self, mode: Candidates) -> Option<Board> {
        Some(match mode {
            Candidates::OnePerRow => Board::Rows {
                cols: [0; 3],
                placed: u8::try_from(self.free()).expect("at most 32"),
            },
            Candidates::AllSquares => Board::Squares(
                self.free_squares()
                    .iter()
                    .take(self.free())
                    .fold(0, |bits, &i| bits | 1 << i),
            ),
        })
    }

    /// One queen per row counts like an odometer (the last row fastest); all squares runs
    /// through the choices of squares in lexicographic order, as the seed's nested loops do.
    fn next_candidate(&self, mode: Candidates, board: &Board) -> Option<Board> {
        match (mode, *board) {
            (Candidates::OnePerRow, Board::Rows { mut cols, placed }) => {
                for &row in self.order.iter().rev() {
                    let col = col_of(&cols, row) + 1;
                    if col < self.size {
                        return Some(Board::Rows {
                            cols: with_col(cols, row, col),
                            placed,
                        });
                    }
                    cols = with_col(cols, row, 0);
                }
                None
            }
            (Candidates::AllSquares, Board::Squares(bits)) => {
                let squares = self.free_squares();
                let m = squares.len();
                let mut picks: Vec<usize> =
                    (0..m).filter(|&i| bits >> squares[i] & 1 == 1).collect();
                let k = picks.len();
                let i = (0..k).rev().find(|&i| picks[i] < m - k + i)?;
                picks[i] += 1;
                for j in i + 1..k {
                    picks[j] = picks[j - 1] + 1;
                }
                Some(Board::Squares(
                    picks.iter().fold(0, |b, &p| b | 1 << squares[p]),
                ))
            }
            _ => None,
        }
    }
}

/// A candidate count in words: digits grouped by thousands, or "more than 10^38" when it
/// saturated.
#[must_use]
pub fn count_words(count: Option<u128>) -> String {
    match count {
        None => "no".into(),
        Some(u128::MAX) => "more than 10^38".into(),
        Some(c) => group_thousands(c),
    }
}

/// The smallest board the app's size control offers (smaller ones have no interesting search).
pub const MIN_EDIT_SIZE: usize = 4;

/// An edit of an N-queens scenario made on its board (the scenario keeps only the size and
/// the locked queen, so these are the edits there are).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueensEdit {
    /// A click on a square: locks the queen there, moves the locked queen there, or (on the
    /// locked queen's own square) removes it.
    Square(Cell),
    /// A new board size, clamped to `MIN_EDIT_SIZE..=MAX_SIZE`; a locked queen that falls
    /// off the smaller board is removed.
    Size(usize),
}

/// Applies `edit` to a scenario's `size` and `locked` queen; returns whether anything
/// changed (so the caller restarts the search only then). A click outside the board changes
/// nothing.
pub fn apply_edit(size: &mut usize, locked: &mut Option<Cell>, edit: QueensEdit) -> bool {
    let before = (*size, *locked);
    match edit {
        QueensEdit::Square(cell) if cell.row < *size && cell.col < *size => {
            *locked = if *locked == Some(cell) {
                None
            } else {
                Some(cell)
            };
        }
        QueensEdit::Square(_) => {}
        QueensEdit::Size(n) => {
            *size = n.clamp(MIN_EDIT_SIZE, MAX_SIZE);
            *locked = locked.filter(|c| c.row < *size && c.col < *size);
        }
    }
    before != (*size, *locked)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn candidates_are_counted_and_enumerated_in_the_seeds_order() {
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
        // The seed's figures for its game: 8^7 boards by rows, 63 choose 7 by squares.
        let seed = NQueens::new(8, Some(cell(3, 5)));
        assert_eq!(seed.candidate_count(Candidates::OnePerRow), Some(2_097_152));
        assert_eq!(
            seed.candidate_count(Candidates::AllSquares),
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
        let BoardView::Queens {
            rows,
            attacked,
            trying,
            pruned,
            conflicts,
            ..
        } = p.board(&play(&p, &[1]))
        else {
            panic!("a queens view")
        };
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
}
