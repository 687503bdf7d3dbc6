//! The desktop face: an eframe window over one `Box<dyn Session>`.
//!
//! One file per panel. Panels read the session and return [`Command`]s; [`FrontierApp`] applies
//! them once at the end of the frame, so the buttons and the keys do the same thing. Running
//! advances the search in slices of at most [`playback::FRAME_BUDGET`] per frame, so the window
//! never freezes; a step longer than that runs on a worker thread ([`worker`]).

pub mod boards;
pub mod command;
mod fields;
pub mod panels;
pub mod playback;
pub mod state;
pub mod travel;
mod words;
pub mod worker;

use boards::marks;
use panels::{lesson, pick, plot, status, steplog, tables, toolbar, tree};

use crate::engine::session::Session;
use crate::engine::store::{NodeId, Status};
use crate::engine::view::BoardView;
use crate::scenario::{self, LIBRARY, ProblemSpec, Scenario, ScenarioError, SearchSpec};
use command::Command;
use eframe::egui;
use egui::{CentralPanel, Color32, Key, Modifiers, Panel, RichText, ScrollArea, Ui};
use playback::{Fine, FineAction, Playback};
use state::Layout;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Opens the app window on `scenario`, read from `path` (none: built in), with the search
/// already at step `at` (`u64::MAX`: its end), as a teacher prepares a slide.
///
/// # Errors
/// The window could not be created, or the scenario's search could not be built.
pub fn run(scenario: Scenario, path: Option<&Path>, at: u64) -> eframe::Result {
    let path = path.map(Path::to_path_buf);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(window_title(&scenario))
            .with_inner_size([1500.0, 950.0])
            .with_min_inner_size([900.0, 600.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Frontier",
        options,
        Box::new(move |cc| {
            let layout = cc
                .storage
                .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
                .unwrap_or_default();
            let mut app = FrontierApp::new(&cc.egui_ctx, scenario, layout)?;
            if let Some(path) = path {
                app.opened_from(path);
            }
            app.open_at(at);
            Ok(Box::new(app))
        }),
    )
}

/// Lets proportional text fall back to the monospace font, which has the arrows and shapes
/// (→ ▲ ▼ ▶) the step words and tables use and the default proportional font lacks.
fn install_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    if let Some(family) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
        family.insert(1.min(family.len()), "Hack".to_string());
    }
    ctx.set_fonts(fonts);
}

/// "Frontier — <scenario title>".
#[must_use]
pub fn window_title(scenario: &Scenario) -> String {
    let title = if scenario.title.is_empty() {
        "untitled scenario"
    } else {
        &scenario.title
    };
    format!("Frontier — {title}")
}

/// The app: the scenario, its search, and everything shown about it.
pub struct FrontierApp {
    layout: Layout,
    scenario: Scenario,
    /// Settings chosen in the app, over the scenario's own.
    overrides: SearchSpec,
    session: Box<dyn Session>,
    playback: Playback,
    fine: Fine,
    /// A fine-stepped step not yet written to the log (it is written once fully revealed).
    log_pending: bool,
    selected: Option<NodeId>,
    error: Option<String>,
    history: plot::History,
    log: steplog::StepLog,
    comparison: status::Comparison,
    open_ids: tables::SortedIds,
    closed_ids: tables::SortedIds,
    pick_text: pick::PickText,
    shown_title: String,
    /// Open and closed places on a map board, gathered once per step.
    place_marks: marks::PlaceMarks,
    travel: travel::Travel,
    lesson: lesson::Lesson,
    tree: tree::TreePanel,
    /// Counts the searches built, so board views can tell a new search from an old one.
    generation: u64,
    /// Steps running on a worker thread, with the search ([`worker`]).
    errand: Option<worker::Errand<worker::Trip>>,
    /// Steps (or batches) in a row that took longer than a frame ([`worker::Pace`]).
    pace: worker::Pace,
}

impl FrontierApp {
    /// The app on `scenario` with a remembered `layout`, drawing into `ctx`. The Path field
    /// starts empty (the scenario may not come from the file remembered there); see
    /// [`FrontierApp::opened_from`].
    ///
    /// # Errors
    /// The scenario's search could not be built (a domain file that cannot be read).
    pub fn new(
        ctx: &egui::Context,
        scenario: Scenario,
        layout: Layout,
    ) -> Result<FrontierApp, ScenarioError> {
        let session = scenario.session(&SearchSpec::default())?;
        Ok(FrontierApp::with_session(ctx, scenario, layout, session))
    }

