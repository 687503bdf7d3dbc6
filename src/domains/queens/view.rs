//! What the board view of an N-queens state shows: the queens, the squares they attack, the
//! square just tried and the pruned squares of the next row with their reasons.

use super::packed::col_of;
use super::{Board, MAX_SIZE, NQueens};
use crate::engine::problem::{Problem, Successor};
use crate::engine::view::{BoardView, Cell};

impl NQueens {
    /// The board view of `board` (a refused instance shows its size and locked queen).
    pub(super) fn view(&self, board: &Board) -> BoardView {
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
}
