//! Traces: a run saved to replay at home or check against this engine.
//!
//! A trace holds the scenario with its settings fully resolved (so it replays the same search
//! whatever the defaults become), the engine version that wrote it, and what each step decided.
//! The search is deterministic, so a trace need not spell out every event: it keeps each
//! step's pick and a 24-bit digest of everything else the step did (values, ties, each
//! successor's fate, the note, the outcome). Checking a trace runs the scenario again and
//! compares step by step; a difference is told in the step log's words.
//!
//! The file is text, written and read as a stream (nothing holds the whole file):
//!
//! ```text
//! (                                   ← a readable RON head: format, engine, scenario
//!     format: 2,
//!     engine: "0.1.0",
//!     scenario: ( … ),
//! )
//! steps:
//! 0 kX9a                              ← one line per step: the picked row ("-": none) and
//! 3 Qw3+                                the digest in four base-64 digits
//! end: Some("Goal found")             ← the outcome in words (None: stopped before an end)
//! ```
//!
//! About 7 to 14 bytes per step (the pick's digits, a space, four digits, a newline).

use crate::engine::event::StepEvent;
use crate::engine::session::Session;
use crate::engine::settings::Settings;
use crate::engine::store::NodeId;
use crate::engine::view::SearchView;
use crate::scenario::{Scenario, ScenarioError, SearchSpec, ron_options};
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};
use std::io::{BufRead, Write};
use std::path::Path;

/// The version of the engine that writes traces; a trace from another one is refused.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The layout of trace files (raised when the layout changes).
pub const TRACE_FORMAT: u32 = 2;

/// The line between the head and the steps.
const STEPS_LINE: &str = "steps:";
/// What starts the last line.
const END_PREFIX: &str = "end: ";
/// The longest step or end line read (an end line carries the outcome's words).
const MAX_LINE: u64 = 64 << 10;
/// The digits of the digest, six bits each.
const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// A saved run, held in memory (the app goes back and forth over it; the CLI streams with
/// [`TraceWriter`] and [`TraceReader`] instead).
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    pub format: u32,
    /// The `frontier` version that recorded it.
    pub engine: String,
    /// The scenario, with `search` holding every setting.
    pub scenario: Scenario,
    /// The outcome in words, once the run ended (a refusal has no steps, only this).
    pub outcome: Option<String>,
    pub steps: Vec<TraceStep>,
}

/// What one step decided, as saved: the row it picked and a digest of all it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceStep {
    pub pick: Option<NodeId>,
    /// 24 bits of a hash of the step's event (see [`TraceStep::of`]).
    pub digest: u32,
}

/// FNV-1a over little-endian bytes: the same digest on every machine and Rust version.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write(&[i]);
    }
    fn write_u32(&mut self, i: u32) {
        self.write(&i.to_le_bytes());
    }
    fn write_u64(&mut self, i: u64) {
        self.write(&i.to_le_bytes());
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

impl TraceStep {
    /// The saved form of `event`: its pick, and a digest of the pick's values and ties, each
    /// successor's row, place and fate, the note and the outcome.
    #[must_use]
    pub fn of(event: &StepEvent) -> TraceStep {
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        if let Some(p) = &event.pick {
            (p.id, p.g, p.h, p.f).hash(&mut h);
            for level in p.ties.iter() {
                (level.key, level.tied).hash(&mut h);
            }
        }
        for s in &event.successors {
            (s.id, s.index, s.fate).hash(&mut h);
        }
        event.note.hash(&mut h);
        event
            .outcome
            .as_ref()
            .map(|o| (o.code(), o.reason()))
            .hash(&mut h);
        let x = h.finish();
        TraceStep {
            pick: event.pick.as_ref().map(|p| p.id),
            digest: ((x ^ (x >> 24) ^ (x >> 48)) & 0xff_ffff) as u32,
        }
    }

    /// The step's line, without the newline.
    fn line(self) -> String {
        let pick = self.pick.map_or_else(|| "-".into(), |id| id.to_string());
        let digits: String = (0..4)
            .rev()
            .map(|i| char::from(DIGITS[(self.digest >> (6 * i)) as usize & 63]))
            .collect();
        format!("{pick} {digits}")
    }

    /// Reads a step line; on failure, the column (from 1) and what is wrong.
    fn parse(line: &str) -> Result<TraceStep, (usize, String)> {
        let (pick, digits) = line.split_once(' ').ok_or_else(|| {
            (
                1,
                "expected a step: a row number or '-', a space, a digest".into(),
            )
        })?;
        let pick = match pick {
            "-" => None,
            _ => Some(pick.parse::<NodeId>().map_err(|_| {
                (
                    1,
                    format!("'{pick}' is not a row number (or '-' for no pick)"),
                )
            })?),
        };
        let column = line.len() - digits.len() + 1;
        if digits.len() != 4 {
            return Err((column, format!("'{digits}' is not a digest of 4 digits")));
        }
        let mut digest = 0;
        for (i, c) in digits.bytes().enumerate() {
            let d = DIGITS.iter().position(|&x| x == c).ok_or_else(|| {
                (
                    column + i,
                    format!("'{}' is not a digest digit", char::from(c)),
                )
            })?;
            digest = digest << 6 | d as u32;
        }
        Ok(TraceStep { pick, digest })
    }
}

/// Where a run and a trace first part ways, in the step log's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    pub step: u64,
    /// The part that differs: `pick`, `what the step did`, `outcome`, or `end` when one of
    /// them has a step the other lacks.
    pub what: String,
    /// What the trace says.
    pub trace: String,
    /// What the run did.
    pub run: String,
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "step {} differs in {}: the trace {}; the run {}",
            self.step, self.what, self.trace, self.run
        )
    }
}

