//! Posthoc traces in JSON (one document, its `events` list read element by element with
//! serde_json's streaming deserializer) and in JSON lines (one event object a line, as a
//! solver streams them). No value is built for the whole file: each event goes to the run
//! model as soon as it is read, and the drawing sections are passed over.

use super::build::Builder;
use super::error::Problem;
use super::event::{Field, RawEvent, RawKind, TraceId, Value};
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::cell::Cell;
use std::fmt;
use std::io::{BufRead, Read};
use std::rc::Rc;

/// The message a visitor stops with when the run model has no room left.
const STOP: &str = "\u{0}memory budget";

/// The longest line JSON lines may have.
pub(super) const MAX_LINE: usize = 1 << 20;

/// A reader that counts the lines it has passed (serde_json reads a byte at a time, so the
/// count is where it stands).
struct Counted<R> {
    inner: R,
    line: Rc<Cell<u32>>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        let lines = buf[..n].iter().filter(|&&b| b == b'\n').count();
        self.line.set(self.line.get().saturating_add(lines as u32));
        Ok(n)
    }
}

/// The message of a serde_json error without its " at line … column …".
fn message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    text.rfind(" at line ")
        .map_or(text.clone(), |at| text[..at].to_string())
}

/// Reads a JSON document into `builder`.
///
/// # Errors
/// Not JSON, or no `events` list, before any event was read; later breaks are noted on the
/// builder and the events before them stay.
pub(super) fn read_document<R: BufRead>(reader: R, builder: &mut Builder) -> Result<(), Problem> {
    let line = Rc::new(Cell::new(1));
    let counted = Counted {
        inner: reader,
        line: Rc::clone(&line),
    };
    let mut de = serde_json::Deserializer::from_reader(counted);
    let mut top = Top {
        builder,
        line: &line,
        found: false,
    };
    let result = (&mut top).deserialize(&mut de);
    let found = top.found;
    match result {
        Ok(()) if found => Ok(()),
        Ok(()) => Err(Problem::no_events(
            line.get() as usize,
            1,
            "no `events` list: a Posthoc trace is a map with an `events` list",
        )),
        Err(_) if builder.over_budget() => Ok(()),
        Err(e) if builder.read() > 0 => {
            builder.cut_short(e.line(), e.column(), message(&e));
            Ok(())
        }
        Err(e) if e.is_io() => Err(Problem::Read(message(&e))),
        Err(e) => Err(Problem::syntax(e.line(), e.column(), message(&e))),
    }
}

/// Reads JSON lines into `builder`: each line one event (or a header with a `version`).
///
/// # Errors
/// The first line is not JSON, or the input cannot be read before any event; later breaks are
/// noted on the builder and the events before them stay.
pub(super) fn read_lines<R: BufRead>(mut reader: R, builder: &mut Builder) -> Result<(), Problem> {
    let mut text = Vec::new();
    let mut number = 0u32;
    loop {
        text.clear();
        let n = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut text)
            .map_err(|e| Problem::Read(e.to_string()))?;
        if n == 0 {
            if builder.read() == 0 && builder.stopped().is_none() {
                return Err(Problem::no_events(
                    number as usize + 1,
                    1,
                    "no events: JSON lines hold one event object a line",
                ));
            }
            return Ok(());
        }
        number = number.saturating_add(1);
        let fail = |builder: &mut Builder, column: usize, why: String| {
            if builder.read() > 0 {
                builder.cut_short(number as usize, column, why);
                Ok(())
            } else {
                Err(Problem::syntax(number as usize, column, why))
            }
        };
        if text.len() > MAX_LINE {
            return fail(builder, 1, format!("a line longer than {MAX_LINE} bytes"));
        }
        let Ok(line) = std::str::from_utf8(&text) else {
            return fail(builder, 1, "not UTF-8 text".into());
        };
        if line.trim().is_empty() {
            continue;
        }
        let mut de = serde_json::Deserializer::from_str(line);
        let seed = EventSeed {
            builder: &mut *builder,
            line: number,
        };
        match seed.deserialize(&mut de).and_then(|()| de.end()) {
            Ok(()) => {}
            Err(_) if builder.over_budget() => return Ok(()),
            Err(e) => return fail(builder, e.column(), message(&e)),
        }
    }
}

/// Whether a first line (up to its line break) is one JSON object that is not a whole trace:
/// the start of JSON lines.
pub(super) fn is_event_line(line: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Map<String, serde_json::Value>>(line)
        .is_ok_and(|object| !object.contains_key("events"))
}

/// The top-level map: its `events`, its `version`, the names of its other sections.
struct Top<'b> {
    builder: &'b mut Builder,
    line: &'b Rc<Cell<u32>>,
    found: bool,
}

impl<'de> DeserializeSeed<'de> for &mut Top<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for &mut Top<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a Posthoc search trace (a map with an `events` list)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "events" => {
                    self.found = true;
                    map.next_value_seed(EventList {
                        builder: &mut *self.builder,
                        line: self.line,
                    })?;
                }
                "version" => {
                    if let Some(v) = map.next_value_seed(ScalarSeed)?.text() {
                        self.builder.version(v);
                    }
                }
                other => {
                    self.builder.section(other);
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// The `events` list, element by element.
struct EventList<'b> {
    builder: &'b mut Builder,
    line: &'b Rc<Cell<u32>>,
}

