//! Events that contradict each other (or the run model): kept with the event's place in the
//! file and the words that say what is wrong. A trace with issues still loads.

use super::event::NodeIx;
use serde::Serialize;

/// The first this many issues are kept with their words; later ones are only counted.
pub const MAX_LISTED: usize = 10_000;

/// What is wrong with an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IssueKind {
    /// A stored state's h (its own, or f − g) changed at an event other than `updating`.
    HChanged,
    /// A stored state's g changed at an event other than `updating`.
    GChanged,
    /// A state generated or updated with a g below its parent's (a negative step cost).
    GBelowParent,
    /// An `expanding` (or `updating`) of a state never generated.
    NeverGenerated,
    /// An `expanding` of a state already closed.
    ExpandedNotOpen,
    /// A `closing` of a state that is neither open nor just expanded.
    ClosingNotOpen,
    /// A `pId` naming a state never stored.
    UnknownParent,
    /// An event without an `id`: skipped.
    NoId,
    /// A g, f, h, x or y that is not a number: left blank.
    NotANumber,
}

impl IssueKind {
    pub const ALL: [IssueKind; 9] = [
        IssueKind::HChanged,
        IssueKind::GChanged,
        IssueKind::GBelowParent,
        IssueKind::NeverGenerated,
        IssueKind::ExpandedNotOpen,
        IssueKind::ClosingNotOpen,
        IssueKind::UnknownParent,
        IssueKind::NoId,
        IssueKind::NotANumber,
    ];

    /// The name used in JSON.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            IssueKind::HChanged => "h_changed",
            IssueKind::GChanged => "g_changed",
            IssueKind::GBelowParent => "g_below_parent",
            IssueKind::NeverGenerated => "never_generated",
            IssueKind::ExpandedNotOpen => "expanded_not_open",
            IssueKind::ClosingNotOpen => "closing_not_open",
            IssueKind::UnknownParent => "unknown_parent",
            IssueKind::NoId => "no_id",
            IssueKind::NotANumber => "not_a_number",
        }
    }
}

/// One contradiction.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Inconsistency {
    /// The event's place in the file's `events` list (0 first).
    pub event: u32,
    /// The line it starts on (0: not known).
    pub line: u32,
    /// The state it names (`None`: the event had no id).
    pub node: Option<NodeIx>,
    /// What kind of contradiction.
    pub kind: IssueKind,
    /// What is wrong, in words.
    pub words: String,
}

/// The contradictions of a trace: the first [`MAX_LISTED`] in full, all counted by kind.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Issues {
    pub listed: Vec<Inconsistency>,
    counts: [u64; IssueKind::ALL.len()],
    bytes: usize,
}

impl Issues {
    pub(super) fn note(
        &mut self,
        event: u32,
        line: u32,
        node: Option<NodeIx>,
        kind: IssueKind,
        words: String,
    ) {
        self.counts[kind as usize] += 1;
        if self.listed.len() < MAX_LISTED {
            self.bytes += size_of::<Inconsistency>() + words.len();
            self.listed.push(Inconsistency {
                event,
                line,
                node,
                kind,
                words,
            });
        }
    }

    /// How many issues of `kind` there are (listed or not).
    #[must_use]
    pub fn count(&self, kind: IssueKind) -> u64 {
        self.counts[kind as usize]
    }

    /// How many issues there are in all.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    pub(super) fn bytes(&self) -> usize {
        self.bytes
    }
}
