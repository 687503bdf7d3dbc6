//! What the board view draws for one Sokoban state, apart from how it is made: the route player
//! reads routes back from these boards, and the presentation makes them.

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
    /// Where the player stands in the level as written: a route is played from here (the
    /// start state may keep another cell of the player's area).
    pub start: usize,
}
