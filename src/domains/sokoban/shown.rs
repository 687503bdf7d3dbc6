//! How Sokoban is shown: a push (and the walk before it) in words, why a push onto a dead
//! square is pruned, a position in a line, and the level drawn with its boxes and player.

use super::{Position, Push, Sokoban};
use crate::present::{BoardView, Presentation};

/// What the board view draws for one state: a Sokoban level, every position a cell index
/// `y · width + x`. `dead` are the floor squares from which a box can never reach a goal
/// (pushes onto them are pruned).
#[derive(Clone, Debug, PartialEq)]
pub struct SokobanView {
    pub width: usize,
    pub height: usize,
    pub walls: Vec<bool>,
    pub goals: Vec<usize>,
    pub boxes: Vec<usize>,
    pub player: usize,
    pub dead: Vec<usize>,
}

impl Presentation for Sokoban {
    /// The walk in lowercase LURD letters, the push in uppercase, then the push in words, e.g.
    /// `llU: box (3, 2) up`. In `Pushes` mode the walk starts at the state's canonical cell.
    fn describe_move(&self, from: &Position, mv: Push) -> String {
        let behind = self
            .geometry
            .step(usize::from(mv.cell), mv.dir.opposite())
            .unwrap_or(usize::from(mv.cell));
        let (x, y) = self.xy(mv.cell);
        format!(
            "{}{}: box ({x}, {y}) {}",
            self.walk_letters(from, behind),
            mv.dir.letter().to_ascii_uppercase(),
            mv.dir.word()
        )
    }

    fn explain_prune(&self, _from: &Position, mv: Push) -> String {
        let dest = self
            .geometry
            .step(usize::from(mv.cell), mv.dir)
            .unwrap_or(usize::from(mv.cell));
        let (x, y) = self.geometry.xy(dest);
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
        BoardView::new(SokobanView {
            width: self.geometry.width,
            height: self.geometry.height,
            walls: self.geometry.blocked.clone(),
            goals: self.goals.iter().map(|&g| usize::from(g)).collect(),
            boxes: state.boxes.iter().map(|&b| usize::from(b)).collect(),
            player: usize::from(state.player),
            dead: (0..self.dead.len()).filter(|&i| self.dead[i]).collect(),
        })
    }
}
