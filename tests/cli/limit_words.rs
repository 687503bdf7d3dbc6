//! What `frontier run` and the app say when a search stops at its size limit, and the smaller
//! words of a text run: heuristic warnings, a refused run's summary, what `--verbose` prints.

use frontier::engine::settings::Algorithm;
use frontier::present::ShownSession;
use frontier::present::limit::{self, Knobs, Limit};
use frontier::scenario::{Scenario, SearchSpec};
use std::path::PathBuf;

use crate::common;
use common::cli::frontier;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn finished(file: &str, spec: &SearchSpec) -> Box<dyn ShownSession> {
    let scenario = Scenario::load(&root().join("scenarios").join(file)).unwrap();
    let mut session = scenario.session(spec).unwrap();
    while session.view().outcome().is_none() {
        session.step();
    }
    session
}

fn text(args: &[&str]) -> (String, Option<i32>) {
    let out = frontier(&root(), args);
    let mut all = String::from_utf8_lossy(&out.stdout).into_owned();
    all.push_str(&String::from_utf8_lossy(&out.stderr));
    (all, out.status.code())
}

#[test]
fn backtracking_without_a_depth_limit_says_why_stored_passes_the_limit_and_what_helps() {
    let spec = SearchSpec {
        algorithm: Some(Algorithm::Backtracking),
        ..SearchSpec::default()
    };
    let session = finished("seed_542703816.ron", &spec);
    let view = session.shown();
    let max = view.settings().max_states as u64;
    let hit = limit::limit(view).expect("stopped by its size limit");
    assert_eq!(hit, Limit::Notebook(max));
    let stored = view.counts().states_stored;
    assert!(stored > max, "backtracking dropped rows: {stored} > {max}");
    let sentence = limit::sentence(view, hit, Knobs::App);
    assert!(
        sentence.contains(&format!(
            "{stored} stored in all: {} dropped from the notebook",
            stored - max
        )),
        "{sentence}"
    );
    assert!(sentence.contains("set a depth limit"), "{sentence}");
    assert!(!sentence.contains("new puzzle"), "{sentence}");

    // With a depth limit set, the advice no longer asks for one.
    let limited = finished(
        "seed_542703816.ron",
        &SearchSpec {
            depth_limit: Some(40),
            max_states: Some(30),
            ..spec
        },
    );
    let advice = limit::advice(limited.shown(), Knobs::Cli);
    assert!(!advice.contains("set a depth limit"), "{advice}");
    assert!(advice.contains("--max-states"), "{advice}");
}

#[test]
fn the_cli_prints_the_limit_the_dropped_rows_and_the_advice() {
    let seed = root().join("scenarios/seed_542703816.ron");
    let seed = seed.to_str().unwrap();
    let (out, code) = text(&["run", seed, "--algorithm", "backtracking"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.starts_with("Limit reached: notebook full (4096 states) (Backtracking after "),
        "{out}"
    );
    assert!(out.contains("8 dropped from the notebook"), "{out}");
    assert!(out.contains("set a depth limit (--depth-limit)"), "{out}");
    assert!(!out.contains("try a new puzzle"), "{out}");

    let queens = root().join("scenarios/queens_8.ron");
    let queens = queens.to_str().unwrap();
    let args = [
        "run",
        queens,
        "--algorithm",
        "generate-and-test",
        "--max-states",
        "100",
    ];
    let (out, _) = text(&args);
    assert!(
        out.starts_with("Limit reached: 100 candidate boards tested"),
        "{out}"
    );
    assert!(out.contains("choose backtracking"), "{out}");
    assert!(!out.contains("puzzle"), "{out}");
}

#[test]
fn a_text_run_prints_the_heuristic_warnings_the_app_shows() {
    let file = root().join("scenarios/graph_overestimate.ron");
    let (out, code) = text(&["run", file.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}");
    let warnings: Vec<&str> = out.lines().filter(|l| l.starts_with("warning: ")).collect();
    assert!(
        warnings
            .iter()
            .any(|l| l.contains("h(A) = 9 but A reaches the goal for 3")),
        "{out}"
    );
    assert!(
        warnings.iter().any(|l| l.contains("overestimates")),
        "{out}"
    );
}

#[test]
fn a_refused_run_prints_no_empty_depth_list() {
    let file = root().join("scenarios/unsolvable_123456870.ron");
    let (out, code) = text(&["run", file.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("Refused: "), "{out}");
    assert!(!out.contains("states stored at depth"), "{out}");
    assert!(!out.contains(": ;"), "{out}");
}

#[test]
fn verbose_help_says_what_verbose_prints() {
    let (help, _) = text(&["run", "--help"]);
    assert!(!help.contains("One line per step"), "{help}");
    assert!(help.contains("a line for each successor"), "{help}");
    // And it does: a successor line under the step's pick line.
    let file = root().join("scenarios/romania.ron");
    let (out, _) = text(&["run", file.to_str().unwrap(), "--verbose"]);
    let mut lines = out.lines();
    assert!(
        lines.next().unwrap().starts_with("step 1: picked "),
        "{out}"
    );
    assert!(lines.next().unwrap().starts_with("  #"), "{out}");
}

#[test]
fn tables_name_the_limit_in_a_few_words() {
    let session = finished(
        "queens_8.ron",
        &SearchSpec {
            algorithm: Some(Algorithm::GenerateAndTest),
            max_states: Some(10),
            ..SearchSpec::default()
        },
    );
    let hit = limit::limit(session.shown()).unwrap();
    assert_eq!(limit::short_words(hit), "10 candidate boards tested");
}

/// Where `cell` starts and ends on `line`, in characters.
fn span(line: &str, cell: &str) -> (usize, usize) {
    let at = line
        .find(cell)
        .unwrap_or_else(|| panic!("{cell} in {line}"));
    let start = line[..at].chars().count();
    (start, start + cell.chars().count())
}

#[test]
fn compare_aligns_every_head_with_its_column() {
    let file = root().join("scenarios/grid_trap.ron");
    let args = [
        "compare",
        file.to_str().unwrap(),
        "--algorithm",
        "astar",
        "--algorithm",
        "bfs",
        "--max-states",
        "20",
    ];
    let (out, code) = text(&args);
    assert_eq!(code, Some(0), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let (head, astar) = (lines[0], lines[1]);
    // Words start under their head; numbers end under theirs.
    assert_eq!(span(head, "setting").0, span(astar, "astar").0, "{out}");
    assert_eq!(
        span(head, "outcome").0,
        span(astar, "limit_reached").0,
        "{out}"
    );
    let numbers: Vec<&str> = astar.split_whitespace().skip(2).collect();
    let heads = ["steps", "checked", "stored", "largest open", "cost"];
    let mut from = span(astar, "limit_reached").1;
    for (head_word, number) in heads.iter().zip(numbers) {
        let at = astar[from..].find(number).unwrap() + from;
        let end = astar[..at].chars().count() + number.chars().count();
        assert_eq!(span(head, head_word).1, end, "{head_word}: {out}");
        from = at + number.len();
    }
}
