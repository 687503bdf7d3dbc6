//! Sokoban, searched push by push as in the seed: a move is one push, and the player's walk to
//! the pushing square is part of it.
//!
//! Levels use the standard text format: `#` wall, `@` player, `+` player on a goal, `$` box,
//! `*` box on a goal, `.` goal, space, `-` or `_` floor.
//!
//! Two cost modes:
//! * `Pushes` — each push costs 1 (push-optimal). The player may walk anywhere in its area for
//!   free, so a state is the sorted box cells plus a canonical cell of the player's reachable
//!   area (its first cell in reading order): states that differ only in where the player
//!   stands within one area are one state, as in the seed.
//! * `Moves` — each push costs its walk plus 1 (move-optimal, the count most published
//!   solutions give). Here the walk depends on where the player stands, so a state keeps the
//!   player's exact cell: after a push the player stands where the box was. Any solution is a
//!   sequence of (walk, push) pairs, and replacing each walk by a shortest one never makes it
//!   longer, so a cheapest route through these states is a move-optimal solution.
//!
//! Pushes onto dead squares (floor from which no goal can be reached by pushing, ignoring the
//! other boxes: corners, walls without goals) are pruned at generation. Both heuristics count
//! pushes ignoring the other boxes, so they are admissible in both modes (a push costs ≥ 1).
//!
//! The matching heuristic is a least-cost assignment of boxes to goals, O(n³) from scratch. A
//! child differs from its parent in one box, so the parent's assignment (with its dual
//! potentials) is kept and repaired: the moved box's row is taken out and placed again along one
//! augmenting path. The value is the same optimum a fresh solve gives; only the work shrinks,
//! from thousands of solves per step on a level with hundreds of boxes to one.

use crate::engine::cost::Cost;
use crate::engine::problem::{Problem, Refusal, Successor};
use crate::engine::settings::Heuristic;
use crate::engine::view::BoardView;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::{Mutex, PoisonError};

/// What a solution's cost counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SokobanCost {
    /// Each push costs 1: push-optimal solutions.
    #[default]
    Pushes,
    /// Each push costs its walk plus 1: move-optimal solutions.
    Moves,
}

/// A position: the sorted cells of the boxes and the player's cell (canonical in `Pushes` mode,
/// exact in `Moves` mode). Cells are `y · width + x`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Position {
    boxes: Box<[u16]>,
    player: u16,
}

/// A push: the box on `cell` moves one square in direction `dir` (0 up, 1 right, 2 down, 3 left).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Push {
    cell: u16,
    dir: u8,
}

const DIRS: [(isize, isize, char, &str); 4] = [
    (0, -1, 'u', "up"),
    (1, 0, 'r', "right"),
    (0, 1, 'd', "down"),
    (-1, 0, 'l', "left"),
];

/// A level as read from its text, before any search structure is built.
#[derive(Clone, Debug, Default)]
struct Level {
    width: usize,
    height: usize,
    walls: Vec<bool>,
    goals: Vec<bool>,
    boxes: Vec<usize>,
    player: usize,
}

/// Picks one level out of a file that may hold several: blocks of level rows separated by other
/// lines. A level's title is a `Title:` line after it, else the last text line before it (a
/// leading `;` dropped). `index` counts from 1.
///
/// # Errors
/// No level in the text, an index or title that matches none, or several levels and no choice.
pub fn pick_level(
    text: &str,
    index: Option<usize>,
    title: Option<&str>,
) -> Result<String, Refusal> {
    let mut levels: Vec<(Vec<&str>, Option<String>)> = Vec::new();
    let mut before: Option<String> = None;
    let mut in_level = false;
    for line in text.lines().map(|l| l.strip_suffix('\r').unwrap_or(l)) {
        let is_row = line.contains('#') && line.chars().all(is_level_char);
        if is_row {
            if !in_level {
                levels.push((Vec::new(), before.take()));
                in_level = true;
            }
            levels.last_mut().expect("pushed above").0.push(line);
            continue;
        }
        in_level = false;
        let words = line.trim();
        if let Some(t) = words.strip_prefix("Title:") {
            if let Some(last) = levels.last_mut() {
                last.1 = Some(t.trim().to_string());
            }
        } else if !words.is_empty() {
            before = Some(words.trim_start_matches(';').trim().to_string());
        }
    }
    let n = levels.len();
    let chosen = match (index, title) {
        (_, _) if n == 0 => return Err(Refusal("no level found in the text".into())),
        (Some(i), _) => levels.get(i.wrapping_sub(1)).ok_or_else(|| {
            Refusal(format!(
                "level index {i} is out of range: the file holds levels 1 to {n}"
            ))
        })?,
        (None, Some(t)) => levels
            .iter()
            .find(|(_, name)| {
                name.as_deref()
                    .is_some_and(|x| x.eq_ignore_ascii_case(t.trim()))
            })
            .ok_or_else(|| Refusal(format!("no level titled '{t}' in the file")))?,
        (None, None) if n == 1 => &levels[0],
        (None, None) => {
            return Err(Refusal(format!(
                "the file holds {n} levels: choose one with index (1 to {n}) or title"
            )));
        }
    };
    Ok(chosen.0.join("\n"))
}

