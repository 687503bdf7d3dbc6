use super::*;
use crate::cli::Summary;
use crate::scenario::{LIBRARY, SearchSpec};

/// Steps `scenario`'s search `steps` times (or to its end) and sums it up.
fn run(scenario: &Scenario, steps: u64) -> serde_json::Value {
    let mut session = scenario.session(&SearchSpec::default()).unwrap();
    while session.view().steps() < steps && session.view().outcome().is_none() {
        session.step();
    }
    Summary::of(session.shown()).json()
}

#[test]
fn every_library_scenario_survives_a_link_and_searches_the_same() {
    for (name, _) in LIBRARY {
        let scenario = Scenario::from_library(name).unwrap().unwrap();
        let text = link("https://example.org/frontier/", &scenario, 21).unwrap();
        assert_eq!(
            text,
            link("https://example.org/frontier/", &scenario, 21).unwrap(),
            "{name}: links are deterministic"
        );
        assert!(text.starts_with("https://example.org/frontier/#scenario="));
        let shared = parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(shared.at, 21);
        assert_eq!(shared.scenario.title, scenario.title);
        assert!(shared.scenario.input_files().is_empty(), "{name}");
        assert_eq!(
            run(&shared.scenario, 300),
            run(&scenario, 300),
            "{name}: the link's search differs from the file's"
        );
    }
}

#[test]
fn a_file_named_by_the_scenario_goes_inline() {
    for name in ["grid_arena.ron", "sokoban_microban_005.ron"] {
        let scenario = Scenario::from_library(name).unwrap().unwrap();
        assert!(!scenario.input_files().is_empty(), "{name} names a file");
        let shared = parse(&link("", &scenario, 0).unwrap()).unwrap();
        assert!(shared.scenario.input_files().is_empty(), "{name}");
    }
}

#[test]
fn a_link_is_read_from_an_address_a_fragment_or_bare_pairs() {
    let scenario = Scenario::built_in();
    let text = link("http://127.0.0.1:8000/?x=1#scenario=old&at=3", &scenario, 7).unwrap();
    assert!(text.starts_with("http://127.0.0.1:8000/?x=1#scenario="));
    assert_eq!(text.matches('#').count(), 1, "the old fragment is replaced");
    let fragment = text.split_once('#').unwrap().1;
    for form in [text.clone(), format!("#{fragment}"), fragment.to_string()] {
        let shared = parse(&format!("  {form}\n")).unwrap();
        assert_eq!(shared.at, 7);
        assert_eq!(shared.scenario.problem, scenario.problem);
    }
    let end = parse(&fragment.replace("at=7", "at=end")).unwrap();
    assert_eq!(end.at, u64::MAX);
    let no_step = parse(&fragment.replace("&at=7", "")).unwrap();
    assert_eq!(no_step.at, 0, "no step: the start");
}

#[test]
fn a_bad_link_says_what_is_wrong() {
    let good = link("", &Scenario::built_in(), 21).unwrap();
    let packed = good
        .strip_prefix("#scenario=")
        .unwrap()
        .strip_suffix("&at=21")
        .unwrap();
    let cases = [
        ("https://example.org/", "holds no scenario"),
        ("#at=3", "holds no scenario"),
        ("#scenario=%%%", "not base64url"),
        (
            &format!("#scenario={}", &packed[..(packed.len() / 2) & !3]),
            "cannot be unpacked",
        ),
        (&format!("#scenario={packed}&step=21"), "`step`"),
        (&format!("#scenario={packed}&at=-1"), "at=-1"),
    ];
    for (text, words) in cases {
        let e = parse(text).unwrap_err().to_string();
        assert!(e.contains(words), "{text}: {e}");
    }
}

/// A link made by hand: `text` packed as a link's scenario.
fn packed(text: &[u8]) -> String {
    let bytes = miniz_oxide::deflate::compress_to_vec(text, LEVEL);
    format!("#scenario={}", URL_SAFE_NO_PAD.encode(bytes))
}

#[test]
fn a_hand_made_link_is_checked_like_a_file() {
    let e = parse(&packed(b"Scenario(problem: NQueens(size: 4), serch: ())")).unwrap_err();
    assert!(
        matches!(e, ScenarioError::Syntax { line: 1, .. }),
        "a syntax error keeps its line and column: {e}"
    );
    assert!(e.to_string().contains("did you mean `search`"), "{e}");
    let names_a_file = packed(
        b"Scenario(problem: Grid(map_file: \"/etc/passwd\", start: (x: 0, y: 0), goal: (x: 1, y: 0)))",
    );
    let e = parse(&names_a_file).unwrap_err().to_string();
    assert!(e.contains("names the file /etc/passwd"), "{e}");
    let e = parse(&packed(&[b' '; MAX_SCENARIO_BYTES + 1]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("more than 16 MiB"), "{e}");
    let e = parse(&packed(&[0xff, 0xfe])).unwrap_err().to_string();
    assert!(e.contains("not text"), "{e}");
}

#[test]
fn status_reads_like_run_json() {
    let scenario = Scenario::built_in();
    let mut session = scenario.session(&SearchSpec::default()).unwrap();
    session.step();
    let status = super::status(&scenario, session.view());
    assert_eq!(
        status["outcome"],
        serde_json::Value::Null,
        "still searching"
    );
    assert_eq!(status["step"], 1);
    assert_eq!(status["scenario"], scenario.title.as_str());
    while session.view().outcome().is_none() {
        session.step();
    }
    let status = super::status(&scenario, session.view());
    let json = Summary::of(session.shown()).json();
    assert_eq!(status["outcome"], "goal_found");
    for key in ["algorithm", "outcome", "states_checked", "states_stored"] {
        assert_eq!(status[key], json[key], "{key} as in run --json");
    }
    assert_eq!(status["step"], json["steps"]);
    // The built-in puzzle's figures, as the browser test names them.
    assert_eq!(
        (
            status["step"].as_u64(),
            status["states_checked"].as_u64(),
            status["states_stored"].as_u64()
        ),
        (Some(21), Some(20), Some(35))
    );
}

#[test]
fn frontier_open_reads_a_link_as_the_file_it_was_made_from() {
    use crate::cli::{OpenAt, opening};
    let file = Path::new("scenarios/grid_arena.ron");
    let (scenario, at) = opening(Some(file), None, Some(OpenAt::Step(21))).unwrap();
    let text = link("", &scenario, at).unwrap();
    let (linked, linked_at) = opening(None, Some(&text), None).unwrap();
    assert_eq!(linked_at, 21, "the link's step");
    assert_eq!(run(&linked, 100), run(&scenario, 100));
    let (_, over) = opening(None, Some(&text), Some(OpenAt::End)).unwrap();
    assert_eq!(over, u64::MAX, "--at wins over the link's step");
    let e = opening(None, Some("#scenario=AAAA"), None).unwrap_err();
    assert!(e.to_string().contains("damaged"), "{e}");
}
