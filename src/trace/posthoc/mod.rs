//! Posthoc search traces read back: the common log format of ShortestPathLab's visualiser,
//! which people who write their own solvers already produce, read as a run Frontier can step
//! through, summarise ([`inspect`]) and compare with another ([`compare`]).
//!
//! # The format
//! YAML or JSON (`*.trace.yaml`, `*.trace.json`, versions 1.0.x to 1.4.0) holding an `events`
//! list, or JSON lines (one event object a line, what a solver pipes in live). Each event has a
//! `type`, an `id` (number or text), and optionally `pId` (the parent), `g`, `f`, `h`, `x`,
//! `y`, and `state` (the state's text, which Frontier writes). Other fields are passed over;
//! the `views`, `render` and `pivot` sections describe drawings and are kept by name only
//! (their templates are never evaluated).
//!
//! # The run model
//! - One **step** is one `expanding` event (`expand` in older traces); its **successors** are
//!   the `generating` and `updating` events up to the next `expanding`.
//! - The **open list** is what has been generated or updated and not yet closed; a `source`
//!   event stores the start if nothing generated it first.
//! - A state leaves the open list when it is **expanded**, and counts as **closed** from then
//!   on: many solvers write no `closing` event, and where one follows it only confirms. A
//!   `closing` of a state still open closes it without a step.
//! - A `generating` or `updating` of a closed state **reopens** it.
//! - A state's **h** is the event's own `h` where written, else f − g, else blank; values an
//!   event leaves out carry over from the state's earlier events.
//! - **Depth** follows `pId`: a state with no parent is a root at depth 0.
//! - The **storing order** (for first-stored and last-stored tie-breaks) is the order of the
//!   events that last put each state on the open list (`generating`, `updating`).
//!
//! Events of other types are counted and skipped; events that contradict each other (a g that
//! changes without an `updating`, a `closing` of a state not open, …) load and are listed
//! ([`Issues`]). A file that is neither YAML nor JSON, or has no `events` list, is refused with
//! line and column ([`PosthocError`]); one that breaks off in the middle keeps the events
//! before the break and says where ([`Stopped`]).
//!
//! # Streaming
//! The parsers hand each event to the run model as soon as it is read ([`build`]): no document
//! tree of the file is built, and memory grows only with the events kept (48 bytes each, plus
//! 4 for the state's history and a few per state), under a budget ([`ReadOptions`]); reading
//! stops with the reason when it is reached.

mod build;
mod compare;
mod error;
mod event;
mod inspect;
mod issues;
mod json;
mod model;
mod yaml;

pub use compare::{Comparison, Divergence, Matching, compare};
pub use error::{PosthocError, Stopped};
pub use event::{EventKind, Fate, NodeIx, NodeStatus, TraceEvent, TraceId};
pub use inspect::{Inspection, OutOfOrder, TieRule, inspect};
pub use issues::{Inconsistency, IssueKind, Issues, MAX_LISTED};
pub use model::{At, Counts, Format, PosthocTrace, Row, Step, StepView};

use crate::engine::memory::DEFAULT_MAX_MEMORY;
use build::Builder;
use error::Problem;
use std::io::{BufRead, Cursor, Read};
use std::path::Path;

/// How to read a trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    /// Bytes the loaded trace may hold; reading stops (keeping what was read) when the next
    /// event would pass it.
    pub max_memory: u64,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            max_memory: DEFAULT_MAX_MEMORY.0,
        }
    }
}

/// Reads a trace file.
///
/// # Errors
/// The file cannot be opened (or is not a regular file), or is not a trace (with line and
/// column).
pub fn open(path: &Path, options: &ReadOptions) -> Result<PosthocTrace, PosthocError> {
    let name = path.display().to_string();
    let (file, _) = crate::files::open_regular(path).map_err(|e| PosthocError::Read {
        path: name.clone(),
        message: e.to_string(),
    })?;
    read(
        std::io::BufReader::with_capacity(1 << 16, file),
        &name,
        options,
    )
}

/// Reads a trace from text (tests, fuzzing, the browser).
///
/// # Errors
/// As [`read`].
pub fn parse(text: &[u8], name: &str, options: &ReadOptions) -> Result<PosthocTrace, PosthocError> {
    read(Cursor::new(text.to_vec()), name, options)
}

/// Reads a trace as a stream from `reader` (a file, standard input), telling YAML, JSON and
/// JSON lines apart by the first line. `name` names the input in errors.
///
/// # Errors
/// The input cannot be read, or is not a trace (with line and column).
pub fn read<R: BufRead + 'static>(
    mut reader: R,
    name: &str,
    options: &ReadOptions,
) -> Result<PosthocTrace, PosthocError> {
    let (format, head) = sniff(&mut reader).map_err(|e| Problem::Read(e).in_file(name))?;
    let input = Cursor::new(head).chain(reader);
    let mut builder = Builder::new(format, options.max_memory);
    let result = match format {
        Format::Yaml => yaml::read(input, &mut builder),
        Format::Json => json::read_document(input, &mut builder),
        Format::JsonLines => json::read_lines(input, &mut builder),
    };
    result.map_err(|p| p.in_file(name))?;
    builder.set_format(format);
    Ok(builder.finish())
}

/// Reads up to the first line that is not blank and tells the format by it: `{` starts JSON
/// (JSON lines when that line is a whole object of its own that is not a trace), `[` JSON,
/// anything else YAML. Returns the bytes read (a leading byte-order mark left out).
fn sniff<R: BufRead>(reader: &mut R) -> Result<(Format, Vec<u8>), String> {
    let mut head = Vec::new();
    loop {
        let start = head.len();
        let n = reader
            .take(json::MAX_LINE as u64)
            .read_until(b'\n', &mut head)
            .map_err(|e| e.to_string())?;
        if head.starts_with(b"\xEF\xBB\xBF") {
            head.drain(..3);
        }
        let line = &head[start.min(head.len())..];
        let first = line.iter().find(|b| !b.is_ascii_whitespace());
        match first {
            None if n > 0 && head.len() < json::MAX_LINE => {}
            Some(b'{') if json::is_event_line(line) => return Ok((Format::JsonLines, head)),
            Some(b'{' | b'[') => return Ok((Format::Json, head)),
            _ => return Ok((Format::Yaml, head)),
        }
    }
}

#[cfg(test)]
mod tests;
