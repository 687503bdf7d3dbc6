//! The grid board's pixels, one per cell, kept from frame to frame. After a few new steps only
//! the cells those steps touched are coloured again (each step's pick and its stored, improved
//! or reopened successors, read from the step record), and only the tiles holding them need
//! sending to the texture. A jump back in time, a new search, or a search whose rows do not
//! simply accumulate (depth-first searches drop rows) colours every cell again.

use crate::app::boards::palette::{CLOSED, OPEN, ROUTE};
use crate::engine::event::Fate;
use crate::engine::notebook::Status;
use crate::present::ShownSearch;
use eframe::egui::Color32;

pub const WALL: Color32 = Color32::from_rgb(0x30, 0x33, 0x38);
pub const FLOOR: Color32 = Color32::from_rgb(0xec, 0xe8, 0xde);
pub const HEAVY: Color32 = Color32::from_rgb(0x9a, 0x86, 0x5e);

/// Cells a side of the squares the texture is updated in.
pub const TILE: usize = 32;

/// What a cell holds beyond its terrain, in rising precedence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
enum Mark {
    #[default]
    None,
    Closed,
    Open,
    Route,
}

impl Mark {
    fn of(status: Status) -> Mark {
        match status {
            Status::Open => Mark::Open,
            Status::Closed => Mark::Closed,
        }
    }
}

/// Which search, at which step, the pixels show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    pub generation: u64,
    pub steps: u64,
    pub rows: usize,
}

/// What is drawn over the search's marks: the route's cells, then the solid cells (current,
/// start, goal; the last on top).
pub struct Overlay<'a> {
    pub route: &'a [usize],
    pub solid: [((usize, usize), Color32); 3],
}

/// Which pixels a draw changed.
#[derive(Debug, PartialEq, Eq)]
pub enum Changed {
    All,
    /// These cells (perhaps repeated).
    Cells(Vec<usize>),
}

/// The map's pixels and what they were drawn from.
#[derive(Clone, Default)]
pub struct Canvas {
    size: (usize, usize),
    marks: Vec<Mark>,
    pixels: Vec<Color32>,
    open: usize,
    closed: usize,
    /// The cells drawn over the marks last time, restored when the overlay moves.
    over: Vec<usize>,
    stamp: Option<Stamp>,
    /// Whether colouring only the touched cells is right for this search: it keeps every row
    /// it stores, one row per cell.
    incremental: bool,
}

impl Canvas {
    /// The pixels, row by row.
    #[must_use]
    pub fn pixels(&self) -> &[Color32] {
        &self.pixels
    }

    /// Cells with an open row, and cells with only closed rows.
    #[must_use]
    pub fn counts(&self) -> (usize, usize) {
        (self.open, self.closed)
    }

    /// Brings the pixels to `stamp` of `session` (`None`: the map alone) on the `terrain` of a
    /// `size` map, the overlay on top; says which pixels changed.
    pub fn draw(
        &mut self,
        size: (usize, usize),
        terrain: &[u8],
        session: Option<&dyn ShownSearch>,
        stamp: Stamp,
        overlay: &Overlay<'_>,
    ) -> Changed {
        let palette = palette();
        let mut changed = match self.touched(size, session, stamp) {
            Some(cells) => {
                for &c in &cells {
                    self.pixels[c] = base(&palette, terrain, &self.marks, c);
                }
                Changed::Cells(cells)
            }
            None => {
                self.colour_all(size, terrain, session, &palette);
                Changed::All
            }
        };
        let (width, height) = size;
        let solid = overlay
            .solid
            .iter()
            .filter(|((x, y), _)| *x < width && *y < height)
            .map(|&((x, y), colour)| (y * width + x, colour));
        let route = overlay.route.iter().filter(|&&c| c < width * height);
        let over: Vec<usize> = route.copied().chain(solid.clone().map(|s| s.0)).collect();
        if over != self.over {
            for &c in &self.over {
                self.pixels[c] = base(&palette, terrain, &self.marks, c);
            }
            if let Changed::Cells(cells) = &mut changed {
                cells.extend(self.over.iter().chain(&over));
            }
            self.over = over;
        }
        for &c in overlay.route.iter().filter(|&&c| c < width * height) {
            self.pixels[c] = palette[terrain_of(terrain, c) * 4 + Mark::Route as usize];
        }
        for (c, colour) in solid {
            self.pixels[c] = colour;
        }
        self.stamp = Some(stamp);
        changed
    }

