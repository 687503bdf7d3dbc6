use super::job::Experiment;
use super::layers::Layers;
use super::*;
use crate::domains::sliding::{SlidingPuzzle, default_goal};
use crate::engine::cost::Cost;
use crate::engine::problem::Problem;

fn plan(depths: &[u32], per_depth: usize) -> Plan {
    Plan {
        depths: depths.to_vec(),
        per_depth,
        ..Plan::default()
    }
}

/// The cost of the route `algorithm` finds from `tiles`, run through the engine on its own.
fn solved_cost(tiles: &[u8], algorithm: Algorithm) -> Option<Cost> {
    let contender = Contender {
        algorithm,
        heuristic: None,
    };
    let mut s = contender
        .scenario(tiles, 0)
        .session(&SearchSpec::default())
        .unwrap();
    while s.view().outcome().is_none() {
        s.step();
    }
    let view = s.view();
    view.solution()
        .and_then(|route| route.last().map(|&id| view.row(id).g))
}

#[test]
fn the_eight_puzzle_has_181440_states_up_to_31_moves_deep() {
    let goal = default_goal(3, 3);
    let puzzle = SlidingPuzzle::<u64>::new(3, 3, goal.clone(), goal);
    let layers = Layers::from_start(&puzzle);
    assert_eq!(layers.states(), EIGHT_PUZZLE_STATES);
    assert_eq!(puzzle.reachable_states(), Some(layers.states() as u64));
    assert_eq!(layers.deepest(), EIGHT_PUZZLE_DEEPEST);
    assert_eq!(layers.layer(0).len(), 1);
    assert_eq!(
        layers.layer(1).len(),
        2,
        "the blank in a corner has two moves"
    );
    assert_eq!(
        layers.layer(31).len(),
        2,
        "the two hardest boards (known from the literature)"
    );
    assert!(layers.layer(32).is_empty());
}

#[test]
fn instances_have_exactly_the_requested_optimal_depth() {
    let e = Experiment::new(plan(&[1, 5, 9, 16], 3)).unwrap();
    for (i, &d) in e.plan().depths.iter().enumerate() {
        for k in 0..3 {
            let tiles = e.instance(i, k);
            // Breadth-first proves the depth where it is cheap; A* (admissible, consistent
            // Manhattan distance) further down.
            let algorithm = if d <= 9 {
                Algorithm::BreadthFirst
            } else {
                Algorithm::AStar
            };
            assert_eq!(
                solved_cost(tiles, algorithm),
                Some(Cost::units(i64::from(d))),
                "{tiles:?} should be {d} moves from the goal"
            );
        }
    }
}

#[test]
fn the_seed_decides_the_instances_and_a_depth_keeps_its_own() {
    let a = Experiment::new(plan(&[6, 10], 4)).unwrap();
    let b = Experiment::new(plan(&[10, 4], 4)).unwrap();
    let other = Experiment::new(Plan {
        seed: 2,
        ..plan(&[6, 10], 4)
    })
    .unwrap();
    let tens = |e: &Experiment| {
        let i = e.plan().depths.iter().position(|&d| d == 10).unwrap();
        (0..4)
            .map(|k| e.instance(i, k).to_vec())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        tens(&a),
        tens(&b),
        "depth 10's instances do not depend on the others"
    );
    assert_ne!(tens(&a), tens(&other));
}

#[test]
fn a_slice_takes_at_most_its_budget_of_steps() {
    let mut e = Experiment::new(plan(&[4], 2)).unwrap();
    let p = e.advance(7);
    assert_eq!(p.steps, 7);
    assert!(!p.is_done());
    let p = e.finish();
    assert!(p.is_done());
    assert_eq!(p.runs_done, 3 * 2);
    assert_eq!(e.advance(5).steps, p.steps, "nothing left to do");
}

#[test]
fn the_table_has_the_textbooks_shape() {
    let mut e = Experiment::new(plan(&[2, 4, 6, 8, 10], 6)).unwrap();
    e.finish();
    for row in e.table() {
        let [ids, h1, h2] = &row.cells[..] else {
            panic!("three contenders")
        };
        let (ids, h1, h2) = (
            ids.mean_states_stored.unwrap(),
            h1.mean_states_stored.unwrap(),
            h2.mean_states_stored.unwrap(),
        );
        assert!(
            h2 <= h1,
            "depth {}: h2 {h2} costlier than h1 {h1}",
            row.depth
        );
        if row.depth >= 6 {
            assert!(
                4.0 * h1 < ids,
                "depth {}: h1 {h1} vs IDDFS {ids}",
                row.depth
            );
        }
    }
}

#[test]
fn past_the_budget_a_cell_and_every_deeper_one_show_a_dash() {
    let mut e = Experiment::new(Plan {
        budget: 2000,
        ..plan(&[4, 10, 12], 2)
    })
    .unwrap();
    e.finish();
    let table = e.table();
    assert!(
        table[0].cells[0].mean_states_stored.is_some(),
        "depth 4 fits"
    );
    for row in &table[1..] {
        assert_eq!(
            row.cells[0].mean_states_stored, None,
            "IDDFS at {}",
            row.depth
        );
        assert_eq!(row.cells[0].effective_branching, None);
        assert!(
            row.cells[2].mean_states_stored.is_some(),
            "A* stays within it"
        );
    }
    assert!(
        e.cell(2, 0).runs.is_empty(),
        "depth 12 was not tried at all"
    );
}

#[test]
fn contenders_parse_from_the_command_line() {
    assert_eq!(
        Contender::parse_list("iddfs, astar:misplaced,astar:manhattan").unwrap(),
        Contender::TEXTBOOK.to_vec()
    );
    let octile = Contender::parse("astar:octile").unwrap_err();
    assert_eq!(
        octile,
        ExperimentError::NotAPuzzleHeuristic(Heuristic::Octile)
    );
    assert!(octile.to_string().contains("'octile' is not an 8-puzzle"));
    let queens = Contender::parse("generate-and-test").unwrap_err();
    assert_eq!(
        queens,
        ExperimentError::NotForThePuzzle(Algorithm::GenerateAndTest)
    );
    assert!(queens.to_string().starts_with("generate-and-test only"));
    let astra = Contender::parse("astra").unwrap_err();
    assert!(
        matches!(&astra, ExperimentError::UnknownName(u) if u.what == "algorithm" && u.name == "astra")
    );
    assert!(astra.to_string().contains("unknown algorithm 'astra'"));
    assert_eq!(Contender::TEXTBOOK[1].to_string(), "A* (misplaced)");
    assert_eq!(Contender::TEXTBOOK[1].cli_name(), "astar:misplaced");
}

#[test]
fn bad_plans_say_what_is_wrong() {
    let deep = plan(&[32], 1).check().unwrap_err();
    assert_eq!(deep, ExperimentError::NoInstances { depth: 32 });
    assert!(deep.to_string().contains("1 to 31"), "{deep}");
    assert_eq!(
        plan(&[0], 1).check(),
        Err(ExperimentError::NoInstances { depth: 0 })
    );
    assert_eq!(plan(&[2], 0).check(), Err(ExperimentError::NoRunsPerDepth));
    assert_eq!(plan(&[], 1).check(), Err(ExperimentError::NoDepths));
    let x = Plan::parse_depths("2,x").unwrap_err();
    assert_eq!(x, ExperimentError::NotADepth { text: "x".into() });
    assert!(x.to_string().contains("'x'"), "{x}");
    assert_eq!(Plan::parse_depths("2, 4").unwrap(), vec![2, 4]);
}
