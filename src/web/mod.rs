//! The browser face: the same app, drawn into the page's canvas by eframe's web runner
//! (wasm32 only; `scripts/web build` makes the site). The page's fragment may hold a share link
//! ([`crate::share`]): the app opens on its scenario at its step. Tests and teachers' own pages
//! drive the app through `window.frontier`:
//!
//! - `status()`: a JSON string, `{"scenario", "algorithm", "step", "outcome", "states_checked",
//!   "states_stored"}` ([`crate::share::status`]);
//! - `step(n)`: takes `n` steps as Space does, and returns the status;
//! - `link()`: the share link to what is on screen, as Copy link makes it;
//! - `copyLink()`: Copy link, as the Scenario menu does: the link on the clipboard, and "Link
//!   copied" beside the menu for a moment;
//! - `frames()`: the CPU time of the latest frames, in milliseconds (a JSON array), to measure
//!   how smooth the app is in a browser;
//! - `saveTrace(name)`: Save trace, as the Trace menu does: the run up to this step, offered as
//!   a download named `name`;
//! - `openTrace()`: Open trace, as the Trace menu does: the browser's file picker, then a
//!   read-only replay of the file picked;
//! - `error()`: the error message the app shows, or `undefined`;
//! - `notice()`: the notice above the app (a link that could not be opened), or `undefined`
//!   once closed.
//!
//! The first frame drawn puts the mark `frontier-first-frame` on the page's performance
//! timeline, so load time can be measured from outside. The page's title names the scenario, as
//! the desktop window's does. The canvas's drawing buffer is kept at the page's size in device
//! pixels ([`canvas`]), so a phone's screen shows the app at its size.

mod canvas;

use crate::app::command::{Command, TravelCommand};
use crate::app::{FrontierApp, io, window_title};
use crate::scenario::Scenario;
use eframe::egui;
use wasm_bindgen::JsCast as _;
use wasm_bindgen::prelude::*;

/// The canvas `web/index.html` gives the app.
const CANVAS_ID: &str = "frontier_canvas";

/// The element `web/index.html` shows a message in (a link that could not be read).
const MESSAGE_ID: &str = "frontier_message";

/// Starts the app in the page: what `main` does in the browser.
pub fn start() {
    let runner = eframe::WebRunner::new();
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = run(runner).await {
            show_message(&format!("Frontier could not start: {e:?}"));
        }
    });
}

async fn run(runner: eframe::WebRunner) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let canvas: web_sys::HtmlCanvasElement = document
        .get_element_by_id(CANVAS_ID)
        .ok_or("the page has no canvas #frontier_canvas")?
        .dyn_into()?;
    let (scenario, at, notice) = match opening(&window.location().hash()?) {
        Ok((scenario, at)) => (scenario, at, None),
        Err(why) => {
            web_sys::console::warn_1(&why.as_str().into());
            (Scenario::built_in(), 0, Some(why))
        }
    };
    let options = eframe::WebOptions {
        should_prevent_default: Box::new(should_prevent_default),
        ..eframe::WebOptions::default()
    };
    let drawn = canvas.clone();
    runner
        .start(
            canvas,
            options,
            Box::new(move |cc| {
                let mut app = FrontierApp::created(cc, scenario, at)?;
                if let Some(notice) = notice {
                    app.show_notice(notice);
                }
                let ctx = cc.egui_ctx.clone();
                Ok(Box::new(WebApp {
                    app,
                    ctx,
                    canvas: drawn,
                    frames: std::collections::VecDeque::new(),
                    title: String::new(),
                }))
            }),
        )
        .await?;
    install_hook(&window, runner)
}

/// The scenario and step the page's fragment names: the built-in puzzle at its start
/// when there is none.
///
/// # Errors
/// A link that cannot be read: the notice that says so ([`crate::app::unopened_link`]).
fn opening(fragment: &str) -> Result<(Scenario, u64), String> {
    let fragment = fragment.trim_start_matches('#');
    if fragment.is_empty() {
        return Ok((Scenario::built_in(), 0));
    }
    crate::share::parse(fragment)
        .map(|shared| (shared.scenario, shared.at))
        .map_err(|e| crate::app::unopened_link(&e.to_string()))
}

/// Whether eframe cancels the browser's own handling of the page event behind `event`: always
/// (a key, a click, a wheel turn is the app's), except for a pointer's move. eframe listens for
/// a finger's moves (`touchmove`) on the whole document, and the browser makes such a listener
/// passive, so cancelling there does nothing but log "Unable to preventDefault inside passive
/// event listener" for each move of a swipe. There is nothing to cancel anyway: the page's CSS
/// (`touch-action: none` on the canvas) already tells the browser that a finger on the app
/// neither scrolls nor zooms the page; egui scrolls what the finger drags.
fn should_prevent_default(event: &egui::Event) -> bool {
    !matches!(event, egui::Event::PointerMoved(_))
}

/// Shows `text` above the canvas (and in the console): why the app could not start.
fn show_message(text: &str) {
    web_sys::console::warn_1(&text.into());
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(MESSAGE_ID));
    if let Some(element) = element {
        element.set_text_content(Some(text));
        let _ = element.remove_attribute("hidden");
    }
}

/// Frame times kept for `window.frontier.frames()`.
const FRAMES_KEPT: usize = 2000;

