//! The question the app asks before a save would replace a file's contents: a modal window with
//! the question in words, "Replace" and "Cancel". Nothing else can be clicked while it is open,
//! and Escape or a click beside it means Cancel.

use crate::app::command::Command;
use crate::app::question::Ask;
use eframe::egui::{self, Id, Modal, RichText};

/// Draws the question over the window; returns the answer once given.
pub fn show(ctx: &egui::Context, ask: &Ask) -> Option<Command> {
    let mut answer = None;
    let modal = Modal::new(Id::unique("ask_before_writing")).show(ctx, |ui| {
        ui.set_max_width(420.0);
        ui.label(RichText::new("Replace the file?").strong());
        ui.label(&ask.question);
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Replace").clicked() {
                answer = Some(ask.yes.clone());
            }
            if ui.button("Cancel").clicked() {
                answer = Some(Command::CancelQuestion);
            }
        });
    });
    if answer.is_none() && modal.should_close() {
        answer = Some(Command::CancelQuestion);
    }
    answer
}
