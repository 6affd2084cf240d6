//! `scramble export --cnf PUZZLE`: the puzzle as DIMACS CNF on stdout, for
//! SAT solvers (see [`scramble::cnf`] for the encoding and the comment
//! header that maps variables back to pieces, cells and rotations).

use std::process::ExitCode;

use scramble::cnf::Cnf;

use super::{PuzzleArg, print_text};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// Write DIMACS CNF (the only format so far).
    #[arg(long, required = true)]
    cnf: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let puzzle = args.puzzle.read()?;
    debug_assert!(args.cnf);
    super::refuse_larger(&puzzle, scramble::cnf::MAX_SIZE, "export --cnf")?;
    print_text(&Cnf::new(&puzzle).dimacs())?;
    Ok(ExitCode::SUCCESS)
}