/// The characters a level row may hold.
fn is_level_char(c: char) -> bool {
    matches!(c, '#' | '@' | '+' | '$' | '*' | '.' | ' ' | '-' | '_')
}

/// Checks the text of one level as written: not empty, and every character a Sokoban cell. (A
/// level that is well written but cannot be played — no player, more boxes than goals — is a
/// refusal of the instance, found when it is built.)
///
/// # Errors
/// The first bad character or an empty level, with its line and column in `text`.
pub fn check_level(text: &str) -> Result<(), super::Malformed> {
    if text.trim().is_empty() {
        return Err(super::Malformed::at(1, 1, "the level is empty"));
    }
    for (y, row) in text.lines().enumerate() {
        let row = row.strip_suffix('\r').unwrap_or(row);
        if let Some((x, other)) = row.chars().enumerate().find(|&(_, c)| !is_level_char(c)) {
            return Err(super::Malformed::at(
                y + 1,
                x + 1,
                format!(
                    "'{other}' is not a Sokoban cell (# wall, @ player, + player on goal, \
                     $ box, * box on goal, . goal, space floor)"
                ),
            ));
        }
    }
    Ok(())
}

fn parse_level(text: &str) -> Result<Level, Refusal> {
    check_level(text)?;
    let rows: Vec<&str> = text
        .lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .filter(|l| !l.trim().is_empty())
        .collect();
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let height = rows.len();
    if width * height > usize::from(u16::MAX) {
        return Err(Refusal(format!(
            "a {width}×{height} level is too large (at most 65535 cells)"
        )));
    }
    let mut level = Level {
        width,
        height,
        walls: vec![false; width * height],
        goals: vec![false; width * height],
        ..Level::default()
    };
    let mut players = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let i = y * width + x;
            match c {
                '#' => level.walls[i] = true,
                '@' => players.push(i),
                '+' => {
                    players.push(i);
                    level.goals[i] = true;
                }
                '$' => level.boxes.push(i),
                '*' => {
                    level.boxes.push(i);
                    level.goals[i] = true;
                }
                '.' => level.goals[i] = true,
                // Floor; `check_level` has refused every other character.
                _ => {}
            }
        }
    }
    level.player = match players.as_slice() {
        [] => return Err(Refusal("the level has no player (@ or +)".into())),
        [p] => *p,
        _ => {
            return Err(Refusal(format!(
                "the level has {} players; it needs one",
                players.len()
            )));
        }
    };
    let goals = level.goals.iter().filter(|&&g| g).count();
    if level.boxes.is_empty() {
        return Err(Refusal("the level has no boxes".into()));
    }
    if level.boxes.len() != goals {
        return Err(Refusal(format!(
            "the level has {} boxes but {goals} goals; it needs as many of each",
            level.boxes.len()
        )));
    }
    Ok(level)
}

/// One Sokoban instance.
#[derive(Clone, Debug, Default)]
pub struct Sokoban {
    width: usize,
    height: usize,
    /// Cells the player can never stand on: walls and everything outside the walls.
    blocked: Vec<bool>,
    goal: Vec<bool>,
    goals: Vec<u16>,
    /// `pushes[cell · goals + g]`: pushes needed to bring a box from `cell` to goal `g`,
    /// ignoring the other boxes (`u16::MAX`: never). A cell's distances to every goal sit
    /// together: one row of the assignment.
    pushes: Vec<u16>,
    /// The pushes from each cell to its nearest goal (`u16::MAX`: none).
    nearest: Vec<u16>,
    dead: Vec<bool>,
    start: Position,
    cost: SokobanCost,
    defect: Option<Refusal>,
    /// The last assignment solved, to repair for the next state.
    matched: MatchCache,
    /// See [`Sokoban::neighbours_of`].
    neighbours: Vec<[u16; 4]>,
}

