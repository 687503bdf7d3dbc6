//! The shape of a level: which cells the player may stand on, each cell's neighbours by
//! direction, and the player's walks around the boxes. The search's pushes and the route
//! player's frames both walk with this code, so a walk reads the same everywhere.

use std::collections::VecDeque;

/// A direction of a walk step or a push. Declared in the order successors and walks try them
/// (up, right, down, left), which ties rely on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Up,
    Right,
    Down,
    Left,
}

impl Direction {
    /// Every direction, in the order moves are generated.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Right,
        Direction::Down,
        Direction::Left,
    ];

    /// The step in x and y (y grows downwards).
    #[must_use]
    pub fn delta(self) -> (isize, isize) {
        match self {
            Direction::Up => (0, -1),
            Direction::Right => (1, 0),
            Direction::Down => (0, 1),
            Direction::Left => (-1, 0),
        }
    }

    /// The direction back.
    #[must_use]
    pub fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 2) % 4]
    }

    /// The LURD letter of a walk step (lowercase); a push is written in uppercase.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Direction::Up => 'u',
            Direction::Right => 'r',
            Direction::Down => 'd',
            Direction::Left => 'l',
        }
    }

    /// The direction in words, e.g. "up".
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Right => "right",
            Direction::Down => "down",
            Direction::Left => "left",
        }
    }
}

/// The cells of a level (`y · width + x`) and where the player may go: walls and everything
/// outside them are blocked.
#[derive(Clone, Debug, Default)]
pub(crate) struct Geometry {
    pub width: usize,
    pub height: usize,
    /// Cells the player can never stand on.
    pub blocked: Vec<bool>,
    /// Each cell's open neighbours by direction (`u16::MAX`: none): walks ask for every cell of
    /// every successor, so they are looked up, not computed.
    neighbours: Vec<[u16; 4]>,
}

impl Geometry {
    /// The geometry of a `width`×`height` level with these blocked cells (at most 65535 cells).
    pub fn new(width: usize, height: usize, blocked: Vec<bool>) -> Geometry {
        let neighbours = (0..blocked.len())
            .map(|cell| {
                Direction::ALL.map(|dir| {
                    let (dx, dy) = dir.delta();
                    let x = (cell % width).checked_add_signed(dx);
                    let y = (cell / width).checked_add_signed(dy);
                    match (x, y) {
                        (Some(x), Some(y))
                            if x < width && y < height && !blocked[y * width + x] =>
                        {
                            cell_u16(y * width + x)
                        }
                        _ => u16::MAX,
                    }
                })
            })
            .collect();
        Geometry {
            width,
            height,
            blocked,
            neighbours,
        }
    }

    /// How many cells the level has.
    pub fn cells(&self) -> usize {
        self.blocked.len()
    }

    /// The neighbour of `cell` one step towards `dir`, if the player may stand there.
    pub fn step(&self, cell: usize, dir: Direction) -> Option<usize> {
        match self.neighbours[cell][dir as usize] {
            u16::MAX => None,
            n => Some(usize::from(n)),
        }
    }

    /// A cell's column and row.
    pub fn xy(&self, cell: usize) -> (usize, usize) {
        (cell % self.width, cell / self.width)
    }

    /// Pushes needed to bring a box from each cell to `goal`, alone on the board (`u16::MAX`:
    /// never): a breadth-first search of pulls backwards from the goal (a box reaches `p` from
    /// `q = p − d` when the player can stand at `q − d`).
    pub fn pull_distances(&self, goal: usize) -> Vec<u16> {
        let mut dist = vec![u16::MAX; self.cells()];
        dist[goal] = 0;
        let mut queue = VecDeque::from([goal]);
        while let Some(p) = queue.pop_front() {
            // `back` is the direction opposite the push: the box came from there.
            for back in Direction::ALL.map(Direction::opposite) {
                if let Some(q) = self.step(p, back)
                    && self.step(q, back).is_some()
                    && dist[q] == u16::MAX
                {
                    dist[q] = dist[p] + 1;
                    queue.push_back(q);
                }
            }
        }
        dist
    }

    /// Every walk of the player from `from` around `boxes`: breadth-first, directions in
    /// [`Direction::ALL`] order, so the same position always gives the same walks.
    pub fn walk<B: Copy + Into<usize>>(&self, boxes: &[B], from: usize) -> Walks {
        let n = self.cells();
        let mut dist = vec![u32::MAX; n];
        let mut via = vec![Direction::Up; n];
        // Boxes are marked as already walked while walking (one look-up per cell instead of a
        // search through the boxes), and unreachable again after.
        for &b in boxes {
            dist[b.into()] = 0;
        }
        dist[from] = 0;
        let mut queue = VecDeque::from([from]);
        while let Some(c) = queue.pop_front() {
            for d in Direction::ALL {
                if let Some(m) = self.step(c, d)
                    && dist[m] == u32::MAX
                {
                    dist[m] = dist[c] + 1;
                    via[m] = d;
                    queue.push_back(m);
                }
            }
        }
        for &b in boxes {
            dist[b.into()] = u32::MAX;
        }
        Walks { from, dist, via }
    }
}

/// The player's shortest walks from one cell: each cell's distance and the last step there.
pub(crate) struct Walks {
    from: usize,
    dist: Vec<u32>,
    via: Vec<Direction>,
}

impl Walks {
    /// The steps of the shortest walk to `cell`, `None` when the player cannot get there.
    pub fn distance(&self, cell: usize) -> Option<u32> {
        Some(self.dist[cell]).filter(|&d| d != u32::MAX)
    }

    /// The first reachable cell in reading order (the player's own cell at the latest).
    pub fn first_cell(&self) -> usize {
        self.dist
            .iter()
            .position(|&d| d != u32::MAX)
            .unwrap_or(self.from)
    }

    /// The directions of the shortest walk to `to`, `None` when the player cannot get there.
    pub fn path(&self, geometry: &Geometry, to: usize) -> Option<Vec<Direction>> {
        self.distance(to)?;
        let mut dirs = Vec::new();
        let mut c = to;
        while c != self.from {
            let d = self.via[c];
            dirs.push(d);
            c = geometry.step(c, d.opposite()).expect("walked through it");
        }
        dirs.reverse();
        Some(dirs)
    }
}

/// A cell as stored in states.
pub(crate) fn cell_u16(i: usize) -> u16 {
    u16::try_from(i).expect("levels have at most 65535 cells")
}
