//! A question the app asks before a save would replace a file's contents, and what answers it.
//! The app's state holds it; the panels draw it (`panels::ask`).

use crate::app::command::{Command, TravelCommand};

/// A question, and what a yes does.
#[derive(Clone, Debug, PartialEq)]
pub struct Ask {
    /// The question, naming the file and what would be lost.
    pub question: String,
    /// The command a yes applies: a write that asks nothing more.
    pub yes: Command,
}

/// Whether `command` answers a question: the write it asked about, or Cancel.
#[must_use]
pub fn answers(command: &Command) -> bool {
    matches!(
        command,
        Command::WriteScenario(_)
            | Command::CancelQuestion
            | Command::Travel(TravelCommand::WriteTrace(_))
    )
}
