//! The colours of the search's marks, named once: the boards, the tables and the plot paint
//! the open list, the closed list, the next pick, the state shown, the route, the start and the
//! goal in the same colours, so a colour learnt on one panel reads the same on every other.
//! Colours of a board's own terrain and pieces (walls, tiles, boxes) stay with that board.

use eframe::egui::Color32;

/// States on the open list (stored, not yet expanded).
pub const OPEN: Color32 = Color32::from_rgb(0x5c, 0xc0, 0x6c);
/// States on the closed list (expanded).
pub const CLOSED: Color32 = Color32::from_rgb(0x6a, 0x8c, 0xd8);
/// The next pick: a dark shade of [`OPEN`] (it is an open row), under white text in the tables.
pub const PICK: Color32 = Color32::from_rgb(0x2e, 0x6b, 0x3a);
/// Rows tied with the next pick.
pub const TIE: Color32 = Color32::from_rgb(0xd0, 0xa0, 0x30);
/// The state or step shown (the one just expanded, or selected).
pub const CURRENT: Color32 = Color32::from_rgb(0xe0, 0x30, 0x30);
/// The route from the start to the selected row or to the accepted goal.
pub const ROUTE: Color32 = Color32::from_rgb(0xf2, 0x9a, 0x1c);
/// The start state.
pub const START: Color32 = Color32::from_rgb(0x10, 0x80, 0x30);
/// The goal.
pub const GOAL: Color32 = Color32::from_rgb(0xb0, 0x28, 0xc0);

/// The marks a map board shows and the words its legend gives them, in the legend's order.
pub const MARKS: [(Color32, &str); 6] = [
    (START, "start"),
    (GOAL, "goal"),
    (OPEN, "open"),
    (CLOSED, "closed"),
    (CURRENT, "current"),
    (ROUTE, "route"),
];
