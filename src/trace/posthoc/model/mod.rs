//! The loaded trace as a run of steps ([`PosthocTrace`]) and the search as it stands after any
//! step ([`At`]): what a read-only view of a search (rows, open list, next pick, the step's
//! events, route, counts) needs, with a jump to any step costing a copy of the nearest
//! keyframe's open list and at most one interval of events.

use super::error::Stopped;
use super::event::{NodeIx, NodeStatus, TraceEvent, TraceId};
use super::issues::Issues;
use serde::Serialize;

mod at;

pub use at::{At, Row, StepView};

/// How the trace was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    Yaml,
    Json,
    /// One event object a line (what a solver streams).
    JsonLines,
}

/// The counts after a step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// `expanding` events so far: steps.
    pub expansions: u32,
    /// States stored (generated, or expanded without being generated).
    pub stored: u32,
    pub open: u32,
    /// Expanded or closed.
    pub closed: u32,
    /// The largest open list so far.
    pub max_open: u32,
    /// Closed states put on the open list again.
    pub reopened: u32,
    /// `end` events so far.
    pub ends: u32,
}

/// One step: an `expanding` event and the events after it up to the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The `expanding` event's position in [`PosthocTrace::events`].
    pub event: u32,
    /// The position after the step's last event.
    pub end: u32,
    /// The counts once the step is done.
    pub after: Counts,
}

/// A solver's run read from a Posthoc trace: its events with each state's values after them,
/// its steps, and what could not be used.
#[derive(Debug)]
pub struct PosthocTrace {
    /// YAML, JSON or JSON lines.
    pub format: Format,
    /// The file's `version` ("1.4.0"), if it says.
    pub version: Option<String>,
    /// The drawing sections the file has (`views`, `render`, `pivot`), by name only: their
    /// templates are never evaluated.
    pub drawings: Vec<String>,
    /// `type`s the run model does not read, with how many events had each: skipped.
    pub unknown_types: Vec<(String, u64)>,
    /// Events that contradict each other.
    pub issues: Issues,
    /// Why reading stopped before the end of the input (the events before it are used).
    pub stopped: Option<Stopped>,
    /// Events in the file's list, skipped ones included.
    pub events_read: u32,
    pub(super) ids: Vec<TraceId>,
    pub(super) places: Vec<[f64; 2]>,
    pub(super) states: Vec<Option<Box<str>>>,
    pub(super) events: Vec<TraceEvent>,
    pub(super) steps: Vec<Step>,
    pub(super) start: Counts,
    pub(super) gives_h: bool,
    pub(super) sources: Vec<NodeIx>,
    pub(super) destinations: Vec<NodeIx>,
    pub(super) ends: Vec<NodeIx>,
    /// Each state's events, in order: positions `history[offsets[n]..offsets[n + 1]]`.
    pub(super) offsets: Vec<u32>,
    pub(super) history: Vec<u32>,
    keyframes: Keyframes,
}

/// The open list after every `interval`-th step, so a jump replays at most one interval.
#[derive(Debug, Default)]
struct Keyframes {
    interval: usize,
    /// `open[i]`: the open states after step `i · interval`, in node order.
    open: Vec<Vec<NodeIx>>,
}

/// The least interval between keyframes, in steps.
const MIN_INTERVAL: usize = 64;

/// Bytes the keyframes may hold: this many per event, and at least [`KEYFRAME_FLOOR`].
const KEYFRAME_BYTES_PER_EVENT: usize = 32;
const KEYFRAME_FLOOR: usize = 4 << 20;

impl PosthocTrace {
    /// A trace with no events yet, for the builder to fill.
    pub(super) fn empty(format: Format) -> PosthocTrace {
        PosthocTrace {
            format,
            version: None,
            drawings: Vec::new(),
            unknown_types: Vec::new(),
            issues: Issues::default(),
            stopped: None,
            events_read: 0,
            ids: Vec::new(),
            places: Vec::new(),
            states: Vec::new(),
            events: Vec::new(),
            steps: Vec::new(),
            start: Counts::default(),
            gives_h: false,
            sources: Vec::new(),
            destinations: Vec::new(),
            ends: Vec::new(),
            offsets: Vec::new(),
            history: Vec::new(),
            keyframes: Keyframes::default(),
        }
    }

    /// Indexes the events once all are read: each state's history, and the keyframes.
    pub(super) fn index(&mut self) {
        self.index_history();
        self.keyframes = self.make_keyframes();
    }

