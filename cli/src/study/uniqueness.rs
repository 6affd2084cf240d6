//! `scramble study uniqueness`: open question 4.3.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::study::rates::Share;
use scramble::study::uniqueness;
use serde::Serialize;

use super::{Finished, Stopping, plots_text};
use crate::{print_report, progress};

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

/// What `study uniqueness --json` prints.
#[derive(Serialize)]
struct UniquenessReport {
    seed: u64,
    /// Self-matching patterns beside each row's signed ones (omitted when 0).
    #[serde(skip_serializing_if = "is_zero")]
    self_matching: u32,
    repetition_free: bool,
    /// What each population and estimand is.
    definitions: Vec<(&'static str, &'static str)>,
    buckets: Vec<String>,
    cells: Vec<uniqueness::Cell>,
    plots: Vec<PathBuf>,
    /// Rows planned; a stopped run reports the first `cells` of them.
    rows: usize,
    #[serde(flatten)]
    finished: Finished,
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
    let stopping = Stopping::new(args.run.time_limit);
    args.run.pictures.out = args.run.pictures.out.join("study-uniqueness");
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
    let plan = uniqueness::Plan {
        sizes: args.sizes.clone(),
        patterns: args.patterns.clone(),
        counts: counts.clone(),
        sampled: sampled.clone(),
        seed: args.seed,
        repetition_free: args.repetition_free,
        commercial,
        self_matching: args.self_matching,
    };
    let per_size: usize = counts.iter().chain(&sampled).sum();
    let total = per_size * args.patterns.len() + args.commercial.iter().sum::<usize>();
    let bar = progress::bar(total as u64, "counting");
    let cells = uniqueness::run(&plan, &scramble::Context::new().until(&stopping.stop).reporting(&bar))?;
    bar.finish_and_clear();
    let finished = stopping.finished(cells.len() == plan.rows());
    let plots = finished.write_study(
        &args.run.pictures,
        || uniqueness::plots(&cells, &args.sizes, args.repetition_free),
        Vec::new(),
    )?;
    let report = UniquenessReport {
        seed: args.seed,
        self_matching: args.self_matching,
        repetition_free: args.repetition_free,
        definitions: DEFINITIONS.to_vec(),
        buckets: uniqueness::bucket_labels(),
        cells,
        plots,
        rows: plan.rows(),
        finished,
    };
    print_report(args.run.json, &report, uniqueness_text)?;
    Ok(report.finished.exit(ExitCode::SUCCESS))
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

fn percent(e: &Share) -> String {
    e.percent(2, "%")
}

fn uniqueness_text(report: &UniquenessReport) -> String {
    let mut out = format!(
        "uniqueness modulo rotation, seed {}{}{}\n",
        report.seed,
        if report.repetition_free {
            ", repetition-free pieces only"
        } else {
            ""
        },
        if report.self_matching > 0 {
            format!(
                ", every row over its K signed and {} self-matching patterns (pictures X=)",
                report.self_matching
            )
        } else {
            String::new()
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
    for c in report.cells.iter().filter(|c| c.exact.is_some()) {
        let e = c.exact.expect("filtered");
        out += &format!(
            "exact     {:<5} {:>2} | {:>24} {:>8} | {:>24} {:>24} {:>7} | every multiset of piece classes\n",
            format!("{}x{}", c.size, c.size),
            c.patterns,
            format!(
                "{:.2}% ({}/{})",
                100.0 * e.p_unique_given_solvable,
                e.unique,
                e.solvable
            ),
            "",
            format!("{:.2}% ({}/{})", 100.0 * e.p_solvable, e.solvable, e.puzzles),
            format!("{:.2}% ({}/{})", 100.0 * e.p_unique, e.unique, e.puzzles),
            e.puzzles,
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
    let covers = format!(
        "the table covers the first {} of {} rows",
        report.cells.len(),
        report.rows
    );
    out + &plots_text(&report.plots) + &report.finished.text(&covers)
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
