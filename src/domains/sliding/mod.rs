//! Sliding-tile puzzles from 2×2 to 5×5 (the 8-, 15- and 24-puzzle among them).
//!
//! A state is the board packed into one integer, a few bits per slot (`u64` up to 16 slots,
//! `u128` up to 25), so the notebook stays small. Successors come in slot order, the reading
//! order of the tile that slides into the blank: the order ties rely on (the built-in puzzle
//! 542703816 ties on its second step).

mod hand;
pub mod instances;
mod shown;

pub use hand::{slidable, slide};
pub use shown::SlidingView;

use crate::engine::cost::Cost;
use crate::engine::problem::{Problem, Refusal, Successor};
use crate::engine::settings::Heuristic;
use std::fmt::Debug;
use std::hash::Hash;

/// A board packed into an integer, `BITS` bits per slot.
pub trait Packed:
    Copy + Eq + Hash + Debug + Default + Send + Sync + crate::engine::notebook::Filed + 'static
{
    const CELL_BITS: u32;
    /// Slots this packing can hold.
    const SLOTS: usize;
    fn get(self, slot: usize) -> u8;
    #[must_use]
    fn with(self, slot: usize, tile: u8) -> Self;
    /// The board with the tile in `slot` slid into the blank at `blank`: both slots change
    /// by the tile's bits.
    #[must_use]
    fn slid(self, blank: usize, slot: usize) -> Self;
    /// The first of the `SLOTS` slots that holds 0 (`SLOTS` when none does), found from all
    /// slots at once: a scan slot by slot was a quarter of a successor generation.
    fn first_zero(self) -> usize;
}

/// `cell` repeated in every one of `slots` slots of `bits` bits (the masks of
/// [`Packed::first_zero`]).
const fn repeat(cell: u128, bits: u32, slots: usize) -> u128 {
    let mut out = 0;
    let mut slot = 0;
    while slot < slots {
        out |= cell << (slot as u32 * bits);
        slot += 1;
    }
    out
}

macro_rules! packed {
    ($t:ty, $bits:expr) => {
        impl Packed for $t {
            const CELL_BITS: u32 = $bits;
            const SLOTS: usize = (<$t>::BITS / $bits) as usize;
            fn get(self, slot: usize) -> u8 {
                let mask: $t = (1 << Self::CELL_BITS) - 1;
                #[expect(clippy::cast_possible_truncation, reason = "masked to BITS ≤ 5 bits")]
                let tile = ((self >> (slot as u32 * Self::CELL_BITS)) & mask) as u8;
                tile
            }
            fn with(self, slot: usize, tile: u8) -> Self {
                let shift = slot as u32 * Self::CELL_BITS;
                let mask: $t = ((1 << Self::CELL_BITS) - 1) << shift;
                (self & !mask) | (<$t>::from(tile) << shift)
            }
            fn slid(self, blank: usize, slot: usize) -> Self {
                let tile = <$t>::from(self.get(slot));
                self ^ (tile << (blank as u32 * Self::CELL_BITS))
                    ^ (tile << (slot as u32 * Self::CELL_BITS))
            }
            fn first_zero(self) -> usize {
                // Subtracting 1 from every slot sets a slot's top bit where it was 0 and its
                // top bit was clear; the lowest such slot is the first zero (a slot above a
                // zero may borrow, but only the lowest is read).
                const LOW: $t = repeat(1, $bits, <$t>::BITS as usize / $bits) as $t;
                const HIGH: $t = LOW << ($bits - 1);
                let zeros = self.wrapping_sub(LOW) & !self & HIGH;
                (zeros.trailing_zeros() / Self::CELL_BITS) as usize
            }
        }
    };
}
packed!(u64, 4);
packed!(u128, 5);

/// One sliding-puzzle instance.
#[derive(Clone, Debug)]
pub struct SlidingPuzzle<B: Packed> {
    width: usize,
    height: usize,
    /// `width × height` for supported sizes, 0 otherwise (nothing is built for a refused size).
    slots: usize,
    start: Vec<u8>,
    goal: Vec<u8>,
    goal_board: B,
    /// `distance[tile * slots + slot]`: rows plus columns from `slot` to `tile`'s goal slot.
    distance: Vec<u8>,
    /// `goal_slot[tile]`.
    goal_slot: Vec<usize>,
    /// `moves[blank]`: how many slots are next to `blank` and which, in slot order
    /// ([`next_to`], worked out once per slot instead of once per successor generation).
    moves: Vec<(u8, [u8; 4])>,
}

/// Slides a tile, named by its slot, into the blank. The tile must be next to the blank.
pub type Slide = u8;

/// The goal layout used when a scenario names none: tiles in order, blank last. (For sizes
/// beyond any supported board it stops at tile 255; such boards are refused anyway.)
#[must_use]
pub fn default_goal(width: usize, height: usize) -> Vec<u8> {
    let n = width.saturating_mul(height);
    (1..n)
        .map_while(|t| u8::try_from(t).ok())
        .chain([0])
        .collect()
}

