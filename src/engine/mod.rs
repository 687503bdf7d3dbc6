//! The search model: problems as a search sees them, the notebook of stored rows, the open
//! lists, one strategy per algorithm, the record of every step, sessions and their timeline,
//! breakpoints and limits.
//!
//! Architecture invariant: the engine imports nothing of the crate outside it (no presentation,
//! domain, scenario or face), not even in its tests, which use small problems of their own. It
//! has no words for states or moves and draws nothing: how a search is shown is the business of
//! the presentation layer above it (`src/present/`), which builds on [`view::SearchView`] and
//! [`session::Session`].

pub mod algo;
pub mod breakpoint;
pub mod chunked;
pub mod cost;
pub mod cutoff;
pub mod event;
pub mod heuristic_check;
mod kept;
pub mod memory;
pub mod names;
pub mod notebook;
pub mod open_list;
pub mod problem;
pub mod search;
pub mod session;
pub mod settings;
pub mod step_record;
pub mod strategy;
pub mod tie;
pub mod timeline;
pub mod view;
