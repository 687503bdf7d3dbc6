//! Hand moves on a start board, how the app makes a new puzzle: which tiles can slide, and
//! sliding one into the blank.

use super::next_to;

/// The slots whose tiles a hand move can slide on a board given tile by tile.
#[must_use]
pub fn slidable(width: usize, height: usize, tiles: &[u8]) -> Vec<usize> {
    match tiles.iter().position(|&t| t == 0) {
        Some(blank) if width > 0 => next_to(width, height, blank).collect(),
        _ => Vec::new(),
    }
}

/// A hand move on a start board (how the app makes a new puzzle): slides the tile in
/// `slot` into the blank. Returns false, changing nothing, when it is not next to the blank.
pub fn slide(width: usize, height: usize, tiles: &mut [u8], slot: usize) -> bool {
    if !slidable(width, height, tiles).contains(&slot) {
        return false;
    }
    let blank = tiles
        .iter()
        .position(|&t| t == 0)
        .expect("slidable found the blank");
    tiles.swap(blank, slot);
    true
}