/// Why a trace could not be used.
#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    #[error("cannot read {path}: {message}")]
    Read { path: String, message: String },
    #[error("{path}: line {line}, column {column}: {message} (a damaged or hand-broken trace)")]
    Syntax {
        path: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error(
        "{path} was recorded by frontier {found} (trace format {format}); this is frontier \
         {ENGINE_VERSION} (format {TRACE_FORMAT}): record it again with this version"
    )]
    Version {
        path: String,
        found: String,
        format: u32,
    },
    #[error("cannot save {path}: {message}")]
    Write { path: String, message: String },
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
}

/// The first fields of a trace, read before the rest so another version is named as such
/// instead of failing on fields it may lay out differently.
#[derive(Deserialize)]
#[serde(rename = "Trace")]
struct Version {
    format: u32,
    engine: String,
}

/// The head of a trace file.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Trace")]
struct Head {
    format: u32,
    engine: String,
    scenario: Scenario,
}

impl Head {
    /// The head for `scenario` run with `settings`, the settings written out in full.
    fn new(scenario: &Scenario, settings: &Settings) -> Head {
        let mut scenario = scenario.clone();
        scenario.search = SearchSpec::from_settings(settings);
        Head {
            format: TRACE_FORMAT,
            engine: ENGINE_VERSION.to_string(),
            scenario,
        }
    }

    fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let config = ron::ser::PrettyConfig::new().depth_limit(2);
        let text = ron_options()
            .to_string_pretty(self, config)
            .map_err(std::io::Error::other)?;
        writeln!(out, "{text}\n{STEPS_LINE}")
    }
}

fn write_end(out: &mut dyn Write, outcome: Option<&str>) -> std::io::Result<()> {
    let words = ron_options()
        .to_string(&outcome)
        .map_err(std::io::Error::other)?;
    writeln!(out, "{END_PREFIX}{words}")
}

/// A trace written step by step to a file, so a run of any length is saved in constant
/// memory; the file appears (atomically) only when [`TraceWriter::finish`] succeeds.
pub struct TraceWriter {
    out: crate::AtomicFile,
    path: String,
}

