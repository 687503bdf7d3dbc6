//! Unit tests of the Posthoc reader, its run model and its summaries.

use super::*;

fn load(text: &str) -> PosthocTrace {
    parse(text.as_bytes(), "test", &ReadOptions::default()).unwrap()
}

fn refused(text: &str) -> PosthocError {
    parse(text.as_bytes(), "test", &ReadOptions::default()).unwrap_err()
}

/// A small A* run: S expands, generates a (f 3) and b (f 3); a expands (tie, lower h: a has
/// g 2, h 1; b has g 1, h 2), generates c (f 4); b expands; c expands; end.
const RUN_YAML: &str = "version: 1.4.0
views:
  main:
    - $: rect
      x: ${{ $.x }}
events:
  - { type: source, id: S, x: 0, y: 0 }
  - { type: generating, id: S, g: 0, f: 2, x: 0, y: 0 }
  - { type: expanding, id: S, g: 0, f: 2 }
  - { type: generating, id: a, pId: S, g: 2, f: 3, x: 1, y: 0 }
  - { type: generating, id: b, pId: S, g: 1, f: 3, x: 0, y: 1 }
  - { type: closing, id: S }
  - { type: expanding, id: a, g: 2, f: 3 }
  - { type: generating, id: c, pId: a, g: 3, f: 4, x: 2, y: 0 }
  - { type: closing, id: a }
  - { type: expanding, id: b, g: 1, f: 3 }
  - { type: closing, id: b }
  - { type: expanding, id: c, g: 3, f: 4 }
  - { type: end, id: c }
";

/// The same run as a JSON document.
fn run_json() -> String {
    let doc = r#"{"version": "1.4.0", "render": {"views": {}}, "events": [EVENTS]}"#;
    doc.replace(
        "EVENTS",
        &run_lines().lines().collect::<Vec<_>>().join(",\n"),
    )
}

/// The same run as JSON lines.
fn run_lines() -> String {
    let mut lines = String::new();
    for line in RUN_YAML.lines().filter(|l| l.starts_with("  - {")) {
        let body = line.trim_start_matches("  - { ").trim_end_matches(" }");
        let fields: Vec<String> = body
            .split(", ")
            .map(|kv| {
                let (k, v) = kv.split_once(": ").unwrap();
                let v = if v.parse::<f64>().is_ok() {
                    v.to_string()
                } else {
                    format!("\"{v}\"")
                };
                format!("\"{k}\": {v}")
            })
            .collect();
        lines.push_str(&format!("{{{}}}\n", fields.join(", ")));
    }
    lines
}

fn id(text: &str) -> TraceId {
    TraceId::of_text(text)
}

fn node(trace: &PosthocTrace, text: &str) -> NodeIx {
    trace.ids().iter().position(|i| *i == id(text)).unwrap() as NodeIx
}

#[test]
fn yaml_json_and_json_lines_read_to_the_same_run() {
    let yaml = load(RUN_YAML);
    let json = load(&run_json());
    let lines = load(&run_lines());
    assert_eq!(yaml.format, Format::Yaml);
    assert_eq!(json.format, Format::Json);
    assert_eq!(lines.format, Format::JsonLines);
    for t in [&yaml, &json, &lines] {
        assert_eq!(t.step_count(), 4);
        assert_eq!(t.events().len(), 13);
        let picks: Vec<String> = (1..=4)
            .map(|k| t.id(t.pick(k).unwrap().node).to_string())
            .collect();
        assert_eq!(picks, ["S", "a", "b", "c"]);
        assert_eq!(t.issues.total(), 0, "{:?}", t.issues.listed);
        assert!(t.stopped.is_none());
    }
    assert_eq!(yaml.version.as_deref(), Some("1.4.0"));
    assert_eq!(yaml.drawings, ["views"]);
    assert_eq!(json.drawings, ["render"]);
}

