//! One event of a Posthoc trace: its kind, the state it names, and the values it carries, as
//! the parsers hand it over ([`RawEvent`]) and as the loaded trace keeps it ([`TraceEvent`]).

use serde::Serialize;
use std::fmt;

/// A state of the trace, numbered in the order the trace first names it (0 first).
pub type NodeIx = u32;

/// No state: the missing parent of a root, the unknown depth.
pub(super) const NONE: u32 = u32::MAX;

/// The event kinds the run model reads; any other `type` is counted and skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// The start state.
    Source,
    /// The goal the solver aims at.
    Destination,
    /// A state put on the open list.
    Generating,
    /// A state taken off the open list to expand: one step.
    Expanding,
    /// A state put on the closed list.
    Closing,
    /// A stored state given new values (a cheaper route), open again.
    Updating,
    /// The search ended (at the goal, usually).
    End,
}

impl EventKind {
    /// The kind of a `type` field: the canonical names, and the short ones older writers (and
    /// Posthoc's own examples) use: `generate`, `expand`, `close`, `update`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<EventKind> {
        Some(match name {
            "source" => EventKind::Source,
            "destination" => EventKind::Destination,
            "generating" | "generate" => EventKind::Generating,
            "expanding" | "expand" => EventKind::Expanding,
            "closing" | "close" => EventKind::Closing,
            "updating" | "update" => EventKind::Updating,
            "end" => EventKind::End,
            _ => return None,
        })
    }

    /// The canonical name, as Frontier writes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EventKind::Source => "source",
            EventKind::Destination => "destination",
            EventKind::Generating => "generating",
            EventKind::Expanding => "expanding",
            EventKind::Closing => "closing",
            EventKind::Updating => "updating",
            EventKind::End => "end",
        }
    }

    /// Whether the event puts its state on the open list.
    #[must_use]
    pub fn stores(self) -> bool {
        matches!(self, EventKind::Generating | EventKind::Updating)
    }
}

/// A state's `id` as the trace writes it: a whole number or a text. The same id written as
/// `12` and as `"12"` is one state (Posthoc compares ids as text).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TraceId {
    Int(i64),
    Text(Box<str>),
}

impl TraceId {
    /// The id of a text: a whole number in its plain form is [`TraceId::Int`].
    #[must_use]
    pub fn of_text(text: &str) -> TraceId {
        match text.parse::<i64>() {
            Ok(n) if n.to_string() == text => TraceId::Int(n),
            _ => TraceId::Text(text.into()),
        }
    }

    /// The id of a number: whole numbers as [`TraceId::Int`], others as their text.
    #[must_use]
    pub fn of_f64(x: f64) -> TraceId {
        if x.fract() == 0.0 && x.abs() < 9.0e15 {
            // Whole and exactly representable: the cast is exact.
            TraceId::Int(x as i64)
        } else {
            TraceId::Text(x.to_string().into())
        }
    }

    /// Heap bytes this id holds beyond its own size.
    pub(super) fn heap_bytes(&self) -> usize {
        match self {
            TraceId::Int(_) => 0,
            TraceId::Text(t) => t.len(),
        }
    }
}

impl fmt::Display for TraceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceId::Int(n) => write!(f, "{n}"),
            TraceId::Text(t) => f.write_str(t),
        }
    }
}

impl Serialize for TraceId {
    /// As the trace wrote it: a number or a string.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            TraceId::Int(n) => serializer.serialize_i64(*n),
            TraceId::Text(t) => serializer.serialize_str(t),
        }
    }
}

/// A numeric field of an event as written.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) enum Value {
    /// Not written.
    #[default]
    Missing,
    /// Written as null (or left empty in YAML).
    Null,
    Number(f64),
    /// Written, but not a number.
    Bad,
}

impl Value {
    /// The number, if one was written.
    pub(super) fn number(self) -> Option<f64> {
        match self {
            Value::Number(x) => Some(x),
            _ => None,
        }
    }

    /// A YAML scalar or JSON string as a value: empty, `~` and `null` are null; numbers in YAML
    /// 1.2's core forms (and `.inf`, `-.inf`, `.nan`) are numbers.
    pub(super) fn of_text(text: &str) -> Value {
        let t = text.trim();
        match t {
            "" | "~" | "null" | "Null" | "NULL" => return Value::Null,
            ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
                return Value::Number(f64::INFINITY);
            }
            "-.inf" | "-.Inf" | "-.INF" => return Value::Number(f64::NEG_INFINITY),
            ".nan" | ".NaN" | ".NAN" => return Value::Bad,
            _ => {}
        }
        if let Some(hex) = t.strip_prefix("0x") {
            return i64::from_str_radix(hex, 16).map_or(Value::Bad, |n| Value::Number(n as f64));
        }
        if let Some(oct) = t.strip_prefix("0o") {
            return i64::from_str_radix(oct, 8).map_or(Value::Bad, |n| Value::Number(n as f64));
        }
        // Rust's float syntax also takes "inf" and "nan", which YAML does not.
        if t.bytes()
            .any(|b| b.is_ascii_alphabetic() && b != b'e' && b != b'E')
        {
            return Value::Bad;
        }
        t.parse::<f64>().map_or(Value::Bad, Value::Number)
    }
}

/// A written `type`.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) enum RawKind {
    #[default]
    Missing,
    Known(EventKind),
    Unknown(String),
}

impl RawKind {
    pub(super) fn of_name(name: &str) -> RawKind {
        EventKind::from_name(name)
            .map_or_else(|| RawKind::Unknown(name.to_string()), RawKind::Known)
    }
}

