//! Posthoc traces in YAML, read as a stream of parser events (`saphyr-parser`): each trace
//! event is handed to the run model as soon as its map closes, and nothing else of the file is
//! kept (the drawing sections are passed over by name, never built).

use super::build::Builder;
use super::error::Problem;
use super::event::{Field, RawEvent, RawKind, TraceId, Value};
use rustc_hash::FxHashMap;
use saphyr_parser::{Event, Parser, ScalarStyle, ScanError, Span};
use std::cell::{Cell, RefCell};
use std::io::BufRead;
use std::rc::Rc;

/// Scalar anchors remembered for aliases (`&a 3` … `*a`); later ones are not.
const MAX_ANCHORS: usize = 4096;

/// What the character source tells the reader about the input's end and its errors.
#[derive(Default)]
struct Tail {
    error: RefCell<Option<String>>,
    ended: Cell<bool>,
    last: Cell<char>,
}

/// The input's characters, decoded from UTF-8 a buffer at a time. An I/O error or a byte that
/// is not UTF-8 ends them, with the reason left in the [`Tail`].
struct Chars<R> {
    inner: R,
    text: String,
    at: usize,
    pending: Vec<u8>,
    tail: Rc<Tail>,
}

impl<R: BufRead> Chars<R> {
    /// Decodes the next buffer; `false` at the end of the input (or an error).
    fn refill(&mut self) -> bool {
        self.text.clear();
        self.at = 0;
        let buf = loop {
            match self.inner.fill_buf() {
                Ok(buf) => break buf,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    *self.tail.error.borrow_mut() = Some(e.to_string());
                    return false;
                }
            }
        };
        if buf.is_empty() {
            if !self.pending.is_empty() {
                *self.tail.error.borrow_mut() = Some("not UTF-8 text".into());
            }
            return false;
        }
        let used = buf.len();
        self.pending.extend_from_slice(buf);
        self.inner.consume(used);
        let valid = match std::str::from_utf8(&self.pending) {
            Ok(text) => text.len(),
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => {
                *self.tail.error.borrow_mut() = Some("not UTF-8 text".into());
                return false;
            }
        };
        // The prefix was just checked: this cannot fail.
        self.text
            .push_str(std::str::from_utf8(&self.pending[..valid]).unwrap_or_default());
        self.pending.drain(..valid);
        true
    }
}

impl<R: BufRead> Iterator for Chars<R> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        loop {
            if let Some(c) = self.text[self.at..].chars().next() {
                self.at += c.len_utf8();
                self.tail.last.set(c);
                return Some(c);
            }
            if !self.refill() {
                self.tail.ended.set(true);
                return None;
            }
        }
    }
}

/// Why the walk over the parser's events stopped early.
enum Halt {
    /// The YAML is broken here.
    Broken(ScanError),
    /// The file is YAML but not a trace.
    NotATrace(Span, &'static str),
    /// The memory budget.
    Budget,
}

impl From<ScanError> for Halt {
    fn from(e: ScanError) -> Halt {
        Halt::Broken(e)
    }
}

struct Walk<'b, I: Iterator<Item = char>> {
    parser: Parser<'static, saphyr_parser::BufferedInput<I>>,
    anchors: FxHashMap<usize, String>,
    builder: &'b mut Builder,
    tail: Rc<Tail>,
    /// The last event read, held back until the next one starts (the input may end inside
    /// it).
    held: Option<RawEvent>,
}

