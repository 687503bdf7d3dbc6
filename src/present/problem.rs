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
    /// The solution along `route` (start first, one state per step) as it is played from the
    /// start, for a domain whose moves cannot be read one state at a time: a Sokoban push's
    /// walk starts where the push before left the player, which a push-counting state forgets.
    /// `None` where [`Presentation::describe_move`] says it all.
    fn played(&self, route: &[&Self::State]) -> Option<PlayedRoute> {
        let _ = route;
        None
    }
}

/// A solution played from the start ([`Presentation::played`]): what the faces print and copy
/// instead of reading each step alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedRoute {
    /// Each step in words, in order, each starting where the one before ended.
    pub labels: Vec<String>,
    /// The whole solution in Sokoban's LURD notation: lowercase letters walk, uppercase push.
    pub lurd: String,
    /// What the cost counts, as a plural noun ("moves", "pushes").
    pub cost_unit: &'static str,
    /// The route's other count in words, e.g. "31 moves" when the cost counts pushes.
    pub tally: String,
}
