//! `scramble study <name>`: the studies of the paper's open questions
//! (library [`scramble::study`], which assembles every report). Each turns
//! its options into the library's, prints the report's table (or
//! `--json`), writes its files (SVG plots, examples) into `--out` (default
//! `out/study-<name>/`) and shows a progress bar on a terminal. Every study
//! takes `--time-limit` and handles Ctrl-C itself: it stops at its next
//! poll, reports what it finished as partial (`complete`, `stopped`),
//! writes no files and exits 3.

use std::process::ExitCode;

use super::PicturesArg;
use crate::{print_json, print_text, progress};

mod heuristics;
mod repetitions;
mod uniqueness;

use heuristics::{HeuristicsArgs, run_heuristics};
use repetitions::{RepetitionsArgs, run_repetitions};
use uniqueness::{UniquenessArgs, run_uniqueness};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    study: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Question 4.4: nodes of center-max against random (and spiral, row-major) on planted puzzles.
    Heuristics(HeuristicsArgs),
    /// Question 4.3: P(unique | solvable), P(solvable), P(unique) by number of patterns and size, plus commercial-style puzzles.
    Uniqueness(UniquenessArgs),
    /// Question 4.1: which conditions of Theorem 2.1 fail on 2x2 puzzles with repetitions.
    Repetitions(RepetitionsArgs),
}

/// What every study takes: when it stops, where its files go, how it
/// prints.
#[derive(Debug, clap::Args)]
struct StudyRun {
    /// Stop after this many seconds and report what was finished (the rows,
    /// puzzles or samples the report names) as partial, writing no files
    /// (exit code 3; Ctrl-C does the same).
    #[arg(long, value_name = "SECONDS", value_parser = crate::solve::seconds)]
    time_limit: Option<std::time::Duration>,
    /// Run on exactly N threads (default: every core).
    #[command(flatten)]
    threads: crate::threads::ThreadsArg,
    /// The study writes its files into `<out>/study-<name>/` (the folder is
    /// its own).
    #[command(flatten)]
    pictures: PicturesArg,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

impl Args {
    /// The threads the study runs on.
    pub fn threads(&self) -> crate::threads::ThreadsArg {
        match &self.study {
            Command::Heuristics(args) => args.run.threads,
            Command::Uniqueness(args) => args.run.threads,
            Command::Repetitions(args) => args.run.threads,
        }
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.study {
        Command::Heuristics(args) => run_heuristics(args),
        Command::Uniqueness(args) => run_uniqueness(args),
        Command::Repetitions(args) => run_repetitions(args),
    }
}

/// The most puzzles a study takes per row or cell (and per option).
pub(super) const MAX_COUNT: usize = 10_000_000;

/// The most patterns a study takes (as `generate` and `study heuristics`).
pub(super) const MAX_PATTERNS: u32 = 128;

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

/// Runs `study` (on the threads installed already) until `stop`, with a
/// progress bar labelled `bar` (none: no bar), then writes its files as
/// one set that owns its folder `<out>/study-<name>/` (all or none,
/// replacing everything an earlier run left there; nothing when stopped
/// or with `--no-pictures`), prints its report and exits 3 when stopped.
fn run_study(
    study: &scramble::study::Study,
    name: &str,
    run: &StudyRun,
    stop: &scramble::Stop,
    bar: Option<&str>,
) -> anyhow::Result<ExitCode> {
    let folder = run
        .pictures
        .writes()
        .then(|| run.pictures.out.join(format!("study-{name}")));
    let bar = bar.map(|label| progress::bar(0, label));
    let context = scramble::Context::new().until(stop);
    let context = match &bar {
        Some(bar) => context.reporting(bar),
        None => context,
    };
    let report = scramble::study::run(study, folder.as_deref(), &context)?;
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if let Some(folder) = &folder
        && !report.files().is_empty()
    {
        scramble::output::FileSet::new(folder, scramble::output::Owns::Folder).write(report.files())?;
    }
    if run.json {
        for document in report.documents() {
            print_json(document)?;
        }
    } else {
        print_text(report.text())?;
    }
    Ok(if report.complete() {
        ExitCode::SUCCESS
    } else {
        crate::exit_codes::Exit::Stopped.into()
    })
}
