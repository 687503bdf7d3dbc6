//! Published instances the benches and examples measure on, in one place so every figure names
//! the same boards.

use super::{SlidingPuzzle, default_goal};

/// One of Korf's 100 random 15-puzzles (1985, Table 1).
#[derive(Clone, Copy, Debug)]
pub struct Korf {
    /// Its number in Korf's table.
    pub id: u32,
    /// The start board, row-major, 0 the blank.
    pub board: [u8; 16],
    /// The optimal number of moves.
    pub moves: i64,
}

/// One of Korf's instances, written on one line.
const fn korf(id: u32, board: [u8; 16], moves: i64) -> Korf {
    Korf { id, board, moves }
}

/// Korf's instances #12, #42, #55, #79 and #97.
#[rustfmt::skip] // one instance a line, as Korf's table lists them
pub const KORF: [Korf; 5] = [
    korf(12, [14, 1, 9, 6, 4, 8, 12, 5, 7, 2, 3, 0, 10, 11, 13, 15], 45),
    korf(42, [4, 5, 7, 2, 9, 14, 12, 13, 0, 3, 6, 11, 8, 1, 15, 10], 42),
    korf(55, [13, 8, 14, 3, 9, 1, 0, 7, 15, 5, 4, 10, 12, 2, 6, 11], 41),
    korf(79, [0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15], 42),
    korf(97, [9, 14, 5, 7, 8, 15, 1, 2, 10, 4, 13, 6, 12, 0, 11, 3], 44),
];

/// Korf's instances #85 and #16: the bench's check on instances the engine was not tuned on
/// (#16 stores 1.9 million states under A\* with Manhattan distance).
#[rustfmt::skip] // one instance a line, as Korf's table lists them
pub const KORF_MORE: [Korf; 2] = [
    korf(85, [4, 7, 13, 10, 1, 2, 9, 6, 12, 8, 14, 5, 3, 0, 11, 15], 44),
    korf(16, [1, 3, 2, 5, 10, 9, 15, 6, 8, 14, 13, 11, 12, 4, 7, 0], 42),
];

impl Korf {
    /// Instance `id` of [`KORF`], if listed.
    #[must_use]
    pub fn get(id: u32) -> Option<Korf> {
        KORF.into_iter().find(|k| k.id == id)
    }

    /// The instance as a puzzle, with Korf's goal (the blank first, then 1 to 15).
    #[must_use]
    pub fn puzzle(&self) -> SlidingPuzzle<u64> {
        SlidingPuzzle::new(4, 4, self.board.to_vec(), (0..16).collect())
    }
}

/// One of the two hardest 8-puzzles: 31 moves from the usual goal (tiles in order, blank last).
pub const EIGHT_HARDEST: Eight = Eight {
    name: "hardest-31a",
    board: [8, 6, 7, 2, 5, 4, 3, 0, 1],
    moves: 31,
};

/// [`EIGHT_HARDEST`] as a puzzle.
#[must_use]
pub fn eight_hardest() -> SlidingPuzzle<u64> {
    EIGHT_HARDEST.puzzle()
}

/// An 8-puzzle to the usual goal (tiles in order, blank last).
#[derive(Clone, Copy, Debug)]
pub struct Eight {
    /// Its name in `scenarios/eight_puzzle_known.txt`, or the app's own.
    pub name: &'static str,
    /// The start board, row-major, 0 the blank.
    pub board: [u8; 9],
    /// The optimal number of moves.
    pub moves: i64,
}

impl Eight {
    /// The instance as a puzzle.
    #[must_use]
    pub fn puzzle(&self) -> SlidingPuzzle<u64> {
        SlidingPuzzle::new(3, 3, self.board.to_vec(), default_goal(3, 3))
    }
}

/// Short 8-puzzles: the chapter's (the app's built-in scenario) and two of the known ones in
/// `scenarios/eight_puzzle_known.txt`, searches of 35 to 664 states where set-up counts.
pub const EIGHTS: [Eight; 3] = [
    Eight {
        name: "542703816, the app's own",
        board: [5, 4, 2, 7, 0, 3, 8, 1, 6],
        moves: 12,
    },
    Eight {
        name: "nit-hard",
        board: [6, 5, 1, 3, 2, 8, 0, 4, 7],
        moves: 20,
    },
    Eight {
        name: "princeton 3x3-23",
        board: [6, 0, 8, 4, 3, 5, 1, 2, 7],
        moves: 23,
    },
];
