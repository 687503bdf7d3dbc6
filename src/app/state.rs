//! What the app remembers between runs (with eframe persistence), kept apart from the runtime
//! state of the search. Panel sizes are remembered by egui itself; this holds the rest.

use crate::app::sort::Sort;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Recent files kept in the menu.
const RECENT_MAX: usize = 8;

/// The largest picked scenario kept whole among the recent ones. A browser gives no path to
/// open again, so its recent scenarios are kept as text, in local storage (a few MB per site);
/// a bigger file (a large map) is left out rather than crowding out the rest.
const RECENT_TEXT_MAX_BYTES: usize = 256 * 1024;

/// A scenario picked without a path (the browser's file picker), kept whole so the Recent menu
/// can open it again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecentText {
    pub name: String,
    pub text: String,
}

/// The remembered layout and preferences. Every field has a default, so an older or damaged
/// saved copy still loads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Layout {
    /// Steps per second while running.
    pub speed: f64,
    /// How many steps "Go" runs.
    pub steps_to_go: u64,
    /// Scenario files opened or saved, newest first.
    pub recent: Vec<PathBuf>,
    /// Scenarios picked in the browser, newest first.
    pub recent_texts: Vec<RecentText>,
    /// The in-app path field (file dialogs need a desktop portal, which may be missing).
    pub path_text: String,
    /// The open table's sort (its own pick order by default). Not saved: a fresh start always
    /// shows pick order, the order a lesson is about. A remembered sort looked like the
    /// algorithm's own order after a restart, and could only be undone by deleting the file.
    #[serde(skip)]
    pub open_sort: Sort,
    /// The closed table's sort (storing order by default), not saved for the same reason.
    #[serde(skip)]
    pub closed_sort: Sort,
    /// The presentation zoom (egui's zoom factor; Ctrl+plus, Ctrl+minus, Ctrl+0), so a class
    /// room's setting survives a restart.
    pub zoom: f32,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            speed: 20.0,
            steps_to_go: 100,
            recent: Vec::new(),
            recent_texts: Vec::new(),
            path_text: String::new(),
            open_sort: Sort::default(),
            closed_sort: Sort::default(),
            zoom: 1.0,
        }
    }
}

/// The zoom range a saved layout may ask for (egui's own keys stay within it too).
const ZOOM_RANGE: std::ops::RangeInclusive<f32> = 0.5..=3.0;

impl Layout {
    /// The saved zoom, or 1 when a damaged file holds something unusable.
    #[must_use]
    pub fn zoom_factor(&self) -> f32 {
        if ZOOM_RANGE.contains(&self.zoom) {
            self.zoom
        } else {
            1.0
        }
    }

    /// Puts `path` first in the recent list.
    pub fn remember(&mut self, path: PathBuf) {
        put_first(&mut self.recent, path, |a, b| a == b);
    }

    /// Puts a picked scenario first in the recent list (unless it is too big to keep).
    pub fn remember_text(&mut self, name: String, text: &str) {
        if text.len() > RECENT_TEXT_MAX_BYTES {
            return;
        }
        let picked = RecentText {
            name,
            text: text.to_owned(),
        };
        put_first(&mut self.recent_texts, picked, |a, b| a.name == b.name);
    }
}

/// The one rule of both recent lists: newest first, no entry twice, at most [`RECENT_MAX`].
fn put_first<T>(list: &mut Vec<T>, item: T, same: impl Fn(&T, &T) -> bool) {
    list.retain(|old| !same(old, &item));
    list.insert(0, item);
    list.truncate(RECENT_MAX);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::sort::SortColumn;

    #[test]
    fn recent_files_are_newest_first_without_repeats() {
        let mut layout = Layout::default();
        for name in ["a", "b", "a"] {
            layout.remember(PathBuf::from(name));
        }
        assert_eq!(layout.recent, vec![PathBuf::from("a"), PathBuf::from("b")]);
        for i in 0..20 {
            layout.remember(PathBuf::from(format!("{i}")));
        }
        assert_eq!(layout.recent.len(), RECENT_MAX);
    }

    #[test]
    fn picked_scenarios_are_kept_newest_first_and_big_ones_left_out() {
        let mut layout = Layout::default();
        for (name, text) in [("a", "1"), ("b", "2"), ("a", "3")] {
            layout.remember_text(name.into(), text);
        }
        let kept: Vec<_> = layout
            .recent_texts
            .iter()
            .map(|r| (r.name.as_str(), r.text.as_str()))
            .collect();
        assert_eq!(kept, [("a", "3"), ("b", "2")]);
        layout.remember_text("big".into(), &"x".repeat(RECENT_TEXT_MAX_BYTES + 1));
        assert_eq!(layout.recent_texts.len(), 2);
        for i in 0..20 {
            layout.remember_text(format!("{i}"), "t");
        }
        assert_eq!(layout.recent_texts.len(), RECENT_MAX);
    }

    #[test]
    fn a_partial_saved_layout_fills_in_defaults() {
        let layout: Layout = ron::from_str("(speed: 5.0)").unwrap();
        assert!((layout.speed - 5.0).abs() < f64::EPSILON);
        assert_eq!(layout.steps_to_go, 100);
    }

    #[test]
    fn the_zoom_is_saved_but_the_table_sorts_are_not() {
        let layout = Layout {
            zoom: 1.5,
            open_sort: Sort::default().clicked(SortColumn::F),
            closed_sort: Sort::default().clicked(SortColumn::G),
            ..Layout::default()
        };
        let text = ron::to_string(&layout).unwrap();
        let back: Layout = ron::from_str(&text).unwrap();
        assert!((back.zoom_factor() - 1.5).abs() < f32::EPSILON);
        assert_eq!(
            back.open_sort,
            Sort::default(),
            "a fresh start shows pick order"
        );
        assert_eq!(back.closed_sort, Sort::default());
        // An old file that saved a sort still loads, in pick order.
        let old: Layout = ron::from_str("(open_sort: (column: F, descending: true))").unwrap();
        assert_eq!(old.open_sort, Sort::default());
        for bad in ["(zoom: 0.0)", "(zoom: 40.0)", "(zoom: NaN)"] {
            let layout: Layout = ron::from_str(bad).unwrap();
            assert!((layout.zoom_factor() - 1.0).abs() < f32::EPSILON, "{bad}");
        }
    }
}
