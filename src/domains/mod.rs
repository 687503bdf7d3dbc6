//! Problem families, one module each: parsing, moves, heuristics, validation.

pub mod graph;
pub mod grid;
pub mod movingai;
pub mod sliding;
pub mod sokoban;
