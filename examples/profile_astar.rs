//! Runs A* on the hardest 8-puzzle many times: a target for `perf record`.
use frontier::domains::sliding::instances::eight_hardest;
use frontier::engine::search::Search;
use frontier::engine::settings::{Algorithm, Settings};

fn main() {
    let algorithm = if std::env::args().any(|a| a == "bfs") {
        Algorithm::BreadthFirst
    } else {
        Algorithm::AStar
    };
    let p = eight_hardest();
    let mut total = 0;
    for _ in 0..50 {
        let mut s = Search::new(
            p.clone(),
            Settings {
                algorithm,
                max_states: 1_000_000,
                all_solutions: algorithm == Algorithm::BreadthFirst,
                tie_break: algorithm.default_tie_break(),
                ..Settings::default()
            },
        );
        s.run(u64::MAX);
        total += s.steps();
    }
    println!("{total}");
}
