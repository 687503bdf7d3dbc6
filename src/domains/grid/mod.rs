//! Grid pathfinding: a map of floor, walls and terrain costs, 4- or 8-connected.
//!
//! Cells are `(x: column, y: row)` with the origin at the top left. A state is the index of the
//! cell the walker stands on (`y · width + x`), so the notebook holds one `u32` per state. Steps
//! follow the Moving AI benchmark's rules: a straight step costs 1, a diagonal step √2, and a
//! diagonal may not cut a blocked corner (both orthogonal neighbours must be passable). Entering
//! a cell of terrain cost `k` (a digit 1–9 in the map) multiplies the step's cost by `k`.
//!
//! Successors come clockwise from north: N, NE, E, SE, S, SW, W, NW (only N, E, S, W when
//! 4-connected). That fixed order is what first-stored and last-stored tie-breaks see.

mod edit;
mod map;
mod shown;

pub use edit::{GridEdit, map_text};
pub use map::GridMap;
pub use shown::GridView;

use crate::engine::cost::Cost;
use crate::engine::problem::{Problem, Refusal, Successor};
use crate::engine::settings::Heuristic;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A cell of the map, `(x: column, y: row)`, origin top left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cell {
    pub x: usize,
    pub y: usize,
}

/// Which neighbours a step may reach.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Moves {
    /// North, east, south, west.
    Four,
    /// The four straight steps plus the four diagonals (the Moving AI benchmark's rule, and the
    /// default so that Moving AI maps give their published lengths).
    #[default]
    Eight,
}

/// The cost of a diagonal step, √2 in exact billionths. Octile estimates use the same constant,
/// so an estimate and a real route along the same steps agree to the last billionth.
#[must_use]
pub fn diagonal() -> Cost {
    Cost::from_f64(std::f64::consts::SQRT_2)
}

/// Offsets of the eight directions, clockwise from north.
const DIRECTIONS: [(isize, isize, &str); 8] = [
    (0, -1, "north"),
    (1, -1, "north-east"),
    (1, 0, "east"),
    (1, 1, "south-east"),
    (0, 1, "south"),
    (-1, 1, "south-west"),
    (-1, 0, "west"),
    (-1, -1, "north-west"),
];

/// For each direction of [`DIRECTIONS`], where its cell is in the 3×3 block around a cell
/// ([`GridMap::around`], row by row from the north-west), and the two cells a diagonal step
/// passes between (a straight step names its own cell twice).
const BLOCK: [(usize, (usize, usize)); 8] = [
    (1, (1, 1)),
    (2, (1, 5)),
    (5, (5, 5)),
    (8, (5, 7)),
    (7, (7, 7)),
    (6, (7, 3)),
    (3, (3, 3)),
    (0, (3, 1)),
];

/// For each direction, the cells of the 3×3 block ([`BLOCK`]) a step there needs passable, as
/// bits: its own cell and, for a diagonal, the two it passes between.
const NEEDS: [u16; 8] = {
    let mut needs = [0; 8];
    let mut d = 0;
    while d < 8 {
        let (cell, (a, b)) = BLOCK[d];
        needs[d] = (1 << cell) | (1 << a) | (1 << b);
        d += 1;
    }
    needs
};

/// The directions a step from the centre of a 3×3 block ([`GridMap::around`]) may take, as
/// bits of the indices into [`DIRECTIONS`]: the cell it enters passable and, for a diagonal,
/// both cells it passes between (no corner cutting). Found all at once, without a branch a
/// direction.
fn allowed(around: &[u8; 9]) -> u8 {
    let passable = (0..9).fold(0u16, |bits, i| bits | (u16::from(around[i] != 0) << i));
    (0..8).fold(0u8, |bits, d| {
        bits | (u8::from(passable & NEEDS[d] == NEEDS[d]) << d)
    })
}

/// One grid pathfinding instance. The map is shared, so copies of a search (keyframes for
/// stepping back) do not copy a large map.
#[derive(Clone, Debug)]
pub struct Grid {
    map: Arc<GridMap>,
    /// Why the map itself is unusable, found while parsing (reported by `validate`).
    defect: Option<Refusal>,
    start: Cell,
    goal: Cell,
    /// The goal's cell index, worked out once: every expansion tests its pick against it.
    goal_index: Option<u32>,
    /// Splits a cell index into column and row ([`ByWidth`]).
    by_width: ByWidth,
    moves: Moves,
    diagonal: Cost,
    /// For each direction, how far the cell index moves and the step's cost on plain floor.
    /// The move is an `i32` on the `u32` cell index, so that a successor's cell needs no
    /// conversion (the map's cells are counted in `u32`, as states are).
    steps: [(i32, Cost); 8],
}

/// A step in one of the eight directions, as an index into the clockwise list from north.
pub type Step = u8;

