//! The compact record of every step: the pick and each successor's fate, four bytes apiece,
//! and each step's number of successors in a byte.
//!
//! Full [`StepEvent`]s are rebuilt from it together with the notebook; this is what traces save
//! and what time travel replays.

use super::chunked::{ChunkedVec, NarrowVec};
use super::event::{Fate, StepEvent};
use super::notebook::NodeId;

const FATE_SHIFT: u32 = 29;
const ID_MASK: u32 = (1 << FATE_SHIFT) - 1;
const NO_PICK: u32 = u32::MAX;
/// Steps per block: where each block's successors start is kept, and a step's start is found
/// from its block's by adding the counts before it (at most `BLOCK - 1` of them).
const BLOCK: usize = 64;

const FATES: [Fate; 6] = [
    Fate::StoredNew,
    Fate::Improved,
    Fate::Reopened,
    Fate::Kept,
    Fate::NotStoredFull,
    Fate::Pruned,
];

/// A fate's place in [`FATES`], without searching it (this runs for every successor).
const fn code(fate: Fate) -> u32 {
    match fate {
        Fate::StoredNew => 0,
        Fate::Improved => 1,
        Fate::Reopened => 2,
        Fate::Kept => 3,
        Fate::NotStoredFull => 4,
        Fate::Pruned => 5,
    }
}

/// Every step so far, packed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepRecord {
    picks: ChunkedVec<u32>,
    /// Successors recorded at each step.
    counts: NarrowVec,
    /// Where in `fates` each block of [`BLOCK`] steps starts.
    block_starts: ChunkedVec<u32>,
    fates: ChunkedVec<u32>,
}

/// One successor as recorded: its row (or its successor index when it has none) and fate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub target: u32,
    pub fate: Fate,
}

impl StepRecord {
    /// Appends a step.
    pub fn record(&mut self, event: &StepEvent) {
        if self.picks.len().is_multiple_of(BLOCK) {
            self.block_starts
                .push(u32::try_from(self.fates.len()).expect("fewer than 4 billion fates"));
        }
        self.picks
            .push(event.pick.as_ref().map_or(NO_PICK, |p| p.id));
        for s in &event.successors {
            let target = s.id.unwrap_or(s.index);
            debug_assert!(target <= ID_MASK, "row ids beyond 2^29 cannot be logged");
            self.fates.push(target | (code(s.fate) << FATE_SHIFT));
        }
        self.counts
            .push(u32::try_from(event.successors.len()).expect("fewer than 4 billion successors"));
    }

    /// Steps recorded.
    #[must_use]
    pub fn len(&self) -> usize {
        self.picks.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.picks.is_empty()
    }

    /// The row picked at step `index` (0-based).
    #[must_use]
    pub fn pick(&self, index: usize) -> Option<NodeId> {
        let p = self.picks[index];
        (p != NO_PICK).then_some(p)
    }

    /// The successors recorded at step `index` (0-based).
    pub fn successors(&self, index: usize) -> impl Iterator<Item = Recorded> + '_ {
        let start = self.start_of(index);
        (start..start + self.counts.get(index) as usize)
            .map(|i| self.fates[i])
            .map(|packed| Recorded {
                target: packed & ID_MASK,
                fate: FATES[(packed >> FATE_SHIFT) as usize],
            })
    }

    /// Where step `index`'s successors start in `fates` (for `index` up to the steps recorded).
    fn start_of(&self, index: usize) -> usize {
        let block = index / BLOCK;
        let Some(&block_start) = self.block_starts.get(block) else {
            return self.fates.len();
        };
        block_start as usize
            + (block * BLOCK..index)
                .map(|i| self.counts.get(i) as usize)
                .sum::<usize>()
    }

    /// Forgets steps after the first `len`.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.len() {
            return;
        }
        let end = self.start_of(len);
        self.picks.truncate(len);
        self.counts.truncate(len);
        self.block_starts.truncate(len.div_ceil(BLOCK));
        self.fates.truncate(end);
    }

    /// Bytes a copy shares instead of copying (the record only grows, so all its full chunks).
    #[must_use]
    pub fn shared_bytes(&self) -> usize {
        self.picks.shared_bytes()
            + self.counts.shared_bytes()
            + self.block_starts.shared_bytes()
            + self.fates.shared_bytes()
    }

    /// Bytes held (for the memory figures).
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.picks.bytes() + self.counts.bytes() + self.block_starts.bytes() + self.fates.bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::event::SuccessorEvent;

    #[test]
    fn steps_round_trip_through_the_packing() {
        let mut log = StepRecord::default();
        let event = StepEvent {
            step: 1,
            successors: vec![
                SuccessorEvent {
                    id: Some(7),
                    index: 0,
                    fate: Fate::StoredNew,
                },
                SuccessorEvent {
                    id: None,
                    index: 1,
                    fate: Fate::Pruned,
                },
                SuccessorEvent {
                    id: Some(3),
                    index: 2,
                    fate: Fate::Reopened,
                },
            ],
            ..StepEvent::default()
        };
        log.record(&event);
        log.record(&StepEvent::default());
        assert_eq!(log.len(), 2);
        assert_eq!(log.pick(0), None);
        let got: Vec<_> = log.successors(0).map(|r| (r.target, r.fate)).collect();
        assert_eq!(
            got,
            vec![(7, Fate::StoredNew), (1, Fate::Pruned), (3, Fate::Reopened)]
        );
        assert_eq!(log.successors(1).count(), 0);
        for fate in FATES {
            assert_eq!(
                FATES[code(fate) as usize],
                fate,
                "{fate} packs to its own code"
            );
        }
        log.truncate(1);
        assert_eq!(log.len(), 1);
    }
}
