//! `scramble export --cnf PUZZLE`: the puzzle as DIMACS CNF on stdout, for
//! SAT solvers (see [`scramble::render::cnf`] for the encoding and the comment
//! header that maps variables back to pieces, cells and rotations). The
//! clauses are written as they are made, so memory stays flat; their
//! number is known beforehand and capped. `-o FILE` writes the file whole
//! or not at all (streamed into a temporary file beside it, renamed at the
//! end).
//! `scramble export --text PUZZLE`: the puzzle in the text format, whatever
//! format it was read from (a Legespiel file, a card file); an
//! edge-matching puzzle as Heule's `em` lines, or as the eternity2.dev
//! Puzzle JSON when the lines cannot keep its shape.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::output::Target;
use scramble::puzzle::edge::{AnyPuzzle, EdgePuzzle};
use scramble::render::cnf::{Cnf, EdgeCnf};

use super::{PuzzleArg, print_streamed, print_text};
use crate::bounds::{MAX_CLAUSES, refuse_memory, thousands};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble export --cnf fixtures/cards3x3.txt > cards3x3.cnf\n  \
                  scramble export --cnf fixtures/cards3x3.txt -o cards3x3.cnf\n  \
                  scramble export --text fixtures/legespiel/AbsolutKnifflig.config.xml > knifflig.txt"
)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["cnf", "text"])))]
pub struct Args {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// Write DIMACS CNF.
    #[arg(long)]
    cnf: bool,
    /// Write the puzzle in the text format (docs/format.md); an
    /// edge-matching puzzle in the field's `em` lines, or its Puzzle JSON
    /// when the lines cannot keep the board's shape (docs/edge-matching.md).
    #[arg(long)]
    text: bool,
    /// Write into this file, whole or not at all, instead of standard
    /// output (`-`: standard output).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let puzzle = args.puzzle.read_any()?;
    let file = args
        .output
        .as_deref()
        .filter(|f| *f != std::path::Path::new("-"))
        .map(Target::new);
    if let Some(file) = file {
        file.refuse()?;
    }
    let puzzle = match puzzle {
        AnyPuzzle::Squares(puzzle) => puzzle,
        AnyPuzzle::Edge(puzzle) => return edge(&args, &puzzle, file),
    };
    if args.text {
        return write_text(&puzzle.to_string(), file);
    }
    super::refuse_larger(&puzzle, Cnf::MAX_SIZE, "export --cnf")?;
    let clauses = Cnf::clauses_of(&puzzle);
    if clauses > MAX_CLAUSES {
        anyhow::bail!(
            "--cnf: {} would take {} clauses, more than the {} exported (the pairs of pictures on each boundary grow with the square of the patterns)",
            puzzle.name(),
            thousands(clauses),
            thousands(MAX_CLAUSES)
        );
    }
    let mut fill = |out: &mut dyn std::io::Write| Cnf::write_dimacs(&puzzle, out);
    match file {
        Some(file) => file.write_streamed(&mut fill)?,
        None => print_streamed(&mut fill)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `text` into `file` (whole or not at all), or to standard output.
fn write_text(text: &str, file: Option<Target>) -> anyhow::Result<ExitCode> {
    match file {
        Some(file) => file.write(text.as_bytes())?,
        None => print_text(text)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `export --cnf` of an edge-matching puzzle: its frame, hints and
/// rectangle in the encoding of `scramble::render::cnf::EdgeCnf`, made in memory
/// (refused beforehand when its clauses would not fit) and written whole.
fn edge(args: &Args, puzzle: &EdgePuzzle, file: Option<Target>) -> anyhow::Result<ExitCode> {
    if args.text {
        return write_text(&puzzle.text(), file);
    }
    // A clause of a few literals takes about 48 bytes held in memory.
    let bytes = EdgeCnf::clauses_bound(puzzle).saturating_mul(48);
    refuse_memory(
        "--cnf",
        &format!("{}'s clauses", puzzle.name()),
        bytes,
        "a smaller board exports",
    )?;
    let dimacs = EdgeCnf::new(puzzle).dimacs();
    match file {
        Some(file) => file.write(dimacs.as_bytes())?,
        None => print_text(&dimacs)?,
    }
    Ok(ExitCode::SUCCESS)
}
