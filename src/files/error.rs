//! What can go wrong reading an input file or checking where an output may go, as data a caller
//! can match, with the words the command line and the app show.

use std::path::PathBuf;

/// What a path holds when it is not a regular file. Reading a pipe or a device could block or
/// never end; writing over one would replace it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecialKind {
    #[error("is a directory")]
    Directory,
    #[error("is a named pipe")]
    NamedPipe,
    #[error("is a socket")]
    Socket,
    #[error("is a device")]
    Device,
    #[error("is not a regular file")]
    Other,
}

impl SpecialKind {
    /// What a file of type `kind` is, or `None` for a regular file.
    #[must_use]
    pub fn of(kind: std::fs::FileType) -> Option<SpecialKind> {
        if kind.is_file() {
            return None;
        }
        if kind.is_dir() {
            return Some(SpecialKind::Directory);
        }
        // The browser build has no such files (and no std::os::unix).
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if kind.is_fifo() {
                return Some(SpecialKind::NamedPipe);
            } else if kind.is_socket() {
                return Some(SpecialKind::Socket);
            } else if kind.is_block_device() || kind.is_char_device() {
                return Some(SpecialKind::Device);
            }
        }
        Some(SpecialKind::Other)
    }
}

/// Why a file cannot be read, or why an output cannot be written where it was asked to go.
/// The words of a read leave the path out (the caller names it); those of an output check name
/// the files involved.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The path is there but is not a regular file.
    #[error("{0}")]
    NotRegular(SpecialKind),
    /// The system refused (missing, no permission, a read failed).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The file is larger than the most Frontier reads, in MiB.
    #[error("larger than {limit_mib} MiB")]
    TooLarge { limit_mib: u64 },
    /// The file's bytes are not UTF-8 text.
    #[error("not a text file (invalid UTF-8)")]
    NotText,
    /// A new file's folder is something else.
    #[error("{} is not a folder", folder.display())]
    NotAFolder { folder: PathBuf },
    /// A new file's folder does not exist.
    #[error("there is no folder {}", folder.display())]
    NoFolder { folder: PathBuf },
    /// An output may not be written, for `reason`.
    #[error("cannot save {}: {reason}", output.display())]
    Unwritable {
        output: PathBuf,
        reason: Box<FileError>,
    },
    /// An output is one of the command's inputs.
    #[error(
        "cannot save {}: it is the input {}; choose another file",
        output.display(),
        input.display()
    )]
    OutputIsInput { output: PathBuf, input: PathBuf },
    /// Two outputs are one file.
    #[error("cannot save two outputs to one file: {} and {}", first.display(), second.display())]
    SameOutput { first: PathBuf, second: PathBuf },
}
