//! The search model. Nothing here knows about windows, widgets or the command line.

pub mod algo;
pub mod breakpoint;
pub mod chunked;
pub mod compare;
pub mod cost;
pub mod cutoff;
pub mod event;
pub mod heuristic_check;
pub mod heuristic_report;
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
