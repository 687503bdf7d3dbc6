//! Whether a save may write its file without asking.
//!
//! A document the user works on (a scenario, a trace) remembers the file it was read from or
//! last written to, and what that file held then: its [`Origin`]. A save to that file goes ahead
//! while the file still holds what it held. Anything else that would replace an existing file,
//! another file or the document's own file changed on disk by someone else, is asked about
//! first. A document that came from no file (a built-in scenario, a share link, an experiment's
//! instance) has no origin, so every existing file is "another file".

use std::hash::Hasher as _;
use std::path::{Path, PathBuf};

/// What a file held: its length and a hash of its bytes. The bytes are compared, not the
/// modification time, which can miss a change made within the file system's resolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprint {
    len: u64,
    hash: u64,
}

impl Fingerprint {
    /// The fingerprint of `bytes`.
    #[must_use]
    pub fn of(bytes: &[u8]) -> Fingerprint {
        let mut hasher = std::hash::DefaultHasher::new();
        hasher.write(bytes);
        Fingerprint {
            len: bytes.len() as u64,
            hash: hasher.finish(),
        }
    }

    /// The fingerprint of the file at `path` as it is now, or `None` when there is no file there.
    ///
    /// # Errors
    /// The file exists but cannot be read (or is not a regular file).
    pub fn read(path: &Path) -> std::io::Result<Option<Fingerprint>> {
        match std::fs::metadata(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
            Ok(meta) if !meta.is_file() => Err(std::io::Error::other("not a regular file")),
            Ok(_) => std::fs::read(path).map(|bytes| Some(Fingerprint::of(&bytes))),
        }
    }
}

/// The file a document belongs to, and what it held when the document was read from it or
/// written to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    path: PathBuf,
    held: Fingerprint,
}

impl Origin {
    /// The document was read from, or written as, `bytes` at `path`.
    #[must_use]
    pub fn new(path: &Path, bytes: &[u8]) -> Origin {
        Origin {
            path: path.to_path_buf(),
            held: Fingerprint::of(bytes),
        }
    }

    /// The document was read from `path`, which holds what it holds now.
    ///
    /// # Errors
    /// The file is gone or cannot be read.
    pub fn read(path: &Path) -> std::io::Result<Origin> {
        let held = Fingerprint::read(path)?
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"))?;
        Ok(Origin {
            path: path.to_path_buf(),
            held,
        })
    }

    /// The file's path, as the user gave it.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// What a save to some path would do to what is there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Nothing is lost: there is no file there yet, or it is the document's own file, unchanged.
    Write,
    /// An existing file that is not the document's own would be replaced.
    Replaces,
    /// The document's own file was changed on disk since it was read or last written.
    ChangedOnDisk,
}

impl Verdict {
    /// The question to ask before writing `path`, or `None` when nothing needs asking.
    #[must_use]
    pub fn question(&self, path: &Path, what: &str) -> Option<String> {
        let shown = path.display();
        match self {
            Verdict::Write => None,
            Verdict::Replaces => Some(format!(
                "{shown} already exists and is not the file this {what} was opened from or \
                 saved to. Replace it?"
            )),
            Verdict::ChangedOnDisk => Some(format!(
                "{shown} was changed on disk since this {what} was opened or saved. Replace it \
                 with this {what}, losing those changes?"
            )),
        }
    }
}

/// What saving a document whose file is `origin` (none: it came from no file) to `target` would
/// do.
///
/// # Errors
/// What is at `target` cannot be read, so whether it would be lost cannot be told.
pub fn check(target: &Path, origin: Option<&Origin>) -> std::io::Result<Verdict> {
    let Some(there) = Fingerprint::read(target)? else {
        return Ok(Verdict::Write);
    };
    match origin {
        Some(origin) if same_file(target, &origin.path) => Ok(if there == origin.held {
            Verdict::Write
        } else {
            Verdict::ChangedOnDisk
        }),
        _ => Ok(Verdict::Replaces),
    }
}

/// Whether two paths name one existing file (`s.ron` and `./d/../s.ron` do).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests;