    /// The app on `scenario` showing `session` (a search of it built elsewhere).
    #[must_use]
    pub fn with_session(
        ctx: &egui::Context,
        scenario: Scenario,
        mut layout: Layout,
        session: Box<dyn Session>,
    ) -> FrontierApp {
        install_fonts(ctx);
        layout.path_text.clear();
        ctx.set_zoom_factor(layout.zoom_factor());
        let session = travel::timeline(session);
        let playback = Playback::new(layout.speed);
        let mut app = FrontierApp {
            layout,
            scenario,
            overrides: SearchSpec::default(),
            session,
            playback,
            fine: Fine::Off,
            log_pending: false,
            selected: None,
            error: None,
            history: plot::History::default(),
            log: steplog::StepLog::default(),
            comparison: status::Comparison::default(),
            open_ids: tables::SortedIds::default(),
            closed_ids: tables::SortedIds::default(),
            pick_text: pick::PickText::default(),
            shown_title: String::new(),
            place_marks: marks::PlaceMarks::default(),
            travel: travel::Travel::default(),
            lesson: lesson::Lesson::default(),
            tree: tree::TreePanel::default(),
            generation: 0,
            errand: None,
            pace: worker::Pace::default(),
        };
        app.started();
        app
    }

    /// The search being shown (tests and measurements read it as the UI does).
    #[must_use]
    pub fn session(&self) -> &dyn Session {
        self.session.as_ref()
    }

    /// The scenario, with any edits made in the app (a slid tile).
    #[must_use]
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The error message shown in the window, if any.
    #[must_use]
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// What the app remembers between runs, as it would be saved now.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The open table's ids in its current sort (as last refreshed).
    #[must_use]
    pub fn open_ids(&self) -> &[NodeId] {
        self.open_ids.ids()
    }

    /// The selected row, drawn on the board instead of the state just expanded.
    #[must_use]
    pub fn selected(&self) -> Option<NodeId> {
        self.selected
    }

    /// The Lesson panel's state and the heuristic warnings of the step shown.
    #[must_use]
    pub fn lesson(&self) -> &lesson::Lesson {
        &self.lesson
    }

