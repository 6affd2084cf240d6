//! `scramble export --cnf PUZZLE`: the puzzle as DIMACS CNF on stdout, for
//! SAT solvers (see [`scramble::cnf`] for the encoding and the comment
//! header that maps variables back to pieces, cells and rotations).
//! `scramble export --text PUZZLE`: the puzzle in the text format, whatever
//! format it was read from (a Legespiel file, a card file).

use std::process::ExitCode;

use scramble::cnf::Cnf;

use super::{PuzzleArg, print_text};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble export --cnf fixtures/cards3x3.txt > cards3x3.cnf\n  \
                  scramble export --text fixtures/legespiel/AbsolutKnifflig.config.xml > knifflig.txt"
)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["cnf", "text"])))]
pub struct Args {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// Write DIMACS CNF.
    #[arg(long)]
    cnf: bool,
    /// Write the puzzle in the text format (docs/format.md).
    #[arg(long)]
    text: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let puzzle = args.puzzle.read()?;
    if args.text {
        print_text(&puzzle.to_string())?;
        return Ok(ExitCode::SUCCESS);
    }
    super::refuse_larger(&puzzle, scramble::cnf::MAX_SIZE, "export --cnf")?;
    print_text(&Cnf::new(&puzzle).dimacs())?;
    Ok(ExitCode::SUCCESS)
}
