//! Files the user owns: bounded reads of inputs ([`read`]), where an output may go
//! ([`outputs`]), atomic writes ([`write`]), and what may be written over without asking
//! ([`guard`]). Why a file cannot be used is a [`FileError`].

mod error;
pub mod guard;
pub mod outputs;
pub mod read;
pub mod write;

pub use error::{FileError, SpecialKind};
pub use outputs::{check_output_path, check_outputs};
pub use read::{MAX_INPUT_BYTES, open_regular, read_text};
pub use write::{AtomicFile, atomic_write, temp_beside};
