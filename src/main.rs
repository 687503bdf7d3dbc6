//! The `frontier` binary: the CLI, or the desktop app when run with no command or with `open`.

use clap::Parser;
use frontier::cli::{self, Cli, Command, OpenAt};
use frontier::engine::memory::MemorySize;
use frontier::scenario::Scenario;
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Run(args)) => ExitCode::from(cli::run(&args, &mut std::io::stdout().lock())),
        Some(Command::Scen(args)) => {
            ExitCode::from(cli::scen::run(&args, &mut std::io::stdout().lock()))
        }
        Some(Command::Replay(args)) => {
            ExitCode::from(cli::replay(&args, &mut std::io::stdout().lock()))
        }
        Some(Command::Compare(args)) => {
            ExitCode::from(cli::compare(&args, &mut std::io::stdout().lock()))
        }
        Some(Command::Tree(args)) => {
            ExitCode::from(cli::tree(&args, &mut std::io::stdout().lock()))
        }
        Some(Command::Experiment(args)) => {
            ExitCode::from(cli::experiment(&args, &mut std::io::stdout().lock()))
        }
        Some(Command::Open {
            scenario,
            at,
            max_memory,
        }) => open(
            scenario.as_deref(),
            at.map_or(0, OpenAt::target),
            max_memory,
        ),
        None => open(None, 0, None),
    }
}

/// Opens the app on a scenario file, or on the built-in puzzle (the A* chapter's 542703816), at step `at`;
/// `max_memory` replaces the scenario's memory budget.
fn open(path: Option<&Path>, at: u64, max_memory: Option<MemorySize>) -> ExitCode {
    let mut scenario = match path.map(Scenario::load) {
        None => Scenario::built_in(),
        Some(Ok(scenario)) => scenario,
        Some(Err(e)) => {
            eprintln!("frontier: {e}");
            return ExitCode::from(2);
        }
    };
    scenario.search.max_memory = max_memory.or(scenario.search.max_memory);
    match frontier::app::run(scenario, path, at) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("frontier: {e}");
            ExitCode::FAILURE
        }
    }
}
