//! Frontier: a step-debugger for classic search algorithms.
//!
//! [`engine`] is the search model and knows no UI; [`domains`] are the problem families;
//! [`scenario`] reads and writes scenario files; [`experiment`] runs the textbook's table of
//! search cost by depth over scenarios; [`cli`] is the headless face; [`app`] is the desktop face,
//! which `web` (built for wasm32 only) runs in a browser; [`share`] makes and reads the links both
//! open.

pub mod app;
pub mod cli;
pub mod domains;
pub mod engine;
pub mod experiment;
pub mod files;
pub mod present;
pub mod scenario;
pub mod share;
pub mod trace;
#[cfg(target_arch = "wasm32")]
pub mod web;

use std::io::Write;
use std::path::{Path, PathBuf};

/// The largest input file Frontier reads (scenario, map, level, trace): far above any real one,
/// and a guard against reading a device or a runaway file forever.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// What a file that is not a regular file is, in words ("is a named pipe"), or `None` for a
/// regular file. Reading a pipe or a device could block or never end; writing over one would
/// replace it.
fn special_kind(kind: std::fs::FileType) -> Option<&'static str> {
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("is a directory");
    }
    // The browser build has no such files (and no std::os::unix).
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("is a named pipe");
        } else if kind.is_socket() {
            return Some("is a socket");
        } else if kind.is_block_device() || kind.is_char_device() {
            return Some("is a device");
        }
    }
    Some("is not a regular file")
}

/// Opens a file for reading, and its length, if it is a regular file: a named pipe, device or
/// directory is refused with its kind before it is opened, so nothing blocks waiting for a
/// writer. Every input Frontier reads (whole or as a stream) is opened here.
///
/// # Errors
/// The reason in words: missing, not a regular file, or unreadable.
pub fn open_regular(path: &Path) -> Result<(std::fs::File, u64), String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if let Some(what) = special_kind(meta.file_type()) {
        return Err(what.to_string());
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    Ok((file, meta.len()))
}

/// Reads a UTF-8 text file of at most [`MAX_INPUT_BYTES`], opened by [`open_regular`].
///
/// # Errors
/// The reason in words: missing, not a regular file, unreadable, too large, or not text.
pub fn read_text(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let (file, len) = open_regular(path)?;
    let too_large = || format!("larger than {} MiB", MAX_INPUT_BYTES >> 20);
    if len > MAX_INPUT_BYTES {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        // Grown since it was looked at.
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|_| "not a text file (invalid UTF-8)".to_string())
}

/// Checks that `path` may be written: a new file in an existing folder, or an existing regular
/// file (which a save replaces). A pipe, device, directory or socket is refused with its kind, so
/// a save never renames a file over `/dev/null` or a FIFO.
///
/// # Errors
/// The reason in words, without the path (the caller names it).
pub fn check_output_path(path: &Path) -> Result<(), String> {
    match std::fs::metadata(path) {
        Ok(meta) => special_kind(meta.file_type()).map_or(Ok(()), |what| Err(what.to_string())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let dir = folder_of(path);
            match std::fs::metadata(dir) {
                Ok(meta) if meta.is_dir() => Ok(()),
                Ok(_) => Err(format!("{} is not a folder", dir.display())),
                Err(_) => Err(format!("there is no folder {}", dir.display())),
            }
        }
        Err(e) => Err(e.to_string()),
    }
}

/// Checks a command's output files together: each may be written ([`check_output_path`]), no
/// two are the same file, and none is one of its inputs (paths compared once canonical, so
/// `s.ron` and `./dir/../s.ron` are the same file).
///
/// # Errors
/// The first conflict, naming the file.
pub fn check_outputs(inputs: &[&Path], outputs: &[&Path]) -> Result<(), String> {
    let mut seen: Vec<(PathBuf, &Path)> = Vec::new();
    for input in inputs {
        if let Ok(real) = std::fs::canonicalize(input) {
            seen.push((real, *input));
        }
    }
    let known_inputs = seen.len();
    for (i, output) in outputs.iter().enumerate() {
        check_output_path(output)
            .map_err(|why| format!("cannot save {}: {why}", output.display()))?;
        let real = canonical_output(output);
        if let Some(pos) = seen.iter().position(|(p, _)| *p == real) {
            let other = seen[pos].1;
            return Err(if pos < known_inputs {
                format!(
                    "cannot save {}: it is the input {}; choose another file",
                    output.display(),
                    other.display()
                )
            } else {
                format!(
                    "cannot save two outputs to one file: {} and {}",
                    other.display(),
                    outputs[i].display()
                )
            });
        }
        seen.push((real, *output));
    }
    Ok(())
}

/// The canonical form of an output path that may not exist yet: its folder made canonical, its
/// name kept.
fn canonical_output(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| {
        let dir = std::fs::canonicalize(folder_of(path)).unwrap_or_else(|_| folder_of(path).into());
        match path.file_name() {
            Some(name) => dir.join(name),
            None => dir,
        }
    })
}

/// The folder a file path is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// The temporary file a save to `path` by this process writes first: `.NAME.PID.tmp` beside
/// it. Leftovers of earlier saves to the same path whose process is gone (killed mid-save) are
/// removed here, so they never pile up; a leftover of a live process is left alone.
#[must_use]
pub fn temp_beside(path: &Path) -> PathBuf {
    let dir = folder_of(path);
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let prefix = format!(".{name}.");
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let file = entry.file_name();
            let pid = file
                .to_str()
                .and_then(|f| f.strip_prefix(&prefix))
                .and_then(|rest| rest.strip_suffix(".tmp"))
                .and_then(|pid| pid.parse::<u32>().ok());
            if let Some(pid) = pid
                && pid != std::process::id()
                && !process_alive(pid)
            {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    dir.join(format!("{prefix}{}.tmp", std::process::id()))
}

/// Whether process `pid` is running. Where that cannot be told (no `/proc`), it counts as
/// running, so nothing is removed on a guess.
fn process_alive(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}

/// Writes `bytes` through an [`AtomicFile`], so a reader sees the old file or the new one,
/// never half of one, and only a new path or an existing regular file is written.
///
/// # Errors
/// Any I/O error, or a path that is not a regular file; the temporary file is removed and
/// `path` is untouched.
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
    /// Opens the temporary file beside `path` ([`temp_beside`]). Only a new path or an
    /// existing regular file is written ([`check_output_path`]).
    ///
    /// # Errors
    /// `path` may not be written, or the temporary file cannot be created.
    pub fn create(path: &Path) -> std::io::Result<AtomicFile> {
        check_output_path(path).map_err(std::io::Error::other)?;
        let tmp = temp_beside(path);
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
