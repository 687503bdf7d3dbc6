//! Posthoc search traces read back: two traces other solvers wrote (Posthoc's own examples,
//! `tests/data/posthoc/`) and traces Frontier writes with `--posthoc`. What the tests expect of
//! the other solvers' traces they count themselves from the raw events, without the reader.

use crate::common;
mod own;

use own::own_solver;

use common::cli::{frontier, json};
use frontier::engine::cost::Cost;
use frontier::engine::event::Pick;
use frontier::engine::settings::Algorithm;
use frontier::present::export::PosthocRecorder;
use frontier::scenario::{Scenario, SearchSpec};
use frontier::trace::posthoc::{self, NodeStatus, PosthocTrace, ReadOptions, TraceId};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

const GRID: &str = "tests/data/posthoc/grid-astar.trace.yaml";
const ROAD: &str = "tests/data/posthoc/road-astar.trace.json";

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("frontier-posthoc-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One event of a fixture as the test reads it: its type, id and values.
#[derive(Clone, Debug, Default)]
struct Raw {
    kind: String,
    id: String,
    g: Option<f64>,
    f: Option<f64>,
    h: Option<f64>,
}

impl Raw {
    fn set(&mut self, key: &str, value: &str) {
        let number = value.parse::<f64>().ok();
        match key {
            "type" => self.kind = value.to_string(),
            "id" => self.id = value.to_string(),
            "g" => self.g = number,
            "f" => self.f = number,
            "h" => self.h = number,
            _ => {}
        }
    }
}

/// The grid fixture's events, read line by line: it writes each event as `  - type: …`
/// followed by `    key: value` lines.
fn grid_events(text: &str) -> Vec<Raw> {
    let mut events: Vec<Raw> = Vec::new();
    let body = &text[text.find("\nevents:\n").unwrap() + 9..];
    for line in body.lines() {
        if let Some(first) = line.strip_prefix("  - ") {
            events.push(Raw::default());
            let (key, value) = first.split_once(": ").unwrap();
            events.last_mut().unwrap().set(key, value);
        } else if let Some(field) = line.strip_prefix("    ") {
            let (key, value) = field.split_once(':').unwrap();
            events.last_mut().unwrap().set(key, value.trim());
        }
    }
    events
}

/// The road fixture's events, through serde_json.
fn road_events(text: &str) -> Vec<Raw> {
    let doc: serde_json::Value = serde_json::from_str(text).unwrap();
    doc["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| Raw {
            kind: e["type"].as_str().unwrap().to_string(),
            id: e["id"].to_string(),
            g: e["g"].as_f64(),
            f: e["f"].as_f64(),
            h: e["h"].as_f64(),
        })
        .collect()
}

/// What the test counts itself: expansions, picks above the lowest f, tied expansions, and for
/// each single tie key how many tied picks are among the states it puts first.
#[derive(Debug, Default)]
struct Counted {
    expansions: u64,
    out_of_order: u64,
    tied: u64,
    explained: BTreeMap<&'static str, u64>,
}

/// An open state as the test keeps it: f, g, h, and when it was stored.
type Open = (f64, f64, f64, usize);

/// A tie key as the test ranks states: smaller first.
type Rank = fn(&Open) -> f64;

/// Replays the open list naively (a map scanned at every expansion).
fn count(events: &[Raw]) -> Counted {
    // id → (f, g, h, when stored)
    let mut open: HashMap<&str, Open> = HashMap::new();
    let mut c = Counted::default();
    for (i, e) in events.iter().enumerate() {
        match e.kind.as_str() {
            "generating" | "updating" => {
                let (f, g) = (e.f.unwrap(), e.g.unwrap());
                open.insert(&e.id, (f, g, e.h.unwrap_or(f - g), i));
            }
            "closing" => {
                open.remove(e.id.as_str());
            }
            "expanding" => {
                c.expansions += 1;
                let me = open[e.id.as_str()];
                let lowest = open.values().map(|v| v.0).fold(f64::INFINITY, f64::min);
                if me.0 > lowest {
                    c.out_of_order += 1;
                } else {
                    let tied: Vec<_> = open.values().filter(|v| v.0 == lowest).collect();
                    if tied.len() > 1 {
                        c.tied += 1;
                        let keys: [(&str, Rank); 5] = [
                            ("lowest-h", |v| v.2),
                            ("highest-g", |v| -v.1),
                            ("lowest-g", |v| v.1),
                            ("fifo", |v| v.3 as f64),
                            ("lifo", |v| -(v.3 as f64)),
                        ];
                        for (name, key) in keys {
                            let best = tied.iter().map(|v| key(v)).fold(f64::INFINITY, f64::min);
                            *c.explained.entry(name).or_default() += u64::from(key(&me) == best);
                        }
                    }
                }
                open.remove(e.id.as_str());
            }
            _ => {}
        }
    }
    c
}

