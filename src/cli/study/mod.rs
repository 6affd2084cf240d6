//! `scramble study <name>`: the studies of the paper's open questions
//! (library [`scramble::study`]). Each prints a table (or `--json`), writes
//! its SVG plots into `--out` (default `out/study-<name>/`) and shows a
//! progress bar on a terminal.

use std::path::PathBuf;

use super::PicturesArg;
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

impl Args {
    /// Whether the study handles Ctrl-C itself (it reports what it
    /// finished as partial).
    pub fn reports_interrupts(&self) -> bool {
        false
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.study {
        Study::Heuristics(args) => run_heuristics(args),
        Study::Uniqueness(args) => run_uniqueness(args),
        Study::Repetitions(args) => run_repetitions(args),
    }
}

/// Writes a study's files, all drawn already, as one set that owns its
/// folder `<out>/study-<name>/`: all or none, replacing everything an
/// earlier run left there. Returns the plots' paths (none with
/// `--no-pictures`).
fn write_plots(pictures: &PicturesArg, plots: Vec<scramble::study::plot::Plot>) -> anyhow::Result<Vec<PathBuf>> {
    write_study(pictures, plots, Vec::new())
}

/// `write_plots` with more files (`extra`) in the same set; returns the
/// plots' paths, then the extra files' paths.
fn write_study(
    pictures: &PicturesArg,
    plots: Vec<scramble::study::plot::Plot>,
    extra: Vec<(PathBuf, String)>,
) -> anyhow::Result<Vec<PathBuf>> {
    if !pictures.writes() {
        return Ok(Vec::new());
    }
    let files: Vec<(PathBuf, String)> = plots
        .into_iter()
        .map(|(name, svg)| (PathBuf::from(name), svg))
        .chain(extra)
        .collect();
    Ok(scramble::output::write_set(
        &pictures.out,
        &files,
        scramble::output::Owns::Folder,
    )?)
}

/// The most puzzles a study takes per row or cell (and per option).
const MAX_COUNT: usize = 10_000_000;

/// The most patterns a study takes (as `generate` and `study heuristics`).
const MAX_PATTERNS: u32 = 128;

/// Refuses, before any work, counts above `MAX_COUNT` and numbers of
/// patterns outside 1 to `MAX_PATTERNS`, naming the option and the limit.
fn check_bounds(counts: &[(&str, &[usize])], patterns: &[(&str, &[u32])]) -> anyhow::Result<()> {
    for (option, values) in counts {
        if let Some(bad) = values.iter().find(|&&c| c > MAX_COUNT) {
            anyhow::bail!("{option}: {bad} puzzles is more than a study takes: use at most {MAX_COUNT}");
        }
    }
    for (option, values) in patterns {
        if let Some(bad) = values.iter().find(|&&k| k == 0 || k > MAX_PATTERNS) {
            anyhow::bail!("{option}: {bad} patterns is out of range: use 1 to {MAX_PATTERNS}");
        }
    }
    Ok(())
}

/// `plots: a.svg b.svg`.
fn plots_text(plots: &[PathBuf]) -> String {
    let names: Vec<String> = plots.iter().map(|p| p.display().to_string()).collect();
    format!("plots: {}\n", names.join(" "))
}
