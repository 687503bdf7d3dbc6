//! Traces Frontier writes with `--posthoc`, read back as the runs that wrote them, inspected,
//! compared beside another solver's and piped in as JSON lines.

use super::*;

/// A cost as a trace writes it (no bound as infinity).
fn value(cost: Cost) -> f64 {
    if cost == Cost::INFINITE {
        f64::INFINITY
    } else {
        cost.as_f64()
    }
}

/// Runs `scenario` with `algorithm` for at most `max_steps`, recording its Posthoc trace; returns
/// each step's pick and the open rows after it, and the trace's text.
fn run_recorded(
    scenario: &Scenario,
    algorithm: Algorithm,
    max_steps: u64,
) -> (Vec<Pick>, Vec<Vec<u32>>, String) {
    let spec = SearchSpec {
        algorithm: Some(algorithm),
        ..SearchSpec::default()
    };
    let mut session = scenario.session(&spec).unwrap();
    let mut recorder = PosthocRecorder::default();
    let (mut picks, mut opens) = (Vec::new(), Vec::new());
    while session.view().outcome().is_none() && session.view().steps() < max_steps {
        session.step();
        let view = session.view();
        recorder.record(session.shown()).unwrap();
        if let Some(pick) = &view.last_event().pick {
            picks.push(pick.clone());
            let mut open = view.open_order();
            open.sort_unstable();
            opens.push(open);
        }
    }
    (picks, opens, recorder.text())
}

#[test]
fn frontiers_own_traces_read_back_as_the_runs_that_wrote_them() {
    let scenarios = [
        "seed_542703816.ron",
        "grid_arena.ron",
        "grid_terrain.ron",
        "romania.ron",
        "tie_graph.ron",
        "sokoban_microban_001.ron",
    ];
    let algorithms = [
        Algorithm::AStar,
        Algorithm::Dijkstra,
        Algorithm::Greedy,
        Algorithm::BreadthFirst,
    ];
    for file in scenarios {
        let scenario = Scenario::load(&repo().join("scenarios").join(file)).unwrap();
        for algorithm in algorithms {
            let (picks, opens, text) = run_recorded(&scenario, algorithm, 2_000);
            let what = format!("{file} {}", algorithm.cli_name());
            let trace = posthoc::parse(text.as_bytes(), &what, &ReadOptions::default()).unwrap();
            assert_eq!(trace.step_count(), picks.len() as u64, "{what}");
            assert_eq!(trace.issues.total(), 0, "{what}: {:?}", trace.issues.listed);
            for (k, (pick, open)) in picks.iter().zip(&opens).enumerate() {
                let step = k as u64 + 1;
                let read = trace.pick(step).unwrap();
                assert_eq!(
                    trace.id(read.node),
                    &TraceId::Int(i64::from(pick.id)),
                    "{what} {step}"
                );
                assert_eq!(read.g(), Some(value(pick.g)), "{what} step {step} g");
                assert_eq!(read.h(), Some(value(pick.h)), "{what} step {step} h");
                assert_eq!(read.f(), Some(value(pick.f)), "{what} step {step} f");
                let at = trace.at(step);
                let mut read_open: Vec<u32> = at
                    .open()
                    .iter()
                    .map(|&n| match trace.id(n) {
                        TraceId::Int(id) => u32::try_from(*id).unwrap(),
                        other => panic!("{other}"),
                    })
                    .collect();
                read_open.sort_unstable();
                assert_eq!(&read_open, open, "{what} step {step} open");
                assert_eq!(
                    at.row(read.node).unwrap().status,
                    NodeStatus::Closed,
                    "{what} {step}"
                );
            }
            assert!(trace.state_text(0).is_some(), "{what}");
        }
    }
}

#[test]
fn frontier_picks_by_its_tie_break_and_inspect_finds_it() {
    let scenario = Scenario::load(&repo().join("scenarios/grid_arena.ron")).unwrap();
    for (policy, rule) in [("lowest-h,fifo", "lowest-h,fifo"), ("lifo", "lifo")] {
        let spec = SearchSpec {
            algorithm: Some(Algorithm::Dijkstra),
            tie_break: Some(frontier::engine::tie::TieKey::parse_policy(policy).unwrap()),
            ..SearchSpec::default()
        };
        let mut session = scenario.session(&spec).unwrap();
        let mut recorder = PosthocRecorder::default();
        while session.view().outcome().is_none() {
            session.step();
            recorder.record(session.shown()).unwrap();
        }
        let text = recorder.text();
        let trace = posthoc::parse(text.as_bytes(), policy, &ReadOptions::default()).unwrap();
        let inspection = posthoc::inspect(&trace);
        assert!(inspection.out_of_order.is_empty(), "{policy}");
        assert!(inspection.tied > 100, "{policy}");
        let found = inspection
            .tie_rules
            .iter()
            .find(|r| r.name() == rule)
            .unwrap();
        assert_eq!(found.explained, inspection.tied, "{policy}");
        assert_eq!(found.decided, inspection.tied, "{policy}");
    }
}

