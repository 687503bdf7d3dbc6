//! Breakpoints: "run until …" conditions checked after every step, with no UI in them, so the
//! app's Run button and `frontier run --until` stop on the same step for the same reason. A
//! state is named as the faces write it; the engine has no words for states, so whoever checks
//! a breakpoint says how a row's state is written.

use super::cost::Cost;
use super::event::{Fate, StepEvent};
use super::notebook::NodeId;
use super::view::SearchView;
use std::fmt;
use std::str::FromStr;

/// A condition to stop a run on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Breakpoint {
    /// A goal is accepted (also each further solution when searching for all).
    Goal,
    /// A pick's f rises above the f of the first pick seen: the next f-layer begins.
    FRises,
    /// A state with this one-line text is stored new or picked.
    State(String),
    /// A closed state is reopened by a cheaper route.
    Reopened,
    /// At least this many open states tied on f when the pick was made.
    TieAtLeast(u32),
    /// The open list holds more than this many rows.
    OpenAbove(u64),
    /// This step is reached.
    Step(u64),
}

impl fmt::Display for Breakpoint {
    /// The command-line spelling, which [`Breakpoint::from_str`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Breakpoint::Goal => f.write_str("goal"),
            Breakpoint::FRises => f.write_str("f-rises"),
            Breakpoint::State(text) => write!(f, "state={text}"),
            Breakpoint::Reopened => f.write_str("reopened"),
            Breakpoint::TieAtLeast(k) => write!(f, "tie>={k}"),
            Breakpoint::OpenAbove(n) => write!(f, "open>{n}"),
            Breakpoint::Step(n) => write!(f, "step={n}"),
        }
    }
}

impl FromStr for Breakpoint {
    type Err = String;

    /// Reads `goal`, `f-rises`, `reopened`, `state=TEXT`, `tie>=K`, `open>N` or `step=N`.
    fn from_str(text: &str) -> Result<Breakpoint, String> {
        let number = |digits: &str| {
            digits
                .trim()
                .parse::<u64>()
                .map_err(|_| format!("{text:?}: {digits:?} is not a whole number"))
        };
        let text = text.trim();
        Ok(match text {
            "goal" => Breakpoint::Goal,
            "f-rises" => Breakpoint::FRises,
            "reopened" => Breakpoint::Reopened,
            _ => {
                if let Some(state) = text.strip_prefix("state=") {
                    Breakpoint::State(state.to_string())
                } else if let Some(k) = text.strip_prefix("tie>=") {
                    let k = number(k)?;
                    Breakpoint::TieAtLeast(u32::try_from(k).map_err(|_| format!("{k} is too big"))?)
                } else if let Some(n) = text.strip_prefix("open>") {
                    Breakpoint::OpenAbove(number(n)?)
                } else if let Some(n) = text.strip_prefix("step=") {
                    Breakpoint::Step(number(n)?)
                } else {
                    return Err(format!(
                        "unknown breakpoint {text:?} (use goal, f-rises, reopened, state=TEXT, \
                         tie>=K, open>N or step=N)"
                    ));
                }
            }
        })
    }
}

/// A breakpoint being watched over one run: it remembers what it needs between steps (the
/// f-layer it started in, the solutions seen).
#[derive(Clone, Debug)]
pub struct Watch {
    breakpoint: Breakpoint,
    /// The f of the first pick seen (for [`Breakpoint::FRises`]).
    layer: Option<Cost>,
    solutions: u64,
}

impl Watch {
    /// Starts watching for `breakpoint` in `session` from its current step.
    #[must_use]
    pub fn new(breakpoint: Breakpoint, session: &dyn SearchView) -> Watch {
        let layer = session
            .last_event()
            .pick
            .as_ref()
            .map(|p| p.f)
            .or_else(|| session.next_pick().map(|p| p.f));
        Watch {
            breakpoint,
            layer,
            solutions: session.counts().solutions,
        }
    }

    #[must_use]
    pub fn breakpoint(&self) -> &Breakpoint {
        &self.breakpoint
    }

    /// Checks the step `session` just took (`event`), whose rows' states `name` writes; the
    /// reason to stop, in words, if the breakpoint is hit.
    pub fn check(
        &mut self,
        event: &StepEvent,
        session: &dyn SearchView,
        name: &dyn Fn(NodeId) -> String,
    ) -> Option<String> {
        let pick = event.pick.as_ref();
        match &self.breakpoint {
            Breakpoint::Goal => {
                let solutions = session.counts().solutions;
                let hit = solutions > self.solutions;
                self.solutions = solutions;
                hit.then(|| format!("goal accepted on step {}", event.step))
            }
            Breakpoint::FRises => {
                let f = pick?.f;
                match self.layer {
                    Some(layer) if f > layer => {
                        Some(format!("f rose from {layer} to {f} on step {}", event.step))
                    }
                    Some(_) => None,
                    None => {
                        self.layer = Some(f);
                        None
                    }
                }
            }
            Breakpoint::State(text) => {
                if pick.is_some_and(|p| name(p.id) == *text) {
                    return Some(format!("{text} picked on step {}", event.step));
                }
                event
                    .successors
                    .iter()
                    .filter(|s| s.fate == Fate::StoredNew)
                    .filter_map(|s| s.id)
                    .any(|id| name(id) == *text)
                    .then(|| format!("{text} stored on step {}", event.step))
            }
            Breakpoint::Reopened => event
                .successors
                .iter()
                .find(|s| s.fate == Fate::Reopened)
                .and_then(|s| s.id)
                .map(|id| format!("#{id} {} reopened on step {}", name(id), event.step)),
            Breakpoint::TieAtLeast(k) => {
                let tied = pick?.ties.first()?.tied;
                (tied >= *k).then(|| {
                    format!(
                        "{tied} states tied on f = {} on step {}",
                        pick.map_or(Cost::ZERO, |p| p.f),
                        event.step
                    )
                })
            }
            Breakpoint::OpenAbove(n) => {
                let open = session.counts().open;
                (open > *n).then(|| format!("{open} open rows on step {}", event.step))
            }
            Breakpoint::Step(n) => {
                (event.step >= *n).then(|| format!("step {} reached", event.step))
            }
        }
    }
}

/// Several breakpoints watched together; the first one hit stops the run.
#[derive(Clone, Debug, Default)]
pub struct Watches(Vec<Watch>);

impl Watches {
    /// Watches every breakpoint in `list` from `session`'s current step.
    #[must_use]
    pub fn new(list: &[Breakpoint], session: &dyn SearchView) -> Watches {
        Watches(
            list.iter()
                .map(|b| Watch::new(b.clone(), session))
                .collect(),
        )
    }

    /// The breakpoint hit by the step just taken and why, if any (every watch sees every step,
    /// so their memories stay right); `name` writes a row's state.
    pub fn check(
        &mut self,
        event: &StepEvent,
        session: &dyn SearchView,
        name: &dyn Fn(NodeId) -> String,
    ) -> Option<(Breakpoint, String)> {
        let mut hit = None;
        for watch in &mut self.0 {
            if let Some(reason) = watch.check(event, session, name)
                && hit.is_none()
            {
                hit = Some((watch.breakpoint.clone(), reason));
            }
        }
        hit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_breakpoint_reads_back_its_own_spelling() {
        for text in [
            "goal",
            "f-rises",
            "reopened",
            "state=123",
            "tie>=3",
            "open>9",
            "step=4",
        ] {
            assert_eq!(text.parse::<Breakpoint>().unwrap().to_string(), text);
        }
        assert!("f-falls".parse::<Breakpoint>().is_err());
        assert!("step=x".parse::<Breakpoint>().is_err());
    }
}
