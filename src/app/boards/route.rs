//! The route played on the board: once a goal is accepted, its route from the start, move by
//! move (◀ ▶ and a slider), with its cost and the list of moves.

use crate::app::boards::{self, BoardInput};
use crate::app::words::counted;
use crate::domains::sokoban::SokobanView;
use crate::engine::notebook::NodeId;
use crate::present::ShownSearch;
use eframe::egui;
use egui::{RichText, ScrollArea, Slider, Ui};

/// The route's board's height at most, as a share of the window.
const BOARD_SHARE: f32 = 0.2;
/// The list of moves' height at most, as a share of the window (it scrolls beyond).
const MOVES_SHARE: f32 = 0.12;

/// Where the player stands on the route.
#[derive(Debug, Default)]
pub struct RoutePlayer {
    /// Index into the route (0: the start).
    pub at: usize,
    /// The route's places on a map board (grid cells, graph nodes), for the route they were
    /// gathered for: gathering walks every row, so it is done once per route.
    places: Option<(Vec<NodeId>, Vec<usize>)>,
}

impl RoutePlayer {
    /// The places along `route`, gathered again only when the route changed.
    fn places(&mut self, session: &dyn ShownSearch, route: &[NodeId]) -> &[usize] {
        if self.places.as_ref().is_none_or(|(r, _)| r != route) {
            let all = session.places();
            let places = route
                .iter()
                .filter_map(|&id| all.get(id as usize).copied().flatten())
                .collect();
            self.places = Some((route.to_vec(), places));
        }
        self.places.as_ref().map_or(&[], |(_, p)| p)
    }
}

/// Draws the player when `session` has accepted a goal; nothing otherwise. `generation`
/// tells one search from the next (see [`BoardInput::generation`]).
pub fn show(ui: &mut Ui, player: &mut RoutePlayer, session: &dyn ShownSearch, generation: u64) {
    let Some(route) = session.solution().filter(|r| !r.is_empty()) else {
        player.at = 0;
        return;
    };
    let last = route.len() - 1;
    player.at = player.at.min(last);
    let goal = route[last];
    ui.separator();
    if session.board(goal).get::<SokobanView>().is_some() {
        // Each step of a Sokoban route is one push; the board plays it move by move, the
        // player's walk included, and names the cost there.
        ui.strong(format!(
            "Route to the goal: {}, cost {}",
            counted(last as u64, "push"),
            session.row(goal).g
        ));
        ui.weak("Played on the board above, move by move with the player's walk.");
        return;
    }
    ui.strong(format!(
        "Route to the goal: {}, cost {}",
        counted(last as u64, "move"),
        session.row(goal).g
    ));
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
    let parent = player.at.checked_sub(1).map(|i| session.board(route[i]));
    let input = BoardInput {
        view: &view,
        editable: false,
        parent: parent.as_ref(),
        marks: &[],
        route: player.places(session, &route),
        session: None,
        selected: None,
        generation,
        id: egui::Id::unique("route board"),
        map: generation,
    };
    // The route's board is read-only: a click on it asks nothing. It is drawn no taller than a
    // share of the window, so on a projector the moves under it stay in the panel.
    let most = ui.ctx().content_rect().height() * BOARD_SHARE;
    ui.scope(|ui| {
        ui.set_max_height(most);
        let _ = boards::show(ui, &input);
    });
    ScrollArea::vertical()
        .id_salt("route_moves")
        .max_height(ui.ctx().content_rect().height() * MOVES_SHARE)
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
