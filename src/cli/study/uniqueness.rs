//! `scramble study uniqueness`: open question 4.3.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::study::rates::Estimate;
use scramble::study::uniqueness;
use serde::Serialize;

use super::{plots_text, write_plots};
use crate::cli::{print_report, progress};

#[derive(Debug, clap::Args)]
pub(super) struct UniquenessArgs {
    /// Grid sizes.
    #[arg(long, value_delimiter = ',', default_value = "3,4")]
    sizes: Vec<usize>,
    /// Numbers of patterns.
    #[arg(long, value_delimiter = ',', default_value = "3,4,5,6,7,8")]
    patterns: Vec<u32>,
    /// Planted puzzles per (size, patterns) row, one number per size
    /// (for P(unique | solvable)).
    #[arg(long, value_delimiter = ',', default_value = "40000,1000")]
    counts: Vec<usize>,
    /// Uniformly random puzzles per row, one number per size (for
    /// P(solvable) and P(unique)).
    #[arg(long, value_delimiter = ',', default_value = "40000,4000")]
    sampled: Vec<usize>,
    /// Planted and uniformly random puzzles of the commercial row (3x3,
    /// K = 4, every pattern on 9 sides); 0,0 leaves the row out.
    #[arg(long, value_delimiter = ',', default_value = "40000,40000")]
    commercial: Vec<usize>,
    /// Seed of the puzzles.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Only pieces without repetitions (uniform rows).
    #[arg(long)]
    repetition_free: bool,
    /// This study writes its files into `<out>/study-uniqueness/` (the folder is its own).
    #[command(flatten)]
    pictures: crate::cli::PicturesArg,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

/// What `study uniqueness --json` prints.
#[derive(Serialize)]
struct UniquenessReport {
    seed: u64,
    repetition_free: bool,
    /// What each population and estimand is.
    definitions: Vec<(&'static str, &'static str)>,
    buckets: Vec<String>,
    cells: Vec<uniqueness::Cell>,
    plots: Vec<PathBuf>,
}

/// The definitions printed with every report.
const DEFINITIONS: [(&str, &str); 6] = [
    (
        "uniform",
        "a uniformly random multiset of n*n piece classes (rotation classes of 4-tuples over patterns 1..K), as the 2x2 census counts them",
    ),
    (
        "commercial",
        "3x3, K = 4: the uniform population restricted to puzzles with every pattern on exactly 9 of the 36 sides",
    ),
    (
        "p_unique_given_solvable",
        "P(unique | solvable) for a uniformly random solvable puzzle: planted puzzles weighted 1/(solutions x ordered forms), delta-method 95% interval",
    ),
    (
        "p_solvable",
        "P(solvable) for a uniformly random puzzle: direct sampling, Wilson 95% interval",
    ),
    (
        "p_unique",
        "P(unique) for a uniformly random puzzle: direct sampling, Wilson 95% interval",
    ),
    (
        "planted_unique_share",
        "share of unique puzzles among planted puzzles, which are drawn in proportion to their solutions: not P(unique | solvable)",
    ),
];

pub(super) fn run_uniqueness(mut args: UniquenessArgs) -> anyhow::Result<ExitCode> {
    args.pictures.out = args.pictures.out.join("study-uniqueness");
    super::check_bounds(
        &[
            ("--counts", &args.counts),
            ("--sampled", &args.sampled),
            ("--commercial", &args.commercial),
        ],
        &[("--patterns", &args.patterns)],
    )?;
    for (name, list) in [("--counts", &args.counts), ("--sampled", &args.sampled)] {
        if list.len() != args.sizes.len() {
            anyhow::bail!(
                "{name} has {} numbers for {} sizes: give one number per size",
                list.len(),
                args.sizes.len()
            );
        }
    }
    if let Some(bad) = args.sizes.iter().find(|s| !(2..=8).contains(*s)) {
        anyhow::bail!("--sizes: {bad} is out of range: use sizes 2 to 8");
    }
    if args.commercial.len() != 2 {
        anyhow::bail!("--commercial takes two numbers, planted and sampled puzzles (0,0: no commercial row)");
    }
    let commercial = (args.commercial.iter().sum::<usize>() > 0).then(|| (args.commercial[0], args.commercial[1]));
    let plan = uniqueness::Plan {
        sizes: args.sizes.clone(),
        patterns: args.patterns.clone(),
        counts: args.counts.clone(),
        sampled: args.sampled.clone(),
        seed: args.seed,
        repetition_free: args.repetition_free,
        commercial,
    };
    let per_size: usize = args.counts.iter().chain(&args.sampled).sum();
    let total = per_size * args.patterns.len() + args.commercial.iter().sum::<usize>();
    let bar = progress::bar(total as u64, "counting");
    let cells = uniqueness::run(&plan, &bar)?;
    bar.finish_and_clear();
    let plots = write_plots(
        &args.pictures,
        uniqueness::plots(&cells, &args.sizes, args.repetition_free)?,
    )?;
    let report = UniquenessReport {
        seed: args.seed,
        repetition_free: args.repetition_free,
        definitions: DEFINITIONS.to_vec(),
        buckets: uniqueness::bucket_labels(),
        cells,
        plots,
    };
    print_report(args.json, &report, uniqueness_text)?;
    Ok(ExitCode::SUCCESS)
}

fn percent(e: &Estimate) -> String {
    format!(
        "{:>6.2}% ({:.2}-{:.2}%)",
        100.0 * e.estimate,
        100.0 * e.low,
        100.0 * e.high
    )
}

fn uniqueness_text(report: &UniquenessReport) -> String {
    let mut out = format!(
        "uniqueness modulo rotation, seed {}{}\n",
        report.seed,
        if report.repetition_free {
            ", uniform rows repetition-free"
        } else {
            ""
        }
    );
    for (name, meaning) in &report.definitions {
        out += &format!("  {name}: {meaning}\n");
    }
    out += &format!(
        "{:<10} {:<5} {:>2} | {:>24} {:>8} | {:>24} {:>24} {:>7} | {:>24}\n",
        "population",
        "size",
        "K",
        "P(unique | solvable)",
        "ESS",
        "P(solvable)",
        "P(unique)",
        "sampled",
        "planted unique share"
    );
    for c in &report.cells {
        out += &format!(
            "{:<10} {:<5} {:>2} | {:>24} {:>8.0} | {:>24} {:>24} {:>7} | {:>24}\n",
            c.population.name(),
            format!("{}x{}", c.size, c.size),
            c.patterns,
            percent(&c.p_unique_given_solvable),
            c.planted_effective,
            percent(&c.p_solvable),
            percent(&c.p_unique),
            c.sampled,
            percent(&c.planted_unique_share),
        );
    }
    out += &format!(
        "\nplanted puzzles (drawn in proportion to their solutions): solutions modulo rotation\n{:<10} {:<5} {:>2} {:>7} {:>7} {:>8} {:>8} | {}\n",
        "population",
        "size",
        "K",
        "planted",
        "median",
        "mean",
        "max",
        report.buckets.iter().map(|b| format!("{b:>7}")).collect::<String>()
    );
    for c in &report.cells {
        out += &format!(
            "{:<10} {:<5} {:>2} {:>7} {:>7} {:>8.2} {:>8} | {}\n",
            c.population.name(),
            format!("{}x{}", c.size, c.size),
            c.patterns,
            c.planted,
            c.planted_solutions.median,
            c.planted_solutions.mean,
            c.planted_solutions.max,
            c.planted_histogram
                .iter()
                .map(|h| format!("{h:>7}"))
                .collect::<String>()
        );
    }
    out + &plots_text(&report.plots)
}
