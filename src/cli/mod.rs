//! Subcommands of the binary, one file each; `run` dispatches.

mod census_report;
mod estimate;
pub mod exit_codes;
mod explore;
mod export;
mod generate;
mod graph;
mod inspect;
mod inspect_subgraph;
mod merge;
mod pictures;
mod progress;
mod show;
pub mod signals;
mod solve;
mod study;
mod subgraphs;
mod verify;

use std::path::{Path, PathBuf};
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
    /// Estimate the nodes (and time) of an exhaustive search before running it: Knuth's random probes.
    Estimate(estimate::Args),
    /// Check Theorem 2.1 on every 2x2 puzzle over K patterns (the census).
    Verify(verify::Args),
    /// Add up the JSON of `verify --shard I/N --json` runs.
    Merge(merge::Args),
    /// Write a puzzle in another format: `--cnf` for SAT solvers (DIMACS, variables named in comments).
    Export(export::Args),
    /// Write random puzzles with a planted solution (seeded, byte-identical for the same seed).
    Generate(generate::Args),
    /// Studies of the paper's open questions on generated puzzles: heuristics, uniqueness, repetitions.
    Study(study::Args),
    /// Write one self-contained interactive HTML page of a puzzle: pieces, G(P), subgraphs, solutions, search.
    Explore(explore::Args),
}

/// Runs the chosen subcommand.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    // `solve` installs its own handling (it reports partial counts).
    if !matches!(cli.command, Command::Solve(_)) {
        signals::install(signals::OnSignal::Exit);
    }
    match cli.command {
        Command::Show(args) => show::run(args),
        Command::Subgraphs(args) => subgraphs::run(args),
        Command::Inspect(args) => inspect::run(args),
        Command::Graph(args) => graph::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Estimate(args) => estimate::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Export(args) => export::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Study(args) => study::run(args),
        Command::Explore(args) => explore::run(args),
    }
}

/// `--out` and `--no-pictures`, the same for every command that writes
/// files.
#[derive(Debug, clap::Args)]
#[group(id = "files_written")]
pub struct PicturesArg {
    /// Root folder of everything scramble writes, the same for every
    /// command: a puzzle's pictures go to `<out>/<puzzle>/`, census
    /// disagreements to `<out>/verify-k<K>.../`, generated puzzles to
    /// `<out>/generated/`, study plots to `<out>/study-<name>/`.
    #[arg(long, default_value = "out", value_name = "DIR")]
    pub out: PathBuf,
    /// Write no files at all (text or JSON only); the folder is not touched.
    #[arg(long)]
    pub no_pictures: bool,
}

impl PicturesArg {
    /// Whether files are to be written.
    pub fn writes(&self) -> bool {
        !self.no_pictures
    }
}

/// The puzzle file argument shared by every subcommand that reads one.
#[derive(Debug, clap::Args)]
pub struct PuzzleArg {
    /// Puzzle file: one piece per line (`1+ 2- 3+ 4-`) or CodeProject
    /// cards; `-` reads standard input (the puzzle is then named `stdin`).
    pub puzzle: PathBuf,
    /// How to read the file.
    #[arg(long = "input-format", value_enum, default_value_t = Format::Auto)]
    pub input_format: Format,
}

impl PuzzleArg {
    /// Reads the puzzle the user named; likely typos are warned about on
    /// stderr.
    pub fn read(&self) -> scramble::Result<Puzzle> {
        let puzzle = scramble::read_puzzle(&self.puzzle, self.input_format)?;
        for warning in scramble::puzzle::read::warnings(&puzzle) {
            note(&format!("scramble: warning: {}: {warning}\n", self.puzzle.display()));
        }
        Ok(puzzle)
    }
}

/// `<out>/<puzzle name>/`, refusing a name that would lead elsewhere (names
/// read from files are made safe by the reader; this is the last guard).
pub fn puzzle_folder(out: &Path, puzzle: &Puzzle) -> anyhow::Result<PathBuf> {
    let name = Path::new(puzzle.name());
    let mut parts = name.components();
    match (parts.next(), parts.next()) {
        (Some(std::path::Component::Normal(_)), None) => {
            let folder = out.join(name);
            if folder.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
                anyhow::bail!(
                    "{}: cannot write: a symbolic link is there, and scramble never writes through links",
                    folder.display()
                );
            }
            Ok(folder)
        }
        _ => anyhow::bail!(
            "puzzle name `{}` cannot name a folder inside {}",
            puzzle.name(),
            out.display()
        ),
    }
}

pub use scramble::error::plural;

/// Refuses, before any work, a puzzle larger than `max` x `max` for `what`
/// (the error names the limit).
pub fn refuse_larger(puzzle: &Puzzle, max: usize, what: &str) -> anyhow::Result<()> {
    let n = puzzle.size();
    if n > max {
        anyhow::bail!(
            "{}: a {n}x{n} puzzle; {what} takes puzzles up to {max}x{max} (the output grows with the grid)",
            puzzle.name()
        );
    }
    Ok(())
}

/// The widest column a table pads to: a longer cell (a long piece name)
/// overflows its column instead of a width the formatter cannot take.
pub fn column(width: usize) -> usize {
    width.min(120)
}

/// Prints `value` as pretty JSON on stdout.
pub fn print_json(value: &impl serde::Serialize) -> anyhow::Result<()> {
    print_text(&(serde_json::to_string_pretty(value)? + "\n"))
}

/// A command's report: as JSON with `--json`, else as the text `text`
/// makes of it.
pub fn print_report<R: serde::Serialize>(
    json: bool,
    report: &R,
    text: impl FnOnce(&R) -> String,
) -> anyhow::Result<()> {
    if json {
        print_json(report)
    } else {
        print_text(&text(report))
    }
}

/// Writes `text` to stdout and flushes it: the one way the binary prints
/// results. A reader that stops early (`| head`) ends the command quietly
/// with [`Stopped`] (exit 0); any other failure (`> /dev/full`) is an error
/// that names stdout.
pub fn print_text(text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Stopped.into()),
        Err(e) => Err(anyhow::anyhow!("standard output: cannot write: {e}")),
    }
}

/// Writes a note (or the final error) to stderr. A stderr that cannot take
/// it (`2>/dev/full`, a closed pipe) loses the note; it never panics.
pub fn note(text: &str) {
    use std::io::Write;
    let mut stderr = std::io::stderr().lock();
    let _ = stderr.write_all(text.as_bytes()).and_then(|()| stderr.flush());
}

/// The reader of stdout went away: stop without a message, exit 0.
#[derive(Debug, thiserror::Error)]
#[error("standard output was closed by its reader")]
pub struct Stopped;
