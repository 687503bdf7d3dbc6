//! Checking a run against a trace, step by step: the first place they part ways, in the step
//! log's words.

use super::step::TraceStep;
use crate::present::ShownSearch;
use crate::present::ShownSession;
use serde::Serialize;

/// Where a run and a trace first part ways, in the step log's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    pub step: u64,
    /// The part that differs: `pick`, `what the step did`, `outcome`, or `end` when one of
    /// them has a step the other lacks.
    pub what: String,
    /// What the trace says.
    pub trace: String,
    /// What the run did.
    pub run: String,
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "step {} differs in {}: the trace {}; the run {}",
            self.step, self.what, self.trace, self.run
        )
    }
}

/// How the step `session` just took compares with the recorded step `saved` (`None`: the
/// trace has no such step).
#[must_use]
pub fn compare(saved: Option<&TraceStep>, session: &dyn ShownSearch) -> Option<Difference> {
    let event = session.last_event();
    let run = TraceStep::of(event);
    let what = match saved {
        None => "end",
        Some(saved) if saved.pick != run.pick => "pick",
        Some(saved) if saved.digest != run.digest => "what the step did",
        Some(_) => return None,
    };
    // Only now, with a difference to tell: the step in the step log's words, which costs
    // generating successors again.
    let lines = session.event_lines(event);
    // The step's words without "step N: ", as the step log says them.
    let said = |line: &str| {
        line.split_once(": ")
            .map_or_else(|| line.to_string(), |(_, rest)| rest.to_string())
    };
    let (trace, run) = match saved.map(|s| s.pick) {
        None => ("has no such step".into(), said(&lines[0])),
        Some(pick) if what == "pick" => {
            let trace = match pick {
                None => "has nothing left to pick".into(),
                Some(id) if (id as usize) < session.rows() => {
                    format!("picked #{id} {}", session.state_text(id))
                }
                Some(id) => format!("picked #{id}, a row the run never stored"),
            };
            (trace, said(&lines[0]))
        }
        Some(_) => (
            "recorded a different step with the same pick".into(),
            lines
                .iter()
                .map(|l| l.trim())
                .enumerate()
                .map(|(i, l)| if i == 0 { said(l) } else { l.to_string() })
                .collect::<Vec<_>>()
                .join("; "),
        ),
    };
    Some(Difference {
        step: event.step,
        what: what.into(),
        trace,
        run,
    })
}

/// Steps `session` once and compares the step with `saved`; a search that already ended
/// differs from a trace that has another step.
pub fn step_and_compare(saved: &TraceStep, session: &mut dyn ShownSession) -> Option<Difference> {
    let view = session.shown();
    if let Some(outcome) = view.outcome() {
        return Some(Difference {
            step: view.steps() + 1,
            what: "end".into(),
            trace: "has another step".into(),
            run: format!("ended at step {}: {outcome}", view.steps()),
        });
    }
    session.step();
    compare(Some(saved), session.shown())
}

/// How the run stands after as many steps as the trace has, against the trace's outcome.
#[must_use]
pub fn compare_end(session: &dyn ShownSearch, outcome: Option<&str>) -> Option<Difference> {
    let run = session.outcome().map(ToString::to_string);
    let words =
        |o: Option<&str>| o.map_or_else(|| "had not ended".into(), |o| format!("ended: {o}"));
    (run.as_deref() != outcome).then(|| Difference {
        step: session.steps(),
        what: "outcome".into(),
        trace: words(outcome),
        run: words(run.as_deref()),
    })
}
