//! Open question 4.4: how often does maximizing the center beat Brandt et
//! al.'s random order? Its [`Options`], run as
//! [`Study::Heuristics`](super::Study::Heuristics).
//!
//! This study is a preset of the factorial one ([`factorial`]): its
//! planted population on one shape, with four strategies only (`preset`):
//! the `center-max`, `random` (`R` piece orders, seeds from
//! `random_order_seed`), `spiral` and `row-major` orders, each once to
//! the first solution and once to exhaustion; the measure is the solver's
//! node count (placements, see [`crate::Stats`]), which does not
//! depend on the machine. What it adds is the pooled head-to-head count,
//! the CDFs, the scatter plot and the sweep; or, given puzzle files, the
//! same orders on each of them.
//!
//! To exhaustion a static cell order visits the same nodes whatever order
//! the pieces are tried in (every partial placement consistent along the
//! cell order is visited once), so `random` needs exactly the nodes of
//! `spiral` there: its exhaustive count is `spiral`'s (a test checks the
//! equality on many puzzles and seeds).
//!
//! Cost: `3 + R` searches to the first solution and 3 to exhaustion per
//! puzzle, spread over every core.

pub mod factorial;

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::plot::{self, Plot};
use super::population::Population;
#[cfg(test)]
use super::population::random_order_seed;
use super::report::{Document, Finished, Report, is_zero, plots_text};
use super::stats::{HeadToHead, Summary, cdf};
use crate::context::Context;
use crate::solve::Order;
use crate::{Puzzle, Result};

/// What the heuristics study runs: `count` planted puzzles of one shape
/// (and, with `sweep`, every size of `sweep_sizes` crossed with every
/// number of patterns of `sweep_patterns`), or, when `puzzles` is not
/// empty, those puzzles instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Grid size `n`.
    pub size: usize,
    /// Number of patterns `K`.
    pub patterns: u32,
    /// `L`: self-matching patterns beside the `K` signed ones.
    pub self_matching: u32,
    /// Puzzles to draw.
    pub count: usize,
    /// The seed every random draw derives from (puzzle `i` is candidate
    /// `i` of the planted generator with this seed).
    pub seed: u64,
    /// Random piece orders run per puzzle.
    pub random_seeds: usize,
    /// Only pieces without a picture twice.
    pub repetition_free: bool,
    /// Also sweep over sizes and numbers of patterns.
    pub sweep: bool,
    /// Sweep: the grid sizes.
    pub sweep_sizes: Vec<usize>,
    /// Sweep: the numbers of patterns.
    pub sweep_patterns: Vec<u32>,
    /// Sweep: puzzles per cell, one number per size of `sweep_sizes`.
    pub sweep_counts: Vec<usize>,
    /// Puzzles (each with the file it was read from) to solve in every
    /// order instead of drawing any: a table row and a JSON document per
    /// puzzle, no plots.
    pub puzzles: Vec<(PathBuf, Puzzle)>,
}

impl Options {
    /// Bytes one drawn puzzle holds until the study ends (its runs in
    /// every order): what a caller multiplies by `count` (and each sweep
    /// count) to bound the study's memory before it starts.
    pub fn bytes_per_puzzle(&self) -> u64 {
        factorial::bytes_per_puzzle(&preset(), self.random_seeds)
    }
}

/// Nodes one order needs on one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Nodes {
    /// To the first solution (the whole tree when there is none).
    pub first: u64,
    /// To exhaustion (every solution counted).
    pub all: u64,
}

/// One puzzle solved in every order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PuzzleRun {
    /// Candidate index in the recipe.
    pub index: u64,
    /// Solutions modulo rotation.
    pub solutions: u64,
    /// The `center-max` order's nodes.
    pub center_max: Nodes,
    /// The `spiral` order's nodes.
    pub spiral: Nodes,
    /// The `row-major` order's nodes.
    pub row_major: Nodes,
    /// One per random seed.
    pub random: Vec<Nodes>,
}

