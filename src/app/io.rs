//! The files a user opens and saves, on either face: on the desktop the system's file dialog
//! and `std::fs`; in the browser (which has no file system) its file picker and a download.
//! Panels and the app call these and never `rfd` or `std::fs` themselves.

use crate::app::command::{Command, TravelCommand};
use crate::files::guard::{self, Origin, Verdict};
use crate::trace::{Trace, TraceError, TraceReader};
use eframe::egui;
use std::path::{Path, PathBuf};

pub use face::{arrived, ask_open, ask_open_trace, ask_save_trace, page_address, write};

/// Whether Open trace needs the path typed in the Trace menu: on the desktop it opens that file;
/// in the browser it opens the file picker (a page opens no path it was not handed), and the
/// typed name only names the downloads of Save trace.
pub const OPEN_TRACE_NEEDS_PATH: bool = !cfg!(target_arch = "wasm32");

/// The file name a scenario is offered under when the user has given none.
const SCENARIO_FILE: &str = "scenario.ron";

/// Why a save did not happen: what is at the path could not be looked at, the file could not
/// be written, or the browser refused the download.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Whether the save would lose a file cannot be told: what is at `path` cannot be read.
    #[error("cannot save to {}: {source}", path.display())]
    Unreadable {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Writing the file failed (the path not writable, the disk full…).
    #[error("{0}")]
    Write(#[from] std::io::Error),
    /// The browser did not start the download, for the reason it gave.
    #[error("the browser refused the download: {reason}")]
    Download { reason: String },
}

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

/// What saving a document from `origin` to `path` would do to what is there
/// ([`guard::check`]). In the browser a save is a download, which never replaces a file, so it
/// is always [`Verdict::Write`].
///
/// # Errors
/// What is at `path` cannot be read ([`SaveError::Unreadable`]).
pub fn verdict(path: &Path, origin: Option<&Origin>) -> Result<Verdict, SaveError> {
    if cfg!(target_arch = "wasm32") {
        return Ok(Verdict::Write);
    }
    guard::check(path, origin).map_err(|source| SaveError::Unreadable {
        path: path.to_path_buf(),
        source,
    })
}

/// Writes `bytes` to `path` ([`write`]); on the desktop the file's new [`Origin`], which later
/// saves compare the file with. The browser's downloads have none.
///
/// # Errors
/// The file cannot be written (desktop) or offered for download (browser).
pub fn write_owned(path: &Path, bytes: &[u8]) -> Result<Option<Origin>, SaveError> {
    write(path, bytes)?;
    Ok((!cfg!(target_arch = "wasm32")).then(|| Origin::new(path, bytes)))
}

/// The file a scenario was read from, as it is now; `None` in the browser or when it cannot be
/// read again (then every later save to it asks first).
#[must_use]
pub fn origin_of(path: &Path) -> Option<Origin> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    Origin::read(path).ok()
}

/// The bytes of a saved trace: what [`Trace::save`] writes to a file, here in memory for a
/// face that has no files (the browser).
///
/// # Errors
/// The trace cannot be written out (in words).
pub fn trace_bytes(trace: &Trace) -> Result<Vec<u8>, TraceError> {
    let mut bytes = Vec::new();
    trace.write(&mut bytes).map_err(|e| TraceError::Write {
        path: "memory".into(),
        message: e.to_string(),
    })?;
    Ok(bytes)
}

/// Reads a trace from the text of a file picked in the browser (which gives no path: the
/// files its scenario names are looked for beside the page, so built-in domains only).
///
/// # Errors
/// As [`Trace::read`]; `name` names the file in the message.
pub fn read_trace(name: &str, text: &str) -> Result<Trace, TraceError> {
    Trace::read(TraceReader::new(text.as_bytes(), name, Path::new(""))?)
}

#[cfg(not(target_arch = "wasm32"))]
mod face {
    use super::{Command, Path, SaveError, TravelCommand, egui};

    /// Asks for a scenario file to open: the system's dialog, the choice as the command that
    /// opens it.
    pub fn ask_open(_ctx: &egui::Context) -> Option<Command> {
        rfd::FileDialog::new()
            .add_filter("scenario", &["ron"])
            .pick_file()
            .map(Command::LoadScenario)
    }

