//! Iterative deepening: depth-first search repeated under a growing threshold.
//!
//! IDA* bounds f = g + h: an iteration cuts off every row whose f is over the threshold, and the
//! next threshold is the smallest f that was cut. Depth-first iterative deepening (IDDFS) bounds
//! the depth: rows at the threshold depth are tested but not expanded, and the threshold grows by
//! one (up to the settings' depth limit, if any). Each iteration is one run of
//! [`DepthFirst`]; starting the next one is part of the step that finds the stack empty, and that
//! step's note gives the old and new threshold and the states the finished iteration checked.
//! The notebook is cleared between iterations; `states_checked` and `states_stored` add up over
//! all of them.
//!
//! With all solutions on, the search stops after the first iteration that found any, so the
//! count is the number of goals (routes, on path problems) within the first threshold that
//! reaches one.

use super::backtracking::{DepthFirst, drop_rows};
use crate::engine::cost::Cost;
use crate::engine::cutoff::{Bound, Cutoff};
use crate::engine::event::{Note, Outcome, Pick, StepEvent};
use crate::engine::notebook::{Node, NodeId};
use crate::engine::problem::Problem;
use crate::engine::settings::Settings;
use crate::engine::strategy::{Core, Strategy};

/// Which quantity the threshold bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deepen {
    /// The estimated cost of a route through the row, f = g + h (IDA*).
    EstimatedCost,
    /// Depth (IDDFS).
    Depth,
}

/// The iterative-deepening state machine.
#[derive(Clone, Debug)]
pub struct Deepening {
    deepen: Deepen,
    settings: Settings,
    /// The current iteration, from 1 (0 before the first step).
    iteration: u32,
    search: DepthFirst,
}

impl Deepening {
    #[must_use]
    pub fn new(settings: &Settings, deepen: Deepen) -> Deepening {
        Deepening {
            deepen,
            settings: settings.clone(),
            iteration: 0,
            search: DepthFirst::new(settings, Bound::None),
        }
    }

    fn bound(&self, threshold: Cost) -> Bound {
        match self.deepen {
            Deepen::EstimatedCost => Bound::EstimatedCost(threshold),
            Deepen::Depth => Bound::Depth(
                u32::try_from(threshold.raw() / Cost::ONE.raw()).expect("depths fit in u32"),
            ),
        }
    }

    fn threshold(&self) -> Cost {
        match self.search.bound() {
            Bound::EstimatedCost(f) => f,
            Bound::Depth(d) => Cost::units(i64::from(d)),
            Bound::None => Cost::ZERO,
        }
    }

    fn what(&self) -> &'static str {
        match self.deepen {
            Deepen::EstimatedCost => "f",
            Deepen::Depth => "depth",
        }
    }

    /// Starts the next iteration under `threshold`, or says why there is none.
    fn next_iteration<P: Problem>(
        &mut self,
        core: &mut Core<P>,
        event: &mut StepEvent,
    ) -> Option<Outcome> {
        let checked = self.search.checked();
        let old = self.threshold();
        if core.counts.solutions > 0 {
            event.note = Some(Note::FoundSolutions {
                iteration: self.iteration,
                solutions: core.counts.solutions,
            });
            return Some(Outcome::Exhausted);
        }
        let Some(new) = self.search.beyond() else {
            event.note = Some(Note::NothingCut {
                iteration: self.iteration,
                checked,
            });
            return Some(Outcome::Exhausted);
        };
        if self.deepen == Deepen::Depth
            && let Some(limit) = self.settings.depth_limit
            && new > Cost::units(i64::from(limit))
        {
            event.note = Some(Note::DepthLimitReached {
                limit,
                iteration: self.iteration,
            });
            return Some(Outcome::Exhausted);
        }
        drop_rows(core, 0);
        self.iteration += 1;
        self.search = DepthFirst::new(&self.settings, self.bound(new));
        event.note = Some(Note::NextIteration {
            iteration: self.iteration,
            what: self.what(),
            old,
            new,
            checked,
        });
        None
    }

    /// A step that starts an iteration (the first, or the next once the stack is empty): the
    /// iteration's note goes before the depth-first step's own. Kept out of
    /// [`Strategy::step`], whose short path nearly every step takes, so that this one's notes
    /// and outcome are not carried through every step.
    #[inline(never)]
    fn step_starting<P: Problem>(
        &mut self,
        core: &mut Core<P>,
        event: &mut StepEvent,
    ) -> Option<Outcome> {
        let mut note = None;
        if self.iteration == 0 {
            self.iteration = 1;
            let first = match self.deepen {
                Deepen::EstimatedCost => core.estimate(&core.problem.start()),
                Deepen::Depth => Cost::ZERO,
            };
            self.search = DepthFirst::new(&self.settings, self.bound(first));
            note = Some(Note::FirstIteration {
                what: self.what(),
                first,
                from_h: self.deepen == Deepen::EstimatedCost,
            });
        } else if self.search.is_done() {
            if let Some(outcome) = self.next_iteration(core, event) {
                return Some(outcome);
            }
            note = event.note.take();
        }
        let outcome = self.search.step(core, event);
        if let Some(note) = note {
            event.note = Some(match event.note.take() {
                Some(more) => Note::Both(Box::new(note), Box::new(more)),
                None => note,
            });
        }
        outcome
    }
}

impl<P: Problem> Strategy<P> for Deepening {
    fn step(&mut self, core: &mut Core<P>, event: &mut StepEvent) -> Option<Outcome> {
        if self.iteration > 0 && !self.search.is_done() {
            // Inside an iteration: the depth-first step alone.
            return self.search.step(core, event);
        }
        self.step_starting(core, event)
    }

    fn f(&self, node: &Node<&P::State>) -> Cost {
        Strategy::<P>::f(&self.search, node)
    }

    fn open_order(&self, core: &Core<P>) -> Vec<NodeId> {
        self.search.open_order(core)
    }

    fn next_pick(&self, core: &Core<P>) -> Option<Pick> {
        self.search.next_pick(core)
    }

    fn status(&self) -> Option<String> {
        let name = match self.deepen {
            Deepen::EstimatedCost => "IDA*",
            Deepen::Depth => "iterative deepening",
        };
        (self.iteration > 0).then(|| {
            format!(
                "{name} iteration {}, threshold {} ≤ {}",
                self.iteration,
                self.what(),
                self.threshold()
            )
        })
    }

    fn cutoff(&self) -> Option<Cutoff> {
        (self.iteration > 0).then_some(Cutoff {
            iteration: Some(self.iteration),
            bound: self.search.bound(),
        })
    }

    fn bytes(&self) -> usize {
        Strategy::<P>::bytes(&self.search)
    }

    fn clone_box(&self) -> Box<dyn Strategy<P> + Send> {
        Box::new(self.clone())
    }
}
