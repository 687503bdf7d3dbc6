//! The compact layout's board row: the board on the left, whole and as large as the row's
//! height allows, and the pick and why beside it. One above the other, a phone held upright has
//! room for the board or for the why, not both: the why went below the screen's edge.

use crate::app::FrontierApp;
use crate::app::command::Command;
use eframe::egui::{self, ScrollArea, Ui};

/// The board's share of the row's width, at most: the why keeps the rest, wide enough for a
/// few words a line.
const BOARD_WIDTH_SHARE: f32 = 0.55;

/// The board's width, at least, however short the row.
const BOARD_MIN: f32 = 96.0;

impl FrontierApp {
    /// Draws the row; returns the commands of the board and of the why (a slid tile, a quiz
    /// answer).
    pub(super) fn compact_board(&mut self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        let height = ui.available_height();
        // The board's caption above it and its legend below take a line each.
        let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        let side = (height - 2.0 * line)
            .min(ui.available_width() * BOARD_WIDTH_SHARE)
            .max(BOARD_MIN);
        ui.horizontal_top(|ui| {
            let column = egui::vec2(side, height);
            ui.allocate_ui_with_layout(column, egui::Layout::top_down(egui::Align::Min), |ui| {
                ui.set_width(side);
                // A selected row's values go under the board and may need scrolling; the board
                // itself fits the column's width.
                ScrollArea::vertical()
                    .id_salt("compact_board_scroll")
                    .auto_shrink([false, false])
                    .show(ui, |ui| commands.extend(self.board(ui)));
            });
            ui.separator();
            // Top-down, so the why's lines wrap at the column's width.
            let rest = egui::vec2(ui.available_width(), height);
            ui.allocate_ui_with_layout(rest, egui::Layout::top_down(egui::Align::Min), |ui| {
                ScrollArea::vertical()
                    .id_salt("compact_why")
                    .auto_shrink([false, false])
                    .show(ui, |ui| commands.extend(self.why_side(ui)));
            });
        });
        commands
    }
}
