//! Opening the app: on a scenario, in the native window (or in the web page, src/web/), with
//! the window's title and fonts.

use crate::app::FrontierApp;
use crate::app::state::Layout;
use crate::scenario::{Scenario, ScenarioError, SearchSpec};
use eframe::egui;

/// Opens the app window on `scenario`, read from `path` (none: built in), with the search
/// already at step `at` (`u64::MAX`: its end), as a teacher prepares a slide.
///
/// # Errors
/// The window could not be created, or the scenario's search could not be built.
#[cfg(not(target_arch = "wasm32"))]
pub fn run(scenario: Scenario, path: Option<&std::path::Path>, at: u64) -> eframe::Result {
    let path = path.map(std::path::Path::to_path_buf);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(window_title(&scenario))
            .with_inner_size([1500.0, 950.0])
            // As narrow as a phone: below 700 points the compact layout takes over.
            .with_min_inner_size([360.0, 560.0]),
        ..Default::default()
    };
    eframe::run_native(
        crate::app::APP_ID,
        options,
        Box::new(move |cc| {
            let mut app = FrontierApp::created(cc, scenario, at)?;
            if let Some(path) = path {
                app.opened_from(path);
            }
            Ok(Box::new(app))
        }),
    )
}

impl FrontierApp {
    /// The app on `scenario` with a remembered `layout`, drawing into `ctx`. The Path field
    /// starts empty (the scenario may not come from the file remembered there); see
    /// [`FrontierApp::opened_from`].
    ///
    /// # Errors
    /// The scenario's search could not be built (a domain file that cannot be read).
    pub fn new(
        ctx: &egui::Context,
        scenario: Scenario,
        layout: Layout,
    ) -> Result<FrontierApp, ScenarioError> {
        let session = scenario.session(&SearchSpec::default())?;
        Ok(FrontierApp::with_session(ctx, scenario, layout, session))
    }

    /// The app as a window (or a web page) opens it: with the layout remembered in `cc`'s
    /// storage, and the search at step `at`.
    ///
    /// # Errors
    /// The scenario's search could not be built.
    pub fn created(
        cc: &eframe::CreationContext<'_>,
        scenario: Scenario,
        at: u64,
    ) -> Result<FrontierApp, ScenarioError> {
        let layout = cc
            .storage
            .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
            .unwrap_or_default();
        let mut app = FrontierApp::new(&cc.egui_ctx, scenario, layout)?;
        app.open_at(at);
        Ok(app)
    }
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
