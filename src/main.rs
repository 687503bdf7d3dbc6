//! The `frontier` binary: the CLI, or the desktop app when run with no command.

use clap::{CommandFactory, Parser};
use frontier::cli::{self, Cli, Command};
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
        Some(Command::Open { .. }) | None => {
            let _ = Cli::command().print_help();
            ExitCode::SUCCESS
        }
    }
}
