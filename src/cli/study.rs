//! `scramble study <name>`: the studies of the paper's open questions
//! (library [`scramble::study`]). Each prints a table (or `--json`), writes
//! its SVG plots into `--out` (default `out/study-<name>/`) and shows a
//! progress bar on a terminal.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use scramble::RecordingGraph;
use scramble::render::{Renderer, Selection, recording_svg};
use scramble::study::heuristics::{self, Heuristics, ORDERS, SweepCell};
use scramble::study::rates::Estimate;
use scramble::study::repetitions::{self, Group, Repetitions};
use scramble::study::stats::{HeadToHead, Summary, cdf};
use scramble::study::{plot, uniqueness};
use serde::Serialize;

use super::{print_json, print_text, progress};

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

#[derive(Debug, clap::Args)]
struct HeuristicsArgs {
    /// `n` of the `n x n` grid.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(2..=8))]
    size: u64,
    /// Number of patterns.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=128))]
    patterns: u32,
    /// Puzzles.
    #[arg(long, default_value_t = 10_000)]
    count: usize,
    /// Seed of the puzzles (puzzle i is `scramble generate --seed S` candidate i).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Random piece orders per puzzle.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=1000))]
    random_seeds: u64,
    /// Only pieces without repetitions.
    #[arg(long)]
    repetition_free: bool,
    /// Instead of generated puzzles, solve these puzzle files in every order (a table per puzzle, no plots).
    #[arg(long, num_args = 1.., value_name = "FILE")]
    puzzles: Vec<PathBuf>,
    /// Also sweep over sizes and numbers of patterns.
    #[arg(long)]
    sweep: bool,
    /// Sweep: grid sizes.
    #[arg(long, value_delimiter = ',', default_value = "3,4")]
    sweep_sizes: Vec<usize>,
    /// Sweep: numbers of patterns.
    #[arg(long, value_delimiter = ',', default_value = "3,4,5,6")]
    sweep_patterns: Vec<u32>,
    /// Sweep: puzzles per cell, one number per size.
    #[arg(long, value_delimiter = ',', default_value = "2000,100")]
    sweep_counts: Vec<usize>,
    /// Root folder of the output: this study writes into `<out>/study-heuristics/`.
    #[arg(long, default_value = "out")]
    out: PathBuf,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

/// What `study heuristics --json` prints.
#[derive(Serialize)]
struct HeuristicsReport {
    study: Heuristics,
    sweep: Option<Vec<SweepCell>>,
    plots: Vec<PathBuf>,
}

fn run_heuristics(mut args: HeuristicsArgs) -> anyhow::Result<ExitCode> {
    args.out = args.out.join("study-heuristics");
    if !args.puzzles.is_empty() {
        return run_files(&args);
    }
    if args.sweep && args.sweep_counts.len() != args.sweep_sizes.len() {
        anyhow::bail!(
            "--sweep-counts has {} numbers for {} sizes: give one number per size",
            args.sweep_counts.len(),
            args.sweep_sizes.len()
        );
    }
    let sample = heuristics::Sample {
        size: args.size as usize,
        patterns: args.patterns,
        count: args.count,
        seed: args.seed,
        repetition_free: args.repetition_free,
        random_seeds: args.random_seeds as usize,
    };
    let sweep_total: usize = args.sweep_counts.iter().map(|c| c * args.sweep_patterns.len()).sum();
    let bar = progress::bar(
        (args.count + if args.sweep { sweep_total } else { 0 }) as u64,
        "solving",
    );
    let study = heuristics::run(&sample, &bar)?;
    let sweep = args
        .sweep
        .then(|| {
            let count = |size| {
                let at = args.sweep_sizes.iter().position(|&s| s == size);
                at.map_or(0, |i| args.sweep_counts[i])
            };
            heuristics::sweep(&args.sweep_sizes, &args.sweep_patterns, count, &sample, &bar)
        })
        .transpose()?;
    bar.finish_and_clear();
    let mut plots = heuristics_plots(&study, &args.out)?;
    if let Some(cells) = &sweep {
        plots.push(sweep_plot(cells, &args.out)?);
    }
    let report = HeuristicsReport { study, sweep, plots };
    if args.json {
        print_json(&report)?;
    } else {
        print_text(&heuristics_text(&report))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// One puzzle file solved in every order.
#[derive(Serialize)]
struct FileRun {
    puzzle: String,
    file: PathBuf,
    #[serde(flatten)]
    run: heuristics::PuzzleRun,
}

/// `study heuristics --puzzles`: every file in every order, in file order.
fn run_files(args: &HeuristicsArgs) -> anyhow::Result<ExitCode> {
    let seeds = args.random_seeds as usize;
    let runs = args
        .puzzles
        .iter()
        .enumerate()
        .map(|(i, file)| {
            let puzzle = scramble::read_puzzle(file, Default::default())?;
            let run = heuristics::solve_in_every_order(&puzzle, args.seed, i as u64, seeds)?;
            Ok(FileRun {
                puzzle: puzzle.name().to_string(),
                file: file.clone(),
                run,
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    if args.json {
        print_json(&runs)?;
    } else {
        print_text(&files_text(&runs, args))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn files_text(runs: &[FileRun], args: &HeuristicsArgs) -> String {
    let mut out = format!(
        "nodes to the first solution / to exhaustion; random: median of {} piece orders (seed {}), exhaustion as spiral\n\
         {:<16} {:>9} | {:>13} | {:>13} {:>11} | {:>13} | {:>13}\n",
        args.random_seeds, args.seed, "puzzle", "solutions", "center-max", "random", "cm fewer", "spiral", "row-major"
    );
    for f in runs {
        let r = &f.run;
        let random = Summary::of(r.random.iter().map(|n| n.first));
        let fewer = r.random.iter().filter(|n| r.center_max.first < n.first).count();
        let pair = |n: &heuristics::Nodes| format!("{} / {}", n.first, n.all);
        out += &format!(
            "{:<16} {:>9} | {:>13} | {:>13} {:>11} | {:>13} | {:>13}\n",
            f.puzzle,
            r.solutions,
            pair(&r.center_max),
            format!("{} / {}", random.median, r.spiral.all),
            format!("{fewer} of {}", r.random.len()),
            pair(&r.spiral),
            pair(&r.row_major)
        );
    }
    out
}

fn write_plot(out: &Path, name: &str, svg: &str) -> anyhow::Result<PathBuf> {
    let path = out.join(name);
    scramble::output::write_atomic(&path, svg.as_bytes())?;
    Ok(path)
}

/// How many puzzles the scatter plot shows at most (the SVG stays small).
const SCATTER_POINTS: usize = 3000;

fn heuristics_plots(study: &Heuristics, out: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let what = format!(
        "{} planted {n}x{n} puzzles, K = {}",
        study.puzzles,
        study.patterns,
        n = study.size
    );
    let series = |first: bool| -> Vec<plot::Series> {
        ORDERS
            .iter()
            .map(|&order| {
                let nodes = heuristics::of_order(&study.runs, order);
                let values = nodes.iter().map(|n| if first { n.first } else { n.all });
                (order.name().to_string(), cdf(values))
            })
            .collect()
    };
    let y_label = "P(nodes <= x): share of (planted puzzle, order) runs";
    let first = plot::cdf_with(
        &format!("Nodes to the first solution: {what}"),
        "nodes searched to the first solution (log scale)",
        y_label,
        &series(true),
    )?;
    let all = plot::cdf_with(
        &format!("Nodes to exhaustion: {what}"),
        "nodes searched to exhaustion (log scale)",
        y_label,
        &series(false),
    )?;
    let shown = study.runs.len().min(SCATTER_POINTS);
    let points: Vec<(f64, f64)> = study.runs[..shown]
        .iter()
        .map(|r| (r.random[0].first as f64, r.center_max.first as f64))
        .collect();
    let scatter = plot::scatter(
        &format!("First solution, {shown} of {what}: below the diagonal center-max wins"),
        "random order (first seed): nodes to the first solution",
        "center-max: nodes to the first solution",
        &points,
    )?;
    Ok(vec![
        write_plot(out, "cdf-first.svg", &first)?,
        write_plot(out, "cdf-exhaustion.svg", &all)?,
        write_plot(out, "scatter-first.svg", &scatter)?,
    ])
}

fn sweep_plot(cells: &[SweepCell], out: &Path) -> anyhow::Result<PathBuf> {
    let mut sizes: Vec<usize> = cells.iter().map(|c| c.size).collect();
    sizes.dedup();
    let series: Vec<plot::Series> = sizes
        .iter()
        .flat_map(|&size| {
            let of = move |f: fn(&SweepCell) -> f64| {
                cells
                    .iter()
                    .filter(move |c| c.size == size)
                    .map(move |c| (f64::from(c.patterns), f(c)))
                    .collect::<Vec<_>>()
            };
            let count = cells.iter().find(|c| c.size == size).map_or(0, |c| c.puzzles);
            [
                (
                    format!("{size}x{size}, first solution ({count} puzzles per K)"),
                    of(|c| c.first.share_fewer()),
                ),
                (format!("{size}x{size}, exhaustion"), of(|c| c.all.share_fewer())),
            ]
        })
        .collect();
    let svg = plot::paired_lines(
        "P(center-max needs fewer nodes than random) over planted puzzles: first solution solid, exhaustion dashed",
        "patterns K",
        "share of (planted puzzle, random seed) runs",
        0.0..1.0,
        &series,
    )?;
    write_plot(out, "sweep-first.svg", &svg)
}

fn quartiles(s: &Summary) -> String {
    format!("{:>8.0} {:>8.0} {:>8.0} {:>10.1}", s.q1, s.median, s.q3, s.mean)
}

fn head_to_head(h: &HeadToHead) -> String {
    format!(
        "{:>6.1}% {:>6.1}% {:>6.1}%",
        100.0 * h.share_fewer(),
        100.0 * h.share_ties(),
        100.0 * h.share_more()
    )
}

fn heuristics_text(report: &HeuristicsReport) -> String {
    let s = &report.study;
    let mut out = format!(
        "{} planted {n}x{n} puzzles over {} patterns{}, seed {}, {} random piece order(s) each\n\
         solutions modulo rotation: median {}, mean {:.2}, max {}\n\n",
        s.puzzles,
        s.patterns,
        if s.repetition_free { " (repetition-free)" } else { "" },
        s.seed,
        s.random_seeds,
        s.solutions.median,
        s.solutions.mean,
        s.solutions.max,
        n = s.size
    );
    out += &format!(
        "{:<11} {:>6} | {:^37} | {:^37}\n{:<11} {:>6} | {:>8} {:>8} {:>8} {:>10} | {:>8} {:>8} {:>8} {:>10}\n",
        "nodes",
        "",
        "to the first solution",
        "to exhaustion",
        "order",
        "runs",
        "q1",
        "median",
        "q3",
        "mean",
        "q1",
        "median",
        "q3",
        "mean"
    );
    for o in &s.orders {
        out += &format!(
            "{:<11} {:>6} | {} | {}\n",
            o.order.name(),
            o.runs,
            quartiles(&o.first),
            quartiles(&o.all)
        );
    }
    out += &format!(
        "\ncenter-max  {:>6} | {:^22} | {:^22}\n{:<11} {:>6} | {:>7} {:>7} {:>7} | {:>7} {:>7} {:>7}\n",
        "", "first solution", "exhaustion", "against", "pairs", "fewer", "ties", "more", "fewer", "ties", "more"
    );
    for v in &s.versus {
        out += &format!(
            "{:<11} {:>6} | {} | {}\n",
            v.against.name(),
            v.first.total(),
            head_to_head(&v.first),
            head_to_head(&v.all)
        );
    }
    out += "(to exhaustion, random is spiral: the piece order does not change the exhaustive tree)\n";
    if let Some(cells) = &report.sweep {
        out += &format!(
            "\nsweep: center-max | {:^22} | {:^22} | median first nodes\n{:<5} {:>3} {:>7} | {:>7} {:>7} {:>7} | {:>7} {:>7} {:>7} | {:>10} {:>9}\n",
            "first solution",
            "exhaustion",
            "size",
            "K",
            "pairs",
            "fewer",
            "ties",
            "more",
            "fewer",
            "ties",
            "more",
            "center-max",
            "random"
        );
        for c in cells {
            out += &format!(
                "{:<5} {:>3} {:>7} | {} | {} | {:>10.0} {:>9.0}\n",
                format!("{}x{}", c.size, c.size),
                c.patterns,
                c.first.total(),
                head_to_head(&c.first),
                head_to_head(&c.all),
                c.median_first_center_max,
                c.median_first_random
            );
        }
    }
    out + &plots_text(&report.plots)
}

fn plots_text(plots: &[PathBuf]) -> String {
    let names: Vec<String> = plots.iter().map(|p| p.display().to_string()).collect();
    format!("plots: {}\n", names.join(" "))
}

#[derive(Debug, clap::Args)]
struct UniquenessArgs {
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
    /// Root folder of the output: this study writes into `<out>/study-uniqueness/`.
    #[arg(long, default_value = "out")]
    out: PathBuf,
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

fn run_uniqueness(mut args: UniquenessArgs) -> anyhow::Result<ExitCode> {
    args.out = args.out.join("study-uniqueness");
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
    let plots = uniqueness_plots(&cells, &args)?;
    let report = UniquenessReport {
        seed: args.seed,
        repetition_free: args.repetition_free,
        definitions: DEFINITIONS.to_vec(),
        buckets: uniqueness::bucket_labels(),
        cells,
        plots,
    };
    if args.json {
        print_json(&report)?;
    } else {
        print_text(&uniqueness_text(&report))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn uniform_rows(cells: &[uniqueness::Cell], size: usize) -> impl Iterator<Item = &uniqueness::Cell> {
    cells
        .iter()
        .filter(move |c| c.size == size && c.population == uniqueness::Population::Uniform)
}

fn uniqueness_plots(cells: &[uniqueness::Cell], args: &UniquenessArgs) -> anyhow::Result<Vec<PathBuf>> {
    let rf = if args.repetition_free { ", repetition-free" } else { "" };
    let series: Vec<plot::Series> = args
        .sizes
        .iter()
        .flat_map(|&size| {
            let given: Vec<(f64, f64)> = uniform_rows(cells, size)
                .map(|c| (f64::from(c.patterns), c.p_unique_given_solvable.estimate))
                .collect();
            let planted: Vec<(f64, f64)> = uniform_rows(cells, size)
                .map(|c| (f64::from(c.patterns), c.planted_unique_share.estimate))
                .collect();
            [
                (format!("{size}x{size}: P(unique | solvable), uniform solvable"), given),
                (format!("{size}x{size}: unique share of planted puzzles"), planted),
            ]
        })
        .collect();
    let share = plot::lines(
        &format!("Unique solution (modulo rotation) by number of patterns{rf}"),
        "patterns K",
        "probability / share",
        0.0..1.0,
        &series,
    )?;
    let mut plots = vec![write_plot(&args.out, "share-unique.svg", &share)?];
    for &size in &args.sizes {
        let bars: Vec<(String, Vec<f64>)> = uniform_rows(cells, size)
            .map(|c| {
                let n = c.planted.max(1) as f64;
                (
                    format!("K = {}", c.patterns),
                    c.planted_histogram.iter().map(|&h| h as f64 / n).collect(),
                )
            })
            .collect();
        let svg = plot::bars(
            &format!(
                "Solutions of planted {size}x{size} puzzles{rf} ({} per K; drawn in proportion to solutions)",
                count_of(cells, size)
            ),
            "solutions modulo rotation",
            "share of planted puzzles",
            &uniqueness::bucket_labels(),
            &bars,
        )?;
        plots.push(write_plot(&args.out, &format!("histogram-{size}x{size}.svg"), &svg)?);
    }
    Ok(plots)
}

fn count_of(cells: &[uniqueness::Cell], size: usize) -> usize {
    uniform_rows(cells, size).next().map_or(0, |c| c.planted)
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

#[derive(Debug, clap::Args)]
struct RepetitionsArgs {
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
    /// Root folder of the output: this study writes into `<out>/study-repetitions/`.
    #[arg(long, default_value = "out")]
    out: PathBuf,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

/// One example as written.
#[derive(Serialize)]
struct WrittenExample {
    example: repetitions::Example,
    file: PathBuf,
    svg: PathBuf,
}

/// What `study repetitions --json` prints.
#[derive(Serialize)]
struct RepetitionsReport {
    sources: Vec<(String, usize)>,
    groups: Vec<(Group, repetitions::Tally)>,
    census: Vec<repetitions::Exhaustive>,
    examples: Vec<WrittenExample>,
    plots: Vec<PathBuf>,
}

fn run_repetitions(mut args: RepetitionsArgs) -> anyhow::Result<ExitCode> {
    args.out = args.out.join("study-repetitions");
    if let Some(bad) = args.planted.iter().find(|&&k| k == 0 || k > 128) {
        anyhow::bail!("--planted: {bad} patterns is out of range: use 1 to 128");
    }
    let plan = repetitions::Plan {
        exhaustive: args.exhaustive,
        planted: args.planted.clone(),
        count: args.count,
        seed: args.seed,
        census: args.census as usize,
    };
    let exhaustive: usize = (1..=args.exhaustive)
        .map(|k| multisets(repetitions::piece_classes(k).len(), 4))
        .sum();
    let bar = progress::bar((exhaustive + args.count * args.planted.len()) as u64, "judging");
    let study = repetitions::run(&plan, &bar)?;
    bar.finish_and_clear();
    let examples = study
        .examples
        .iter()
        .enumerate()
        .map(|(i, e)| write_example(i + 1, e, &args.out))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let plots = vec![repetitions_plot(&study, &args.out)?];
    let report = RepetitionsReport {
        sources: study.sources,
        census: study.census,
        groups: study.groups.into_iter().collect(),
        examples,
        plots,
    };
    if args.json {
        print_json(&report)?;
    } else {
        print_text(&repetitions_text(&report))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Multisets of `k` items from `n` kinds: C(n + k - 1, k).
fn multisets(n: usize, k: usize) -> usize {
    (0..k).fold(1, |acc, i| acc * (n + i) / (i + 1))
}

fn write_example(number: usize, example: &repetitions::Example, out: &Path) -> anyhow::Result<WrittenExample> {
    let puzzle = example.puzzle.clone().with_name(format!("example-{number}"));
    let graph = RecordingGraph::new(&puzzle);
    let title = format!(
        "example {number}, subgraph [{}] ({} loop(s)): {}",
        example.index, example.loops, example.kind
    );
    let edges = example.subgraph.edges();
    let picture = recording_svg(
        &puzzle,
        &graph,
        Selection::Highlighted(&edges),
        &title,
        Renderer::Embedded,
    )?;
    let file = out.join(format!("example-{number}.txt"));
    let header = format!(
        "# example {number} of `scramble study repetitions`: {}\n# from {} ({})\n# subgraph [{}] {}\n# {}\n",
        example.kind,
        example.source,
        example.group.name(),
        example.index,
        example.edges,
        example.verdict
    );
    scramble::output::write_atomic(&file, (header + &example.puzzle.to_string()).as_bytes())?;
    let svg = out.join(format!("example-{number}.svg"));
    scramble::output::write_atomic(&svg, picture.svg.as_bytes())?;
    Ok(WrittenExample {
        example: example.clone(),
        file,
        svg,
    })
}

fn repetitions_plot(study: &Repetitions, out: &Path) -> anyhow::Result<PathBuf> {
    let categories: Vec<String> = scramble::theorem::Condition::ALL
        .iter()
        .map(ToString::to_string)
        .collect();
    let series: Vec<(String, Vec<f64>)> = study
        .groups
        .iter()
        .map(|(group, tally)| {
            let n = tally.solution_graphs.max(1) as f64;
            let shares = tally.fails_on_solution_graphs.iter().map(|&f| f as f64 / n).collect();
            (
                format!("{} ({} solution graphs)", group.name(), tally.solution_graphs),
                shares,
            )
        })
        .collect();
    let svg = plot::bars(
        "Share of true 2x2 solution graphs on which a condition of Theorem 2.1 fails, by kind of puzzle",
        "condition of Theorem 2.1",
        "share of the kind's solution graphs failing it",
        &categories,
        &series,
    )?;
    write_plot(out, "failing-conditions.svg", &svg)
}

fn repetitions_text(report: &RepetitionsReport) -> String {
    let mut out = String::from("puzzles judged (256 four-color subgraphs each, by Theorem 2.1 and by brute force):\n");
    for (name, count) in &report.sources {
        out += &format!("  {count:>7}  {name}\n");
    }
    out += &format!(
        "\n{:<16} {:>7} {:>8} {:>9} {:>9} {:>9} {:>9} {:>9} | solution graphs failing\n",
        "group", "puzzles", "solvable", "solution", "accepted", "rejected", "accepted", "puzzles"
    );
    out += &format!(
        "{:<16} {:>7} {:>8} {:>9} {:>9} {:>9} {:>9} {:>9} | {:>6} {:>6} {:>6} {:>6}\n",
        "", "", "", "graphs", "by 2.1", "sol. gr.", "wrongly", "disagree", "(1)", "(2)", "(3)", "(4)"
    );
    for (group, t) in &report.groups {
        out += &format!(
            "{:<16} {:>7} {:>8} {:>9} {:>9} {:>9} {:>9} {:>9} | {}\n",
            group.name(),
            t.puzzles,
            t.solvable,
            t.solution_graphs,
            t.theorem_accepted,
            t.rejected_solution_graphs,
            t.accepted_non_solution_graphs,
            t.puzzles_with_disagreement,
            t.fails_on_solution_graphs.map(|f| format!("{f:>6}")).join(" ")
        );
    }
    out += "\n";
    for (group, t) in &report.groups {
        for (kind, count) in &t.rejected_by_failing {
            out += &format!("{}: {count} x {kind}\n", group.name());
        }
        let by_loops: Vec<String> = t
            .rejected_by_loops
            .iter()
            .map(|(l, c)| format!("{c} with {l} loop(s)"))
            .collect();
        if !by_loops.is_empty() {
            out += &format!("{}: rejected solution graphs: {}\n", group.name(), by_loops.join(", "));
        }
        out += &format!(
            "{}: twisted criterion disagrees with the judge on {} subgraph(s); (3) without loops rejects {} solution graph(s) and accepts {} non-solution graph(s)\n",
            group.name(),
            t.twisted_disagreements,
            t.relaxed_rejected_solution_graphs,
            t.relaxed_accepted_non_solution_graphs
        );
    }
    if !report.census.is_empty() {
        out += "\nthe census, every 2x2 puzzle with repetitions (scramble verify --patterns K --repetitions):\n";
        out += &format!(
            "{:>3} {:>12} {:>14} {:>12} {:>12} {:>10} {:>9} | rejected by failing conditions\n",
            "K", "puzzles", "sol. graphs", "accepted", "rejected", "wrongly", "twisted"
        );
        for e in &report.census {
            let f = &e.failures;
            let by: Vec<String> = f
                .rejected_by_combination
                .iter()
                .map(|(k, n)| format!("{{{k}}}: {n}"))
                .collect();
            out += &format!(
                "{:>3} {:>12} {:>14} {:>12} {:>12} {:>10} {:>9} | {}\n",
                e.patterns,
                e.totals.puzzles,
                e.totals.solution_subgraphs,
                e.totals.theorem_accepted,
                f.rejected_solution_graphs,
                f.accepted_non_solutions,
                e.totals.twisted_mismatches,
                by.join(", ")
            );
        }
    }
    out += "\nsmallest examples:\n";
    for w in &report.examples {
        out += &format!(
            "  {} ({}): {} ({} loop(s) in the subgraph)\n    {}\n    {}\n",
            w.file.display(),
            w.svg.display(),
            w.example.kind,
            w.example.loops,
            w.example.source,
            w.example.verdict
        );
    }
    out + &plots_text(&report.plots)
}

#[cfg(test)]
mod tests {
    #[test]
    fn multisets_count() {
        assert_eq!(super::multisets(6, 4), 126);
        assert_eq!(super::multisets(70, 4), 1_088_430);
    }
}
