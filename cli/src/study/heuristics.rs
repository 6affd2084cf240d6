//! `scramble study heuristics`: open question 4.4.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::study::heuristics::factorial::{self, Factorial};
use scramble::study::heuristics::{self, Heuristics, SweepCell};
use scramble::study::population::Population;
use scramble::study::stats::{HeadToHead, Summary};
use serde::Serialize;

use super::{Finished, Stopping, plots_text};
use crate::{print_json, print_report, print_text, progress};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble study heuristics --size 3 --count 200\n  scramble study heuristics --factorial --json"
)]
pub(super) struct HeuristicsArgs {
    /// `n` of the `n x n` grid (not with --factorial: see --shapes).
    #[arg(long, visible_alias = "sizes", default_value_t = 3, conflicts_with = "factorial", value_parser = clap::value_parser!(u64).range(2..=8))]
    size: u64,
    /// Number of patterns (not with --factorial: see --shapes).
    #[arg(long, default_value_t = 4, conflicts_with = "factorial", value_parser = clap::value_parser!(u32).range(1..=128))]
    patterns: u32,
    /// L: also self-matching patterns K+1..=K+L (pictures `X=`), every
    /// planted side uniform over the 2K + L pictures (not with --factorial
    /// or --puzzles).
    #[arg(long, value_name = "L", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=128))]
    self_matching: u32,
    /// Puzzles (not with --factorial: see --shapes).
    #[arg(
        long,
        visible_alias = "counts",
        default_value_t = 10_000,
        conflicts_with = "factorial"
    )]
    count: usize,
    /// Seed of the puzzles (puzzle i is `scramble generate --seed S` candidate i).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Random piece orders per puzzle.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=1000))]
    random_seeds: u64,
    /// Only pieces without repetitions (every population; not with --puzzles).
    #[arg(long)]
    repetition_free: bool,
    /// Instead of generated puzzles, solve these puzzle files in every order (a table per puzzle, no plots).
    #[arg(long, num_args = 1.., value_name = "FILE", conflicts_with = "repetition_free")]
    puzzles: Vec<PathBuf>,
    /// Also sweep over sizes and numbers of patterns.
    #[arg(long)]
    sweep: bool,
    /// Sweep: grid sizes.
    #[arg(long, value_delimiter = ',', default_value = "3,4", requires = "sweep")]
    sweep_sizes: Vec<usize>,
    /// Sweep: numbers of patterns.
    #[arg(long, value_delimiter = ',', default_value = "3,4,5,6", requires = "sweep")]
    sweep_patterns: Vec<u32>,
    /// Sweep: puzzles per cell, one number per size.
    #[arg(long, value_delimiter = ',', default_value = "2000,100", requires = "sweep")]
    sweep_counts: Vec<usize>,
    /// Run the factorial study instead: every cell rule x piece rule x
    /// symmetry rule against random backtracking, on every population and
    /// shape (see `--shapes`, `--populations`).
    #[arg(long, conflicts_with_all = ["sweep", "puzzles"])]
    factorial: bool,
    /// Factorial: `size:K:puzzles` per shape.
    #[arg(
        long,
        value_delimiter = ',',
        value_parser = shape,
        default_value = "3:3:3000,3:4:3000,3:5:3000,3:6:3000,4:4:1000,4:5:1000,4:6:1000",
        requires = "factorial"
    )]
    shapes: Vec<factorial::Shape>,
    /// Factorial: the populations.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "planted,uniform-solvable,balanced",
        requires = "factorial"
    )]
    populations: Vec<FactorialPopulation>,
    /// Factorial: the cell rules, each crossed with every piece rule and (even grids) every symmetry
    /// rule; `spiral`, the baseline's, is required. `paper-last` reads step 6 literally (only the
    /// two pieces placed last choose the next cell).
    #[arg(
        long,
        value_parser = crate::choices::cells(),
        value_delimiter = ',',
        default_value = "spiral,paper,neighbours,most-constrained",
        requires = "factorial"
    )]
    cells: Vec<scramble::solve::Cells>,
    /// Factorial: also measure the wall time of every search and compare it as the nodes are (adds
    /// the `time` keys and columns; times depend on the machine and its load, so the output is no
    /// longer the same for the same seed).
    #[arg(long, requires = "factorial")]
    time: bool,
    /// Factorial, uniform solvable: give up after this many candidates per puzzle wanted.
    #[arg(long, default_value_t = 20_000, requires = "factorial")]
    max_draws: u64,
    #[command(flatten)]
    pub(super) run: super::StudyRun,
}

