//! What the app tells the user besides the search, in every layout: a notice (a share link that
//! could not be opened, and what is shown instead) in a row of its own above everything, closed
//! with ×; the short confirmation Copy link shows beside the Scenario menu; the error line.
//!
//! The notice is drawn by egui, inside the app, not by the page: it takes its own row, so it
//! covers nothing, and closing it leaves the keyboard with the app (Space steps again).

use crate::app::command::Command;
use eframe::egui::{self, Color32, Panel, RichText, Ui};

/// How long "Link copied" stays, in seconds.
pub const COPIED_SECONDS: f64 = 2.5;

/// The notice's colours: light words on the error red of the page, so it reads as the page's
/// own message.
const NOTICE_FILL: Color32 = Color32::from_rgb(0x8a, 0x2a, 0x1e);
const NOTICE_TEXT: Color32 = Color32::WHITE;

/// The colour of "Link copied".
const COPIED_COLOR: Color32 = Color32::from_rgb(0x40, 0xb0, 0x50);

/// The notice shown and the time of the last Copy link.
#[derive(Default)]
pub struct Notices {
    notice: Option<String>,
    /// `egui::InputState::time` when a link was last copied.
    copied_at: Option<f64>,
}

impl Notices {
    /// Shows `text` until it is closed (it replaces any notice shown).
    pub fn show(&mut self, text: String) {
        self.notice = Some(text);
    }

    /// The notice shown, if any.
    #[must_use]
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Closes the notice.
    pub fn close(&mut self) {
        self.notice = None;
    }

    /// Notes that a link was copied at `now` (seconds, as egui counts them).
    pub fn copied(&mut self, now: f64) {
        self.copied_at = Some(now);
    }

    /// Whether "Link copied" shows at `now`; while it does, asks for the frame that hides it.
    #[must_use]
    pub fn link_copied(&self, ctx: &egui::Context) -> bool {
        let Some(at) = self.copied_at else {
            return false;
        };
        let left = at + COPIED_SECONDS - ctx.input(|i| i.time);
        if left <= 0.0 {
            return false;
        }
        #[expect(clippy::cast_possible_truncation, reason = "seconds, not precise")]
        ctx.request_repaint_after(std::time::Duration::from_secs_f32(left as f32));
        true
    }

    /// The notice's row at the top of the window, if a notice is shown; × closes it.
    pub fn panel(&self, ui: &mut Ui) -> Option<Command> {
        let text = self.notice.as_deref()?;
        let mut command = None;
        let frame = egui::Frame::side_top_panel(ui.style()).fill(NOTICE_FILL);
        Panel::top("notice").frame(frame).show(ui, |ui| {
            ui.horizontal(|ui| {
                let close = egui::Button::new(RichText::new("×").color(NOTICE_TEXT).strong())
                    .fill(NOTICE_FILL)
                    .min_size(egui::vec2(28.0, 24.0));
                // The × at the row's right end, the words filling the rest.
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
                    if ui.add(close).on_hover_text("Close this notice").clicked() {
                        command = Some(Command::DismissNotice);
                    }
                    ui.with_layout(egui::Layout::left_to_right(egui::Align::Min), |ui| {
                        ui.add(egui::Label::new(RichText::new(text).color(NOTICE_TEXT)).wrap());
                    });
                });
            });
        });
        command
    }
}

/// "Link copied", beside the control that copied it.
pub fn copied_label(ui: &mut Ui) {
    ui.label(RichText::new("Link copied").color(COPIED_COLOR));
}

/// The error message, if any, in the error colour with its Dismiss button, and a line under it.
pub fn error_line(ui: &mut Ui, error: Option<&str>) -> Option<Command> {
    let error = error?;
    let mut command = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(error).color(Color32::from_rgb(0xff, 0x70, 0x60)));
        if ui.button("Dismiss").clicked() {
            command = Some(Command::DismissError);
        }
    });
    ui.separator();
    command
}

/// The notice of a page whose link could not be opened: in one sentence, what is wrong with it
/// (`why`, as [`crate::share::parse`] says it) and what is shown instead.
#[must_use]
pub fn unopened_link(why: &str) -> String {
    match why.strip_prefix("the link ") {
        Some(rest) => format!("This page's link {rest}; the built-in puzzle is shown instead."),
        None => format!(
            "This page's link could not be opened ({why}); the built-in puzzle is shown instead."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unopened_link_says_what_is_wrong_and_what_is_shown_in_one_sentence() {
        let damaged = crate::share::parse("#scenario=AAAA&at=3").unwrap_err();
        let words = unopened_link(&damaged.to_string());
        assert_eq!(
            words,
            "This page's link is damaged: its scenario cannot be unpacked (cut short?); the \
             built-in puzzle is shown instead."
        );
        let syntax = unopened_link("the link's scenario: line 1, column 2: expected `(`");
        assert_eq!(
            syntax,
            "This page's link could not be opened (the link's scenario: line 1, column 2: \
             expected `(`); the built-in puzzle is shown instead."
        );
        for words in [words, syntax] {
            assert_eq!(words.matches(". ").count(), 0, "one sentence: {words}");
        }
    }
}
