//! Problem families, one module each: parsing, moves, heuristics, validation.

pub mod graph;
pub mod grid;
pub mod movingai;
pub mod queens;
pub mod sliding;
pub mod sokoban;
