//! What is computed only to show a search: how a problem family's states and moves are shown
//! ([`Presentation`], beside the engine's `Problem` in every domain), the search as the faces
//! read it ([`ShownSearch`], over the engine's `SearchView`), a step in words, the heuristic's
//! warnings, the search tree's shape and layout, side-by-side comparisons and exports.
//!
//! Architecture invariant: this layer imports the engine (and [`crate::files`], whose atomic
//! writes save the exports) and nothing above it: no domain, scenario or face. The domains
//! implement its traits, the faces (app, CLI, web) read it, and the engine never names it. It
//! draws nothing (no egui, no terminal), so every view here is unit-tested headless. A search reaches it typed: [`ShownSession`] is implemented for the engine's
//! `Search<P>` wherever `P` has a [`Presentation`], so no state is ever passed around untyped.

pub mod board;
pub mod compare;
pub mod export;
pub mod heuristic_report;
pub mod limit;
mod problem;
mod shown;
pub mod tree;
mod words;

pub use board::BoardView;
pub use problem::{PlayedRoute, Presentation};
pub use shown::{ShownSearch, ShownSession, ShownTimeline, shown_session};
