//! `frontier trace`: Posthoc search traces written by other solvers. `inspect` says what a
//! trace tells about its solver (picks out of order, the tie-break rule its picks follow,
//! events that contradict each other); `compare` sets two runs side by side.

use crate::engine::memory::MemorySize;
use crate::trace::posthoc::{
    self, Comparison, Inspection, NodeIx, PosthocError, PosthocTrace, ReadOptions,
};
use clap::{Args, Subcommand};
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Items a text report lists before it says how many more there are.
const LISTED: usize = 20;

#[derive(Debug, Args)]
pub struct TraceArgs {
    #[command(subcommand)]
    pub command: TraceCommand,
}

#[derive(Debug, Subcommand)]
pub enum TraceCommand {
    /// About this solver: picks out of order, the tie-break rule that explains its picks, and
    /// events that contradict each other, read from a Posthoc search trace (YAML, JSON or JSON
    /// lines; `-` reads standard input).
    Inspect(InspectArgs),
    /// Two Posthoc traces side by side: the first step where the picks differ, and the states
    /// one expanded and the other did not.
    Compare(TraceCompareArgs),
}

#[derive(Debug, Args)]
pub struct InspectArgs {
    /// The trace file (`-`: standard input).
    pub file: PathBuf,
    /// One JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
    /// The memory the loaded trace may hold (default 1 GiB): reading stops there, and the
    /// events read are used.
    #[arg(long, value_name = "SIZE", value_parser = MemorySize::parse)]
    pub max_memory: Option<MemorySize>,
}

#[derive(Debug, Args)]
pub struct TraceCompareArgs {
    /// The first trace (`-`: standard input).
    pub a: PathBuf,
    /// The second trace.
    pub b: PathBuf,
    /// One JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
    /// The memory each loaded trace may hold (default 1 GiB).
    #[arg(long, value_name = "SIZE", value_parser = MemorySize::parse)]
    pub max_memory: Option<MemorySize>,
}

/// Runs `frontier trace …`; returns the exit status (2, with the reason on standard error, for
/// input that is not a trace).
#[must_use]
pub fn trace_command(args: &TraceArgs, out: &mut dyn Write) -> u8 {
    let text = match &args.command {
        TraceCommand::Inspect(a) => inspect_text(a),
        TraceCommand::Compare(a) => compare_text(a),
    };
    super::exit_status(text.and_then(|text| {
        out.write_all(text.as_bytes())
            .map(|()| 0)
            .map_err(|e| format!("cannot write standard output: {e}"))
    }))
}

/// Reads a trace file, or standard input for `-`.
fn load(path: &Path, max_memory: Option<MemorySize>) -> Result<PosthocTrace, PosthocError> {
    let options = ReadOptions {
        max_memory: max_memory.map_or(ReadOptions::default().max_memory, |m| m.0),
    };
    if path == Path::new("-") {
        posthoc::read(std::io::stdin().lock(), "standard input", &options)
    } else {
        posthoc::open(path, &options)
    }
}

fn inspect_text(args: &InspectArgs) -> Result<String, String> {
    let trace = load(&args.file, args.max_memory).map_err(|e| e.to_string())?;
    let inspection = posthoc::inspect(&trace);
    let name = args.file.display().to_string();
    Ok(if args.json {
        format!("{}\n", inspect_json(&name, &trace, &inspection))
    } else {
        inspect_words(&name, &trace, &inspection)
    })
}

/// A number as JSON: whole numbers as integers.
fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 9.0e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}

/// A state as JSON: its id, and its place and text where the trace gives them.
fn state_json(trace: &PosthocTrace, node: NodeIx) -> Value {
    let mut state = json!({ "id": trace.id(node) });
    if let Some((x, y)) = trace.place(node) {
        state["x"] = number(x);
        state["y"] = number(y);
    }
    if let Some(text) = trace.state_text(node) {
        state["state"] = json!(text);
    }
    state
}

/// A state in words: `#1736 (8, 15)`, `#4 "123456780"`.
fn state_words(trace: &PosthocTrace, node: NodeIx) -> String {
    let mut words = format!("#{}", trace.id(node));
    if let Some((x, y)) = trace.place(node) {
        let _ = write!(words, " ({x}, {y})");
    }
    if let Some(text) = trace.state_text(node) {
        let _ = write!(words, " {text:?}");
    }
    words
}

