//! The `frontier` binary: the CLI, or the desktop app when run with no command or with `open`.
//! Built for the browser (wasm32), it starts the web app instead ([`frontier::web`]).

#[cfg(not(target_arch = "wasm32"))]
use frontier::{
    cli::{self, Cli, Command, OpenAt},
    engine::memory::MemorySize,
};
#[cfg(not(target_arch = "wasm32"))]
use std::{path::Path, process::ExitCode};

#[cfg(target_arch = "wasm32")]
fn main() {
    frontier::web::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    use clap::Parser;
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
        Some(Command::Trace(args)) => {
            ExitCode::from(cli::trace_command(&args, &mut std::io::stdout().lock()))
        }
        Some(Command::Open {
            scenario,
            link,
            at,
            max_memory,
        }) => open(scenario.as_deref(), link.as_deref(), at, max_memory),
        None => open(None, None, None, None),
    }
}

/// Opens the app on a scenario file, a share link, or the built-in puzzle (the A* chapter's
/// 542703816), at step `at` (else the link's step); `max_memory` replaces the scenario's memory
/// budget.
#[cfg(not(target_arch = "wasm32"))]
fn open(
    path: Option<&Path>,
    link: Option<&str>,
    at: Option<OpenAt>,
    max_memory: Option<MemorySize>,
) -> ExitCode {
    let (mut scenario, at) = match cli::opening(path, link, at) {
        Ok(opening) => opening,
        Err(e) => {
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
