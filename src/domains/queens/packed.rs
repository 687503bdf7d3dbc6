//! The packed board and the attack bit sets: a board row's column in 5 bits (12 rows to a
//! word), the attacked columns and diagonals as `u64` sets.

use super::Cell;

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

impl Attacks {
    /// The squares `queens` attack on a board of `size`.
    pub(super) fn of(size: usize, queens: &[Cell]) -> Attacks {
        let mut a = Attacks::default();
        for &q in queens {
            a.add(size, q);
        }
        a
    }

    /// Adds queen `q` on a board of `size`.
    pub(super) fn add(&mut self, size: usize, q: Cell) {
        self.cols |= 1 << q.col;
        self.diag |= 1 << (q.row + q.col);
        self.anti |= 1 << (q.col + size - 1 - q.row);
    }

    /// Columns of `row` (on a board of `size`) no queen attacks.
    pub(super) fn safe(&self, size: usize, row: usize) -> u64 {
        let attacked = self.cols | (self.diag >> row) | (self.anti >> (size - 1 - row));
        !attacked & ((1u64 << size) - 1)
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
