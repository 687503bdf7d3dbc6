//! Searches on the shipped domains and lessons, checked against independent numbers.
//! One test binary for the whole group: each file is a module, so the group links once.

#[path = "../common/mod.rs"]
mod common;

mod chapter_astar;
mod deepening;
mod lesson;
mod missionaries;
mod queens;
mod sliding_optimal;
mod sokoban_route;
mod tree;
mod tree_shapes;
