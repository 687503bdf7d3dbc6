//! Exports of a run for other tools: a CSV of the counts and the pick per step (for a
//! spreadsheet or a plot), and a Posthoc search trace (ShortestPathLab's visualiser) for
//! domains whose states are places on a plane.
//!
//! Both are recorders fed the session after each step, so `frontier run` (the only face that
//! exports) writes the steps it actually took.

use super::ShownSearch;
use crate::engine::event::{Fate, Outcome};
use crate::engine::notebook::NodeId;
use std::fmt::Write as _;
use std::path::Path;

/// Why an export failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(
        "row #{0} has no position: Posthoc traces need a domain whose states are places (a grid)"
    )]
    NoPosition(NodeId),
    #[error("cannot save {path}: {message}")]
    Write { path: String, message: String },
}

fn save(path: &Path, text: &str) -> Result<(), ExportError> {
    crate::atomic_write(path, text.as_bytes()).map_err(|e| ExportError::Write {
        path: path.display().to_string(),
        message: e.to_string(),
    })
}

/// The CSV columns, in order.
pub const CSV_HEADER: &str =
    "step,states_checked,states_stored,open,closed,pick,state,f,g,h,tied_on_f,outcome";

/// One CSV line per step: the counts after it, and the pick's row, state, f, g, h and how many
/// open states tied with it on f.
#[derive(Clone, Debug)]
pub struct CsvRecorder {
    text: String,
}

impl Default for CsvRecorder {
    fn default() -> Self {
        CsvRecorder {
            text: format!("{CSV_HEADER}\n"),
        }
    }
}

impl CsvRecorder {
    /// Adds the step `session` just took.
    pub fn record(&mut self, session: &dyn ShownSearch) {
        let event = session.last_event();
        let c = session.counts();
        let _ = write!(
            self.text,
            "{},{},{},{},{},",
            event.step, c.states_checked, c.states_stored, c.open, c.closed
        );
        if let Some(p) = &event.pick {
            let tied = p.ties.first().map_or(1, |t| t.tied);
            let state = quoted(&session.state_text(p.id));
            let _ = write!(
                self.text,
                "{},{state},{},{},{},{tied},",
                p.id, p.f, p.g, p.h
            );
        } else {
            self.text.push_str(",,,,,,");
        }
        let outcome = event.outcome.as_ref().map_or("", Outcome::code);
        let _ = writeln!(self.text, "{outcome}");
    }

    /// The CSV so far.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Writes the CSV atomically.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), ExportError> {
        save(path, &self.text)
    }
}