    /// Lays out each state's events together (a counting sort of event positions by state).
    fn index_history(&mut self) {
        let mut offsets = vec![0u32; self.ids.len() + 1];
        for e in &self.events {
            offsets[e.node as usize + 1] += 1;
        }
        for i in 1..offsets.len() {
            offsets[i] += offsets[i - 1];
        }
        let mut next = offsets.clone();
        let mut history = vec![0u32; self.events.len()];
        for (pos, e) in self.events.iter().enumerate() {
            let slot = &mut next[e.node as usize];
            history[*slot as usize] = pos as u32;
            *slot += 1;
        }
        self.offsets = offsets;
        self.history = history;
    }

    fn make_keyframes(&self) -> Keyframes {
        let total_open: usize = (0..=self.steps.len())
            .map(|k| self.counts_after(k as u64).open as usize)
            .sum();
        let budget = (self.events.len() * KEYFRAME_BYTES_PER_EVENT).max(KEYFRAME_FLOOR);
        let interval = (total_open * size_of::<NodeIx>())
            .div_ceil(budget)
            .max(MIN_INTERVAL)
            .next_power_of_two();
        let mut open = OpenSet::new(self.ids.len());
        let mut frames = Vec::new();
        for k in (0..=self.steps.len()).step_by(interval) {
            let from = frames.len().checked_sub(1).map_or(0, |i| {
                // The boundary of the previous keyframe's step.
                self.boundary(i * interval)
            });
            for e in &self.events[from..self.boundary(k)] {
                open.set(e.node, e.status() == NodeStatus::Open);
            }
            frames.push(open.sorted());
        }
        Keyframes {
            interval,
            open: frames,
        }
    }

    /// The events, in file order (skipped ones left out).
    #[must_use]
    pub fn events(&self) -> &[TraceEvent] {
        &self.events
    }

    /// The steps: `steps()[k - 1]` is step `k`.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// How many steps (`expanding` events) the trace has.
    #[must_use]
    pub fn step_count(&self) -> u64 {
        self.steps.len() as u64
    }

    /// How many states the trace names.
    #[must_use]
    pub fn nodes(&self) -> usize {
        self.ids.len()
    }

    /// The id the trace gives `node`.
    #[must_use]
    pub fn id(&self, node: NodeIx) -> &TraceId {
        &self.ids[node as usize]
    }

    /// Every state's id, in node order.
    #[must_use]
    pub fn ids(&self) -> &[TraceId] {
        &self.ids
    }

    /// Where `node` is drawn (`x`, `y`), if the trace says.
    #[must_use]
    pub fn place(&self, node: NodeIx) -> Option<(f64, f64)> {
        let [x, y] = *self.places.get(node as usize)?;
        (!x.is_nan()).then_some((x, y))
    }

    /// Whether any state has a place.
    #[must_use]
    pub fn has_places(&self) -> bool {
        !self.places.is_empty()
    }

    /// The state's text (the `state` field Frontier writes), if the trace gives one.
    #[must_use]
    pub fn state_text(&self, node: NodeIx) -> Option<&str> {
        self.states.get(node as usize)?.as_deref()
    }

    /// Whether any event writes `h` itself (else every h is f − g).
    #[must_use]
    pub fn gives_h(&self) -> bool {
        self.gives_h
    }

    /// The states `source` events name (the start, usually one).
    #[must_use]
    pub fn sources(&self) -> &[NodeIx] {
        &self.sources
    }

    /// The states `destination` events name (the goal).
    #[must_use]
    pub fn destinations(&self) -> &[NodeIx] {
        &self.destinations
    }

    /// The states `end` events name, in order.
    #[must_use]
    pub fn ends(&self) -> &[NodeIx] {
        &self.ends
    }

    /// The counts after `step` steps (0: before the first; past the last: the end).
    #[must_use]
    pub fn counts_after(&self, step: u64) -> Counts {
        match step.checked_sub(1) {
            None => self.start,
            Some(i) => {
                let i = usize::try_from(i).unwrap_or(usize::MAX);
                self.steps
                    .get(i)
                    .or(self.steps.last())
                    .map_or(self.start, |s| s.after)
            }
        }
    }

    /// Step `step`'s `expanding` event (1 first).
    #[must_use]
    pub fn pick(&self, step: u64) -> Option<&TraceEvent> {
        let s = self
            .steps
            .get(usize::try_from(step.checked_sub(1)?).ok()?)?;
        Some(&self.events[s.event as usize])
    }