fn inspect_json(name: &str, trace: &PosthocTrace, inspection: &Inspection) -> Value {
    let issues = &trace.issues;
    json!({
        "file": name,
        "format": trace.format,
        "version": trace.version,
        "drawings": trace.drawings,
        "events": trace.events_read,
        "states": trace.nodes(),
        "expansions": inspection.expansions,
        "tied": inspection.tied,
        "unjudged": inspection.unjudged,
        "out_of_order": inspection.out_of_order.iter().map(|o| json!({
            "step": o.step,
            "event": o.event,
            "id": trace.id(o.node),
            "f": number(o.f),
            "lowest_f": number(o.lowest_f),
            "lowest_id": trace.id(o.lowest),
        })).collect::<Vec<_>>(),
        "tie_rules": inspection.tie_rules.iter().map(|r| json!({
            "rule": r.name(),
            "words": r.words(),
            "explained": r.explained,
            "decided": r.decided,
            "tied": r.tied,
        })).collect::<Vec<_>>(),
        "best_rule": inspection.best_rule().map(posthoc::TieRule::name),
        "h_from_f_minus_g": inspection.h_from_f_minus_g,
        "inconsistencies": issues.listed.iter().map(|i| json!({
            "event": i.event,
            "line": i.line,
            "id": i.node.map(|n| trace.id(n)),
            "kind": i.kind.code(),
            "words": i.words,
        })).collect::<Vec<_>>(),
        "inconsistency_counts": posthoc::IssueKind::ALL
            .iter()
            .filter(|&&k| issues.count(k) > 0)
            .map(|&k| (k.code().to_string(), json!(issues.count(k))))
            .collect::<serde_json::Map<_, _>>(),
        "unknown_types": trace.unknown_types.iter().map(|(name, n)| json!({
            "type": name,
            "events": n,
        })).collect::<Vec<_>>(),
        "stopped": trace.stopped.as_ref().map(|s| json!({
            "detail": s,
            "words": s.to_string(),
        })),
    })
}

fn inspect_words(name: &str, trace: &PosthocTrace, inspection: &Inspection) -> String {
    let mut t = String::new();
    let format = match trace.format {
        posthoc::Format::Yaml => "YAML",
        posthoc::Format::Json => "JSON",
        posthoc::Format::JsonLines => "JSON lines",
    };
    let version = trace
        .version
        .as_deref()
        .map_or_else(String::new, |v| format!(", version {v}"));
    let _ = writeln!(
        t,
        "{name}: {format}{version}; {} events, {} steps, {} states",
        trace.events_read,
        trace.step_count(),
        trace.nodes()
    );
    if let Some(stopped) = &trace.stopped {
        let _ = writeln!(t, "Read in part: {stopped}.");
    }
    let skipped: u64 = trace.unknown_types.iter().map(|(_, n)| n).sum();
    if skipped > 0 {
        let kinds: Vec<String> = trace
            .unknown_types
            .iter()
            .map(|(name, n)| format!("{name} ({n})"))
            .collect();
        let _ = writeln!(
            t,
            "Skipped {skipped} events of types the run model does not read: {}.",
            kinds.join(", ")
        );
    }
    out_of_order_words(&mut t, trace, inspection);
    tie_words(&mut t, inspection);
    issue_words(&mut t, trace);
    t
}

fn out_of_order_words(t: &mut String, trace: &PosthocTrace, inspection: &Inspection) {
    let late = &inspection.out_of_order;
    if late.is_empty() {
        let _ = writeln!(
            t,
            "\nPicks out of order: none. Every expansion took an open state of lowest f."
        );
    } else {
        let _ = writeln!(
            t,
            "\nPicks out of order: {} of {} expansions took a state above the lowest f open:",
            late.len(),
            inspection.expansions
        );
        for o in late.iter().take(LISTED) {
            let _ = writeln!(
                t,
                "  step {}: {} with f {}, while {} had f {}",
                o.step,
                state_words(trace, o.node),
                o.f,
                state_words(trace, o.lowest),
                o.lowest_f
            );
        }
        if late.len() > LISTED {
            let _ = writeln!(t, "  … and {} more", late.len() - LISTED);
        }
    }
    if inspection.unjudged > 0 {
        let _ = writeln!(
            t,
            "  ({} expansions not judged: of a state that was not open, or had no f.)",
            inspection.unjudged
        );
    }
}

fn tie_words(t: &mut String, inspection: &Inspection) {
    let Some(best) = inspection.best_rule() else {
        let _ = writeln!(
            t,
            "\nTies: none. No expansion chose among several open states of lowest f."
        );
        return;
    };
    let _ = writeln!(
        t,
        "\nTies: {} of {} expansions chose among several open states of lowest f.",
        inspection.tied, inspection.expansions
    );
    let _ = writeln!(
        t,
        "  Best: {} explains {} of {} tied expansions{}.",
        best.words(),
        best.explained,
        best.tied,
        if best.decided == best.explained {
            String::new()
        } else {
            format!(" ({} of them without a further key)", best.decided)
        }
    );
    let singles: Vec<String> = inspection
        .tie_rules
        .iter()
        .filter(|r| r.keys.len() == 1)
        .map(|r| format!("{} {}", r.words(), r.explained))
        .collect();
    let _ = writeln!(t, "  Each key alone: {}.", singles.join("; "));
    let pairs: Vec<String> = inspection
        .tie_rules
        .iter()
        .filter(|r| r.keys.len() == 2)
        .take(5)
        .map(|r| format!("{} {}", r.words(), r.explained))
        .collect();
    let _ = writeln!(t, "  Best pairs: {}.", pairs.join("; "));
    if inspection.h_from_f_minus_g {
        let _ = writeln!(
            t,
            "  (The trace writes no h, so h is f − g: among states of equal f, lower h and \
             higher g are one rule.)"
        );
    }
}

