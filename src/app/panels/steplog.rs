//! The step log: each step in words (`SearchView::event_lines`). While running, only the last
//! step of each frame is written out, with a count of the steps in between, so a fast run costs
//! no text. Lines wrap to the panel's width; each line's height is measured once (again only
//! when the width changes), so a new line lays out that line alone and only the lines on screen
//! are drawn. (egui keeps a layout only while it is used each frame, so measuring all 2,000
//! lines after every step laid out the ones off screen again: a third of the frame after a
//! Step.)

use crate::present::ShownSearch;
use eframe::egui;
use egui::{Galley, ScrollArea, TextStyle, TextWrapMode, Ui};
use std::collections::VecDeque;
use std::sync::Arc;

/// Lines kept; older ones scroll away.
const MAX_LINES: usize = 2000;

/// The log's height when the window opens, in a column `column` points tall (it shares the
/// right-hand column with the plots above it, which take the rest): 280 where there is room,
/// less on a short screen, so that a 1280×800 projector still shows both plots with their
/// axes. The divider can be dragged either way.
#[must_use]
pub fn default_height(column: f32) -> f32 {
    (column * 0.4).clamp(120.0, 280.0)
}

#[derive(Debug, Default)]
pub struct StepLog {
    lines: VecDeque<String>,
    /// The step each line was written at, so going back in time can take lines away.
    tags: VecDeque<u64>,
    /// The step of the last recorded event (the tag of notes written now).
    at: u64,
    /// Counts changes to the lines, so the wrapped rows are rebuilt only after one.
    version: u64,
    /// The version last drawn (see [`show`]).
    drawn: u64,
    wrapped: Wrapped,
}

/// Where each wrapped line starts, for one width of the panel.
#[derive(Debug, Default)]
struct Wrapped {
    /// The width (its bits) and the log's version the tops were measured for.
    built_for: Option<(u32, u64)>,
    /// The height of each of the first lines (with the spacing below it) at that width; lines
    /// after these are still to be measured.
    heights: VecDeque<f32>,
    /// The top of each line, then the bottom of the last.
    tops: Vec<f32>,
}

impl StepLog {
    pub fn clear(&mut self) {
        *self = StepLog {
            version: self.version + 1,
            ..StepLog::default()
        };
    }

