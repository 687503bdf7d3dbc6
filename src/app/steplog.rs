//! The step log: each step in words (`Session::event_lines`). While running, only the last
//! step of each frame is written out, with a count of the steps in between, so a fast run costs
//! no text.

use crate::engine::session::Session;
use eframe::egui;
use egui::{ScrollArea, Ui};
use std::collections::VecDeque;

/// Lines kept; older ones scroll away.
const MAX_LINES: usize = 2000;

#[derive(Debug, Default)]
pub struct StepLog {
    lines: VecDeque<String>,
}

impl StepLog {
    pub fn clear(&mut self) {
        self.lines.clear();
    }

    /// Writes out the session's last step; `skipped` steps before it are only counted.
    pub fn record(&mut self, session: &dyn Session, skipped: u64) {
        if skipped > 0 {
            self.push(format!(
                "… {skipped} step{} run",
                if skipped == 1 { "" } else { "s" }
            ));
        }
        for line in session.event_lines(session.last_event()) {
            self.push(line);
        }
    }

    /// A line of the app's own (a load, a reset, an edit).
    pub fn note(&mut self, line: String) {
        self.push(line);
    }

    fn push(&mut self, line: String) {
        if self.lines.len() == MAX_LINES {
            self.lines.pop_front();
        }
        self.lines.push_back(line);
    }

    #[must_use]
    pub fn lines(&self) -> &VecDeque<String> {
        &self.lines
    }
}

/// Draws the log, newest at the bottom, only the lines on screen.
pub fn show(ui: &mut Ui, log: &StepLog) {
    ui.strong("Step log");
    let row_height = ui.text_style_height(&egui::TextStyle::Monospace);
    ScrollArea::both()
        .id_salt("step_log")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show_rows(ui, row_height, log.lines().len(), |ui, range| {
            for line in log.lines().range(range) {
                // One line per row, never wrapped, so the rows stay the height show_rows assumes.
                ui.add(egui::Label::new(egui::RichText::new(line).monospace()).extend());
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Scenario, SearchSpec};

    #[test]
    fn skipped_steps_are_counted_and_old_lines_scroll_away() {
        let mut session = Scenario::built_in()
            .session(&SearchSpec::default())
            .unwrap();
        let mut log = StepLog::default();
        session.step();
        session.step();
        log.record(session.as_ref(), 1);
        assert_eq!(log.lines()[0], "… 1 step run");
        assert!(
            log.lines()[1].starts_with("step 2: picked #"),
            "{:?}",
            log.lines()
        );
        for i in 0..MAX_LINES {
            log.note(format!("{i}"));
        }
        assert_eq!(log.lines().len(), MAX_LINES);
        assert_eq!(log.lines()[0], "0");
    }
}