#[test]
fn each_step_stands_as_its_events_leave_it() {
    let t = load(RUN_YAML);
    let (s, a, b, c) = (node(&t, "S"), node(&t, "a"), node(&t, "b"), node(&t, "c"));
    let at0 = t.at(0);
    assert_eq!(at0.open(), [s]);
    assert_eq!(at0.next_pick().unwrap().node, s);
    assert!(at0.last_step().is_none());
    let at1 = t.at(1);
    assert_eq!(at1.open(), [a, b]);
    assert_eq!(at1.counts().open, 2);
    assert_eq!(at1.counts().closed, 1);
    let step = at1.last_step().unwrap();
    assert_eq!(step.pick.node, s);
    assert_eq!(step.successors.len(), 2);
    assert!(step.successors.iter().all(|(_, f)| *f == Fate::New));
    let row = at1.row(b).unwrap();
    assert_eq!((row.g, row.f, row.h), (Some(1.0), Some(3.0), Some(2.0)));
    assert_eq!((row.parent, row.depth), (Some(s), Some(1)));
    assert_eq!(row.status, NodeStatus::Open);
    // Lowest f, then lower h: a (h 1) before b (h 2); first stored: a too.
    assert_eq!(at1.open_order(&[TieKeyLowestH]), [a, b]);
    assert_eq!(
        at1.open_order(&[crate::engine::tie::TieKey::LowestG]),
        [b, a]
    );
    assert!(at1.row(c).is_none());
    let at2 = t.at(2);
    assert_eq!(at2.open(), [b, c]);
    assert_eq!(at2.route(c), [s, a, c]);
    assert!(t.at(4).open().is_empty());
    assert_eq!(t.at(4).solution().unwrap(), [s, a, c]);
    assert_eq!(t.at(99).step(), 4);
    assert_eq!(t.place(c), Some((2.0, 0.0)));
}

use crate::engine::tie::TieKey::LowestH as TieKeyLowestH;

#[test]
fn inspect_finds_the_rule_behind_the_ties() {
    let t = load(RUN_YAML);
    let i = inspect(&t);
    assert_eq!(i.expansions, 4);
    assert!(i.out_of_order.is_empty());
    // Step 2 chose a among a and b (f 3): lower h, higher g and first stored explain it.
    assert_eq!(i.tied, 1);
    let explained = |name: &str| {
        i.tie_rules
            .iter()
            .find(|r| r.name() == name)
            .unwrap()
            .explained
    };
    assert_eq!(explained("lowest-h"), 1);
    assert_eq!(explained("highest-g"), 1);
    assert_eq!(explained("fifo"), 1);
    assert_eq!(explained("lowest-g"), 0);
    assert_eq!(explained("lifo"), 0);
    assert_eq!(i.best_rule().unwrap().name(), "lowest-h");
    assert!(i.h_from_f_minus_g);
}

#[test]
fn a_pick_above_the_lowest_f_is_out_of_order() {
    // As JSON lines, the way a solver streams them.
    let t = load(concat!(
        r#"{"type": "generating", "id": 1, "g": 0, "f": 5}"#,
        "\n",
        r#"{"type": "generating", "id": 2, "g": 0, "f": 3}"#,
        "\n",
        r#"{"type": "expanding", "id": 1}"#,
        "\n",
        r#"{"type": "expanding", "id": 2}"#,
    ));
    let i = inspect(&t);
    assert_eq!(i.out_of_order.len(), 1);
    let o = &i.out_of_order[0];
    assert_eq!((o.step, o.event, o.f, o.lowest_f), (1, 2, 5.0, 3.0));
    assert_eq!(t.id(o.lowest), &TraceId::Int(2));
}

