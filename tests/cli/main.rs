//! The `frontier` command line end to end, called in-process and as a binary.
//! One test binary for the whole group: each file is a module, so the group links once.

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod cli_queens;
mod experiment;
mod heuristic_warnings;
mod limit_words;
mod limits;
mod long_runs;
mod posthoc;
mod replay_cli;
mod ron_words;
mod sokoban_lurd;
mod step_cost;
mod trace_stream;
mod web_files;
