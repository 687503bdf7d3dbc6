//! Time travel over one search: step forward, step back, go to any step taken.
//!
//! The idea is Redux DevTools': the history is the log of recorded steps plus committed copies
//! of the search ("keyframes") every `interval` steps. Going to step N restores a nearby
//! keyframe and replays forward (or undoes back) to N. The search is deterministic, so a
//! replayed step must equal the recorded one; every replayed step is checked against the
//! record, and a difference is an error, never a silent change of history.
//!
//! The record is the search's own: at the last step taken the timeline holds no second copy.
//! When the search goes back, the timeline keeps the record as it was (sharing its full chunks)
//! until the search stands at the last step again.
//!
//! A keyframe shares the full chunks of the notebook's rows, of the step record and of the open
//! list's queues with the search it was copied from (copy on write, see [`super::chunked`] and
//! `open_list/cow_queue.rs`), and holds no hash index at all: a copy restored from it takes the
//! live search's ([`Session::keyframe`], [`Session::adopt`]). What it copies whole
//! ([`Session::snapshot_bytes`]: the statuses, the open list's buckets, a deep search's stack)
//! is held under a byte budget: when the keyframes' total exceeds it, every other keyframe is
//! dropped and the interval doubles. Seeking then costs one copy of a keyframe plus at most
//! `interval` replayed steps, or less (see `benches/timeline.rs` for measured times, and the
//! README's time-travel section).
//!
//! Going back a little is cheaper still: a search whose strategy can undo a step
//! ([`Session::rewind`]: best-first searches, over steps that reopened or improved nothing) is
//! wound back in place, with no copy, at a few times the cost of replaying the same number of
//! steps ([`UNDONE_STEP_NS`]).
//!
//! A timeline is not itself a search: it owns one and moves it, and every move says whether it
//! went ([`TimelineError`]). Faces read the search through [`Timeline::view`].

use super::event::StepEvent;
use super::session::{Session, SessionKind};
use super::step_record::StepRecord;
use super::view::SearchView;

/// Steps between keyframes before any thinning.
pub const DEFAULT_INTERVAL: u64 = 1024;

/// Nanoseconds of CPU one replayed step takes, as seeks weigh it against undoing and copying.
/// Measured with the timeline bench (Dijkstra on a 15-puzzle, release build, on-CPU time over
/// the last tenth of the search, five runs on a loaded machine): 0.8–1.6 µs a step at 100,000
/// steps, 1.7–2.5 µs at 1,000,000.
pub const REPLAYED_STEP_NS: u64 = 1_600;

/// Nanoseconds of CPU one undone step takes (the same runs): 1.6–2.8 µs at 100,000 steps,
/// 1.4–2.7 µs at 1,000,000; at 1,000,000 about what a replayed one costs (0.7–1.2× in each
/// run), at 100,000 1–3×.
pub const UNDONE_STEP_NS: u64 = 1_800;

/// Bytes of keyframe copied per nanosecond when a seek restores one (a plain copy of memory).
pub const COPIED_BYTES_PER_NS: usize = 4;

/// Nanoseconds a restore takes beyond its bytes: sharing the chunks, adopting the hash index,
/// dropping the search it replaces, copying the chunks the next steps write into. The bench's
/// jump to a keyframe at 1,000,000 steps took 0.3 ms (wall, loaded machine), at 100,000 0.08.
pub const RESTORE_NS: u64 = 150_000;

/// Bytes all keyframes together may hold before they are thinned out.
pub const DEFAULT_BUDGET: usize = 1 << 30;

/// Bytes keyframes may hold per step taken, beyond [`KEYFRAME_FLOOR`], before they are thinned
/// out too (up to [`MAX_THINNED_INTERVAL`]). A deep search (IDA*, backtracking) takes hundreds
/// of thousands of steps over a few hundred rows: each keyframe is small, but one every 1024
/// steps would hold more than the search and its record together.
pub const KEYFRAME_BYTES_PER_STEP: usize = 2;

/// Keyframe bytes always allowed, however few the steps (small searches keep every keyframe).
pub const KEYFRAME_FLOOR: usize = 64 << 10;

