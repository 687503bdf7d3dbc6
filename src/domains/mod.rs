//! Problem families, one module each: parsing, moves, heuristics, validation.

pub mod queens;
pub mod sliding;