#[test]
fn contradictions_load_and_are_listed_with_their_event() {
    let t = load(
        "events:
  - { type: generating, id: 1, g: 0, f: 4 }
  - { type: expanding, id: 1, g: 0, f: 4 }
  - { type: generating, id: 2, pId: 1, g: 1, f: 4 }
  - { type: generating, id: 3, pId: 2, g: 0.5, f: 4 }
  - { type: closing, id: 1 }
  - { type: expanding, id: 2, g: 2, f: 5 }
  - { type: closing, id: 9 }
  - { type: expanding, id: 7 }
  - { type: raycast, id: 1 }
  - { type: updating, id: 3, pId: 2, g: 3, f: 4 }
  - { type: expanding, id: 3, g: 3, f: 4, h: 2 }
",
    );
    let kinds: Vec<(u32, IssueKind)> = t.issues.listed.iter().map(|i| (i.event, i.kind)).collect();
    assert_eq!(
        kinds,
        [
            (3, IssueKind::GBelowParent),
            (5, IssueKind::GChanged),
            (6, IssueKind::ClosingNotOpen),
            (7, IssueKind::NeverGenerated),
            (10, IssueKind::HChanged),
        ]
    );
    assert!(
        t.issues.listed[1].words.contains("from 1 to 2"),
        "{}",
        t.issues.listed[1].words
    );
    assert_eq!(t.unknown_types, [("raycast".to_string(), 1)]);
    assert_eq!(t.step_count(), 4);
    // The update after the skipped event keeps its place in the file's list.
    let update = t
        .events()
        .iter()
        .find(|e| e.kind == EventKind::Updating)
        .unwrap();
    assert_eq!(update.index, 9);
    assert_eq!(update.fate(), Some(Fate::Improved));
}

