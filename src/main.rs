//! The `scramble` command line: parses with clap, runs one subcommand, maps
//! the outcome to an exit code (0 success, 1 no solution or counterexample
//! found, 2 error).

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(error) if error.is::<cli::Stopped>() => ExitCode::SUCCESS,
        Err(error) => {
            cli::note(&format!("scramble: error: {error:#}\n"));
            ExitCode::from(2)
        }
    }
}
