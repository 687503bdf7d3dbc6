//! What `frontier run` does after each step: record the trace, CSV and Posthoc files asked for,
//! and stop on a breakpoint.

use super::{RunArgs, Summary};
use crate::engine::breakpoint::{Breakpoint, Watches};
use crate::present::ShownSearch;
use crate::present::export::{CsvRecorder, PosthocRecorder};
use crate::scenario::{Scenario, ScenarioError};
use crate::trace::{TraceError, TraceWriter};
use std::path::PathBuf;

/// The recorders and breakpoints of one run.
pub struct AfterStep {
    trace: Option<TraceWriter>,
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

/// A trace that cannot be written, said once (the trace's error names the file).
fn trace_unusable(e: TraceError) -> ScenarioError {
    ScenarioError::Invalid(e.to_string())
}

impl AfterStep {
    /// The recorders and breakpoints `args` ask for, on a search of `scenario` at step 0. A trace is written as
    /// the run goes, so its file is opened here.
    ///
    /// # Errors
    /// The trace file cannot be written.
    pub fn new(
        args: &RunArgs,
        scenario: &Scenario,
        session: &dyn ShownSearch,
    ) -> Result<AfterStep, ScenarioError> {
        let trace = args
            .trace
            .as_deref()
            .map(|p| TraceWriter::create(p, scenario, session.settings()))
            .transpose()
            .map_err(trace_unusable)?;
        Ok(AfterStep {
            trace,
            csv: args.csv.clone().map(|p| (p, CsvRecorder::default())),
            posthoc: args
                .posthoc
                .clone()
                .map(|p| (p, PosthocRecorder::default())),
            watches: Watches::new(&args.until, session),
            stopped_by: None,
        })
    }

    /// Records the step just taken; whether a breakpoint says to stop.
    ///
    /// # Errors
    /// A Posthoc export asked of a domain without positions (unusable input), or a trace
    /// that cannot be written.
    pub fn after_step(&mut self, session: &dyn ShownSearch) -> Result<bool, ScenarioError> {
        if let Some(trace) = &mut self.trace {
            trace.push(session).map_err(trace_unusable)?;
        }
        if let Some((_, csv)) = &mut self.csv {
            csv.record(session);
        }
        if let Some((path, posthoc)) = &mut self.posthoc {
            posthoc.record(session).map_err(|e| {
                ScenarioError::Invalid(format!("--posthoc {}: {e}", path.display()))
            })?;
        }
        self.stopped_by = self
            .watches
            .check(session.last_event(), session, &|id| session.state_text(id));
        Ok(self.stopped_by.is_some())
    }

    /// Writes the files and marks the summary with the breakpoint that stopped the run.
    ///
    /// # Errors
    /// A file that cannot be written.
    pub fn finish(
        &mut self,
        session: &dyn ShownSearch,
        summary: &mut Summary,
    ) -> Result<(), ScenarioError> {
        if let Some(trace) = self.trace.take() {
            trace.finish(session).map_err(trace_unusable)?;
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
