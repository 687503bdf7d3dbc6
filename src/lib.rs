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
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// A file written as a stream and saved atomically: the bytes go to a temporary file beside
/// the target, and [`AtomicFile::commit`] syncs it and renames it over the target. Dropped
/// without a commit (an error on the way), the temporary file is removed and the target is
/// untouched. What [`atomic_write`] does for bytes already in memory, for files too big to
/// build in memory (traces).
pub struct AtomicFile {
    out: std::io::BufWriter<std::fs::File>,
    tmp: std::path::PathBuf,
    path: std::path::PathBuf,
    committed: bool,
}

impl AtomicFile {
    /// Opens the temporary file beside `path`.
    ///
    /// # Errors
    /// The temporary file cannot be created.
    pub fn create(path: &Path) -> std::io::Result<AtomicFile> {
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let name = path
            .file_name()
            .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
        let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        let file = std::fs::File::create(&tmp)?;
        Ok(AtomicFile {
            out: std::io::BufWriter::with_capacity(1 << 16, file),
            tmp,
            path: path.to_path_buf(),
            committed: false,
        })
    }

    /// Flushes and syncs what was written and renames it over the target.
    ///
    /// # Errors
    /// Any I/O error; the temporary file is removed and the target is untouched.
    pub fn commit(mut self) -> std::io::Result<()> {
        self.out.flush()?;
        self.out.get_ref().sync_all()?;
        std::fs::rename(&self.tmp, &self.path)?;
        self.committed = true;
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.out.write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.out.write_all(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}
