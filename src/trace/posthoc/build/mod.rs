//! The run model, built event by event as a parser reads them: each event is judged against
//! how its state stood (and any contradiction noted), then kept with the state's values after
//! it. Nothing else of the file is held, so memory grows with the events kept, under a budget.

use super::error::Stopped;
use super::event::{EventKind, NONE, NodeIx, NodeNow, NodeStatus, RawEvent, RawKind};
use super::event::{TraceEvent, TraceId, Value};
use super::issues::IssueKind;
use super::model::{Counts, Format, PosthocTrace, Step};
use rustc_hash::FxHashMap;

mod moves;

/// Distinct unknown `type` names listed one by one; more are counted together.
const MAX_UNKNOWN_NAMES: usize = 64;

/// Bytes one kept event costs: the event, and its entry in its state's history.
const EVENT_BYTES: usize = size_of::<TraceEvent>() + size_of::<u32>();

/// Bytes one state costs beyond its id's text: the id, its index entry, how it stands, its
/// place.
const NODE_BYTES: usize = size_of::<TraceId>() * 2 + 8 + size_of::<NodeNow>() + 16;

/// Builds a [`PosthocTrace`] from events handed over one at a time.
pub(super) struct Builder {
    budget: u64,
    trace: PosthocTrace,
    index: FxHashMap<TraceId, NodeIx>,
    heap: usize,
    nodes: Vec<NodeNow>,
    counts: Counts,
}

impl Builder {
    pub(super) fn new(format: Format, budget: u64) -> Builder {
        Builder {
            budget,
            trace: PosthocTrace::empty(format),
            index: FxHashMap::default(),
            heap: 0,
            nodes: Vec::new(),
            counts: Counts::default(),
        }
    }

    /// Events read so far (skipped ones too).
    pub(super) fn read(&self) -> u32 {
        self.trace.events_read
    }

    pub(super) fn set_format(&mut self, format: Format) {
        self.trace.format = format;
    }

    /// The file's `version`.
    pub(super) fn version(&mut self, version: String) {
        self.trace.version = Some(version);
    }

    /// A top-level section other than `events` and `version` (a drawing: `views`, `render`,
    /// `pivot`), kept by name only.
    pub(super) fn section(&mut self, name: &str) {
        if self.trace.drawings.len() < 16 && !self.trace.drawings.iter().any(|d| d == name) {
            self.trace.drawings.push(name.to_string());
        }
    }

    /// Notes that reading broke off after some events (which stay).
    pub(super) fn cut_short(&mut self, line: usize, column: usize, message: String) {
        self.trace.stopped.get_or_insert(Stopped::CutShort {
            line: line.max(1),
            column: column.max(1),
            message,
        });
    }

    /// Why reading stopped early, if it did.
    pub(super) fn stopped(&self) -> Option<&Stopped> {
        self.trace.stopped.as_ref()
    }

    /// Whether reading stopped at the memory budget.
    pub(super) fn over_budget(&self) -> bool {
        matches!(self.trace.stopped, Some(Stopped::OverBudget { .. }))
    }

    /// Bytes held so far, as allocated.
    fn held(&self) -> usize {
        self.trace.events.capacity() * EVENT_BYTES
            + self.trace.ids.capacity() * NODE_BYTES
            + self.heap
            + self.trace.steps.capacity() * size_of::<Step>()
            + self.trace.issues.bytes()
    }

    /// Makes room for one more event within the budget; `false` (and the reason noted) when
    /// there is none.
    fn room(&mut self) -> bool {
        let budget = usize::try_from(self.budget).unwrap_or(usize::MAX);
        if self.trace.events.len() == self.trace.events.capacity() {
            let held = self.held();
            let fits = budget.saturating_sub(held) / (EVENT_BYTES * 2);
            let grow = self.trace.events.capacity().max(1024).min(fits);
            if grow == 0 {
                return self.stop();
            }
            self.trace.events.reserve_exact(grow);
        }
        if self.held() > budget {
            return self.stop();
        }
        true
    }

    fn stop(&mut self) -> bool {
        self.trace.stopped = Some(Stopped::OverBudget {
            budget: self.budget,
            events: u64::from(self.trace.events_read.saturating_sub(1)),
        });
        false
    }

    /// The state `id` names, numbered on first sight.
    fn intern(&mut self, id: TraceId) -> NodeIx {
        if let Some(&n) = self.index.get(&id) {
            return n;
        }
        let n = NodeIx::try_from(self.trace.ids.len()).unwrap_or(NONE - 1);
        self.heap += id.heap_bytes() * 2;
        self.index.insert(id.clone(), n);
        self.trace.ids.push(id);
        self.nodes.push(NodeNow::default());
        if !self.trace.places.is_empty() {
            self.trace.places.push([f64::NAN; 2]);
        }
        if !self.trace.states.is_empty() {
            self.trace.states.push(None);
        }
        n
    }

