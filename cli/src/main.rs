//! The `scramble` command line, a thin front-end of the library: parses
//! with clap, runs one subcommand (one file each, `run_command`
//! dispatches), maps the outcome to an exit code (`exit_codes`: 0 success,
//! 1 no solution or counterexample found, 2 error, 3 stopped by the time
//! limit or Ctrl-C; a signal that ends any other command gives 128 + the
//! signal).
#![forbid(unsafe_code)]

mod bounds;
mod choices;
mod completions;
mod estimate;
pub mod exit_codes;
mod explore;
mod export;
mod generate;
mod graph;
mod input;
mod inspect;
mod inspect_subgraph;
mod launch;
mod merge;
mod pictures;
mod progress;
mod show;
pub mod signals;
mod solve;
mod study;
mod subgraphs;
mod threads;
mod verify;

pub use input::StoppedReading;
pub use launch::{Parsed, parse};

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use exit_codes::Exit;
use scramble::{Format, Puzzle};

/// Study Scramble Squares puzzles with graph theory (Mason & Zhang).
#[derive(Debug, Parser)]
#[command(
    name = "scramble",
    version,
    about,
    after_help = "Examples:\n  scramble show fixtures/paper2x2.txt\n  scramble graph fixtures/paper2x2.txt\n  scramble subgraphs fixtures/paper2x2.txt --solutions\n  scramble solve fixtures/cards3x3.txt\n  scramble explore fixtures/cards3x3.txt\n\n'scramble help COMMAND' explains a command, with examples."
)]
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
    /// Draw or export the recording graph (DOT, SVG, node-link JSON, GraphML) and the pieces into `<out>/<puzzle name>/`.
    Graph(graph::Args),
    /// Solve puzzles: count the solutions (default) or find the first, and show one; one report per file.
    Solve(solve::Args),
    /// Estimate the nodes (and time) of an exhaustive search before running it: Knuth's random probes (a sample of subtrees for edge-matching puzzles).
    Estimate(estimate::Args),
    /// Check Theorem 2.1 on every 2x2 puzzle over K patterns (the census).
    Verify(verify::Args),
    /// Add up the shards of one `verify --shard I/N --json` or `solve --shard I/N` search.
    Merge(merge::Args),
    /// Write a puzzle in another format: `--cnf` for SAT solvers (DIMACS, variables named in comments).
    Export(export::Args),
    /// Write random puzzles with a planted solution (seeded, byte-identical for the same seed).
    Generate(generate::Args),
    /// Studies of the paper's open questions on generated puzzles: heuristics, uniqueness, repetitions.
    Study(study::Args),
    /// Write one self-contained interactive HTML page of a puzzle: pieces, G(P), subgraphs, solutions, search.
    Explore(explore::Args),
    /// Print the shell completion script for bash, zsh, fish, elvish or PowerShell.
    Completions(completions::CompletionsArgs),
    /// Print the man page of scramble or of one of its commands (roff).
    Man(completions::ManArgs),
}