/// Reads a YAML trace into `builder`.
///
/// # Errors
/// The input is not YAML, or not a map with an `events` list, before any event was read;
/// later breaks are noted on the builder and the events before them stay.
pub(super) fn read<R: BufRead + 'static>(reader: R, builder: &mut Builder) -> Result<(), Problem> {
    let tail = Rc::new(Tail::default());
    let chars = Chars {
        inner: reader,
        text: String::new(),
        at: 0,
        pending: Vec::new(),
        tail: Rc::clone(&tail),
    };
    let mut walk = Walk {
        parser: Parser::new_from_iter(chars),
        anchors: FxHashMap::default(),
        builder,
        tail,
        held: None,
    };
    let result = walk.document();
    let read_error = walk.tail.error.borrow().clone();
    match result {
        Ok(()) | Err(Halt::Budget) => Ok(()),
        Err(Halt::NotATrace(span, why)) => Err(Problem::no_events(
            span.start.line(),
            span.start.col() + 1,
            why,
        )),
        Err(Halt::Broken(e)) => {
            let (line, column) = (e.marker().line(), e.marker().col() + 1);
            let message = read_error.unwrap_or_else(|| e.info().to_string());
            if walk.builder.read() > 0 {
                walk.builder.cut_short(line, column, message);
                Ok(())
            } else if walk.tail.error.borrow().is_some() && message != "not UTF-8 text" {
                Err(Problem::Read(message))
            } else {
                Err(Problem::syntax(line, column, message))
            }
        }
    }
}

/// Whether a scalar is YAML's null.
fn is_null(text: &str, style: ScalarStyle) -> bool {
    style == ScalarStyle::Plain && matches!(text, "" | "~" | "null" | "Null" | "NULL")
}

impl<I: Iterator<Item = char>> Walk<'_, I> {
    fn next(&mut self) -> Result<(Event<'static>, Span), Halt> {
        match self.parser.next_event() {
            Some(Ok(next)) => Ok(next),
            Some(Err(e)) => Err(Halt::Broken(e)),
            None => Ok((Event::StreamEnd, Span::default())),
        }
    }

    fn document(&mut self) -> Result<(), Halt> {
        let (mut event, mut span) = self.next()?;
        while matches!(
            event,
            Event::StreamStart | Event::DocumentStart(_) | Event::Nothing
        ) {
            (event, span) = self.next()?;
        }
        match event {
            Event::MappingStart(..) => {}
            Event::StreamEnd => {
                return Err(Halt::NotATrace(
                    span,
                    "the input is empty: no `events` list",
                ));
            }
            Event::SequenceStart(..) => {
                return Err(Halt::NotATrace(
                    span,
                    "a list, not a Posthoc trace (a map with an `events` list)",
                ));
            }
            _ => {
                return Err(Halt::NotATrace(
                    span,
                    "a single value, not a Posthoc trace (a map with an `events` list)",
                ));
            }
        }
        let mut found = false;
        loop {
            let (key, span) = self.next()?;
            match key {
                Event::MappingEnd | Event::StreamEnd | Event::DocumentEnd => {
                    if found {
                        return Ok(());
                    }
                    return Err(Halt::NotATrace(
                        span,
                        "no `events` list: a Posthoc trace is a map with an `events` list",
                    ));
                }
                Event::Scalar(name, ..) => match name.as_ref() {
                    "events" => {
                        found = true;
                        self.events()?;
                    }
                    "version" => {
                        let (value, _) = self.next()?;
                        match value {
                            Event::Scalar(v, ..) => self.builder.version(v.into_owned()),
                            other => self.skip(&other)?,
                        }
                    }
                    other => {
                        self.builder.section(other);
                        let (value, _) = self.next()?;
                        self.skip(&value)?;
                    }
                },
                other => {
                    // A key that is a list or a map: passed over with its value.
                    self.skip(&other)?;
                    let (value, _) = self.next()?;
                    self.skip(&value)?;
                }
            }
        }
    }

    /// Passes over the rest of a value whose first event is `first`.
    fn skip(&mut self, first: &Event<'_>) -> Result<(), Halt> {
        let mut depth = match first {
            Event::MappingStart(..) | Event::SequenceStart(..) => 1usize,
            _ => return Ok(()),
        };
        while depth > 0 {
            match self.next()?.0 {
                Event::MappingStart(..) | Event::SequenceStart(..) => depth += 1,
                Event::MappingEnd | Event::SequenceEnd => depth -= 1,
                Event::StreamEnd => return Ok(()),
                _ => {}
            }
        }
        Ok(())
    }

    fn events(&mut self) -> Result<(), Halt> {
        let (first, span) = self.next()?;
        match first {
            Event::SequenceStart(..) => {}
            Event::Scalar(ref v, style, ..) if is_null(v, style) => return Ok(()),
            _ => return Err(Halt::NotATrace(span, "`events` is not a list")),
        }
        loop {
            let (item, span) = self.next()?;
            let line = u32::try_from(span.start.line()).unwrap_or(u32::MAX);
            match item {
                Event::SequenceEnd | Event::StreamEnd => {
                    return self.flush_last();
                }
                Event::MappingStart(..) => {
                    self.flush()?;
                    self.held = Some(self.event(line)?);
                }
                other => {
                    self.flush()?;
                    self.skip(&other)?;
                    self.held = Some(RawEvent {
                        kind: RawKind::Unknown("(not a map)".into()),
                        line,
                        ..RawEvent::default()
                    });
                }
            }
        }
    }

    /// Hands the held event to the builder.
    fn flush(&mut self) -> Result<(), Halt> {
        match self.held.take() {
            Some(raw) => {
                if self.builder.event(raw) {
                    Ok(())
                } else {
                    Err(Halt::Budget)
                }
            }
            None => Ok(()),
        }
    }

    /// Hands over the list's last event, unless the input ended in the middle of its line.
    fn flush_last(&mut self) -> Result<(), Halt> {
        let cut = self.tail.ended.get() && !matches!(self.tail.last.get(), '\n' | '\r' | '}');
        if cut && let Some(raw) = self.held.take() {
            let line = raw.line as usize;
            self.builder.cut_short(
                line,
                1,
                "the input ends in the middle of this event: it is left out".into(),
            );
            return Ok(());
        }
        self.flush()
    }

    /// Reads one event's map (its start already read).
    fn event(&mut self, line: u32) -> Result<RawEvent, Halt> {
        let mut raw = RawEvent {
            line,
            ..RawEvent::default()
        };
        loop {
            let (key, _) = self.next()?;
            let field = match &key {
                Event::MappingEnd | Event::StreamEnd => return Ok(raw),
                Event::Scalar(name, ..) => Field::of_key(name),
                other => {
                    self.skip(other)?;
                    Field::Other
                }
            };
            let (value, _) = self.next()?;
            let scalar = match value {
                Event::Scalar(text, style, anchor, _) => {
                    if anchor > 0 && self.anchors.len() < MAX_ANCHORS {
                        self.anchors.insert(anchor, text.to_string());
                    }
                    Some((text.into_owned(), style))
                }
                Event::Alias(anchor) => self
                    .anchors
                    .get(&anchor)
                    .map(|t| (t.clone(), ScalarStyle::Plain)),
                other => {
                    self.skip(&other)?;
                    None
                }
            };
            assign(&mut raw, field, scalar);
        }
    }
}

