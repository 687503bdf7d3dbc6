//! What is computed only to show a search: the search tree's shape and layout, and exports of a
//! run for other tools.
//!
//! Architecture invariant: this layer reads the engine and is read by the faces (app, CLI,
//! web); the engine never names it. Nothing here draws: no egui, no terminal, so every view is
//! unit-tested headless.

pub mod export;
pub mod tree;