/// Runs the chosen subcommand.
fn run_command(cli: Cli) -> anyhow::Result<ExitCode> {
    // A signal ends the run until a command that reports partial results
    // (`solve`, `generate`, the studies, the censuses) says otherwise.
    signals::install(signals::OnSignal::Exit);
    match cli.command {
        Command::Show(args) => show::run(args),
        Command::Subgraphs(args) => subgraphs::run(args),
        Command::Inspect(args) => inspect::run(args),
        Command::Graph(args) => graph::run(args),
        Command::Solve(args) => args.threads.install(|| solve::run(args)),
        Command::Estimate(args) => estimate::run(args),
        Command::Verify(args) => args.threads.install(|| verify::run(args)),
        Command::Merge(args) => merge::run(args),
        Command::Export(args) => export::run(args),
        Command::Generate(args) => args.threads.install(|| generate::run(args)),
        Command::Study(args) => args.threads().install(|| study::run(args)),
        Command::Explore(args) => explore::run(args),
        Command::Completions(args) => completions::completions(args),
        Command::Man(args) => completions::man(args),
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
    #[arg(long = "input-format", value_parser = choices::format(), default_value = "auto")]
    pub input_format: Format,
}

/// One or more puzzle files, for commands that take several and report on
/// each in turn.
#[derive(Debug, clap::Args)]
pub struct PuzzlesArg {
    /// Puzzle files: one piece per line (`1+ 2- 3+ 4-`) or CodeProject
    /// cards; `-` reads standard input (the puzzle is then named `stdin`).
    #[arg(required = true, num_args = 1.., value_name = "PUZZLE")]
    pub puzzles: Vec<PathBuf>,
    /// How to read the files.
    #[arg(long = "input-format", value_parser = choices::format(), default_value = "auto", display_order = 100)]
    pub input_format: Format,
}

impl PuzzlesArg {
    /// Registers every file named as an input of the run
    /// ([`scramble::output::mark_input`]), before any is read: no output
    /// may replace one, even one not read yet.
    pub fn mark_inputs(&self) {
        self.puzzles.iter().for_each(|path| scramble::output::mark_input(path));
    }

    /// Refuses, before any is read, two files whose puzzles would take one
    /// folder `<out>/<name>/` (`x/p.txt` and `y/p.txt`, or `a b.txt` and
    /// `a_b.txt`): the second's pictures would replace the first's. The
    /// same file named twice is one puzzle and passes.
    pub fn refuse_shared_folders(&self, pictures: &PicturesArg) -> anyhow::Result<()> {
        if !pictures.writes() {
            return Ok(());
        }
        let mut taken: std::collections::HashMap<String, &Path> = std::collections::HashMap::new();
        for path in &self.puzzles {
            let name = Puzzle::name_for_file(path);
            match taken.get(&name) {
                Some(first) if !same_file(first, path) => anyhow::bail!(
                    "{} and {} both make the puzzle `{name}`, whose pictures go to {}: \
                     rename one, solve them apart, or give --no-pictures",
                    scramble::output::shown_path(first),
                    scramble::output::shown_path(path),
                    scramble::output::shown_path(&pictures.out.join(&name))
                ),
                Some(_) => {}
                None => {
                    taken.insert(name, path);
                }
            }
        }
        Ok(())
    }

    /// Reads every puzzle named, in order, the first bad file an error;
    /// likely typos are warned about on stderr.
    pub fn read(&self) -> anyhow::Result<Vec<Puzzle>> {
        self.puzzles.iter().map(|path| self.read_one(path)).collect()
    }

    /// Reads one of the files named; likely typos are warned about on
    /// stderr.
    pub fn read_one(&self, path: &Path) -> anyhow::Result<Puzzle> {
        PuzzleArg {
            puzzle: path.to_path_buf(),
            input_format: self.input_format,
        }
        .read()
    }
}

impl PuzzleArg {
    /// Reads the puzzle the user named; likely typos are warned about on
    /// stderr.
    pub fn read(&self) -> anyhow::Result<Puzzle> {
        let puzzle = input::read_puzzle(&self.puzzle, self.input_format)?;
        warn_typos(&self.puzzle, &puzzle);
        Ok(puzzle)
    }

    /// Reads the puzzle the user named, Scramble Squares or edge-matching;
    /// likely typos of the first are warned about on stderr.
    pub fn read_any(&self) -> anyhow::Result<scramble::puzzle::edge::AnyPuzzle> {
        let read = input::read_any(&self.puzzle, self.input_format)?;
        if let scramble::puzzle::edge::AnyPuzzle::Squares(puzzle) = &read {
            warn_typos(&self.puzzle, puzzle);
        }
        Ok(read)
    }
}

/// Whether `a` and `b` name one file (the same path, or one file reached
/// two ways).
fn same_file(a: &Path, b: &Path) -> bool {
    a == b || matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
}

/// Warns on stderr about the likely typos of `puzzle`, read from `path`.
pub fn warn_typos(path: &Path, puzzle: &Puzzle) {
    for warning in puzzle.warnings() {
        note(&format!(
            "scramble: warning: {}: {warning}\n",
            scramble::output::shown_path(path)
        ));
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
                    scramble::output::shown_path(&folder)
                );
            }
            Ok(folder)
        }
        _ => anyhow::bail!(
            "puzzle name `{}` cannot name a folder inside {}",
            puzzle.name(),
            scramble::output::shown_path(out)
        ),
    }
}

pub use scramble::output::plural;

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

/// `value` (a struct or map) with `"schema"` first: every JSON document
/// the binary prints.
#[derive(serde::Serialize)]
struct Document<'a, T> {
    schema: u32,
    #[serde(flatten)]
    body: &'a T,
}

