//! `scramble study uniqueness`: open question 4.3.

use std::process::ExitCode;

use scramble::study::{Study, uniqueness};

use super::run_study;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble study uniqueness --sizes 3 --patterns 4,5 --counts 500 --sampled 500 --commercial 500"
)]
pub(super) struct UniquenessArgs {
    /// Grid sizes.
    #[arg(long, visible_alias = "size", value_delimiter = ',', default_value = "3,4")]
    sizes: Vec<usize>,
    /// Numbers of patterns.
    #[arg(long, value_delimiter = ',', default_value = "3,4,5,6,7,8")]
    patterns: Vec<u32>,
    /// Planted puzzles per (size, patterns) row (for P(unique | solvable)):
    /// one number for every size, or one per size. Default per size: 40000
    /// up to 3x3, 1000 from 4x4.
    #[arg(long, visible_alias = "count", value_delimiter = ',')]
    counts: Vec<usize>,
    /// Uniformly random puzzles per row (for P(solvable) and P(unique)):
    /// one number for every size, or one per size. Default: the --counts
    /// numbers when given, else per size 40000 up to 3x3, 4000 from 4x4.
    #[arg(long, value_delimiter = ',')]
    sampled: Vec<usize>,
    /// Also the commercial row (3x3, K = 4, every pattern on 9 sides), with
    /// this many planted and uniformly random puzzles, e.g. 40000,40000
    /// (0,0 or none: no commercial row).
    #[arg(long, value_delimiter = ',', value_name = "PLANTED,SAMPLED")]
    commercial: Vec<usize>,
    /// L: also self-matching patterns K+1..=K+L (pictures `X=`) in every
    /// row: planted puzzles draw every side uniformly from the 2K + L
    /// pictures, uniform ones from the mixed palette's piece classes (no
    /// exact rates; not with --commercial).
    #[arg(long, value_name = "L", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=128))]
    self_matching: u32,
    /// Seed of the puzzles.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Only pieces without repetitions (every row, the commercial one too).
    #[arg(long)]
    repetition_free: bool,
    #[command(flatten)]
    pub(super) run: super::StudyRun,
}

pub(super) fn run_uniqueness(args: UniquenessArgs) -> anyhow::Result<ExitCode> {
    let (stop, _) = crate::signals::interruptible(args.run.time_limit);
    super::check_bounds(
        &[
            ("--counts", &args.counts),
            ("--sampled", &args.sampled),
            ("--commercial", &args.commercial),
        ],
        &[("--patterns", &args.patterns)],
    )?;
    for &k in &args.patterns {
        // 2K + L pictures make no more classes than K + ceil(L/2) signed patterns.
        let patterns = k + args.self_matching.div_ceil(2);
        crate::bounds::refuse_piece_classes("--patterns", patterns, args.repetition_free)?;
    }
    if let Some(bad) = args.sizes.iter().find(|s| !(2..=8).contains(*s)) {
        anyhow::bail!("--sizes: {bad} is out of range: use sizes 2 to 8");
    }
    let counts = per_size("--counts", &args.counts, &args.sizes, 1000)?;
    let sampled = if args.sampled.is_empty() && !args.counts.is_empty() {
        counts.clone()
    } else {
        per_size("--sampled", &args.sampled, &args.sizes, 4000)?
    };
    let commercial = match args.commercial[..] {
        [] | [0, 0] => None,
        [planted, sampled] => Some((planted, sampled)),
        _ => anyhow::bail!("--commercial takes two numbers, planted and sampled puzzles, e.g. 40000,40000"),
    };
    if args.self_matching > 0 && commercial.is_some() {
        anyhow::bail!("--self-matching does not go with --commercial: the commercial row lays out 4 signed patterns");
    }
    if args.repetition_free && args.patterns.contains(&1) {
        anyhow::bail!("--repetition-free needs 2 patterns or more: one pattern makes no repetition-free piece");
    }
    let options = uniqueness::Options {
        sizes: args.sizes.clone(),
        patterns: args.patterns.clone(),
        counts,
        sampled,
        seed: args.seed,
        repetition_free: args.repetition_free,
        commercial,
        self_matching: args.self_matching,
    };
    run_study(
        &Study::Uniqueness(options),
        "uniqueness",
        &args.run,
        &stop,
        Some("counting"),
    )
}

/// One number per size: the list as given when it has one per size, its
/// one number for every size, or the defaults (40000 up to 3x3, `large`
/// from 4x4) when not given.
fn per_size(name: &str, given: &[usize], sizes: &[usize], large: usize) -> anyhow::Result<Vec<usize>> {
    match given.len() {
        0 => Ok(sizes.iter().map(|&s| if s <= 3 { 40_000 } else { large }).collect()),
        1 => Ok(vec![given[0]; sizes.len()]),
        n if n == sizes.len() => Ok(given.to_vec()),
        n => anyhow::bail!(
            "{name} has {n} numbers for {} sizes: give one number, or one per size",
            sizes.len()
        ),
    }
}