    /// The cells whose marks changed since the stamp drawn, with their marks brought up to
    /// date; `None` when everything must be coloured again.
    fn touched(
        &mut self,
        size: (usize, usize),
        session: Option<&dyn ShownSearch>,
        stamp: Stamp,
    ) -> Option<Vec<usize>> {
        let old = self.stamp?;
        let cells = size.0 * size.1;
        let forward = old.generation == stamp.generation
            && self.size == size
            && stamp.steps >= old.steps
            && stamp.rows >= old.rows;
        let Some(session) = session else {
            return forward.then(Vec::new);
        };
        let new_steps = usize::try_from(stamp.steps - old.steps.min(stamp.steps)).ok()?;
        let record = session.step_record();
        if !forward
            || !self.incremental
            || record.len() < usize::try_from(stamp.steps).ok()?
            || new_steps > cells / 16
        {
            return None;
        }
        let mut touched = Vec::new();
        let from = usize::try_from(old.steps).ok()?;
        for step in from..from + new_steps {
            let rows = record.pick(step).into_iter().map(|id| (id, false));
            let successors = record.successors(step).filter_map(|s| match s.fate {
                Fate::StoredNew => Some((s.target, true)),
                Fate::Improved | Fate::Reopened => Some((s.target, false)),
                Fate::Kept | Fate::NotStoredFull | Fate::Pruned => None,
            });
            for (id, new) in rows.chain(successors) {
                let Some(cell) = session.place(id).filter(|&c| c < cells) else {
                    continue;
                };
                if new && self.marks[cell] != Mark::None {
                    // A second row on one cell: only a full colouring knows the cell's mark.
                    return None;
                }
                self.set(cell, Mark::of(session.row(id).status));
                touched.push(cell);
            }
        }
        Some(touched)
    }

    /// Sets a cell's mark, keeping the open and closed counts.
    fn set(&mut self, cell: usize, mark: Mark) {
        let count = |canvas: &mut Canvas, m: Mark, add: bool| {
            let n = match m {
                Mark::Open => &mut canvas.open,
                Mark::Closed => &mut canvas.closed,
                Mark::None | Mark::Route => return,
            };
            if add {
                *n += 1;
            } else {
                *n -= 1;
            }
        };
        count(self, self.marks[cell], false);
        self.marks[cell] = mark;
        count(self, mark, true);
    }

    /// Every stored row's mark by cell (open wins over closed), then every pixel.
    fn colour_all(
        &mut self,
        size: (usize, usize),
        terrain: &[u8],
        session: Option<&dyn ShownSearch>,
        palette: &[Color32; 40],
    ) {
        let cells = size.0 * size.1;
        self.size = size;
        self.marks = vec![Mark::None; cells];
        self.over.clear();
        let mut single = true;
        if let Some(session) = session {
            for (place, status) in session.places().iter().zip(session.statuses()) {
                let Some(cell) = place.filter(|&c| c < cells) else {
                    continue;
                };
                single &= self.marks[cell] == Mark::None;
                self.marks[cell] = self.marks[cell].max(Mark::of(status));
            }
        }
        // The best-first family keeps every row it stores (one per state); depth-first
        // searches drop finished rows, which no step's record names.
        self.incremental = single && session.is_some_and(|s| s.settings().algorithm.breaks_ties());
        self.open = self.marks.iter().filter(|&&m| m == Mark::Open).count();
        self.closed = self.marks.iter().filter(|&&m| m == Mark::Closed).count();
        self.pixels = (0..cells)
            .map(|c| base(palette, terrain, &self.marks, c))
            .collect();
    }
}

/// Ten terrains × four marks: each pixel is one lookup.
fn palette() -> [Color32; 40] {
    std::array::from_fn(|i| {
        let k = u8::try_from(i / 4).expect("ten terrains");
        if k == 0 {
            return WALL;
        }
        let ground = FLOOR.lerp_to_gamma(HEAVY, f32::from(k.max(1) - 1) / 8.0);
        [
            ground,
            ground.lerp_to_gamma(CLOSED, 0.6),
            ground.lerp_to_gamma(OPEN, 0.75),
            ROUTE,
        ][i % 4]
    })
}

fn terrain_of(terrain: &[u8], cell: usize) -> usize {
    usize::from(terrain[cell].min(9))
}

fn base(palette: &[Color32; 40], terrain: &[u8], marks: &[Mark], cell: usize) -> Color32 {
    palette[terrain_of(terrain, cell) * 4 + marks[cell] as usize]
}