/// A CSV field: quoted (with quotes doubled) when it holds a comma, quote or line break.
fn quoted(field: &str) -> String {
    if field.contains([',', '"', '\n']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

/// The head of every Posthoc trace: the schema version Posthoc requires and a view drawing
/// each event as a unit square at its cell.
const POSTHOC_HEAD: &str = "version: 1.4.0
views:
  main:
    - $: rect
      x: ${{ $.x }}
      y: ${{ $.y }}
      width: 1
      height: 1
      fill: ${{ theme.foreground }}
events:
";

/// Posthoc search-trace events (YAML): `source` for the start, `expand` for each pick,
/// `generate` for each successor stored, improved or reopened (with `pId`, its parent row),
/// `close` after each expansion and `end` when a goal is accepted. Every event carries the
/// row id, its cell `x`, `y`, and its `f` and `g`.
#[derive(Clone, Debug)]
pub struct PosthocRecorder {
    text: String,
}

impl Default for PosthocRecorder {
    fn default() -> Self {
        PosthocRecorder {
            text: POSTHOC_HEAD.to_string(),
        }
    }
}

impl PosthocRecorder {
    /// Adds the step `session` just took.
    ///
    /// # Errors
    /// A row whose state has no position (not a grid domain).
    pub fn record(&mut self, session: &dyn ShownSearch) -> Result<(), ExportError> {
        let event = session.last_event();
        let Some(pick) = &event.pick else {
            return Ok(());
        };
        if event.step == 1 {
            self.event("source", session, pick.id, None)?;
        }
        self.event("expand", session, pick.id, None)?;
        for s in &event.successors {
            if let (Some(id), Fate::StoredNew | Fate::Improved | Fate::Reopened) = (s.id, s.fate) {
                self.event("generate", session, id, Some(pick.id))?;
            }
        }
        self.event("close", session, pick.id, None)?;
        if event.outcome == Some(Outcome::GoalFound) {
            self.event("end", session, pick.id, None)?;
        }
        Ok(())
    }

    fn event(
        &mut self,
        kind: &str,
        session: &dyn ShownSearch,
        id: NodeId,
        parent: Option<NodeId>,
    ) -> Result<(), ExportError> {
        let (x, y) = session.position(id).ok_or(ExportError::NoPosition(id))?;
        let row = session.row(id);
        let _ = write!(self.text, "  - {{ type: {kind}, id: {id}, ");
        if let Some(p) = parent {
            let _ = write!(self.text, "pId: {p}, ");
        }
        let _ = writeln!(self.text, "x: {x}, y: {y}, f: {}, g: {} }}", row.f, row.g);
        Ok(())
    }

    /// The trace so far.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Writes the trace atomically (Posthoc wants the name to end in `.trace.yaml`).
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), ExportError> {
        save(path, &self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cost::Cost;
    use crate::engine::problem::{Problem, Refusal, Successor};
    use crate::engine::settings::{Heuristic, Settings};
    use crate::present::{BoardView, Presentation, ShownSession, shown_session};

    /// A corridor of cells 0..len walked from 0 to the last: a stand-in for a grid domain.
    #[derive(Clone)]
    struct Corridor(i64);

    impl Problem for Corridor {
        type State = i64;
        type Move = i64;
        fn validate(&self) -> Result<(), Refusal> {
            Ok(())
        }
        fn start(&self) -> i64 {
            0
        }
        fn is_goal(&self, s: &i64) -> bool {
            *s == self.0 - 1
        }
        fn successors(&self, s: &i64, out: &mut Vec<Successor<i64, i64>>) {
            for d in [-1, 1] {
                if (0..self.0).contains(&(s + d)) {
                    out.push(Successor::Child {
                        state: s + d,
                        mv: d,
                        cost: Cost::ONE,
                    });
                }
            }
        }
        fn heuristics(&self) -> &'static [Heuristic] {
            &[Heuristic::Zero]
        }
        fn estimate(&self, _: &i64, _: Heuristic) -> Cost {
            Cost::ZERO
        }
    }

    impl Presentation for Corridor {
        fn describe_move(&self, _: &i64, mv: i64) -> String {
            format!("{mv:+}")
        }
        fn compact(&self, s: &i64) -> String {
            s.to_string()
        }
        fn board(&self, _: &i64) -> BoardView {
            BoardView::empty()
        }
        fn position(&self, s: &i64) -> Option<(i64, i64)> {
            (self.0 > 1).then_some((*s, 7))
        }
    }

    /// A search of a corridor `len` cells long; a corridor of one cell has no positions.
    fn corridor(len: i64) -> Box<dyn ShownSession> {
        let settings = Settings {
            heuristic: Heuristic::Zero,
            ..Settings::default()
        };
        shown_session(Corridor(len), settings)
    }

    #[test]
    fn a_corridor_gives_the_posthoc_events_in_order() {
        let mut s = corridor(3);
        let mut trace = PosthocRecorder::default();
        while s.view().outcome().is_none() {
            s.step();
            trace.record(s.shown()).unwrap();
        }
        let events: Vec<&str> = trace.text().lines().skip(10).collect();
        assert_eq!(
            events,
            [
                "  - { type: source, id: 0, x: 0, y: 7, f: 0, g: 0 }",
                "  - { type: expand, id: 0, x: 0, y: 7, f: 0, g: 0 }",
                "  - { type: generate, id: 1, pId: 0, x: 1, y: 7, f: 1, g: 1 }",
                "  - { type: close, id: 0, x: 0, y: 7, f: 0, g: 0 }",
                "  - { type: expand, id: 1, x: 1, y: 7, f: 1, g: 1 }",
                "  - { type: generate, id: 2, pId: 1, x: 2, y: 7, f: 2, g: 2 }",
                "  - { type: close, id: 1, x: 1, y: 7, f: 1, g: 1 }",
                "  - { type: expand, id: 2, x: 2, y: 7, f: 2, g: 2 }",
                "  - { type: close, id: 2, x: 2, y: 7, f: 2, g: 2 }",
                "  - { type: end, id: 2, x: 2, y: 7, f: 2, g: 2 }",
            ]
        );
        assert!(trace.text().starts_with("version: 1.4.0\n"));
    }

    #[test]
    fn a_domain_without_positions_is_refused_for_posthoc() {
        let mut s = corridor(1);
        s.step();
        let err = PosthocRecorder::default().record(s.shown()).unwrap_err();
        assert!(matches!(err, ExportError::NoPosition(0)), "{err}");
    }

    #[test]
    fn fields_with_commas_are_quoted() {
        assert_eq!(quoted("a,b"), "\"a,b\"");
        assert_eq!(quoted("say \"x\", y"), "\"say \"\"x\"\", y\"");
        assert_eq!(quoted("1 2 / 3"), "1 2 / 3");
    }
}
