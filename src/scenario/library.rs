//! The scenarios shipped in `scenarios/`, built into the binary with the files they name, so
//! the app's menu and the built-in puzzle work from any folder.

use super::model::{Scenario, ScenarioError};
use std::path::Path;

/// The A* chapter's puzzle, built into the binary: what the app opens on.
pub const BUILT_IN: &str = include_str!("../../scenarios/seed_542703816.ron");

/// Every scenario shipped in `scenarios/`, by file name, for the app's menu.
pub const LIBRARY: &[(&str, &str)] = &[
    ("seed_542703816.ron", BUILT_IN),
    (
        "unsolvable_123456870.ron",
        include_str!("../../scenarios/unsolvable_123456870.ron"),
    ),
    (
        "one_move_123456708.ron",
        include_str!("../../scenarios/one_move_123456708.ron"),
    ),
    (
        "hardest_31_moves.ron",
        include_str!("../../scenarios/hardest_31_moves.ron"),
    ),
    (
        "fifteen_44_moves.ron",
        include_str!("../../scenarios/fifteen_44_moves.ron"),
    ),
    ("queens_8.ron", include_str!("../../scenarios/queens_8.ron")),
    (
        "queens_8_locked.ron",
        include_str!("../../scenarios/queens_8_locked.ron"),
    ),
    ("queens_4.ron", include_str!("../../scenarios/queens_4.ron")),
    (
        "backtracking_depth_limit.ron",
        include_str!("../../scenarios/backtracking_depth_limit.ron"),
    ),
    ("romania.ron", include_str!("../../scenarios/romania.ron")),
    (
        "tie_graph.ron",
        include_str!("../../scenarios/tie_graph.ron"),
    ),
    (
        "grid_open_room.ron",
        include_str!("../../scenarios/grid_open_room.ron"),
    ),
    (
        "grid_four_connected.ron",
        include_str!("../../scenarios/grid_four_connected.ron"),
    ),
    (
        "grid_trap.ron",
        include_str!("../../scenarios/grid_trap.ron"),
    ),
    (
        "grid_terrain.ron",
        include_str!("../../scenarios/grid_terrain.ron"),
    ),
    (
        "grid_arena.ron",
        include_str!("../../scenarios/grid_arena.ron"),
    ),
    (
        "grid_den101d.ron",
        include_str!("../../scenarios/grid_den101d.ron"),
    ),
    (
        "sokoban_microban_001.ron",
        include_str!("../../scenarios/sokoban_microban_001.ron"),
    ),
    (
        "sokoban_microban_005.ron",
        include_str!("../../scenarios/sokoban_microban_005.ron"),
    ),
    (
        "sokoban_dead_squares.ron",
        include_str!("../../scenarios/sokoban_dead_squares.ron"),
    ),
    (
        "graph_overestimate.ron",
        include_str!("../../scenarios/graph_overestimate.ron"),
    ),
    (
        "missionaries_cannibals.ron",
        include_str!("../../scenarios/missionaries_cannibals.ron"),
    ),
];

/// The folder built-in scenarios are parsed against; files they name that are not on disk
/// there are read from [`LIBRARY_FILES`].
pub const LIBRARY_DIR: &str = "scenarios";

/// The data files library scenarios name (maps, levels), built into the binary so the library
/// works from any folder. Paths are relative to `scenarios/`.
pub const LIBRARY_FILES: &[(&str, &str)] = &[
    (
        "maps/arena.map",
        include_str!("../../scenarios/maps/arena.map"),
    ),
    (
        "maps/den101d.map",
        include_str!("../../scenarios/maps/den101d.map"),
    ),
    (
        "sokoban/microban_001.txt",
        include_str!("../../scenarios/sokoban/microban_001.txt"),
    ),
    (
        "sokoban/microban_005.txt",
        include_str!("../../scenarios/sokoban/microban_005.txt"),
    ),
];

impl Scenario {
    /// The built-in scenario: the A* chapter's puzzle.
    #[must_use]
    pub fn built_in() -> Scenario {
        Scenario::parse(BUILT_IN, "built-in", Path::new("scenarios"))
            .expect("the built-in scenario parses (tested)")
    }

    /// A library scenario by file name, parsed against [`LIBRARY_DIR`].
    ///
    /// # Errors
    /// The entry does not parse (the library's own test guards against that).
    #[must_use]
    pub fn from_library(name: &str) -> Option<Result<Scenario, ScenarioError>> {
        LIBRARY
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, text)| Scenario::parse(text, n, Path::new(LIBRARY_DIR)))
    }

    /// The text of a file the problem names, relative to the scenario's folder. A library
    /// scenario whose files are not on disk (the binary run from elsewhere) gets the built-in
    /// copies.
    ///
    /// # Errors
    /// The file cannot be read or is not text.
    pub fn read_file(&self, name: &str) -> Result<String, ScenarioError> {
        let path = self.base_dir.join(name);
        match crate::files::read_text(&path) {
            Ok(text) => Ok(text),
            Err(e) => {
                if self.base_dir == Path::new(LIBRARY_DIR)
                    && let Some((_, text)) = LIBRARY_FILES.iter().find(|(n, _)| *n == name)
                {
                    return Ok((*text).to_string());
                }
                Err(ScenarioError::Read {
                    path: path.display().to_string(),
                    message: e.to_string(),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_library_scenario_parses() {
        for (name, text) in LIBRARY {
            let s = Scenario::parse(text, name, Path::new("scenarios"));
            assert!(s.is_ok(), "{name}: {:?}", s.err());
        }
    }
}
