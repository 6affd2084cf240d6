//! `scramble study heuristics`: open question 4.4.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use scramble::study::heuristics::{self, Heuristics, ORDERS, SweepCell};
use scramble::study::plot;
use scramble::study::stats::{HeadToHead, Summary, cdf};
use serde::Serialize;

use super::{plots_text, write_plot};
use crate::cli::{print_json, print_text, progress};

#[derive(Debug, clap::Args)]
pub(super) struct HeuristicsArgs {
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

pub(super) fn run_heuristics(mut args: HeuristicsArgs) -> anyhow::Result<ExitCode> {
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
    let svg = plot::lines(
        "P(center-max needs fewer nodes than random) over planted puzzles; first solution solid, exhaustion dashed",
        "patterns K",
        "share of (planted puzzle, random seed) runs",
        0.0..1.0,
        &series,
        plot::LineColors::Paired,
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