/// A breadth-first search of `map` from `start` written by hand as JSON lines, the way a
/// solver of one's own would: ids are "x,y" texts. Returns the trace and the picks' cells.
pub(super) fn own_solver(map: &[&str], start: (i64, i64)) -> (String, Vec<(i64, i64)>) {
    let free = |(x, y): (i64, i64)| {
        y >= 0
            && x >= 0
            && map
                .get(y as usize)
                .and_then(|row| row.as_bytes().get(x as usize))
                == Some(&b'.')
    };
    let event = |kind: &str, (x, y): (i64, i64), parent: Option<(i64, i64)>, g: i64| {
        let parent = parent.map_or(String::new(), |(px, py)| {
            format!("\"pId\": \"{px},{py}\", ")
        });
        format!(
            "{{\"type\": \"{kind}\", \"id\": \"{x},{y}\", {parent}\"x\": {x}, \"y\": {y}, \"g\": {g}, \"f\": {g}}}\n"
        )
    };
    let mut text = event("generating", start, None, 0);
    let mut queue = std::collections::VecDeque::from([(start, 0)]);
    let mut seen = BTreeSet::from([start]);
    let mut picks = Vec::new();
    while let Some((at, g)) = queue.pop_front() {
        picks.push(at);
        text.push_str(&event("expanding", at, None, g));
        for (dx, dy) in [(0, -1), (-1, 0), (1, 0), (0, 1)] {
            let next = (at.0 + dx, at.1 + dy);
            if free(next) && seen.insert(next) {
                text.push_str(&event("generating", next, Some(at), g + 1));
                queue.push_back((next, g + 1));
            }
        }
    }
    (text, picks)
}

#[test]
fn trace_compare_sets_frontiers_run_beside_another_solvers_of_the_same_map() {
    let map = ["....", ".##.", "...."];
    let dir = scratch("compare");
    std::fs::write(
        dir.join("g.ron"),
        format!(
            r#"Scenario(problem: Grid(map: "{}", start: (x: 0, y: 1), goal: (x: 3, y: 1)))"#,
            map.join("\\n")
        ),
    )
    .unwrap();
    succeeds(
        &dir,
        &[
            "run",
            "g.ron",
            "--algorithm",
            "bfs",
            "--posthoc",
            "frontier.trace.yaml",
        ],
    );
    let (own, own_picks) = own_solver(&map, (0, 1));
    std::fs::write(dir.join("own.trace.jsonl"), own).unwrap();
    // Frontier's picks, read off its trace's expanding lines.
    let written = std::fs::read_to_string(dir.join("frontier.trace.yaml")).unwrap();
    let frontier_picks: Vec<(i64, i64)> = written
        .lines()
        .filter(|l| l.contains("type: expanding"))
        .map(|l| {
            let field = |name: &str| {
                let at = l.find(&format!(" {name}: ")).unwrap() + name.len() + 3;
                l[at..].split(',').next().unwrap().parse::<i64>().unwrap()
            };
            (field("x"), field("y"))
        })
        .collect();
    let first_difference = frontier_picks
        .iter()
        .zip(&own_picks)
        .position(|(a, b)| a != b)
        .map(|i| i as u64 + 1);
    let a: BTreeSet<_> = frontier_picks.iter().collect();
    let b: BTreeSet<_> = own_picks.iter().collect();
    let c = json(&succeeds(
        &dir,
        &[
            "trace",
            "compare",
            "frontier.trace.yaml",
            "own.trace.jsonl",
            "--json",
        ],
    ));
    assert_eq!(c["matched_by"], "place");
    assert_eq!(c["a"]["steps"].as_u64(), Some(frontier_picks.len() as u64));
    assert_eq!(c["b"]["steps"].as_u64(), Some(own_picks.len() as u64));
    assert_eq!(c["first_difference"]["step"].as_u64(), first_difference);
    assert_eq!(
        c["expanded_by_both"].as_u64(),
        Some(a.intersection(&b).count() as u64)
    );
    assert_eq!(
        c["only_a_count"].as_u64(),
        Some(a.difference(&b).count() as u64)
    );
    assert_eq!(
        c["only_b_count"].as_u64(),
        Some(b.difference(&a).count() as u64)
    );
    let words = frontier(
        &dir,
        &["trace", "compare", "frontier.trace.yaml", "own.trace.jsonl"],
    );
    assert!(String::from_utf8_lossy(&words.stdout).contains("States matched by place"));
}

#[test]
fn a_solver_can_pipe_json_lines_into_inspect() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let (own, picks) = own_solver(&["...", "...", "..."], (1, 1));
    let mut child = Command::new(env!("CARGO_BIN_EXE_frontier"))
        .args(["trace", "inspect", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(own.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let report = json(&out);
    assert_eq!(report["format"], "json_lines");
    assert_eq!(report["expansions"].as_u64(), Some(picks.len() as u64));
    // Breadth first with g as f: the picks follow the storing order.
    assert_eq!(report["best_rule"], "fifo");
}