/// The populations `--factorial` draws from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum FactorialPopulation {
    /// SPEC's planted puzzles.
    Planted,
    /// Uniform multisets of piece classes, kept when solvable.
    #[value(alias = "uniform")]
    UniformSolvable,
    /// The commercial style generalised.
    Balanced,
}

impl FactorialPopulation {
    fn population(self) -> Population {
        match self {
            FactorialPopulation::Planted => Population::Planted,
            FactorialPopulation::UniformSolvable => Population::Uniform,
            FactorialPopulation::Balanced => Population::Balanced,
        }
    }
}

/// What `study heuristics --json` prints.
#[derive(Serialize)]
struct HeuristicsReport {
    /// Self-matching patterns beside the signed ones (omitted when 0).
    #[serde(skip_serializing_if = "is_zero")]
    self_matching: u32,
    study: Heuristics,
    sweep: Option<Vec<SweepCell>>,
    plots: Vec<PathBuf>,
    /// A stopped run covers the first `study.puzzles` puzzles and the
    /// sweep cells finished.
    #[serde(flatten)]
    finished: Finished,
}

pub(super) fn run_heuristics(mut args: HeuristicsArgs) -> anyhow::Result<ExitCode> {
    let stopping = Stopping::new(args.run.time_limit);
    args.run.pictures.out = args.run.pictures.out.join("study-heuristics");
    super::check_bounds(
        &[("--count", &[args.count]), ("--sweep-counts", &args.sweep_counts)],
        &[("--sweep-patterns", &args.sweep_patterns)],
    )?;
    if let Some(bad) = args.sweep_sizes.iter().find(|s| !(2..=8).contains(*s)) {
        anyhow::bail!("--sweep-sizes: {bad} is out of range: use sizes 2 to 8");
    }
    if args.self_matching > 0 && (args.factorial || !args.puzzles.is_empty()) {
        let with = if args.factorial { "--factorial" } else { "--puzzles" };
        anyhow::bail!(
            "--self-matching draws planted puzzles over signed and self-matching patterns: it does not go with {with} \
             (the factorial study's populations and shapes are signed; puzzle files bring their own pictures)"
        );
    }
    if !args.puzzles.is_empty() {
        return run_files(&args, &stopping);
    }
    if args.factorial {
        return run_factorial(&args, &stopping);
    }
    let held =
        |count: usize| count as u64 * factorial::bytes_per_puzzle(&heuristics::preset(), args.random_seeds as usize);
    let hint = "use fewer puzzles or random orders (--random-seeds)";
    crate::bounds::refuse_memory("--count", &format!("{} puzzles", args.count), held(args.count), hint)?;
    for &count in args.sweep.then_some(&args.sweep_counts).into_iter().flatten() {
        crate::bounds::refuse_memory("--sweep-counts", &format!("{count} puzzles"), held(count), hint)?;
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
        self_matching: args.self_matching,
    };
    let sweep_total: usize = args.sweep_counts.iter().map(|c| c * args.sweep_patterns.len()).sum();
    let bar = progress::bar(
        (args.count + if args.sweep { sweep_total } else { 0 }) as u64,
        "solving",
    );
    let context = scramble::Context::new().until(&stopping.stop).reporting(&bar);
    let study = heuristics::run(&sample, &context)?;
    let sweep = args
        .sweep
        .then(|| {
            let count = |size| {
                let at = args.sweep_sizes.iter().position(|&s| s == size);
                at.map_or(0, |i| args.sweep_counts[i])
            };
            heuristics::sweep(&args.sweep_sizes, &args.sweep_patterns, count, &sample, &context)
        })
        .transpose()?;
    bar.finish_and_clear();
    let cells = args.sweep_sizes.len() * args.sweep_patterns.len();
    let swept = sweep.as_ref().is_none_or(|done| done.len() == cells);
    let finished = stopping.finished(study.puzzles == args.count && swept);
    let plots = finished.write_study(
        &args.run.pictures,
        || {
            let mut plots = heuristics::plots(&study)?;
            if let Some(cells) = &sweep {
                plots.push(heuristics::sweep_plot(cells)?);
            }
            Ok(plots)
        },
        Vec::new(),
    )?;
    let report = HeuristicsReport {
        self_matching: args.self_matching,
        study,
        sweep,
        plots,
        finished,
    };
    print_report(args.run.json, &report, heuristics_text)?;
    Ok(report.finished.exit(ExitCode::SUCCESS))
}

