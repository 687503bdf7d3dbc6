//! "About this solver": what a trace says about the solver that wrote it. Which expansions
//! were not among the open states of lowest f, which tie-break rules explain the picks made
//! among several such states, and which events contradict each other (see [`super::Issues`]).
//!
//! The open list is replayed once, kept sorted under every rule at the same time (one ordered
//! set per rule, keyed by f and the rule's keys), so judging a pick costs a few look-ups
//! however many states tie.

use super::event::{EventKind, NodeIx, NodeStatus};
use super::model::PosthocTrace;
use crate::engine::tie::TieKey;
use serde::Serialize;
use std::collections::BTreeSet;

/// An expansion of a state whose f was above the lowest f on the open list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutOfOrder {
    pub step: u64,
    /// The `expanding` event's place in the file's list.
    pub event: u32,
    pub node: NodeIx,
    /// The f it had.
    pub f: f64,
    /// The lowest f on the open list then, and a state that had it.
    pub lowest_f: f64,
    pub lowest: NodeIx,
}

/// How well one tie-break rule explains the solver's picks among states tied on the lowest f.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TieRule {
    /// The keys, the first deciding first.
    pub keys: Vec<TieKey>,
    /// Tied expansions where the pick is among the states the rule puts first.
    pub explained: u64,
    /// Of those, the ones where the rule puts the pick alone first (it needs no further key).
    pub decided: u64,
    /// Tied expansions in all.
    pub tied: u64,
}

impl TieRule {
    /// The rule as `--tie-break` writes it: `lowest-h,fifo`.
    #[must_use]
    pub fn name(&self) -> String {
        self.keys
            .iter()
            .map(|k| k.cli_name())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The rule in words: "lower h → stored first".
    #[must_use]
    pub fn words(&self) -> String {
        TieKey::policy_words(&self.keys)
    }
}

/// What a trace says about its solver.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Inspection {
    /// Steps (`expanding` events).
    pub expansions: u64,
    /// Expansions not among the open states of lowest f.
    pub out_of_order: Vec<OutOfOrder>,
    /// Expansions where several open states shared the lowest f and the pick was one of them.
    pub tied: u64,
    /// Expansions not judged: of a state that was not open, or had no f.
    pub unjudged: u64,
    /// Every rule tried, the one that explains most first.
    pub tie_rules: Vec<TieRule>,
    /// Whether every h is f − g (the trace writes no `h`): lower h and higher g then rank
    /// states with equal f alike.
    pub h_from_f_minus_g: bool,
}

impl Inspection {
    /// The rule that explains the most tied expansions (and decides the most of them, with
    /// the fewest keys), when there were ties.
    #[must_use]
    pub fn best_rule(&self) -> Option<&TieRule> {
        self.tie_rules.first().filter(|r| r.tied > 0)
    }
}

/// The rules tried: each key alone, and each pair whose first key compares a value and whose
/// second compares something else (or is a storing order).
fn rules() -> Vec<Vec<TieKey>> {
    use TieKey::{FirstStored, HighestG, LastStored, LowestG, LowestH};
    let mut rules: Vec<Vec<TieKey>> = [LowestH, HighestG, LowestG, LastStored, FirstStored]
        .iter()
        .map(|&k| vec![k])
        .collect();
    for first in [LowestH, HighestG, LowestG] {
        for second in [LowestH, HighestG, LowestG, FirstStored, LastStored] {
            if second.compares() != first.compares() {
                rules.push(vec![first, second]);
            }
        }
    }
    rules
}

/// An open state's values and storing order.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Entry {
    f: f64,
    g: f64,
    h: f64,
    seq: u32,
}

/// A float as an unsigned number of the same order.
fn ord(x: f64) -> u64 {
    let bits = x.to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    }
}

/// Blank (NaN) as `instead`.
fn or(x: f64, instead: f64) -> f64 {
    if x.is_nan() { instead } else { x }
}

/// How `key` ranks an entry: smaller first.
fn rank(key: TieKey, e: &Entry) -> u64 {
    match key {
        TieKey::LowestH => ord(or(e.h, f64::INFINITY)),
        TieKey::LowestG => ord(or(e.g, f64::INFINITY)),
        TieKey::HighestG => !ord(or(e.g, f64::NEG_INFINITY)),
        TieKey::FirstStored => u64::from(e.seq),
        TieKey::LastStored => u64::MAX - u64::from(e.seq),
    }
}

type Key = ([u64; 3], NodeIx);

/// The open list ordered by f and then by one rule.
struct Ordered {
    keys: Vec<TieKey>,
    set: BTreeSet<Key>,
    explained: u64,
    decided: u64,
}

