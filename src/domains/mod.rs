//! Problem families, one module each: parsing, moves, heuristics, validation.

pub mod sliding;
