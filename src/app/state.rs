//! What the app remembers between runs (with eframe persistence), kept apart from the runtime
//! state of the search. Panel sizes are remembered by egui itself; this holds the rest.

use super::tables::Sort;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Recent files kept in the menu.
const RECENT_MAX: usize = 8;

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
    /// The in-app path field (file dialogs need a desktop portal, which may be missing).
    pub path_text: String,
    /// The open table's sort (its own pick order by default).
    pub open_sort: Sort,
    /// The closed table's sort (storing order by default).
    pub closed_sort: Sort,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            speed: 20.0,
            steps_to_go: 100,
            recent: Vec::new(),
            path_text: String::new(),
            open_sort: Sort::default(),
            closed_sort: Sort::default(),
        }
    }
}

impl Layout {
    /// Puts `path` first in the recent list.
    pub fn remember(&mut self, path: PathBuf) {
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_MAX);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_partial_saved_layout_fills_in_defaults() {
        let layout: Layout = ron::from_str("(speed: 5.0)").unwrap();
        assert!((layout.speed - 5.0).abs() < f64::EPSILON);
        assert_eq!(layout.steps_to_go, 100);
    }
}