/// One puzzle file solved in every order (no runs when stopped first).
#[derive(Serialize)]
struct FileRun {
    puzzle: String,
    file: PathBuf,
    #[serde(flatten)]
    run: Option<heuristics::PuzzleRun>,
    #[serde(flatten)]
    finished: Finished,
}

/// `study heuristics --puzzles`: every file in every order, in file order;
/// a stop reports the file under way as not complete, and the files after
/// it not at all.
fn run_files(args: &HeuristicsArgs, stopping: &Stopping) -> anyhow::Result<ExitCode> {
    let seeds = args.random_seeds as usize;
    let mut runs = Vec::new();
    args.puzzles
        .iter()
        .for_each(|file| scramble::output::inputs::mark_input(file));
    for (i, file) in args.puzzles.iter().enumerate() {
        let puzzle = crate::input::read_puzzle(file, Default::default())?;
        let run = heuristics::solve_in_every_order(
            &puzzle,
            args.seed,
            i as u64,
            seeds,
            &scramble::Context::new().until(&stopping.stop),
        )?;
        runs.push(FileRun {
            puzzle: puzzle.name().to_string(),
            file: file.clone(),
            finished: stopping.finished(run.is_some()),
            run,
        });
        if !runs[i].finished.complete {
            break;
        }
    }
    if args.run.json {
        // One document per puzzle, as every command given several files.
        for run in &runs {
            print_json(run)?;
        }
    } else {
        print_text(&files_text(&runs, args))?;
    }
    let last = runs.last().map(|r| &r.finished);
    Ok(last.map_or(ExitCode::SUCCESS, |f| f.exit(ExitCode::SUCCESS)))
}

