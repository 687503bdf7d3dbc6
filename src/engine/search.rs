//! One search in progress: the notebook, a strategy that does one expansion per step, the
//! counts, the outcome and the record of every step. Running to the end is stepping until an
//! outcome.

use super::event::{Counts, Fate, Outcome, StepEvent};
use super::heuristic_check::EdgeCheck;
use super::notebook::{NodeId, Notebook};
use super::problem::{Problem, Refusal, Successor};
use super::settings::Settings;
use super::step_record::StepRecord;
pub use super::strategy::BUDGET_CHECK_EVERY;
use super::strategy::{Core, Strategy, take_step};

/// A search in progress.
pub struct Search<P: Problem> {
    core: Core<P>,
    strategy: Box<dyn Strategy<P> + Send>,
    steps: u64,
    outcome: Option<Outcome>,
    event: StepEvent,
    /// Bytes its owner holds for this search (time-travel keyframes and record), counted
    /// against the memory budget with the search's own.
    held_elsewhere: usize,
}

impl<P: Problem> Search<P> {
    /// A search at step 0. An instance the domain refuses, or an algorithm or heuristic that
    /// does not apply to it, gives a search that is already over with [`Outcome::Refused`].
    pub fn new(problem: P, settings: Settings) -> Search<P>
    where
        P: Send + 'static,
        P::State: Send,
    {
        let refusal = check(&problem, &settings).err();
        let strategy = super::algo::strategy_for::<P>(&settings);
        let (notebook, record) = if strategy.looks_states_up() {
            let notebook =
                Notebook::numbered(problem.numbered_states(), problem.reachable_states());
            (notebook, StepRecord::finding_kept())
        } else {
            (Notebook::unfiled(), StepRecord::default())
        };
        Search {
            core: Core {
                heuristic_check: EdgeCheck::new(
                    settings.algorithm,
                    problem.consistent(settings.heuristic),
                ),
                problem,
                settings,
                notebook,
                counts: Counts::default(),
                buffer: Vec::new(),
                record,
                lists_successors: true,
            },
            strategy,
            steps: 0,
            outcome: refusal.map(|r| Outcome::Refused(r.0)),
            event: StepEvent::default(),
            held_elsewhere: 0,
        }
    }

    /// Does one step and returns what it did; after the outcome, returns the last event again.
    pub fn step(&mut self) -> &StepEvent {
        if self.outcome.is_some() {
            return &self.event;
        }
        self.steps += 1;
        let ended = take_step(
            self.strategy.as_mut(),
            &mut self.core,
            &mut self.event,
            self.steps,
            self.held_elsewhere,
        );
        // `self.outcome` is `None` while stepping: only an ending step changes it.
        if ended {
            self.outcome.clone_from(&self.event.outcome);
        }
        &self.event
    }

    /// Tells the search how many bytes its owner holds for it (keyframes, a record of its
    /// steps), so the memory budget covers them too.
    pub fn hold_elsewhere(&mut self, bytes: usize) {
        self.held_elsewhere = bytes;
    }

    /// Goes back to step `target` by undoing steps instead of copying the search: each undone
    /// step reopens its pick and forgets the rows it stored, then step `target` is taken again
    /// so its event is exact. Only for steps that stored new rows and closed their pick, and
    /// changed no other row (no improved or reopened successor), with a strategy that can undo
    /// ([`Strategy::undo`]); `target` from 2 on. Returns whether it went; when not, nothing
    /// changed (strategies undo every step or none).
    pub fn rewind(&mut self, target: u64) -> bool {
        let now = self.steps;
        let undoable = |i: usize| {
            let step = self.core.record.step(i);
            step.pick.is_some()
                && step
                    .successors
                    .iter()
                    .all(|s| !matches!(s.fate, Fate::Improved | Fate::Reopened))
        };
        if target < 2 || target >= now || !(target - 1..now).all(|i| undoable(i as usize)) {
            return false;
        }
        while self.steps >= target {
            let i = usize::try_from(self.steps - 1).expect("steps fit in usize");
            let step = self.core.record.step(i);
            let pick = step.pick.expect("checked");
            let stored = step
                .successors
                .iter()
                .filter(|s| s.fate == Fate::StoredNew)
                .count();
            let Some(first_new) = (self.core.notebook.len().checked_sub(stored))
                .and_then(|rows| NodeId::try_from(rows).ok())
            else {
                return false;
            };
            // Undoing reopens the pick, which may raise the largest open size on the way.
            let max_open = self.core.counts.max_open - u64::from(step.max_open_rise);
            if !self.strategy.undo(&mut self.core, pick, first_new) {
                debug_assert!(self.steps == now, "strategies undo every step or none");
                return false;
            }
            let counts = &mut self.core.counts;
            if self
                .core
                .problem
                .is_goal(self.core.notebook.node(pick).state)
            {
                counts.solutions -= 1;
            } else {
                counts.states_checked -= 1;
            }
            counts.states_stored -= stored as u64;
            counts.open -= stored as u64;
            self.steps -= 1;
            self.core.heuristic_check.forget_after(self.steps);
            self.core.record.truncate(i);
            counts.max_open = max_open;
        }
        self.outcome = None;
        self.step();
        true
    }

    /// A copy to keep as a time-travel keyframe: without the hash index where a restored copy
    /// can take the live search's ([`Search::adopt_index`]), the biggest part a copy would not
    /// share otherwise.
    pub fn keyframe(&mut self) -> Search<P>
    where
        P: Clone,
    {
        let index = self.core.notebook.lend_index();
        let copy = self.clone();
        self.core.notebook.put_back_index(index);
        copy
    }

