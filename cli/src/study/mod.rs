//! `scramble study <name>`: the studies of the paper's open questions
//! (library [`scramble::study`]). Each prints a table (or `--json`), writes
//! its SVG plots into `--out` (default `out/study-<name>/`) and shows a
//! progress bar on a terminal. Every study takes `--time-limit` and
//! handles Ctrl-C itself: it stops at its next poll, reports what it
//! finished as partial (`complete`, `stopped`), writes no files and exits 3.

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
            Study::Heuristics(args) => args.run.threads,
            Study::Uniqueness(args) => args.run.threads,
            Study::Repetitions(args) => args.run.threads,
        }
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.study {
        Study::Heuristics(args) => run_heuristics(args),
        Study::Uniqueness(args) => run_uniqueness(args),
        Study::Repetitions(args) => run_repetitions(args),
    }
}

/// Writes a study's files, all drawn already (its plots and `extra`
/// files), as one set that owns its folder `<out>/study-<name>/`: all or
/// none, replacing everything an earlier run left there. Returns the
/// plots' paths, then the extra files' paths (none with `--no-pictures`).
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

/// `plots: a.svg b.svg`.
fn plots_text(plots: &[PathBuf]) -> String {
    let names: Vec<String> = plots.iter().map(|p| scramble::output::shown_path(p)).collect();
    format!("plots: {}\n", names.join(" "))
}

/// Whether a study finished, and why not: the `complete` and `stopped`
/// keys of every study's report (as `verify --time-limit` and `generate`).
#[derive(Debug, serde::Serialize)]
struct Finished {
    /// False when the run was stopped before the end.
    complete: bool,
    /// Why an incomplete run stopped: `interrupted` or `time-limit`.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<&'static str>,
}

/// The stop of a study: Ctrl-C (the study reports what it finished) and
/// `--time-limit`.
struct Stopping {
    stop: scramble::Stop,
    interrupted: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Stopping {
    fn new(limit: Option<std::time::Duration>) -> Stopping {
        let (stop, interrupted) = crate::signals::interruptible(limit);
        Stopping { stop, interrupted }
    }

    /// `complete`, and when not, why.
    fn finished(&self, complete: bool) -> Finished {
        Finished {
            complete,
            stopped: (!complete).then(|| crate::signals::why_stopped(&self.interrupted)),
        }
    }
}

impl Finished {
    /// The text line of a partial report: `partial: stopped (why); covers`.
    fn text(&self, covers: &str) -> String {
        self.stopped
            .map(|why| format!("partial: stopped ({why}); {covers}, no files written\n"))
            .unwrap_or_default()
    }

    /// Exit 3 when stopped, else `done`.
    fn exit(&self, done: ExitCode) -> ExitCode {
        if self.complete {
            done
        } else {
            crate::exit_codes::Exit::Stopped.into()
        }
    }

    /// The study's files, written only when it is complete.
    fn write_study(
        &self,
        pictures: &PicturesArg,
        plots: impl FnOnce() -> scramble::Result<Vec<scramble::study::plot::Plot>>,
        extra: Vec<(PathBuf, String)>,
    ) -> anyhow::Result<Vec<PathBuf>> {
        if !self.complete {
            return Ok(Vec::new());
        }
        write_study(pictures, plots()?, extra)
    }
}
