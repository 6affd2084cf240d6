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

/// Writes a study's plots, all drawn already, as one set into its folder:
/// all or none, replacing the same names from an earlier run and leaving
/// other files there alone.
fn write_plots(out: &Path, plots: Vec<scramble::study::plot::Plot>) -> anyhow::Result<Vec<PathBuf>> {
    let names: Vec<&str> = plots.iter().map(|(name, _)| name.as_str()).collect();
    let files: Vec<(PathBuf, String)> = plots
        .iter()
        .map(|(name, svg)| (PathBuf::from(name), svg.clone()))
        .collect();
    Ok(scramble::output::write_set(
        out,
        &files,
        scramble::output::Owns::Names(&names),
    )?)
}

/// `plots: a.svg b.svg`.
fn plots_text(plots: &[PathBuf]) -> String {
    let names: Vec<String> = plots.iter().map(|p| p.display().to_string()).collect();
    format!("plots: {}\n", names.join(" "))
}
