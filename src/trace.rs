//! Traces: a run saved as RON, to replay at home or check against this engine.
//!
//! A trace holds the scenario with its settings fully resolved (so it replays the same search
//! whatever the defaults become), the engine version that wrote it, and every step event. The
//! search is deterministic, so a trace is checked by running the scenario again and comparing
//! step by step: [`Trace::verify`] names the first step where run and trace differ.

use crate::engine::cost::Cost;
use crate::engine::event::{Fate, StepEvent};
use crate::engine::session::Session;
use crate::engine::settings::Settings;
use crate::engine::store::NodeId;
use crate::scenario::{Scenario, ScenarioError, SearchSpec, ron_options};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The version of the engine that writes traces; a trace from another one is refused.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The layout of trace files (raised when the fields change).
pub const TRACE_FORMAT: u32 = 1;

/// A saved run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    pub format: u32,
    /// The `frontier` version that recorded it.
    pub engine: String,
    /// The scenario, with `search` holding every setting.
    pub scenario: Scenario,
    /// The outcome in words, once the run ended (a refusal has no steps, only this).
    #[serde(default)]
    pub outcome: Option<String>,
    pub steps: Vec<TraceStep>,
}

/// One step as saved: the pick with its values and ties, and each successor's fate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceStep {
    pub step: u64,
    #[serde(default)]
    pub pick: Option<TracePick>,
    #[serde(default)]
    pub successors: Vec<TraceSuccessor>,
    #[serde(default)]
    pub note: Option<String>,
    /// The outcome's code (`goal_found`, …) on the step that ended the search.
    #[serde(default)]
    pub outcome: Option<String>,
}

/// The state a step picked. Costs are exact billionths.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TracePick {
    pub id: NodeId,
    /// The state's one-line text, so a reader (and a hand edit) can see what was picked.
    pub state: String,
    pub g: Cost,
    pub h: Cost,
    pub f: Cost,
    /// Open states tied with the pick at each tie level, the algorithm's priority first.
    pub ties: Vec<u32>,
}

/// One successor of the pick: its row (none when pruned or not stored), its place in the
/// domain's order and its fate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceSuccessor {
    pub id: Option<NodeId>,
    pub index: u32,
    pub fate: Fate,
}

impl TraceStep {
    /// The saved form of `event`, just taken by `session`.
    #[must_use]
    pub fn of(event: &StepEvent, session: &dyn Session) -> TraceStep {
        TraceStep {
            step: event.step,
            pick: event.pick.as_ref().map(|p| TracePick {
                id: p.id,
                state: session.state_text(p.id),
                g: p.g,
                h: p.h,
                f: p.f,
                ties: p.ties.iter().map(|t| t.tied).collect(),
            }),
            successors: event
                .successors
                .iter()
                .map(|s| TraceSuccessor {
                    id: s.id,
                    index: s.index,
                    fate: s.fate,
                })
                .collect(),
            note: event.note.clone(),
            outcome: event.outcome.as_ref().map(|o| o.code().to_string()),
        }
    }

    /// The first part in which `self` (the trace) and `run` differ: its name and both values.
    fn difference(&self, run: &TraceStep) -> Option<(String, String, String)> {
        let show = |v: &dyn std::fmt::Debug| format!("{v:?}");
        let parts: [(&str, String, String); 4] = [
            ("pick", show(&self.pick), show(&run.pick)),
            ("successors", show(&self.successors), show(&run.successors)),
            ("note", show(&self.note), show(&run.note)),
            ("outcome", show(&self.outcome), show(&run.outcome)),
        ];
        if self.step != run.step {
            return Some(("step".into(), self.step.to_string(), run.step.to_string()));
        }
        parts
            .into_iter()
            .find(|(_, a, b)| a != b)
            .map(|(what, a, b)| (what.to_string(), a, b))
    }
}

/// Where a run and a trace first part ways.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    pub step: u64,
    /// The part that differs: `pick`, `successors`, `note`, `outcome`, `step`, or `end` when
    /// one of them has a step the other lacks.
    pub what: String,
    pub trace: String,
    pub run: String,
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "step {} differs in {}: the trace has {}, the run has {}",
            self.step, self.what, self.trace, self.run
        )
    }
}

/// Why a trace could not be used.
#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    #[error("cannot read {path}: {message}")]
    Read { path: String, message: String },
    #[error("{path}: line {line}, column {column}: {message} (a damaged or hand-broken trace)")]
    Syntax {
        path: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error(
        "{path} was recorded by frontier {found} (trace format {format}); this is frontier \
         {ENGINE_VERSION} (format {TRACE_FORMAT}): record it again with this version"
    )]
    Version {
        path: String,
        found: String,
        format: u32,
    },
    #[error("cannot save {path}: {message}")]
    Write { path: String, message: String },
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
}

