//! Searches stepped side by side count what they count alone, and part ways where their
//! settings differ.

use frontier::engine::cost::Cost;
use frontier::engine::event::Counts;
use frontier::engine::settings::Algorithm;
use frontier::present::compare::{Lane, Lockstep};
use frontier::scenario::{Scenario, SearchSpec};

fn lane(algorithm: Algorithm) -> Lane {
    Lane {
        label: algorithm.cli_name().into(),
        session: Scenario::built_in()
            .session(&SearchSpec {
                algorithm: Some(algorithm),
                ..SearchSpec::default()
            })
            .unwrap(),
    }
}

fn alone(algorithm: Algorithm) -> (u64, Counts) {
    let mut s = lane(algorithm).session;
    while s.view().outcome().is_none() {
        s.step();
    }
    (s.view().steps(), s.view().counts())
}

#[test]
fn counts_side_by_side_equal_separate_runs() {
    let algorithms = [
        Algorithm::AStar,
        Algorithm::Dijkstra,
        Algorithm::BreadthFirst,
    ];
    let mut cmp = Lockstep::new(algorithms.iter().map(|&a| lane(a)).collect());
    cmp.run(u64::MAX);
    for (row, &a) in cmp.table().iter().zip(&algorithms) {
        let (steps, counts) = alone(a);
        assert_eq!(
            (
                row.steps,
                row.states_checked,
                row.states_stored,
                row.max_open
            ),
            (
                steps,
                counts.states_checked,
                counts.states_stored,
                counts.max_open
            ),
            "{a}"
        );
        assert_eq!(
            row.cost,
            Some(Cost::units(12)),
            "{a} finds an optimal route"
        );
    }
}

#[test]
fn the_same_settings_never_diverge_and_different_ones_do_after_the_start() {
    let mut same = Lockstep::new(vec![lane(Algorithm::AStar), lane(Algorithm::AStar)]);
    same.run(u64::MAX);
    assert_eq!(same.divergence(), None);
    let mut cmp = Lockstep::new(vec![lane(Algorithm::AStar), lane(Algorithm::Dijkstra)]);
    cmp.run(u64::MAX);
    let d = cmp.divergence().expect("A* and Dijkstra part ways");
    assert!(d.step >= 2, "both pick the start first");
    assert_ne!(d.picks[0], d.picks[1]);
}
