//! `frontier replay`: a saved trace run again on this engine, step by step, checked against
//! what it recorded.

use super::Summary;
use crate::engine::memory::MemorySize;
use crate::present::export::CsvRecorder;
use crate::trace::{Difference, TraceError, TraceReader, compare_end, step_and_compare};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// Exit status when the run and the trace differ.
pub const EXIT_DIFFERS: u8 = 1;

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The trace file, as written by `frontier run --trace`.
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
    /// The replayed search's memory budget instead of the recorded one: bytes or a size such
    /// as "512 MiB" (a smaller one than the run had can stop the replay early: a difference).
    #[arg(long, value_name = "SIZE", value_parser = MemorySize::parse)]
    pub max_memory: Option<MemorySize>,
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

/// Reads the trace as a stream, one step at a time (a trace of any length replays in the
/// memory its search needs), stepping the search alongside: to `--to`, or with `--verify` to
/// the end, outcome included. The rest of the trace is still read, to count its steps and
/// find damage.
fn replay_inner(args: &ReplayArgs, out: &mut dyn Write) -> Result<u8, TraceError> {
    if let Some(csv) = &args.csv {
        crate::files::check_outputs(&[args.trace.as_path()], &[csv.as_path()])
            .map_err(|e| TraceError::Scenario(e.into()))?;
    }
    let mut reader = TraceReader::open(&args.trace)?;
    if let Some(budget) = args.max_memory {
        reader.scenario.search.max_memory = Some(budget);
    }
    let mut session = reader.session()?;
    let target = args.to.unwrap_or(u64::MAX);
    let mut csv = args.csv.as_ref().map(|_| CsvRecorder::default());
    let mut difference = None;
    let mut recorded = 0;
    // The summary at the target step, taken as the replay passes it.
    let mut at_target = None;
    while let Some(saved) = reader.next_step()? {
        recorded += 1;
        let wanted = session.shown().steps() < target || args.verify;
        if difference.is_some() || !wanted {
            continue;
        }
        difference = step_and_compare(&saved, session.as_mut());
        let view = session.shown();
        if difference.is_none() && view.steps() <= target {
            if let Some(csv) = &mut csv {
                csv.record(view);
            }
            if view.steps() == target {
                at_target = Some((Summary::of(view), view.steps()));
            }
        }
    }
    if args.verify && difference.is_none() {
        difference = compare_end(session.shown(), reader.outcome());
    }
    if let (Some(path), Some(csv)) = (&args.csv, &csv) {
        csv.save(path).map_err(|e| TraceError::Write {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
    }
    let verified = args.verify.then_some(difference.is_none());
    let (summary, replayed) =
        at_target.unwrap_or_else(|| (Summary::of(session.shown()), session.shown().steps()));
    let io = |e: std::io::Error| TraceError::Write {
        path: "standard output".into(),
        message: e.to_string(),
    };
    if args.json {
        let mut json = summary.json();
        json["engine"] = reader.engine.clone().into();
        json["recorded_steps"] = recorded.into();
        json["verified"] = verified.into();
        json["first_difference"] = serde_json::to_value(&difference).expect("plain data");
        writeln!(out, "{json}").map_err(io)?;
    } else {
        write!(out, "{}", summary.text()).map_err(io)?;
        writeln!(
            out,
            "replayed to step {replayed} of {recorded} recorded by frontier {}",
            reader.engine
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