impl<B: Packed> SlidingPuzzle<B> {
    /// An instance; it is checked by [`Problem::validate`], not here, so that a refused start
    /// can still be shown.
    #[must_use]
    pub fn new(width: usize, height: usize, start: Vec<u8>, goal: Vec<u8>) -> Self {
        // Tables are built only for supported sizes; others are refused by `validate`.
        let supported = (2..=5).contains(&width) && (2..=5).contains(&height);
        let slots = if supported { width * height } else { 0 };
        let mut goal_slot = vec![0; slots.max(1)];
        // Only the board's own slots: a goal list longer than the board (refused by
        // `validate`) must not place a tile beyond it.
        for (slot, &tile) in goal.iter().enumerate().take(slots) {
            if let Some(entry) = goal_slot.get_mut(usize::from(tile)) {
                *entry = slot;
            }
        }
        let mut distance = vec![0u8; slots * slots];
        for tile in 1..slots {
            let home = goal_slot[tile];
            for slot in 0..slots {
                let d =
                    (home / width).abs_diff(slot / width) + (home % width).abs_diff(slot % width);
                distance[tile * slots + slot] = u8::try_from(d).expect("boards are at most 5×5");
            }
        }
        let goal_board = pack(&goal);
        let moves = (0..slots)
            .map(|blank| {
                let mut next = [0; 4];
                let mut n = 0;
                for slot in next_to(width, height, blank) {
                    next[n] = u8::try_from(slot).expect("at most 25 slots");
                    n += 1;
                }
                (u8::try_from(n).expect("at most 4"), next)
            })
            .collect();
        SlidingPuzzle {
            width,
            height,
            slots,
            start,
            goal,
            goal_board,
            distance,
            goal_slot,
            moves,
        }
    }

    fn slots(&self) -> usize {
        self.slots
    }

    fn blank(&self, board: B) -> usize {
        Some(board.first_zero())
            .filter(|&s| s < self.slots())
            .unwrap_or(0)
    }

    fn unpack(&self, board: B) -> Vec<u8> {
        (0..self.slots()).map(|s| board.get(s)).collect()
    }

    fn manhattan(&self, board: B) -> i64 {
        let n = self.slots();
        (0..n)
            .map(|slot| i64::from(self.distance[usize::from(board.get(slot)) * n + slot]))
            .sum()
    }

    /// Extra moves forced by tiles in their goal line but in the wrong order: for each row and
    /// column, two per tile that must leave the line (line length minus the longest run already
    /// in goal order).
    fn linear_conflicts(&self, board: B) -> i64 {
        let (w, h) = (self.width, self.height);
        let mut extra = 0;
        let mut line = Vec::with_capacity(w.max(h));
        for r in 0..h {
            line.clear();
            for c in 0..w {
                let tile = usize::from(board.get(r * w + c));
                if tile != 0 && self.goal_slot[tile] / w == r {
                    line.push(self.goal_slot[tile] % w);
                }
            }
            extra += line.len() - longest_increasing(&line);
        }
        for c in 0..w {
            line.clear();
            for r in 0..h {
                let tile = usize::from(board.get(r * w + c));
                if tile != 0 && self.goal_slot[tile] % w == c {
                    line.push(self.goal_slot[tile] / w);
                }
            }
            extra += line.len() - longest_increasing(&line);
        }
        2 * i64::try_from(extra).expect("small")
    }

    /// Inversions plus, on boards of even width, the blank's row: the quantity whose parity no
    /// move changes. `tiles` are checked ([`check_tiles`]): each below 25, so a bit each.
    fn parity_invariant(&self, tiles: &[u8]) -> usize {
        // From the last tile back: a tile's inversions are the smaller tiles after it, the
        // blank left out (a count over a bit set, not a scan of the rest: the scan was most of
        // a short search's validation).
        let mut after = 0u32;
        let mut inversions = 0;
        for &a in tiles.iter().rev() {
            let below = (1u32 << a) - 1;
            inversions += (after & below).count_ones() as usize;
            after |= (1 << a) & !1;
        }
        let blank_row = tiles.iter().position(|&t| t == 0).unwrap_or(0) / self.width;
        if self.width.is_multiple_of(2) {
            inversions + blank_row
        } else {
            inversions
        }
    }
}

/// The slots next to `blank` on a `width × height` board, in slot order: the tiles that can
/// slide into it. The one rule behind the search's successors and the app's hand moves.
pub(super) fn next_to(width: usize, height: usize, blank: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (blank / width, blank % width);
    [
        (row > 0).then(|| blank - width),
        (col > 0).then(|| blank - 1),
        (col + 1 < width).then(|| blank + 1),
        (row + 1 < height).then(|| blank + width),
    ]
    .into_iter()
    .flatten()
}

fn pack<B: Packed>(tiles: &[u8]) -> B {
    tiles
        .iter()
        .take(B::SLOTS)
        .enumerate()
        .fold(B::default(), |b, (slot, &t)| {
            b.with(slot, t & ((1 << B::CELL_BITS) - 1))
        })
}