/// `frontier ARGS` in `dir`, which must succeed.
fn succeeds(dir: &Path, args: &[&str]) -> std::process::Output {
    let out = frontier(dir, args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn load(path: &str) -> PosthocTrace {
    posthoc::open(&repo().join(path), &ReadOptions::default()).unwrap()
}

#[test]
fn both_traces_of_other_solvers_load_a_step_per_expanding_event() {
    for (path, events) in [
        (
            GRID,
            grid_events(&std::fs::read_to_string(repo().join(GRID)).unwrap()),
        ),
        (
            ROAD,
            road_events(&std::fs::read_to_string(repo().join(ROAD)).unwrap()),
        ),
    ] {
        let trace = load(path);
        let expanding = events.iter().filter(|e| e.kind == "expanding").count();
        assert_eq!(trace.step_count(), expanding as u64, "{path}");
        assert_eq!(trace.events_read as usize, events.len(), "{path}");
        assert!(trace.stopped.is_none(), "{path}");
        assert_eq!(trace.issues.total(), 0, "{path}: {:?}", trace.issues.listed);
        // Each step's pick is its expanding event's id; the end is reached.
        let picks: Vec<&str> = events
            .iter()
            .filter(|e| e.kind == "expanding")
            .map(|e| e.id.as_str())
            .collect();
        for (k, id) in picks.iter().enumerate() {
            let pick = trace.pick(k as u64 + 1).unwrap();
            assert_eq!(
                trace.id(pick.node).to_string(),
                *id,
                "{path} step {}",
                k + 1
            );
        }
        let end = trace.at(trace.step_count());
        assert!(end.solution().is_some(), "{path}");
        assert_eq!(end.counts().open as usize, end.open().len(), "{path}");
        assert!(trace.has_places());
    }
}

/// `frontier trace inspect PATH --json`, checked against the counts of the raw `events`:
/// expansions, picks out of order, tied expansions, and each single key's explained share.
fn inspect_matches_raw_counts(path: &str, events: &[Raw]) -> (serde_json::Value, Counted) {
    let counted = count(events);
    let report = json(&succeeds(repo(), &["trace", "inspect", path, "--json"]));
    assert_eq!(report["expansions"].as_u64(), Some(counted.expansions));
    let late = report["out_of_order"].as_array().unwrap();
    assert_eq!(late.len() as u64, counted.out_of_order);
    assert_eq!(report["tied"].as_u64(), Some(counted.tied));
    let rules = report["tie_rules"].as_array().unwrap();
    for (name, explained) in &counted.explained {
        let rule = rules.iter().find(|r| r["rule"] == *name).unwrap();
        assert_eq!(
            rule["explained"].as_u64(),
            Some(*explained),
            "{path} {name}"
        );
        assert_eq!(rule["tied"].as_u64(), Some(counted.tied), "{path} {name}");
    }
    assert!(report["inconsistencies"].as_array().unwrap().is_empty());
    (report, counted)
}

#[test]
fn inspect_reports_what_the_raw_events_say_about_the_grid_solver() {
    let text = std::fs::read_to_string(repo().join(GRID)).unwrap();
    let (report, counted) = inspect_matches_raw_counts(GRID, &grid_events(&text));
    // One rule explains every tie: lower h, with the storing order for ties on h.
    assert_eq!(counted.explained["lowest-h"], counted.tied);
    let best = &report["tie_rules"][0];
    assert_eq!(best["explained"].as_u64(), Some(counted.tied));
    assert_eq!(best["decided"].as_u64(), Some(counted.tied));
    assert_eq!(report["best_rule"], "lowest-h,fifo");
    // The words say it too.
    let words = frontier(repo(), &["trace", "inspect", GRID]);
    let words = String::from_utf8_lossy(&words.stdout);
    let best = format!(
        "Best: lower h → stored first explains {0} of {0} tied expansions",
        counted.tied
    );
    assert!(words.contains(&best), "{words}");
}

#[test]
fn inspect_reads_the_road_trace_as_its_raw_events_say() {
    let text = std::fs::read_to_string(repo().join(ROAD)).unwrap();
    let (report, counted) = inspect_matches_raw_counts(ROAD, &road_events(&text));
    assert_eq!(report["format"], "json");
    assert_eq!(report["version"], "1.0.5");
    assert_eq!(counted.explained["lowest-g"], counted.tied);
}

#[test]
fn a_g_changed_without_an_updating_event_is_named_by_its_event() {
    let text = std::fs::read_to_string(repo().join(GRID)).unwrap();
    // The 100th expanding event: its place in the list, and its g line.
    let events = grid_events(&text);
    let (index, _) = events
        .iter()
        .enumerate()
        .filter(|(_, e)| e.kind == "expanding")
        .nth(99)
        .unwrap();
    let at = text
        .match_indices("\n  - type: expanding\n")
        .nth(99)
        .unwrap()
        .0;
    let g_at = at + text[at..].find("\n    g: ").unwrap() + 1;
    let g_end = g_at + text[g_at..].find('\n').unwrap();
    let edited = format!("{}    g: 99{}", &text[..g_at], &text[g_end..]);
    let dir = scratch("edited");
    std::fs::write(dir.join("edited.trace.yaml"), edited).unwrap();
    let report = json(&frontier(
        &dir,
        &["trace", "inspect", "edited.trace.yaml", "--json"],
    ));
    let issues = report["inconsistencies"].as_array().unwrap();
    let g = issues
        .iter()
        .find(|i| i["kind"] == "g_changed")
        .unwrap_or_else(|| panic!("{issues:?}"));
    assert_eq!(g["event"].as_u64(), Some(index as u64));
    assert_eq!(g["id"].to_string(), events[index].id);
    assert!(g["words"].as_str().unwrap().contains("to 99"), "{g}");
    // The first issue is that event's (its h changes with its g); later ones follow from it.
    assert_eq!(issues[0]["event"], g["event"]);
}

#[test]
fn input_that_is_not_a_trace_exits_2_with_line_and_column() {
    let dir = scratch("bad");
    let cases = [
        (
            "broken.trace.yaml",
            "events:\n  - { type: expanding, id: [1\n",
            "line 3, column",
        ),
        (
            "broken.trace.json",
            "{\"events\": [\n  {\"type\": }\n]}\n",
            "line 2, column 12",
        ),
        ("words.txt", "not a trace at all\n", "line 1, column 1"),
        (
            "map.trace.json",
            "{\"version\": \"1.4.0\"}\n",
            "line 2, column 1: no events",
        ),
    ];
    for (name, text, said) in cases {
        std::fs::write(dir.join(name), text).unwrap();
        let out = frontier(&dir, &["trace", "inspect", name]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(said) && err.contains(name), "{name}: {err}");
    }
    let out = frontier(&dir, &["trace", "inspect", "missing.trace.yaml"]);
    assert_eq!(out.status.code(), Some(2));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]

    /// Traces mangled anywhere (bytes changed, the end cut off) never panic the reader or what
    /// reads the trace: a trace loads and every view of it holds together, or the error says
    /// where (what the cargo-fuzz target `posthoc` checks at length).
    #[test]
    fn mangled_traces_load_or_say_where(
        which in 0usize..3,
        edits in proptest::collection::vec((0usize..4000, proptest::prelude::any::<u8>()), 0..6),
        keep in 200usize..4000,
    ) {
        let mut bytes = match which {
            0 => std::fs::read(repo().join(GRID)).unwrap(),
            1 => std::fs::read(repo().join(ROAD)).unwrap(),
            _ => own_solver(&["....", ".#..", "...."], (0, 0)).0.into_bytes(),
        };
        bytes.truncate(keep);
        for (at, byte) in edits {
            if let Some(b) = bytes.get_mut(at) {
                *b = byte;
            }
        }
        let options = ReadOptions { max_memory: 16 << 20 };
        match posthoc::parse(&bytes, "mangled", &options) {
            Ok(trace) => {
                let _ = posthoc::inspect(&trace);
                let _ = posthoc::compare(&trace, &trace);
                for step in [0, trace.step_count() / 2, trace.step_count()] {
                    let at = trace.at(step);
                    proptest::prop_assert_eq!(at.open().len(), at.counts().open as usize);
                    for &node in at.open() {
                        proptest::prop_assert!(at.row(node).is_some());
                        let _ = at.route(node);
                    }
                    let _ = at.open_order(&[]);
                }
            }
            Err(e) => proptest::prop_assert!(e.place().is_some(), "{}", e),
        }
    }
}