/// The longest interval [`KEYFRAME_BYTES_PER_STEP`] thins keyframes to: a seek then replays at
/// most this many steps (about 10 ms at the 1–1.5 µs a replayed step takes). Only the byte
/// budget thins further.
pub const MAX_THINNED_INTERVAL: u64 = 8192;

/// Why the timeline could not go where it was asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimelineError {
    /// A replayed step differed from the recorded one: the search is not deterministic.
    #[error(
        "step {0} replayed differently from the recorded step (the search is not deterministic)"
    )]
    Diverged(u64),
    /// The timeline was given a search already past the step asked for, and keeps no copy of
    /// it from before.
    #[error("the timeline starts at step {0}: it cannot go back before it")]
    BeforeStart(u64),
}

/// A search that can go back in time. Faces read [`Timeline::view`] for everything they show
/// and call [`Timeline::step`], [`Timeline::step_back`] and [`Timeline::go_to`] to move. It holds
/// a session of kind `S` ([`SessionKind`]): plain sessions, or a layer above's extension of them,
/// whose view [`Timeline::view`] then hands out.
pub struct Timeline<S: ?Sized + SessionKind = dyn Session> {
    current: Box<S>,
    /// Copies of the search, in step order; the first is the search as it was given.
    keyframes: Vec<Keyframe<S>>,
    interval: u64,
    budget: usize,
    keyframe_bytes: usize,
    /// Every step taken so far, kept only while the current search stands before the last of
    /// them (after going back). At the last step the search's own record is the whole history,
    /// so it is not held twice.
    ahead: Option<StepRecord>,
}

impl<S: ?Sized + SessionKind> Timeline<S> {
    /// A timeline over `session` with the default keyframe interval and budget.
    #[must_use]
    pub fn new(session: Box<S>) -> Timeline<S> {
        Timeline::with_limits(session, DEFAULT_INTERVAL, DEFAULT_BUDGET)
    }

    /// A timeline with a keyframe every `interval` steps (at least 1) and at most `budget` bytes
    /// of keyframes before they are thinned, and never more than a quarter of the search's
    /// memory budget (which counts the keyframes and the record too, see
    /// [`Session::hold_elsewhere`]).
    #[must_use]
    pub fn with_limits(mut session: Box<S>, interval: u64, budget: usize) -> Timeline<S> {
        let budget = budget.min(session.view().settings().max_memory.bytes() / 4);
        let first = Keyframe::of(&mut *session);
        Timeline {
            ahead: None,
            keyframe_bytes: first.bytes,
            keyframes: vec![first],
            current: session,
            interval: interval.max(1),
            budget,
        }
    }