/// The first fields of a trace, read before the rest so another version is named as such
/// instead of failing on fields it may lay out differently.
#[derive(Deserialize)]
#[serde(rename = "Trace")]
struct Header {
    format: u32,
    engine: String,
}

impl Trace {
    /// An empty trace of `scenario` run with `settings`.
    #[must_use]
    pub fn new(scenario: &Scenario, settings: &Settings) -> Trace {
        let mut scenario = scenario.clone();
        scenario.search = SearchSpec::from_settings(settings);
        Trace {
            format: TRACE_FORMAT,
            engine: ENGINE_VERSION.to_string(),
            scenario,
            outcome: None,
            steps: Vec::new(),
        }
    }

    /// Records the step `session` just took (its last event).
    pub fn push(&mut self, session: &dyn Session) {
        self.steps
            .push(TraceStep::of(session.last_event(), session));
        self.finish(session);
    }

    /// Notes how the run stands (its outcome once it ended); call after the last step, or for
    /// a search refused before any step.
    pub fn finish(&mut self, session: &dyn Session) {
        self.outcome = session.outcome().map(ToString::to_string);
    }

    /// The trace as RON text: one line per step.
    #[must_use]
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().depth_limit(2);
        let mut text = ron_options()
            .to_string_pretty(self, config)
            .expect("traces always serialize");
        text.push('\n');
        text
    }

    /// Writes the trace atomically.
    ///
    /// # Errors
    /// The file cannot be written; an old file is untouched.
    pub fn save(&self, path: &Path) -> Result<(), TraceError> {
        crate::atomic_write(path, self.to_ron().as_bytes()).map_err(|e| TraceError::Write {
            path: path.display().to_string(),
            message: e.to_string(),
        })
    }

    /// Parses trace text; `origin` names it in errors, `base_dir` resolves files the scenario
    /// names.
    ///
    /// # Errors
    /// Bad RON (with line and column), or a trace of another version.
    pub fn parse(text: &str, origin: &str, base_dir: &Path) -> Result<Trace, TraceError> {
        let syntax = |e: ron::error::SpannedError| TraceError::Syntax {
            path: origin.to_string(),
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        };
        let header: Header = ron_options().from_str(text).map_err(syntax)?;
        if header.engine != ENGINE_VERSION || header.format != TRACE_FORMAT {
            return Err(TraceError::Version {
                path: origin.to_string(),
                found: header.engine,
                format: header.format,
            });
        }
        let mut trace: Trace = ron_options().from_str(text).map_err(syntax)?;
        trace.scenario.base_dir = base_dir.to_path_buf();
        Ok(trace)
    }

    /// Reads a trace file.
    ///
    /// # Errors
    /// As [`Trace::parse`], or the file cannot be read.
    pub fn load(path: &Path) -> Result<Trace, TraceError> {
        let shown = path.display().to_string();
        let read = |message: String| TraceError::Read {
            path: shown.clone(),
            message,
        };
        let text = crate::read_text(path).map_err(read)?;
        Trace::parse(&text, &shown, path.parent().unwrap_or(Path::new(".")))
    }

    /// A fresh search of the trace's scenario at step 0.
    ///
    /// # Errors
    /// The scenario's domain files cannot be read.
    pub fn session(&self) -> Result<Box<dyn Session>, TraceError> {
        Ok(self.scenario.session(&SearchSpec::default())?)
    }

    /// Steps `session` (a search of this trace's scenario) to step `target`, or the search's
    /// end, checking every step against the trace; returns the first difference met.
    pub fn replay(&self, session: &mut dyn Session, target: u64) -> Option<Difference> {
        while session.steps() < target && session.outcome().is_none() {
            session.step();
            if let Some(difference) = self.check(session) {
                return Some(difference);
            }
        }
        None
    }

    /// Compares the step `session` just took (its last event) with the trace's step of the
    /// same number: what a face replaying a trace (with a [`crate::engine::timeline::Timeline`])
    /// calls after each step forward.
    #[must_use]
    pub fn check(&self, session: &dyn Session) -> Option<Difference> {
        let run = TraceStep::of(session.last_event(), session);
        let step = run.step;
        let Some(saved) = usize::try_from(step.checked_sub(1)?)
            .ok()
            .and_then(|i| self.steps.get(i))
        else {
            return Some(Difference {
                step,
                what: "end".into(),
                trace: "no such step".into(),
                run: "a step".into(),
            });
        };
        saved.difference(&run).map(|(what, trace, run)| Difference {
            step,
            what,
            trace,
            run,
        })
    }

    /// Runs the scenario again for as many steps as the trace has and reports the first step
    /// where run and trace differ (`None`: they agree, outcome included).
    ///
    /// # Errors
    /// The scenario's domain files cannot be read.
    pub fn verify(&self) -> Result<Option<Difference>, TraceError> {
        let mut session = self.session()?;
        let len = self.steps.len() as u64;
        if let Some(difference) = self.replay(session.as_mut(), len) {
            return Ok(Some(difference));
        }
        if session.steps() < len {
            return Ok(Some(Difference {
                step: session.steps() + 1,
                what: "end".into(),
                trace: "a step".into(),
                run: format!("the search ended: {}", words(session.as_ref())),
            }));
        }
        let outcome = session.outcome().map(ToString::to_string);
        if outcome != self.outcome {
            return Ok(Some(Difference {
                step: len,
                what: "outcome".into(),
                trace: format!("{:?}", self.outcome),
                run: format!("{outcome:?}"),
            }));
        }
        Ok(None)
    }
}

