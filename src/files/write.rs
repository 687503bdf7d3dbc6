//! Atomic writes: the bytes go to a temporary file beside the target, which is renamed over it
//! only once complete, so a reader sees the old file or the new one, never half of one.

use super::outputs::{check_output_path, folder_of};
use std::io::Write;
use std::path::{Path, PathBuf};

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
    tmp: PathBuf,
    path: PathBuf,
    committed: bool,
}

impl AtomicFile {
    /// Opens the temporary file beside `path` ([`temp_beside`]). Only a new path or an
    /// existing regular file is written ([`check_output_path`]).
    ///
    /// # Errors
    /// `path` may not be written (its [`super::FileError`] inside), or the temporary file
    /// cannot be created.
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