    /// The search as it is at the current step, read-only: what every face shows.
    #[must_use]
    pub fn view(&self) -> &S::View<'_> {
        self.current.kind_view()
    }

    /// A keyframe of the search at the current step, as the timeline keeps it (the timeline
    /// bench times it): restore a copy of it with [`Session::adopt`] before using it.
    #[must_use]
    pub fn keyframe(&mut self) -> Box<S> {
        self.current.kind_keyframe()
    }

    /// The current step.
    #[must_use]
    pub fn steps(&self) -> u64 {
        self.view().steps()
    }

    /// Steps recorded so far: the furthest the search has been.
    #[must_use]
    pub fn recorded_steps(&self) -> u64 {
        self.record().len() as u64
    }

    /// Every recorded step, packed, including those after the current one.
    #[must_use]
    pub fn record(&self) -> &StepRecord {
        self.ahead
            .as_ref()
            .unwrap_or_else(|| self.current.view().step_record())
    }

    /// Before the current search goes back: keeps the steps it would forget.
    fn keep_ahead(&mut self) {
        if self.ahead.is_none() {
            self.ahead = Some(self.current.view().step_record().clone());
        }
    }

    /// Once the current search has come back to the last recorded step, its record is the
    /// whole history again.
    fn forget_ahead_when_caught_up(&mut self) {
        let now = self.current.view().step_record().len();
        if self.ahead.as_ref().is_some_and(|ahead| ahead.len() <= now) {
            self.ahead = None;
        }
    }

    /// The keyframe interval now (it doubles when keyframes are thinned).
    #[must_use]
    pub fn interval(&self) -> u64 {
        self.interval
    }

    /// Keyframes held and their bytes.
    #[must_use]
    pub fn keyframes(&self) -> (usize, usize) {
        (self.keyframes.len(), self.keyframe_bytes)
    }

    /// Does one step: a recorded one replayed (and checked) when in the past, a new one at the
    /// end. After the outcome, nothing changes.
    ///
    /// # Errors
    /// [`TimelineError::Diverged`] when a replayed step differs from the record.
    pub fn step(&mut self) -> Result<&StepEvent, TimelineError> {
        if self.view().outcome().is_some() {
            return Ok(self.view().last_event());
        }
        let index = usize::try_from(self.steps()).expect("steps fit in usize");
        self.forget_ahead_when_caught_up();
        if self.ahead.is_none() {
            // A new step counts what the timeline holds now (the search counts its own
            // record). A replayed one keeps the count its keyframe had when it was taken
            // (before the record grew), so the budget does not cut a replay short of the steps
            // recorded.
            self.current.hold_elsewhere(self.keyframe_bytes);
        }
        self.current.step();
        if let Some(ahead) = &self.ahead
            && !same_step(self.current.view().step_record(), ahead, index)
        {
            return Err(TimelineError::Diverged(index as u64 + 1));
        }
        self.keep_keyframe();
        Ok(self.view().last_event())
    }

    /// Goes back one step (nothing at step 0).
    ///
    /// # Errors
    /// See [`Timeline::go_to`].
    pub fn step_back(&mut self) -> Result<(), TimelineError> {
        match self.steps() {
            0 => Ok(()),
            now => self.go_to(now - 1).map(|_| ()),
        }
    }

    /// Goes to step `target` by the cheapest of: from the current step (replaying forward, or
    /// undoing back in place), from the keyframe after it (a copy, then undoing back) or from
    /// the keyframe at or before it (a copy, then replaying forward), each weighed by its
    /// measured time ([`REPLAYED_STEP_NS`], [`UNDONE_STEP_NS`], [`COPIED_BYTES_PER_NS`],
    /// [`RESTORE_NS`]). Recorded steps are replayed and
    /// checked; past the record, new steps are taken. Stops early at the search's end; returns
    /// the step reached.
    ///
    /// # Errors
    /// [`TimelineError::BeforeStart`] going back before the step the timeline was given its
    /// search at, when the steps between cannot be undone; [`TimelineError::Diverged`] when a
    /// replayed step differs from the record.
    pub fn go_to(&mut self, target: u64) -> Result<u64, TimelineError> {
        let reached = self.go_towards(target);
        self.forget_ahead_when_caught_up();
        reached
    }

    /// [`Timeline::go_to`], leaving the steps ahead kept.
    fn go_towards(&mut self, target: u64) -> Result<u64, TimelineError> {
        let now = self.steps();
        if target < self.recorded_steps() {
            self.keep_ahead();
        }
        let at = |i: usize| self.keyframes[i].steps;
        let copy = |i: usize| RESTORE_NS + (self.keyframes[i].bytes / COPIED_BYTES_PER_NS) as u64;
        let replay = |steps: u64| steps.saturating_mul(REPLAYED_STEP_NS);
        let undo = |steps: u64| steps.saturating_mul(UNDONE_STEP_NS);
        // Keyframes are in step order (a seek at a million steps searches a thousand).
        let first_after = self.keyframes.partition_point(|k| k.steps <= target);
        let before = first_after.checked_sub(1);
        let after = (first_after < self.keyframes.len()).then_some(first_after);
        let here = if target >= now {
            replay(target - now)
        } else {
            undo(now - target)
        };
        let from_before =
            before.map_or(u64::MAX, |i| copy(i).saturating_add(replay(target - at(i))));
        let from_after = after.map_or(u64::MAX, |i| copy(i).saturating_add(undo(at(i) - target)));
        // Whether the current search now stands at or before the target on its way there.
        let mut placed = false;
        if here <= from_before.min(from_after) {
            placed = target >= now || self.undo_to(target)?;
        } else if let Some(i) = after.filter(|_| from_after < from_before) {
            let copy = self.restore(i);
            let mut here = std::mem::replace(&mut self.current, copy);
            placed = self.undo_to(target)?;
            if !placed {
                here.adopt(self.current.as_session_mut());
                self.current = here;
            }
        }
        if !placed && (target < now || from_before < here) {
            let start = self.keyframes[0].steps;
            let i = before.ok_or(TimelineError::BeforeStart(start))?;
            self.current = self.restore(i);
        }
        while self.steps() < target && self.view().outcome().is_none() {
            self.step()?;
        }
        Ok(self.steps())
    }

    /// A copy of keyframe `i` to go on from, made whole with what the current search holds.
    fn restore(&mut self, i: usize) -> Box<S> {
        let mut copy = self.keyframes[i].search.kind_snapshot();
        copy.adopt(self.current.as_session_mut());
        copy
    }

    /// Undoes steps of the current search in place back to `target` ([`Session::rewind`]),
    /// if the steps between allow it, and checks the step taken again against the record.
    fn undo_to(&mut self, target: u64) -> Result<bool, TimelineError> {
        if !self.current.rewind(target) {
            return Ok(false);
        }
        let index = usize::try_from(target - 1).expect("steps fit in usize");
        if !same_step(self.view().step_record(), self.record(), index) {
            return Err(TimelineError::Diverged(target));
        }
        Ok(true)
    }

    /// Takes a keyframe on the interval beyond the last one, and thins them over budget.
    fn keep_keyframe(&mut self) {
        let now = self.steps();
        let last = self.keyframes.last().map_or(0, |k| k.steps);
        if !now.is_multiple_of(self.interval) || now <= last {
            return;
        }
        let copy = Keyframe::of(&mut *self.current);
        self.keyframe_bytes += copy.bytes;
        self.keyframes.push(copy);
        while (self.keyframe_bytes > self.budget || self.over_allowance())
            && self.keyframes.len() > 2
        {
            self.interval *= 2;
            let interval = self.interval;
            let mut first = true;
            self.keyframes
                .retain(|k| std::mem::take(&mut first) || k.steps.is_multiple_of(interval));
            self.keyframe_bytes = self.keyframes.iter().map(|k| k.bytes).sum();
        }
    }
}