fn words(session: &dyn Session) -> String {
    session
        .outcome()
        .map_or_else(|| "no outcome".into(), ToString::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recorded(overrides: &SearchSpec) -> Trace {
        let scenario = Scenario::built_in();
        let mut session = scenario.session(overrides).unwrap();
        let mut trace = Trace::new(&scenario, session.settings());
        while session.outcome().is_none() {
            session.step();
            trace.push(session.as_ref());
        }
        trace
    }

    fn reparse(text: &str) -> Result<Trace, TraceError> {
        Trace::parse(text, "t.ron", Path::new("scenarios"))
    }

    #[test]
    fn a_saved_trace_reloads_equal_and_verifies() {
        let trace = recorded(&SearchSpec::default());
        assert_eq!(trace.steps.len(), 21);
        assert_eq!(trace.outcome.as_deref(), Some("Goal found"));
        let back = reparse(&trace.to_ron()).unwrap();
        assert_eq!(back, trace);
        assert_eq!(back.verify().unwrap(), None);
    }

    #[test]
    fn a_timeline_over_a_trace_agrees_with_it_back_and_forth() {
        let trace = recorded(&SearchSpec::default());
        let mut t = crate::engine::timeline::Timeline::new(trace.session().unwrap());
        for target in [21, 5, 6, 20, 2, 1, 21] {
            t.go_to(target).unwrap();
            assert_eq!(t.steps(), target);
            assert_eq!(trace.check(t.session()), None, "step {target}");
        }
        let mut edited = trace.clone();
        edited.steps[5].pick.as_mut().unwrap().ties = vec![9];
        t.go_to(6).unwrap();
        let d = edited.check(t.session()).unwrap();
        assert_eq!((d.step, d.what.as_str()), (6, "pick"));
    }

    #[test]
    fn settings_are_saved_resolved_so_overrides_replay() {
        let trace = recorded(&SearchSpec {
            algorithm: Some(crate::engine::settings::Algorithm::BreadthFirst),
            ..SearchSpec::default()
        });
        let back = reparse(&trace.to_ron()).unwrap();
        assert!(back.steps.len() > 21, "bfs checks more states than A*");
        assert_eq!(back.verify().unwrap(), None);
    }

    #[test]
    fn a_hand_edited_pick_is_the_first_difference() {
        let text = recorded(&SearchSpec::default()).to_ron();
        // Step 7's line: change the state text it claims was picked.
        let line = text
            .lines()
            .find(|l| l.contains("step: 7,"))
            .expect("one line per step");
        let state = line
            .split("state: \"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap();
        let edited = text.replace(line, &line.replace(state, "123456780"));
        let difference = reparse(&edited).unwrap().verify().unwrap().unwrap();
        assert_eq!((difference.step, difference.what.as_str()), (7, "pick"));
        assert!(difference.trace.contains("123456780"), "{difference}");
    }

    #[test]
    fn a_trace_cut_short_or_run_on_is_caught() {
        let mut trace = recorded(&SearchSpec::default());
        let mut longer = trace.clone();
        longer.steps.push(longer.steps[20].clone());
        longer.steps[21].step = 22;
        let d = longer.verify().unwrap().unwrap();
        assert_eq!((d.step, d.what.as_str()), (22, "end"));
        trace.steps[20].outcome = None;
        let d = trace.verify().unwrap().unwrap();
        assert_eq!((d.step, d.what.as_str()), (21, "outcome"));
    }

    #[test]
    fn another_version_is_refused_by_name() {
        let text = recorded(&SearchSpec::default()).to_ron().replace(
            &format!("engine: \"{ENGINE_VERSION}\""),
            "engine: \"0.0.1\"",
        );
        let err = reparse(&text).unwrap_err().to_string();
        assert!(err.contains("recorded by frontier 0.0.1"), "{err}");
    }

    #[test]
    fn a_damaged_trace_gives_line_and_column() {
        let text = recorded(&SearchSpec::default()).to_ron();
        let cut = &text[..text.len() / 2];
        let err = reparse(cut).unwrap_err();
        assert!(
            matches!(err, TraceError::Syntax { line, .. } if line > 1),
            "{err}"
        );
    }
}
