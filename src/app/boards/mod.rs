//! The board view: a drawing of one state, by domain. Each domain hands out its own board type
//! (in its folder); [`show`] tries each domain's board in turn, one line a domain, and the one
//! whose type the view holds draws it. The views share what they are given ([`input`]), the
//! search's colours ([`palette`]) and their legend ([`legend`]).

pub mod camera;
mod graph;
mod grid;
mod grid_canvas;
pub mod input;
pub mod legend;
pub mod marks;
mod missionaries;
pub mod palette;
mod queens;
pub mod route;
mod sliding;
mod sokoban;

pub use input::BoardInput;

use crate::app::command::Command;
use crate::present::board::BoardData;
use eframe::egui::Ui;

/// Draws the board; an editable board may ask to edit the start (slide a tile, lock a queen,
/// paint a wall). A view of no domain's type (a search away on a worker thread) draws nothing.
pub fn show(ui: &mut Ui, input: &BoardInput<'_>) -> Option<Command> {
    draw(ui, input, sliding::show)
        .or_else(|| draw(ui, input, queens::show))
        .or_else(|| draw(ui, input, grid::show))
        .or_else(|| draw(ui, input, graph::show))
        .or_else(|| draw(ui, input, sokoban::show))
        .or_else(|| draw(ui, input, missionaries::show))
        .flatten()
}

/// A domain's board drawn by `show`, if the view is of its type `T`; the outer `None` when not.
fn draw<T: BoardData>(
    ui: &mut Ui,
    input: &BoardInput<'_>,
    show: fn(&mut Ui, &T, &BoardInput<'_>) -> Option<Command>,
) -> Option<Option<Command>> {
    input.view.get::<T>().map(|board| show(ui, board, input))
}
