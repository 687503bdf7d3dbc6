//! Time travel over one search: step forward, step back, go to any step taken.
//!
//! The idea is Redux DevTools': the history is the log of recorded steps plus committed copies
//! of the search ("keyframes") every `interval` steps. Going to step N restores a nearby
//! keyframe and replays forward (or undoes back) to N. The search is deterministic, so a
//! replayed step must equal the recorded one; every replayed step is checked against the
//! record, and a difference is an error, never a silent change of history.
//!
//! Keyframes of a big notebook are big (a copy of every row and of the open list), so their
//! total size is held under a byte budget: when it is exceeded, every other keyframe is dropped
//! and the interval doubles. Seeking then costs one copy of a keyframe plus at most `interval`
//! replayed steps, or less (see `benches/timeline.rs` and `docs/REPLAY.md` for measured times).
//!
//! Going back a little is cheaper still: a search whose strategy can undo a step
//! ([`Session::rewind`]: best-first searches, over steps that reopened or improved nothing) is
//! wound back in place, at about the cost of replaying the same number of steps, with no copy.

use super::event::{Counts, Outcome, Pick, StepEvent};
use super::log::Log;
use super::session::Session;
use super::settings::{Heuristic, Settings};
use super::store::NodeId;
use super::view::{BoardView, Row};

/// Steps between keyframes before any thinning.
pub const DEFAULT_INTERVAL: u64 = 1024;

/// Bytes of keyframe copied in the time one step is replayed or undone: how seeks weigh a copy
/// against stepping. Measured on a 15-puzzle at 1,000,000 steps: a 150 MiB copy took 17 ms, a
/// replayed step 0.9 µs, an undone one 0.4 µs (about 8 KB per step); under heavy load from
/// parallel builds 90 ms, 1.7 µs and 1.2 µs (about 3 KB).
pub const COPY_BYTES_PER_STEP: usize = 6000;

/// Bytes all keyframes together may hold before they are thinned out.
pub const DEFAULT_BUDGET: usize = 1 << 30;

/// Why the timeline could not go where it was asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimelineError {
    /// A replayed step differed from the recorded one: the search is not deterministic.
    #[error(
        "step {0} replayed differently from the recorded step (the search is not deterministic)"
    )]
    Diverged(u64),
    /// The session cannot be copied, so there is no keyframe to go back to.
    #[error("this search cannot be copied, so it cannot step back")]
    NoKeyframe,
}

/// A search that can go back in time. Faces drive [`Timeline::session`] for everything they
/// show and call [`Timeline::step`], [`Timeline::step_back`] and [`Timeline::go_to`] to move.
pub struct Timeline {
    current: Box<dyn Session>,
    /// Copies of the search, in step order; the first is the search as it was given.
    keyframes: Vec<Box<dyn Session>>,
    interval: u64,
    budget: usize,
    keyframe_bytes: usize,
    /// Every step taken so far, including those after the current one.
    record: Log,
    /// The first replayed step that differed from the record, met while driven as a plain
    /// [`Session`] (whose `step` cannot return an error).
    diverged: Option<TimelineError>,
}

impl Timeline {
    /// A timeline over `session` with the default keyframe interval and budget.
    #[must_use]
    pub fn new(session: Box<dyn Session>) -> Timeline {
        Timeline::with_limits(session, DEFAULT_INTERVAL, DEFAULT_BUDGET)
    }

    /// A timeline with a keyframe every `interval` steps (at least 1) and at most `budget` bytes
    /// of keyframes before they are thinned, and never more than a quarter of the search's
    /// memory budget (which counts the keyframes and the record too, see
    /// [`Session::hold_elsewhere`]).
    #[must_use]
    pub fn with_limits(session: Box<dyn Session>, interval: u64, budget: usize) -> Timeline {
        let budget = budget.min(session.settings().max_memory.bytes() / 4);
        let keyframes: Vec<_> = session.snapshot().into_iter().collect();
        let keyframe_bytes = keyframes.iter().map(|k| k.memory_bytes()).sum();
        Timeline {
            record: session.log().clone(),
            current: session,
            keyframes,
            interval: interval.max(1),
            budget,
            keyframe_bytes,
            diverged: None,
        }
    }

    /// The divergence met by a [`Session::step`] on this timeline, if any (the search is not
    /// deterministic; the timeline then shows the new step, not the recorded one).
    #[must_use]
    pub fn diverged(&self) -> Option<&TimelineError> {
        self.diverged.as_ref()
    }

