//! Exports of a real scenario's search: the Posthoc trace and the CSV of the built-in puzzle.
//! The export's own unit tests use a stand-in domain, since the presentation layer imports no
//! scenario.

use frontier::present::ShownSession;
use frontier::present::export::{CSV_HEADER, CsvRecorder, PosthocRecorder};
use frontier::scenario::{Scenario, SearchSpec};

/// The built-in puzzle's search, at step 0.
fn built_in() -> Box<dyn ShownSession> {
    Scenario::built_in()
        .session(&SearchSpec::default())
        .unwrap()
}

#[test]
fn a_domain_without_positions_writes_its_states_as_text() {
    let mut s = built_in();
    let mut trace = PosthocRecorder::default();
    s.step();
    trace.record(s.shown()).unwrap();
    let text = trace.text();
    assert!(!text.contains("views:") && !text.contains("x: "), "{text}");
    assert!(
        text.contains(r#"type: expanding, id: 0, state: "542703816", g: 0, h: 12, f: 12"#),
        "{text}"
    );
    assert_eq!(
        PosthocRecorder::default().text(),
        "version: 1.4.0\nevents: []\n"
    );
}

#[test]
fn the_built_in_puzzles_csv_has_a_line_per_step_and_ends_at_the_goal() {
    let mut s = built_in();
    let mut csv = CsvRecorder::default();
    while s.view().outcome().is_none() {
        s.step();
        csv.record(s.shown());
    }
    let lines: Vec<&str> = csv.text().lines().collect();
    assert_eq!(lines.len(), 22);
    assert_eq!(lines[0], CSV_HEADER);
    assert_eq!(lines[1], "1,1,5,4,1,0,542703816,12,0,12,1,");
    let last: Vec<&str> = lines[21].split(',').collect();
    // Goal accepted: 20 checked, 35 stored, the goal board at g 12, h 0.
    assert_eq!(
        (
            last[1], last[2], last[6], last[7], last[8], last[9], last[11]
        ),
        ("20", "35", "123456780", "12", "12", "0", "goal_found")
    );
}