/// The app as the page runs it: files picked in the browser arrive between frames.
struct WebApp {
    app: FrontierApp,
    /// Asked for a frame when `window.frontier` changed the app between frames.
    ctx: egui::Context,
    /// CPU milliseconds of the latest frames, oldest first (eframe reports each frame's in the
    /// next one).
    frames: std::collections::VecDeque<f32>,
    /// The page's title as last set: the scenario's, as the desktop window's title names it.
    title: String,
    /// The canvas the app draws into.
    canvas: web_sys::HtmlCanvasElement,
}

impl eframe::App for WebApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        match frame.info().cpu_usage {
            Some(seconds) => {
                if self.frames.len() == FRAMES_KEPT {
                    self.frames.pop_front();
                }
                self.frames.push_back(seconds * 1000.0);
            }
            None => mark_first_frame(),
        }
        if let Some(command) = io::arrived() {
            self.app.apply(command);
        }
        self.app.ui(ui, frame);
        let title = window_title(self.app.scenario());
        if title != self.title
            && let Some(document) = web_sys::window().and_then(|w| w.document())
        {
            document.set_title(&title);
            self.title = title;
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.app.save(storage);
    }

    /// Before each frame: the page's size in points, from a drawing buffer set right.
    fn raw_input_hook(&mut self, ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        if let Some(size) = canvas::fit(&self.canvas, ctx.zoom_factor()) {
            raw_input.screen_rect = Some(egui::Rect::from_min_size(egui::Pos2::ZERO, size));
        }
    }

    fn as_any_mut(&mut self) -> Option<&mut dyn std::any::Any> {
        Some(self)
    }
}

/// Puts `window.frontier` (see the module's documentation) on the page.
fn install_hook(window: &web_sys::Window, runner: eframe::WebRunner) -> Result<(), JsValue> {
    let api = js_sys::Object::new();
    let add = |name: &str, function: &JsValue| js_sys::Reflect::set(&api, &name.into(), function);
    let r = runner.clone();
    let status = Closure::<dyn Fn() -> Result<String, JsValue>>::new(move || {
        with_app(&r, |web| Ok(status_of(&web.app)))
    });
    add("status", status.as_ref())?;
    let r = runner.clone();
    let step = Closure::<dyn Fn(u32) -> Result<String, JsValue>>::new(move |n: u32| {
        with_app(&r, |web| {
            for _ in 0..n {
                web.app.apply(Command::Step);
            }
            web.ctx.request_repaint();
            Ok(status_of(&web.app))
        })
    });
    add("step", step.as_ref())?;
    let r = runner.clone();
    let link = Closure::<dyn Fn() -> Result<String, JsValue>>::new(move || {
        with_app(&r, |web| {
            web.app.share_link().map_err(|e| e.to_string().into())
        })
    });
    add("link", link.as_ref())?;
    let r = runner.clone();
    let copy_link = Closure::<dyn Fn() -> Result<(), JsValue>>::new(move || {
        with_app(&r, |web| {
            web.app.apply(Command::CopyLink);
            web.ctx.request_repaint();
            Ok(())
        })
    });
    add("copyLink", copy_link.as_ref())?;
    let r = runner.clone();
    let frames = Closure::<dyn Fn() -> Result<String, JsValue>>::new(move || {
        with_app(&r, |web| Ok(serde_json::json!(web.frames).to_string()))
    });
    add("frames", frames.as_ref())?;
    let r = runner.clone();
    let save_trace = Closure::<dyn Fn(String) -> Result<(), JsValue>>::new(move |name: String| {
        with_app(&r, |web| {
            let save = TravelCommand::SaveTrace(std::path::PathBuf::from(name));
            web.app.apply(Command::Travel(save));
            Ok(())
        })
    });
    add("saveTrace", save_trace.as_ref())?;
    let r = runner.clone();
    let open_trace = Closure::<dyn Fn() -> Result<(), JsValue>>::new(move || {
        with_app(&r, |web| {
            if let Some(command) = io::ask_open_trace(&web.ctx, std::path::Path::new("")) {
                web.app.apply(command);
            }
            Ok(())
        })
    });
    add("openTrace", open_trace.as_ref())?;
    let r = runner.clone();
    let error = Closure::<dyn Fn() -> Result<Option<String>, JsValue>>::new(move || {
        with_app(&r, |web| Ok(web.app.error().map(str::to_string)))
    });
    add("error", error.as_ref())?;
    let notice = Closure::<dyn Fn() -> Result<Option<String>, JsValue>>::new(move || {
        with_app(&runner, |web| Ok(web.app.notice().map(str::to_string)))
    });
    add("notice", notice.as_ref())?;
    // The page keeps them for as long as it lives.
    status.forget();
    step.forget();
    link.forget();
    copy_link.forget();
    frames.forget();
    save_trace.forget();
    open_trace.forget();
    error.forget();
    notice.forget();
    js_sys::Reflect::set(window, &"frontier".into(), &api)?;
    Ok(())
}

/// Marks the page's performance timeline when the first frame is drawn.
fn mark_first_frame() {
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark("frontier-first-frame");
    }
}

fn status_of(app: &FrontierApp) -> String {
    crate::share::status(app.scenario(), app.view()).to_string()
}

/// Runs `f` on the app, unless it has stopped (a panic).
fn with_app<T>(
    runner: &eframe::WebRunner,
    f: impl FnOnce(&mut WebApp) -> Result<T, JsValue>,
) -> Result<T, JsValue> {
    let mut web = runner
        .app_mut::<WebApp>()
        .ok_or("Frontier has stopped (see the console)")?;
    f(&mut web)
}