    /// Whether the search advances by itself (Run, Run to end, Go).
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.playback.is_running()
    }

    /// Applies one command (what the end of a frame does with each).
    pub fn apply(&mut self, command: Command) {
        if let Some(errand) = &self.errand {
            if !worker::allowed_while_away(&command) {
                return;
            }
            if command == Command::RunPause && self.playback.is_running() {
                errand.stop();
            }
        }
        if self.travel_intercepts(&command) {
            return;
        }
        match command {
            Command::Step => self.step(),
            Command::FineStep => self.fine_step(),
            Command::RunPause => {
                self.end_fine();
                if self.playback.is_running() || self.session.outcome().is_none() {
                    self.playback.toggle();
                }
            }
            Command::RunToEnd => {
                self.end_fine();
                if self.session.outcome().is_none() {
                    self.playback.run_to_end();
                }
            }
            Command::RunSteps(n) => {
                self.end_fine();
                if self.session.outcome().is_none() {
                    self.playback.run_steps(n);
                }
            }
            Command::Reset => self.reset(),
            Command::UndoReset => self.undo_reset(),
            Command::SetSpeed(speed) => {
                self.playback.set_speed(speed);
                self.layout.speed = self.playback.speed();
            }
            Command::SetAlgorithm(a) => {
                // What was chosen for the old algorithm (tie-break, weight) does not carry over.
                let current = SearchSpec {
                    algorithm: Some(self.session.settings().algorithm),
                    ..self.overrides.clone()
                };
                self.overrides = current.carried_to(Some(a));
                self.restart();
            }
            Command::Override(over) => self.override_with(&over),
            Command::SetDepthLimit(limit) => {
                self.scenario.search.depth_limit = limit;
                self.overrides.depth_limit = None;
                self.restart();
            }
            Command::LoadScenario(path) => match Scenario::load(&path) {
                Ok(scenario) => {
                    if self.replace_scenario(scenario, &path.display().to_string()) {
                        self.opened_from(path);
                    }
                }
                Err(e) => self.error = Some(e.to_string()),
            },
            Command::LoadBuiltIn(name) => {
                let parsed = LIBRARY
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, text)| Scenario::parse(text, name, Path::new("scenarios")));
                match parsed {
                    Some(Ok(scenario)) => {
                        if self.replace_scenario(scenario, name) {
                            // A built-in scenario is no file: Save must not write over the
                            // last file opened.
                            self.layout.path_text.clear();
                        }
                    }
                    Some(Err(e)) => self.error = Some(e.to_string()),
                    None => self.error = Some(format!("no built-in scenario named {name}")),
                }
            }
            Command::Save(path) if path.as_os_str().is_empty() => {
                self.error = Some(
                    "Save needs a file name: type one in the Path field (a built-in scenario is \
                     not a file of its own)"
                        .into(),
                );
            }
            Command::Save(path) => {
                let mut scenario = self.scenario.clone();
                scenario.search = SearchSpec::from_settings(self.session.settings());
                match scenario.save(&path) {
                    Ok(()) => {
                        self.log.note(format!("saved {}", path.display()));
                        self.layout.remember(path);
                    }
                    Err(e) => self.error = Some(e.to_string()),
                }
            }
            Command::SlideTile(slot) => self.slide_tile(slot),
            Command::Select(id) => {
                self.selected = id.filter(|&id| (id as usize) < self.session.rows());
            }
            Command::DismissError => self.error = None,
            Command::EditQueens(edit) => self.edit_queens(edit),
            Command::Travel(c) => self.apply_travel(c),
            Command::EditGrid(edit) => self.edit_grid(&edit),
        }
    }

    /// The Step command: pauses any run and takes one whole step.
    fn step(&mut self) {
        self.playback.pause();
        self.end_fine();
        // A step slower than a frame goes to the worker, like a run of one step.
        if self.pace.off_thread() {
            self.playback.run_steps(1);
        } else {
            self.step_once(true);
        }
    }

    /// Names the file the scenario was read from: the Path field (and Save) use it.
    pub fn opened_from(&mut self, path: PathBuf) {
        self.layout.path_text = path.display().to_string();
        self.layout.remember(path);
    }

    /// Takes the search to step `target` (or its end, if sooner) before the window shows, as
    /// `frontier open --at` asks; the log shows the step reached.
    pub fn open_at(&mut self, target: u64) {
        if self.session.steps() >= target || self.session.outcome().is_some() {
            return;
        }
        while self.session.steps() < target && self.session.outcome().is_none() {
            self.session.step();
            self.history.record(self.session.as_ref());
        }
        self.comparison.record(self.session.as_ref());
        self.log
            .note(format!("opened at step {}", self.session.steps()));
        self.log.record(self.session.as_ref(), 0);
    }

    /// One whole step, written to the log now or (fine stepping) once revealed.
    fn step_once(&mut self, log_now: bool) {
        if self.session.outcome().is_some() {
            return;
        }
        let started = Instant::now();
        self.session.step();
        self.pace.took(started.elapsed());
        self.history.record(self.session.as_ref());
        if log_now {
            self.log.record(self.session.as_ref(), 0);
        } else {
            self.log_pending = true;
        }
        self.comparison.record(self.session.as_ref());
    }

    /// Leaves fine stepping, writing a half-revealed step to the log.
    fn end_fine(&mut self) {
        if std::mem::take(&mut self.log_pending) {
            self.log.record(self.session.as_ref(), 0);
        }
        self.fine = Fine::Off;
    }

    fn fine_step(&mut self) {
        self.playback.pause();
        let lines = match self.fine {
            Fine::Revealing { .. } => self.session.event_lines(self.session.last_event()).len(),
            Fine::Off | Fine::Announced => 0,
        };
        let (next, action) = self.fine.advance(lines);
        if next == Fine::Announced {
            self.end_fine();
            if self.session.outcome().is_some() {
                return;
            }
        }
        self.fine = match action {
            FineAction::Show => next,
            FineAction::TakeStep => {
                self.step_once(false);
                let lines = self.session.event_lines(self.session.last_event()).len();
                next.after_step(lines)
            }
        };
    }

    /// Rebuilds the search with `over` added to the app's overrides.
    fn override_with(&mut self, over: &SearchSpec) {
        self.overrides = self.overrides.overridden_by(over);
        self.restart();
    }

    /// The same scenario and settings, back at step 0; the layout stays.
    fn restart(&mut self) {
        match self.scenario.session(&self.overrides) {
            Ok(session) => {
                self.session = travel::timeline(session);
                self.started();
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Switches to `scenario` if its search can be built; otherwise shows why and keeps the
    /// current one.
    fn replace_scenario(&mut self, scenario: Scenario, origin: &str) -> bool {
        match scenario.session(&SearchSpec::default()) {
            Ok(session) => {
                self.scenario = scenario;
                self.overrides = SearchSpec::default();
                self.session = travel::timeline(session);
                self.comparison.clear();
                self.error = None;
                self.started();
                self.log.note(format!("opened {origin}"));
                true
            }
            Err(e) => {
                self.error = Some(e.to_string());
                false
            }
        }
    }

    /// Clears everything derived from the previous search.
    fn started(&mut self) {
        self.generation += 1;
        // A batch still running belongs to the old search: abandoned.
        self.errand = None;
        self.pace = worker::Pace::default();
        self.playback.pause();
        self.fine = Fine::Off;
        self.log_pending = false;
        self.selected = None;
        self.history.clear();
        self.log.clear();
        self.open_ids.clear();
        self.closed_ids.clear();
        self.pick_text.clear();
        self.place_marks.clear();
        self.travel.started();
        let s = self.session.settings();
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
        if let Some(outcome) = self.session.outcome() {
            self.log.note(outcome.to_string());
        }
    }

    /// Slides a tile of the start into the blank and restarts, as the seed's hand moves do.
    fn slide_tile(&mut self, slot: usize) {
        if self.session.steps() > 0 {
            return;
        }
        #[allow(
            unreachable_patterns,
            reason = "other domains add ProblemSpec variants with their own editing"
        )]
        match &mut self.scenario.problem {
            ProblemSpec::SlidingPuzzle {
                width,
                height,
                start,
                ..
            } => {
                if !crate::domains::sliding::slide(*width, *height, start, slot) {
                    return;
                }
            }
            _ => return,
        }
        self.restart();
    }

    /// Edits the N-queens start (the locked queen, the size) and restarts, only at step 0.
    fn edit_queens(&mut self, edit: crate::domains::queens::QueensEdit) {
        if self.session.steps() > 0 {
            return;
        }
        if let ProblemSpec::NQueens { size, locked } = &mut self.scenario.problem
            && crate::domains::queens::apply_edit(size, locked, edit)
        {
            self.restart();
        }
    }

    /// Applies an edit of the grid's start (shown at step 0) and restarts the search.
    fn edit_grid(&mut self, edit: &scenario::grid_edit::GridEdit) {
        if self.session.steps() > 0 {
            return;
        }
        match self.scenario.edit_grid(edit) {
            Ok(true) => self.restart(),
            Ok(false) => {}
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Reads the keyboard shortcuts, before any widget can take Space or Enter as a click. None
    /// fires while a widget has the keyboard (a text field being typed in) or a menu, combo box
    /// or popup is open: a file name typed into a menu must never press Reset.
    fn shortcuts(ui: &mut Ui) -> Vec<Command> {
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
                commands.push(Command::Travel(travel::TravelCommand::StepBack));
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

    /// Brings the tables and the pick words up to date. The two lists take turns, so one frame
    /// pays for one at most; returns whether the closed list is still waiting for its turn.
    fn refresh(&mut self, now: f64) -> bool {
        let running = self.playback.is_running();
        let session = self.session.as_ref();
        let open_worked =
            self.open_ids
                .refresh(session, Status::Open, self.layout.open_sort, now, running);
        self.pick_text
            .refresh(session, self.open_ids.ids(), self.open_ids.stamp());
        if open_worked && self.closed_ids.stamp().is_some() {
            return self.closed_ids.stamp() != self.open_ids.stamp();
        }
        self.closed_ids.refresh(
            session,
            Status::Closed,
            self.layout.closed_sort,
            now,
            running,
        );
        false
    }

    fn board_panel(&self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        let session = self.session.as_ref();
        let shown = self
            .selected
            .or_else(|| session.last_event().pick.as_ref().map(|p| p.id));
        let (view, text, caption) = match shown {
            Some(id) => {
                let caption = if self.selected.is_some() {
                    format!("Selected #{id}")
                } else {
                    format!("Just expanded #{id} (step {})", session.steps())
                };
                (session.board(id), session.state_text(id), caption)
            }
            None => {
                let view = session.start_board();
                // A map's debug text runs to megabytes: only views drawn as text need it.
                let text = if matches!(view, BoardView::Grid { .. }) {
                    String::new()
                } else {
                    format!("{view:?}")
                };
                (view, text, "The start".to_string())
            }
        };
        let editable = shown.is_none() && session.steps() == 0;
        let parent = shown
            .and_then(|id| session.row(id).parent)
            .map(|p| session.board(p));
        ui.strong(caption);
        let route = shown.map_or_else(Vec::new, |id| self.place_marks.route(session, id));
        let input = boards::BoardInput {
            view: &view,
            text: &text,
            editable,
            parent: parent.as_ref(),
            marks: self.place_marks.marks(),
            route: &route,

            session: Some(session),
            selected: self.selected,
            generation: self.generation,
            id: egui::Id::unique("live board"),
            map: egui::Id::unique(&self.scenario.title).value(),
        };
        commands.extend(boards::show(ui, &input));
        if editable && matches!(view, BoardView::Sliding { .. }) {
            ui.weak("Click a tile next to the blank to slide it (edits the start).");
        }
        if let Some(id) = self.selected {
            commands.extend(self.selection(ui, id));
        }
        commands
    }

    /// The selected row: its values, parent, and route from the start, each a click away.
    fn selection(&self, ui: &mut Ui, id: NodeId) -> Vec<Command> {
        let mut commands = Vec::new();
        let session = self.session.as_ref();
        let row = session.row(id);
        ui.label(format!(
            "g {}, h {}, f {}, depth {}, {:?}",
            row.g, row.h, row.f, row.depth, row.status
        ));
        ui.horizontal(|ui| {
            if let Some(parent) = row.parent
                && ui.link(format!("Parent #{parent}")).clicked()
            {
                commands.push(Command::Select(Some(parent)));
            }
            if ui.link("Clear selection").clicked() {
                commands.push(Command::Select(None));
            }
        });
        let route = session.route(id);
        ui.label(format!(
            "Route from the start ({}):",
            status::count(route.len() as u64 - 1, "move")
        ));
        ScrollArea::vertical()
            .id_salt("route")
            .max_height(160.0)
            .show(ui, |ui| {
                let mut previous = None;
                for &step in &route {
                    let words = previous
                        .map_or_else(|| "start".to_string(), |p| session.move_label(p, step));
                    if ui.link(format!("#{step} {words}")).clicked() {
                        commands.push(Command::Select(Some(step)));
                    }
                    previous = Some(step);
                }
            });
        commands
    }

    fn tables(&mut self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        let pick = self.session.next_pick();
        let quiz = self.travel.quiz_on();
        let half = (ui.available_height() / 2.0).max(120.0);
        Panel::top("open_table")
            .resizable(true)
            .default_size(half)
            .show(ui, |ui| {
                let view = tables::TableView {
                    name: "open",
                    title: format!(
                        "Open list ({}) — {}",
                        self.session.counts().open,
                        self.session.settings().algorithm.priority_formula()
                    ),
                    status: Status::Open,
                    session: self.session.as_ref(),
                    ids: self.open_ids.ids(),
                    pick: pick.as_ref().filter(|_| !quiz),
                    selected: self.selected,
                    sort_locked: quiz,
                    warnings: self.lesson.marked_rows(),
                };
                commands.extend(tables::show(ui, &view, &mut self.layout.open_sort));
            });
        CentralPanel::default().show(ui, |ui| {
            let view = tables::TableView {
                name: "closed",
                title: format!("Closed list ({})", self.session.counts().closed),
                status: Status::Closed,
                session: self.session.as_ref(),
                ids: self.closed_ids.ids(),
                pick: None,
                selected: self.selected,
                sort_locked: false,
                warnings: self.lesson.marked_rows(),
            };
            commands.extend(tables::show(ui, &view, &mut self.layout.closed_sort));
        });
        commands
    }
}

impl eframe::App for FrontierApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let mut commands = Self::shortcuts(ui);
        // egui's own keys (Ctrl+plus, Ctrl+minus, Ctrl+0) change the zoom; remember it.
        self.layout.zoom = ui.ctx().zoom_factor();
        let (dt, now) = ui.input(|i| (f64::from(i.stable_dt.min(0.1)), i.time));
        self.advance(dt, ui.ctx());
        if self.working(ui, &mut commands) {
            return;
        }
        self.travel_after_steps();
        // The session may have gone back in time (a trace): drop what no longer exists.
        self.history.forget_after(self.session.steps());
        self.selected = self
            .selected
            .filter(|&id| (id as usize) < self.session.rows());
        if matches!(self.scenario.problem, ProblemSpec::Graph { .. }) {
            self.place_marks.refresh(self.session.as_ref());
        }
        if self.refresh(now) {
            ui.ctx().request_repaint();
        }
        self.lesson
            .refresh(&self.scenario, self.session.as_ref(), self.generation);
        let title = window_title(&self.scenario);
        if title != self.shown_title {
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.shown_title = title;
        }

        Panel::top("toolbar").show(ui, |ui| {
            let input = toolbar::ToolbarInput {
                session: self.session.as_ref(),
                mode: self.playback.mode(),
                speed: self.playback.speed(),
                queens: matches!(self.scenario.problem, ProblemSpec::NQueens { .. }),
            };
            commands.extend(toolbar::show(ui, &input, &mut self.layout));
        });
        Panel::top("travel").show(ui, |ui| commands.extend(self.travel_bar(ui)));
        // Sized for a projector: the status line at the bottom (as high as its words), the
        // runs table above it with room for its header and five rows; the side panels take
        // at most a third of the width each, so the tables keep their columns at 1024 wide.
        let width = ui.available_width();
        let side = (width * 0.27).clamp(240.0, 330.0);
        Panel::top("lesson").show(ui, |ui| {
            commands.extend(lesson::show(ui, &mut self.lesson, &self.scenario));
        });
        Panel::bottom("status").show(ui, |ui| {
            status::show(ui, self.session.as_ref(), self.layout.zoom);
            lesson::status_line(ui, &self.lesson);
        });
        // The runs table's room is kept from the start, so a new run does not move the tables.
        let margins = 2.0 * f32::from(egui::Frame::side_top_panel(ui.style()).inner_margin.top);
        Panel::bottom("runs")
            .resizable(true)
            .min_size(status::runs_height(ui) + margins)
            .show(ui, |ui| status::show_comparison(ui, &self.comparison));
        Panel::left("board")
            .resizable(true)
            .default_size(side)
            .max_size(width / 3.0)
            .show(ui, |ui| {
                ScrollArea::vertical()
                    .id_salt("board_scroll")
                    .show(ui, |ui| {
                        commands.extend(self.board_panel(ui));
                        ui.separator();
                        if !self.travel.quiz_on() {
                            pick::show(ui, &self.pick_text, self.session.as_ref(), self.fine);
                        }
                        commands.extend(self.travel_side(ui));
                    });
            });
        Panel::right("plot")
            .resizable(true)
            .default_size((width * 0.27).clamp(240.0, 430.0))
            .max_size(width / 3.0)
            .show(ui, |ui| {
                Panel::bottom("step_log")
                    .resizable(true)
                    .default_size(280.0)
                    .show(ui, |ui| steplog::show(ui, &mut self.log));
                CentralPanel::default().show(ui, |ui| {
                    commands.extend(plot::show(ui, &self.history, self.session.as_ref()));
                });
            });
        CentralPanel::default().show(ui, |ui| {
            if let Some(error) = &self.error {
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(error).color(Color32::from_rgb(0xff, 0x70, 0x60)));
                    if ui.button("Dismiss").clicked() {
                        commands.push(Command::DismissError);
                    }
                });
                ui.separator();
            }
            self.tree.tabs(ui, ui.max_rect().right_top());
            if self.tree.chosen() {
                let input = tree::TreeInput {
                    session: self.session.as_ref(),
                    selected: self.selected,
                    generation: self.generation,
                };
                commands.extend(self.tree.show(ui, &input));
            } else {
                commands.extend(self.tables(ui));
            }
        });

        let ctx = ui.ctx().clone();
        self.travel_windows(&ctx);
        for command in commands {
            self.apply(command);
        }
        if self.playback.is_running() {
            ui.ctx().request_repaint();
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.layout);
    }
}
