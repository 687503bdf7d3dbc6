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

use super::Malformed;
use crate::engine::cost::Cost;
use crate::engine::problem::{Problem, Refusal, Successor};
use crate::engine::settings::Heuristic;
use crate::engine::view::BoardView;
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

/// The passable cells and terrain of a map: `0` is blocked, `1..=9` the cost of entering.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GridMap {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<u8>,
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
        Ok(GridMap {
            width,
            height: rows.len(),
            cells,
        })
    }

    /// The index of `cell`, if it is on the map.
    #[must_use]
    pub fn index(&self, cell: Cell) -> Option<usize> {
        (cell.x < self.width && cell.y < self.height).then(|| cell.y * self.width + cell.x)
    }

    fn passable(&self, x: isize, y: isize) -> bool {
        self.at(x, y).is_some_and(|k| k > 0)
    }

    fn at(&self, x: isize, y: isize) -> Option<u8> {
        let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
        (x < self.width && y < self.height).then(|| self.cells[y * self.width + x])
    }
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
    moves: Moves,
    diagonal: Cost,
}

/// A step in one of the eight directions, as an index into the clockwise list from north.
pub type Step = u8;

impl Grid {
    /// An instance over a parsed map (or the reason the map could not be parsed, which
    /// [`Problem::validate`] then reports), so that even a refused instance can be shown.
    #[must_use]
    pub fn new(map: Result<GridMap, Refusal>, start: Cell, goal: Cell, moves: Moves) -> Grid {
        let (map, defect) = match map {
            Ok(map) => (map, None),
            Err(why) => (GridMap::default(), Some(why)),
        };
        Grid {
            map: Arc::new(map),
            defect,
            start,
            goal,
            moves,
            diagonal: diagonal(),
        }
    }

    fn cell_of(&self, index: u32) -> (isize, isize) {
        let i = index as usize;
        // A refused map is empty (width 0) but is still drawn: its one state sits at (0, 0).
        let w = self.map.width.max(1);
        (
            isize::try_from(i % w).expect("maps fit in isize"),
            isize::try_from(i / w).expect("maps fit in isize"),
        )
    }

    fn index_of(&self, x: isize, y: isize) -> u32 {
        let (x, y) = (x.unsigned_abs(), y.unsigned_abs());
        u32::try_from(y * self.map.width + x).expect("maps have fewer than 4 billion cells")
    }

