//! How a grid search is shown: a step in words, a cell in a line, the map's drawing, and where
//! a state stands (for the map views that colour every stored cell, and for exports).

use super::{DIRECTIONS, Grid, Step};
use crate::present::{BoardView, Presentation};
use std::sync::Arc;

/// What the board view draws for one state: a grid map in reading order, `cells[y · width + x]`
/// 0 for a wall, else the terrain cost of entering (1 for plain floor). `at` is the state's
/// cell; cells are `(x, y)`. The cells are the map's own, shared: a board a frame costs no copy
/// of the map.
#[derive(Clone, Debug, PartialEq)]
pub struct GridView {
    pub width: usize,
    pub height: usize,
    pub cells: Arc<[u8]>,
    pub start: (usize, usize),
    pub goal: (usize, usize),
    pub at: (usize, usize),
}

impl Presentation for Grid {
    fn describe_move(&self, from: &u32, mv: Step) -> String {
        let (x, y) = self.cell_of(*from);
        let (dx, dy, name) = DIRECTIONS[usize::from(mv) % 8];
        format!("{name} to ({}, {})", x + dx, y + dy)
    }

    fn compact(&self, state: &u32) -> String {
        let (x, y) = self.cell_of(*state);
        format!("({x}, {y})")
    }

    fn board(&self, state: &u32) -> BoardView {
        let (x, y) = self.cell_of(*state);
        BoardView::new(GridView {
            width: self.map.width,
            height: self.map.height,
            cells: Arc::clone(&self.map.cells),
            start: (self.start.x, self.start.y),
            goal: (self.goal.x, self.goal.y),
            at: (x.unsigned_abs(), y.unsigned_abs()),
        })
    }

    fn place(&self, state: &u32) -> Option<usize> {
        Some(*state as usize)
    }

    fn position(&self, state: &u32) -> Option<(i64, i64)> {
        // `cell_of` copes with a refused (empty) map, where dividing by its width could not.
        let (x, y) = self.cell_of(*state);
        Some((i64::try_from(x).ok()?, i64::try_from(y).ok()?))
    }
}
