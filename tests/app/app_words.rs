//! Words and small wrongs in the window, driven through the app's UI with egui_kittest: what a
//! replay says at its end, what the status line says at a limit.

use egui_kittest::kittest::Queryable;
use frontier::app::command::{Command, TravelCommand};
use frontier::scenario::Scenario;

use crate::common;
use common::{harness_on, log_has, press_step, run_to_end, temp_dir};

#[test]
fn a_replays_run_to_end_says_the_trace_ended_not_a_breakpoint() {
    let path = temp_dir("words-replay").join("seed.trace.ron");
    let mut h = harness_on(Scenario::built_in());
    press_step(&mut h, 21);
    h.get_by_label("Step 21");
    h.state_mut()
        .apply(Command::Travel(TravelCommand::SaveTrace(path.clone())));
    h.state_mut()
        .apply(Command::Travel(TravelCommand::OpenTrace(path)));
    h.run();
    h.get_by_label("Step 0");
    run_to_end(&mut h);
    h.get_by_label("Step 21");
    assert!(
        log_has(&h, "the trace ends at step 21: Goal found"),
        "the log says the trace ended"
    );
    assert!(
        !log_has(&h, "stopped by breakpoint"),
        "no breakpoint was set, so none is named"
    );
}