/// For each set of directions (a bit per direction, as [`GridMap::moves`] gives them), the
/// directions in it in clockwise order and how many there are.
const LISTED: [([Step; 8], u8); 256] = {
    let mut listed = [([0; 8], 0); 256];
    let mut set = 0;
    while set < 256 {
        let (mut d, mut count) = (0, 0);
        while d < 8 {
            if set & (1 << d) != 0 {
                listed[set].0[count] = d as Step;
                count += 1;
            }
            d += 1;
        }
        listed[set].1 = count as u8;
        set += 1;
    }
    listed
};

/// Division of a cell index by the map's width as a multiplication: a `div` takes ~25 cycles,
/// and a search divides once for every state it estimates (the octile distance needs the
/// cell's column and row). The quotient is exact for every 32-bit index: `magic` is
/// ⌈2⁶⁴ / width⌉, and ⌊magic · index / 2⁶⁴⌋ = ⌊index / width⌋ whenever index and width fit in
/// 32 bits (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019). A map one
/// cell wide, whose magic would not fit in 64 bits, is every index's row.
#[derive(Clone, Copy, Debug)]
struct ByWidth {
    /// At least 1: a refused map is empty (width 0) but is still drawn, its one state at (0, 0).
    width: u32,
    /// ⌈2⁶⁴ / width⌉, or 0 for a width of 1.
    magic: u64,
}

impl ByWidth {
    fn new(width: usize) -> ByWidth {
        let width = u32::try_from(width.max(1)).expect("maps fit in u32");
        ByWidth {
            width,
            magic: u64::try_from((1u128 << 64).div_ceil(u128::from(width))).unwrap_or(0),
        }
    }

    /// The column and row of the cell at `index`.
    #[inline]
    fn column_row(self, index: u32) -> (u32, u32) {
        #[expect(clippy::cast_possible_truncation, reason = "a quotient of a u32")]
        let row = if self.magic == 0 {
            index
        } else {
            ((u128::from(self.magic) * u128::from(index)) >> 64) as u32
        };
        (index - row * self.width, row)
    }
}

impl Grid {
    /// An instance over a parsed map (or the reason the map could not be parsed, which
    /// [`Problem::validate`] then reports), so that even a refused instance can be shown.
    #[must_use]
    pub fn new(map: Result<GridMap, Refusal>, start: Cell, goal: Cell, moves: Moves) -> Grid {
        let (map, defect) = match map {
            Ok(map) => (map, None),
            Err(why) => (GridMap::default(), Some(why)),
        };
        let width = i32::try_from(map.width).expect("maps fit in i32");
        let diagonal = diagonal();
        let steps = DIRECTIONS.map(|(dx, dy, _)| {
            let base = if dx != 0 && dy != 0 {
                diagonal
            } else {
                Cost::ONE
            };
            let step = |d| i32::try_from(d).expect("a step is -1, 0 or 1");
            (step(dy) * width + step(dx), base)
        });
        let goal_index = map.index(goal).and_then(|i| u32::try_from(i).ok());
        let by_width = ByWidth::new(map.width);
        Grid {
            map: Arc::new(map),
            defect,
            start,
            goal,
            goal_index,
            by_width,
            moves,
            diagonal,
            steps,
        }
    }

    fn cell_of(&self, index: u32) -> (isize, isize) {
        let (x, y) = self.column_row(index);
        (
            isize::try_from(x).expect("maps fit in isize"),
            isize::try_from(y).expect("maps fit in isize"),
        )
    }

    /// The column and row of the cell at `index`.
    #[inline]
    fn column_row(&self, index: u32) -> (usize, usize) {
        let (x, y) = self.by_width.column_row(index);
        (x as usize, y as usize)
    }

    /// The directions a step may take, as bits of the indices into [`DIRECTIONS`].
    fn directions(&self) -> u8 {
        match self.moves {
            Moves::Four => 0b0101_0101,
            Moves::Eight => 0b1111_1111,
        }
    }

    fn check_cell(&self, what: &str, cell: Cell) -> Result<(), Refusal> {
        let (w, h) = (self.map.width, self.map.height);
        match self.map.index(cell) {
            None => Err(Refusal(format!(
                "the {what} (x: {}, y: {}) is off the {w}×{h} map",
                cell.x, cell.y
            ))),
            Some(i) if self.map.cells[i] == 0 => Err(Refusal(format!(
                "the {what} (x: {}, y: {}) is on a wall",
                cell.x, cell.y
            ))),
            Some(_) => Ok(()),
        }
    }

