//! The desktop app end to end, driven through egui_kittest without a display.
//! One test binary for the whole group: each file is a module, so the group links once.

#[path = "../common/mod.rs"]
mod common;

mod app;
mod app_compact;
mod app_grid_and_sokoban;
mod app_queens;
mod app_travel;
mod app_words;
mod classroom_boards;
mod classroom_controls;
mod classroom_tables;
mod fine_and_log;
mod projector;
mod projector_fit;
mod saving;
mod share_link;
