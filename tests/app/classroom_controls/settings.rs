//! Each algorithm runs in the app with its own settings as the CLI does, and the app offers
//! every knob the CLI has where it applies.

use super::*;

// Per-algorithm settings.

/// What `frontier run SEED --algorithm NAME --json` reports, through the CLI's own code.
fn cli_run(algorithm: &str) -> serde_json::Value {
    let cli = Cli::try_parse_from([
        "frontier",
        "run",
        SEED_FILE,
        "--algorithm",
        algorithm,
        "--json",
    ])
    .unwrap();
    let Some(Command::Run(args)) = cli.command else {
        panic!("run parses as run");
    };
    let mut out = Vec::new();
    assert_eq!(frontier::cli::run(&args, &mut out), 0);
    serde_json::from_slice(&out).unwrap()
}

/// Runs a session to its end; returns its steps.
pub(super) fn steps_to_end(mut s: Box<dyn frontier::engine::session::Session>) -> u64 {
    while s.view().outcome().is_none() {
        s.step();
    }
    s.view().steps()
}

#[test]
fn dijkstra_in_the_app_runs_as_the_cli_does_without_a_stars_tie_rule() {
    let mut h = harness();
    choose(&mut h, "algorithm", "Dijkstra (f = g)");
    h.get_by_label("Run to end").click();
    run_out(&mut h);
    let app = steps(&h);
    let cli = cli_run("dijkstra");
    assert_eq!(cli["steps"], app, "the app and the CLI disagree");
    // Dijkstra with its own defaults: the seed's problem with no search settings at all.
    let mut bare = Scenario::built_in();
    bare.search = SearchSpec::default();
    let own = steps_to_end(
        bare.session(&SearchSpec {
            algorithm: Some(Algorithm::Dijkstra),
            ..SearchSpec::default()
        })
        .unwrap(),
    );
    assert_eq!(app, own, "A*'s tie rule carried over to Dijkstra");
    assert_eq!(
        h.state().view().settings().tie_break,
        Algorithm::Dijkstra.default_tie_break()
    );
    // Back to A*: the scenario's own settings again (21 steps, as the notes say).
    choose(&mut h, "algorithm", "A* (f = g + h)");
    assert_eq!(
        h.state().view().settings().tie_break,
        vec![TieKey::LowestH, TieKey::FirstStored]
    );
    assert_eq!(
        cli_run("astar")["steps"].as_u64().unwrap(),
        steps_to_end(
            Scenario::built_in()
                .session(&SearchSpec::default())
                .unwrap()
        )
    );
}

#[test]
fn only_what_belongs_to_the_old_algorithm_is_dropped() {
    let seed = Scenario::built_in();
    let settings = |over: SearchSpec| seed.session(&over).unwrap().view().settings().clone();
    let own = seed.search.clone();
    // The seed names A*'s tie rule and a weight of 1.
    assert_eq!(
        own.tie_break,
        Some(vec![TieKey::LowestH, TieKey::FirstStored])
    );
    let dijkstra = settings(SearchSpec {
        algorithm: Some(Algorithm::Dijkstra),
        ..SearchSpec::default()
    });
    assert_eq!(dijkstra.tie_break, Algorithm::Dijkstra.default_tie_break());
    assert_eq!(
        Some(dijkstra.heuristic),
        own.heuristic,
        "the heuristic stays"
    );
    assert_eq!(Some(dijkstra.max_states), own.max_states, "limits stay");
    // A tie rule given with the switch still applies.
    let asked = settings(SearchSpec {
        algorithm: Some(Algorithm::Dijkstra),
        tie_break: own.tie_break.clone(),
        ..SearchSpec::default()
    });
    assert_eq!(Some(asked.tie_break), own.tie_break);
    // Weighted A* takes its own default weight, not A*'s 1.
    let weighted = settings(SearchSpec {
        algorithm: Some(Algorithm::WeightedAStar),
        ..SearchSpec::default()
    });
    let bare = SearchSpec {
        algorithm: Some(Algorithm::WeightedAStar),
        ..SearchSpec::default()
    }
    .resolve(weighted.heuristic);
    assert!((weighted.weight - bare.weight).abs() < f64::EPSILON);
    assert!((weighted.weight - own.weight.unwrap()).abs() > f64::EPSILON);
    // Naming the scenario's own algorithm changes nothing.
    let same = settings(SearchSpec {
        algorithm: Some(Algorithm::AStar),
        ..SearchSpec::default()
    });
    assert_eq!(same, settings(SearchSpec::default()));
}

#[test]
fn controls_that_do_nothing_for_the_algorithm_are_greyed() {
    let mut h = harness();
    let greyed = |h: &Harness<'_, FrontierApp>, combo: &str| {
        h.get_by_label(combo).accesskit_node().is_disabled()
    };
    assert!(!greyed(&h, "heuristic"));
    choose(&mut h, "algorithm", "Dijkstra (f = g)");
    // Dijkstra breaks ties by storing order: h plays no part.
    assert!(greyed(&h, "heuristic"));
    h.get_by_value("Manhattan distance (not used)");
    assert!(!greyed(&h, "ties"));
    choose(&mut h, "algorithm", "Backtracking (f = depth)");
    assert!(greyed(&h, "ties"));
    // A "lower h" tie rule makes h count even for Dijkstra.
    choose(&mut h, "algorithm", "Dijkstra (f = g)");
    choose(&mut h, "ties", "lower h → stored first");
    assert!(!greyed(&h, "heuristic"));
    h.get_by_value("Manhattan distance");
}

#[test]
fn every_cli_knob_is_in_the_app_where_it_applies() {
    let mut h = common::harness_on(common::built_in("queens_8.ron"));
    choose(&mut h, "algorithm", "Backtracking (f = depth)");
    assert_eq!(h.query_all_by_label("allow an inadmissible h").count(), 0);
    press(&mut h, "forward checking", 1);
    press(&mut h, "all solutions", 1);
    press(&mut h, "depth limit", 1);
    let s = h.state().view().settings().clone();
    assert!(s.forward_checking && s.all_solutions, "{s:?}");
    assert_eq!(s.depth_limit, Some(10));
    press(&mut h, "depth limit", 1);
    assert_eq!(h.state().view().settings().depth_limit, None);
    choose(
        &mut h,
        "algorithm",
        "Generate and test (f = candidate number)",
    );
    h.get_by_label("candidates");
    choose(&mut h, "algorithm", "Weighted A* (f = g + w·h)");
    h.get_by_label("weight");
    // A* shows the inadmissible switch; on a graph it reaches the engine.
    let mut g = common::harness_on(common::built_in("graph_overestimate.ron"));
    press(&mut g, "allow an inadmissible h", 1);
    assert_eq!(
        g.state().view().settings().allow_inadmissible,
        !Scenario::from_library("graph_overestimate.ron")
            .unwrap()
            .unwrap()
            .search
            .allow_inadmissible
            .unwrap_or(false)
    );
}
