//! Generate and test, the brute-force solver: each step tests one complete candidate
//! board, in the domain's fixed order, until one is a goal.
//!
//! There is no tree and nothing to go back to, so the notebook holds only the candidate under
//! test (row 0, replaced every step; it has no parent, so a solution's route is the board itself
//! and its cost 0). `states_checked` counts the candidates that failed, `states_stored` every
//! candidate written. Since nothing accumulates, `max_states` caps the candidates written
//! instead of the rows held: without it "all placements" of 8 queens would run for 4 billion
//! steps.

use crate::engine::cost::Cost;
use crate::engine::event::{Note, Outcome, Pick, StepEvent};
use crate::engine::notebook::{Node, NodeId, Status};
use crate::engine::open_list::TieLevel;
use crate::engine::problem::Problem;
use crate::engine::settings::{Candidates, Settings};
use crate::engine::strategy::{Core, Strategy};

use super::backtracking::drop_rows;

/// The generate-and-test state machine.
#[derive(Clone, Debug)]
pub struct GenerateAndTest {
    mode: Candidates,
    all_solutions: bool,
    /// Candidates written so far; the one held is number `written`.
    written: u64,
}

impl GenerateAndTest {
    #[must_use]
    pub fn new(settings: &Settings) -> GenerateAndTest {
        GenerateAndTest {
            mode: settings.candidates,
            all_solutions: settings.all_solutions,
            written: 0,
        }
    }

    fn f(&self) -> Cost {
        Cost::units(i64::try_from(self.written).unwrap_or(i64::MAX))
    }
}

fn words(n: u128) -> String {
    group_thousands(n)
}

/// `1234567` → `1,234,567`: candidate counts a learner can read.
#[must_use]
pub fn group_thousands(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

impl<P: Problem> Strategy<P> for GenerateAndTest {
    fn step(&mut self, core: &mut Core<P>, event: &mut StepEvent) -> Option<Outcome> {
        let total = core.problem.candidate_count(self.mode);
        let next = if self.written == 0 {
            core.problem.first_candidate(self.mode)
        } else {
            let held = &core.notebook.node(0).state;
            core.problem.next_candidate(self.mode, held)
        };
        let Some(candidate) = next else {
            event.note = Some(Note::Words(format!(
                "all {} candidates tested",
                words(u128::from(self.written))
            )));
            return Some(if total.is_some() {
                Outcome::Exhausted
            } else {
                Outcome::Refused("this problem has no candidate boards to test".into())
            });
        };
        if self.written >= core.settings.max_states as u64 {
            event.note = Some(Note::Words(format!(
                "max states {}: no more candidates may be written",
                core.settings.max_states
            )));
            return Some(Outcome::LimitReached);
        }
        drop_rows(core, 0);
        self.written += 1;
        let h = core.estimate(&candidate);
        let id = core.add_row(Node::new(candidate, Cost::ZERO, h, None, 0));
        core.set_status(id, Status::Closed);
        core.pick(
            event,
            Pick {
                id,
                g: Cost::ZERO,
                h,
                f: self.f(),
                ties: [TieLevel { key: None, tied: 1 }].into_iter().collect(),
            },
        );
        let of = || total.map_or_else(String::new, |t| format!(" of {}", words(t)));
        if self.written == 1 {
            event.note = Some(Note::Words(format!(
                "generate and test: candidate 1{} ({})",
                of(),
                self.mode
            )));
        }
        if core.problem.is_goal(core.notebook.node(id).state) {
            core.counts.solutions += 1;
            event.note = Some(Note::Words(format!(
                "candidate {}{} is a solution",
                words(u128::from(self.written)),
                of()
            )));
            if !self.all_solutions {
                return Some(Outcome::GoalFound);
            }
        } else {
            core.counts.states_checked += 1;
        }
        None
    }

    fn f(&self, _node: &Node<&P::State>) -> Cost {
        GenerateAndTest::f(self)
    }

    fn open_order(&self, _core: &Core<P>) -> Vec<NodeId> {
        Vec::new()
    }

    fn next_pick(&self, _core: &Core<P>) -> Option<Pick> {
        None
    }

    fn status(&self) -> Option<String> {
        Some(format!(
            "{}: {} candidates tested",
            self.mode,
            words(u128::from(self.written))
        ))
    }

    fn clone_box(&self) -> Box<dyn Strategy<P> + Send> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(group_thousands(0), "0");
        assert_eq!(group_thousands(999), "999");
        assert_eq!(group_thousands(2_097_152), "2,097,152");
        assert_eq!(group_thousands(994_596_970_221), "994,596,970,221");
    }
}
