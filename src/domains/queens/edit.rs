//! The app's edits of an N-queens scenario on its board: lock, move or remove the queen, resize.

use super::Cell;
use super::MAX_SIZE;

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