    /// The search as it is at the current step.
    #[must_use]
    pub fn session(&self) -> &dyn Session {
        self.current.as_ref()
    }

    /// The current step.
    #[must_use]
    pub fn steps(&self) -> u64 {
        self.current.steps()
    }

    /// Steps recorded so far: the furthest the search has been.
    #[must_use]
    pub fn recorded_steps(&self) -> u64 {
        self.record.len() as u64
    }

    /// Every recorded step, packed.
    #[must_use]
    pub fn record(&self) -> &Log {
        &self.record
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
        if self.current.outcome().is_some() {
            return Ok(self.current.last_event());
        }
        let index = usize::try_from(self.current.steps()).expect("steps fit in usize");
        if index >= self.record.len() {
            // A new step counts what the timeline holds now. A replayed one keeps the count
            // its keyframe had when it was taken (before the record grew), so the budget does
            // not cut a replay short of the steps recorded.
            self.current
                .hold_elsewhere(self.keyframe_bytes.saturating_add(self.record.bytes()));
        }
        self.current.step();
        if index < self.record.len() {
            if !same_step(self.current.log(), &self.record, index) {
                return Err(TimelineError::Diverged(index as u64 + 1));
            }
        } else {
            self.record.record(self.current.last_event());
        }
        self.keep_keyframe();
        Ok(self.current.last_event())
    }

    /// Goes back one step (nothing at step 0).
    ///
    /// # Errors
    /// See [`Timeline::go_to`].
    pub fn step_back(&mut self) -> Result<(), TimelineError> {
        match self.current.steps() {
            0 => Ok(()),
            now => self.go_to(now - 1).map(|_| ()),
        }
    }

    /// Goes to step `target` by the cheapest of: from the current step (replaying forward, or
    /// undoing back in place), from the keyframe after it (a copy, then undoing back) or from
    /// the keyframe at or before it (a copy, then replaying forward). A keyframe copy is
    /// counted as one step per [`COPY_BYTES_PER_STEP`] bytes. Recorded steps are replayed and
    /// checked; past the record, new steps are taken. Stops early at the search's end; returns
    /// the step reached.
    ///
    /// # Errors
    /// [`TimelineError::NoKeyframe`] going back in a search that can neither undo nor be
    /// copied; [`TimelineError::Diverged`] when a replayed step differs from the record.
    pub fn go_to(&mut self, target: u64) -> Result<u64, TimelineError> {
        let now = self.current.steps();
        let at = |i: usize| self.keyframes[i].steps();
        let copy = |i: usize| (self.keyframes[i].memory_bytes() / COPY_BYTES_PER_STEP) as u64;
        let before = self.keyframes.iter().rposition(|k| k.steps() <= target);
        let after = self.keyframes.iter().position(|k| k.steps() > target);
        let here = now.abs_diff(target);
        let from_before = before.map_or(u64::MAX, |i| copy(i).saturating_add(target - at(i)));
        let from_after = after.map_or(u64::MAX, |i| copy(i).saturating_add(at(i) - target));
        // Whether the current search now stands at or before the target on its way there.
        let mut placed = false;
        if here <= from_before.min(from_after) {
            placed = target >= now || self.undo_to(target)?;
        } else if let Some(i) = after.filter(|_| from_after < from_before) {
            let copy = self.keyframes[i]
                .snapshot()
                .ok_or(TimelineError::NoKeyframe)?;
            let here = std::mem::replace(&mut self.current, copy);
            placed = self.undo_to(target)?;
            if !placed {
                self.current = here;
            }
        }
        if !placed && (target < now || from_before < here) {
            let i = before.ok_or(TimelineError::NoKeyframe)?;
            self.current = self.keyframes[i]
                .snapshot()
                .ok_or(TimelineError::NoKeyframe)?;
        }
        while self.current.steps() < target && self.current.outcome().is_none() {
            self.step()?;
        }
        Ok(self.current.steps())
    }

    /// Undoes steps of the current search in place back to `target` ([`Session::rewind`]),
    /// if the steps between allow it, and checks the step taken again against the record.
    fn undo_to(&mut self, target: u64) -> Result<bool, TimelineError> {
        if !self.current.rewind(target) {
            return Ok(false);
        }
        let index = usize::try_from(target - 1).expect("steps fit in usize");
        if !same_step(self.current.log(), &self.record, index) {
            return Err(TimelineError::Diverged(target));
        }
        Ok(true)
    }

