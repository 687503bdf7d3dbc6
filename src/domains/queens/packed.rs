//! The packed board and the attack bit sets: a board row's column in 5 bits (12 rows to a
//! word), the attacked columns and diagonals as `u64` sets.

use super::NQueens;
use crate::engine::view::Cell;

const COL_BITS: usize = 5;
const ROWS_PER_WORD: usize = 12;

/// The squares each queen attacks, as bit sets: columns, diagonals (row + col) and
/// anti-diagonals (col − row + size − 1).
#[derive(Clone, Copy, Default)]
pub(super) struct Attacks {
    cols: u64,
    diag: u64,
    anti: u64,
}

impl NQueens {
    /// Every column of a row.
    fn full(&self) -> u64 {
        (1u64 << self.size) - 1
    }

    /// Adds queen `q` to the attacks `a`.
    pub(super) fn add(&self, a: &mut Attacks, q: Cell) {
        a.cols |= 1 << q.col;
        a.diag |= 1 << (q.row + q.col);
        a.anti |= 1 << (q.col + self.size - 1 - q.row);
    }

    /// Columns of `row` no queen in `a` attacks.
    pub(super) fn safe(&self, a: &Attacks, row: usize) -> u64 {
        let attacked = a.cols | (a.diag >> row) | (a.anti >> (self.size - 1 - row));
        !attacked & self.full()
    }

    /// The squares `queens` attack.
    pub(super) fn attacks_of(&self, queens: &[Cell]) -> Attacks {
        let mut a = Attacks::default();
        for &q in queens {
            self.add(&mut a, q);
        }
        a
    }
}

/// The column of board row `row` in a packed board.
pub(super) fn col_of(cols: &[u64; 3], row: usize) -> usize {
    let word = cols[row / ROWS_PER_WORD];
    usize::try_from((word >> (COL_BITS * (row % ROWS_PER_WORD))) & 0x1f).expect("5 bits")
}

/// The packed board with board row `row`'s column set to `col`.
pub(super) fn with_col(mut cols: [u64; 3], row: usize, col: usize) -> [u64; 3] {
    let shift = COL_BITS * (row % ROWS_PER_WORD);
    let word = &mut cols[row / ROWS_PER_WORD];
    *word = (*word & !(0x1f << shift)) | ((col as u64) << shift);
    cols
}
