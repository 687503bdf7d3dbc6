//! One step as the record hands it out: the pick and each successor's fate.

use crate::engine::event::{Fate, SuccessorEvent};
use crate::engine::notebook::NodeId;

/// One step as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedStep {
    pub pick: Option<NodeId>,
    pub successors: Vec<Recorded>,
    /// How much the step raised the largest open size.
    pub max_open_rise: u32,
}

/// One successor as recorded: its row (or its successor index when it has none) and fate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub target: u32,
    pub fate: Fate,
    /// A kept successor whose row is not written: `target` is its place among the step's
    /// successors, and its row is the one holding its state ([`StepRecord::finding_kept`]).
    pub found: bool,
}

impl Recorded {
    pub(super) fn new(target: u32, fate: Fate) -> Recorded {
        Recorded {
            target,
            fate,
            found: false,
        }
    }

    /// The successor's row, if it has one. A found one's is read from `by_state`, the rows
    /// holding its step's successors' states, which `successor_rows` makes the first time one
    /// of the step's successors needs them (callers keep `by_state` for the step).
    pub fn row(
        self,
        by_state: &mut Option<Vec<Option<NodeId>>>,
        successor_rows: impl FnOnce() -> Vec<Option<NodeId>>,
    ) -> Option<NodeId> {
        if self.found {
            let rows = by_state.get_or_insert_with(successor_rows);
            rows.get(self.target as usize).copied().flatten()
        } else {
            self.fate.has_row().then_some(self.target)
        }
    }

    /// The successor's event, it being the step's `index`-th successor (its row as
    /// [`Recorded::row`] finds it).
    #[must_use]
    pub fn event(
        self,
        index: u32,
        by_state: &mut Option<Vec<Option<NodeId>>>,
        successor_rows: impl FnOnce() -> Vec<Option<NodeId>>,
    ) -> SuccessorEvent {
        SuccessorEvent {
            id: self.row(by_state, successor_rows),
            index,
            fate: self.fate,
        }
    }
}
