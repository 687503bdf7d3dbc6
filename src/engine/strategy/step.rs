//! One step of a strategy with what every step does around it: the event emptied, the
//! record's step begun and ended, and the memory budget checked.

use super::{Core, Strategy};
use crate::engine::event::{Outcome, StepEvent};
use crate::engine::problem::Problem;

/// The memory budget is checked on the steps up to this many that are powers of two, then on
/// every this-many-th: adding up the bytes walks the chunk lists and the index's shards, and
/// one step stores at most a branching factor of rows, so checking every step would cost more
/// than it could save (grid searches are often short, so even one check per early step
/// shows).
pub const BUDGET_CHECK_EVERY: u64 = 64;
const _: () = assert!(
    BUDGET_CHECK_EVERY.is_power_of_two(),
    "over_budget counts on it"
);

/// One step of `strategy` over `core`, the `steps`-th, with what every step does around it:
/// `event` emptied, the record's step begun and ended, the memory budget checked (counting
/// `held_elsewhere`, see [`Search::hold_elsewhere`]). Returns whether the step ended the
/// search (its outcome is then `event.outcome`).
///
/// [`Search::hold_elsewhere`]: crate::engine::search::Search::hold_elsewhere
#[inline(always)]
pub(crate) fn take_step<P: Problem, S: Strategy<P> + ?Sized>(
    strategy: &mut S,
    core: &mut Core<P>,
    event: &mut StepEvent,
    steps: u64,
    held_elsewhere: usize,
) -> bool {
    let max_open = core.counts.max_open;
    event.step = steps;
    event.pick = None;
    event.successors.clear();
    event.note = None;
    core.heuristic_check.begin_step(steps);
    core.record.begin_step();
    let outcome = strategy
        .step(core, event)
        .or_else(|| over_budget(strategy, core, steps, held_elsewhere));
    let rise = (core.counts.max_open.checked_sub(max_open))
        .expect("the largest open size never shrinks while stepping");
    core.record
        .end_step(u32::try_from(rise).expect("one step stores fewer than 4 billion rows"));
    let ended = outcome.is_some();
    event.outcome = outcome;
    ended
}

/// The outcome when everything held, by the search and by its owner (`held_elsewhere`), has
/// reached the memory budget at step `steps` (checked as [`BUDGET_CHECK_EVERY`] says).
#[inline(always)]
fn over_budget<P: Problem, S: Strategy<P> + ?Sized>(
    strategy: &S,
    core: &Core<P>,
    steps: u64,
    held_elsewhere: usize,
) -> Option<Outcome> {
    let budget = core.settings.max_memory;
    // The powers of two past `BUDGET_CHECK_EVERY` are multiples of it, so "a power of two
    // up to it" needs no comparison with it (two bit tests a step, not five operations).
    let due = steps.is_multiple_of(BUDGET_CHECK_EVERY) || steps.is_power_of_two();
    (due && core.bytes_with(strategy).saturating_add(held_elsewhere) >= budget.bytes())
        .then(|| Outcome::OverBudget(format!("memory budget {budget} reached at step {steps}")))
}