impl TraceWriter {
    /// Starts a trace of `scenario` run with `settings` at `path`.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn create(
        path: &Path,
        scenario: &Scenario,
        settings: &Settings,
    ) -> Result<Self, TraceError> {
        let shown = path.display().to_string();
        let fail = |e: std::io::Error| TraceError::Write {
            path: shown.clone(),
            message: e.to_string(),
        };
        let mut out = crate::AtomicFile::create(path).map_err(fail)?;
        Head::new(scenario, settings)
            .write(&mut out)
            .map_err(fail)?;
        Ok(TraceWriter { out, path: shown })
    }

    fn fail(&self, e: &std::io::Error) -> TraceError {
        TraceError::Write {
            path: self.path.clone(),
            message: e.to_string(),
        }
    }

    /// Appends the step `session` just took.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn push(&mut self, session: &dyn SearchView) -> Result<(), TraceError> {
        let line = TraceStep::of(session.last_event()).line();
        writeln!(self.out, "{line}").map_err(|e| self.fail(&e))
    }

    /// Writes how the run stands (its outcome, if it ended) and saves the file.
    ///
    /// # Errors
    /// The file cannot be written; an old file at the path is untouched.
    pub fn finish(mut self, session: &dyn SearchView) -> Result<(), TraceError> {
        let outcome = session.outcome().map(ToString::to_string);
        write_end(&mut self.out, outcome.as_deref()).map_err(|e| self.fail(&e))?;
        let path = self.path.clone();
        self.out.commit().map_err(|e| TraceError::Write {
            path,
            message: e.to_string(),
        })
    }
}

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
        let (file, _) = crate::open_regular(path).map_err(|message| TraceError::Read {
            path: shown.clone(),
            message,
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
            let room = crate::MAX_INPUT_BYTES.saturating_sub(head.len() as u64);
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
            reader.syntax(e.span.start.line, e.span.start.col, e.code.to_string())
        };
        let version: Version = ron_options().from_str(&head).map_err(syntax)?;
        if version.engine != ENGINE_VERSION || version.format != TRACE_FORMAT {
            return Err(TraceError::Version {
                path: origin.to_string(),
                found: version.engine,
                format: version.format,
            });
        }
        let head: Head = ron_options().from_str(&head).map_err(syntax)?;
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
            let outcome: Option<String> = ron_options().from_str(words).map_err(|e| {
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
    pub fn session(&self) -> Result<Box<dyn Session>, TraceError> {
        Ok(self.scenario.session(&SearchSpec::default())?)
    }
}

/// How the step `session` just took compares with the recorded step `saved` (`None`: the
/// trace has no such step).
#[must_use]
pub fn compare(saved: Option<&TraceStep>, session: &dyn SearchView) -> Option<Difference> {
    let event = session.last_event();
    let run = TraceStep::of(event);
    let what = match saved {
        None => "end",
        Some(saved) if saved.pick != run.pick => "pick",
        Some(saved) if saved.digest != run.digest => "what the step did",
        Some(_) => return None,
    };
    // Only now, with a difference to tell: the step in the step log's words, which costs
    // generating successors again.
    let lines = session.event_lines(event);
    // The step's words without "step N: ", as the step log says them.
    let said = |line: &str| {
        line.split_once(": ")
            .map_or_else(|| line.to_string(), |(_, rest)| rest.to_string())
    };
    let (trace, run) = match saved.map(|s| s.pick) {
        None => ("has no such step".into(), said(&lines[0])),
        Some(pick) if what == "pick" => {
            let trace = match pick {
                None => "has nothing left to pick".into(),
                Some(id) if (id as usize) < session.rows() => {
                    format!("picked #{id} {}", session.state_text(id))
                }
                Some(id) => format!("picked #{id}, a row the run never stored"),
            };
            (trace, said(&lines[0]))
        }
        Some(_) => (
            "recorded a different step with the same pick".into(),
            lines
                .iter()
                .map(|l| l.trim())
                .enumerate()
                .map(|(i, l)| if i == 0 { said(l) } else { l.to_string() })
                .collect::<Vec<_>>()
                .join("; "),
        ),
    };
    Some(Difference {
        step: event.step,
        what: what.into(),
        trace,
        run,
    })
}

/// Steps `session` once and compares the step with `saved`; a search that already ended
/// differs from a trace that has another step.
pub fn step_and_compare(saved: &TraceStep, session: &mut dyn Session) -> Option<Difference> {
    let view = session.view();
    if let Some(outcome) = view.outcome() {
        return Some(Difference {
            step: view.steps() + 1,
            what: "end".into(),
            trace: "has another step".into(),
            run: format!("ended at step {}: {outcome}", view.steps()),
        });
    }
    session.step();
    compare(Some(saved), session.view())
}

/// How the run stands after as many steps as the trace has, against the trace's outcome.
#[must_use]
pub fn compare_end(session: &dyn SearchView, outcome: Option<&str>) -> Option<Difference> {
    let run = session.outcome().map(ToString::to_string);
    let words =
        |o: Option<&str>| o.map_or_else(|| "had not ended".into(), |o| format!("ended: {o}"));
    (run.as_deref() != outcome).then(|| Difference {
        step: session.steps(),
        what: "outcome".into(),
        trace: words(outcome),
        run: words(run.as_deref()),
    })
}

impl Trace {
    /// An empty trace of `scenario` run with `settings`.
    #[must_use]
    pub fn new(scenario: &Scenario, settings: &Settings) -> Trace {
        let head = Head::new(scenario, settings);
        Trace {
            format: head.format,
            engine: head.engine,
            scenario: head.scenario,
            outcome: None,
            steps: Vec::new(),
        }
    }

    /// Records the step `session` just took (its last event).
    pub fn push(&mut self, session: &dyn SearchView) {
        self.steps.push(TraceStep::of(session.last_event()));
        self.finish(session);
    }

    /// Notes how the run stands (its outcome once it ended); call after the last step, or for
    /// a search refused before any step.
    pub fn finish(&mut self, session: &dyn SearchView) {
        self.outcome = session.outcome().map(ToString::to_string);
    }

    /// Writes the trace's text to `out`.
    fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let head = Head {
            format: self.format,
            engine: self.engine.clone(),
            scenario: self.scenario.clone(),
        };
        head.write(out)?;
        for step in &self.steps {
            writeln!(out, "{}", step.line())?;
        }
        write_end(out, self.outcome.as_deref())
    }

    /// Writes the trace atomically.
    ///
    /// # Errors
    /// The file cannot be written; an old file is untouched.
    pub fn save(&self, path: &Path) -> Result<(), TraceError> {
        let fail = |e: std::io::Error| TraceError::Write {
            path: path.display().to_string(),
            message: e.to_string(),
        };
        let mut out = crate::AtomicFile::create(path).map_err(fail)?;
        self.write(&mut out).map_err(fail)?;
        out.commit().map_err(fail)
    }

    /// Reads a whole trace from `reader`.
    ///
    /// # Errors
    /// A malformed line (with line and column), or unreadable input.
    pub fn read<R: BufRead>(mut reader: TraceReader<R>) -> Result<Trace, TraceError> {
        let mut steps = Vec::new();
        while let Some(step) = reader.next_step()? {
            steps.push(step);
        }
        Ok(Trace {
            format: TRACE_FORMAT,
            outcome: reader.outcome().map(str::to_string),
            engine: reader.engine,
            scenario: reader.scenario,
            steps,
        })
    }

    /// Reads a trace file.
    ///
    /// # Errors
    /// As [`TraceReader::open`] and [`Trace::read`].
    pub fn load(path: &Path) -> Result<Trace, TraceError> {
        Trace::read(TraceReader::open(path)?)
    }

    /// A fresh search of the trace's scenario at step 0.
    ///
    /// # Errors
    /// The scenario's domain files cannot be read.
    pub fn session(&self) -> Result<Box<dyn Session>, TraceError> {
        Ok(self.scenario.session(&SearchSpec::default())?)
    }

    /// Compares the step `session` (a search of this trace's scenario) just took with the
    /// trace's step of the same number: what a face replaying a trace (with a
    /// [`crate::engine::timeline::Timeline`]) calls after each step forward.
    #[must_use]
    pub fn check(&self, session: &dyn SearchView) -> Option<Difference> {
        let saved = usize::try_from(session.steps().checked_sub(1)?)
            .ok()
            .and_then(|i| self.steps.get(i));
        compare(saved, session)
    }

    /// Runs the scenario again for as many steps as the trace has and reports the first step
    /// where run and trace differ (`None`: they agree, outcome included).
    ///
    /// # Errors
    /// The scenario's domain files cannot be read.
    pub fn verify(&self) -> Result<Option<Difference>, TraceError> {
        let mut session = self.session()?;
        for saved in &self.steps {
            if let Some(difference) = step_and_compare(saved, session.as_mut()) {
                return Ok(Some(difference));
            }
        }
        Ok(compare_end(session.view(), self.outcome.as_deref()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recorded(overrides: &SearchSpec) -> Trace {
        let scenario = Scenario::built_in();
        let mut session = scenario.session(overrides).unwrap();
        let mut trace = Trace::new(&scenario, session.view().settings());
        while session.view().outcome().is_none() {
            session.step();
            trace.push(session.view());
        }
        trace
    }

    fn text(trace: &Trace) -> String {
        let mut out = Vec::new();
        trace.write(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn reparse(text: &str) -> Result<Trace, TraceError> {
        Trace::read(TraceReader::new(
            text.as_bytes(),
            "t.ron",
            Path::new("scenarios"),
        )?)
    }

    #[test]
    fn a_saved_trace_reloads_equal_and_verifies() {
        let trace = recorded(&SearchSpec::default());
        assert_eq!(trace.steps.len(), 21);
        assert_eq!(trace.outcome.as_deref(), Some("Goal found"));
        let back = reparse(&text(&trace)).unwrap();
        assert_eq!(back, trace);
        assert_eq!(back.verify().unwrap(), None);
    }

    #[test]
    fn step_lines_round_trip_every_digest() {
        for (pick, digest) in [(None, 0), (Some(0), 0xff_ffff), (Some(u32::MAX), 0x12_3456)] {
            let step = TraceStep { pick, digest };
            assert_eq!(TraceStep::parse(&step.line()), Ok(step));
        }
        assert_eq!(TraceStep::parse("12 AAA").unwrap_err().0, 4);
        assert_eq!(TraceStep::parse("12 AA*A").unwrap_err().0, 6);
        assert_eq!(TraceStep::parse("x AAAA").unwrap_err().0, 1);
    }

    #[test]
    fn a_timeline_over_a_trace_agrees_with_it_back_and_forth() {
        let trace = recorded(&SearchSpec::default());
        let mut t = crate::engine::timeline::Timeline::new(trace.session().unwrap());
        for target in [21, 5, 6, 20, 2, 1, 21] {
            t.go_to(target).unwrap();
            assert_eq!(t.steps(), target);
            assert_eq!(trace.check(t.view()), None, "step {target}");
        }
        let mut edited = trace.clone();
        edited.steps[5].digest ^= 1;
        t.go_to(6).unwrap();
        let d = edited.check(t.view()).unwrap();
        assert_eq!((d.step, d.what.as_str()), (6, "what the step did"));
        assert!(d.run.starts_with("picked #"), "{d}");
    }

    #[test]
    fn settings_are_saved_resolved_so_overrides_replay() {
        let trace = recorded(&SearchSpec {
            algorithm: Some(crate::engine::settings::Algorithm::BreadthFirst),
            ..SearchSpec::default()
        });
        let back = reparse(&text(&trace)).unwrap();
        assert!(back.steps.len() > 21, "bfs checks more states than A*");
        assert_eq!(back.verify().unwrap(), None);
    }

    #[test]
    fn a_changed_pick_is_the_first_difference_in_words() {
        let mut trace = recorded(&SearchSpec::default());
        trace.steps[6].pick = trace.steps[6].pick.map(|id| id + 1);
        let d = reparse(&text(&trace)).unwrap().verify().unwrap().unwrap();
        assert_eq!((d.step, d.what.as_str()), (7, "pick"));
        let shown = d.to_string();
        assert!(
            shown.starts_with("step 7 differs in pick: the trace picked #"),
            "{shown}"
        );
        assert!(
            shown.contains("the run picked #") && !shown.contains("Some("),
            "{shown}"
        );
    }

    #[test]
    fn a_trace_cut_short_or_run_on_is_caught() {
        let mut trace = recorded(&SearchSpec::default());
        let mut longer = trace.clone();
        longer.steps.push(longer.steps[20]);
        let d = longer.verify().unwrap().unwrap();
        assert_eq!((d.step, d.what.as_str()), (22, "end"));
        assert!(d.run.contains("Goal found"), "{d}");
        trace.outcome = None;
        let d = trace.verify().unwrap().unwrap();
        assert_eq!((d.step, d.what.as_str()), (21, "outcome"));
        assert_eq!(d.trace, "had not ended");
    }

    #[test]
    fn another_version_is_refused_by_name() {
        let text = text(&recorded(&SearchSpec::default())).replace(
            &format!("engine: \"{ENGINE_VERSION}\""),
            "engine: \"0.0.1\"",
        );
        let err = reparse(&text).unwrap_err().to_string();
        assert!(err.contains("recorded by frontier 0.0.1"), "{err}");
    }

    #[test]
    fn damage_anywhere_gives_line_and_column() {
        let text = text(&recorded(&SearchSpec::default()));
        let line_of = |err: TraceError| match err {
            TraceError::Syntax { line, column, .. } => (line, column),
            other => panic!("{other}"),
        };
        let head_lines = text.lines().position(|l| l == STEPS_LINE).unwrap();
        let cut = &text[..text.find(STEPS_LINE).unwrap() / 2];
        assert!(line_of(reparse(cut).unwrap_err()).0 > 1);
        let no_end = &text[..text.find(END_PREFIX).unwrap()];
        assert_eq!(line_of(reparse(no_end).unwrap_err()), (head_lines + 23, 1));
        let bad_digit = text.replacen(STEPS_LINE, &format!("{STEPS_LINE}\n0 AA!A"), 1);
        assert_eq!(
            line_of(reparse(&bad_digit).unwrap_err()),
            (head_lines + 2, 5)
        );
        let after_end = format!("{text}0 AAAA\n");
        assert!(reparse(&after_end).is_err());
    }
}
