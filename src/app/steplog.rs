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
    /// The step each line was written at, so going back in time can take lines away.
    tags: VecDeque<u64>,
    /// The step of the last recorded event (the tag of notes written now).
    at: u64,
}

impl StepLog {
    pub fn clear(&mut self) {
        *self = StepLog::default();
    }

    /// Takes away the lines written after step `step` (the search went back to it).
    pub fn forget_after(&mut self, step: u64) {
        while self.tags.back().is_some_and(|&t| t > step) {
            self.tags.pop_back();
            self.lines.pop_back();
        }
        self.at = step;
    }

    /// Whether step `step`'s own lines ("step N: …") are in the log.
    #[must_use]
    pub fn shows_step(&self, step: u64) -> bool {
        let head = format!("step {step}:");
        self.tags
            .iter()
            .zip(&self.lines)
            .rev()
            .take_while(|(t, _)| **t >= step)
            .any(|(t, line)| *t == step && line.starts_with(&head))
    }

    /// Writes out the session's last step; `skipped` steps before it are only counted.
    pub fn record(&mut self, session: &dyn Session, skipped: u64) {
        self.at = session.steps();
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
            self.tags.pop_front();
        }
        self.lines.push_back(line);
        self.tags.push_back(self.at);
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

    #[test]
    fn going_back_takes_away_the_lines_of_later_steps() {
        let mut session = Scenario::built_in()
            .session(&SearchSpec::default())
            .unwrap();
        let mut log = StepLog::default();
        log.note("opened".into());
        for _ in 0..3 {
            session.step();
            log.record(session.as_ref(), 0);
        }
        log.note("a note on step 3".into());
        log.forget_after(1);
        let last = log.lines().back().unwrap();
        assert!(
            last.starts_with("step 1: ") || !last.starts_with("step "),
            "{last}"
        );
        assert!(
            log.lines()
                .iter()
                .all(|l| !l.starts_with("step 2") && !l.starts_with("step 3"))
        );
        assert_eq!(log.lines()[0], "opened");
        assert!(log.shows_step(1));
        assert!(!log.shows_step(2));
        log.forget_after(0);
        assert_eq!(log.lines().len(), 1);
        assert!(!log.shows_step(1));
    }
}
