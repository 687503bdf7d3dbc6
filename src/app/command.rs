//! Everything a panel or a key can ask the app to do. Panels never change the search directly:
//! they return commands, and the app applies them once at the end of the frame, so a button and
//! its keyboard shortcut are the same command by construction.

use crate::domains::grid::GridEdit;
use crate::domains::queens::QueensEdit;
use crate::engine::breakpoint::Breakpoint;
use crate::engine::notebook::NodeId;
use crate::scenario::SettingChange;
use std::path::PathBuf;

/// One request from the UI.
#[must_use]
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// One whole step (Space).
    Step,
    /// One part of a step: the pick and why, then each successor (Shift+Space).
    FineStep,
    /// Start or pause running at the chosen speed (Enter).
    RunPause,
    /// Run until the search ends, a few milliseconds per frame.
    RunToEnd,
    /// Run this many steps, a few milliseconds per frame.
    RunSteps(u64),
    /// Back to step 0 on the same scenario and settings (R); a run of more than a few steps
    /// can be brought back ([`Command::UndoReset`]).
    Reset,
    /// Back to the step the last Reset left (Ctrl+Z).
    UndoReset,
    /// Steps per second while running.
    SetSpeed(f64),
    /// Change the search's settings ([`SettingChange::apply`]); the search restarts.
    Set(SettingChange),
    /// Read a scenario file.
    LoadScenario(PathBuf),
    /// A scenario file's text, picked in the browser (which gives no path).
    LoadScenarioText { name: String, text: String },
    /// One of [`crate::scenario::LIBRARY`], by file name.
    LoadBuiltIn(&'static str),
    /// Save the scenario with the current settings to this file: at once if that loses nothing
    /// ([`crate::files::guard`]), else after asking (an empty path: the app says where to type
    /// one).
    Save(PathBuf),
    /// Write the scenario to this file without asking again: the user chose it in the system's
    /// save dialog, or said yes to replacing it.
    WriteScenario(PathBuf),
    /// The answer no to the question being asked: nothing is written.
    CancelQuestion,
    /// Copy a share link to what is on screen: the scenario with these settings, at this step
    /// ([`crate::share`]).
    CopyLink,
    /// Slide the start board's tile in this slot into the blank (edits the start).
    SlideTile(usize),
    /// Select a row (or clear the selection).
    Select(Option<NodeId>),
    /// Hide the error message.
    DismissError,
    /// Close the notice above the window.
    DismissNotice,
    /// Edit an N-queens start: lock, move or remove the locked queen, or resize the board.
    EditQueens(QueensEdit),
    /// Time travel, traces, breakpoints and the quiz (src/app/travel/).
    Travel(TravelCommand),
    /// Edit the grid's map, start or goal (the start is shown); the search restarts.
    EditGrid(GridEdit),
}

/// What the time-travel controls ask for (applied in src/app/travel/).
#[derive(Clone, Debug, PartialEq)]
pub enum TravelCommand {
    /// One step back (Backspace).
    StepBack,
    /// Go to this step: back through the timeline, or forward by replaying (a run of steps).
    GoTo(u64),
    /// Run until one of the menu's breakpoints is hit (or the search ends).
    RunUntil(Vec<Breakpoint>),
    /// Save a trace of the run up to the current step to this file: at once if that loses
    /// nothing, else after asking (as [`Command::Save`]).
    SaveTrace(PathBuf),
    /// Write the trace to this file without asking again (chosen in the system's dialog, or a
    /// yes to replacing it).
    WriteTrace(PathBuf),
    /// Open a trace as a read-only replay.
    OpenTrace(PathBuf),
    /// A trace file's text, picked in the browser (which gives no path).
    OpenTraceText { name: String, text: String },
    /// Quiz mode on or off.
    Quiz(bool),
    /// The quiz answer: this open row will be expanded next.
    Answer(NodeId),
}
