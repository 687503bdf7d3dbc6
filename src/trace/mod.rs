//! Traces: a run saved to replay at home or check against this engine.
//!
//! A trace holds the scenario with its settings fully resolved (so it replays the same search
//! whatever the defaults become), the engine version that wrote it, and what each step decided.
//! The search is deterministic, so a trace need not spell out every event: it keeps each
//! step's pick and a 24-bit digest of everything else the step did (values, ties, each
//! successor's fate, the note, the outcome). Checking a trace runs the scenario again and
//! compares step by step; a difference is told in the step log's words.
//!
//! The file is text, written and read as a stream (nothing holds the whole file):
//!
//! ```text
//! (                                   ← a readable RON head: format, engine, scenario
//!     format: 2,
//!     engine: "0.1.0",
//!     scenario: ( … ),
//! )
//! steps:
//! 0 kX9a                              ← one line per step: the picked row ("-": none) and
//! 3 Qw3+                                the digest in four base-64 digits
//! end: Some("Goal found")             ← the outcome in words (None: stopped before an end)
//! ```
//!
//! About 7 to 14 bytes per step (the pick's digits, a space, four digits, a newline).

mod check;
mod error;
mod head;
mod reader;
mod step;
mod writer;

pub mod posthoc;

pub use check::{Difference, compare, compare_end, step_and_compare};
pub use error::TraceError;
pub use head::{ENGINE_VERSION, TRACE_FORMAT};
pub use reader::TraceReader;
pub use step::TraceStep;
pub use writer::TraceWriter;

use crate::engine::settings::Settings;
use crate::engine::view::SearchView;
use crate::present::ShownSearch;
use crate::present::ShownSession;
use crate::scenario::{Scenario, SearchSpec};
use head::{Head, write_end};
use std::io::{BufRead, Write};
use std::path::Path;

/// A saved run, held in memory (the app goes back and forth over it; the CLI streams with
/// [`TraceWriter`] and [`TraceReader`] instead).
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    pub format: u32,
    /// The `frontier` version that recorded it.
    pub engine: String,
    /// The scenario, with `search` holding every setting.
    pub scenario: Scenario,
    /// The outcome in words, once the run ended (a refusal has no steps, only this).
    pub outcome: Option<String>,
    pub steps: Vec<TraceStep>,
}

impl Trace {
    /// An empty trace of `scenario` run with `settings`.
    #[must_use]
    pub fn new(scenario: &Scenario, settings: &Settings) -> Trace {
        let head = Head::new(scenario, settings);
        Trace {
            format: head.format,
            engine: head.engine,
            scenario: head.scenario,
            outcome: None,
            steps: Vec::new(),
        }
    }

    /// Records the step `session` just took (its last event).
    pub fn push(&mut self, session: &dyn SearchView) {
        self.steps.push(TraceStep::of(session.last_event()));
        self.finish(session);
    }

    /// Notes how the run stands (its outcome once it ended); call after the last step, or for
    /// a search refused before any step.
    pub fn finish(&mut self, session: &dyn SearchView) {
        self.outcome = session.outcome().map(ToString::to_string);
    }

    /// Writes the trace's text to `out`: what [`Trace::save`] puts in a file, and what the
    /// browser (which has no files) offers as a download.
    ///
    /// # Errors
    /// `out` cannot be written.
    pub fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let head = Head {
            format: self.format,
            engine: self.engine.clone(),
            scenario: self.scenario.clone(),
        };
        head.write(out)?;
        for step in &self.steps {
            writeln!(out, "{}", step.line())?;
        }
        write_end(out, self.outcome.as_deref())
    }

    /// Writes the trace atomically.
    ///
    /// # Errors
    /// The file cannot be written; an old file is untouched.
    pub fn save(&self, path: &Path) -> Result<(), TraceError> {
        let fail = |e: std::io::Error| TraceError::Write {
            path: path.display().to_string(),
            message: e.to_string(),
        };
        let mut out = crate::files::AtomicFile::create(path).map_err(fail)?;
        self.write(&mut out).map_err(fail)?;
        out.commit().map_err(fail)
    }

    /// Reads a whole trace from `reader`.
    ///
    /// # Errors
    /// A malformed line (with line and column), or unreadable input.
    pub fn read<R: BufRead>(mut reader: TraceReader<R>) -> Result<Trace, TraceError> {
        let mut steps = Vec::new();
        while let Some(step) = reader.next_step()? {
            steps.push(step);
        }
        Ok(Trace {
            format: TRACE_FORMAT,
            outcome: reader.outcome().map(str::to_string),
            engine: reader.engine,
            scenario: reader.scenario,
            steps,
        })
    }

    /// Reads a trace file.
    ///
    /// # Errors
    /// As [`TraceReader::open`] and [`Trace::read`].
    pub fn load(path: &Path) -> Result<Trace, TraceError> {
        Trace::read(TraceReader::open(path)?)
    }

    /// A fresh search of the trace's scenario at step 0.
    ///
    /// # Errors
    /// The scenario's domain files cannot be read.
    pub fn session(&self) -> Result<Box<dyn ShownSession>, TraceError> {
        Ok(self.scenario.session(&SearchSpec::default())?)
    }

    /// Compares the step `session` (a search of this trace's scenario) just took with the
    /// trace's step of the same number: what a face replaying a trace (with a
    /// [`crate::engine::timeline::Timeline`]) calls after each step forward.
    #[must_use]
    pub fn check(&self, session: &dyn ShownSearch) -> Option<Difference> {
        let saved = usize::try_from(session.steps().checked_sub(1)?)
            .ok()
            .and_then(|i| self.steps.get(i));
        compare(saved, session)
    }

    /// Runs the scenario again for as many steps as the trace has and reports the first step
    /// where run and trace differ (`None`: they agree, outcome included).
    ///
    /// # Errors
    /// The scenario's domain files cannot be read.
    pub fn verify(&self) -> Result<Option<Difference>, TraceError> {
        let mut session = self.session()?;
        for saved in &self.steps {
            if let Some(difference) = step_and_compare(saved, session.as_mut()) {
                return Ok(Some(difference));
            }
        }
        Ok(compare_end(session.shown(), self.outcome.as_deref()))
    }
}

#[cfg(test)]
mod tests;
