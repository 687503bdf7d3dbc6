//! A new search in the window: other settings, another scenario, an edit of the start. Each
//! builds the search afresh on a new timeline and clears everything derived from the old one;
//! a search that cannot be built leaves the current one and says why.

use crate::app::command::Command;
use crate::app::playback::Fine;
use crate::app::question::Ask;
use crate::app::{FrontierApp, io};
use crate::domains::grid::GridEdit;
use crate::domains::queens::QueensEdit;
use crate::present::ShownSession;
use crate::scenario::{ProblemSpec, Scenario, ScenarioError, SearchSpec, SettingChange};
use std::path::{Path, PathBuf};

impl FrontierApp {
    /// Applies a settings change ([`SettingChange::apply`]) and restarts the search.
    pub(super) fn change_settings(&mut self, change: SettingChange) {
        change.apply(&mut self.scenario.search, &mut self.overrides);
        self.restart();
    }

    /// Opens a scenario file.
    pub(super) fn load_scenario(&mut self, path: PathBuf) {
        match Scenario::load(&path) {
            Ok(scenario) => {
                if self.replace_scenario(scenario, &path.display().to_string()) {
                    self.opened_from(path);
                }
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Opens a scenario file's text, picked in the browser (which gives its name, no path).
    pub(super) fn load_scenario_text(&mut self, name: String, text: &str) {
        match Scenario::parse(text, &name, Path::new("")) {
            Ok(scenario) => {
                if self.replace_scenario(scenario, &name) {
                    self.layout.remember_text(name.clone(), text);
                    self.layout.path_text = name;
                }
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Opens one of the built-in scenarios.
    pub(super) fn load_built_in(&mut self, name: &'static str) {
        match Scenario::from_library(name) {
            Some(Ok(scenario)) => {
                self.replace_scenario(scenario, name);
            }
            Some(Err(e)) => self.error = Some(e.to_string()),
            None => self.error = Some(format!("no built-in scenario named {name}")),
        }
    }

    /// Save: writes the scenario with the settings of the search shown to `path` at once when
    /// that loses nothing (a new file, or the scenario's own file as it was read), and otherwise
    /// asks first ([`crate::files::guard`]).
    pub(super) fn save_scenario(&mut self, path: &Path) {
        if path.as_os_str().is_empty() {
            self.error = Some(
                "Save needs a file: type its path in the Path field, or use Scenario → Save \
                 as… (this scenario was not read from a file of its own)"
                    .into(),
            );
            return;
        }
        match io::verdict(path, self.origin.as_ref()) {
            Ok(verdict) => match verdict.question(path, "scenario") {
                None => self.write_scenario(path),
                Some(question) => {
                    self.asking = Some(Ask {
                        question,
                        yes: Command::WriteScenario(path.to_path_buf()),
                    });
                }
            },
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Writes the scenario to `path` without asking (a file chosen in the save dialog, or a
    /// yes to replacing it); the file becomes the scenario's own.
    pub(super) fn write_scenario(&mut self, path: &Path) {
        let text = self.scenario_as_set().to_ron();
        match io::write_owned(path, text.as_bytes()) {
            Ok(origin) => {
                self.log.note(format!("saved {}", path.display()));
                self.origin = origin;
                self.layout.path_text = path.display().to_string();
                self.layout.remember(path.to_path_buf());
            }
            Err(e) => {
                let path = path.display().to_string();
                let message = e.to_string();
                self.error = Some(ScenarioError::Write { path, message }.to_string());
            }
        }
    }

    /// The scenario with the settings its search runs with: what Save writes, a link carries.
    pub(super) fn scenario_as_set(&self) -> Scenario {
        let mut scenario = self.scenario.clone();
        scenario.search = SearchSpec::from_settings(self.view().settings());
        scenario
    }

    /// Names the file the scenario was read from: the Path field shows it, and Save writes
    /// over it without asking while it holds what it held now.
    pub fn opened_from(&mut self, path: PathBuf) {
        self.origin = io::origin_of(&path);
        self.layout.path_text = path.display().to_string();
        self.layout.remember(path);
    }

    /// The same scenario and settings, back at step 0; the layout stays.
    pub(super) fn restart(&mut self) {
        match self.scenario.session(&self.overrides) {
            Ok(session) => {
                self.timeline = super::travel::timeline(session);
                self.started();
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Switches to `scenario` if its search can be built; otherwise shows why and keeps the
    /// current one.
    pub(super) fn replace_scenario(&mut self, scenario: Scenario, origin: &str) -> bool {
        match scenario.session(&SearchSpec::default()) {
            Ok(session) => {
                self.show_search(scenario, session);
                self.log.note(format!("opened {origin}"));
                true
            }
            Err(e) => {
                self.error = Some(e.to_string());
                false
            }
        }
    }

    /// Shows `session`, a search of `scenario` with the scenario's own settings, from step 0.
    /// The scenario belongs to no file until the caller says it was read from one
    /// ([`FrontierApp::opened_from`]): whatever file was shown before must not be written over
    /// with this one.
    pub(super) fn show_search(&mut self, scenario: Scenario, session: Box<dyn ShownSession>) {
        self.origin = None;
        self.layout.path_text.clear();
        self.travel.forget_trace_file();
        self.scenario = scenario;
        self.overrides = SearchSpec::default();
        self.timeline = super::travel::timeline(session);
        self.comparison.clear();
        self.error = None;
        self.started();
    }

    /// Clears everything derived from the previous search.
    pub(super) fn started(&mut self) {
        self.generation += 1;
        // A batch still running belongs to the old search: abandoned.
        self.errand = None;
        self.pace = super::worker::Pace::default();
        self.playback.pause();
        self.fine = Fine::Off;
        self.fine_logged = None;
        self.selected = None;
        self.history.clear();
        self.log.clear();
        self.open_ids.clear();
        self.closed_ids.clear();
        self.pick_text.clear();
        self.place_marks.clear();
        self.travel.started();
        let s = self.timeline.view().settings();
        let heuristic = if s.uses_heuristic() {
            s.heuristic.to_string()
        } else {
            format!("{} (not used)", s.heuristic)
        };
        self.log.note(format!(
            "{} on \"{}\": {} · {heuristic} · {} · max {} states",
            s.algorithm,
            self.scenario.title,
            s.algorithm.priority_formula(),
            s.tie_break_words(),
            s.max_states
        ));
        if let Some(outcome) = self.timeline.view().outcome() {
            self.log.note(outcome.to_string());
        }
    }

    /// Slides a tile of the start into the blank and restarts, only at step 0.
    pub(super) fn slide_tile(&mut self, slot: usize) {
        if self.view().steps() > 0 {
            return;
        }
        if let ProblemSpec::SlidingPuzzle {
            width,
            height,
            start,
            ..
        } = &mut self.scenario.problem
            && crate::domains::sliding::slide(*width, *height, start, slot)
        {
            self.restart();
        }
    }

    /// Edits the N-queens start (the locked queen, the size) and restarts, only at step 0.
    pub(super) fn edit_queens(&mut self, edit: QueensEdit) {
        if self.view().steps() > 0 {
            return;
        }
        if let ProblemSpec::NQueens { size, locked } = &mut self.scenario.problem
            && crate::domains::queens::apply_edit(size, locked, edit)
        {
            self.restart();
        }
    }

    /// Applies an edit of the grid's start (shown at step 0) and restarts the search.
    pub(super) fn edit_grid(&mut self, edit: &GridEdit) {
        if self.view().steps() > 0 {
            return;
        }
        match self.scenario.edit_grid(edit) {
            Ok(true) => self.restart(),
            Ok(false) => {}
            Err(e) => self.error = Some(e.to_string()),
        }
    }
}
