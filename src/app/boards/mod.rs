//! The board view: a drawing of one state, by domain. One `match` over [`BoardView`], one arm a
//! domain (a new domain's variant does not compile until it has an arm). The views share what
//! they are given ([`input`]), the search's colours ([`palette`]) and their legend ([`legend`]).

pub mod camera;
mod graph;
mod grid;
mod grid_canvas;
pub mod input;
pub mod legend;
pub mod marks;
pub mod palette;
mod queens;
pub mod route;
mod sliding;
mod sokoban;

pub use input::BoardInput;

use crate::app::command::Command;
use crate::engine::view::BoardView;
use eframe::egui::Ui;

/// Draws the board; a click on a movable tile of an editable board asks to slide it.
pub fn show(ui: &mut Ui, input: &BoardInput<'_>) -> Option<Command> {
    match input.view {
        BoardView::Sliding {
            width,
            height,
            tiles,
        } => {
            let before = match input.parent {
                Some(BoardView::Sliding { tiles, .. }) => Some(tiles.as_slice()),
                _ => None,
            };
            sliding::show(ui, (*width, *height), tiles, before, input.editable)
        }
        BoardView::Queens {
            size,
            queens,
            locked,
            attacked,
            trying,
            pruned,
            conflicts,
            ..
        } => {
            let board = queens::QueensBoard {
                size: *size,
                queens,
                locked: *locked,
                attacked,
                trying: *trying,
                pruned,
                conflicts,
            };
            queens::show(ui, &board, input.editable)
        }
        BoardView::Graph {
            nodes,
            edges,
            directed,
            start,
            goal,
            at,
        } => {
            let board = graph::GraphBoard {
                nodes,
                edges,
                directed: *directed,
                start: *start,
                goal: *goal,
                at: *at,
                marks: input.marks,
                route: input.route,
            };
            graph::show(ui, &board, input.id);
            None
        }
        BoardView::Grid { .. } => grid::show(ui, input),
        BoardView::Sokoban { .. } => sokoban::show(ui, input),
    }
}