/// Sets an event's field from a scalar (`None`: the value was a list or map).
fn assign(raw: &mut RawEvent, field: Field, scalar: Option<(String, ScalarStyle)>) {
    let number = |s: &Option<(String, ScalarStyle)>| match s {
        Some((text, _)) => Value::of_text(text),
        None => Value::Bad,
    };
    match field {
        Field::Type => {
            raw.kind = match &scalar {
                Some((text, _)) => RawKind::of_name(text),
                None => RawKind::Unknown("(not a name)".into()),
            }
        }
        Field::Id => raw.id = id(scalar),
        Field::Parent => raw.parent = Some(id(scalar)),
        Field::G => raw.g = number(&scalar),
        Field::F => raw.f = number(&scalar),
        Field::H => raw.h = number(&scalar),
        Field::X => raw.x = number(&scalar),
        Field::Y => raw.y = number(&scalar),
        Field::State => raw.state = scalar.map(|(text, _)| text),
        Field::Version => raw.version = scalar.map(|(text, _)| text),
        Field::Other => {}
    }
}

/// An id from a scalar: null is none, a plain number is its number, anything else its text.
fn id(scalar: Option<(String, ScalarStyle)>) -> Option<TraceId> {
    let (text, style) = scalar?;
    if is_null(&text, style) {
        return None;
    }
    if style == ScalarStyle::Plain
        && let Value::Number(x) = Value::of_text(&text)
    {
        return Some(TraceId::of_f64(x));
    }
    Some(TraceId::of_text(&text))
}
