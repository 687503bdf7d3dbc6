//! The desktop face: an eframe window over one search's [`ShownTimeline`].
//!
//! Panels read the search through its [`view`](crate::engine::timeline::Timeline::view) (a
//! [`ShownSearch`]) and return [`Command`]s; [`FrontierApp`]
//! applies them once at the end of the frame ([`FrontierApp::apply`]), so the buttons and the keys
//! do the same thing. This file is the frame and that dispatch; the rest has a room each:
//! [`window`] (opening it), [`io`] (files), [`share_link`] (links), [`keys`] (shortcuts),
//! [`layout`] (where every panel sits; [`compact`] in a narrow window, a phone), [`notice`] (the
//! notice above the window, Copy link's confirmation), [`stepping`] (Step, Fine step, Run), [`rebuild`] (a new
//! search: settings, scenarios, edits of the start), [`travel`] (time travel, traces, breakpoints,
//! quiz), [`worker`] (steps longer than a frame, off the UI thread), [`panels`] and [`boards`].

pub mod boards;
pub mod command;
mod compact;
mod fields;
pub mod io;
mod keys;
mod layout;
mod notice;
pub mod panels;
mod parked;
pub mod playback;
mod question;
mod rebuild;
mod share_link;
pub mod sort;
pub mod state;
mod stepping;
pub mod travel;
mod window;
mod words;
pub mod worker;

pub use notice::unopened_link;
#[cfg(not(target_arch = "wasm32"))]
pub use window::run;
pub use window::window_title;

use crate::engine::notebook::NodeId;
use crate::files::guard::Origin;
use crate::present::{ShownSearch, ShownSession, ShownTimeline};
use crate::scenario::{Scenario, SearchSpec};
use boards::marks;
use command::Command;
use eframe::egui;
use panels::{lesson, pick, plot, status, steplog, tables, tree};
use playback::{Fine, Playback};
use state::Layout;

/// The app's name to the system: the native window's id, and the name of its data folder (the
/// remembered layout, saved traces).
pub const APP_ID: &str = "Frontier";

/// The app: the scenario, its search on a timeline, and everything shown about it.
pub struct FrontierApp {
    layout: Layout,
    scenario: Scenario,
    /// Settings chosen in the app, over the scenario's own.
    overrides: SearchSpec,
    /// The search, moved only through the timeline so it can always go back.
    timeline: ShownTimeline,
    playback: Playback,
    fine: Fine,
    /// How many lines of a fine-stepped step are in the log: each is written as it is revealed,
    /// so the log never gives away a part not yet shown. `None` when the step is all written.
    fine_logged: Option<usize>,
    selected: Option<NodeId>,
    error: Option<String>,
    /// The file the scenario shown was read from or last saved to, and what it held then; `None`
    /// for a scenario that came from no file (built in, a link, an experiment's instance).
    origin: Option<Origin>,
    /// A question to answer before anything else happens (replace a file?).
    asking: Option<question::Ask>,
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
    /// Where the app draws: Copy link puts its link on this context's clipboard.
    ctx: egui::Context,
    /// The notice above the window and Copy link's confirmation ([`notice`]).
    notices: notice::Notices,
    /// The narrow window's tabs and settings sheet ([`compact`]).
    compact: compact::Compact,
}

impl FrontierApp {
    /// The app on `scenario` showing `session` (a search of it built elsewhere).
    #[must_use]
    pub fn with_session(
        ctx: &egui::Context,
        scenario: Scenario,
        mut layout: Layout,
        session: Box<dyn ShownSession>,
    ) -> FrontierApp {
        window::install_fonts(ctx);
        layout.path_text.clear();
        ctx.set_zoom_factor(layout.zoom_factor());
        let playback = Playback::new(layout.speed);
        let mut app = FrontierApp {
            layout,
            scenario,
            overrides: SearchSpec::default(),
            timeline: travel::timeline(session),
            playback,
            fine: Fine::Off,
            fine_logged: None,
            selected: None,
            error: None,
            origin: None,
            asking: None,
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
            ctx: ctx.clone(),
            notices: notice::Notices::default(),
            compact: compact::Compact::default(),
        };
        app.started();
        app
    }

