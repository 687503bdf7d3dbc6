//! The app's edits of a grid's start (paint walls, move the start or goal) and the map written
//! back as text, which a scenario keeps once its map is edited.

use super::{Cell, GridMap};

/// One edit of a grid scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridEdit {
    /// Make these cells walls (`wall: true`) or plain floor. The start and goal cells are left
    /// as they are, so an edit never walls them in.
    Paint { cells: Vec<Cell>, wall: bool },
    /// Move the start to a floor cell.
    MoveStart(Cell),
    /// Move the goal to a floor cell.
    MoveGoal(Cell),
}

/// Writes a map back as rows of text: `#` wall, `.` floor, digits 2–9 for terrain costs.
#[must_use]
pub fn map_text(map: &GridMap) -> String {
    let mut text = String::with_capacity((map.width + 1) * map.height);
    for (i, &k) in map.cells.iter().enumerate() {
        if i > 0 && i % map.width == 0 {
            text.push('\n');
        }
        text.push(match k {
            0 => '#',
            1 => '.',
            k => char::from(b'0' + k.min(9)),
        });
    }
    text
}
