//! Writing a trace step by step to a file, in constant memory.

use super::error::TraceError;
use super::head::{Head, write_end};
use super::step::TraceStep;
use crate::engine::settings::Settings;
use crate::engine::view::SearchView;
use crate::scenario::Scenario;
use std::io::Write;
use std::path::Path;

/// A trace written step by step to a file, so a run of any length is saved in constant
/// memory; the file appears (atomically) only when [`TraceWriter::finish`] succeeds.
pub struct TraceWriter {
    out: crate::files::AtomicFile,
    path: String,
}

impl TraceWriter {
    /// Starts a trace of `scenario` run with `settings` at `path`.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn create(
        path: &Path,
        scenario: &Scenario,
        settings: &Settings,
    ) -> Result<Self, TraceError> {
        let shown = path.display().to_string();
        let fail = |e: std::io::Error| TraceError::Write {
            path: shown.clone(),
            message: e.to_string(),
        };
        let mut out = crate::files::AtomicFile::create(path).map_err(fail)?;
        Head::new(scenario, settings)
            .write(&mut out)
            .map_err(fail)?;
        Ok(TraceWriter { out, path: shown })
    }

    fn fail(&self, e: &std::io::Error) -> TraceError {
        TraceError::Write {
            path: self.path.clone(),
            message: e.to_string(),
        }
    }

    /// Appends the step `session` just took.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn push(&mut self, session: &dyn SearchView) -> Result<(), TraceError> {
        let line = TraceStep::of(session.last_event()).line();
        writeln!(self.out, "{line}").map_err(|e| self.fail(&e))
    }

    /// Writes how the run stands (its outcome, if it ended) and saves the file.
    ///
    /// # Errors
    /// The file cannot be written; an old file at the path is untouched.
    pub fn finish(mut self, session: &dyn SearchView) -> Result<(), TraceError> {
        let outcome = session.outcome().map(ToString::to_string);
        write_end(&mut self.out, outcome.as_deref()).map_err(|e| self.fail(&e))?;
        let path = self.path.clone();
        self.out.commit().map_err(|e| TraceError::Write {
            path,
            message: e.to_string(),
        })
    }
}
