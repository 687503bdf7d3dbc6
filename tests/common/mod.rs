//! What the app's UI tests share: the app on a scenario in a headless harness, and clicks.

#![allow(dead_code, reason = "each test binary uses the part it needs")]

pub mod cli;

use eframe::egui;
use egui_kittest::{Harness, kittest::Queryable};
use frontier::app::FrontierApp;
use frontier::app::state::Layout;
use frontier::scenario::Scenario;

/// A scenario of the built-in library, by file name.
pub fn built_in(name: &str) -> Scenario {
    Scenario::from_library(name)
        .unwrap_or_else(|| panic!("{name} is built in"))
        .unwrap()
}

/// Frames `Harness::run` may take to settle after a click (kittest allows 4): the app paces
/// some work by the wall clock (table sorts, a map's redraw), so a loaded machine needs more.
pub const MAX_SETTLE_FRAMES: u64 = 16;

/// The real app on `scenario`, in a 1500×950 window with the default layout.
pub fn harness_on(scenario: Scenario) -> Harness<'static, FrontierApp> {
    Harness::builder()
        .with_max_steps(MAX_SETTLE_FRAMES)
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(move |cc| {
            FrontierApp::new(&cc.egui_ctx, scenario.clone(), Layout::default()).unwrap()
        })
}

/// Clicks the widget labelled `label` `times` times, a frame after each click.
pub fn press(h: &mut Harness<'_, FrontierApp>, label: &str, times: usize) {
    for _ in 0..times {
        h.get_by_label(label).click();
        h.run();
    }
}

/// Clicks Step `times` times.
pub fn press_step(h: &mut Harness<'_, FrontierApp>, times: usize) {
    press(h, "Step", times);
}

/// Frames until the app stops running (runs go a few milliseconds per frame).
pub fn run_out(h: &mut Harness<'_, FrontierApp>) {
    for _ in 0..5000 {
        h.step();
        if !h.state().is_running() {
            break;
        }
    }
    h.run();
}

/// Whether some widget's words (a log line, a label) contain `text`.
pub fn log_has(h: &Harness<'_, FrontierApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).count() > 0
}

/// Clicks "Run to end" and lets frames pass until the search ends. The click is followed by
/// single frames, not by a run to rest: a running search repaints every frame, and how many
/// frames it takes depends on the machine's load.
pub fn run_to_end(h: &mut Harness<'_, FrontierApp>) {
    h.get_by_label("Run to end").click();
    run_out(h);
}

/// A fresh folder of this test process's own under the system's temporary folder.
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("frontier-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Opens the combo box labelled `combo` and picks its `item`.
pub fn choose(h: &mut Harness<'_, FrontierApp>, combo: &str, item: &str) {
    press(h, combo, 1);
    press(h, item, 1);
}
