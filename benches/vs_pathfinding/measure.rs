//! How a run is measured: each side of a case run again under callgrind for its instructions
//! and alone for its peak resident set, and the table's figures written short.

use std::process::Command;
use std::time::Instant;

/// Which side of a case a run measures.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Side {
    /// Only the case's setup: subtracted from both sides' instruction counts.
    Setup,
    Frontier,
    Pathfinding,
}

impl Side {
    pub(super) fn name(self) -> &'static str {
        match self {
            Side::Setup => "setup",
            Side::Frontier => "frontier",
            Side::Pathfinding => "pathfinding",
        }
    }
}

pub(super) const RUN_VAR: &str = "VS_PATHFINDING_RUN";

/// Instructions one side of case `index` executes (setup subtracted by the caller), from
/// callgrind's summary line.
pub(super) fn instructions(index: usize, side: Side) -> Option<u64> {
    let exe = std::env::current_exe().ok()?;
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(exe)
        .env(RUN_VAR, format!("{index}:{}", side.name()))
        .output()
        .ok()?;
    if !out.status.success() {
        eprintln!(
            "callgrind run failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        return None;
    }
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .find_map(|l| {
            l.split_once("Collected :")
                .map(|(_, n)| n.trim().parse().ok())
        })
        .flatten()
}

/// This process's peak resident set in KiB (Linux), for bytes per stored state.
pub(super) fn peak_kib() -> Option<u64> {
    std::fs::read_to_string("/proc/self/status")
        .ok()?
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// The peak resident set of a fresh process running one side of case `index`, in bytes.
pub(super) fn peak_rss(index: usize, side: Side) -> Option<u64> {
    let out = Command::new(std::env::current_exe().ok()?)
        .env(RUN_VAR, format!("{index}:{}", side.name()))
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let kib: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("peak-kib "))?
        .parse()
        .ok()?;
    (kib > 0).then_some(kib * 1024)
}

/// An instruction count to three or four figures.
pub(super) fn count(n: u64) -> String {
    let n = n as f64;
    if n >= 1e7 {
        format!("{:.1}M", n / 1e6)
    } else if n >= 1e6 {
        format!("{:.2}M", n / 1e6)
    } else {
        format!("{:.1}k", n / 1e3)
    }
}

/// A duration in milliseconds, or microseconds below one.
pub(super) fn time(seconds: f64) -> String {
    if seconds >= 1e-3 {
        format!("{:.1} ms", seconds * 1e3)
    } else {
        format!("{:.1} µs", seconds * 1e6)
    }
}

/// Median of a few seconds-long samples.
pub(super) fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

pub(super) fn seconds(f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64()
}