/// The study's orders as strategies of the factorial study, in
/// `ORDERS` order (`random` is its baseline).
pub(crate) fn preset() -> Vec<crate::solve::Strategy> {
    ORDERS.iter().map(|o| o.strategy()).collect()
}

/// The nodes of one strategy's runs on one puzzle (every order of a
/// random one).
fn nodes_of(runs: &[factorial::Run]) -> Vec<Nodes> {
    runs.iter()
        .map(|r| Nodes {
            first: r.first,
            all: r.all.expect("every preset strategy is run to exhaustion"),
        })
        .collect()
}

impl PuzzleRun {
    /// The preset's part of a factorial run ([`preset`] strategies, in
    /// order).
    fn of(runs: factorial::PuzzleRuns) -> PuzzleRun {
        let nodes: Vec<Vec<Nodes>> = runs.nodes.iter().map(|n| nodes_of(n)).collect();
        PuzzleRun {
            index: runs.index,
            solutions: runs.solutions,
            center_max: nodes[0][0],
            random: nodes[1].clone(),
            spiral: nodes[2][0],
            row_major: nodes[3][0],
        }
    }
}

/// Solves `puzzle` in every order: the factorial study's
/// `factorial::solve_every_way` on the [`preset`] strategies; the `r`-th
/// random order has seed `random_order_seed``(seed, index, r)`, and
/// random's exhaustive count is spiral's (the same tree); `None` when
/// the context's stop came first.
pub(crate) fn solve_in_every_order(
    puzzle: &Puzzle,
    seed: u64,
    index: u64,
    random_seeds: usize,
    context: &Context,
) -> Result<Option<PuzzleRun>> {
    let runs = factorial::solve_every_way(puzzle, seed, index, random_seeds, &preset(), context, false)?;
    Ok(runs.map(PuzzleRun::of))
}

/// Node summaries of one order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct OrderSummary {
    /// The order summarised.
    pub order: Order,
    /// Runs summarised (puzzles, times seeds for `random`).
    pub runs: usize,
    /// Nodes to the first solution.
    pub first: Summary,
    /// Nodes to exhaustion (every solution counted).
    pub all: Summary,
}

/// `center-max` against another order, run by run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Versus {
    /// The order center-max is compared with.
    pub against: Order,
    /// Compared to the first solution: `fewer` = center-max needs fewer nodes.
    pub first: HeadToHead,
    /// Compared to exhaustion.
    pub all: HeadToHead,
}

/// The study on one sample.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Heuristics {
    /// Grid size `n`.
    pub size: usize,
    /// Number of patterns `K`.
    pub patterns: u32,
    /// The seed every random draw derives from.
    pub seed: u64,
    /// Whether pieces were drawn repetition-free.
    pub repetition_free: bool,
    /// Random orders run per puzzle.
    pub random_seeds: usize,
    /// Puzzles in the sample.
    pub puzzles: usize,
    /// Solutions modulo rotation per puzzle.
    pub solutions: Summary,
    /// center-max, random, spiral, row-major.
    pub orders: Vec<OrderSummary>,
    /// center-max against random, spiral and row-major.
    pub versus: Vec<Versus>,
    /// Every puzzle's runs (left out of JSON).
    #[serde(skip)]
    pub runs: Vec<PuzzleRun>,
}

