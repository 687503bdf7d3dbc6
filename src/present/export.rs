//! Exports of a run for other tools: a CSV of the counts and the pick per step (for a
//! spreadsheet or a plot), and a Posthoc search trace (ShortestPathLab's visualiser) of any
//! domain, drawn on a plane where its states are places.
//!
//! Both are recorders fed the session after each step, so `frontier run` (the only face that
//! exports) writes the steps it actually took.

use super::ShownSearch;
use crate::engine::cost::Cost;
use crate::engine::event::{Fate, Outcome};
use crate::engine::notebook::NodeId;
use std::fmt::Write as _;
use std::path::Path;

/// Why an export failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("cannot save {path}: {message}")]
    Write { path: String, message: String },
}

fn save(path: &Path, text: &str) -> Result<(), ExportError> {
    crate::files::atomic_write(path, text.as_bytes()).map_err(|e| ExportError::Write {
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

/// The head of every Posthoc trace: the schema version Posthoc requires, then (for domains
/// whose states are places) a view drawing each event as a unit square at its cell.
const POSTHOC_VERSION: &str = "version: 1.4.0\n";
const POSTHOC_VIEWS: &str = "views:
  main:
    - $: rect
      x: ${{ $.x }}
      y: ${{ $.y }}
      width: 1
      height: 1
      fill: ${{ theme.foreground }}
";

/// Posthoc search-trace events (YAML), with Posthoc's canonical names: `source` and
/// `generating` for the start, `expanding` for each pick, `generating` for each successor
/// stored new and `updating` for one improved or reopened (with `pId`, its parent row),
/// `closing` after each expansion and `end` when a goal is accepted. Every event carries the
/// row id, the state's text (`state`), its `g`, `h` and `f`, and its cell `x`, `y` where the
/// domain's states are places.
#[derive(Clone, Debug, Default)]
pub struct PosthocRecorder {
    events: String,
    /// Whether the states have places (known from the first step).
    places: Option<bool>,
}

impl PosthocRecorder {
    /// Adds the step `session` just took.
    ///
    /// # Errors
    /// None today; kept so a recorder that writes as it goes can report a failed write.
    pub fn record(&mut self, session: &dyn ShownSearch) -> Result<(), ExportError> {
        let event = session.last_event();
        let Some(pick) = &event.pick else {
            return Ok(());
        };
        self.places
            .get_or_insert_with(|| session.position(pick.id).is_some());
        if event.step == 1 {
            self.event("source", session, pick.id, None);
            self.event("generating", session, pick.id, None);
        }
        self.event("expanding", session, pick.id, None);
        for s in &event.successors {
            let kind = match s.fate {
                Fate::StoredNew => "generating",
                Fate::Improved | Fate::Reopened => "updating",
                _ => continue,
            };
            if let Some(id) = s.id {
                self.event(kind, session, id, Some(pick.id));
            }
        }
        self.event("closing", session, pick.id, None);
        if event.outcome == Some(Outcome::GoalFound) {
            self.event("end", session, pick.id, None);
        }
        Ok(())
    }

    fn event(&mut self, kind: &str, session: &dyn ShownSearch, id: NodeId, parent: Option<NodeId>) {
        let row = session.row(id);
        let t = &mut self.events;
        let _ = write!(t, "  - {{ type: {kind}, id: {id}, ");
        if let Some(p) = parent {
            let _ = write!(t, "pId: {p}, ");
        }
        // A JSON string is a YAML double-quoted scalar: a board of digits stays text.
        let state = serde_json::to_string(&session.state_text(id)).unwrap_or_default();
        let _ = write!(t, "state: {state}, ");
        if let Some((x, y)) = session.position(id) {
            let _ = write!(t, "x: {x}, y: {y}, ");
        }
        let _ = writeln!(
            t,
            "g: {}, h: {}, f: {} }}",
            posthoc_number(row.g),
            posthoc_number(row.h),
            posthoc_number(row.f)
        );
    }

    /// The trace so far.
    #[must_use]
    pub fn text(&self) -> String {
        let views = if self.places == Some(true) {
            POSTHOC_VIEWS
        } else {
            ""
        };
        let events = if self.events.is_empty() {
            "events: []\n".to_string()
        } else {
            format!("events:\n{}", self.events)
        };
        format!("{POSTHOC_VERSION}{views}{events}")
    }

    /// Writes the trace atomically (Posthoc wants the name to end in `.trace.yaml`).
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), ExportError> {
        save(path, &self.text())
    }
}

/// A cost as a Posthoc trace writes it: whole costs as integers, others in full (so a reader
/// gets back exactly the cost's value), no bound as YAML's `.inf`.
fn posthoc_number(cost: Cost) -> String {
    if cost == Cost::INFINITE {
        ".inf".into()
    } else {
        cost.as_whole()
            .map_or_else(|| cost.as_f64().to_string(), |w| w.to_string())
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
        while s.shown().outcome().is_none() {
            s.step();
            trace.record(s.shown()).unwrap();
        }
        let text = trace.text();
        let events: Vec<&str> = text.lines().skip(10).collect();
        let at = |x| format!(r#"state: "{x}", x: {x}, y: 7, g: {x}, h: 0, f: {x}"#);
        assert_eq!(
            events,
            [
                format!("  - {{ type: source, id: 0, {} }}", at(0)),
                format!("  - {{ type: generating, id: 0, {} }}", at(0)),
                format!("  - {{ type: expanding, id: 0, {} }}", at(0)),
                format!("  - {{ type: generating, id: 1, pId: 0, {} }}", at(1)),
                format!("  - {{ type: closing, id: 0, {} }}", at(0)),
                format!("  - {{ type: expanding, id: 1, {} }}", at(1)),
                format!("  - {{ type: generating, id: 2, pId: 1, {} }}", at(2)),
                format!("  - {{ type: closing, id: 1, {} }}", at(1)),
                format!("  - {{ type: expanding, id: 2, {} }}", at(2)),
                format!("  - {{ type: closing, id: 2, {} }}", at(2)),
                format!("  - {{ type: end, id: 2, {} }}", at(2)),
            ]
        );
        assert!(trace.text().starts_with("version: 1.4.0\n"));
    }

    #[test]
    fn fields_with_commas_are_quoted() {
        assert_eq!(quoted("a,b"), "\"a,b\"");
        assert_eq!(quoted("say \"x\", y"), "\"say \"\"x\"\", y\"");
        assert_eq!(quoted("1 2 / 3"), "1 2 / 3");
    }
}
