//! `scramble study repetitions`: open question 4.1.

use std::process::ExitCode;

use scramble::study::{Study, repetitions};

use super::run_study;

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  scramble study repetitions --count 500 --json")]
pub(super) struct RepetitionsArgs {
    /// Every 2x2 puzzle over 1..=N patterns (N = 2 takes about a million puzzles: slow).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(0..=2))]
    exhaustive: u32,
    /// Planted 2x2 puzzles (repetitions allowed) over each of these numbers of patterns.
    #[arg(long, value_delimiter = ',', default_value = "2,3,4")]
    planted: Vec<u32>,
    /// Planted puzzles per number of patterns.
    #[arg(long, default_value_t = 5000)]
    count: usize,
    /// Also the exhaustive census with repetitions on 1..=N patterns (counts only; 0: none).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(0..=4))]
    census: u64,
    /// Seed of the planted puzzles.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    pub(super) run: super::StudyRun,
}

pub(super) fn run_repetitions(args: RepetitionsArgs) -> anyhow::Result<ExitCode> {
    let (stop, _) = crate::signals::interruptible(args.run.time_limit);
    super::check_bounds(&[("--count", &[args.count])], &[("--planted", &args.planted)])?;
    let options = repetitions::Options {
        exhaustive: args.exhaustive,
        planted: args.planted.clone(),
        count: args.count,
        seed: args.seed,
        census: args.census as usize,
    };
    run_study(
        &Study::Repetitions(options),
        "repetitions",
        &args.run,
        &stop,
        Some("judging"),
    )
}