/// An event as a parser read it, before the run model judges it.
#[derive(Clone, Debug, Default)]
pub(super) struct RawEvent {
    pub kind: RawKind,
    pub id: Option<TraceId>,
    /// `pId`: `None` when not written, `Some(None)` when written as null (a root).
    pub parent: Option<Option<TraceId>>,
    pub g: Value,
    pub f: Value,
    pub h: Value,
    pub x: Value,
    pub y: Value,
    /// The state's text (Frontier writes one; other solvers may).
    pub state: Option<String>,
    /// A `version` field: what a JSON-lines header line holds.
    pub version: Option<String>,
    /// Where it starts (1-based line; 0 when not known).
    pub line: u32,
}

/// The fields of an event the reader keeps; others are passed over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Field {
    Type,
    Id,
    Parent,
    G,
    F,
    H,
    X,
    Y,
    State,
    Version,
    Other,
}

impl Field {
    pub(super) fn of_key(key: &str) -> Field {
        match key {
            "type" => Field::Type,
            "id" => Field::Id,
            "pId" | "pid" | "parent" => Field::Parent,
            "g" => Field::G,
            "f" => Field::F,
            "h" => Field::H,
            "x" => Field::X,
            "y" => Field::Y,
            "state" => Field::State,
            "version" => Field::Version,
            _ => Field::Other,
        }
    }
}

/// Where a state stands after an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NodeStatus {
    /// Named, but never stored (a destination not reached, a parent never generated).
    Unstored,
    /// On the open list.
    Open,
    /// Expanded or closed.
    Closed,
}

/// What a `generating` or `updating` event did to its state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// Stored for the first time.
    New,
    /// Already open; given new values.
    Improved,
    /// Closed, and now open again.
    Reopened,
    /// Generated again with nothing changed.
    Again,
}

const GIVEN_G: u8 = 1;
const GIVEN_F: u8 = 2;
const GIVEN_H: u8 = 4;
const GIVEN_PARENT: u8 = 8;

/// One event as the loaded trace keeps it: what it wrote, and how its state stands after it
/// (values carried over from earlier events where this one leaves them out), so any step can
/// be read without replaying the steps before it. 48 bytes.
#[derive(Clone, Copy, Debug)]
pub struct TraceEvent {
    g: f64,
    f: f64,
    h: f64,
    /// The state named.
    pub node: NodeIx,
    parent: u32,
    depth: u32,
    /// Its place in the file's `events` list (0 first), skipped events counted.
    pub index: u32,
    /// The line it starts on (1 first; 0 when the reader could not tell).
    pub line: u32,
    pub kind: EventKind,
    given: u8,
    status: NodeStatus,
    fate: Option<Fate>,
}

impl TraceEvent {
    #[allow(
        clippy::too_many_arguments,
        reason = "one place builds events: the run model"
    )]
    pub(super) fn new(
        kind: EventKind,
        node: NodeIx,
        index: u32,
        line: u32,
        after: &NodeNow,
        given: (bool, bool, bool, bool),
        fate: Option<Fate>,
    ) -> TraceEvent {
        let bit = |on: bool, flag: u8| if on { flag } else { 0 };
        let bits = bit(given.0, GIVEN_G)
            | bit(given.1, GIVEN_F)
            | bit(given.2, GIVEN_H)
            | bit(given.3, GIVEN_PARENT);
        TraceEvent {
            g: after.g,
            f: after.f,
            h: after.h,
            node,
            parent: after.parent,
            depth: after.depth,
            index,
            line,
            kind,
            given: bits,
            status: after.status,
            fate,
        }
    }

    /// The state's g after this event (written here or earlier).
    #[must_use]
    pub fn g(&self) -> Option<f64> {
        known(self.g)
    }

    /// The state's f after this event.
    #[must_use]
    pub fn f(&self) -> Option<f64> {
        known(self.f)
    }

    /// The state's h after this event: its own `h` where written, else f − g, else blank.
    #[must_use]
    pub fn h(&self) -> Option<f64> {
        known(self.h)
    }

    /// The state's parent after this event (`None`: a root, or never said).
    #[must_use]
    pub fn parent(&self) -> Option<NodeIx> {
        (self.parent != NONE).then_some(self.parent)
    }

    /// The state's depth after this event, counted along `pId` (`None`: a parent unknown).
    #[must_use]
    pub fn depth(&self) -> Option<u32> {
        (self.depth != NONE).then_some(self.depth)
    }

    /// Where the state stands after this event.
    #[must_use]
    pub fn status(&self) -> NodeStatus {
        self.status
    }

    /// What a `generating` or `updating` event did to its state.
    #[must_use]
    pub fn fate(&self) -> Option<Fate> {
        self.fate
    }

    /// Whether the event itself wrote g, f, h, `pId`.
    #[must_use]
    pub fn wrote(&self) -> (bool, bool, bool, bool) {
        (
            self.given & GIVEN_G != 0,
            self.given & GIVEN_F != 0,
            self.given & GIVEN_H != 0,
            self.given & GIVEN_PARENT != 0,
        )
    }
}

/// Blank (NaN) as `None`.
fn known(x: f64) -> Option<f64> {
    (!x.is_nan()).then_some(x)
}

/// How a state stands while the trace is read: its values (NaN: blank), parent, depth.
#[derive(Clone, Copy, Debug)]
pub(super) struct NodeNow {
    pub g: f64,
    pub f: f64,
    pub h: f64,
    pub parent: u32,
    pub depth: u32,
    pub status: NodeStatus,
    /// Expanded and not yet closed: its `closing` is expected.
    pub expanding: bool,
}

impl Default for NodeNow {
    fn default() -> Self {
        NodeNow {
            g: f64::NAN,
            f: f64::NAN,
            h: f64::NAN,
            parent: NONE,
            depth: NONE,
            status: NodeStatus::Unstored,
            expanding: false,
        }
    }
}

#[cfg(test)]
mod tests;
