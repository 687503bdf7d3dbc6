//! What an event does to a stored state: its parent and depth set, its values checked, and
//! its move between the open and closed lists.

use super::{Builder, below, same};
use crate::trace::posthoc::event::{EventKind, Fate, NONE, NodeIx, NodeNow, NodeStatus, RawEvent};
use crate::trace::posthoc::issues::IssueKind;

impl Builder {
    /// Notes a value of a stored state changed by an event other than `updating`.
    pub(super) fn check_unchanged(
        &mut self,
        kind: EventKind,
        node: NodeIx,
        index: u32,
        line: u32,
        (name, was, now): (&str, f64, Option<f64>),
    ) {
        let Some(now) = now else { return };
        if was.is_nan() || same(was, now) {
            return;
        }
        let issue = if name == "g" {
            IssueKind::GChanged
        } else {
            IssueKind::HChanged
        };
        let words = format!(
            "#{}'s {name} changes from {was} to {now} at its `{}` event, with no `updating` event",
            self.id(node),
            kind.name()
        );
        self.trace
            .issues
            .note(index, line, Some(node), issue, words);
    }

    /// Sets the state's parent and depth from `pId` (a state stored without one is a root).
    pub(super) fn parent(
        &mut self,
        kind: EventKind,
        node: NodeIx,
        index: u32,
        raw: &RawEvent,
        now: &mut NodeNow,
    ) {
        match &raw.parent {
            Some(Some(pid)) => {
                let p = self.intern(pid.clone());
                let parent = self.nodes[p as usize];
                if parent.status == NodeStatus::Unstored && p != node {
                    let words = format!(
                        "#{}'s parent #{} was never stored before it",
                        self.id(node),
                        self.id(p)
                    );
                    self.flag((index, raw.line), node, IssueKind::UnknownParent, words);
                }
                now.parent = p;
                now.depth = if p == node || parent.depth == NONE {
                    NONE
                } else {
                    parent.depth.saturating_add(1)
                };
                if kind.stores() && !now.g.is_nan() && !parent.g.is_nan() && below(now.g, parent.g)
                {
                    let words = format!(
                        "#{}'s g {} is below its parent #{}'s g {}",
                        self.id(node),
                        now.g,
                        self.id(p),
                        parent.g
                    );
                    self.flag((index, raw.line), node, IssueKind::GBelowParent, words);
                }
            }
            Some(None) => {
                now.parent = NONE;
                now.depth = 0;
            }
            None => {
                if now.status == NodeStatus::Unstored && now.depth == NONE {
                    now.depth = 0;
                }
            }
        }
    }

    /// Moves the state between the lists as the event says; returns what a `generating` or
    /// `updating` event did.
    pub(super) fn move_state(
        &mut self,
        kind: EventKind,
        node: NodeIx,
        index: u32,
        line: u32,
        before: &NodeNow,
        now: &mut NodeNow,
    ) -> Option<Fate> {
        let mut counts = self.counts;
        let c = &mut counts;
        let mut fate = None;
        match kind {
            EventKind::Source => {
                self.trace.sources.push(node);
                if before.status == NodeStatus::Unstored {
                    now.status = NodeStatus::Open;
                    c.stored += 1;
                    c.open += 1;
                }
            }
            EventKind::Destination => self.trace.destinations.push(node),
            EventKind::Generating | EventKind::Updating => {
                fate = Some(match before.status {
                    NodeStatus::Unstored => {
                        c.stored += 1;
                        c.open += 1;
                        Fate::New
                    }
                    NodeStatus::Open => {
                        let changed = !same(before.g, now.g)
                            || !same(before.f, now.f)
                            || before.parent != now.parent;
                        if kind == EventKind::Updating || changed {
                            Fate::Improved
                        } else {
                            Fate::Again
                        }
                    }
                    NodeStatus::Closed => {
                        c.closed -= 1;
                        c.open += 1;
                        c.reopened += 1;
                        Fate::Reopened
                    }
                });
                if kind == EventKind::Updating && before.status == NodeStatus::Unstored {
                    let words = format!("#{} is updated but was never generated", self.id(node));
                    self.flag((index, line), node, IssueKind::NeverGenerated, words);
                }
                now.status = NodeStatus::Open;
                now.expanding = false;
            }
            EventKind::Expanding => {
                c.expansions += 1;
                match before.status {
                    NodeStatus::Unstored => {
                        c.stored += 1;
                        c.closed += 1;
                        let words =
                            format!("#{} is expanded but was never generated", self.id(node));
                        self.flag((index, line), node, IssueKind::NeverGenerated, words);
                    }
                    NodeStatus::Open => {
                        c.open -= 1;
                        c.closed += 1;
                    }
                    NodeStatus::Closed => {
                        let words = format!(
                            "#{} is expanded again while closed (not open)",
                            self.id(node)
                        );
                        self.flag((index, line), node, IssueKind::ExpandedNotOpen, words);
                    }
                }
                now.status = NodeStatus::Closed;
                now.expanding = true;
            }
            EventKind::Closing => {
                match before.status {
                    NodeStatus::Open => {
                        c.open -= 1;
                        c.closed += 1;
                        now.status = NodeStatus::Closed;
                    }
                    NodeStatus::Closed if before.expanding => {}
                    NodeStatus::Closed | NodeStatus::Unstored => {
                        let why = if before.status == NodeStatus::Closed {
                            "already closed"
                        } else {
                            "never stored"
                        };
                        let words = format!("#{} is closed but is not open ({why})", self.id(node));
                        self.flag((index, line), node, IssueKind::ClosingNotOpen, words);
                    }
                }
                now.expanding = false;
            }
            EventKind::End => {
                c.ends += 1;
                self.trace.ends.push(node);
            }
        }
        c.max_open = c.max_open.max(c.open);
        self.counts = counts;
        fate
    }

    /// Keeps the state's place (`x`, `y`) and text (`state`), where the event gives them.
    pub(super) fn place(&mut self, node: NodeIx, raw: &RawEvent) {
        let n = node as usize;
        if let (Some(x), Some(y)) = (raw.x.number(), raw.y.number()) {
            if self.trace.places.is_empty() {
                self.heap += self.trace.ids.capacity() * 16;
                self.trace.places = vec![[f64::NAN; 2]; self.trace.ids.len()];
            }
            self.trace.places[n] = [x, y];
        }
        if let Some(state) = &raw.state
            && self
                .trace
                .states
                .get(n)
                .is_none_or(|s| s.as_deref() != Some(state.as_str()))
        {
            if self.trace.states.is_empty() {
                self.heap += self.trace.ids.capacity() * 16;
                self.trace.states = vec![None; self.trace.ids.len()];
            }
            self.heap += state.len();
            self.trace.states[n] = Some(state.as_str().into());
        }
    }
}