impl Sokoban {
    /// An instance from level text (a single level). A malformed or unsolvable-at-a-glance
    /// level is kept with its defect so it is refused with the reason.
    #[must_use]
    pub fn new(level: Result<String, Refusal>, cost: SokobanCost) -> Sokoban {
        level
            .and_then(|text| Sokoban::build(&text, cost))
            .unwrap_or_else(|why| Sokoban {
                defect: Some(why),
                ..Sokoban::default()
            })
    }

    fn build(text: &str, cost: SokobanCost) -> Result<Sokoban, Refusal> {
        let level = parse_level(text)?;
        let (w, h) = (level.width, level.height);
        let xy = |i: usize| (i % w, i / w);
        // The player's area, boxes counted as floor: it must be closed by walls.
        let mut inside = vec![false; w * h];
        inside[level.player] = true;
        let mut queue = VecDeque::from([level.player]);
        while let Some(i) = queue.pop_front() {
            let (x, y) = xy(i);
            if x == 0 || y == 0 || x + 1 == w || y + 1 == h {
                return Err(Refusal(format!(
                    "the level's border is open: the player can walk off the map at (x: {x}, y: {y})"
                )));
            }
            for n in [i - w, i + 1, i + w, i - 1] {
                if !level.walls[n] && !inside[n] {
                    inside[n] = true;
                    queue.push_back(n);
                }
            }
        }
        let outside = |what: &str, i: usize| {
            let (x, y) = xy(i);
            Refusal(format!(
                "the {what} at (x: {x}, y: {y}) is outside the player's area"
            ))
        };
        if let Some(&b) = level.boxes.iter().find(|&&b| !inside[b]) {
            return Err(outside("box", b));
        }
        if let Some(g) = (0..w * h).find(|&i| level.goals[i] && !inside[i]) {
            return Err(outside("goal", g));
        }
        let cell = |i: usize| u16::try_from(i).expect("levels have at most 65535 cells");
        let goals: Vec<u16> = (0..w * h).filter(|&i| level.goals[i]).map(cell).collect();
        let mut game = Sokoban {
            width: w,
            height: h,
            blocked: inside.iter().map(|&i| !i).collect(),
            goal: level.goals.clone(),
            goals,
            pushes: Vec::new(),
            nearest: Vec::new(),
            dead: Vec::new(),
            start: Position {
                boxes: Box::default(),
                player: cell(level.player),
            },
            cost,
            defect: None,
            matched: MatchCache::default(),
            neighbours: Vec::new(),
        };
        game.neighbours = game.neighbours_of();
        let per_goal: Vec<Vec<u16>> = game.goals.iter().map(|&g| game.pull_distances(g)).collect();
        game.pushes = (0..w * h)
            .flat_map(|i| per_goal.iter().map(move |d| d[i]))
            .collect();
        game.nearest = (0..w * h)
            .map(|i| game.to_goals(i).iter().copied().min().unwrap_or(u16::MAX))
            .collect();
        game.dead = (0..w * h)
            .map(|i| !game.blocked[i] && game.nearest[i] == u16::MAX)
            .collect();
        if let Some(&b) = level.boxes.iter().find(|&&b| game.dead[b]) {
            let (x, y) = xy(b);
            return Err(Refusal(format!(
                "the box at (x: {x}, y: {y}) can never reach a goal: the level cannot be solved"
            )));
        }
        if level.boxes.iter().all(|&b| level.goals[b]) {
            return Err(Refusal(
                "every box is already on a goal: nothing to search".into(),
            ));
        }
        let mut boxes: Vec<u16> = level.boxes.iter().map(|&b| cell(b)).collect();
        boxes.sort_unstable();
        game.start = game.normalise(boxes.into(), cell(level.player));
        Ok(game)
    }

    /// The neighbour of `cell` one step in direction `dir`, if it is inside the player's area:
    /// a look-up (walks ask it for every cell of every successor).
    fn step(&self, cell: usize, dir: usize) -> Option<usize> {
        match self.neighbours[cell][dir] {
            u16::MAX => None,
            n => Some(usize::from(n)),
        }
    }