fn files_text(runs: &[FileRun], args: &HeuristicsArgs) -> String {
    let mut out = format!(
        "nodes to the first solution / to exhaustion; random: median of {} piece orders (seed {}), exhaustion as spiral\n\
         {:<16} {:>9} | {:>13} | {:>13} {:>11} | {:>13} | {:>13}\n",
        args.random_seeds, args.seed, "puzzle", "solutions", "center-max", "random", "cm fewer", "spiral", "row-major"
    );
    for f in runs {
        let Some(r) = &f.run else {
            let covers = format!(
                "{} not solved in every order, files after it not read",
                scramble::output::shown_path(&f.file)
            );
            out += &f.finished.text(&covers);
            continue;
        };
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
        "{} planted {n}x{n} puzzles over {} patterns{}{}, seed {}, {} random piece order(s) each\n\
         solutions modulo rotation: median {}, mean {:.2}, max {}\n\n",
        s.puzzles,
        s.patterns,
        if report.self_matching > 0 {
            format!(" and {} self-matching", report.self_matching)
        } else {
            String::new()
        },
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
    let covers = format!("the first {} puzzles and the sweep cells shown", s.puzzles);
    out + &plots_text(&report.plots) + &report.finished.text(&covers)
}

/// `size:K:puzzles`, e.g. `4:5:1000`.
fn shape(text: &str) -> Result<factorial::Shape, String> {
    let parts: Vec<&str> = text.split(':').collect();
    let bad = || format!("expected size:patterns:puzzles such as 4:5:1000, found `{text}`");
    let [size, patterns, count] = parts[..] else {
        return Err(bad());
    };
    let shape = factorial::Shape {
        size: size.parse().map_err(|_| bad())?,
        patterns: patterns.parse().map_err(|_| bad())?,
        count: count.parse().map_err(|_| bad())?,
    };
    if !(2..=8).contains(&shape.size) || !(1..=128).contains(&shape.patterns) {
        return Err(format!("{text}: sizes go from 2 to 8 and patterns from 1 to 128"));
    }
    Ok(shape)
}

/// What `study heuristics --factorial --json` prints.
#[derive(Serialize)]
struct FactorialReport {
    factorial: Factorial,
    plots: Vec<PathBuf>,
    #[serde(flatten)]
    finished: Finished,
}

/// `study heuristics --factorial`.
fn run_factorial(args: &HeuristicsArgs, stopping: &Stopping) -> anyhow::Result<ExitCode> {
    if !args.cells.contains(&scramble::solve::Cells::Spiral) {
        anyhow::bail!("--cells must include spiral: the baseline, random backtracking, walks the spiral");
    }
    let counts: Vec<usize> = args.shapes.iter().map(|s| s.count).collect();
    super::check_bounds(&[("--shapes", &counts)], &[])?;
    let design = factorial::Design {
        shapes: args.shapes.clone(),
        populations: args.populations.iter().map(|p| p.population()).collect(),
        seed: args.seed,
        random_seeds: args.random_seeds as usize,
        max_draws_per_puzzle: args.max_draws,
        repetition_free: args.repetition_free,
        self_matching: 0,
        cells: args.cells.clone(),
        strategies: None,
        time: args.time,
    };
    refuse_factorial(&design)?;
    let bar = progress::bar(0, "solving");
    let study = factorial::run(&design, &scramble::Context::new().until(&stopping.stop).reporting(&bar))?;
    bar.finish_and_clear();
    let finished = stopping.finished(study.complete);
    let plots = finished.write_study(&args.run.pictures, || factorial::plots(&study), Vec::new())?;
    let report = FactorialReport {
        factorial: study,
        plots,
        finished,
    };
    print_report(args.run.json, &report, factorial_text)?;
    Ok(report.finished.exit(ExitCode::SUCCESS))
}

/// Refuses, before any work, a factorial design whose runs (every puzzle
/// of every shape and population, kept to the end) or uniform piece
/// classes would not fit in the memory bound (`bounds::MEMORY`).
fn refuse_factorial(design: &factorial::Design) -> anyhow::Result<()> {
    let held: u64 = design
        .shapes
        .iter()
        .map(|s| s.count as u64 * factorial::bytes_per_puzzle(&design.strategies(s.size), design.random_seeds))
        .sum::<u64>()
        .saturating_mul(design.populations.len() as u64);
    let puzzles: usize = design.shapes.iter().map(|s| s.count).sum::<usize>() * design.populations.len();
    crate::bounds::refuse_memory(
        "--shapes",
        &format!("the runs of {puzzles} puzzles in every strategy"),
        held,
        "use fewer puzzles per shape, populations or random orders (--random-seeds)",
    )?;
    if design.populations.contains(&Population::Uniform) {
        for shape in &design.shapes {
            crate::bounds::refuse_piece_classes("--shapes", shape.patterns, design.repetition_free)?;
        }
    }
    Ok(())
}

/// `62.1% (60.3-63.9)`, or `80.0% (no spread)` when the interval is a point.
fn estimate(e: &scramble::study::rates::Share) -> String {
    e.percent(1, "")
}

fn factorial_text(report: &FactorialReport) -> String {
    let f = &report.factorial;
    let mut out = format!(
        "every strategy against {} ({} random piece orders per puzzle, seed {}{}); nodes to the first solution and to \
         exhaustion;\nfewer: mean over puzzles of the share of its comparisons with the baseline's orders (random \
         pieces: every pair of different orders) where the strategy needs fewer nodes; 95% interval with the orders \
         of a puzzle as one cluster\nunique: the same on the puzzles with one solution; per puzzle: share of puzzles where \
         the strategy's mean nodes (over its orders) is below the mean of the baseline's orders (Wilson 95%); ratio: \
         median over puzzles of the two means' ratio; time: wall time of each search on one thread (with setup: plus \
         building the solver), compared as the nodes are\n",
        f.baseline.name(),
        f.random_seeds,
        f.seed,
        if f.repetition_free {
            ", repetition-free pieces only"
        } else {
            ""
        },
    );
    for s in &f.samples {
        out += &format!(
            "\n{} {n}x{n}, K = {}: {} puzzles{} ({} drawn); solutions median {}, mean {:.2}{}\n",
            factorial::population_label(s.population),
            s.patterns,
            s.puzzles,
            if s.complete { "" } else { " (stopped early)" },
            s.drawn,
            s.solutions.median,
            s.solutions.mean,
            if s.size % 2 == 1 {
                "; odd grid: the centre's rotation is fixed, no symmetry rule"
            } else {
                ""
            },
            n = s.size
        );
        out += &format!(
            "{:<34} | {:>8} {:>9} {:>22} {:>6} | {:>8} {:>9} {:>22} {:>6}\n",
            "strategy", "median", "mean", "first: fewer (95%)", "ties", "median", "mean", "exhaustion: fewer", "ties"
        );
        for r in &s.rows {
            out += &format!(
                "{:<34} | {:>8.0} {:>9.1} {:>22} {:>5.1}% | {:>8.0} {:>9.1} {:>22} {:>5.1}%\n",
                r.label,
                r.first.median,
                r.first.mean,
                estimate(&r.first_vs_baseline.fewer),
                100.0 * r.first_vs_baseline.ties.estimate,
                r.all.median,
                r.all.mean,
                estimate(&r.all_vs_baseline.fewer),
                100.0 * r.all_vs_baseline.ties.estimate
            );
        }
        out += &readings_text(s);
    }
    out + &plots_text(&report.plots) + &report.finished.text("each sample covers the puzzles it names")
}

/// The other readings of one sample, to the first solution: the unique
/// puzzles alone, each puzzle against the baseline's mean, wall time.
fn readings_text(s: &factorial::Sample) -> String {
    let timed = s.rows.iter().any(|r| r.time.is_some());
    let mut out = format!(
        "{:<34} | {:>22} | {:>22} {:>6} | {:>22} {:>6}{}\n",
        format!("first solution ({} unique)", s.unique),
        "unique: fewer (95%)",
        "per puzzle: fewer (95%)",
        "ratio",
        "unique, per puzzle",
        "ratio",
        if timed {
            format!(
                " | {:>22} {:>22} {:>9}",
                "time: fewer (95%)", "with setup: fewer", "median us"
            )
        } else {
            String::new()
        }
    );
    for r in &s.rows {
        let time = r.time.map_or_else(String::new, |t| {
            format!(
                " | {:>22} {:>22} {:>9.1}",
                estimate(&t.first_vs_baseline.fewer),
                estimate(&t.setup_and_first_vs_baseline.fewer),
                t.first_nanos.median / 1000.0
            )
        });
        out += &format!(
            "{:<34} | {:>22} | {:>22} {:>6.2} | {:>22} {:>6.2}{}\n",
            r.label,
            estimate(&r.unique_first_vs_baseline.fewer),
            estimate(&r.first_vs_expected.fewer),
            r.first_vs_expected.median_ratio,
            estimate(&r.unique_first_vs_expected.fewer),
            r.unique_first_vs_expected.median_ratio,
            time
        );
    }
    out
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
