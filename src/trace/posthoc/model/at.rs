//! Reading the trace at one step: its open and closed rows in the order a table shows them.

use super::{Counts, PosthocTrace};
use crate::engine::tie::TieKey;
use crate::trace::posthoc::event::{EventKind, Fate, NodeIx, NodeStatus, TraceEvent};
use serde::Serialize;
use std::cmp::Ordering;

/// One state as it stands after a step: a row of the open or closed table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    pub node: NodeIx,
    /// `None`: a root (or a parent never said).
    pub parent: Option<NodeIx>,
    /// The values as the state's events last wrote them (`None`: blank).
    pub g: Option<f64>,
    pub h: Option<f64>,
    pub f: Option<f64>,
    /// Counted along parents (`None`: a parent unknown).
    pub depth: Option<u32>,
    pub status: NodeStatus,
    /// The position in [`PosthocTrace::events`] of the event that last put it on the open
    /// list: its storing order, for first-stored and last-stored tie-breaks.
    pub stored_at: u32,
}

/// The search of a trace as it stands after a step: what a face reads to show it.
pub struct At<'a> {
    pub(super) trace: &'a PosthocTrace,
    pub(super) step: usize,
    pub(super) boundary: usize,
    pub(super) open: Vec<NodeIx>,
}

/// A step's pick and successors.
#[derive(Clone, Debug)]
pub struct StepView<'a> {
    pub step: u64,
    pub pick: &'a TraceEvent,
    /// Its `generating` and `updating` events, each with its fate.
    pub successors: Vec<(&'a TraceEvent, Fate)>,
}

impl<'a> At<'a> {
    /// Steps taken.
    #[must_use]
    pub fn step(&self) -> u64 {
        self.step as u64
    }

    /// The counts after this step.
    #[must_use]
    pub fn counts(&self) -> Counts {
        self.trace.counts_after(self.step as u64)
    }

    /// The open states, in node order.
    #[must_use]
    pub fn open(&self) -> &[NodeIx] {
        &self.open
    }

    /// How `node` stands (`None`: not yet named by any event).
    #[must_use]
    pub fn row(&self, node: NodeIx) -> Option<Row> {
        let (i, e) = self.trace.last_before(node, self.boundary)?;
        let history = &self.trace.history(node)[..=i];
        let stored_at = history
            .iter()
            .rev()
            .find(|&&p| {
                let k = self.trace.events[p as usize].kind;
                k.stores() || k == EventKind::Source
            })
            .copied()
            .unwrap_or(history[0]);
        Some(Row {
            node,
            parent: e.parent(),
            g: e.g(),
            h: e.h(),
            f: e.f(),
            depth: e.depth(),
            status: e.status(),
            stored_at,
        })
    }

    /// The open states in the order a best-first solver takes them: lowest f first, then by
    /// `rule` (tie-break keys), then first stored first. Blank values go last.
    #[must_use]
    pub fn open_order(&self, rule: &[TieKey]) -> Vec<NodeIx> {
        let mut rows: Vec<Row> = self.open.iter().filter_map(|&n| self.row(n)).collect();
        rows.sort_by(|a, b| {
            lower(a.f, b.f)
                .then_with(|| {
                    rule.iter()
                        .map(|key| by_key(*key, a, b))
                        .find(|o| o.is_ne())
                        .unwrap_or(Ordering::Equal)
                })
                .then(a.stored_at.cmp(&b.stored_at))
        });
        rows.into_iter().map(|r| r.node).collect()
    }

    /// What the solver expands next: the next step's `expanding` event.
    #[must_use]
    pub fn next_pick(&self) -> Option<&'a TraceEvent> {
        self.trace.pick(self.step as u64 + 1)
    }

    /// The step just taken (`None` before the first).
    #[must_use]
    pub fn last_step(&self) -> Option<StepView<'a>> {
        let step = self.step as u64;
        let pick = self.trace.pick(step)?;
        Some(StepView {
            step,
            pick,
            successors: self
                .trace
                .successors(step)
                .map(|e| (e, e.fate().unwrap_or(Fate::New)))
                .collect(),
        })
    }

    /// The states from a root to `node` along parents as they stand now (a cycle in the
    /// trace's parents ends the route where it would repeat).
    #[must_use]
    pub fn route(&self, node: NodeIx) -> Vec<NodeIx> {
        let mut route = vec![node];
        let mut at = node;
        while let Some(parent) = self.row(at).and_then(|r| r.parent) {
            if route.contains(&parent) || route.len() > self.trace.nodes() {
                break;
            }
            route.push(parent);
            at = parent;
        }
        route.reverse();
        route
    }

    /// The route to the state the last `end` event so far names.
    #[must_use]
    pub fn solution(&self) -> Option<Vec<NodeIx>> {
        let end = self.trace.events[..self.boundary]
            .iter()
            .rev()
            .find(|e| e.kind == EventKind::End)?;
        Some(self.route(end.node))
    }
}

/// Lower first, blanks last.
pub(super) fn lower(a: Option<f64>, b: Option<f64>) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => a.total_cmp(&b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// How `key` orders two open rows (the preferred first).
pub(super) fn by_key(key: TieKey, a: &Row, b: &Row) -> Ordering {
    match key {
        TieKey::LowestH => lower(a.h, b.h),
        TieKey::LowestG => lower(a.g, b.g),
        TieKey::HighestG => match (a.g, b.g) {
            (Some(a), Some(b)) => b.total_cmp(&a),
            _ => lower(a.g, b.g),
        },
        TieKey::FirstStored => a.stored_at.cmp(&b.stored_at),
        TieKey::LastStored => b.stored_at.cmp(&a.stored_at),
    }
}
