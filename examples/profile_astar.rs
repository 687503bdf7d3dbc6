//! Runs A* on the hardest 8-puzzle many times: a target for `perf record`.
use frontier::domains::sliding::{SlidingPuzzle, default_goal};
use frontier::engine::search::Search;
use frontier::engine::settings::{Algorithm, Settings};

fn main() {
    let algorithm = if std::env::args().any(|a| a == "bfs") {
        Algorithm::BreadthFirst
    } else {
        Algorithm::AStar
    };
    let p = SlidingPuzzle::<u64>::new(3, 3, vec![8, 6, 7, 2, 5, 4, 3, 0, 1], default_goal(3, 3));
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
