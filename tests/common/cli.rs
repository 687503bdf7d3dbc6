//! What the command-line tests share: running the built binary and reading its JSON.

use std::path::Path;
use std::process::{Command, Output};

/// Runs `frontier ARGS` in `dir`.
pub fn frontier(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_frontier"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The one JSON object a `--json` command printed (the output and errors shown if not).
pub fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}
