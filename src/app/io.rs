//! The files a user opens and saves, on either face: on the desktop the system's file dialog
//! and `std::fs`; in the browser (which has no file system) its file picker and a download.
//! Panels and the app call these and never `rfd` or `std::fs` themselves.

use crate::app::command::Command;
use eframe::egui;
use std::path::{Path, PathBuf};

pub use face::{arrived, ask_open, page_address, write};

/// The file name a scenario is offered under when the user has given none.
const SCENARIO_FILE: &str = "scenario.ron";

/// Asks where to save the scenario: on the desktop the system's save dialog; in the browser a
/// download named `scenario.ron` (the browser asks where, if it is set up to ask).
#[must_use]
pub fn ask_save() -> Option<PathBuf> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        rfd::FileDialog::new()
            .add_filter("scenario", &["ron"])
            .set_file_name(SCENARIO_FILE)
            .save_file()
    }
    #[cfg(target_arch = "wasm32")]
    {
        Some(PathBuf::from(SCENARIO_FILE))
    }
}

/// Saves `scenario` to `path` as the Save button does ([`write`]).
///
/// # Errors
/// The file cannot be written (desktop) or offered for download (browser).
pub fn save_scenario(
    scenario: &crate::scenario::Scenario,
    path: &Path,
) -> Result<(), crate::scenario::ScenarioError> {
    write(path, scenario.to_ron().as_bytes()).map_err(|message| {
        crate::scenario::ScenarioError::Write {
            path: path.display().to_string(),
            message,
        }
    })
}

#[cfg(not(target_arch = "wasm32"))]
mod face {
    use super::{Command, Path, egui};

    /// Asks for a scenario file to open: the system's dialog, the choice as the command that
    /// opens it.
    pub fn ask_open(_ctx: &egui::Context) -> Option<Command> {
        rfd::FileDialog::new()
            .add_filter("scenario", &["ron"])
            .pick_file()
            .map(Command::LoadScenario)
    }

    /// A file picked in the browser: never on the desktop, where [`ask_open`] answers at once.
    pub fn arrived() -> Option<Command> {
        None
    }

    /// Writes `bytes` to `path` atomically ([`crate::atomic_write`]).
    ///
    /// # Errors
    /// The reason in words.
    pub fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
        crate::atomic_write(path, bytes).map_err(|e| e.to_string())
    }

    /// The address a share link starts with: none on the desktop (the link is its fragment,
    /// `#scenario=…&at=…`, which `frontier open --link` reads and a web page's address takes).
    pub fn page_address() -> String {
        String::new()
    }
}

#[cfg(target_arch = "wasm32")]
mod face {
    use super::{Command, Path, egui};
    use std::cell::RefCell;
    use wasm_bindgen::JsCast as _;

    thread_local! {
        /// The command opening the file last picked, until the app takes it.
        static PICKED: RefCell<Option<Command>> = const { RefCell::new(None) };
    }

    /// Opens the browser's file picker and returns at once; the file's text comes later, as
    /// the command [`arrived`] hands over (a repaint is asked for then).
    pub fn ask_open(ctx: &egui::Context) -> Option<Command> {
        let ctx = ctx.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let picked = rfd::AsyncFileDialog::new()
                .add_filter("scenario", &["ron"])
                .pick_file()
                .await;
            if let Some(file) = picked {
                let text = String::from_utf8_lossy(&file.read().await).into_owned();
                let name = file.file_name();
                PICKED.with(|p| *p.borrow_mut() = Some(Command::LoadScenarioText { name, text }));
                ctx.request_repaint();
            }
        });
        None
    }

    /// The command opening a file picked since the last call, if any.
    pub fn arrived() -> Option<Command> {
        PICKED.with(|p| p.borrow_mut().take())
    }

    /// Offers `bytes` as a download named after the last part of `path`.
    ///
    /// # Errors
    /// The browser refused (the reason as it gives it).
    pub fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
        let name = path
            .file_name()
            .map_or_else(|| super::SCENARIO_FILE.into(), |n| n.to_string_lossy());
        download(&name, bytes).map_err(|e| format!("the browser refused the download: {e:?}"))
    }

    fn download(name: &str, bytes: &[u8]) -> Result<(), wasm_bindgen::JsValue> {
        let document = web_sys::window()
            .and_then(|w| w.document())
            .ok_or("no document")?;
        let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("application/octet-stream");
        let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob)?;
        let anchor: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
        anchor.set_href(&url);
        anchor.set_download(name);
        anchor.click();
        web_sys::Url::revoke_object_url(&url)
    }

    /// The page's address without its fragment: a share link is this plus `#scenario=…`.
    pub fn page_address() -> String {
        web_sys::window()
            .and_then(|w| w.location().href().ok())
            .map(|href| href.split('#').next().unwrap_or_default().to_string())
            .unwrap_or_default()
    }
}
