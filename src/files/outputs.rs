//! Where an output may go: a new file in an existing folder or an existing regular file, never
//! a pipe or a device, never one of the command's inputs, and never the same file twice.

use super::error::{FileError, SpecialKind};
use std::path::{Path, PathBuf};

/// Checks that `path` may be written: a new file in an existing folder, or an existing regular
/// file (which a save replaces). A pipe, device, directory or socket is refused with its kind, so
/// a save never renames a file over `/dev/null` or a FIFO.
///
/// # Errors
/// Why not, without the path (the caller names it): not a regular file, no such folder, or
/// what the system answered.
pub fn check_output_path(path: &Path) -> Result<(), FileError> {
    match std::fs::metadata(path) {
        Ok(meta) => SpecialKind::of(meta.file_type())
            .map_or(Ok(()), |kind| Err(FileError::NotRegular(kind))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let folder = folder_of(path);
            match std::fs::metadata(folder) {
                Ok(meta) if meta.is_dir() => Ok(()),
                Ok(_) => Err(FileError::NotAFolder {
                    folder: folder.into(),
                }),
                Err(_) => Err(FileError::NoFolder {
                    folder: folder.into(),
                }),
            }
        }
        Err(e) => Err(FileError::Io(e)),
    }
}

/// Checks a command's output files together: each may be written ([`check_output_path`]), no
/// two are the same file, and none is one of its inputs (paths compared once canonical, so
/// `s.ron` and `./dir/../s.ron` are the same file).
///
/// # Errors
/// The first conflict, naming the file: [`FileError::Unwritable`],
/// [`FileError::OutputIsInput`] or [`FileError::SameOutput`].
pub fn check_outputs(inputs: &[&Path], outputs: &[&Path]) -> Result<(), FileError> {
    let mut seen: Vec<(PathBuf, &Path)> = Vec::new();
    for input in inputs {
        if let Ok(real) = std::fs::canonicalize(input) {
            seen.push((real, *input));
        }
    }
    let known_inputs = seen.len();
    for output in outputs {
        check_output_path(output).map_err(|reason| FileError::Unwritable {
            output: output.to_path_buf(),
            reason: Box::new(reason),
        })?;
        let real = canonical_output(output);
        if let Some(pos) = seen.iter().position(|(p, _)| *p == real) {
            let other = seen[pos].1.to_path_buf();
            return Err(if pos < known_inputs {
                FileError::OutputIsInput {
                    output: output.to_path_buf(),
                    input: other,
                }
            } else {
                FileError::SameOutput {
                    first: other,
                    second: output.to_path_buf(),
                }
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
pub(super) fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}
