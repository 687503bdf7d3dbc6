//! Frontier: a step-debugger for classic search algorithms.
//!
//! [`engine`] is the search model and knows no UI; [`domains`] are the problem families;
//! [`scenario`] reads and writes scenario files; [`cli`] is the headless face; [`app`] is the
//! desktop face.

pub mod app;
pub mod cli;
pub mod domains;
pub mod engine;
pub mod export;
pub mod scenario;
pub mod trace;

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to a temporary file beside `path`, syncs it and renames it over `path`, so a
/// reader sees the old file or the new one, never half of one.
///
/// # Errors
/// Any I/O error; the temporary file is removed and `path` is untouched.
pub fn atomic_write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
