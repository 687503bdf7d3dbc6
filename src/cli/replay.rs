//! `frontier replay`: a saved trace run again on this engine, step by step, checked against
//! what it recorded.

use super::Summary;
use crate::export::CsvRecorder;
use crate::trace::{Difference, Trace, TraceError};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// Exit status when the run and the trace differ.
pub const EXIT_DIFFERS: u8 = 1;

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The trace file (RON), as written by `frontier run --trace`.
    pub trace: PathBuf,
    /// Runs the whole scenario again and reports the first step where run and trace differ.
    #[arg(long)]
    pub verify: bool,
    /// Replays to this step (default: the trace's last) and prints the summary there.
    #[arg(long, value_name = "STEP")]
    pub to: Option<u64>,
    /// Saves counts and the pick per replayed step as CSV.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// One JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `frontier replay`; returns the exit status: 0 when run and trace agree, 1 when they
/// differ, 2 for an unusable trace.
#[must_use]
pub fn replay(args: &ReplayArgs, out: &mut dyn Write) -> u8 {
    super::exit_status(replay_inner(args, out))
}

fn replay_inner(args: &ReplayArgs, out: &mut dyn Write) -> Result<u8, TraceError> {
    if let Some(csv) = &args.csv {
        crate::check_outputs(&[args.trace.as_path()], &[csv.as_path()])
            .map_err(|why| TraceError::Scenario(crate::scenario::ScenarioError::Invalid(why)))?;
    }
    let trace = Trace::load(&args.trace)?;
    let recorded = trace.steps.len() as u64;
    let target = args.to.unwrap_or(recorded).min(recorded);
    let mut session = trace.session()?;
    let mut csv = args.csv.as_ref().map(|_| CsvRecorder::default());
    let mut difference = None;
    while session.steps() < target && session.outcome().is_none() {
        let next = session.steps() + 1;
        difference = trace.replay(session.as_mut(), next);
        if difference.is_some() {
            break;
        }
        if let Some(csv) = &mut csv {
            csv.record(session.as_ref());
        }
    }
    if let (Some(path), Some(csv)) = (&args.csv, &csv) {
        csv.save(path).map_err(|e| TraceError::Write {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
    }
    let verified = if args.verify && difference.is_none() {
        difference = trace.verify()?;
        Some(difference.is_none())
    } else {
        args.verify.then_some(false)
    };
    let summary = Summary::of(session.as_ref());
    let io = |e: std::io::Error| TraceError::Write {
        path: "standard output".into(),
        message: e.to_string(),
    };
    if args.json {
        let mut json = summary.json();
        json["engine"] = trace.engine.clone().into();
        json["recorded_steps"] = recorded.into();
        json["verified"] = verified.into();
        json["first_difference"] = serde_json::to_value(&difference).expect("plain data");
        writeln!(out, "{json}").map_err(io)?;
    } else {
        write!(out, "{}", summary.text()).map_err(io)?;
        writeln!(
            out,
            "replayed to step {} of {recorded} recorded by frontier {}",
            session.steps(),
            trace.engine
        )
        .map_err(io)?;
        writeln!(out, "{}", verdict(verified, difference.as_ref())).map_err(io)?;
    }
    Ok(if difference.is_some() {
        EXIT_DIFFERS
    } else {
        0
    })
}

fn verdict(verified: Option<bool>, difference: Option<&Difference>) -> String {
    match (difference, verified) {
        (Some(d), _) => format!("the run differs from the trace: {d}"),
        (None, Some(true)) => "verified: every step of the run matches the trace".into(),
        (None, _) => "the replayed steps match the trace".into(),
    }
}
