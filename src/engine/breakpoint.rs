//! Breakpoints: "run until …" conditions checked after every step, with no UI in them, so the
//! app's Run button and `frontier run --until` stop on the same step for the same reason.

use super::cost::Cost;
use super::event::{Fate, StepEvent};
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

    /// Checks the step `session` just took (`event`); the reason to stop, in words, if the
    /// breakpoint is hit.
    pub fn check(&mut self, event: &StepEvent, session: &dyn SearchView) -> Option<String> {
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
                if pick.is_some_and(|p| session.state_text(p.id) == *text) {
                    return Some(format!("{text} picked on step {}", event.step));
                }
                event
                    .successors
                    .iter()
                    .filter(|s| s.fate == Fate::StoredNew)
                    .filter_map(|s| s.id)
                    .any(|id| session.state_text(id) == *text)
                    .then(|| format!("{text} stored on step {}", event.step))
            }
            Breakpoint::Reopened => event
                .successors
                .iter()
                .find(|s| s.fate == Fate::Reopened)
                .and_then(|s| s.id)
                .map(|id| {
                    format!(
                        "#{id} {} reopened on step {}",
                        session.state_text(id),
                        event.step
                    )
                }),
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
    /// so their memories stay right).
    pub fn check(
        &mut self,
        event: &StepEvent,
        session: &dyn SearchView,
    ) -> Option<(Breakpoint, String)> {
        let mut hit = None;
        for watch in &mut self.0 {
            if let Some(reason) = watch.check(event, session)
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
    use crate::scenario::{Scenario, SearchSpec};

    /// Runs the built-in puzzle until `breakpoint`; the step and the reason it stopped on.
    fn run_built_in_until(breakpoint: &str, overrides: &SearchSpec) -> (u64, Option<String>) {
        let mut session = Scenario::built_in().session(overrides).unwrap();
        let mut watch = Watch::new(breakpoint.parse().unwrap(), session.view());
        while session.view().outcome().is_none() {
            session.step();
            let event = session.view().last_event().clone();
            if let Some(reason) = watch.check(&event, session.view()) {
                return (session.view().steps(), Some(reason));
            }
        }
        (session.view().steps(), None)
    }

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

    #[test]
    fn the_built_in_puzzle_never_leaves_its_first_f_layer_before_the_goal() {
        let (step, hit) = run_built_in_until("f-rises", &SearchSpec::default());
        assert_eq!((step, hit), (21, None));
    }

    #[test]
    fn goal_and_step_stop_where_the_chapter_says() {
        assert_eq!(run_built_in_until("goal", &SearchSpec::default()).0, 21);
        assert_eq!(run_built_in_until("step=5", &SearchSpec::default()).0, 5);
    }

    #[test]
    fn the_goal_state_is_stored_on_step_20() {
        let (step, hit) = run_built_in_until("state=123456780", &SearchSpec::default());
        assert_eq!(step, 20);
        assert!(hit.unwrap().contains("stored"));
    }

    #[test]
    fn the_second_pick_is_a_tie_of_two() {
        // The A* chapter: step 2 picks tile 4's board, tied on f with tile 1's.
        assert_eq!(run_built_in_until("tie>=2", &SearchSpec::default()).0, 2);
    }

    #[test]
    fn the_open_list_passes_3_rows_on_the_first_step() {
        // The start's four neighbours are all stored on step 1.
        assert_eq!(run_built_in_until("open>3", &SearchSpec::default()).0, 1);
        assert_eq!(run_built_in_until("open>4", &SearchSpec::default()).0, 2);
    }

    #[test]
    fn f_rises_when_dijkstra_moves_to_the_next_cost() {
        let dijkstra = SearchSpec {
            algorithm: Some(crate::engine::settings::Algorithm::Dijkstra),
            ..SearchSpec::default()
        };
        // Step 1 picks the start (g 0); step 2 picks a neighbour at g 1.
        let (step, hit) = run_built_in_until("f-rises", &dijkstra);
        assert_eq!(step, 2);
        assert!(hit.unwrap().contains("from 0 to 1"));
    }
}
