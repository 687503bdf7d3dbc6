//! How Sokoban is shown: a push (and the walk before it) in words, why a push onto a dead
//! square is pruned, a position in a line, the level drawn with its boxes and player, and a
//! solution played from the level's start (its labels and LURD, from [`Route`]).

use super::route::Route;
use super::view::SokobanView;
use super::{Position, Push, Sokoban, SokobanCost};
use crate::present::{BoardView, PlayedRoute, Presentation};

/// `n` and its noun, e.g. "1 push", "6 pushes".
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
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
            start: usize::from(self.start_player),
        })
    }

    fn played(&self, route: &[&Position]) -> Option<PlayedRoute> {
        let boards: Vec<BoardView> = route.iter().map(|s| self.board(s)).collect();
        let route = Route::through(&boards).ok()?;
        let (unit, tally) = match self.cost {
            SokobanCost::Moves => ("moves", counted(route.pushes.len(), "push", "pushes")),
            SokobanCost::Pushes => ("pushes", counted(route.moves(), "move", "moves")),
        };
        Some(PlayedRoute {
            labels: route.labels(),
            lurd: route.lurd(),
            cost_unit: unit,
            tally,
        })
    }
}
