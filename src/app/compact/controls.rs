//! The foot of the compact layout: the step and the outcome in one line, over Step, Back, Run
//! (Pause while running) and Reset as large buttons sharing the width, each as tall as a
//! fingertip. They give the commands of the toolbar's buttons and of the keys.

use crate::app::FrontierApp;
use crate::app::command::{Command, TravelCommand};
use crate::app::playback::Mode;
use eframe::egui::{self, RichText, Ui};

/// The buttons' height: larger than the 44-point (48 dp) fingertip the phone makers ask for.
const BUTTON_HEIGHT: f32 = 52.0;

/// The buttons' text size.
const BUTTON_TEXT: f32 = 18.0;

impl FrontierApp {
    /// Draws the line and the buttons; returns the command of the button tapped.
    pub(super) fn compact_controls(&self, ui: &mut Ui) -> Option<Command> {
        let view = self.timeline.view();
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(crate::app::words::status::outcome_sentence(view)).strong());
            ui.label(format!("Step {}", view.steps()));
        });
        let can_step = view.outcome().is_none();
        let paused = self.playback.mode() == Mode::Paused;
        let buttons = [
            ("Step", can_step, "Space", Command::Step),
            (
                "Back",
                view.steps() > 0,
                "Backspace: one step back",
                Command::Travel(TravelCommand::StepBack),
            ),
            (
                if paused { "Run" } else { "Pause" },
                can_step || !paused,
                "Enter",
                Command::RunPause,
            ),
            ("Reset", true, "R: back to step 0", Command::Reset),
        ];
        let gap = ui.spacing().item_spacing.x;
        #[expect(clippy::cast_precision_loss, reason = "four buttons")]
        let count = buttons.len() as f32;
        let width = ((ui.available_width() - gap * (count - 1.0)) / count).max(0.0);
        let mut command = None;
        ui.horizontal(|ui| {
            for (label, enabled, tip, given) in buttons {
                let button = egui::Button::new(RichText::new(label).size(BUTTON_TEXT))
                    .min_size(egui::vec2(width, BUTTON_HEIGHT));
                if ui.add_enabled(enabled, button).on_hover_text(tip).clicked() {
                    command = Some(given);
                }
            }
        });
        command
    }
}
