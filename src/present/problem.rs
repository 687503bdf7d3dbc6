//! How a problem family is shown: its states in a line of text, its moves and pruned moves in
//! words, a state's drawing and where it stands on a map. The search's side of the same family
//! is the engine's [`Problem`]; every domain implements both, side by side in its folder.

use super::board::BoardView;
use crate::engine::problem::Problem;

/// A problem family's presentation. Nothing here runs while the search steps: texts, labels and
/// drawings are made only when a face asks for them.
pub trait Presentation: Problem {
    /// A move in words, e.g. "tile 4 down".
    fn describe_move(&self, from: &Self::State, mv: Self::Move) -> String;
    /// Why a pruned move was refused, e.g. "column 4 attacked by the queen at row 1".
    fn explain_prune(&self, from: &Self::State, mv: Self::Move) -> String {
        let _ = from;
        format!("{mv:?} pruned")
    }
    /// One-line text of a state, for tables, logs, breakpoints and lesson claims.
    fn compact(&self, state: &Self::State) -> String;
    /// What the board view needs to draw `state`: the domain's own board type, which its board
    /// in the app reads back ([`BoardView::get`]).
    fn board(&self, state: &Self::State) -> BoardView;
    /// The board position `state` stands on (a grid cell or graph node index), for views that
    /// colour every stored state at once; `None` where states are whole boards.
    fn place(&self, state: &Self::State) -> Option<usize> {
        let _ = state;
        None
    }
    /// Where `state` sits on a plane (a grid cell's x and y), for exporters that draw maps;
    /// `None` for domains whose states are not places.
    fn position(&self, state: &Self::State) -> Option<(i64, i64)> {
        let _ = state;
        None
    }
}