    /// The search being shown, read-only (tests and measurements read it as the UI does).
    #[must_use]
    pub fn view(&self) -> &dyn ShownSearch {
        self.timeline.view()
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

    /// Shows `text` in a row above the window until it is closed with × (a share link that
    /// could not be opened, and what is shown instead).
    pub fn show_notice(&mut self, text: String) {
        self.notices.show(text);
    }

    /// The notice shown above the window, if any.
    #[must_use]
    pub fn notice(&self) -> Option<&str> {
        self.notices.notice()
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

    /// The question the app is asking before it writes a file, if any.
    #[must_use]
    pub fn question(&self) -> Option<&str> {
        self.asking.as_ref().map(|ask| ask.question.as_str())
    }

    /// Whether the search advances by itself (Run, Run to end, Go).
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.playback.is_running()
    }

    /// Applies one command (what the end of a frame does with each). While a trace is replayed
    /// or the quiz is on, the travel gate (src/app/travel/) may refuse a command or swap it
    /// first.
    pub fn apply(&mut self, command: Command) {
        if self.asking.is_some() {
            // A question is open: only its answers count (a key pressed behind it must not
            // step the search the question is about).
            if !question::answers(&command) {
                return;
            }
            self.asking = None;
        }
        if let Some(errand) = &self.errand {
            if !worker::allowed_while_away(&command) {
                return;
            }
            if command == Command::RunPause && self.playback.is_running() {
                errand.stop();
            }
        }
        let Some(command) = self.travel_gate(command) else {
            return;
        };
        match command {
            Command::Step => self.step(),
            Command::FineStep => self.fine_step(),
            Command::RunPause => self.run_pause(),
            Command::RunToEnd => self.run(Playback::run_to_end),
            Command::RunSteps(n) => self.run(|p| p.run_steps(n)),
            Command::Reset => self.reset(),
            Command::UndoReset => self.undo_reset(),
            Command::SetSpeed(speed) => {
                self.playback.set_speed(speed);
                self.layout.speed = self.playback.speed();
            }
            Command::Set(change) => self.change_settings(change),
            Command::LoadScenario(path) => self.load_scenario(path),
            Command::LoadScenarioText { name, text } => self.load_scenario_text(name, &text),
            Command::LoadBuiltIn(name) => self.load_built_in(name),
            Command::Save(path) => self.save_scenario(&path),
            Command::WriteScenario(path) => self.write_scenario(&path),
            Command::CancelQuestion => {}
            Command::CopyLink => self.copy_link(),
            Command::SlideTile(slot) => self.slide_tile(slot),
            Command::Select(id) => {
                self.selected = id.filter(|&id| (id as usize) < self.view().rows());
            }
            Command::DismissError => self.error = None,
            Command::DismissNotice => self.notices.close(),
            Command::EditQueens(edit) => self.edit_queens(edit),
            Command::Travel(c) => self.apply_travel(c),
            Command::EditGrid(edit) => self.edit_grid(&edit),
        }
    }
}

impl eframe::App for FrontierApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        let started = web_time::Instant::now();
        if let Some(seconds) = frame.info().cpu_usage {
            self.playback.whole_frame_took(f64::from(seconds));
        }
        let mut commands = keys::shortcuts(ui);
        // egui's own keys (Ctrl+plus, Ctrl+minus, Ctrl+0) change the zoom; remember it.
        self.layout.zoom = ui.ctx().zoom_factor();
        let (dt, now) = ui.input(|i| (f64::from(i.stable_dt.min(0.1)), i.time));
        self.advance(dt, ui.ctx());
        if self.working(ui, &mut commands) {
            return;
        }
        self.travel_after_steps();
        self.catch_up(ui, now);
        commands.extend(self.panels(ui));
        for command in commands {
            self.apply(command);
        }
        self.frame_done(started);
        if self.playback.is_running() {
            ui.ctx().request_repaint();
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.layout);
    }
}
