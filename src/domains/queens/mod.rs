//! N-queens, the Queen's Challenge: place N queens on an N×N board so that none attacks
//! another, optionally around a queen the player locked in place.
//!
//! Search states fill the free rows top to bottom (skipping the locked row), one queen per row;
//! the successors of a state are the columns of the next row, left to right, and a column some
//! queen already attacks is pruned at generation (with forward checking, so is a column that
//! leaves a later row without a safe square). Generate and test instead runs through complete
//! candidate boards, in the order of the classic brute-force solvers (see `candidates.rs`).
//!
//! A state is packed: 5 bits of column per board row in three words plus a count, or, for the
//! candidates of "queens on any free squares" (boards up to 8×8), one bit per square.

mod candidates;
mod edit;
mod packed;
mod view;

pub use candidates::{MAX_ALL_SQUARES, count_words};
pub use edit::{MIN_EDIT_SIZE, QueensEdit, apply_edit};
pub use view::QueensView;

use crate::engine::cost::Cost;
use crate::engine::problem::{Problem, Refusal, Successor};
use crate::engine::settings::{Algorithm, Candidates, Heuristic, Settings};
use packed::{Attacks, col_of, with_col};
use serde::{Deserialize, Serialize};

/// A square of a board, counted from 0 at the top left (as scenario files write it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

/// The largest board (a column fits in 5 bits, a diagonal in a `u64`).
pub const MAX_SIZE: usize = 32;
/// A placement of queens (the locked queen is implied by the problem, not stored).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    /// The first `placed` free rows, top to bottom, hold one queen each; `cols` packs the
    /// column of board row `r` in 5 bits at word `r / 12`, shift `5 · (r % 12)`.
    Rows { cols: [u64; 3], placed: u8 },
    /// Queens on any squares, bit `row · size + col` (boards up to 8×8).
    Squares(u64),
}

/// Hashed in the notebook; a copy is 32 bytes.
impl crate::engine::notebook::Filed for Board {
    const HELD: bool = true;
}

/// The column a queen goes to in the next free row.
pub type Column = u8;

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
        let a = Attacks::of(self.size, queens);
        self.order[usize::from(placed) + 1..]
            .iter()
            .copied()
            .find(|&row| a.safe(self.size, row) == 0)
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
        let a = Attacks::of(self.size, &queens);
        let safe = a.safe(self.size, row);
        let later = &self.order[usize::from(placed) + 1..];
        for col in 0..self.size {
            let mv = Column::try_from(col).expect("at most 32 columns");
            let mut ok = safe >> col & 1 == 1;
            if ok && self.forward_checking {
                let mut b = a;
                b.add(self.size, Cell { row, col });
                ok = later.iter().all(|&r| b.safe(self.size, r) != 0);
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

    fn candidate_count(&self, mode: Candidates) -> Option<u128> {
        Some(self.count_candidates(mode))
    }

    fn first_candidate(&self, mode: Candidates) -> Option<Board> {
        Some(self.first_candidate_in(mode))
    }

    /// See [`NQueens::candidate_after`].
    fn next_candidate(&self, mode: Candidates, board: &Board) -> Option<Board> {
        self.candidate_after(mode, board)
    }
}

#[cfg(test)]
mod tests;
