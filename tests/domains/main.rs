//! The domains against independent numbers: the Moving AI benchmark's optimal lengths, the
//! known Microban optima ([`sokoban`]), the Romania road map, the tie graph's notes; and every
//! algorithm on every domain's library scenarios.

mod sokoban;

use frontier::cli::SearchArgs;
use frontier::cli::scen::{ScenFileError, check_file};
use frontier::engine::event::Outcome;
use frontier::engine::session::Session;
use frontier::engine::settings::{Algorithm, TieKey};
use frontier::present::ShownSession;
use frontier::scenario::{LIBRARY, Scenario, ScenarioError, SearchSpec};
use std::path::{Path, PathBuf};

fn scenarios_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios")
}

fn scenario(ron: &str) -> Scenario {
    Scenario::parse(ron, "test", &scenarios_dir()).expect("test scenarios parse")
}

fn run(ron: &str, spec: &SearchSpec) -> Box<dyn ShownSession> {
    let mut s = scenario(ron).session(spec).expect("builds");
    while s.view().outcome().is_none() {
        s.step();
    }
    s
}

fn cost(s: &dyn Session) -> Option<f64> {
    let route = s.view().solution()?;
    Some(s.view().row(*route.last()?).g.as_f64())
}

fn spec(algorithm: Algorithm) -> SearchSpec {
    SearchSpec {
        algorithm: Some(algorithm),
        max_states: Some(1_000_000),
        ..SearchSpec::default()
    }
}

#[test]
fn every_arena_query_costs_its_published_optimal_length_with_astar_and_dijkstra() {
    let text = std::fs::read_to_string(scenarios_dir().join("maps/arena.map.scen")).unwrap();
    let queries: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(queries.len(), 160);
    for algorithm in [Algorithm::AStar, Algorithm::Dijkstra] {
        for q in &queries {
            let ron = format!(
                "Scenario(problem: Grid(map_file: \"maps/arena.map\", start: (x: {}, y: {}), goal: (x: {}, y: {})))",
                q[4], q[5], q[6], q[7]
            );
            let optimal: f64 = q[8].parse().unwrap();
            let s = run(&ron, &spec(algorithm));
            let found = cost(s.as_ref()).expect("a route");
            // Six significant digits below 100: off by at most 5e-5.
            assert!(
                (found - optimal).abs() < 1e-4,
                "{algorithm}: {q:?}: found {found}"
            );
        }
    }
}

#[test]
fn the_scen_command_reports_every_query_and_names_the_lines_that_differ() {
    let file = scenarios_dir().join("maps/lak101d.map.scen");
    let astar = check_file(&file, &SearchArgs::default(), None).unwrap();
    assert_eq!((astar.queries, astar.matched), (80, 80));
    assert!(astar.states_checked > 0);
    let json = astar.json();
    assert_eq!(json["queries"], 80);
    assert_eq!(json["mismatches"].as_array().map(Vec::len), Some(0));
    // Breadth-first counts steps, not costs: some routes are longer than optimal.
    let bfs = check_file(
        &file,
        &SearchArgs {
            algorithm: Some(Algorithm::BreadthFirst),
            ..SearchArgs::default()
        },
        None,
    )
    .unwrap();
    assert!(bfs.matched < 80 && !bfs.mismatches.is_empty());
    let first = &bfs.mismatches[0];
    assert!(first.query.line >= 2 && first.cost.unwrap() > first.query.optimal);
    let missing = check_file(Path::new("no/such.scen"), &SearchArgs::default(), None);
    assert!(
        matches!(&missing, Err(ScenFileError::Read { path, .. }) if path == Path::new("no/such.scen")),
        "{missing:?}"
    );
}

#[test]
fn romania_goes_through_rimnicu_vilcea_and_pitesti_for_418() {
    let text = std::fs::read_to_string(scenarios_dir().join("romania.ron")).unwrap();
    for (algorithm, checked) in [(Algorithm::AStar, 5), (Algorithm::Dijkstra, 12)] {
        let s = run(&text, &spec(algorithm));
        let route: Vec<String> = s
            .view()
            .solution()
            .unwrap()
            .iter()
            .map(|&id| s.shown().state_text(id))
            .collect();
        assert_eq!(
            route,
            ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]
        );
        assert_eq!(cost(s.as_ref()), Some(418.0));
        assert_eq!(s.view().counts().states_checked, checked, "{algorithm}");
    }
}