    /// Takes a keyframe on the interval beyond the last one, and thins them over budget.
    fn keep_keyframe(&mut self) {
        let now = self.current.steps();
        let last = self.keyframes.last().map_or(0, |k| k.steps());
        if !now.is_multiple_of(self.interval) || now <= last {
            return;
        }
        let Some(copy) = self.current.snapshot() else {
            return;
        };
        self.keyframe_bytes += copy.memory_bytes();
        self.keyframes.push(copy);
        while self.keyframe_bytes > self.budget && self.keyframes.len() > 2 {
            self.interval *= 2;
            let interval = self.interval;
            let mut first = true;
            self.keyframes
                .retain(|k| std::mem::take(&mut first) || k.steps().is_multiple_of(interval));
            self.keyframe_bytes = self.keyframes.iter().map(|k| k.memory_bytes()).sum();
        }
    }
}

/// A timeline is itself a session: the search at its current step, stepped forward through the
/// record. So a face that shows a `Box<dyn Session>` can hold a timeline there unchanged, and
/// reach the time-travel controls with [`Session::timeline_mut`].
impl Session for Timeline {
    fn step(&mut self) -> &StepEvent {
        if let Err(e) = Timeline::step(self).map(|_| ()) {
            self.diverged.get_or_insert(e);
        }
        self.current.last_event()
    }
    fn steps(&self) -> u64 {
        self.current.steps()
    }
    fn outcome(&self) -> Option<&Outcome> {
        self.current.outcome()
    }
    fn counts(&self) -> Counts {
        self.current.counts()
    }
    fn settings(&self) -> &Settings {
        self.current.settings()
    }
    fn rows(&self) -> usize {
        self.current.rows()
    }
    fn row(&self, id: NodeId) -> Row {
        self.current.row(id)
    }
    fn state_text(&self, id: NodeId) -> String {
        self.current.state_text(id)
    }
    fn board(&self, id: NodeId) -> BoardView {
        self.current.board(id)
    }
    fn start_board(&self) -> BoardView {
        self.current.start_board()
    }
    fn open_order(&self) -> Vec<NodeId> {
        self.current.open_order()
    }
    fn next_pick(&self) -> Option<Pick> {
        self.current.next_pick()
    }
    fn route(&self, id: NodeId) -> Vec<NodeId> {
        self.current.route(id)
    }
    fn move_label(&self, from: NodeId, to: NodeId) -> String {
        self.current.move_label(from, to)
    }
    fn solution(&self) -> Option<Vec<NodeId>> {
        self.current.solution()
    }
    fn last_event(&self) -> &StepEvent {
        self.current.last_event()
    }
    fn event_lines(&self, event: &StepEvent) -> Vec<String> {
        self.current.event_lines(event)
    }
    fn log(&self) -> &Log {
        self.current.log()
    }
    fn strategy_status(&self) -> Option<String> {
        self.current.strategy_status()
    }
    fn cutoff(&self) -> Option<super::algo::backtracking::Cutoff> {
        self.current.cutoff()
    }
    fn memory_bytes(&self) -> usize {
        self.current.memory_bytes()
    }
    fn candidates(&self) -> Option<u128> {
        self.current.candidates()
    }
    fn places(&self) -> Vec<Option<usize>> {
        self.current.places()
    }
    fn position(&self, id: NodeId) -> Option<(i64, i64)> {
        self.current.position(id)
    }
    /// Goes back through the timeline (keyframes or undo), so it always works.
    fn rewind(&mut self, target: u64) -> bool {
        target <= self.current.steps() && self.go_to(target) == Ok(target)
    }
    fn heuristics(&self) -> &'static [Heuristic] {
        self.current.heuristics()
    }
    fn heuristic_warnings(&self) -> Vec<super::heuristic_check::HeuristicWarning> {
        self.current.heuristic_warnings()
    }
    fn open_key(&self, id: NodeId) -> Option<crate::engine::frontier::Key> {
        self.current.open_key(id)
    }
    fn statuses(&self) -> Vec<crate::engine::store::Status> {
        self.current.statuses()
    }
    fn timeline(&self) -> Option<&Timeline> {
        Some(self)
    }
    fn timeline_mut(&mut self) -> Option<&mut Timeline> {
        Some(self)
    }
}

