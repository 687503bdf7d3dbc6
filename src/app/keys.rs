//! The keyboard shortcuts, read at the start of a frame before any widget can take Space or
//! Enter as a click. Each key is a [`Command`], the same one its button sends.

use crate::app::command::{Command, TravelCommand};
use eframe::egui::{self, Key, Modifiers, Ui};

/// The commands of the keys pressed this frame. None fires while a widget has the keyboard (a
/// text field being typed in) or a menu, combo box or popup is open: a file name typed into a
/// menu must never press Reset.
pub fn shortcuts(ui: &mut Ui) -> Vec<Command> {
    let ctx = ui.ctx();
    if ctx.egui_wants_keyboard_input() || egui::Popup::is_any_open(ctx) {
        return Vec::new();
    }
    ui.input_mut(|i| {
        let mut commands = Vec::new();
        for _ in 0..i.count_and_consume_key(Modifiers::SHIFT, Key::Space) {
            commands.push(Command::FineStep);
        }
        for _ in 0..i.count_and_consume_key(Modifiers::NONE, Key::Space) {
            commands.push(Command::Step);
        }
        if i.consume_key(Modifiers::NONE, Key::Enter) {
            commands.push(Command::RunPause);
        }
        if i.consume_key(Modifiers::NONE, Key::Backspace) {
            commands.push(Command::Travel(TravelCommand::StepBack));
        }
        if i.consume_key(Modifiers::NONE, Key::R) {
            commands.push(Command::Reset);
        }
        if i.consume_key(Modifiers::COMMAND, Key::Z) {
            commands.push(Command::UndoReset);
        }
        commands
    })
}
