//! The strategies, one file per family: best-first (A*, Dijkstra, breadth-first, greedy,
//! weighted A*: one open list, five priorities), backtracking, iterative deepening (IDA*,
//! IDDFS) and generate and test. Each is a [`Strategy`] that does one expansion per step.

pub mod backtracking;
pub mod best_first;
pub mod generate_and_test;
pub mod ida_star;

use super::problem::Problem;
use super::settings::{Algorithm, Settings};
use super::strategy::Strategy;

/// The strategy that runs `settings.algorithm`.
#[must_use]
pub fn strategy_for<P: Problem>(settings: &Settings) -> Box<dyn Strategy<P> + Send> {
    match settings.algorithm {
        Algorithm::Backtracking => Box::new(backtracking::DepthFirst::backtracking(settings)),
        Algorithm::IdaStar => Box::new(ida_star::Deepening::new(
            settings,
            ida_star::Deepen::EstimatedCost,
        )),
        Algorithm::Iddfs => Box::new(ida_star::Deepening::new(settings, ida_star::Deepen::Depth)),
        Algorithm::GenerateAndTest => Box::new(generate_and_test::GenerateAndTest::new(settings)),
        _ => best_first::strategy(settings),
    }
}
