//! Traces on the browser's face, tested headlessly: a Save trace there offers the bytes
//! `io::trace_bytes` makes (as a download), and Open trace hands the picked file's text to
//! the app (`TravelCommand::OpenTraceText`). The browser test (web/test.mjs) drives both in
//! Chromium.

use egui_kittest::kittest::Queryable as _;
use frontier::app::command::{Command, TravelCommand};
use frontier::app::io;
use frontier::scenario::Scenario;
use frontier::trace::Trace;
use std::path::PathBuf;

use crate::common;
use common::{log_has, press_step, temp_dir};

/// The file the app's Save trace writes after `steps` steps of the seed puzzle, in a fresh
/// folder named after `test`.
fn saved_by_the_app(test: &str, steps: usize) -> PathBuf {
    let saved = temp_dir(test).join("seed.trace.ron");
    let mut h = common::harness_on(Scenario::built_in());
    press_step(&mut h, steps);
    h.state_mut()
        .apply(Command::Travel(TravelCommand::SaveTrace(saved.clone())));
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    saved
}

#[test]
fn the_bytes_a_browser_save_offers_are_the_desktop_trace_writers() {
    let saved = saved_by_the_app("web-trace-bytes", 9);
    let trace = Trace::load(&saved).unwrap();
    assert_eq!(trace.steps.len(), 9);
    let written = saved.with_file_name("written.trace.ron");
    trace.save(&written).unwrap();
    let offered = io::trace_bytes(&trace).unwrap();
    assert_eq!(
        String::from_utf8(offered).unwrap(),
        std::fs::read_to_string(&written).unwrap()
    );
    // And the app's own save wrote those bytes too.
    assert_eq!(
        std::fs::read(&saved).unwrap(),
        std::fs::read(&written).unwrap()
    );
}

#[test]
fn a_trace_picked_in_the_browser_replays_as_its_file_does() {
    let text = std::fs::read_to_string(saved_by_the_app("web-trace-open", 6)).unwrap();

    let mut h = common::harness_on(common::built_in("romania.ron"));
    h.state_mut()
        .apply(Command::Travel(TravelCommand::OpenTraceText {
            name: "picked.trace.ron".into(),
            text: text.clone(),
        }));
    h.run();
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    assert!(log_has(&h, "Replaying trace picked.trace.ron (6 steps"));
    assert_eq!(h.state().scenario().title, Scenario::built_in().title);
    h.get_by_label("Step 0");
    press_step(&mut h, 7);
    // The replay stops at the trace's end, every step matching it.
    h.get_by_label("Step 6");
    assert!(h.state().error().is_none(), "{:?}", h.state().error());

    // A damaged file is refused with its name, line and column; the replay goes on.
    h.state_mut()
        .apply(Command::Travel(TravelCommand::OpenTraceText {
            name: "damaged.trace.ron".into(),
            text: text[..text.len() / 2].to_string(),
        }));
    h.run();
    let error = h.state().error().unwrap().to_string();
    assert!(error.contains("damaged.trace.ron"), "{error}");
    assert!(error.contains("line"), "{error}");
    h.get_by_label("Step 6");
}

#[test]
fn a_scenario_picked_in_the_browser_opens_again_from_the_recent_menu() {
    let romania = frontier::scenario::LIBRARY
        .iter()
        .find(|(name, _)| *name == "romania.ron")
        .map(|(_, text)| *text)
        .unwrap();
    let mut h = common::harness_on(Scenario::built_in());
    h.state_mut().apply(Command::LoadScenarioText {
        name: "picked-romania.ron".into(),
        text: romania.into(),
    });
    h.run();
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    let picked_title = h.state().scenario().title.clone();
    assert_ne!(picked_title, Scenario::built_in().title);

    // Back to the built-in puzzle, then the picked file again from Scenario → Recent: a browser
    // gives no path to read again, so the menu holds the picked text itself.
    h.state_mut()
        .apply(Command::LoadBuiltIn(frontier::scenario::LIBRARY[0].0));
    h.run();
    assert_ne!(h.state().scenario().title, picked_title);
    h.get_by_label("Scenario").click();
    h.run();
    h.get_by_label("picked-romania.ron").click();
    h.run();
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    assert_eq!(h.state().scenario().title, picked_title);
}
