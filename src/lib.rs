//! Frontier: a step-debugger for classic search algorithms.
//!
//! [`engine`] is the search model and knows no UI; [`domains`] are the problem families;
//! [`scenario`] reads and writes scenario files; [`experiment`] runs the textbook's table of
//! search cost by depth over scenarios; [`cli`] is the headless face; [`app`] is the desktop face,
//! which `web` (built for wasm32 only) runs in a browser; [`share`] makes and reads the links both
//! open; [`files`] reads inputs within bounds and writes outputs without losing what was there.

pub mod app;
pub mod cli;
pub mod domains;
pub mod engine;
pub mod experiment;
pub mod files;
pub mod present;
pub mod scenario;
pub mod share;
pub mod trace;
#[cfg(target_arch = "wasm32")]
pub mod web;