    fn skip(&mut self, name: String) {
        if let Some(entry) = self
            .trace
            .unknown_types
            .iter_mut()
            .find(|(n, _)| *n == name)
        {
            entry.1 += 1;
        } else if self.trace.unknown_types.len() < MAX_UNKNOWN_NAMES {
            self.heap += name.len();
            self.trace.unknown_types.push((name, 1));
        } else if let Some(entry) = self
            .trace
            .unknown_types
            .iter_mut()
            .find(|(n, _)| n == "(others)")
        {
            entry.1 += 1;
        } else {
            self.trace.unknown_types.push(("(others)".into(), 1));
        }
    }

    /// Takes one event; `false` when reading must stop (the memory budget).
    pub(super) fn event(&mut self, raw: RawEvent) -> bool {
        if raw.kind == RawKind::Missing && raw.id.is_none() && raw.version.is_some() {
            // A JSON-lines header line, not an event.
            self.trace.version = raw.version;
            return true;
        }
        let index = self.trace.events_read;
        self.trace.events_read = self.trace.events_read.saturating_add(1);
        let kind = match raw.kind {
            RawKind::Known(kind) => kind,
            RawKind::Unknown(name) => {
                self.skip(name);
                return true;
            }
            RawKind::Missing => {
                self.skip("(no type)".into());
                return true;
            }
        };
        let line = raw.line;
        let Some(id) = raw.id.clone() else {
            self.trace.issues.note(
                index,
                line,
                None,
                IssueKind::NoId,
                format!("a {} event with no id: skipped", kind.name()),
            );
            return true;
        };
        if !self.room() {
            return false;
        }
        let node = self.intern(id);
        self.apply(kind, node, index, &raw);
        true
    }

    /// Notes an issue of event `index` (on `line`) about `node`.
    fn flag(&mut self, (index, line): (u32, u32), node: NodeIx, kind: IssueKind, words: String) {
        self.trace.issues.note(index, line, Some(node), kind, words);
    }

    fn id(&self, node: NodeIx) -> &TraceId {
        &self.trace.ids[node as usize]
    }

    fn apply(&mut self, kind: EventKind, node: NodeIx, index: u32, raw: &RawEvent) {
        let line = raw.line;
        for (name, value) in [
            ("g", raw.g),
            ("f", raw.f),
            ("h", raw.h),
            ("x", raw.x),
            ("y", raw.y),
        ] {
            if value == Value::Bad {
                let words = format!("#{}'s {name} is not a number: left blank", self.id(node));
                self.flag((index, line), node, IssueKind::NotANumber, words);
            }
        }
        let (g, f, own_h) = (raw.g.number(), raw.f.number(), raw.h.number());
        self.trace.gives_h |= own_h.is_some();
        let h = own_h.or(match (f, g) {
            (Some(f), Some(g)) => Some(f - g),
            _ => None,
        });
        let before = self.nodes[node as usize];
        let stored = before.status != NodeStatus::Unstored;
        if stored && kind != EventKind::Updating && kind != EventKind::Destination {
            self.check_unchanged(kind, node, index, line, ("g", before.g, g));
            self.check_unchanged(kind, node, index, line, ("h", before.h, h));
        }
        let mut now = before;
        if kind != EventKind::Destination {
            now.g = g.unwrap_or(now.g);
            now.f = f.unwrap_or(now.f);
            now.h = h.unwrap_or(now.h);
            if now.h.is_nan() && own_h.is_none() && !now.f.is_nan() && !now.g.is_nan() {
                now.h = now.f - now.g;
            }
            self.parent(kind, node, index, raw, &mut now);
        }
        if kind == EventKind::Expanding {
            self.begin_step();
        }
        let fate = self.move_state(kind, node, index, line, &before, &mut now);
        self.nodes[node as usize] = now;
        self.place(node, raw);
        let given = (
            g.is_some(),
            f.is_some(),
            own_h.is_some(),
            raw.parent.is_some(),
        );
        self.trace
            .events
            .push(TraceEvent::new(kind, node, index, line, &now, given, fate));
    }

    /// Ends the step under way at the events so far, with the counts so far (before the first
    /// step: the start's counts); returns the position after the events so far.
    fn close_step(&mut self) -> u32 {
        let at = u32::try_from(self.trace.events.len()).unwrap_or(u32::MAX);
        match self.trace.steps.last_mut() {
            Some(last) => {
                last.end = at;
                last.after = self.counts;
            }
            None => self.trace.start = self.counts,
        }
        at
    }

    /// Closes the step before a new `expanding` event and opens its own.
    fn begin_step(&mut self) {
        let at = self.close_step();
        self.trace.steps.push(Step {
            event: at,
            end: at,
            after: Counts::default(),
        });
    }

    /// The loaded trace.
    pub(super) fn finish(mut self) -> PosthocTrace {
        self.close_step();
        self.trace.index();
        self.trace
    }
}

/// Two values equal to within rounding (a relative 1e-9): a value read back from the same
/// text is the same; one written again after arithmetic may differ in its last bits.
pub(super) fn same(a: f64, b: f64) -> bool {
    if a.is_nan() || b.is_nan() {
        return a.is_nan() && b.is_nan();
    }
    a == b || (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
}

/// `a` below `b` by more than rounding.
fn below(a: f64, b: f64) -> bool {
    a < b && !same(a, b)
}