    /// Gives a copy of a keyframe its hash index: `live`'s (the same search at another step),
    /// or one built from the rows.
    pub fn adopt_index(&mut self, live: Option<&mut Search<P>>) {
        self.core
            .notebook
            .adopt_index(live.map(|live| &mut live.core.notebook));
    }

    /// Steps until an outcome or until `max_steps` steps in all have been taken. Only the last
    /// step's event lists its successors (rebuilt from the record; see
    /// [`Core::lists_successors`]).
    pub fn run(&mut self, max_steps: u64) -> Option<&Outcome> {
        let from = self.steps;
        if self.outcome.is_none() && self.steps < max_steps {
            self.core.lists_successors = false;
            let mut ended = false;
            while !ended && self.steps < max_steps {
                self.steps += 1;
                ended = take_step(
                    self.strategy.as_mut(),
                    &mut self.core,
                    &mut self.event,
                    self.steps,
                    self.held_elsewhere,
                );
            }
            self.core.lists_successors = true;
            if ended {
                self.outcome.clone_from(&self.event.outcome);
            }
        }
        // A run ends mostly on a goal or an empty open list, whose step has no successors to
        // read back: a short query would otherwise decode its last block for nothing.
        if self.steps > from && self.core.record.last_successors() > 0 {
            let last = usize::try_from(self.steps - 1).expect("steps fit in usize");
            let pick = self.event.pick.as_ref().map(|p| p.id);
            let mut by_state = None;
            let successors = (0u32..)
                .zip(self.core.record.successors(last))
                .map(|(index, s)| {
                    s.event(index, &mut by_state, || {
                        pick.map(|p| self.successor_rows(p)).unwrap_or_default()
                    })
                })
                .collect();
            self.event.successors = successors;
        }
        self.outcome.as_ref()
    }

    /// The row holding the state of each successor of row `pick`, its successors generated
    /// again: how a kept successor that the record does not name is found
    /// ([`StepRecord::finding_kept`]).
    #[must_use]
    pub fn successor_rows(&self, pick: NodeId) -> Vec<Option<NodeId>> {
        let notebook = &self.core.notebook;
        let mut out = Vec::new();
        self.core
            .problem
            .successors(notebook.node(pick).state, &mut out);
        out.iter()
            .map(|s| match s {
                Successor::Child { state, .. } => notebook.find(state),
                Successor::Pruned { .. } => None,
            })
            .collect()
    }

    #[must_use]
    pub fn core(&self) -> &Core<P> {
        &self.core
    }

    #[must_use]
    pub fn strategy(&self) -> &(dyn Strategy<P> + Send) {
        self.strategy.as_ref()
    }

    #[must_use]
    pub fn steps(&self) -> u64 {
        self.steps
    }

    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    #[must_use]
    pub fn counts(&self) -> Counts {
        self.core.counts
    }

    #[must_use]
    pub fn step_record(&self) -> &StepRecord {
        &self.core.record
    }

    /// Bytes held by the notebook, the strategy and everything recorded per step.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.core.bytes_with(self.strategy.as_ref())
    }

    /// Of [`Search::bytes`], those a copy shares with this search instead of copying: what a
    /// time-travel keyframe does not hold on its own.
    #[must_use]
    pub fn shared_bytes(&self) -> usize {
        self.core.notebook.shared_bytes() + self.core.record.shared_bytes()
    }

    /// The last step's event.
    #[must_use]
    pub fn last_event(&self) -> &StepEvent {
        &self.event
    }

    /// The route to the accepted goal (the last pick), if a goal was found.
    #[must_use]
    pub fn solution(&self) -> Option<Vec<NodeId>> {
        match (&self.outcome, &self.event.pick) {
            (Some(Outcome::GoalFound), Some(pick)) => Some(self.core.notebook.route(pick.id)),
            _ => None,
        }
    }
}

impl<P: Problem + Clone> Clone for Search<P> {
    fn clone(&self) -> Self {
        Search {
            core: self.core.clone(),
            strategy: self.strategy.clone_box(),
            steps: self.steps,
            outcome: self.outcome.clone(),
            event: self.event.clone(),
            held_elsewhere: self.held_elsewhere,
        }
    }
}

/// Whether the settings can run on this instance at all.
fn check<P: Problem>(problem: &P, settings: &Settings) -> Result<(), Refusal> {
    problem.validate()?;
    problem.supports(settings.algorithm)?;
    problem.check_settings(settings)?;
    if !problem.heuristics().contains(&settings.heuristic) {
        let offered: Vec<String> = problem
            .heuristics()
            .iter()
            .map(ToString::to_string)
            .collect();
        return Err(Refusal(format!(
            "{} is not offered here (choose {})",
            settings.heuristic,
            offered.join(", ")
        )));
    }
    if settings.algorithm.needs_admissible()
        && !settings.allow_inadmissible
        && !problem.admissible(settings.heuristic)
    {
        return Err(Refusal(format!(
            "{} can overestimate here, so {} would not be sure to find the cheapest route \
             (allow it with --allow-inadmissible)",
            settings.heuristic, settings.algorithm
        )));
    }
    if !settings.weight.is_finite() || settings.weight < 0.0 {
        return Err(Refusal(format!(
            "weight {} must be a finite number ≥ 0",
            settings.weight
        )));
    }
    if settings.max_states == 0 {
        return Err(Refusal("max states must be at least 1".into()));
    }
    Ok(())
}