    /// The distances in columns and rows from `state` to the goal. Out of line: inlined into
    /// the search step, it would take registers the step's loop needs.
    #[inline(never)]
    fn offsets(&self, state: u32) -> (i64, i64) {
        let (x, y) = self.column_row(state);
        let (dx, dy) = (x.abs_diff(self.goal.x), y.abs_diff(self.goal.y));
        // Exact: a column or row of a map (and a distance between two) is below 2^32.
        #[expect(
            clippy::cast_possible_wrap,
            reason = "distances on a map are below 2^32"
        )]
        (dx as i64, dy as i64)
    }

    fn octile(&self, dx: i64, dy: i64) -> Cost {
        Cost::units(dx.max(dy) - dx.min(dy)) + self.diagonal * dx.min(dy)
    }
}

impl Problem for Grid {
    type State = u32;
    type Move = Step;

    fn validate(&self) -> Result<(), Refusal> {
        if let Some(why) = &self.defect {
            return Err(why.clone());
        }
        self.check_cell("start", self.start)?;
        self.check_cell("goal", self.goal)
    }

    fn start(&self) -> u32 {
        self.map
            .index(self.start)
            .and_then(|i| u32::try_from(i).ok())
            .unwrap_or(0)
    }

    fn is_goal(&self, state: &u32) -> bool {
        self.goal_index == Some(*state)
    }

    #[inline]
    fn successors(&self, state: &u32, out: &mut Vec<Successor<u32, Step>>) {
        // The map found each cell's directions when it was parsed (`GridMap::moves`); they are
        // taken clockwise, listed by `LISTED` so that the buffer is extended from a slice (room
        // made once, no check per successor).
        let allowed = self.map.moves(*state as usize) & self.directions();
        let (directions, count) = &LISTED[usize::from(allowed)];
        // Copied out of `self` and `state`, so that the loop does not read them again after
        // each write to `out` (which might alias them, for all the compiler knows).
        let (state, steps, cells, uniform) =
            (*state, &self.steps, &self.map.cells, self.map.uniform());
        out.extend(directions[..usize::from(*count)].iter().map(move |&d| {
            let (offset, base) = steps[usize::from(d & 7)];
            let next = state.wrapping_add_signed(offset);
            Successor::Child {
                state: next,
                mv: d,
                cost: if uniform {
                    base
                } else {
                    base * i64::from(cells[next as usize])
                },
            }
        }));
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        match self.moves {
            Moves::Eight => &[
                Heuristic::Octile,
                Heuristic::Euclidean,
                Heuristic::Chebyshev,
                Heuristic::Manhattan,
                Heuristic::Zero,
            ],
            Moves::Four => &[
                Heuristic::Manhattan,
                Heuristic::Octile,
                Heuristic::Euclidean,
                Heuristic::Chebyshev,
                Heuristic::Zero,
            ],
        }
    }

    /// Inlined: a search estimates every new successor, and the call was a quarter of it.
    #[inline]
    fn estimate(&self, state: &u32, heuristic: Heuristic) -> Cost {
        let (dx, dy) = self.offsets(*state);
        match heuristic {
            Heuristic::Manhattan => Cost::units(dx + dy),
            Heuristic::Octile => self.octile(dx, dy),
            // The straight line is never longer than the octile route; the clamp only absorbs
            // the rounding of √ to billionths, so the estimate stays admissible to the last digit.
            #[expect(clippy::cast_precision_loss, reason = "map sizes are far below 2^52")]
            Heuristic::Euclidean => {
                Cost::from_f64((dx as f64).hypot(dy as f64)).min(self.octile(dx, dy))
            }
            Heuristic::Chebyshev => Cost::units(dx.max(dy)),
            _ => Cost::ZERO,
        }
    }

    /// Manhattan distance overestimates once diagonal steps exist (a diagonal step costs √2 but
    /// reduces it by 2). Every other estimate here is at most the octile distance, which no
    /// route beats because every step costs at least its base cost.
    fn admissible(&self, heuristic: Heuristic) -> bool {
        !(self.moves == Moves::Eight && heuristic == Heuristic::Manhattan)
    }

    /// A step changes the column and row distances by at most one each. The octile distance
    /// (the larger plus √2 − 1 times the smaller) then changes by at most 1 on a straight step
    /// and by at most √2 on a diagonal, the same rounded √2 the step costs; Chebyshev's by at
    /// most 1; Manhattan's by 1 on a straight step. A step costs at least its base (terrain
    /// multiplies it by 1 or more). Manhattan with diagonals can drop by 2 on a step costing
    /// √2, and the straight line is rounded to the billionth on its own, so both are checked.
    fn consistent(&self, heuristic: Heuristic) -> bool {
        match heuristic {
            Heuristic::Octile | Heuristic::Chebyshev | Heuristic::Zero => true,
            Heuristic::Manhattan => self.moves == Moves::Four,
            _ => false,
        }
    }

    fn numbered_states(&self) -> usize {
        self.map.cells.len()
    }
}

#[cfg(test)]
mod tests;
