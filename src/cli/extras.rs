//! What `frontier run` does beyond stepping: the trace, CSV and Posthoc files it records and the
//! breakpoints it stops on.

use super::{RunArgs, Summary};
use crate::engine::breakpoint::{Breakpoint, Watches};
use crate::engine::session::Session;
use crate::export::{CsvRecorder, PosthocRecorder};
use crate::scenario::{Scenario, ScenarioError};
use crate::trace::Trace;
use std::path::PathBuf;

/// The recorders and breakpoints of one run.
pub struct RunExtras {
    trace: Option<(PathBuf, Trace)>,
    csv: Option<(PathBuf, CsvRecorder)>,
    posthoc: Option<(PathBuf, PosthocRecorder)>,
    watches: Watches,
    stopped_by: Option<(Breakpoint, String)>,
}

/// A save that failed: the saver's error already names the file, so it is passed on as it
/// reads (wrapping it again printed "cannot save X: cannot save X: …").
fn unusable(error: impl ToString) -> ScenarioError {
    ScenarioError::Invalid(error.to_string())
}

impl RunExtras {
    /// The extras `args` ask for, on a search of `scenario` at step 0.
    #[must_use]
    pub fn new(args: &RunArgs, scenario: &Scenario, session: &dyn Session) -> RunExtras {
        RunExtras {
            trace: args
                .trace
                .clone()
                .map(|p| (p, Trace::new(scenario, session.settings()))),
            csv: args.csv.clone().map(|p| (p, CsvRecorder::default())),
            posthoc: args
                .posthoc
                .clone()
                .map(|p| (p, PosthocRecorder::default())),
            watches: Watches::new(&args.until, session),
            stopped_by: None,
        }
    }

    /// Records the step just taken; whether a breakpoint says to stop.
    ///
    /// # Errors
    /// A Posthoc export asked of a domain without positions (unusable input).
    pub fn after_step(&mut self, session: &dyn Session) -> Result<bool, ScenarioError> {
        if let Some((_, trace)) = &mut self.trace {
            trace.push(session);
        }
        if let Some((_, csv)) = &mut self.csv {
            csv.record(session);
        }
        if let Some((path, posthoc)) = &mut self.posthoc {
            posthoc.record(session).map_err(|e| {
                ScenarioError::Invalid(format!("--posthoc {}: {e}", path.display()))
            })?;
        }
        self.stopped_by = self.watches.check(session.last_event(), session);
        Ok(self.stopped_by.is_some())
    }

    /// Writes the files and marks the summary with the breakpoint that stopped the run.
    ///
    /// # Errors
    /// A file that cannot be written.
    pub fn finish(
        &mut self,
        session: &dyn Session,
        summary: &mut Summary,
    ) -> Result<(), ScenarioError> {
        if let Some((path, trace)) = &mut self.trace {
            trace.finish(session);
            trace.save(path).map_err(unusable)?;
        }
        if let Some((path, csv)) = &self.csv {
            csv.save(path).map_err(unusable)?;
        }
        if let Some((path, posthoc)) = &self.posthoc {
            posthoc.save(path).map_err(unusable)?;
        }
        if let Some((breakpoint, reason)) = &self.stopped_by
            && session.outcome().is_none()
        {
            summary.outcome = "breakpoint".into();
            summary.words = format!("Stopped at breakpoint {breakpoint}: {reason}");
        }
        Ok(())
    }

    /// The `stopped_by` JSON field: the breakpoint and its reason, or null.
    #[must_use]
    pub fn stopped_by_json(&self) -> serde_json::Value {
        self.stopped_by.as_ref().map_or(
            serde_json::Value::Null,
            |(b, reason)| serde_json::json!({ "breakpoint": b.to_string(), "reason": reason }),
        )
    }

    /// The text line about breakpoints, when any were set and the summary's first line does
    /// not already name the one that stopped the run.
    #[must_use]
    pub fn text(&self, args: &RunArgs, summary: &Summary) -> String {
        match &self.stopped_by {
            Some(_) if summary.outcome == "breakpoint" => String::new(),
            Some((b, reason)) => format!("stopped by breakpoint {b}: {reason}\n"),
            None if args.until.is_empty() => String::new(),
            None => {
                let list: Vec<String> = args.until.iter().map(ToString::to_string).collect();
                format!("breakpoint {} never hit\n", list.join(", "))
            }
        }
    }
}
