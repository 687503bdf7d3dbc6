//! Generate and test's candidates: complete boards counted and enumerated in a fixed order,
//! one queen per row (an odometer) or queens on any free squares (lexicographic choices).

use super::packed::{col_of, with_col};
use super::{Board, NQueens};
use crate::engine::algo::generate_and_test::group_thousands;
use crate::engine::settings::Candidates;

/// The largest board on which every placement of the free queens may be enumerated.
pub const MAX_ALL_SQUARES: usize = 8;

impl NQueens {
    /// The squares a free queen may stand on (all but the locked one), in reading order.
    pub(super) fn free_squares(&self) -> Vec<usize> {
        let locked = self.locked.map(|c| c.row * self.size + c.col);
        (0..self.size * self.size)
            .filter(|&i| Some(i) != locked)
            .collect()
    }

    /// How many candidates `mode` runs through (saturating at `u128::MAX`).
    pub(super) fn count_candidates(&self, mode: Candidates) -> u128 {
        match mode {
            Candidates::OnePerRow => {
                (0..self.free()).fold(1u128, |c, _| c.saturating_mul(self.size as u128))
            }
            Candidates::AllSquares => choose(self.free_squares().len(), self.free()),
        }
    }

    /// The first candidate of `mode`.
    pub(super) fn first_candidate_in(&self, mode: Candidates) -> Board {
        match mode {
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
        }
    }

    /// The candidate after `board` in `mode`, `None` after the last. One queen per row counts
    /// like an odometer (the last row fastest); all squares runs through the choices of squares
    /// in lexicographic order, as nested loops over the squares would.
    pub(super) fn candidate_after(&self, mode: Candidates, board: &Board) -> Option<Board> {
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
