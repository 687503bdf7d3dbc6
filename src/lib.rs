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

/// The largest input file Frontier reads (scenario, map, level, trace): far above any real one,
/// and a guard against reading a device or a runaway file forever.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// Reads a UTF-8 text file of at most [`MAX_INPUT_BYTES`].
///
/// # Errors
/// The reason in words: unreadable, too large, or not text.
pub fn read_text(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(format!("larger than {} MiB", MAX_INPUT_BYTES >> 20));
    }
    String::from_utf8(bytes).map_err(|_| "not a text file (invalid UTF-8)".to_string())
}

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
