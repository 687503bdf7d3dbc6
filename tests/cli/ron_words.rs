//! A scenario's RON errors in words about the scenario, with line and column, wherever they are
//! shown: the library's error, `frontier run`, a share link and the app.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use frontier::scenario::Scenario;
use std::path::Path;

use crate::common;
use common::cli::frontier;

fn error(text: &str) -> String {
    Scenario::parse(text, "s.ron", Path::new("."))
        .unwrap_err()
        .to_string()
}

const QUEENS: &str = "Scenario(problem: NQueens(size: 8)";

#[test]
fn a_number_where_a_name_belongs_names_the_field_and_a_valid_name() {
    let text = format!("{QUEENS}, search: (algorithm: 0))");
    assert_eq!(
        error(&text),
        "s.ron: line 1, column 57: algorithm: expected a name such as AStar, found 0"
    );
}

#[test]
fn the_common_parser_errors_are_said_in_the_scenarios_words() {
    let cases = [
        (
            format!("{QUEENS}, search: (algorithm: Astar))"),
            "line 1, column 57: algorithm: unknown variant `Astar` — did you mean `AStar`?",
        ),
        (
            format!("{QUEENS}, serch: ())"),
            "line 1, column 37: unknown field `serch` — did you mean `search`?",
        ),
        (
            "Scenario(problem: NQueens(size: \"8\"))".to_string(),
            "line 1, column 32: size: expected a number, found \"8\"",
        ),
        (
            format!("{QUEENS}, title: 3)"),
            "line 1, column 43: title: expected text in double quotes, found 3",
        ),
        (
            "Scenario(problem: 3)".to_string(),
            "line 1, column 19: problem: expected a name such as SlidingPuzzle, found 3",
        ),
        (
            format!("{QUEENS}, search: 3)"),
            "line 1, column 44: search: expected `(` opening its fields, found 3",
        ),
        (
            format!("{QUEENS})\nextra"),
            "line 1, column 36: unexpected text after the scenario's closing `)`: extra",
        ),
        (
            format!("{QUEENS},\n search: (max_states: 10,"),
            "line 2, column 25: the file ends too early: a parenthesis or bracket is never closed",
        ),
    ];
    for (text, want) in cases {
        let got = error(&text);
        assert_eq!(got, format!("s.ron: {want}"), "{text}");
    }
}

#[test]
fn the_cli_and_a_share_link_say_the_same_words() {
    let dir = common::temp_dir("ron-words");
    let path = dir.join("bad.ron");
    std::fs::write(&path, format!("{QUEENS}, search: (algorithm: 0))")).unwrap();
    let out = frontier(&dir, &["run", "bad.ron"]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains(
            "bad.ron: line 1, column 57: algorithm: expected a name such as AStar, found 0"
        ),
        "{said}"
    );
    assert!(!said.contains("raw identifier"), "{said}");

    let text = format!("{QUEENS}, search: (algorithm: 0))");
    let packed = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9);
    let link = format!("#scenario={}&at=0", URL_SAFE_NO_PAD.encode(packed));
    let err = frontier::share::parse(&link).unwrap_err().to_string();
    assert!(
        err.contains("algorithm: expected a name such as AStar, found 0"),
        "{err}"
    );
    assert!(err.contains("line 1, column 57"), "{err}");
}
