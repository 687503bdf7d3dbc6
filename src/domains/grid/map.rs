//! A grid map as text: rows of floor, walls and terrain digits, checked with line and column.

use super::Cell;
use crate::domains::Malformed;
use std::sync::Arc;

/// The passable cells and terrain of a map: `0` is blocked, `1..=9` the cost of entering.
/// The cells are shared, so every [`GridView`](super::GridView) of the map (one a frame in the
/// app) borrows them instead of copying a million bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GridMap {
    pub width: usize,
    pub height: usize,
    pub cells: Arc<[u8]>,
    /// For each cell, the directions a step from it may take under the 8-connected rule (bit
    /// `d` for direction `d`, clockwise from north; see [`GridMap::moves`]). Found once when
    /// the map is parsed and shared like the cells, so that every query on the map reads one
    /// byte a state instead of its 3×3 block: finding them at each expansion was ~160
    /// instructions of the ~440 a grid's successors took (now ~275).
    moves: Arc<[u8]>,
    /// Whether every passable cell costs 1 to enter (Moving AI's maps), so that a step costs
    /// its direction's base and successors need not read the cell they enter.
    uniform: bool,
}

impl GridMap {
    /// Parses rows of map text: `.`, `G` and `S` are floor, `#`, `@`, `O`, `T` and `W` are
    /// walls (Moving AI's water is treated as a wall), `1`–`9` are floor with that terrain cost.
    ///
    /// # Errors
    /// An empty map, rows of different lengths, or a character that is not a cell, with its
    /// line and column in `text`.
    pub fn parse(text: &str) -> Result<GridMap, Malformed> {
        let rows: Vec<&str> = text
            .lines()
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        let rows = match rows.iter().rposition(|r| !r.is_empty()) {
            Some(last) => &rows[..=last],
            None => return Err(Malformed::at(1, 1, "the map is empty")),
        };
        let width = rows[0].chars().count();
        if width == 0 {
            return Err(Malformed::at(1, 1, "the map's first row is empty"));
        }
        let mut cells = Vec::with_capacity(width.saturating_mul(rows.len()));
        for (y, row) in rows.iter().enumerate() {
            let len = row.chars().count();
            if len != width {
                return Err(Malformed::at(
                    y + 1,
                    len.min(width) + 1,
                    format!(
                        "map row {y} has {len} cells but row 0 has {width}: every row must be as wide"
                    ),
                ));
            }
            for (x, c) in row.chars().enumerate() {
                cells.push(match c {
                    '.' | 'G' | 'S' => 1,
                    '#' | '@' | 'O' | 'T' | 'W' => 0,
                    '1'..='9' => u8::try_from(c.to_digit(10).unwrap_or(1)).unwrap_or(1),
                    other => {
                        return Err(Malformed::at(
                            y + 1,
                            x + 1,
                            format!(
                                "map cell (x: {x}, y: {y}) is '{other}', which is not a map cell \
                                 (use . for floor, # @ T for walls, 1-9 for terrain cost)"
                            ),
                        ));
                    }
                });
            }
        }
        let mut map = GridMap {
            width,
            height: rows.len(),
            uniform: cells.iter().all(|&c| c <= 1),
            cells: cells.into(),
            moves: Arc::default(),
        };
        let moves: Vec<u8> = (0..map.height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .map(|(x, y)| {
                let (x, y) = (
                    isize::try_from(x).expect("maps fit in isize"),
                    isize::try_from(y).expect("maps fit in isize"),
                );
                super::allowed(&map.around(x, y))
            })
            .collect();
        map.moves = moves.into();
        Ok(map)
    }

    /// The directions a step from cell `index` may take with diagonals allowed, as bits of
    /// the clockwise directions from north: its target passable and, for a diagonal, both
    /// cells beside it too (no corner cutting). None off the map.
    #[inline]
    pub(super) fn moves(&self, index: usize) -> u8 {
        self.moves.get(index).copied().unwrap_or(0)
    }

    /// Whether every passable cell costs 1 to enter.
    #[inline]
    pub(super) fn uniform(&self) -> bool {
        self.uniform
    }

    /// The index of `cell`, if it is on the map.
    #[must_use]
    pub fn index(&self, cell: Cell) -> Option<usize> {
        (cell.x < self.width && cell.y < self.height).then(|| cell.y * self.width + cell.x)
    }

    /// The terrain of the 3×3 block centred on `(x, y)`, row by row from its north-west corner
    /// (`0`: blocked or off the map). Inside the map
    /// it is three slices of three cells; only cells on the map's edge read cell by cell.
    pub(super) fn around(&self, x: isize, y: isize) -> [u8; 9] {
        let mut block = [0; 9];
        let w = self.width;
        match (usize::try_from(x), usize::try_from(y)) {
            (Ok(cx), Ok(cy)) if cx >= 1 && cy >= 1 && cx + 1 < w && cy + 1 < self.height => {
                let corner = (cy - 1) * w + cx - 1;
                for (row, cells) in block.chunks_exact_mut(3).enumerate() {
                    let from = corner + row * w;
                    cells.copy_from_slice(&self.cells[from..from + 3]);
                }
            }
            _ => {
                let offsets = (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)));
                for (cell, (dx, dy)) in block.iter_mut().zip(offsets) {
                    *cell = self.at(x + dx, y + dy).unwrap_or(0);
                }
            }
        }
        block
    }

    /// The terrain at `(x, y)`, `None` off the map.
    pub(super) fn at(&self, x: isize, y: isize) -> Option<u8> {
        let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
        (x < self.width && y < self.height).then(|| self.cells[y * self.width + x])
    }
}