impl<'de> DeserializeSeed<'de> for EventList<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for EventList<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of events")
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        loop {
            let seed = EventSeed {
                builder: &mut *self.builder,
                line: self.line.get(),
            };
            if seq.next_element_seed(seed)?.is_none() {
                return Ok(());
            }
        }
    }
}

/// One event: read into a [`RawEvent`] and handed to the run model.
struct EventSeed<'b> {
    builder: &'b mut Builder,
    line: u32,
}

impl<'de> DeserializeSeed<'de> for EventSeed<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl EventSeed<'_> {
    fn hand<E: de::Error>(self, raw: RawEvent) -> Result<(), E> {
        if self.builder.event(raw) {
            Ok(())
        } else {
            Err(E::custom(STOP))
        }
    }

    fn not_a_map<E: de::Error>(self) -> Result<(), E> {
        let line = self.line;
        self.hand(RawEvent {
            kind: RawKind::Unknown("(not a map)".into()),
            line,
            ..RawEvent::default()
        })
    }
}

impl<'de> Visitor<'de> for EventSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an event")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut raw = RawEvent {
            line: self.line,
            ..RawEvent::default()
        };
        while let Some(field) = map.next_key_seed(FieldSeed)? {
            match field {
                Field::Type => {
                    raw.kind = map.next_value_seed(ScalarSeed)?.text().map_or_else(
                        || RawKind::Unknown("(not a name)".into()),
                        |t| RawKind::of_name(&t),
                    );
                }
                Field::Id => raw.id = map.next_value_seed(ScalarSeed)?.id(),
                Field::Parent => raw.parent = Some(map.next_value_seed(ScalarSeed)?.id()),
                Field::G => raw.g = map.next_value_seed(ScalarSeed)?.value(),
                Field::F => raw.f = map.next_value_seed(ScalarSeed)?.value(),
                Field::H => raw.h = map.next_value_seed(ScalarSeed)?.value(),
                Field::X => raw.x = map.next_value_seed(ScalarSeed)?.value(),
                Field::Y => raw.y = map.next_value_seed(ScalarSeed)?.value(),
                Field::State => raw.state = map.next_value_seed(ScalarSeed)?.text(),
                Field::Version => raw.version = map.next_value_seed(ScalarSeed)?.text(),
                Field::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        self.hand(raw)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        IgnoredAny.visit_seq(seq)?;
        self.not_a_map()
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        self.not_a_map()
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        self.not_a_map()
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        self.not_a_map()
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        self.not_a_map()
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        self.not_a_map()
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.not_a_map()
    }
}

/// A key of an event, read without allocating.
struct FieldSeed;

impl<'de> DeserializeSeed<'de> for FieldSeed {
    type Value = Field;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Field, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for FieldSeed {
    type Value = Field;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Field, E> {
        Ok(Field::of_key(key))
    }
}

/// A field's value as JSON writes it, read without building anything for lists and maps.
enum Scalar {
    Null,
    Int(i64),
    Float(f64),
    Text(String),
    Bool(bool),
    /// A list or a map (passed over).
    Nested,
}

impl Scalar {
    /// As an `id` or `pId`: a number or a text; null (or a list or map) is none.
    fn id(self) -> Option<TraceId> {
        match self {
            Scalar::Int(n) => Some(TraceId::Int(n)),
            Scalar::Float(x) => Some(TraceId::of_f64(x)),
            Scalar::Text(t) => Some(TraceId::of_text(&t)),
            Scalar::Bool(b) => Some(TraceId::Text(b.to_string().into())),
            Scalar::Null | Scalar::Nested => None,
        }
    }

    /// As a numeric field: a number (or a text holding one), null, or something else (bad).
    fn value(self) -> Value {
        match self {
            Scalar::Int(n) => Value::Number(n as f64),
            Scalar::Float(x) => Value::Number(x),
            Scalar::Text(t) => match Value::of_text(&t) {
                Value::Null if !t.trim().is_empty() => Value::Bad,
                value => value,
            },
            Scalar::Null => Value::Null,
            Scalar::Bool(_) | Scalar::Nested => Value::Bad,
        }
    }

    /// As a text field (numbers as their text); null, lists and maps are none.
    fn text(self) -> Option<String> {
        match self {
            Scalar::Int(n) => Some(n.to_string()),
            Scalar::Float(x) => Some(x.to_string()),
            Scalar::Text(t) => Some(t),
            Scalar::Bool(b) => Some(b.to_string()),
            Scalar::Null | Scalar::Nested => None,
        }
    }
}

/// Reads a [`Scalar`].
struct ScalarSeed;

impl<'de> DeserializeSeed<'de> for ScalarSeed {
    type Value = Scalar;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Scalar, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ScalarSeed {
    type Value = Scalar;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value")
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Scalar, E> {
        Ok(Scalar::Int(n))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Scalar, E> {
        Ok(i64::try_from(n).map_or_else(|_| Scalar::Text(n.to_string()), Scalar::Int))
    }

    fn visit_f64<E: de::Error>(self, x: f64) -> Result<Scalar, E> {
        Ok(Scalar::Float(x))
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Scalar, E> {
        Ok(Scalar::Text(text.to_string()))
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Scalar, E> {
        Ok(Scalar::Bool(b))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Scalar, E> {
        Ok(Scalar::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Scalar, A::Error> {
        IgnoredAny.visit_seq(seq).map(|_| Scalar::Nested)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Scalar, A::Error> {
        IgnoredAny.visit_map(map).map(|_| Scalar::Nested)
    }
}
