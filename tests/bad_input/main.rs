//! Bad input as a user gives it to the `frontier` binary: odd files, special files, clashing
//! outputs, misspelled fields, malformed maps and levels. Nothing panics or blocks; every bad
//! file is unusable input (exit 2) with its place; a well-formed instance that cannot be
//! searched is `refused` (exit 0).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the binary; a run that has not ended after a minute (blocked on a pipe) is killed and
/// fails the test instead of hanging it.
fn frontier(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_frontier"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().expect("waits").is_none() {
        if Instant::now() > deadline {
            child.kill().expect("kills");
            panic!("frontier {args:?} blocked");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// A fresh folder for one test.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("frontier-bad-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo {}", path.display());
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Exit 2 with a message containing every one of `words`; the message.
fn unusable(out: &Output, words: &[&str]) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    for w in words {
        assert!(err.contains(w), "{w:?} not in {err}");
    }
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// Writes `text` as the scenario `name` and checks `frontier run` on it is `unusable` with
/// `words`: the shape of most bad-file tests.
fn run_unusable(dir: &Path, name: &str, text: &str, words: &[&str]) -> String {
    unusable(&frontier(&["run", &write(dir, name, text)]), words)
}

/// Exit 0, outcome `refused`; the reason.
fn refused(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(0), "{}", stderr(out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["outcome"], "refused", "{v}");
    v["reason"].as_str().unwrap().to_string()
}

const SEED: &str =
    "Scenario(problem: SlidingPuzzle(width: 3, height: 3, start: [5,4,2,7,0,3,8,1,6]))";

mod files;
mod generated;
mod paths;
