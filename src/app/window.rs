//! The native window: opening it on a scenario, its title and its fonts.

use crate::app::FrontierApp;
use crate::scenario::Scenario;
use eframe::egui;
use std::path::Path;

/// Opens the app window on `scenario`, read from `path` (none: built in), with the search
/// already at step `at` (`u64::MAX`: its end), as a teacher prepares a slide.
///
/// # Errors
/// The window could not be created, or the scenario's search could not be built.
pub fn run(scenario: Scenario, path: Option<&Path>, at: u64) -> eframe::Result {
    let path = path.map(Path::to_path_buf);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(window_title(&scenario))
            .with_inner_size([1500.0, 950.0])
            .with_min_inner_size([900.0, 600.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Frontier",
        options,
        Box::new(move |cc| {
            let layout = cc
                .storage
                .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
                .unwrap_or_default();
            let mut app = FrontierApp::new(&cc.egui_ctx, scenario, layout)?;
            if let Some(path) = path {
                app.opened_from(path);
            }
            app.open_at(at);
            Ok(Box::new(app))
        }),
    )
}

/// Lets proportional text fall back to the monospace font, which has the arrows and shapes
/// (→ ▲ ▼ ▶) the step words and tables use and the default proportional font lacks.
pub fn install_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    if let Some(family) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
        family.insert(1.min(family.len()), "Hack".to_string());
    }
    ctx.set_fonts(fonts);
}

/// "Frontier — <scenario title>".
#[must_use]
pub fn window_title(scenario: &Scenario) -> String {
    let title = if scenario.title.is_empty() {
        "untitled scenario"
    } else {
        &scenario.title
    };
    format!("Frontier — {title}")
}