impl Ordered {
    fn key(&self, node: NodeIx, e: &Entry) -> Key {
        let mut k = [ord(or(e.f, f64::INFINITY)), 0, 0];
        for (slot, key) in k[1..].iter_mut().zip(&self.keys) {
            *slot = rank(*key, e);
        }
        (k, node)
    }
}

/// Summarises what `trace` says about its solver.
#[must_use]
pub fn inspect(trace: &PosthocTrace) -> Inspection {
    let mut orders: Vec<Ordered> = rules()
        .into_iter()
        .map(|keys| Ordered {
            keys,
            set: BTreeSet::new(),
            explained: 0,
            decided: 0,
        })
        .collect();
    // The storing-order rule alone: f, then the storing order.
    let fifo = orders
        .iter()
        .position(|o| o.keys == [TieKey::FirstStored])
        .unwrap_or(0);
    let mut entries: Vec<Option<Entry>> = vec![None; trace.nodes()];
    let mut out_of_order = Vec::new();
    let (mut step, mut tied, mut unjudged) = (0u64, 0u64, 0u64);
    for (pos, e) in trace.events().iter().enumerate() {
        let node = e.node;
        let was = entries[node as usize];
        if e.kind == EventKind::Expanding {
            step += 1;
            match was.filter(|w| !w.f.is_nan()) {
                None => unjudged += 1,
                Some(entry) => {
                    let judged = judge(&mut orders, fifo, node, &entry);
                    match judged {
                        Judged::Alone => {}
                        Judged::Tied => tied += 1,
                        Judged::Above { lowest } => {
                            let lowest_f = entries[lowest as usize].map_or(f64::NAN, |l| l.f);
                            out_of_order.push(OutOfOrder {
                                step,
                                event: e.index,
                                node,
                                f: entry.f,
                                lowest_f,
                                lowest,
                            });
                        }
                    }
                }
            }
        }
        let now = (e.status() == NodeStatus::Open).then(|| {
            let restored = e.kind.stores() || was.is_none();
            Entry {
                f: e.f().unwrap_or(f64::NAN),
                g: e.g().unwrap_or(f64::NAN),
                h: e.h().unwrap_or(f64::NAN),
                seq: if restored {
                    pos as u32
                } else {
                    was.map_or(pos as u32, |w| w.seq)
                },
            }
        });
        if now != was {
            for order in &mut orders {
                if let Some(w) = &was {
                    let key = order.key(node, w);
                    order.set.remove(&key);
                }
                if let Some(n) = &now {
                    let key = order.key(node, n);
                    order.set.insert(key);
                }
            }
            entries[node as usize] = now;
        }
    }
    let mut tie_rules: Vec<TieRule> = orders
        .into_iter()
        .map(|o| TieRule {
            keys: o.keys,
            explained: o.explained,
            decided: o.decided,
            tied,
        })
        .collect();
    // Stable: among equals, the order tried (simpler rules first).
    tie_rules.sort_by(|a, b| {
        b.explained
            .cmp(&a.explained)
            .then(b.decided.cmp(&a.decided))
            .then(a.keys.len().cmp(&b.keys.len()))
    });
    Inspection {
        expansions: step,
        out_of_order,
        tied,
        unjudged,
        tie_rules,
        h_from_f_minus_g: !trace.gives_h(),
    }
}

enum Judged {
    /// The pick was the only open state of lowest f.
    Alone,
    /// Several open states had the lowest f, the pick among them.
    Tied,
    /// The pick's f was above the lowest.
    Above { lowest: NodeIx },
}

/// Judges the pick `node` (open, with `entry`) against every ordering of the open list.
fn judge(orders: &mut [Ordered], fifo: usize, node: NodeIx, entry: &Entry) -> Judged {
    let by_f = &orders[fifo];
    let mine = by_f.key(node, entry);
    let mut first_two = by_f.set.iter();
    let (Some(first), second) = (first_two.next(), first_two.next()) else {
        return Judged::Alone;
    };
    if first.0[0] != mine.0[0] {
        return Judged::Above { lowest: first.1 };
    }
    if second.is_none_or(|s| s.0[0] != first.0[0]) {
        return Judged::Alone;
    }
    for order in orders.iter_mut() {
        let mine = order.key(node, entry);
        let mut it = order.set.iter();
        let (Some(best), next) = (it.next(), it.next()) else {
            continue;
        };
        if best.0 == mine.0 {
            order.explained += 1;
            if next.is_none_or(|n| n.0 != best.0) {
                order.decided += 1;
            }
        }
    }
    Judged::Tied
}