/// The tiles (left, top, width, height in cells) holding `cells` of a `width`×`height` map,
/// each once, in order.
#[must_use]
pub fn tiles(cells: &[usize], (width, height): (usize, usize)) -> Vec<[usize; 4]> {
    let across = width.div_ceil(TILE);
    let mut ids: Vec<usize> = cells
        .iter()
        .map(|&c| (c / width / TILE) * across + (c % width) / TILE)
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids.into_iter()
        .map(|t| {
            let (x, y) = ((t % across) * TILE, (t / across) * TILE);
            [x, y, TILE.min(width - x), TILE.min(height - y)]
        })
        .collect()
}

/// `tiles` (in order, as [`tiles`] gives them) with each run of neighbours along a row of
/// tiles joined into one strip: fewer, wider pieces to send to the texture.
#[must_use]
pub fn strips(tiles: &[[usize; 4]]) -> Vec<[usize; 4]> {
    let mut strips: Vec<[usize; 4]> = Vec::with_capacity(tiles.len());
    for &[x, y, w, h] in tiles {
        match strips.last_mut() {
            Some(last) if last[1] == y && last[0] + last[2] == x => last[2] += w,
            _ => strips.push([x, y, w, h]),
        }
    }
    strips
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::grid::GridView;
    use crate::present::ShownTimeline;
    use crate::scenario::{LIBRARY, Scenario};
    use std::path::Path;

    fn timeline(name: &str) -> ShownTimeline {
        let (_, text) = LIBRARY.iter().find(|(n, _)| *n == name).unwrap();
        let scenario = Scenario::parse(text, name, Path::new("scenarios")).unwrap();
        ShownTimeline::new(scenario.session(&Default::default()).unwrap())
    }

    /// Draws `view` on `canvas` and on a fresh canvas; both must agree pixel for pixel.
    fn draw_both(canvas: &mut Canvas, view: &dyn ShownSearch, route: &[usize]) -> Changed {
        let GridView {
            width,
            height,
            cells,
            ..
        } = view
            .start_board()
            .get::<GridView>()
            .expect("a grid scenario")
            .clone();
        let stamp = Stamp {
            generation: 1,
            steps: view.steps(),
            rows: view.rows(),
        };
        let overlay = Overlay {
            route,
            solid: [
                ((0, 0), Color32::RED),
                ((1, 1), Color32::BLUE),
                ((9, 9), Color32::GREEN),
            ],
        };
        let changed = canvas.draw((width, height), &cells, Some(view), stamp, &overlay);
        let mut fresh = Canvas::default();
        let all = fresh.draw((width, height), &cells, Some(view), stamp, &overlay);
        assert_eq!(all, Changed::All);
        assert!(
            canvas.pixels() == fresh.pixels(),
            "at step {}",
            view.steps()
        );
        assert_eq!(canvas.counts(), fresh.counts());
        changed
    }

    #[test]
    fn touched_cells_colour_the_map_as_a_full_colouring_does() {
        let mut t = timeline("grid_open_room.ron");
        let mut canvas = Canvas::default();
        draw_both(&mut canvas, t.view(), &[]);
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut incremental = 0;
        for round in 0..40 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let n = seed % 9;
            if round % 7 == 6 {
                // Back in time: everything is coloured again.
                let back = t.steps().saturating_sub(n * 3);
                t.go_to(back).unwrap();
            } else {
                for _ in 0..n {
                    t.step().unwrap();
                }
            }
            let route: Vec<usize> = (0..usize::try_from(seed % 5).unwrap())
                .map(|i| i * 7)
                .collect();
            if let Changed::Cells(_) = draw_both(&mut canvas, t.view(), &route) {
                incremental += 1;
            }
        }
        assert!(t.view().counts().closed > 20, "the search went somewhere");
        assert!(
            incremental > 20,
            "only {incremental} draws were incremental"
        );
    }

    #[test]
    fn tiles_cover_each_touched_cell_once() {
        let got = tiles(&[0, 1, 40, 33 * 70 + 69, 0], (70, 40));
        assert_eq!(got, vec![[0, 0, 32, 32], [32, 0, 32, 32], [64, 32, 6, 8]]);
    }

    #[test]
    fn strips_join_neighbouring_tiles_along_a_row_only() {
        let tiles = tiles(
            &[0, 40, 70 * 33 + 5, 70 * 33 + 69, 70 * 33 + 40, 65],
            (70, 40),
        );
        assert_eq!(
            strips(&tiles),
            vec![[0, 0, 70, 32], [0, 32, 70, 8]],
            "{tiles:?}"
        );
        // A gap between tiles, or a new row of tiles, starts a new strip.
        let apart = [[0, 0, 32, 32], [64, 0, 6, 32], [0, 32, 32, 8]];
        assert_eq!(strips(&apart), apart.to_vec());
    }
}
