//! Subcommands of the binary, one file each; `run` dispatches.

pub mod exit_codes;
mod generate;
mod graph;
mod inspect;
mod merge;
mod progress;
mod show;
mod solve;
mod study;
mod subgraphs;
mod verify;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use scramble::{Format, Puzzle};

/// Study Scramble Squares puzzles with graph theory (Mason & Zhang).
#[derive(Debug, Parser)]
#[command(name = "scramble", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print a puzzle's pieces, grid size, patterns, picture indices and repetitions.
    Show(show::Args),
    /// Judge the 256 four-color subgraphs of a 2x2 puzzle by Theorem 2.1, the twisted criterion and brute force.
    Subgraphs(subgraphs::Args),
    /// Show the subgraph of the recording graph that a solution of an n x n puzzle keeps.
    Inspect(inspect::Args),
    /// Draw the recording graph (DOT and/or SVG) and the pieces into `<out>/<puzzle name>/`.
    Graph(graph::Args),
    /// Solve an n x n puzzle by backtracking: count solutions modulo rotation (default) or find the first.
    Solve(solve::Args),
    /// Check Theorem 2.1 on every 2x2 puzzle over K patterns (the census).
    Verify(verify::Args),
    /// Add up the JSON of `verify --shard I/N --json` runs.
    Merge(merge::Args),
    /// Write random puzzles with a planted solution (seeded, byte-identical for the same seed).
    Generate(generate::Args),
    /// Studies of the paper's open questions on generated puzzles: heuristics, uniqueness, repetitions.
    Study(study::Args),
}

/// Runs the chosen subcommand.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Show(args) => show::run(args),
        Command::Subgraphs(args) => subgraphs::run(args),
        Command::Inspect(args) => inspect::run(args),
        Command::Graph(args) => graph::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Study(args) => study::run(args),
    }
}

/// The puzzle file argument shared by every subcommand that reads one.
#[derive(Debug, clap::Args)]
pub struct PuzzleArg {
    /// Puzzle file: one piece per line (`1+ 2- 3+ 4-`) or CodeProject cards.
    pub puzzle: PathBuf,
    /// How to read the file.
    #[arg(long = "input-format", value_enum, default_value_t = Format::Auto)]
    pub input_format: Format,
}

impl PuzzleArg {
    /// Reads the puzzle the user named.
    pub fn read(&self) -> scramble::Result<Puzzle> {
        scramble::read_puzzle(&self.puzzle, self.input_format)
    }
}

/// Prints `value` as pretty JSON on stdout.
pub fn print_json(value: &impl serde::Serialize) -> anyhow::Result<()> {
    print_text(&(serde_json::to_string_pretty(value)? + "\n"))
}

/// Writes `text` to stdout; a reader that stops early (`| head`) is no error.
pub fn print_text(text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}