/// Prints `value` as pretty JSON on stdout, with `"schema"` first: the one
/// way the binary prints a command's one JSON document.
pub fn print_json(value: &impl serde::Serialize) -> anyhow::Result<()> {
    let document = Document {
        schema: scramble::JSON_SCHEMA,
        body: value,
    };
    print_text(&(serde_json::to_string_pretty(&document)? + "\n"))
}

/// Prints `value` as one line of JSON Lines on stdout, with `"schema"`
/// first: the one way a command that takes several files prints each
/// file's document (docs/json.md).
pub fn print_json_line(value: &impl serde::Serialize) -> anyhow::Result<()> {
    let document = Document {
        schema: scramble::JSON_SCHEMA,
        body: value,
    };
    print_text(&(serde_json::to_string(&document)? + "\n"))
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
/// with `Stopped` (exit 0); any other failure (`> /dev/full`) is an error
/// that names stdout.
pub fn print_text(text: &str) -> anyhow::Result<()> {
    print_streamed(&mut |out| out.write_all(text.as_bytes()))
}

/// `print_text` of what `fill` writes, as it writes it (buffered): for
/// output too long to hold.
pub fn print_streamed(fill: &mut dyn FnMut(&mut dyn std::io::Write) -> std::io::Result<()>) -> anyhow::Result<()> {
    use std::io::Write;
    let mut stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    match fill(&mut stdout).and_then(|()| stdout.flush()) {
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

fn main() -> ExitCode {
    let code = match run() {
        Ok(code) => code,
        Err(error) if error.is::<Stopped>() => ExitCode::SUCCESS,
        Err(error) if matches!(error.downcast_ref(), Some(scramble::Error::Interrupted)) => signals::wait_for_exit(),
        Err(error) if error.is::<StoppedReading>() => {
            note(&format!("scramble: {error}\n"));
            Exit::Stopped.into()
        }
        Err(error) => {
            note(&format!("scramble: error: {error:#}\n"));
            Exit::Error.into()
        }
    };
    signals::main_ends(code)
}

/// Parses the command line and runs the chosen subcommand.
fn run() -> anyhow::Result<ExitCode> {
    match parse()? {
        Parsed::Run(cli) => run_command(*cli),
        Parsed::Done(code) => Ok(code),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Every command that runs (not `help`, not a group of commands), with
    /// its words after `scramble`.
    fn leaves(command: &clap::Command, path: Vec<String>, found: &mut Vec<(Vec<String>, clap::Command)>) {
        let subcommands: Vec<_> = command.get_subcommands().filter(|c| c.get_name() != "help").collect();
        if subcommands.is_empty() {
            found.push((path.clone(), command.clone()));
        }
        for sub in subcommands {
            let mut longer = path.clone();
            longer.push(sub.get_name().to_string());
            leaves(sub, longer, found);
        }
    }

    fn commands() -> Vec<(Vec<String>, clap::Command)> {
        let mut command = Cli::command();
        command.build();
        let mut found = vec![];
        leaves(&command, vec![], &mut found);
        found
    }

    #[test]
    fn every_command_shows_examples_that_parse_as_typed() {
        let commands = commands();
        assert!(commands.len() >= 16, "{}", commands.len());
        for (path, command) in commands {
            let help = command.get_after_help().map(|h| h.to_string()).unwrap_or_default();
            assert!(help.starts_with("Examples:\n"), "scramble {path:?} has no examples");
            let examples: Vec<&str> = help.lines().skip(1).collect();
            assert!(!examples.is_empty());
            let mut own = 0;
            for example in examples {
                // The command line up to a shell redirection or pipe.
                let words: Vec<&str> = example
                    .split_whitespace()
                    .take_while(|w| !matches!(*w, ">" | "|"))
                    .collect();
                assert_eq!(words[0], "scramble", "{example}");
                if let Err(e) = Cli::try_parse_from(&words) {
                    panic!("`{example}` does not parse: {e}");
                }
                own += usize::from(words[1..].starts_with(&path.iter().map(String::as_str).collect::<Vec<_>>()));
            }
            assert!(own > 0, "scramble {path:?}: no example of the command itself");
        }
    }

    #[test]
    fn help_texts_name_no_code() {
        let mut top = Cli::command();
        let mut texts = vec![top.render_long_help().to_string()];
        for (_, mut command) in commands() {
            texts.push(command.render_long_help().to_string());
        }
        for text in texts {
            for code in ["[`", "crate::", "scramble::", "::", ".rs`", ".rs ", ".rs)"] {
                assert!(!text.contains(code), "help shows `{code}`:\n{text}");
            }
        }
    }
}
