//! Fuzzes the command line: the input, split at newlines, is the argument list after
//! `frontier`. Parsing must give arguments or a clap error, and parsed search options must
//! resolve to settings, never panic. (Nothing is run: a fuzzed `--trace` must not write files.)
#![no_main]

use clap::Parser;
use frontier::cli::{Cli, Command};
use frontier::engine::settings::Heuristic;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let args = std::iter::once("frontier").chain(text.split('\n'));
    if let Ok(Cli {
        command: Some(Command::Run(run)),
    }) = Cli::try_parse_from(args)
    {
        let _ = run.search.spec().resolve(Heuristic::Manhattan);
        for breakpoint in &run.until {
            let _ = breakpoint.to_string();
        }
    }
});
