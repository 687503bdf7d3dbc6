//! One input file through the path the CLI takes with it: parse, check, build the search, step
//! it a little and describe what it did. Shared by the property test in `tests/bad_input/` and
//! the `cargo fuzz` targets in `fuzz/` (which include this file by path), so both check the
//! same promise: no panic, and either an error that says where or why, or a search that steps
//! within its limits.

#![allow(dead_code, reason = "each fuzz target uses the part it needs")]

use frontier::cli::Summary;
use frontier::domains::grid::{Cell, Grid, Moves};
use frontier::domains::sokoban::{self, Sokoban, SokobanCost};
use frontier::domains::{Malformed, movingai};
use frontier::engine::search::Search;
use frontier::present::{Presentation, ShownSession};
use frontier::scenario::{Scenario, ScenarioError, SearchSpec};
use std::path::Path;

/// The kinds of file a user gives Frontier.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// A scenario (RON); files it names are read relative to `scenarios/`.
    Scenario,
    /// A Moving AI `.map`.
    Map,
    /// A Moving AI `.scen`.
    Scen,
    /// A Sokoban level file (one level or several).
    Level,
}

/// Most steps a fuzzed search takes, and most rows its notebook may hold.
pub const MAX_STEPS: u64 = 300;
pub const MAX_STATES: usize = 200;

/// The fuzz targets' one entry: `data` as text (other bytes are not an input), its files read
/// from the shipped `scenarios/` folder.
#[cfg(fuzzing)]
pub fn fuzz(kind: Kind, data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        exercise(
            kind,
            text,
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios"),
        );
    }
}

/// Feeds `text` as a file of `kind`, with files it names looked up in `base` (the shipped
/// `scenarios/` folder).
///
/// # Panics
/// When Frontier breaks its promise: a panic inside, an error with no place or reason, or a
/// search that steps beyond its limit.
pub fn exercise(kind: Kind, text: &str, base: &Path) {
    match kind {
        Kind::Scenario => scenario(text, base),
        Kind::Map => match movingai::parse_map(text) {
            Ok(map) => {
                let far = Cell {
                    x: map.width.saturating_sub(1),
                    y: map.height.saturating_sub(1),
                };
                search(Grid::new(Ok(map), Cell::default(), far, Moves::Eight));
            }
            Err(m) => located(&m),
        },
        Kind::Scen => {
            if let Err(e) = movingai::parse_scen(text) {
                assert!(e.line() >= 1, "a .scen error names its line: {e}");
                assert!(e.to_string().starts_with(&format!("line {}: ", e.line())));
            }
        }
        Kind::Level => {
            for index in [None, Some(1), Some(2)] {
                match sokoban::pick_level(text, index, None) {
                    Ok(level) => {
                        if let Err(m) = sokoban::check_level(&level) {
                            located(&m);
                        }
                        search(Sokoban::new(Ok(level), SokobanCost::Moves));
                    }
                    Err(why) => assert!(!why.0.is_empty()),
                }
            }
        }
    }
}

/// A search on `problem` with its default heuristic and the fuzzing limits, stepped.
fn search<P>(problem: P)
where
    P: Presentation + Clone + Send + 'static,
    P::State: Send,
{
    let settings = limits().resolve(problem.heuristics()[0]);
    step(&mut Search::new(problem, settings));
}

fn limits() -> SearchSpec {
    SearchSpec {
        max_states: Some(MAX_STATES),
        ..SearchSpec::default()
    }
}

fn located(m: &Malformed) {
    assert!(
        m.line >= 1 && m.column >= 1 && !m.message.is_empty(),
        "{m:?}"
    );
}

fn scenario(text: &str, base: &Path) {
    let parsed = Scenario::parse(text, "fuzzed.ron", base)
        .and_then(|s| s.check_input("fuzzed.ron").map(|()| s))
        .and_then(|s| s.session(&limits()));
    match parsed {
        Ok(mut session) => step(session.as_mut()),
        Err(ScenarioError::Syntax {
            line,
            column,
            message,
            ..
        }) => {
            assert!(line >= 1 && column >= 1 && !message.is_empty(), "{message}");
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

/// Steps a search up to [`MAX_STEPS`], saying what each step did as the CLI's `--verbose` does,
/// then summarises it as every face does.
fn step(session: &mut dyn ShownSession) {
    while session.view().outcome().is_none() && session.view().steps() < MAX_STEPS {
        session.step();
        let view = session.shown();
        let _ = view.event_lines(view.last_event());
    }
    let view = session.shown();
    assert!(view.steps() <= MAX_STEPS);
    let _ = Summary::of(view).text();
    let _ = view.start_board();
}