    /// Step `step`'s events: its `expanding` event first.
    #[must_use]
    pub fn step_events(&self, step: u64) -> &[TraceEvent] {
        let Some(i) = step.checked_sub(1).and_then(|i| usize::try_from(i).ok()) else {
            return &self.events[..self.boundary(0)];
        };
        self.steps
            .get(i)
            .map_or(&[], |s| &self.events[s.event as usize..s.end as usize])
    }

    /// Step `step`'s successors: its `generating` and `updating` events.
    pub fn successors(&self, step: u64) -> impl Iterator<Item = &TraceEvent> {
        self.step_events(step)
            .iter()
            .skip(1)
            .filter(|e| e.kind.stores())
    }

    /// The position in [`PosthocTrace::events`] where the step after `step` starts: the
    /// events before it make the search as it stands after `step` steps.
    fn boundary(&self, step: usize) -> usize {
        self.steps
            .get(step)
            .map_or(self.events.len(), |s| s.event as usize)
    }

    /// The events of `node`, in order.
    #[must_use]
    pub fn history(&self, node: NodeIx) -> &[u32] {
        let n = node as usize;
        &self.history[self.offsets[n] as usize..self.offsets[n + 1] as usize]
    }

    /// `node`'s last event before position `boundary`: how it stands there.
    fn last_before(&self, node: NodeIx, boundary: usize) -> Option<(usize, &TraceEvent)> {
        let history = self.history(node);
        let i = history.partition_point(|&p| (p as usize) < boundary);
        let i = i.checked_sub(1)?;
        Some((i, &self.events[history[i] as usize]))
    }

    /// The search as it stands after `step` steps (past the last: the end).
    #[must_use]
    pub fn at(&self, step: u64) -> At<'_> {
        let step = usize::try_from(step)
            .unwrap_or(usize::MAX)
            .min(self.steps.len());
        let frame = step / self.keyframes.interval;
        let base = &self.keyframes.open[frame];
        let from = self.boundary(frame * self.keyframes.interval);
        let to = self.boundary(step);
        let mut touched: rustc_hash::FxHashMap<NodeIx, bool> = rustc_hash::FxHashMap::default();
        for e in &self.events[from..to] {
            touched.insert(e.node, e.status() == NodeStatus::Open);
        }
        let mut open: Vec<NodeIx> = base
            .iter()
            .copied()
            .filter(|n| touched.get(n).is_none_or(|&o| o))
            .collect();
        open.extend(
            touched
                .iter()
                .filter(|&(n, &o)| o && base.binary_search(n).is_err())
                .map(|(&n, _)| n),
        );
        open.sort_unstable();
        At {
            trace: self,
            step,
            boundary: to,
            open,
        }
    }

    /// Bytes the loaded trace holds.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        let ids: usize = self.ids.iter().map(TraceId::heap_bytes).sum();
        let states: usize = self.states.iter().flatten().map(|s| s.len()).sum();
        let frames: usize = self.keyframes.open.iter().map(|f| f.capacity() * 4).sum();
        self.events.capacity() * size_of::<TraceEvent>()
            + self.ids.capacity() * size_of::<TraceId>()
            + ids
            + self.places.capacity() * 16
            + self.states.capacity() * 16
            + states
            + self.steps.capacity() * size_of::<Step>()
            + (self.offsets.capacity() + self.history.capacity()) * 4
            + frames
            + self.issues.bytes()
    }
}

/// Membership of the open list, with its members listed (for keyframes).
struct OpenSet {
    slot: Vec<u32>,
    members: Vec<NodeIx>,
}

impl OpenSet {
    fn new(nodes: usize) -> OpenSet {
        OpenSet {
            slot: vec![u32::MAX; nodes],
            members: Vec::new(),
        }
    }

    fn set(&mut self, node: NodeIx, open: bool) {
        let at = self.slot[node as usize];
        if open && at == u32::MAX {
            self.slot[node as usize] = self.members.len() as u32;
            self.members.push(node);
        } else if !open && at != u32::MAX {
            self.members.swap_remove(at as usize);
            if let Some(&moved) = self.members.get(at as usize) {
                self.slot[moved as usize] = at;
            }
            self.slot[node as usize] = u32::MAX;
        }
    }

    fn sorted(&self) -> Vec<NodeIx> {
        let mut open = self.members.clone();
        open.sort_unstable();
        open
    }
}