#[test]
fn input_that_is_not_a_trace_is_refused_with_line_and_column() {
    // (input, whether it is YAML or JSON at all, where the error is: None to only ask for one)
    type Case = (&'static str, bool, Option<(usize, usize)>);
    let cases: [Case; 10] = [
        ("events:\n  - { type: expanding, id: [1\n", false, None),
        // Rust source: one multi-line YAML text.
        (
            "fn main() {\n    println!(\"hi\");\n}\n",
            true,
            Some((1, 1)),
        ),
        ("a: b: c\n", false, None),
        ("just words\n", true, Some((1, 1))),
        ("{\"version\": \"1.4.0\",\n \"views\": {}}\n", true, None),
        (
            "{\"version\": \"1.4.0\",\n \"events\": [}\n",
            false,
            Some((2, 13)),
        ),
        ("[1, 2]\n", false, None),
        ("", true, None),
        ("version: 1.4.0\nevents: 12\n", true, Some((2, 9))),
        ("\u{feff}\u{0}\u{1}", false, None),
    ];
    for (text, no_events, place) in cases {
        let e = refused(text);
        assert_eq!(
            matches!(e, PosthocError::NoEvents { .. }),
            no_events,
            "{text:?}: {e}"
        );
        let at = e.place();
        assert!(at.is_some_and(|(l, c)| l >= 1 && c >= 1), "{text:?}: {e}");
        if place.is_some() {
            assert_eq!(at, place, "{text:?}: {e}");
        }
    }
}

#[test]
fn a_trace_cut_short_keeps_the_events_before_the_cut() {
    let yaml = RUN_YAML;
    let cut = &yaml[..yaml.find("id: c, g: 3, f: 4 }\n  - { type: end").unwrap() + 8];
    let t = load(cut);
    assert!(
        matches!(t.stopped, Some(Stopped::CutShort { .. })),
        "{:?}",
        t.stopped
    );
    assert_eq!(t.step_count(), 3);
    let json = run_json();
    let t = load(&json[..json.len() - 40]);
    assert!(matches!(t.stopped, Some(Stopped::CutShort { .. })));
    assert!(t.step_count() >= 3);
    let lines = run_lines();
    let t = load(&lines[..lines.len() - 10]);
    assert!(
        matches!(t.stopped, Some(Stopped::CutShort { line: 13, .. })),
        "{:?}",
        t.stopped
    );
    assert_eq!(t.events().len(), 12);
    // A block-style event cut in the middle of a line is left out, not half read.
    let t = load("events:\n  - type: generating\n    id: 1\n  - type: generating\n    id: 1");
    assert_eq!(t.events().len(), 1);
    assert!(t.stopped.is_some());
}

#[test]
fn the_memory_budget_stops_reading_and_keeps_what_fits() {
    let events: Vec<String> = (0..20_000)
        .map(|i| format!("{{\"type\": \"generating\", \"id\": {i}}}"))
        .collect();
    let yaml = format!("events:\n  - {}\n", events.join("\n  - "));
    let json = format!("{{\"events\": [{}]}}", events.join(","));
    let options = ReadOptions {
        max_memory: 512 << 10,
    };
    for text in [yaml, json] {
        let t = parse(text.as_bytes(), "big", &options).unwrap();
        assert!(
            matches!(t.stopped, Some(Stopped::OverBudget { .. })),
            "{:?}",
            t.stopped
        );
        assert!(t.events().len() > 1000 && t.events().len() < 20_000);
        assert!(t.memory_bytes() < 512 << 10);
    }
}

#[test]
fn ids_as_numbers_and_text_name_one_state_and_anchors_resolve() {
    let t = load(
        "events:
  - { type: generating, id: 12, g: &zero 0, f: 1 }
  - { type: expanding, id: \"12\", g: *zero }
  - { type: generating, id: 13, pId: '12', g: 1, f: 1 }
",
    );
    assert_eq!(t.nodes(), 2);
    assert_eq!(t.issues.total(), 0, "{:?}", t.issues.listed);
    assert_eq!(t.at(1).row(1).unwrap().depth, Some(1));
}

/// The open list after every step, by replaying all events from the start.
fn open_by_replay(t: &PosthocTrace, step: u64) -> Vec<NodeIx> {
    let end = t
        .steps()
        .get(step as usize)
        .map_or(t.events().len(), |s| s.event as usize);
    let mut open = std::collections::BTreeSet::new();
    for e in &t.events()[..end] {
        if e.status() == NodeStatus::Open {
            open.insert(e.node);
        } else {
            open.remove(&e.node);
        }
    }
    open.into_iter().collect()
}

#[test]
fn jumps_past_keyframes_give_the_open_list_a_replay_gives() {
    // 400 steps, so keyframes (every 64 steps at least) are crossed.
    let mut text = String::from("events:\n  - { type: generating, id: 0, g: 0, f: 0 }\n");
    for i in 0..400 {
        text.push_str(&format!("  - {{ type: expanding, id: {i} }}\n"));
        for c in [2 * i + 1, 2 * i + 2] {
            text.push_str(&format!(
                "  - {{ type: generating, id: {c}, pId: {i}, g: {c}, f: {c} }}\n"
            ));
        }
    }
    let t = load(&text);
    assert_eq!(t.step_count(), 400);
    for step in [0, 1, 63, 64, 65, 127, 128, 200, 399, 400] {
        assert_eq!(t.at(step).open(), open_by_replay(&t, step), "step {step}");
        assert_eq!(t.at(step).counts().open as usize, t.at(step).open().len());
    }
}

#[test]
fn two_runs_compare_by_place() {
    let a = load(RUN_YAML);
    // B expands b where A expands a, and never reaches c.
    let b: String = RUN_YAML
        .lines()
        .filter(|l| !l.contains("expanding, id: a") && !l.contains("id: c"))
        .map(|l| format!("{l}\n"))
        .collect();
    let b = load(&b);
    let c = compare(&a, &b);
    assert_eq!(c.matching, Matching::Place);
    let d = c.divergence.unwrap();
    assert_eq!(d.step, 2);
    assert_eq!(a.id(d.a.unwrap()), &id("a"));
    assert_eq!(b.id(d.b.unwrap()), &id("b"));
    assert_eq!(c.only_a.len(), 2);
    assert_eq!(c.only_b.len(), 0);
    assert_eq!(c.expanded_by_both, 2);
    assert!(compare(&a, &a).divergence.is_none());
}

#[test]
fn a_closing_of_an_open_state_closes_it_without_a_step() {
    // Block style, as most YAML writers put it.
    let t = load(
        "events:\n- type: generating\n  id: 1\n- type: generating\n  id: 2\n- type: closing\n  id: 1\n",
    );
    let at = t.at(0);
    assert_eq!(at.open(), [1]);
    assert_eq!(at.counts().open, 1);
    assert_eq!(at.counts().closed, 1);
    assert_eq!(at.row(0).unwrap().status, NodeStatus::Closed);
}