/// Runs the study on the drawn puzzles of `sample` (not its sweep) on
/// every core: the factorial study's planted population on one shape with
/// the [`preset`] strategies; until the context's stop: the study of the
/// puzzles solved before it (a prefix in index order), so `puzzles` falls
/// short of `sample.count` when stopped.
fn run(sample: &Options, context: &Context) -> Result<Heuristics> {
    let design = factorial::Design {
        options: factorial::Options {
            shapes: vec![factorial::Shape {
                size: sample.size,
                patterns: sample.patterns,
                count: sample.count,
            }],
            populations: vec![Population::Planted],
            seed: sample.seed,
            random_seeds: sample.random_seeds,
            max_draws_per_puzzle: 1,
            repetition_free: sample.repetition_free,
            cells: crate::solve::Cells::STUDIED.to_vec(),
            time: false,
        },
        self_matching: sample.self_matching,
        strategies: Some(preset()),
    };
    let mut samples = factorial::samples(&design, context)?;
    let runs = samples.remove(0).runs.into_iter().map(PuzzleRun::of).collect();
    Ok(summarise(sample, runs))
}

/// The runs of one order (`random`: every seed; none for an order the
/// study does not run, such as `most-constrained`).
pub(crate) fn of_order(runs: &[PuzzleRun], order: Order) -> Vec<Nodes> {
    runs.iter()
        .flat_map(|run| match order {
            Order::CenterMax => vec![run.center_max],
            Order::Spiral => vec![run.spiral],
            Order::RowMajor => vec![run.row_major],
            Order::Random => run.random.clone(),
            Order::MostConstrained | Order::Paper => Vec::new(),
        })
        .collect()
}

/// `(center-max, other)` pairs: one per random seed for `random`.
fn pairs(runs: &[PuzzleRun], against: Order) -> Vec<(Nodes, Nodes)> {
    runs.iter()
        .flat_map(|run| {
            let others = of_order(std::slice::from_ref(run), against);
            others.into_iter().map(|other| (run.center_max, other))
        })
        .collect()
}

/// The orders reported, center-max first.
pub(crate) const ORDERS: [Order; 4] = [Order::CenterMax, Order::Random, Order::Spiral, Order::RowMajor];

fn summarise(sample: &Options, runs: Vec<PuzzleRun>) -> Heuristics {
    let orders = ORDERS
        .iter()
        .map(|&order| {
            let nodes = of_order(&runs, order);
            OrderSummary {
                order,
                runs: nodes.len(),
                first: Summary::of(nodes.iter().map(|n| n.first)),
                all: Summary::of(nodes.iter().map(|n| n.all)),
            }
        })
        .collect();
    let versus = ORDERS[1..]
        .iter()
        .map(|&against| {
            let pairs = pairs(&runs, against);
            Versus {
                against,
                first: HeadToHead::of(pairs.iter().map(|(c, o)| (c.first, o.first))),
                all: HeadToHead::of(pairs.iter().map(|(c, o)| (c.all, o.all))),
            }
        })
        .collect();
    Heuristics {
        size: sample.size,
        patterns: sample.patterns,
        seed: sample.seed,
        repetition_free: sample.repetition_free,
        random_seeds: sample.random_seeds,
        puzzles: runs.len(),
        solutions: Summary::of(runs.iter().map(|r| r.solutions)),
        orders,
        versus,
        runs,
    }
}

/// One cell of a sweep over sizes and numbers of patterns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct SweepCell {
    /// Grid size `n`.
    pub size: usize,
    /// Number of patterns `K`.
    pub patterns: u32,
    /// Puzzles in the sample.
    pub puzzles: usize,
    /// Median nodes to the first solution: center-max, random.
    pub median_first_center_max: f64,
    /// Median nodes to the first solution, `random`.
    pub median_first_random: f64,
    /// center-max against random to the first solution and to exhaustion.
    pub first: HeadToHead,
    /// Compared to exhaustion.
    pub all: HeadToHead,
}

impl SweepCell {
    fn of(study: &Heuristics) -> SweepCell {
        let versus_random = &study.versus[0];
        SweepCell {
            size: study.size,
            patterns: study.patterns,
            puzzles: study.puzzles,
            median_first_center_max: study.orders[0].first.median,
            median_first_random: study.orders[1].first.median,
            first: versus_random.first,
            all: versus_random.all,
        }
    }
}

