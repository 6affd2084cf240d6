//! The `scramble` command line: parses with clap, runs one subcommand, maps
//! the outcome to an exit code (`cli::exit_codes`: 0 success, 1 no solution
//! or counterexample found, 2 error, 3 stopped by the time limit or Ctrl-C;
//! a signal that ends any other command gives 128 + the signal).

mod cli;

use std::process::ExitCode;

use cli::exit_codes::Exit;

fn main() -> ExitCode {
    let code = match run() {
        Ok(code) => code,
        Err(error) if error.is::<cli::Stopped>() => ExitCode::SUCCESS,
        Err(error) if matches!(error.downcast_ref(), Some(scramble::Error::Interrupted)) => {
            cli::signals::wait_for_exit()
        }
        Err(error) if error.is::<cli::StoppedReading>() => {
            cli::note(&format!("scramble: {error}\n"));
            Exit::Stopped.into()
        }
        Err(error) => {
            cli::note(&format!("scramble: error: {error:#}\n"));
            Exit::Error.into()
        }
    };
    cli::signals::main_ends(code)
}

/// Parses the command line and runs the chosen subcommand.
fn run() -> anyhow::Result<ExitCode> {
    match cli::parse()? {
        cli::Parsed::Run(cli) => cli::run(*cli),
        cli::Parsed::Done(code) => Ok(code),
    }
}