    /// Opens the trace file at `typed`, the path typed in the Trace menu.
    pub fn ask_open_trace(_ctx: &egui::Context, typed: &Path) -> Option<Command> {
        Some(Command::Travel(TravelCommand::OpenTrace(
            typed.to_path_buf(),
        )))
    }

    /// A file picked in the browser: never on the desktop, where [`ask_open`] answers at once.
    pub fn arrived() -> Option<Command> {
        None
    }

    /// Asks where to save a trace: the system's save dialog, in the app's data folder (not the
    /// working folder, which may be a checkout), offering `name`. The dialog itself asks before
    /// replacing a file.
    pub fn ask_save_trace(name: &str) -> Option<std::path::PathBuf> {
        let mut dialog = rfd::FileDialog::new()
            .add_filter("trace", &["ron"])
            .set_file_name(name);
        if let Some(folder) = traces_folder() {
            dialog = dialog.set_directory(folder);
        }
        dialog.save_file()
    }

    /// The folder traces are offered in: `traces` in the app's data folder (where eframe keeps
    /// the remembered layout), made if missing.
    fn traces_folder() -> Option<std::path::PathBuf> {
        let folder = eframe::storage_dir(crate::app::APP_ID)?.join("traces");
        std::fs::create_dir_all(&folder).ok()?;
        Some(folder)
    }

    /// Writes `bytes` to `path` atomically ([`crate::files::atomic_write`]).
    ///
    /// # Errors
    /// [`SaveError::Write`], with what the system answered.
    pub fn write(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
        Ok(crate::files::atomic_write(path, bytes)?)
    }

    /// The address a share link starts with: none on the desktop (the link is its fragment,
    /// `#scenario=…&at=…`, which `frontier open --link` reads and a web page's address takes).
    pub fn page_address() -> String {
        String::new()
    }
}

#[cfg(target_arch = "wasm32")]
mod face {
    use super::{Command, Path, SaveError, TravelCommand, egui};
    use std::cell::RefCell;
    use wasm_bindgen::JsCast as _;

    thread_local! {
        /// The command opening the file last picked, until the app takes it.
        static PICKED: RefCell<Option<Command>> = const { RefCell::new(None) };
    }

    /// Opens the browser's file picker for a scenario ([`pick`]).
    pub fn ask_open(ctx: &egui::Context) -> Option<Command> {
        pick(ctx, "scenario", |name, text| Command::LoadScenarioText {
            name,
            text,
        })
    }

    /// Opens the browser's file picker for a trace ([`pick`]); the typed path is for saving
    /// only (the browser opens no path it was not handed).
    pub fn ask_open_trace(ctx: &egui::Context, _typed: &Path) -> Option<Command> {
        pick(ctx, "trace", |name, text| {
            Command::Travel(TravelCommand::OpenTraceText { name, text })
        })
    }

    /// Opens the browser's file picker (RON files, under `filter`) and returns at once; the
    /// file's text comes later, as the command `open` makes of its name and text, which
    /// [`arrived`] hands over (a repaint is asked for then).
    fn pick(
        ctx: &egui::Context,
        filter: &'static str,
        open: fn(String, String) -> Command,
    ) -> Option<Command> {
        let ctx = ctx.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let picked = rfd::AsyncFileDialog::new()
                .add_filter(filter, &["ron"])
                .pick_file()
                .await;
            if let Some(file) = picked {
                let text = String::from_utf8_lossy(&file.read().await).into_owned();
                let command = open(file.file_name(), text);
                PICKED.with(|p| *p.borrow_mut() = Some(command));
                ctx.request_repaint();
            }
        });
        None
    }

    /// A trace is saved as a download named `name` (the browser asks where, if set up to ask).
    pub fn ask_save_trace(name: &str) -> Option<std::path::PathBuf> {
        Some(std::path::PathBuf::from(name))
    }

    /// The command opening a file picked since the last call, if any.
    pub fn arrived() -> Option<Command> {
        PICKED.with(|p| p.borrow_mut().take())
    }

    /// Offers `bytes` as a download named after the last part of `path`.
    ///
    /// # Errors
    /// The browser refused ([`SaveError::Download`], the reason as it gives it).
    pub fn write(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
        let name = path
            .file_name()
            .map_or_else(|| super::SCENARIO_FILE.into(), |n| n.to_string_lossy());
        download(&name, bytes).map_err(|e| SaveError::Download {
            reason: format!("{e:?}"),
        })
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