    /// Every cell's neighbours inside the player's area, by direction (`u16::MAX`: none).
    fn neighbours_of(&self) -> Vec<[u16; 4]> {
        (0..self.blocked.len())
            .map(|cell| {
                [0, 1, 2, 3].map(|dir| {
                    let (dx, dy, _, _) = DIRS[dir];
                    let x = (cell % self.width).checked_add_signed(dx);
                    let y = (cell / self.width).checked_add_signed(dy);
                    match (x, y) {
                        (Some(x), Some(y))
                            if x < self.width
                                && y < self.height
                                && !self.blocked[y * self.width + x] =>
                        {
                            cell_u16(y * self.width + x)
                        }
                        _ => u16::MAX,
                    }
                })
            })
            .collect()
    }

    /// Pushes needed to bring a box from each cell to `goal`, alone on the board: a breadth-first
    /// search of pulls backwards from the goal (a box reaches `p` from `q = p − d` when the player
    /// can stand at `q − d`).
    fn pull_distances(&self, goal: u16) -> Vec<u16> {
        let mut dist = vec![u16::MAX; self.blocked.len()];
        dist[usize::from(goal)] = 0;
        let mut queue = VecDeque::from([usize::from(goal)]);
        while let Some(p) = queue.pop_front() {
            for back in [2, 3, 0, 1] {
                // `back` is the direction opposite the push: the box came from there.
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

    /// Walking distances from `from` to every cell the player can reach around `boxes`
    /// (`u32::MAX`: unreachable), with each cell's predecessor for replaying the walk.
    fn walk(&self, boxes: &[u16], from: usize) -> (Vec<u32>, Vec<u8>) {
        let n = self.blocked.len();
        let mut dist = vec![u32::MAX; n];
        let mut via = vec![0u8; n];
        // Boxes are marked as already walked while walking (one look-up per cell instead of a
        // search through the boxes), and unreachable again after.
        for &b in boxes {
            dist[usize::from(b)] = 0;
        }
        dist[from] = 0;
        let mut queue = VecDeque::from([from]);
        while let Some(c) = queue.pop_front() {
            for d in 0..4 {
                if let Some(m) = self.step(c, d)
                    && dist[m] == u32::MAX
                {
                    dist[m] = dist[c] + 1;
                    via[m] = u8::try_from(d).expect("four directions");
                    queue.push_back(m);
                }
            }
        }
        for &b in boxes {
            dist[usize::from(b)] = u32::MAX;
        }
        (dist, via)
    }

    /// The state for boxes and a player cell: in `Pushes` mode the player moves to the first
    /// cell of its area in reading order.
    fn normalise(&self, boxes: Box<[u16]>, player: u16) -> Position {
        let player = match self.cost {
            SokobanCost::Moves => player,
            SokobanCost::Pushes => {
                let (dist, _) = self.walk(&boxes, usize::from(player));
                cell_u16(dist.iter().position(|&d| d != u32::MAX).unwrap_or(0))
            }
        };
        Position { boxes, player }
    }

    /// The walk from the player to `target`, as lowercase LURD letters.
    fn walk_letters(&self, from: &Position, target: usize) -> String {
        let (dist, via) = self.walk(&from.boxes, usize::from(from.player));
        if dist[target] == u32::MAX {
            return "?".into();
        }
        let mut letters = Vec::new();
        let mut c = target;
        while c != usize::from(from.player) {
            let d = usize::from(via[c]);
            letters.push(DIRS[d].2);
            c = self.step(c, (d + 2) % 4).expect("walked through it");
        }
        letters.iter().rev().collect()
    }

    fn xy(&self, cell: u16) -> (usize, usize) {
        (
            usize::from(cell) % self.width,
            usize::from(cell) / self.width,
        )
    }

    /// The pushes from `cell` to each goal.
    fn to_goals(&self, cell: usize) -> &[u16] {
        let n = self.goals.len();
        &self.pushes[cell * n..(cell + 1) * n]
    }

    fn nearest_goal_sum(&self, boxes: &[u16]) -> i64 {
        boxes
            .iter()
            .map(|&b| i64::from(self.nearest[usize::from(b)]))
            .sum()
    }

    /// The least total pushes of giving each box its own goal: repaired from the last
    /// assignment when `boxes` differ from it (or from the parent whose successors were
    /// generated last) in a few boxes, solved afresh otherwise.
    fn matching(&self, boxes: &[u16]) -> i64 {
        let mut cache = self
            .matched
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(parent) = cache.parent.take()
            && cache.base.as_ref().is_none_or(|b| b.boxes != parent)
        {
            cache.base = Some(self.assign(cache.base.as_ref(), &parent).0);
        }
        let (matched, fresh) = self.assign(cache.base.as_ref(), boxes);
        let total = matched.assignment.total();
        if fresh {
            cache.base = Some(matched);
        }
        total
    }

    /// The assignment for `boxes`, repaired from `base` when they differ in at most half the
    /// boxes; `true` when it was solved afresh instead.
    fn assign(&self, base: Option<&Matched>, boxes: &[u16]) -> (Matched, bool) {
        if let Some(repaired) = base.and_then(|b| self.repair(b, boxes)) {
            return (repaired, false);
        }
        let mut matched = Matched {
            boxes: boxes.into(),
            rows: std::iter::once(0).chain(boxes.iter().copied()).collect(),
            assignment: Assignment::empty(boxes.len()),
        };
        for row in 1..=boxes.len() {
            matched
                .assignment
                .place(row, |r, g| self.goal_cost(&matched.rows, r, g));
        }
        (matched, true)
    }

    /// `base` with the rows of the boxes that moved placed again, if few moved.
    fn repair(&self, base: &Matched, boxes: &[u16]) -> Option<Matched> {
        let (gone, came) = differences(&base.boxes, boxes);
        if gone.len() * 2 > boxes.len() || gone.len() != came.len() {
            return None;
        }
        let mut matched = base.clone();
        matched.boxes = boxes.into();
        let mut changed = Vec::with_capacity(gone.len());
        for (&from, &to) in gone.iter().zip(&came) {
            let row = matched.rows.iter().skip(1).position(|&c| c == from)? + 1;
            matched.rows[row] = to;
            matched.assignment.release(row);
            changed.push(row);
        }
        for row in changed {
            let rows = &matched.rows;
            matched
                .assignment
                .place(row, |r, g| self.goal_cost(rows, r, g));
        }
        Some(matched)
    }

    /// The pushes from the box of row `row` to goal `goal` (both 1-based), [`UNREACHABLE`] for
    /// never.
    fn goal_cost(&self, rows: &[u16], row: usize, goal: usize) -> i64 {
        match self.to_goals(usize::from(rows[row]))[goal - 1] {
            u16::MAX => UNREACHABLE,
            k => i64::from(k),
        }
    }
}

/// The cells only in `before` and the cells only in `after` (both sorted).
fn differences(before: &[u16], after: &[u16]) -> (Vec<u16>, Vec<u16>) {
    let (mut gone, mut came) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < before.len() || j < after.len() {
        match (before.get(i), after.get(j)) {
            (Some(a), Some(b)) if a == b => {
                i += 1;
                j += 1;
            }
            (Some(&a), Some(&b)) if a < b => {
                gone.push(a);
                i += 1;
            }
            (Some(&a), None) => {
                gone.push(a);
                i += 1;
            }
            (_, Some(&b)) => {
                came.push(b);
                j += 1;
            }
            (None, None) => break,
        }
    }
    (gone, came)
}

/// An optimal assignment for one set of boxes: row `r` (from 1) is the box on `rows[r]`.
#[derive(Clone, Debug)]
struct Matched {
    /// The boxes, sorted as in the state.
    boxes: Box<[u16]>,
    /// Each row's box cell (index 0 unused); a repaired row keeps its place, so not sorted.
    rows: Vec<u16>,
    assignment: Assignment,
}

/// What [`Sokoban::matching`] keeps between calls: the last assignment solved, and the state
/// whose successors were generated last (their estimates follow, each one box away from it).
#[derive(Debug, Default)]
struct Cached {
    base: Option<Matched>,
    parent: Option<Box<[u16]>>,
}

/// The cache behind a lock (estimates take `&self`). Only the work depends on it, never a
/// value, so a copy of the instance starts empty.
#[derive(Debug, Default)]
struct MatchCache(Mutex<Cached>);

impl Clone for MatchCache {
    fn clone(&self) -> MatchCache {
        MatchCache::default()
    }
}

impl MatchCache {
    /// Notes the state whose successors are being generated.
    fn expanding(&self, boxes: &[u16]) {
        let mut cache = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if cache.parent.as_deref() != Some(boxes) {
            cache.parent = Some(boxes.into());
        }
    }
}

/// Pushes as an estimate; a total of [`UNREACHABLE`] or more means no assignment of boxes to
/// goals they can reach exists, so no push sequence solves the state: infinite.
fn estimate_of(pushes: i64) -> Cost {
    if pushes >= UNREACHABLE {
        Cost::INFINITE
    } else {
        Cost::units(pushes)
    }
}

/// A stand-in for "this box can never reach this goal" in the assignment: larger than any real
/// total, small enough not to overflow.
const UNREACHABLE: i64 = 1 << 32;

fn cell_u16(i: usize) -> u16 {
    u16::try_from(i).expect("levels have at most 65535 cells")
}

/// A least-cost assignment of rows to columns with its dual potentials, by the Hungarian method
/// (successive shortest augmenting paths; 1-based, column 0 the virtual start). Invariants: for
/// every placed row `r` and every column `c`, `u[r] + v[c] ≤ cost(r, c)`, with equality where
/// `r` owns `c`; so once every row is placed the assignment is optimal. Column potentials only
/// fall from 0 and costs are ≥ 0, so a row with `u = 0` may be placed at any time: a changed row
/// is released and placed again, one augmenting path instead of a new solve.
#[derive(Clone, Debug, Default)]
struct Assignment {
    u: Vec<i64>,
    v: Vec<i64>,
    /// The row owning each column (0: none).
    owner: Vec<usize>,
}

impl Assignment {
    /// `n` rows and columns, none placed.
    fn empty(n: usize) -> Assignment {
        Assignment {
            u: vec![0; n + 1],
            v: vec![0; n + 1],
            owner: vec![0; n + 1],
        }
    }

    /// Gives unplaced `row` a column along the cheapest augmenting path, moving other rows
    /// along it. O(n) per column the path visits, O(n²) at worst.
    fn place(&mut self, row: usize, cost: impl Fn(usize, usize) -> i64) {
        let n = self.owner.len() - 1;
        let (u, v, owner) = (&mut self.u, &mut self.v, &mut self.owner);
        let mut way = vec![0usize; n + 1];
        let mut minv = vec![i64::MAX; n + 1];
        let mut used = vec![false; n + 1];
        owner[0] = row;
        let mut col0 = 0;
        loop {
            used[col0] = true;
            let r = owner[col0];
            let mut delta = i64::MAX;
            let mut next = 0;
            for col in 1..=n {
                if !used[col] {
                    let reduced = cost(r, col) - u[r] - v[col];
                    if reduced < minv[col] {
                        minv[col] = reduced;
                        way[col] = col0;
                    }
                    // At a tie a free column ends the path at once: fewer columns visited.
                    if minv[col] < delta || (minv[col] == delta && owner[col] == 0) {
                        delta = minv[col];
                        next = col;
                    }
                }
            }
            for col in 0..=n {
                if used[col] {
                    u[owner[col]] += delta;
                    v[col] -= delta;
                } else {
                    minv[col] -= delta;
                }
            }
            col0 = next;
            if owner[col0] == 0 {
                break;
            }
        }
        loop {
            let prev = way[col0];
            owner[col0] = owner[prev];
            col0 = prev;
            if col0 == 0 {
                break;
            }
        }
    }

    /// Takes `row`'s column away and resets its potential, so it can be placed again.
    fn release(&mut self, row: usize) {
        if let Some(col) = self.owner.iter().skip(1).position(|&r| r == row) {
            self.owner[col + 1] = 0;
        }
        self.u[row] = 0;
    }

    /// The cost of the assignment (every row placed): the potentials' sum, since each row and
    /// column is in one tight pair (the virtual column 0 aside).
    fn total(&self) -> i64 {
        self.u[1..].iter().chain(&self.v[1..]).sum()
    }
}

/// The least total cost of giving each row its own column (square `costs`), O(n³).
#[cfg(test)]
fn min_cost_assignment(costs: &[Vec<i64>]) -> i64 {
    let mut a = Assignment::empty(costs.len());
    let cost = |r: usize, c: usize| costs[r - 1][c - 1];
    for row in 1..=costs.len() {
        a.place(row, cost);
    }
    let total = a.total();
    let direct: i64 = (1..=costs.len()).map(|c| cost(a.owner[c], c)).sum();
    assert_eq!(total, direct, "the potentials sum to the assignment's cost");
    total
}

impl Problem for Sokoban {
    type State = Position;
    type Move = Push;

    fn validate(&self) -> Result<(), Refusal> {
        match &self.defect {
            Some(why) => Err(why.clone()),
            None => Ok(()),
        }
    }

    fn start(&self) -> Position {
        self.start.clone()
    }

    fn is_goal(&self, state: &Position) -> bool {
        state.boxes.iter().all(|&b| self.goal[usize::from(b)])
    }

    fn successors(&self, state: &Position, out: &mut Vec<Successor<Position, Push>>) {
        self.matched.expanding(&state.boxes);
        let (dist, _) = self.walk(&state.boxes, usize::from(state.player));
        for (k, &b) in state.boxes.iter().enumerate() {
            for dir in 0..4 {
                let behind = self.step(usize::from(b), (dir + 2) % 4);
                let Some(behind) = behind.filter(|&c| dist[c] != u32::MAX) else {
                    continue;
                };
                let Some(dest) = self.step(usize::from(b), dir) else {
                    continue;
                };
                let dest = cell_u16(dest);
                if state.boxes.binary_search(&dest).is_ok() {
                    continue;
                }
                let mv = Push {
                    cell: b,
                    dir: u8::try_from(dir).expect("four directions"),
                };
                if self.dead[usize::from(dest)] {
                    out.push(Successor::Pruned { mv });
                    continue;
                }
                let mut boxes = state.boxes.to_vec();
                boxes[k] = dest;
                boxes.sort_unstable();
                let cost = match self.cost {
                    SokobanCost::Pushes => Cost::ONE,
                    SokobanCost::Moves => Cost::units(i64::from(dist[behind]) + 1),
                };
                out.push(Successor::Child {
                    state: self.normalise(boxes.into(), b),
                    mv,
                    cost,
                });
            }
        }
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        &[Heuristic::Matching, Heuristic::NearestGoal, Heuristic::Zero]
    }

    fn estimate(&self, state: &Position, heuristic: Heuristic) -> Cost {
        let pushes = match heuristic {
            Heuristic::Matching => self.matching(&state.boxes),
            Heuristic::NearestGoal => self.nearest_goal_sum(&state.boxes),
            _ => 0,
        };
        estimate_of(pushes)
    }

    /// The walk in lowercase LURD letters, the push in uppercase, then the push in words, e.g.
    /// `llU: box (3, 2) up`. In `Pushes` mode the walk starts at the state's canonical cell.
    fn describe_move(&self, from: &Position, mv: Push) -> String {
        let dir = usize::from(mv.dir);
        let behind = self
            .step(usize::from(mv.cell), (dir + 2) % 4)
            .unwrap_or(usize::from(mv.cell));
        let (x, y) = self.xy(mv.cell);
        format!(
            "{}{}: box ({x}, {y}) {}",
            self.walk_letters(from, behind),
            DIRS[dir].2.to_ascii_uppercase(),
            DIRS[dir].3
        )
    }

    fn explain_prune(&self, _from: &Position, mv: Push) -> String {
        let dest = self
            .step(usize::from(mv.cell), usize::from(mv.dir))
            .unwrap_or(usize::from(mv.cell));
        let (x, y) = self.xy(cell_u16(dest));
        format!(
            "pruned: ({x}, {y}) is a dead square — from there no goal can be reached by pushing \
             (a corner, or a wall with no goal along it)"
        )
    }

    fn compact(&self, state: &Position) -> String {
        let cells: Vec<String> = state
            .boxes
            .iter()
            .map(|&b| {
                let (x, y) = self.xy(b);
                format!("({x},{y})")
            })
            .collect();
        let (x, y) = self.xy(state.player);
        format!("boxes {} player ({x},{y})", cells.join(" "))
    }

    fn board(&self, state: &Position) -> BoardView {
        BoardView::Sokoban {
            width: self.width,
            height: self.height,
            walls: self.blocked.clone(),
            goals: self.goals.iter().map(|&g| usize::from(g)).collect(),
            boxes: state.boxes.iter().map(|&b| usize::from(b)).collect(),
            player: usize::from(state.player),
            dead: (0..self.dead.len()).filter(|&i| self.dead[i]).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(text: &str, cost: SokobanCost) -> Sokoban {
        Sokoban::new(Ok(text.to_string()), cost)
    }

    #[test]
    fn boxes_that_cannot_all_reach_their_own_goal_estimate_infinite() {
        // Both boxes can reach only the second goal: no assignment, no solution.
        let costs = vec![vec![UNREACHABLE, 1], vec![UNREACHABLE, 2]];
        assert_eq!(estimate_of(min_cost_assignment(&costs)), Cost::INFINITE);
        let costs = vec![vec![3, 1], vec![UNREACHABLE, 2]];
        assert_eq!(estimate_of(min_cost_assignment(&costs)), Cost::units(5));
    }

    #[test]
    fn corners_and_goalless_walls_are_dead_squares() {
        // The bottom-left corner is dead; the goal's column is alive.
        let s = level("#####\n#@$.#\n#   #\n#####", SokobanCost::Pushes);
        assert!(s.validate().is_ok());
        let at = |x: usize, y: usize| s.dead[y * s.width + x];
        assert!(at(1, 2) && at(3, 2) && at(1, 1), "corners");
        assert!(!at(2, 1) && !at(3, 1), "the row of the goal");
    }

    #[test]
    fn pushes_onto_dead_squares_are_pruned_and_say_why() {
        // Of the four pushes only "right" (onto the goal) survives: up, down and left put the
        // box against a wall with no goal along it.
        let s = level("#####\n# @ #\n# $.#\n#   #\n#####", SokobanCost::Pushes);
        let mut out = Vec::new();
        s.successors(&s.start(), &mut out);
        let pruned: Vec<Push> = out
            .iter()
            .filter_map(|x| match x {
                Successor::Pruned { mv } => Some(*mv),
                Successor::Child { .. } => None,
            })
            .collect();
        assert_eq!((out.len(), pruned.len()), (4, 3));
        let down = pruned.iter().find(|m| m.dir == 2).expect("down is pruned");
        let why = s.explain_prune(&s.start(), *down);
        assert!(why.contains("(2, 3) is a dead square"), "{why}");
    }

    #[test]
    fn positions_in_one_area_are_one_state_when_pushes_count() {
        let a = level("#####\n#@ $.#\n#####", SokobanCost::Pushes);
        let b = level("#####\n# @$.#\n#####", SokobanCost::Pushes);
        assert_eq!(a.start(), b.start());
        let a = level("#####\n#@ $.#\n#####", SokobanCost::Moves);
        let b = level("#####\n# @$.#\n#####", SokobanCost::Moves);
        assert_ne!(a.start(), b.start());
    }

    /// The cheapest assignment by trying every permutation.
    fn brute_force(costs: &[Vec<i64>], row: usize, used: &mut Vec<bool>) -> i64 {
        if row == costs.len() {
            return 0;
        }
        let mut best = i64::MAX;
        for col in 0..costs.len() {
            if !used[col] {
                used[col] = true;
                best = best.min(costs[row][col] + brute_force(costs, row + 1, used));
                used[col] = false;
            }
        }
        best
    }

    #[test]
    fn the_assignment_matches_brute_force() {
        // Both boxes' nearest goal is goal 0 (1 + 2 = 3), but one must take goal 1: 5 + 2.
        assert_eq!(min_cost_assignment(&[vec![1, 5], vec![2, 9]]), 7);
        let mut seed: u64 = 12345;
        for n in 1..=6 {
            for _ in 0..20 {
                let costs: Vec<Vec<i64>> = (0..n)
                    .map(|_| {
                        (0..n)
                            .map(|_| {
                                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                                i64::try_from((seed >> 33) % 20).unwrap()
                            })
                            .collect()
                    })
                    .collect();
                let expected = brute_force(&costs, 0, &mut vec![false; n]);
                assert_eq!(min_cost_assignment(&costs), expected, "{costs:?}");
            }
        }
    }

    #[test]
    fn collections_take_an_index_or_a_title() {
        let text = "; First\n\n####\n#@$.#\n####\n\n; Second\n#####\n#.$@#\n#####\nTitle: Back\n";
        assert!(pick_level(text, Some(2), None).unwrap().contains(".$@"));
        assert!(
            pick_level(text, None, Some("back"))
                .unwrap()
                .contains(".$@")
        );
        assert!(
            pick_level(text, None, Some("First"))
                .unwrap()
                .contains("@$.")
        );
        assert!(
            pick_level(text, None, None)
                .unwrap_err()
                .0
                .contains("holds 2 levels")
        );
        assert!(
            pick_level(text, Some(3), None)
                .unwrap_err()
                .0
                .contains("1 to 2")
        );
    }

    #[test]
    fn malformed_levels_are_refused_with_the_reason() {
        let why = |text: &str| level(text, SokobanCost::Pushes).validate().unwrap_err().0;
        assert!(why("#####\n# $.#\n#####").contains("no player"));
        assert!(why("######\n#@$$.#\n######").contains("2 boxes but 1 goals"));
        assert!(why("#####\n#@$. \n#####").contains("border is open"));
        assert!(why("####\n#@ #\n####").contains("no boxes"));
        assert!(why("#####\n#@*x#\n#####").contains("'x'"));
        assert!(why("#####\n#@*##\n#####").contains("already on a goal"));
        assert!(why("######\n#@ .##\n#   $#\n######").contains("can never reach a goal"));
    }
}