/// The study for every `(size, patterns)` pair, `count(size)` puzzles each,
/// every cell drawn with the same seed; the context's stop ends it early,
/// keeping the cells finished before it (each whole).
fn sweep(
    sizes: &[usize],
    patterns: &[u32],
    count: impl Fn(usize) -> usize,
    template: &Options,
    context: &Context,
) -> Result<Vec<SweepCell>> {
    let mut cells = Vec::new();
    for size in sizes.iter().copied() {
        for patterns in patterns.iter().copied() {
            let sample = Options {
                size,
                patterns,
                count: count(size),
                ..template.clone()
            };
            let study = run(&sample, context)?;
            if study.puzzles < sample.count {
                return Ok(cells);
            }
            cells.push(SweepCell::of(&study));
        }
    }
    Ok(cells)
}

/// How many puzzles the scatter plot shows at most (the SVG stays small).
const SCATTER_POINTS: usize = 3000;

/// The study's plots: step CDFs of nodes to the first solution and to
/// exhaustion per order, and a scatter of center-max against random.
fn plots(study: &Heuristics) -> Result<Vec<Plot>> {
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
                let nodes = of_order(&study.runs, order);
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
        ("cdf-first.svg".into(), first),
        ("cdf-exhaustion.svg".into(), all),
        ("scatter-first.svg".into(), scatter),
    ])
}

/// The sweep's plot: the share of runs center-max wins, per grid size and
/// number of patterns, first solution solid and exhaustion dashed.
fn sweep_plot(cells: &[SweepCell]) -> Result<Plot> {
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
    Ok(("sweep-first.svg".into(), svg))
}