fn issue_words(t: &mut String, trace: &PosthocTrace) {
    let issues = &trace.issues;
    if issues.total() == 0 {
        let _ = writeln!(t, "\nInconsistencies: none.");
        return;
    }
    let _ = writeln!(t, "\nInconsistencies: {}.", issues.total());
    for i in issues.listed.iter().take(LISTED) {
        let line = if i.line > 0 {
            format!(" (line {})", i.line)
        } else {
            String::new()
        };
        let _ = writeln!(t, "  event {}{line}: {}", i.event, i.words);
    }
    if issues.total() > LISTED as u64 {
        let _ = writeln!(t, "  … and {} more", issues.total() - LISTED as u64);
    }
}

fn compare_text(args: &TraceCompareArgs) -> Result<String, String> {
    let a = load(&args.a, args.max_memory).map_err(|e| e.to_string())?;
    let b = load(&args.b, args.max_memory).map_err(|e| e.to_string())?;
    let comparison = posthoc::compare(&a, &b);
    let names = (args.a.display().to_string(), args.b.display().to_string());
    Ok(if args.json {
        format!("{}\n", compare_json(&names, (&a, &b), &comparison))
    } else {
        compare_words(&names, (&a, &b), &comparison)
    })
}

fn compare_json(
    (name_a, name_b): &(String, String),
    (a, b): (&PosthocTrace, &PosthocTrace),
    c: &Comparison,
) -> Value {
    let states = |t: &PosthocTrace, nodes: &[NodeIx]| {
        nodes.iter().map(|&n| state_json(t, n)).collect::<Vec<_>>()
    };
    json!({
        "a": { "file": name_a, "steps": c.steps_a },
        "b": { "file": name_b, "steps": c.steps_b },
        "matched_by": c.matching,
        "first_difference": c.divergence.as_ref().map(|d| json!({
            "step": d.step,
            "a": d.a.map(|n| state_json(a, n)),
            "b": d.b.map(|n| state_json(b, n)),
        })),
        "expanded_by_both": c.expanded_by_both,
        "only_a_count": c.only_a.len(),
        "only_b_count": c.only_b.len(),
        "only_a": states(a, &c.only_a),
        "only_b": states(b, &c.only_b),
    })
}

fn compare_words(
    (name_a, name_b): &(String, String),
    (a, b): (&PosthocTrace, &PosthocTrace),
    c: &Comparison,
) -> String {
    let mut t = String::new();
    let matched = match c.matching {
        posthoc::Matching::Place => "place (x, y)",
        posthoc::Matching::State => "state text",
        posthoc::Matching::Id => "id",
    };
    let _ = writeln!(
        t,
        "A: {name_a} ({} steps)\nB: {name_b} ({} steps)\nStates matched by {matched}.",
        c.steps_a, c.steps_b
    );
    match &c.divergence {
        None => {
            let _ = writeln!(t, "\nThe picks agree at every step.");
        }
        Some(d) => {
            let pick = |t: &PosthocTrace, n: Option<NodeIx>| {
                n.map_or_else(
                    || "nothing (its run had ended)".into(),
                    |n| state_words(t, n),
                )
            };
            let _ = writeln!(
                t,
                "\nThe picks first differ at step {}: A expands {}, B expands {}.",
                d.step,
                pick(a, d.a),
                pick(b, d.b)
            );
        }
    }
    let _ = writeln!(
        t,
        "Expanded by both: {}; only by A: {}; only by B: {}.",
        c.expanded_by_both,
        c.only_a.len(),
        c.only_b.len()
    );
    for (label, trace, only) in [("A", a, &c.only_a), ("B", b, &c.only_b)] {
        if only.is_empty() {
            continue;
        }
        let listed: Vec<String> = only
            .iter()
            .take(LISTED)
            .map(|&n| state_words(trace, n))
            .collect();
        let more = only
            .len()
            .checked_sub(LISTED)
            .filter(|&m| m > 0)
            .map_or_else(String::new, |m| format!(" … and {m} more"));
        let _ = writeln!(t, "Only {label}: {}{more}", listed.join(", "));
    }
    t
}