fn longest_increasing(values: &[usize]) -> usize {
    let mut best = vec![1; values.len()];
    for i in 0..values.len() {
        for j in 0..i {
            if values[j] < values[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    best.into_iter().max().unwrap_or(0)
}

/// Checks that `tiles` holds every tile 0..n once.
fn check_tiles(what: &str, tiles: &[u8], n: usize) -> Result<(), Refusal> {
    if tiles.len() != n {
        return Err(Refusal(format!(
            "the {what} has {} tiles; a board of this size needs {n}",
            tiles.len()
        )));
    }
    // A bit a tile: a supported board has at most 25 (the caller checked its size first).
    let mut seen = 0u32;
    for &t in tiles {
        if usize::from(t) >= n {
            return Err(Refusal(format!(
                "the {what} holds tile {t}, but tiles go from 0 (the blank) to {}",
                n - 1
            )));
        }
        let bit = 1 << t;
        if seen & bit != 0 {
            return Err(Refusal(format!("the {what} holds tile {t} twice")));
        }
        seen |= bit;
    }
    Ok(())
}

impl<B: Packed> Problem for SlidingPuzzle<B> {
    type State = B;
    type Move = Slide;

    fn validate(&self) -> Result<(), Refusal> {
        if !(2..=5).contains(&self.width) || !(2..=5).contains(&self.height) {
            return Err(Refusal(format!(
                "a {}×{} board is not supported: width and height go from 2 to 5",
                self.width, self.height
            )));
        }
        let n = self.slots();
        check_tiles("start", &self.start, n)?;
        check_tiles("goal", &self.goal, n)?;
        if self.parity_invariant(&self.start) % 2 != self.parity_invariant(&self.goal) % 2 {
            return Err(Refusal(
                "this puzzle cannot be solved: no sequence of moves reaches the goal (inversion parity differs)"
                    .into(),
            ));
        }
        if self.start == self.goal {
            return Err(Refusal(
                "the start is already the goal: nothing to search".into(),
            ));
        }
        Ok(())
    }

    fn start(&self) -> B {
        pack(&self.start)
    }

    /// Half the orders of the tiles: a slide keeps the parity that [`Self::validate`] checks,
    /// and every order of that parity is reached (for boards from 2×2 up). `None` past
    /// `u64` (a 5×5 board's 25! is more).
    fn reachable_states(&self) -> Option<u64> {
        let orders = (1..=self.slots() as u64).try_fold(1u64, u64::checked_mul)?;
        Some(orders / 2)
    }

    fn is_goal(&self, state: &B) -> bool {
        *state == self.goal_board
    }

    #[inline]
    fn successors(&self, state: &B, out: &mut Vec<Successor<B, Slide>>) {
        let blank = self.blank(*state);
        let Some(&(n, next)) = self.moves.get(blank) else {
            return;
        };
        // Extended from a slice, the buffer is grown once, not checked per push.
        out.extend(next[..usize::from(n)].iter().map(|&mv| Successor::Child {
            state: state.slid(blank, usize::from(mv)),
            mv,
            cost: Cost::ONE,
        }));
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        &[
            Heuristic::Manhattan,
            Heuristic::LinearConflict,
            Heuristic::Misplaced,
            Heuristic::Zero,
        ]
    }

    fn estimate(&self, state: &B, heuristic: Heuristic) -> Cost {
        let moves = match heuristic {
            Heuristic::Manhattan => self.manhattan(*state),
            Heuristic::LinearConflict => self.manhattan(*state) + self.linear_conflicts(*state),
            Heuristic::Misplaced => (0..self.slots())
                .filter(|&s| {
                    let t = state.get(s);
                    t != 0 && t != self.goal[s]
                })
                .count()
                .try_into()
                .expect("small"),
            _ => 0,
        };
        Cost::units(moves)
    }

    /// A move costs 1 and slides one tile one slot: that tile's distance to its goal slot
    /// changes by exactly 1 and every other tile's not at all, so Manhattan distance changes by
    /// 1 and the misplaced count by at most 1. Linear conflicts can appear or go as a tile
    /// leaves a row, so that sum is checked.
    fn consistent(&self, heuristic: Heuristic) -> bool {
        matches!(
            heuristic,
            Heuristic::Manhattan | Heuristic::Misplaced | Heuristic::Zero
        )
    }

    /// Manhattan distance changes only by the slid tile's distance: it moves from `mv` to the
    /// parent's blank. Other heuristics are counted afresh. Inlined: it runs for every new row,
    /// and the call was a quarter of it.
    #[inline]
    fn estimate_child(
        &self,
        parent: &B,
        parent_h: Cost,
        child: &B,
        mv: Slide,
        heuristic: Heuristic,
    ) -> Cost {
        if heuristic != Heuristic::Manhattan {
            return self.estimate(child, heuristic);
        }
        let (from, n) = (usize::from(mv), self.slots());
        // The tile slid into the parent's blank. Not `Self::blank`, whose guard for a board
        // without one is a test too many in every step: a searched board always has its blank.
        let to = parent.first_zero();
        let row = usize::from(parent.get(from)) * n;
        let (before, after) = (self.distance[row + from], self.distance[row + to]);
        parent_h + Cost::units(i64::from(after) - i64::from(before))
    }
}

#[cfg(test)]
mod tests;
