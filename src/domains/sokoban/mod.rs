//! Sokoban, searched push by push: a move is one push, and the player's walk to
//! the pushing square is part of it.
//!
//! Levels use the standard text format: `#` wall, `@` player, `+` player on a goal, `$` box,
//! `*` box on a goal, `.` goal, space, `-` or `_` floor.
//!
//! Two cost modes:
//! * `Pushes` — each push costs 1 (push-optimal). The player may walk anywhere in its area for
//!   free, so a state is the sorted box cells plus a canonical cell of the player's reachable
//!   area (its first cell in reading order): states that differ only in where the player
//!   stands within one area are one state.
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

mod geometry;
mod level;
mod matching;
pub mod route;
mod shown;
mod view;

pub use geometry::Direction;
pub use level::{check_level, pick_level};
pub use view::SokobanView;

use crate::engine::cost::Cost;
use crate::engine::problem::{Problem, Refusal, Successor};
use crate::engine::settings::Heuristic;
use geometry::{Geometry, cell_u16};
use level::parse_level;
use matching::{GoalPushes, MatchCache, estimate_of};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

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

/// Hashed in the notebook.
impl crate::engine::notebook::Filed for Position {}

/// A push: the box on `cell` moves one square towards `dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Push {
    cell: u16,
    dir: Direction,
}

/// One Sokoban instance.
#[derive(Clone, Debug, Default)]
pub struct Sokoban {
    geometry: Geometry,
    goal: Vec<bool>,
    goals: Vec<u16>,
    /// Pushes from every cell to every goal, ignoring the other boxes.
    pushes: GoalPushes,
    /// The pushes from each cell to its nearest goal (`u16::MAX`: none).
    nearest: Vec<u16>,
    dead: Vec<bool>,
    start: Position,
    /// Where the player stands in the level as written: in `Pushes` mode the start state keeps
    /// a canonical cell instead, and a solution is played from here.
    start_player: u16,
    cost: SokobanCost,
    defect: Option<Refusal>,
    /// The last assignment solved, to repair for the next state.
    matched: MatchCache,
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
        let geometry = Geometry::new(w, h, inside.iter().map(|&i| !i).collect());
        let goals: Vec<u16> = (0..w * h)
            .filter(|&i| level.goals[i])
            .map(cell_u16)
            .collect();
        let per_goal: Vec<Vec<u16>> = goals
            .iter()
            .map(|&g| geometry.pull_distances(usize::from(g)))
            .collect();
        let pushes = GoalPushes::new(w * h, &per_goal);
        let nearest: Vec<u16> = (0..w * h)
            .map(|i| pushes.to_goals(i).iter().copied().min().unwrap_or(u16::MAX))
            .collect();
        let dead: Vec<bool> = (0..w * h)
            .map(|i| !geometry.blocked[i] && nearest[i] == u16::MAX)
            .collect();
        if let Some(&b) = level.boxes.iter().find(|&&b| dead[b]) {
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
        let mut game = Sokoban {
            geometry,
            goal: level.goals,
            goals,
            pushes,
            nearest,
            dead,
            start: Position::default(),
            start_player: cell_u16(level.player),
            cost,
            defect: None,
            matched: MatchCache::default(),
        };
        let mut boxes: Vec<u16> = level.boxes.iter().map(|&b| cell_u16(b)).collect();
        boxes.sort_unstable();
        game.start = game.normalise(boxes.into(), cell_u16(level.player));
        Ok(game)
    }

    /// The state for boxes and a player cell: in `Pushes` mode the player moves to the first
    /// cell of its area in reading order.
    fn normalise(&self, boxes: Box<[u16]>, player: u16) -> Position {
        let player = match self.cost {
            SokobanCost::Moves => player,
            SokobanCost::Pushes => {
                cell_u16(self.geometry.walk(&boxes, usize::from(player)).first_cell())
            }
        };
        Position { boxes, player }
    }

    /// The walk from the player to `target`, as lowercase LURD letters ("?" if there is none).
    fn walk_letters(&self, from: &Position, target: usize) -> String {
        self.geometry
            .walk(&from.boxes, usize::from(from.player))
            .path(&self.geometry, target)
            .map_or_else(
                || "?".into(),
                |dirs| dirs.iter().map(|d| d.letter()).collect(),
            )
    }

    fn xy(&self, cell: u16) -> (usize, usize) {
        self.geometry.xy(usize::from(cell))
    }

    fn nearest_goal_sum(&self, boxes: &[u16]) -> i64 {
        boxes
            .iter()
            .map(|&b| i64::from(self.nearest[usize::from(b)]))
            .sum()
    }
}

impl Problem for Sokoban {
    type State = Position;
    type Move = Push;

    fn validate(&self) -> Result<(), Refusal> {
        self.defect.clone().map_or(Ok(()), Err)
    }

    fn start(&self) -> Position {
        self.start.clone()
    }

    fn is_goal(&self, state: &Position) -> bool {
        state.boxes.iter().all(|&b| self.goal[usize::from(b)])
    }

    fn successors(&self, state: &Position, out: &mut Vec<Successor<Position, Push>>) {
        self.matched.expanding(&state.boxes);
        let walks = self.geometry.walk(&state.boxes, usize::from(state.player));
        for (k, &b) in state.boxes.iter().enumerate() {
            for dir in Direction::ALL {
                let behind = self.geometry.step(usize::from(b), dir.opposite());
                let Some(walk) = behind.and_then(|c| walks.distance(c)) else {
                    continue;
                };
                let Some(dest) = self.geometry.step(usize::from(b), dir) else {
                    continue;
                };
                let dest = cell_u16(dest);
                if state.boxes.binary_search(&dest).is_ok() {
                    continue;
                }
                let mv = Push { cell: b, dir };
                if self.dead[usize::from(dest)] {
                    out.push(Successor::Pruned { mv });
                    continue;
                }
                let mut boxes = state.boxes.to_vec();
                boxes[k] = dest;
                boxes.sort_unstable();
                let cost = match self.cost {
                    SokobanCost::Pushes => Cost::ONE,
                    SokobanCost::Moves => Cost::units(i64::from(walk) + 1),
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
            Heuristic::Matching => self.pushes.matching(&self.matched, &state.boxes),
            Heuristic::NearestGoal => self.nearest_goal_sum(&state.boxes),
            _ => 0,
        };
        estimate_of(pushes)
    }
}

#[cfg(test)]
mod tests;