/// The node each policy picks according to the notes: the word after "<policy> picks".
fn picks_in(notes: &str, policy: &str) -> String {
    let at = notes.find(&format!("{policy} picks ")).unwrap() + policy.len() + 7;
    notes[at..]
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn on_the_tie_graph_each_policy_picks_the_node_its_notes_name() {
    let text = std::fs::read_to_string(scenarios_dir().join("tie_graph.ron")).unwrap();
    let notes = scenario(&text).notes;
    let (astar_notes, bfs_notes) = notes.split_at(notes.find("With breadth-first").unwrap());
    let mut bfs_picks = Vec::new();
    for key in TieKey::ALL {
        for (algorithm, said) in [
            (Algorithm::AStar, astar_notes),
            (Algorithm::BreadthFirst, bfs_notes),
        ] {
            let mut s = scenario(&text)
                .session(&SearchSpec {
                    algorithm: Some(algorithm),
                    tie_break: Some(vec![key]),
                    ..SearchSpec::default()
                })
                .unwrap();
            s.step();
            let pick = s.step().pick.clone().unwrap();
            let picked = s.shown().state_text(pick.id);
            assert_eq!(
                picked,
                picks_in(said, key.cli_name()),
                "{algorithm} {key:?}"
            );
            if algorithm == Algorithm::BreadthFirst {
                bfs_picks.push(picked);
            }
        }
    }
    bfs_picks.sort();
    bfs_picks.dedup();
    assert_eq!(
        bfs_picks.len(),
        5,
        "breadth-first: five policies, five nodes"
    );
}

fn refusal(ron: &str) -> String {
    let s = scenario(ron).session(&SearchSpec::default()).unwrap();
    match s.view().outcome() {
        Some(Outcome::Refused(why)) => why.clone(),
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn malformed_maps_levels_and_graphs_are_refused_with_the_reason() {
    let why = refusal(
        r#"Scenario(problem: Grid(map: "...\n..", start: (x: 0, y: 0), goal: (x: 1, y: 0)))"#,
    );
    assert!(why.contains("row 1 has 2 cells"), "{why}");
    let why =
        refusal(r#"Scenario(problem: Grid(map: "..?", start: (x: 0, y: 0), goal: (x: 1, y: 0)))"#);
    assert!(why.contains("'?'"), "{why}");
    let why =
        refusal(r#"Scenario(problem: Grid(map: ".#.", start: (x: 0, y: 0), goal: (x: 1, y: 0)))"#);
    assert!(why.contains("goal (x: 1, y: 0) is on a wall"), "{why}");
    let why =
        refusal(r#"Scenario(problem: Grid(map: "...", start: (x: 0, y: 3), goal: (x: 1, y: 0)))"#);
    assert!(why.contains("off the 3×1 map"), "{why}");
    let why = refusal(&format!(
        "Scenario(problem: Sokoban(level: {:?}))",
        "#####\n# $.#\n#####"
    ));
    assert!(why.contains("no player"), "{why}");
    let why = refusal(&format!(
        "Scenario(problem: Sokoban(level: {:?}))",
        "######\n#@$$.#\n######"
    ));
    assert!(why.contains("2 boxes but 1 goals"), "{why}");
    let why = refusal(&format!(
        "Scenario(problem: Sokoban(level: {:?}))",
        "#####\n#@$. \n#####"
    ));
    assert!(why.contains("border is open"), "{why}");
    let why = refusal(
        r#"Scenario(problem: Graph(nodes: [(name: "A")], edges: [("A", "B", 1)], start: "A", goal: "A"))"#,
    );
    assert!(why.contains("'B' is not a node"), "{why}");
    // A cost the fixed point cannot hold is refused while reading the file, with its place.
    let bad_cost = Scenario::parse(
        r#"Scenario(problem: Graph(nodes: [(name: "A"), (name: "B")], edges: [("A", "B", -3)], start: "A", goal: "B"))"#,
        "test",
        &scenarios_dir(),
    )
    .unwrap_err()
    .to_string();
    assert!(bad_cost.contains("edge A–B costs -3"), "{bad_cost}");
    // Unusable input is an error, not a refusal.
    let missing = scenario(
        r#"Scenario(problem: Grid(map_file: "maps/nowhere.map", start: (x: 0, y: 0), goal: (x: 1, y: 0)))"#,
    )
    .session(&SearchSpec::default());
    assert!(matches!(missing, Err(ScenarioError::Read { .. })));
    let both = scenario(
        r#"Scenario(problem: Grid(map: ".", map_file: "maps/arena.map", start: (x: 0, y: 0), goal: (x: 0, y: 0)))"#,
    )
    .session(&SearchSpec::default());
    assert!(matches!(both, Err(ScenarioError::Invalid(_))));
}

const DOMAIN_SCENARIOS: [&str; 13] = [
    "romania.ron",
    "tie_graph.ron",
    "graph_overestimate.ron",
    "grid_open_room.ron",
    "grid_four_connected.ron",
    "grid_trap.ron",
    "grid_terrain.ron",
    "grid_arena.ron",
    "grid_den101d.ron",
    "sokoban_microban_001.ron",
    "sokoban_microban_005.ron",
    "sokoban_dead_squares.ron",
    "missionaries_cannibals.ron",
];

const BEST_FIRST: [Algorithm; 5] = [
    Algorithm::AStar,
    Algorithm::Dijkstra,
    Algorithm::BreadthFirst,
    Algorithm::Greedy,
    Algorithm::WeightedAStar,
];

#[test]
fn every_algorithm_runs_on_every_domain_scenario_and_the_optimal_ones_agree() {
    for name in DOMAIN_SCENARIOS {
        assert!(LIBRARY.iter().any(|(n, _)| *n == name), "{name} in LIBRARY");
        let s = Scenario::from_library(name).unwrap().unwrap();
        assert!(
            !s.title.is_empty() && s.notes.len() > 80,
            "{name}: title and notes"
        );
        let mut costs = Vec::new();
        // Depth-first algorithms without a notebook are exponential on open grids: they run on
        // the small instances only.
        let small = !name.starts_with("grid_") && name != "sokoban_microban_005.ron";
        let algorithms: &[Algorithm] = if small { &Algorithm::ALL } else { &BEST_FIRST };
        for &algorithm in algorithms {
            let mut session = s.session(&spec(algorithm)).unwrap();
            while session.view().outcome().is_none() {
                session.step();
            }
            match session.view().outcome() {
                Some(Outcome::GoalFound) => costs.push((algorithm, cost(session.as_ref()))),
                Some(Outcome::Refused(_)) if algorithm == Algorithm::GenerateAndTest => {}
                other => panic!("{name} {algorithm}: {other:?}"),
            }
        }
        let dijkstra = costs
            .iter()
            .find(|(a, _)| *a == Algorithm::Dijkstra)
            .unwrap()
            .1;
        let astar = costs
            .iter()
            .find(|(a, _)| *a == Algorithm::AStar)
            .unwrap()
            .1;
        if name != "graph_overestimate.ron" {
            assert_eq!(astar, dijkstra, "{name}");
        }
        for (algorithm, c) in &costs {
            assert!(c >= &dijkstra, "{name} {algorithm}: cheaper than Dijkstra?");
        }
    }
}

#[test]
fn an_overestimating_h_is_refused_for_astar_unless_allowed() {
    let text = std::fs::read_to_string(scenarios_dir().join("graph_overestimate.ron")).unwrap();
    let s = scenario(&text)
        .session(&SearchSpec {
            allow_inadmissible: Some(false),
            ..SearchSpec::default()
        })
        .unwrap();
    assert!(
        matches!(s.view().outcome(), Some(Outcome::Refused(why)) if why.contains("overestimate"))
    );
    let allowed = run(&text, &SearchSpec::default());
    assert_eq!(cost(allowed.as_ref()), Some(7.0), "fooled: the best is 5");
    let dijkstra = run(&text, &spec(Algorithm::Dijkstra));
    assert_eq!(cost(dijkstra.as_ref()), Some(5.0));
}

#[test]
fn grids_report_every_rows_cell_for_the_map_view() {
    let text = std::fs::read_to_string(scenarios_dir().join("grid_open_room.ron")).unwrap();
    let s = run(&text, &SearchSpec::default());
    let places = s.shown().places();
    assert_eq!(places.len(), s.view().rows());
    // Row 0 is the start, (3, 7) on a 31-wide map.
    assert_eq!(places[0], Some(7 * 31 + 3));
}

#[test]
fn domain_scenarios_save_and_load_back_equal() {
    for name in DOMAIN_SCENARIOS {
        let s = Scenario::from_library(name).unwrap().unwrap();
        let text = s.to_ron();
        let back = Scenario::parse(&text, name, Path::new(frontier::scenario::LIBRARY_DIR))
            .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(back, s, "{name}");
    }
}

#[test]
fn the_binary_runs_scen_files_and_exits_2_on_unusable_ones() {
    let bin = env!("CARGO_BIN_EXE_frontier");
    let file = scenarios_dir().join("maps/lak101d.map.scen");
    let out = std::process::Command::new(bin)
        .args([
            "scen",
            file.to_str().unwrap(),
            "--algorithm",
            "dijkstra",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (json["queries"].as_u64(), json["matched"].as_u64()),
        (Some(80), Some(80))
    );
    assert_eq!(json["algorithm"], "dijkstra");
    let out = std::process::Command::new(bin)
        .args(["scen", "no/such.map.scen"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such.map.scen"));
}
