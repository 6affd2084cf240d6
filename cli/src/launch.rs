//! Before a command runs: the command line parsed (help and version
//! printed through the one checked writer, so a full or closed standard
//! output fails with exit 2), a closed standard output refused, and the
//! run's `--time-limit` handed to the input reader.

use std::process::ExitCode;
use std::time::Duration;

use clap::{CommandFactory, FromArgMatches};

use super::Cli;

/// What parsing the command line left to do.
pub enum Parsed {
    /// Run this command.
    Run(Box<Cli>),
    /// Help, version or a usage error was printed: end with this code.
    Done(ExitCode),
}

/// Parses the command line. Help and version go through `print_text`
/// (checked: `--help > /dev/full` fails with exit 2); usage errors go to
/// stderr with clap's exit code (2).
pub fn parse() -> anyhow::Result<Parsed> {
    let matches = match Cli::command().try_get_matches() {
        Ok(matches) => matches,
        Err(e) => return shown(e),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return shown(e.format(&mut Cli::command())),
    };
    super::input::set_time_limit(time_limit(&matches));
    Ok(Parsed::Run(Box::new(cli)))
}

/// Prints clap's message: help and version on stdout (checked), errors on
/// stderr.
fn shown(e: clap::Error) -> anyhow::Result<Parsed> {
    let code = ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    if e.use_stderr() {
        let _ = e.print();
        return Ok(Parsed::Done(code));
    }
    let rendered = e.render();
    let text = if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        rendered.ansi().to_string()
    } else {
        rendered.to_string()
    };
    super::print_text(&text)?;
    Ok(Parsed::Done(code))
}

/// The `--time-limit` of the command chosen, if it takes one.
fn time_limit(matches: &clap::ArgMatches) -> Option<Duration> {
    let mut leaf = matches;
    while let Some((_, sub)) = leaf.subcommand() {
        leaf = sub;
    }
    leaf.try_get_one::<Duration>("time_limit").ok().flatten().copied()
}
