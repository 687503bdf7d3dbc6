//! The route played on the board: once a goal is accepted, its route from the start, move by
//! move (◀ ▶ and a slider), with its cost and the list of moves.

use super::board;
use crate::engine::session::Session;
use crate::engine::view::BoardView;
use eframe::egui;
use egui::{RichText, ScrollArea, Slider, Ui};

/// Where the player stands on the route.
#[derive(Debug, Default)]
pub struct RoutePlayer {
    /// Index into the route (0: the start).
    pub at: usize,
}

/// Draws the player when `session` has accepted a goal; nothing otherwise.
pub fn show(ui: &mut Ui, player: &mut RoutePlayer, session: &dyn Session) {
    let Some(route) = session.solution().filter(|r| !r.is_empty()) else {
        player.at = 0;
        return;
    };
    let last = route.len() - 1;
    player.at = player.at.min(last);
    let goal = route[last];
    ui.separator();
    ui.strong(format!(
        "Route to the goal: {last} moves, cost {}",
        session.row(goal).g
    ));
    if matches!(session.board(goal), BoardView::Sokoban { .. }) {
        // The Sokoban board plays its route itself, with the player's walk between pushes.
        ui.weak("Played on the board above, push by push with the player's walk.");
        return;
    }
    ui.horizontal(|ui| {
        if ui
            .add_enabled(player.at > 0, egui::Button::new("◀"))
            .on_hover_text("the move before")
            .clicked()
        {
            player.at -= 1;
        }
        if ui
            .add_enabled(player.at < last, egui::Button::new("▶"))
            .on_hover_text("the next move")
            .clicked()
        {
            player.at += 1;
        }
        ui.add(Slider::new(&mut player.at, 0..=last).text("move"));
    });
    let id = route[player.at];
    let view = session.board(id);
    let text = session.state_text(id);
    let parent = player.at.checked_sub(1).map(|i| session.board(route[i]));
    let input = board::BoardInput {
        view: &view,
        text: &text,
        editable: false,
        parent: parent.as_ref(),
        marks: &[],
        route: &[],
        session: None,
        selected: None,
        generation: 0,
    };
    // The route's board is read-only: a click on it asks nothing.
    let _ = board::show(ui, &input);
    ScrollArea::vertical()
        .id_salt("route_moves")
        .max_height(140.0)
        .show(ui, |ui| {
            for (i, pair) in route.windows(2).enumerate() {
                let words = format!("{}. {}", i + 1, session.move_label(pair[0], pair[1]));
                let text = if i + 1 == player.at {
                    RichText::new(words).strong()
                } else {
                    RichText::new(words)
                };
                if ui.selectable_label(i + 1 == player.at, text).clicked() {
                    player.at = i + 1;
                }
            }
        });
}
