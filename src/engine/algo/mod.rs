//! One file per algorithm; each is a [`Strategy`] that does one expansion per step.

pub mod best_first;

use super::problem::Problem;
use super::search::Strategy;
use super::settings::Settings;

/// The strategy that runs `settings.algorithm`.
#[must_use]
pub fn strategy_for<P: Problem>(settings: &Settings) -> Box<dyn Strategy<P> + Send> {
    Box::new(best_first::BestFirst::new(settings))
}