/// Whether step `index` (0-based) is the same in both logs.
fn same_step(a: &Log, b: &Log, index: usize) -> bool {
    a.len() > index && a.pick(index) == b.pick(index) && a.successors(index).eq(b.successors(index))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Scenario, SearchSpec};
    use proptest::prelude::*;
    use std::path::Path;

    /// A fresh session of a sliding puzzle (3×3 packs in a u64, 5×5 in a u128: two state types).
    fn puzzle(width: usize, start: &[u8]) -> Box<dyn Session> {
        let text = format!(
            "Scenario(problem: SlidingPuzzle(width: {width}, height: {width}, start: {start:?}), \
             search: (algorithm: AStar, max_states: 100000))"
        );
        Scenario::parse(&text, "test", Path::new("."))
            .unwrap()
            .session(&SearchSpec::default())
            .unwrap()
    }

    fn seed() -> Box<dyn Session> {
        puzzle(3, &[5, 4, 2, 7, 0, 3, 8, 1, 6])
    }

    #[test]
    fn a_timeline_answers_as_its_search_would() {
        let mut plain = seed();
        let mut t: Box<dyn Session> = Box::new(Timeline::new(seed()));
        for _ in 0..5 {
            plain.step();
            t.step();
        }
        assert!(plain.open_key(1).is_some());
        for id in 0..u32::try_from(plain.rows()).unwrap() {
            assert_eq!(t.open_key(id), plain.open_key(id));
        }
        assert_eq!(t.statuses(), plain.statuses());
        assert_eq!(t.places(), plain.places());
        assert_eq!(t.heuristics(), plain.heuristics());
    }

    #[test]
    fn a_timeline_driven_as_a_session_goes_back_and_replays_the_same_steps() {
        let mut plain = seed();
        for _ in 0..7 {
            plain.step();
        }
        let mut t: Box<dyn Session> = Box::new(Timeline::new(seed()));
        for _ in 0..9 {
            t.step();
        }
        assert!(t.rewind(4));
        assert_eq!(t.steps(), 4);
        assert_eq!(t.timeline().map(Timeline::recorded_steps), Some(9));
        assert!(!t.rewind(5), "rewind never goes forward");
        for _ in 0..3 {
            t.step();
        }
        assert_eq!(t.counts(), plain.counts());
        assert_eq!(t.open_order(), plain.open_order());
        assert_eq!(t.last_event(), plain.last_event());
        assert!(t.timeline().is_some_and(|t| t.diverged().is_none()));
        let back = t.timeline_mut().map(|t| t.go_to(2));
        assert_eq!(back, Some(Ok(2)));
        assert_eq!(t.rows(), {
            let mut s = seed();
            s.step();
            s.step();
            s.rows()
        });
    }

    fn five() -> Box<dyn Session> {
        // 26 random moves from the goal.
        puzzle(
            5,
            &[
                1, 3, 8, 4, 5, 7, 0, 2, 9, 10, 6, 23, 12, 14, 15, 11, 16, 13, 18, 20, 21, 17, 22,
                19, 24,
            ],
        )
    }

    /// Everything a face shows of a session, to compare two of them.
    fn picture(s: &dyn Session) -> String {
        let rows: Vec<_> = (0..s.rows())
            .map(|id| s.row(u32::try_from(id).unwrap()))
            .collect();
        format!(
            "{} {:?} {:?} {:?} {:?} {:?} {:?}",
            s.steps(),
            s.counts(),
            s.outcome(),
            s.last_event(),
            s.open_order(),
            s.next_pick(),
            rows
        )
    }

    fn fresh_at(make: fn() -> Box<dyn Session>, step: u64) -> String {
        let mut s = make();
        while s.steps() < step && s.outcome().is_none() {
            s.step();
        }
        picture(s.as_ref())
    }

    #[test]
    fn stepping_back_shows_the_search_as_it_was() {
        let mut t = Timeline::with_limits(seed(), 4, usize::MAX);
        for _ in 0..10 {
            t.step().unwrap();
        }
        t.step_back().unwrap();
        assert_eq!(t.steps(), 9);
        assert_eq!(picture(t.session()), fresh_at(seed, 9));
        assert_eq!(t.recorded_steps(), 10);
        t.go_to(0).unwrap();
        assert_eq!(picture(t.session()), fresh_at(seed, 0));
        assert_eq!(t.go_to(100).unwrap(), 21, "the search ends at the goal");
        assert_eq!(picture(t.session()), fresh_at(seed, 21));
    }

    #[test]
    fn the_5x5_walk_is_long_enough_to_travel_in() {
        let mut s = five();
        while s.outcome().is_none() {
            s.step();
        }
        assert!(s.steps() >= 20, "only {} steps", s.steps());
    }

    #[test]
    fn a_best_first_search_rewinds_in_place_to_the_search_it_was() {
        for make in [seed as fn() -> Box<dyn Session>, five] {
            let mut s = make();
            for _ in 0..15 {
                s.step();
            }
            assert!(!s.rewind(1), "step 1 stored the start: never undone");
            assert!(!s.rewind(15), "already there");
            assert!(s.rewind(7));
            assert_eq!(picture(s.as_ref()), fresh_at(make, 7));
            assert!(s.rewind(2));
            assert_eq!(picture(s.as_ref()), fresh_at(make, 2));
            while s.outcome().is_none() {
                s.step();
            }
            assert_eq!(picture(s.as_ref()), fresh_at(make, u64::MAX));
            let end = s.steps();
            assert!(s.rewind(end - 1), "the goal's step is undone too");
            assert_eq!(picture(s.as_ref()), fresh_at(make, end - 1));
        }
    }

    /// Weighted A* on the hardest 8-puzzle: it reopens closed states, which no undo can take
    /// back.
    fn reopening() -> Box<dyn Session> {
        let (_, text) = crate::scenario::LIBRARY
            .iter()
            .find(|(name, _)| name.starts_with("hardest"))
            .unwrap();
        Scenario::parse(text, "hardest", Path::new("scenarios"))
            .unwrap()
            .session(&SearchSpec {
                algorithm: Some(crate::engine::settings::Algorithm::WeightedAStar),
                ..SearchSpec::default()
            })
            .unwrap()
    }

    #[test]
    fn steps_that_reopen_are_not_undone_and_keyframes_take_over() {
        let mut s = reopening();
        let mut first_reopen = None;
        while s.outcome().is_none() {
            s.step();
            if first_reopen.is_none() && s.counts().reopened > 0 {
                first_reopen = Some(s.steps());
            }
        }
        let reopen = first_reopen.expect("weighted A* reopens here");
        assert!(!s.rewind(reopen - 1), "undoing a reopening is refused");
        assert_eq!(picture(s.as_ref()), fresh_at(reopening, u64::MAX));
        let mut t = Timeline::with_limits(reopening(), 16, usize::MAX);
        let end = t.go_to(u64::MAX).unwrap();
        for target in [end - 1, reopen + 1, reopen, reopen - 1, 2, end] {
            t.go_to(target).unwrap();
            assert_eq!(
                picture(t.session()),
                fresh_at(reopening, target),
                "{target}"
            );
        }
    }

    #[test]
    fn a_tight_budget_thins_keyframes_and_doubles_the_interval() {
        let mut t = Timeline::with_limits(seed(), 1, 1);
        t.go_to(21).unwrap();
        let (count, _) = t.keyframes();
        assert!(count <= 2, "{count} keyframes kept over a 1-byte budget");
        assert!(t.interval() > 1);
        t.go_to(3).unwrap();
        assert_eq!(picture(t.session()), fresh_at(seed, 3));
    }

    #[derive(Clone, Debug)]
    enum Move {
        Forward(u64),
        Back(u64),
        GoTo(u64),
    }

    fn moves(horizon: u64) -> impl Strategy<Value = Vec<Move>> {
        prop::collection::vec(
            prop_oneof![
                (1..8u64).prop_map(Move::Forward),
                (1..8u64).prop_map(Move::Back),
                (0..horizon).prop_map(Move::GoTo),
            ],
            1..12,
        )
    }

    fn check_moves(make: fn() -> Box<dyn Session>, moves: &[Move], interval: u64, budget: usize) {
        let mut t = Timeline::with_limits(make(), interval, budget);
        for m in moves {
            match *m {
                Move::Forward(k) => {
                    for _ in 0..k {
                        t.step().unwrap();
                    }
                }
                Move::Back(k) => {
                    for _ in 0..k {
                        t.step_back().unwrap();
                    }
                }
                Move::GoTo(n) => {
                    t.go_to(n).unwrap();
                }
            }
            assert_eq!(
                picture(t.session()),
                fresh_at(make, t.steps()),
                "after {m:?}"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn any_walk_through_time_matches_a_search_never_stepped_back_3x3(
            walk in moves(40), interval in 1..6u64, budget in 0..20_000usize,
        ) {
            check_moves(seed, &walk, interval, budget);
        }

        #[test]
        fn any_walk_through_time_matches_a_search_never_stepped_back_5x5(
            walk in moves(40), interval in 1..6u64, budget in 0..20_000usize,
        ) {
            check_moves(five, &walk, interval, budget);
        }

        #[test]
        fn any_walk_through_time_matches_a_search_never_stepped_back_with_reopenings(
            walk in moves(450), interval in 1..64u64, budget in 0..2_000_000usize,
        ) {
            check_moves(reopening, &walk, interval, budget);
        }
    }
}