    /// Takes away the lines written after step `step` (the search went back to it).
    pub fn forget_after(&mut self, step: u64) {
        while self.tags.back().is_some_and(|&t| t > step) {
            self.tags.pop_back();
            self.lines.pop_back();
            self.version += 1;
        }
        self.wrapped.heights.truncate(self.lines.len());
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
    pub fn record(&mut self, session: &dyn ShownSearch, skipped: u64) {
        self.at = session.steps();
        if skipped > 0 {
            self.push(format!(
                "… {skipped} step{} run",
                if skipped == 1 { "" } else { "s" }
            ));
        }
        self.record_part(session, 0..usize::MAX);
    }

    /// Writes out the lines `part` of the session's last step (a fine step reveals its lines
    /// one by one).
    pub fn record_part(&mut self, session: &dyn ShownSearch, part: std::ops::Range<usize>) {
        self.at = session.steps();
        let lines = session.event_lines(session.last_event());
        let end = part.end.min(lines.len());
        for line in lines.into_iter().take(end).skip(part.start) {
            self.push(line);
        }
    }

    /// A line of the app's own (a load, a reset, an edit).
    pub fn note(&mut self, line: String) {
        self.push(line);
    }

    fn push(&mut self, line: String) {
        self.version += 1;
        if self.lines.len() == MAX_LINES {
            self.lines.pop_front();
            self.tags.pop_front();
            self.wrapped.heights.pop_front();
        }
        self.lines.push_back(line);
        self.tags.push_back(self.at);
    }

    #[must_use]
    pub fn lines(&self) -> &VecDeque<String> {
        &self.lines
    }

    /// Measures each line wrapped at `width`, if the log or the width changed since.
    fn measure(&mut self, ui: &Ui, width: f32) {
        let wanted = Some((width.to_bits(), self.version));
        if self.wrapped.built_for == wanted {
            return;
        }
        let wrapped = &mut self.wrapped;
        if wrapped.built_for.map(|(w, _)| w) != Some(width.to_bits()) {
            wrapped.heights.clear();
        }
        let spacing = ui.spacing().item_spacing.y;
        for line in self.lines.iter().skip(wrapped.heights.len()) {
            wrapped
                .heights
                .push_back(galley(ui, line, width).size().y + spacing);
        }
        wrapped.tops.clear();
        let mut top = 0.0;
        for height in &wrapped.heights {
            wrapped.tops.push(top);
            top += height;
        }
        wrapped.tops.push(top);
        wrapped.built_for = wanted;
    }
}

/// A line laid out as the log shows it, wrapped at `width` (egui caches the layout, so
/// measuring and drawing lay each line out once).
fn galley(ui: &Ui, line: &str, width: f32) -> Arc<Galley> {
    egui::WidgetText::from(egui::RichText::new(line).monospace()).into_galley(
        ui,
        Some(TextWrapMode::Wrap),
        width,
        TextStyle::Monospace,
    )
}

/// Draws the log, newest at the bottom, each line wrapped to the panel, only those on screen.
pub fn show(ui: &mut Ui, log: &mut StepLog) {
    ui.strong("Step log");
    // Sticking to the bottom moves the view down only as the frame that drew the longer log
    // ends, and that frame drew the lines of the view before it: the newest line would stay
    // out of sight until something else asked for a frame (the pointer moving). One more frame
    // draws the view where it now is.
    if log.drawn != log.version {
        log.drawn = log.version;
        ui.ctx().request_repaint();
    }
    // The bar always shows, so the width the lines wrap at never changes as it comes and goes.
    ScrollArea::vertical()
        .id_salt("step_log")
        .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show_viewport(ui, |ui, viewport| {
            let width = ui.available_width();
            log.measure(ui, width);
            let tops = &log.wrapped.tops;
            ui.set_height(tops.last().copied().unwrap_or(0.0));
            let first = tops
                .partition_point(|&top| top <= viewport.min.y)
                .saturating_sub(1);
            let origin = ui.min_rect().min;
            for (index, line) in log.lines().iter().enumerate().skip(first) {
                let (top, bottom) = (tops[index], tops[index + 1]);
                if top > viewport.max.y {
                    break;
                }
                let rect = egui::Rect::from_min_size(
                    origin + egui::vec2(0.0, top),
                    egui::vec2(width, bottom - top),
                );
                ui.put(rect, egui::Label::new(galley(ui, line, width)));
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::panels::testing::built_in_after;

    #[test]
    fn skipped_steps_are_counted_and_old_lines_scroll_away() {
        let session = built_in_after(2);
        let mut log = StepLog::default();
        log.record(session.shown(), 1);
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
        let mut session = built_in_after(0);
        let mut log = StepLog::default();
        log.note("opened".into());
        for _ in 0..3 {
            session.step();
            log.record(session.shown(), 0);
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

    /// The tops kept line by line as lines come and go (the oldest scrolling away, later
    /// steps taken away, the width changed) are the tops of measuring every line afresh.
    #[test]
    fn line_tops_kept_as_lines_come_and_go_match_measuring_afresh() {
        let ctx = egui::Context::default();
        let mut log = StepLog::default();
        let check = |log: &mut StepLog, width: f32| {
            let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
                log.measure(ui, width);
                let kept = log.wrapped.tops.clone();
                log.wrapped = Wrapped::default();
                log.measure(ui, width);
                assert_eq!(kept, log.wrapped.tops);
                assert_eq!(kept.len(), log.lines().len() + 1);
            });
            output.textures_delta.clear();
        };
        for i in 0..MAX_LINES + 40 {
            log.at = i as u64;
            // Every seventh line is long enough to wrap onto several rows.
            log.note(if i % 7 == 0 {
                "word ".repeat(40)
            } else {
                format!("{i}")
            });
            if i % 500 == 0 {
                check(&mut log, 200.0);
            }
        }
        check(&mut log, 200.0);
        log.forget_after(MAX_LINES as u64);
        check(&mut log, 200.0);
        check(&mut log, 90.0);
        log.note("word ".repeat(30));
        check(&mut log, 90.0);
    }
}
