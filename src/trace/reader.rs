//! Reading a trace step by step: the head (its version checked first), then one step line at
//! a time, then the end line; damage is told with line and column.

use super::error::TraceError;
use super::head::{END_PREFIX, ENGINE_VERSION, Head, STEPS_LINE, TRACE_FORMAT, Version};
use super::step::TraceStep;
use crate::present::ShownSession;
use crate::scenario::{Scenario, SearchSpec, from_ron};
use std::io::BufRead;
use std::path::Path;

/// The longest step or end line read (an end line carries the outcome's words).
const MAX_LINE: u64 = 64 << 10;

/// A trace read step by step: the head first ([`TraceReader::scenario`], the version), then
/// [`TraceReader::next_step`] until the end line, then [`TraceReader::outcome`].
pub struct TraceReader<R: BufRead> {
    input: R,
    origin: String,
    /// Lines read so far.
    line: usize,
    /// The `frontier` version that recorded it.
    pub engine: String,
    /// The scenario, with `search` holding every setting.
    pub scenario: Scenario,
    /// The end line's outcome, once it was read.
    end: Option<Option<String>>,
}

impl TraceReader<std::io::BufReader<std::fs::File>> {
    /// Opens a trace file and reads its head.
    ///
    /// # Errors
    /// As [`TraceReader::new`], or the file cannot be opened.
    pub fn open(path: &Path) -> Result<Self, TraceError> {
        let shown = path.display().to_string();
        let (file, _) = crate::files::open_regular(path).map_err(|e| TraceError::Read {
            path: shown.clone(),
            message: e.to_string(),
        })?;
        TraceReader::new(
            std::io::BufReader::new(file),
            &shown,
            path.parent().unwrap_or(Path::new(".")),
        )
    }
}

impl<R: BufRead> TraceReader<R> {
    /// Reads the head from `input`; `origin` names it in errors, `base_dir` resolves files the
    /// scenario names.
    ///
    /// # Errors
    /// Bad RON (with line and column), a trace of another version, or unreadable input.
    pub fn new(input: R, origin: &str, base_dir: &Path) -> Result<Self, TraceError> {
        let mut reader = TraceReader {
            input,
            origin: origin.to_string(),
            line: 0,
            engine: String::new(),
            scenario: Scenario::built_in(),
            end: None,
        };
        let mut head = String::new();
        let found = loop {
            let room = crate::files::MAX_INPUT_BYTES.saturating_sub(head.len() as u64);
            match reader.read_line(room)? {
                None => break false,
                Some(line) if line == STEPS_LINE => break true,
                Some(line) => {
                    head.push_str(&line);
                    head.push('\n');
                }
            }
        };
        let syntax = |e: ron::error::SpannedError| {
            let words = crate::scenario::ron_words(&e, &head);
            reader.syntax(e.span.start.line, e.span.start.col, words)
        };
        let version: Version = from_ron(&head).map_err(syntax)?;
        if version.engine != ENGINE_VERSION || version.format != TRACE_FORMAT {
            return Err(TraceError::Version {
                path: origin.to_string(),
                found: version.engine,
                format: version.format,
            });
        }
        let head: Head = from_ron(&head).map_err(syntax)?;
        if !found {
            return Err(reader.syntax(
                reader.line + 1,
                1,
                "the trace stops before its steps".into(),
            ));
        }
        reader.engine = head.engine;
        reader.scenario = head.scenario;
        reader.scenario.base_dir = base_dir.to_path_buf();
        Ok(reader)
    }

    fn syntax(&self, line: usize, column: usize, message: String) -> TraceError {
        TraceError::Syntax {
            path: self.origin.clone(),
            line,
            column,
            message,
        }
    }

    /// The next line without its newline, at most `limit` bytes; `None` at the end of input.
    fn read_line(&mut self, limit: u64) -> Result<Option<String>, TraceError> {
        let mut bytes = Vec::new();
        let read = std::io::Read::take(&mut self.input, limit.saturating_add(1))
            .read_until(b'\n', &mut bytes)
            .map_err(|e| TraceError::Read {
                path: self.origin.clone(),
                message: e.to_string(),
            })?;
        if read == 0 {
            return Ok(None);
        }
        self.line += 1;
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
        } else if read as u64 > limit {
            return Err(self.syntax(self.line, 1, "the line is far too long".into()));
        }
        String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| self.syntax(self.line, 1, "not text (invalid UTF-8)".into()))
    }

    /// The next recorded step; `None` once the end line is read.
    ///
    /// # Errors
    /// A malformed or missing line (with line and column), or unreadable input.
    pub fn next_step(&mut self) -> Result<Option<TraceStep>, TraceError> {
        if self.end.is_some() {
            return Ok(None);
        }
        let Some(line) = self.read_line(MAX_LINE)? else {
            return Err(self.syntax(
                self.line + 1,
                1,
                "the trace stops before its end line (cut short?)".into(),
            ));
        };
        if let Some(words) = line.strip_prefix(END_PREFIX) {
            let outcome: Option<String> = from_ron(words).map_err(|e| {
                self.syntax(
                    self.line,
                    END_PREFIX.len() + e.span.start.col,
                    e.code.to_string(),
                )
            })?;
            if self.read_line(MAX_LINE)?.is_some() {
                return Err(self.syntax(self.line, 1, "text after the end line".into()));
            }
            self.end = Some(outcome);
            return Ok(None);
        }
        TraceStep::parse(&line)
            .map(Some)
            .map_err(|(column, message)| self.syntax(self.line, column, message))
    }

    /// The recorded outcome in words, once [`TraceReader::next_step`] has read the end line.
    #[must_use]
    pub fn outcome(&self) -> Option<&str> {
        self.end.as_ref().and_then(Option::as_deref)
    }

    /// A fresh search of the trace's scenario at step 0.
    ///
    /// # Errors
    /// The scenario's domain files cannot be read.
    pub fn session(&self) -> Result<Box<dyn ShownSession>, TraceError> {
        Ok(self.scenario.session(&SearchSpec::default())?)
    }
}