/// The JSON document of the study on drawn puzzles.
#[derive(Debug, Serialize)]
pub(super) struct Json {
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

/// The study's report: on `options.puzzles` when there are some, else on
/// drawn puzzles (and the sweep), with its plots for `folder`.
pub(super) fn report(options: &Options, folder: Option<&Path>, context: &Context) -> Result<Report> {
    if !options.puzzles.is_empty() {
        return report_files(options, context);
    }
    let cells = options.sweep_sizes.len() * options.sweep_patterns.len();
    let swept: usize = options
        .sweep_counts
        .iter()
        .map(|c| c * options.sweep_patterns.len())
        .sum();
    context
        .progress()
        .start((options.count + if options.sweep { swept } else { 0 }) as u64);
    let study = run(options, context)?;
    let sweep = options
        .sweep
        .then(|| {
            let count = |size| {
                let at = options.sweep_sizes.iter().position(|&s| s == size);
                at.and_then(|i| options.sweep_counts.get(i)).copied().unwrap_or(0)
            };
            sweep(&options.sweep_sizes, &options.sweep_patterns, count, options, context)
        })
        .transpose()?;
    let whole_sweep = sweep.as_ref().is_none_or(|done| done.len() == cells);
    let finished = Finished::new(study.puzzles == options.count && whole_sweep, context.stop());
    let (files, plots) = finished.files(folder, || {
        let mut files = plots(&study)?;
        if let Some(cells) = &sweep {
            files.push(sweep_plot(cells)?);
        }
        Ok(files)
    })?;
    let json = Json {
        self_matching: options.self_matching,
        study,
        sweep,
        plots,
        finished,
    };
    Ok(Report::of(
        heuristics_text(&json),
        Document::Heuristics(json),
        finished,
        files,
    ))
}

/// One puzzle file solved in every order (no runs when stopped first).
#[derive(Debug, Serialize)]
pub(super) struct FileRun {
    puzzle: String,
    file: PathBuf,
    #[serde(flatten)]
    run: Option<PuzzleRun>,
    #[serde(flatten)]
    finished: Finished,
}

/// The study on puzzle files: every puzzle in every order, in file order;
/// a stop reports the puzzle under way as not complete, and the ones
/// after it not at all. No files.
fn report_files(options: &Options, context: &Context) -> Result<Report> {
    let only_stop = Context::new().until(context.stop());
    let mut runs = Vec::new();
    for (i, (file, puzzle)) in options.puzzles.iter().enumerate() {
        let run = solve_in_every_order(puzzle, options.seed, i as u64, options.random_seeds, &only_stop)?;
        let finished = Finished::new(run.is_some(), context.stop());
        runs.push(FileRun {
            puzzle: puzzle.name().to_string(),
            file: file.clone(),
            run,
            finished,
        });
        if !finished.complete {
            break;
        }
    }
    Ok(Report {
        text: files_text(&runs, options),
        complete: runs.last().is_none_or(|r| r.finished.complete),
        documents: runs.into_iter().map(Document::PuzzleFile).collect(),
        files: Vec::new(),
    })
}

fn files_text(runs: &[FileRun], options: &Options) -> String {
    let mut out = format!(
        "nodes to the first solution / to exhaustion; random: median of {} piece orders (seed {}), exhaustion as spiral\n\
         {:<16} {:>9} | {:>13} | {:>13} {:>11} | {:>13} | {:>13}\n",
        options.random_seeds,
        options.seed,
        "puzzle",
        "solutions",
        "center-max",
        "random",
        "cm fewer",
        "spiral",
        "row-major"
    );
    for f in runs {
        let Some(r) = &f.run else {
            let covers = format!(
                "{} not solved in every order, files after it not solved",
                crate::error::shown_path(&f.file)
            );
            out += &f.finished.text(&covers);
            continue;
        };
        let random = Summary::of(r.random.iter().map(|n| n.first));
        let fewer = r.random.iter().filter(|n| r.center_max.first < n.first).count();
        let pair = |n: &Nodes| format!("{} / {}", n.first, n.all);
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

fn heuristics_text(report: &Json) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;
    use crate::study::recipe;

    /// Nodes of `order` on `puzzle` to exhaustion.
    fn exhaustive(puzzle: &Puzzle, order: Order, seed: u64) -> u64 {
        Solver::new(puzzle, order, seed).unwrap().count().stats.nodes()
    }

    fn small(seed: u64) -> Options {
        Options {
            size: 3,
            patterns: 4,
            self_matching: 0,
            count: 30,
            seed,
            random_seeds: 2,
            repetition_free: false,
            sweep: false,
            sweep_sizes: Vec::new(),
            sweep_patterns: Vec::new(),
            sweep_counts: Vec::new(),
            puzzles: Vec::new(),
        }
    }

    #[test]
    fn the_examples_of_solve_in_every_order_and_run_hold() {
        let puzzle = crate::read_puzzle("fixtures/paper2x2.txt".as_ref(), Default::default()).unwrap();
        let run_ = solve_in_every_order(&puzzle, 0, 0, 3, &Context::new())
            .unwrap()
            .unwrap();
        assert_eq!((run_.solutions, run_.random.len()), (3, 3));
        assert!(run_.center_max.first <= run_.center_max.all);
        let sample = Options {
            count: 20,
            seed: 1,
            ..small(0)
        };
        let study = run(&sample, &Context::new()).unwrap();
        assert_eq!(study.runs.len(), 20);
        assert_eq!(study.orders[1].runs, 40); // random: 20 puzzles x 2 seeds
    }

    #[test]
    fn numbers_match_direct_solver_calls() {
        let sample = small(5);
        let study = run(&sample, &Context::new()).unwrap();
        let recipe = recipe(3, 4, 5, false);
        for run in &study.runs {
            let puzzle = recipe.draw(run.index).unwrap().puzzle;
            let cm = Solver::new(&puzzle, Order::CenterMax, 0).unwrap();
            assert_eq!(
                run.center_max.first,
                cm.run(&crate::solve::Search::new(crate::solve::Goal::First).on(crate::context::Threads::One))
                    .stats
                    .nodes()
            );
            assert_eq!(run.center_max.all, cm.count().stats.nodes());
            assert_eq!(run.solutions, crate::solve::plain::count_solutions(&puzzle));
            let seed = random_order_seed(5, run.index, 1);
            let random = Solver::new(&puzzle, Order::Random, seed).unwrap();
            assert_eq!(
                run.random[1].first,
                random
                    .run(&crate::solve::Search::new(crate::solve::Goal::First).on(crate::context::Threads::One))
                    .stats
                    .nodes()
            );
            assert_eq!(run.random[1].all, random.count().stats.nodes());
        }
        let cm_first: Vec<u64> = study.runs.iter().map(|r| r.center_max.first).collect();
        assert_eq!(study.orders[0].first, Summary::of(cm_first));
        let wins = study
            .runs
            .iter()
            .flat_map(|r| r.random.iter().map(move |n| (r.center_max.first, n.first)))
            .filter(|(c, r)| c < r)
            .count();
        assert_eq!(study.versus[0].first.fewer, wins);
        assert_eq!(study.versus[0].first.total(), 60);
        assert!(
            study.runs.iter().all(|r| r.solutions >= 1),
            "planted puzzles are solvable"
        );
    }

    #[test]
    fn the_piece_order_does_not_change_the_exhaustive_tree() {
        for (size, patterns) in [(2, 2), (3, 3), (3, 4), (3, 6), (4, 5)] {
            let recipe = recipe(size, patterns, 2, false);
            for index in 0..12 {
                let puzzle = recipe.draw(index).unwrap().puzzle;
                let spiral = exhaustive(&puzzle, Order::Spiral, 0);
                for r in 0..3 {
                    let seed = random_order_seed(2, index, r);
                    assert_eq!(exhaustive(&puzzle, Order::Random, seed), spiral, "{puzzle}");
                }
            }
        }
    }

    /// On 4x4 the preset's center-max is the solver's `center-max`
    /// (value symmetry), and `repetition_free` changes the puzzles.
    #[test]
    fn even_grids_and_repetition_free_pieces() {
        let sample = Options {
            size: 4,
            count: 3,
            ..small(6)
        };
        let study = run(&sample, &Context::new()).unwrap();
        let recipe = recipe(4, 4, 6, false);
        for run in &study.runs {
            let puzzle = recipe.draw(run.index).unwrap().puzzle;
            assert_eq!(run.center_max.all, exhaustive(&puzzle, Order::CenterMax, 0));
        }
        let free = run(
            &Options {
                repetition_free: true,
                ..sample.clone()
            },
            &Context::new(),
        )
        .unwrap();
        assert!(free.repetition_free);
        assert_ne!(free.runs, study.runs);
    }

    #[test]
    fn random_seeds_give_different_piece_orders() {
        let seeds: std::collections::BTreeSet<u64> = (0..10).map(|r| random_order_seed(1, 0, r)).collect();
        assert_eq!(seeds.len(), 10);
    }

    #[test]
    fn same_seed_same_study_other_seed_other_puzzles() {
        let a = run(&small(8), &Context::new()).unwrap();
        let b = run(&small(8), &Context::new()).unwrap();
        assert_eq!(a, b);
        let c = run(&small(9), &Context::new()).unwrap();
        assert_ne!(a.runs, c.runs);
    }

    #[test]
    fn sweep_has_one_cell_per_pair() {
        let cells = sweep(
            &[2, 3],
            &[3, 4],
            |s| if s == 2 { 10 } else { 5 },
            &small(1),
            &Context::new(),
        )
        .unwrap();
        let keys: Vec<(usize, u32, usize)> = cells.iter().map(|c| (c.size, c.patterns, c.puzzles)).collect();
        assert_eq!(keys, vec![(2, 3, 10), (2, 4, 10), (3, 3, 5), (3, 4, 5)]);
        assert!(cells.iter().all(|c| c.first.total() == c.puzzles * 2));
    }
}
