//! Side by side: several settings on the same problem, stepped together, with the first step
//! where their picks part ways and a table of what each one cost.

use super::ShownSession;
use crate::engine::cost::Cost;
use serde::Serialize;

/// One search of a comparison, with the name it is shown under.
pub struct Lane {
    pub label: String,
    pub session: Box<dyn ShownSession>,
}

/// Where the lanes' picks first differed: the step and each lane's pick (its state's text, or
/// `None` for a lane with no pick on that step).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Divergence {
    pub step: u64,
    pub picks: Vec<Option<String>>,
}

/// One line of the summary table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompareRow {
    pub label: String,
    /// The outcome's code, or `running` if the lane has not ended.
    pub outcome: String,
    pub steps: u64,
    pub states_checked: u64,
    pub states_stored: u64,
    pub max_open: u64,
    /// The route's cost, once a goal was accepted.
    pub cost: Option<Cost>,
}

/// Searches stepped in lockstep: a comparison of settings on one problem (the CLI's `compare`
/// and the app's Compare window).
pub struct Lockstep {
    lanes: Vec<Lane>,
    divergence: Option<Divergence>,
}

impl Lockstep {
    /// Compares `lanes`, all at step 0.
    #[must_use]
    pub fn new(lanes: Vec<Lane>) -> Lockstep {
        Lockstep {
            lanes,
            divergence: None,
        }
    }

    #[must_use]
    pub fn lanes(&self) -> &[Lane] {
        &self.lanes
    }

    /// Whether every lane has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.lanes
            .iter()
            .all(|l| l.session.view().outcome().is_some())
    }

    /// Steps every lane that has not ended once, then compares the picks of this step.
    pub fn step(&mut self) {
        let mut picks = Vec::with_capacity(self.lanes.len());
        let mut step = 0;
        for lane in &mut self.lanes {
            let s = &mut lane.session;
            if s.view().outcome().is_some() {
                picks.push(None);
                continue;
            }
            let pick = s.step().pick.as_ref().map(|p| p.id);
            let s = s.shown();
            step = step.max(s.steps());
            picks.push(pick.map(|id| s.state_text(id)));
        }
        if self.divergence.is_none() && step > 0 && picks.windows(2).any(|w| w[0] != w[1]) {
            self.divergence = Some(Divergence { step, picks });
        }
    }

    /// Steps until every lane has ended or `max_steps` steps were taken.
    pub fn run(&mut self, max_steps: u64) {
        let mut taken = 0;
        while !self.is_over() && taken < max_steps {
            self.step();
            taken += 1;
        }
    }

    /// The first step where the picks differed, if they have so far.
    #[must_use]
    pub fn divergence(&self) -> Option<&Divergence> {
        self.divergence.as_ref()
    }

    /// The summary table, one row per lane.
    #[must_use]
    pub fn table(&self) -> Vec<CompareRow> {
        self.lanes
            .iter()
            .map(|lane| {
                let s = lane.session.view();
                let c = s.counts();
                CompareRow {
                    label: lane.label.clone(),
                    outcome: s.outcome().map_or("running", |o| o.code()).to_string(),
                    steps: s.steps(),
                    states_checked: c.states_checked,
                    states_stored: c.states_stored,
                    max_open: c.max_open,
                    cost: s
                        .solution()
                        .and_then(|route| route.last().map(|&id| s.row(id).g)),
                }
            })
            .collect()
    }
}
