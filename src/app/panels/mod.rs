//! The panels around the board: each reads the session and returns commands.

pub mod ask;
pub mod board;
pub mod lesson;
pub mod pick;
pub mod plot;
mod run_names;
pub mod status;
pub mod steplog;
pub mod tables;
pub mod toolbar;
pub mod tree;

#[cfg(test)]
mod testing;
