//! Two runs side by side: the first step where their picks differ, and the states one expanded
//! and the other did not. States are matched by place (`x`, `y`) when both traces give places,
//! else by their text (`state`) when both give one, else by id: two solvers on one map number
//! their states differently but agree on where they are.

use super::event::{EventKind, NodeIx, TraceId};
use super::model::PosthocTrace;
use rustc_hash::FxHashSet;
use serde::Serialize;

/// How states of the two traces are matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Matching {
    Place,
    State,
    Id,
}

/// A state as both traces can name it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum StateKey {
    Place(u64, u64),
    Text(Box<str>),
    Id(TraceId),
}

impl StateKey {
    fn of(trace: &PosthocTrace, node: NodeIx, matching: Matching) -> StateKey {
        let by_id = || StateKey::Id(trace.id(node).clone());
        match matching {
            Matching::Place => trace.place(node).map_or_else(by_id, |(x, y)| {
                // -0.0 and 0.0 are one place.
                StateKey::Place((x + 0.0).to_bits(), (y + 0.0).to_bits())
            }),
            Matching::State => trace
                .state_text(node)
                .map_or_else(by_id, |s| StateKey::Text(s.into())),
            Matching::Id => by_id(),
        }
    }
}

/// The first step where two runs picked differently.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Divergence {
    pub step: u64,
    /// What each expanded at that step (`None`: its run had ended).
    pub a: Option<NodeIx>,
    pub b: Option<NodeIx>,
}

/// Two runs compared.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// How states of A and B were matched.
    pub matching: Matching,
    /// Steps of A.
    pub steps_a: u64,
    /// Steps of B.
    pub steps_b: u64,
    /// The first step where the picks differ (`None`: the runs pick alike throughout).
    pub divergence: Option<Divergence>,
    /// States both expanded.
    pub expanded_by_both: u64,
    /// States only A expanded, in A's order (A's nodes).
    pub only_a: Vec<NodeIx>,
    /// States only B expanded, in B's order (B's nodes).
    pub only_b: Vec<NodeIx>,
}

/// Compares run `a` with run `b`.
#[must_use]
pub fn compare(a: &PosthocTrace, b: &PosthocTrace) -> Comparison {
    let matching = if a.has_places() && b.has_places() {
        Matching::Place
    } else if (0..a.nodes()).any(|n| a.state_text(n as NodeIx).is_some())
        && (0..b.nodes()).any(|n| b.state_text(n as NodeIx).is_some())
    {
        Matching::State
    } else {
        Matching::Id
    };
    let picks = |t: &PosthocTrace| -> Vec<(NodeIx, StateKey)> {
        t.events()
            .iter()
            .filter(|e| e.kind == EventKind::Expanding)
            .map(|e| (e.node, StateKey::of(t, e.node, matching)))
            .collect()
    };
    let (pa, pb) = (picks(a), picks(b));
    let divergence = (0..pa.len().max(pb.len()))
        .find(|&i| pa.get(i).map(|p| &p.1) != pb.get(i).map(|p| &p.1))
        .map(|i| Divergence {
            step: i as u64 + 1,
            a: pa.get(i).map(|p| p.0),
            b: pb.get(i).map(|p| p.0),
        });
    let keys =
        |p: &[(NodeIx, StateKey)]| p.iter().map(|(_, k)| k.clone()).collect::<FxHashSet<_>>();
    let (ka, kb) = (keys(&pa), keys(&pb));
    let only = |p: &[(NodeIx, StateKey)], other: &FxHashSet<StateKey>| {
        let mut seen = FxHashSet::default();
        p.iter()
            .filter(|(_, k)| !other.contains(k) && seen.insert(k.clone()))
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
    };
    Comparison {
        matching,
        steps_a: a.step_count(),
        steps_b: b.step_count(),
        divergence,
        expanded_by_both: ka.intersection(&kb).count() as u64,
        only_a: only(&pa, &kb),
        only_b: only(&pb, &ka),
    }
}
