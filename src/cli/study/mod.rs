//! `scramble study <name>`: the studies of the paper's open questions
//! (library [`scramble::study`]). Each prints a table (or `--json`), writes
//! its SVG plots into `--out` (default `out/study-<name>/`) and shows a
//! progress bar on a terminal.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod heuristics;
mod repetitions;
mod uniqueness;

use heuristics::{HeuristicsArgs, run_heuristics};
use repetitions::{RepetitionsArgs, run_repetitions};
use uniqueness::{UniquenessArgs, run_uniqueness};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    study: Study,
}

#[derive(Debug, clap::Subcommand)]
enum Study {
    /// Question 4.4: nodes of center-max against random (and spiral, row-major) on planted puzzles.
    Heuristics(HeuristicsArgs),
    /// Question 4.3: P(unique | solvable), P(solvable), P(unique) by number of patterns and size, plus commercial-style puzzles.
    Uniqueness(UniquenessArgs),
    /// Question 4.1: which conditions of Theorem 2.1 fail on 2x2 puzzles with repetitions.
    Repetitions(RepetitionsArgs),
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.study {
        Study::Heuristics(args) => run_heuristics(args),
        Study::Uniqueness(args) => run_uniqueness(args),
        Study::Repetitions(args) => run_repetitions(args),
    }
}

/// Writes one plot into the study's folder.
fn write_plot(out: &Path, name: &str, svg: &str) -> anyhow::Result<PathBuf> {
    let path = out.join(name);
    scramble::output::write_atomic(&path, svg.as_bytes())?;
    Ok(path)
}

/// `plots: a.svg b.svg`.
fn plots_text(plots: &[PathBuf]) -> String {
    let names: Vec<String> = plots.iter().map(|p| p.display().to_string()).collect();
    format!("plots: {}\n", names.join(" "))
}
