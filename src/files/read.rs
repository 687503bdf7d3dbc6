//! Bounded reads of regular files: every input Frontier reads (scenario, map, level, trace)
//! is opened here, so a pipe, a device or a runaway file never blocks or exhausts it.

use super::error::{FileError, SpecialKind};
use std::path::Path;

/// The largest input file Frontier reads (scenario, map, level, trace): far above any real one,
/// and a guard against reading a device or a runaway file forever.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// Opens a file for reading, and its length, if it is a regular file: a named pipe, device or
/// directory is refused with its kind before it is opened, so nothing blocks waiting for a
/// writer. Every input Frontier reads (whole or as a stream) is opened here.
///
/// # Errors
/// Missing or unreadable ([`FileError::Io`]), or not a regular file ([`FileError::NotRegular`]).
pub fn open_regular(path: &Path) -> Result<(std::fs::File, u64), FileError> {
    let meta = std::fs::metadata(path)?;
    if let Some(kind) = SpecialKind::of(meta.file_type()) {
        return Err(FileError::NotRegular(kind));
    }
    let file = std::fs::File::open(path)?;
    Ok((file, meta.len()))
}

/// Reads a UTF-8 text file of at most [`MAX_INPUT_BYTES`], opened by [`open_regular`].
///
/// # Errors
/// As [`open_regular`], or too large ([`FileError::TooLarge`]), or not text
/// ([`FileError::NotText`]).
pub fn read_text(path: &Path) -> Result<String, FileError> {
    use std::io::Read;
    let (file, len) = open_regular(path)?;
    let too_large = FileError::TooLarge {
        limit_mib: MAX_INPUT_BYTES >> 20,
    };
    if len > MAX_INPUT_BYTES {
        return Err(too_large);
    }
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        // Grown since it was looked at.
        return Err(too_large);
    }
    String::from_utf8(bytes).map_err(|_| FileError::NotText)
}
