//! How N-queens is shown: a placement in words, a board in a line, why a square is pruned, and
//! what the board view draws (the queens, the squares they attack, the square just tried and
//! the pruned squares of the next row with their reasons).

use super::packed::col_of;
use super::{Board, Cell, Column, MAX_SIZE, NQueens};
use crate::engine::problem::{Problem, Successor};
use crate::present::{BoardView, Presentation};

/// What the board view draws for one N-queens state.
#[derive(Clone, Debug, PartialEq)]
pub struct QueensView {
    pub size: usize,
    /// The queen in each row (`None`: empty), the locked queen included.
    pub rows: Vec<Option<usize>>,
    /// Every queen, the locked one included (the same queens as `rows`, unless a candidate of
    /// generate and test puts two queens in one row).
    pub queens: Vec<Cell>,
    /// The queen the player placed and the search may not move.
    pub locked: Option<Cell>,
    /// `attacked[row * size + col]`: some queen attacks the square (its own square aside).
    pub attacked: Vec<bool>,
    /// The queen placed last: the square this state tries.
    pub trying: Option<Cell>,
    /// Squares of the next row to fill that the search prunes, each with its reason.
    pub pruned: Vec<(Cell, String)>,
    /// Pairs of queens that attack each other (only complete candidates have any).
    pub conflicts: Vec<(Cell, Cell)>,
}

impl Presentation for NQueens {
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
        BoardView::new(self.view(board))
    }
}

impl NQueens {
    /// The board view of `board` (a refused instance shows its size and locked queen).
    pub(super) fn view(&self, board: &Board) -> QueensView {
        if self.validate().is_err() {
            // A refused instance is still shown: its size (within reason) and locked queen.
            let n = self.size.min(MAX_SIZE);
            return QueensView {
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
        QueensView {
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
}