    fn directions(&self) -> impl Iterator<Item = (usize, &'static (isize, isize, &'static str))> {
        let step = match self.moves {
            Moves::Four => 2,
            Moves::Eight => 1,
        };
        DIRECTIONS.iter().enumerate().step_by(step)
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

    /// The distances in columns and rows from `state` to the goal.
    fn offsets(&self, state: u32) -> (i64, i64) {
        let (x, y) = self.cell_of(state);
        let dx = (x.unsigned_abs()).abs_diff(self.goal.x);
        let dy = (y.unsigned_abs()).abs_diff(self.goal.y);
        (
            i64::try_from(dx).expect("small"),
            i64::try_from(dy).expect("small"),
        )
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
        self.map
            .index(self.goal)
            .is_some_and(|g| g == *state as usize)
    }

    fn successors(&self, state: &u32, out: &mut Vec<Successor<u32, Step>>) {
        let (x, y) = self.cell_of(*state);
        for (d, &(dx, dy, _)) in self.directions() {
            let (nx, ny) = (x + dx, y + dy);
            let Some(terrain) = self.map.at(nx, ny).filter(|&k| k > 0) else {
                continue;
            };
            let base = if dx != 0 && dy != 0 {
                // No corner cutting: both cells beside the diagonal must be open.
                if !self.map.passable(x + dx, y) || !self.map.passable(x, y + dy) {
                    continue;
                }
                self.diagonal
            } else {
                Cost::ONE
            };
            out.push(Successor::Child {
                state: self.index_of(nx, ny),
                mv: u8::try_from(d).expect("eight directions"),
                cost: base * i64::from(terrain),
            });
        }
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
        BoardView::Grid {
            width: self.map.width,
            height: self.map.height,
            cells: self.map.cells.clone(),
            start: (self.start.x, self.start.y),
            goal: (self.goal.x, self.goal.y),
            at: (x.unsigned_abs(), y.unsigned_abs()),
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::event::Outcome;
    use crate::engine::search::Search;
    use crate::engine::settings::{Algorithm, Settings};

    fn grid(map: &str, start: (usize, usize), goal: (usize, usize), moves: Moves) -> Grid {
        Grid::new(
            GridMap::parse(map).map_err(Refusal::from),
            Cell {
                x: start.0,
                y: start.1,
            },
            Cell {
                x: goal.0,
                y: goal.1,
            },
            moves,
        )
    }

    fn solve(g: Grid, algorithm: Algorithm, heuristic: Heuristic) -> Option<Cost> {
        let mut s = Search::new(
            g,
            Settings {
                algorithm,
                heuristic,
                ..Settings::default()
            },
        );
        match s.run(u64::MAX) {
            Some(Outcome::GoalFound) => {}
            _ => return None,
        }
        let id = *s.solution()?.last()?;
        Some(s.core().store.node(id).g)
    }

    #[test]
    fn the_wall_is_walked_round_without_cutting_its_corners() {
        // From (0,1) to (3,1) past ".##.": every diagonal round the wall would cut a corner, so
        // even 8-connected moves need north, east ×3, south.
        for moves in [Moves::Eight, Moves::Four] {
            let g = grid("....\n.##.\n....", (0, 1), (3, 1), moves);
            let h = g.heuristics()[0];
            assert_eq!(solve(g, Algorithm::AStar, h), Some(Cost::units(5)));
        }
        // One wall cell: north, east, east, then a south-east diagonal whose corners are open.
        let g = grid("....\n.#..\n....", (0, 1), (3, 1), Moves::Eight);
        assert_eq!(
            solve(g, Algorithm::AStar, Heuristic::Octile),
            Some(Cost::units(3) + diagonal())
        );
        // Corner to corner of an open 3×3: two diagonals; a wall in the middle blocks both.
        let g = grid("...\n...\n...", (0, 0), (2, 2), Moves::Eight);
        assert_eq!(
            solve(g, Algorithm::AStar, Heuristic::Octile),
            Some(diagonal() + diagonal())
        );
        let g = grid("...\n.#.\n...", (0, 0), (2, 2), Moves::Eight);
        assert_eq!(
            solve(g, Algorithm::AStar, Heuristic::Octile),
            Some(Cost::units(4))
        );
    }

    #[test]
    fn diagonals_never_cut_a_blocked_corner() {
        // (0,1) to (1,0): the diagonal passes the wall at (0,0), so it takes two straight steps.
        let g = grid("#.\n..", (0, 1), (1, 0), Moves::Eight);
        assert_eq!(
            solve(g, Algorithm::Dijkstra, Heuristic::Zero),
            Some(Cost::units(2))
        );
        let mut out = Vec::new();
        let g = grid("#.\n..", (0, 1), (1, 0), Moves::Eight);
        g.successors(&g.start(), &mut out);
        assert_eq!(
            out.len(),
            1,
            "only east: north is a wall, north-east cuts it"
        );
    }

    #[test]
    fn terrain_multiplies_the_cost_of_entering() {
        // Straight down through the 9 costs 10; round it on 1s costs 4.
        let g = grid("...\n.9.\n...", (1, 0), (1, 2), Moves::Four);
        assert_eq!(
            solve(g, Algorithm::Dijkstra, Heuristic::Zero),
            Some(Cost::units(4))
        );
        // A diagonal into terrain 3 costs 3√2; east then south (1 + 3) is cheaper.
        let g = grid("..\n.3", (0, 0), (1, 1), Moves::Eight);
        assert_eq!(
            solve(g, Algorithm::Dijkstra, Heuristic::Zero),
            Some(Cost::units(4))
        );
    }

    #[test]
    fn manhattan_is_refused_with_diagonals_unless_allowed() {
        let g = || grid("....\n....", (0, 0), (3, 1), Moves::Eight);
        assert!(!g().admissible(Heuristic::Manhattan));
        assert!(g().admissible(Heuristic::Chebyshev));
        let s = Search::new(
            g(),
            Settings {
                heuristic: Heuristic::Manhattan,
                ..Settings::default()
            },
        );
        match s.outcome() {
            Some(Outcome::Refused(why)) => assert!(why.contains("overestimate"), "{why}"),
            other => panic!("not refused: {other:?}"),
        }
        let mut s = Search::new(
            g(),
            Settings {
                heuristic: Heuristic::Manhattan,
                allow_inadmissible: true,
                ..Settings::default()
            },
        );
        assert_eq!(s.run(u64::MAX), Some(&Outcome::GoalFound));
    }

    #[test]
    fn estimates_never_exceed_the_true_distance_on_an_open_map() {
        // On an open 8-connected map the octile distance is exact; the others stay below it.
        let open = ["......."; 5].join("\n");
        for start in [(0, 0), (3, 4), (6, 1)] {
            let g = grid(&open, start, (1, 2), Moves::Eight);
            let s = g.start();
            let exact = solve(g.clone(), Algorithm::Dijkstra, Heuristic::Zero).unwrap();
            assert_eq!(g.estimate(&s, Heuristic::Octile), exact);
            for h in [Heuristic::Euclidean, Heuristic::Chebyshev, Heuristic::Zero] {
                assert!(g.estimate(&s, h) <= exact, "{h:?}");
            }
        }
    }

    #[test]
    fn malformed_maps_and_cells_are_refused_with_the_reason() {
        let why = |map: &str, start: (usize, usize)| {
            grid(map, start, (0, 0), Moves::Eight)
                .validate()
                .unwrap_err()
                .0
        };
        assert!(why("...\n..", (1, 0)).contains("row 1 has 2 cells"));
        assert!(why("..x", (1, 0)).contains("'x'"));
        assert!(why("", (1, 0)).contains("empty"));
        assert!(why("...", (5, 0)).contains("off the 3×1 map"));
        assert!(why(".#.", (1, 0)).contains("start (x: 1, y: 0) is on a wall"));
        assert!(grid("..", (0, 0), (1, 0), Moves::Four).validate().is_ok());
    }
}