impl<S: ?Sized + SessionKind> Timeline<S> {
    /// Whether the keyframes hold more than their allowance per step taken, at an interval
    /// that may still grow for it. Only a search that has taken more steps than it holds rows
    /// (a deep one) is held to it: a best-first search stores a row or more for nearly every
    /// step, so its keyframes grow with its notebook, not with its steps, and thinning them for
    /// steps would lengthen every jump (a 100,000-step Dijkstra went from a keyframe every
    /// 1,024 steps to every 8,192); the byte budget alone thins them.
    fn over_allowance(&self) -> bool {
        let steps = usize::try_from(self.steps()).unwrap_or(usize::MAX);
        self.view().rows() < steps
            && self.interval < MAX_THINNED_INTERVAL
            && self.keyframe_bytes
                > KEYFRAME_BYTES_PER_STEP
                    .saturating_mul(steps)
                    .saturating_add(KEYFRAME_FLOOR)
    }
}

/// A copy of the search kept to restore, with what it holds on its own.
struct Keyframe<S: ?Sized> {
    search: Box<S>,
    /// The step it was taken at.
    steps: u64,
    /// [`Session::snapshot_bytes`], counted once (a best-first search counts its buckets).
    bytes: usize,
}

impl<S: ?Sized + SessionKind> Keyframe<S> {
    fn of(live: &mut S) -> Keyframe<S> {
        let search = live.kind_keyframe();
        let bytes = search.snapshot_bytes();
        Keyframe {
            steps: search.view().steps(),
            search,
            bytes,
        }
    }
}

/// Whether step `index` (0-based) is the same in both logs.
fn same_step(a: &StepRecord, b: &StepRecord, index: usize) -> bool {
    a.len() > index && b.len() > index && a.step(index) == b.step(index)
}
