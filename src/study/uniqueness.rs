//! Open question 4.3: how many solutions do random puzzles have, and how
//! often is the solution unique? Its [`Options`], run as
//! [`Study::Uniqueness`](super::Study::Uniqueness).
//!
//! Every row names its population ([`Population`]) and reports three
//! estimands with 95% intervals (`rates`): `P(unique | solvable)`
//! over uniformly random solvable puzzles (planted puzzles, importance
//! weights `1 / (solutions * ordered forms)`), and `P(solvable)`,
//! `P(unique)` over uniformly random puzzles (direct sampling). Beside them
//! it keeps the raw figures of the planted sample (`planted_unique_share`,
//! the solution histogram), which weight each puzzle by its number of
//! solutions and are **not** `P(unique | solvable)`.
//!
//! Solutions are counted modulo rotation with the fast solver (`spiral`
//! order, one thread per puzzle, puzzles on every core). Cost: one
//! exhaustive search per planted puzzle (its weight needs the exact count),
//! and per directly drawn puzzle a search that stops at the second solution
//! (`solutions_up_to`): `P(solvable)` and `P(unique)` only tell 0, 1 and
//! at least 2 apart. A solvable directly drawn 4x4 puzzle over 3 patterns
//! has thousands of solutions, so this is what made that row slow.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::plot::{self, Plot};
use super::population::{Population, Source};
use super::rates::{Share, effective_size, ordered_forms};
use super::report::{Document, Finished, Report, is_zero, plots_text};
use super::stats::Summary;
use super::{Progress, map_indexed_until};
use crate::context::{Context, Stop, Threads};
use crate::solve::{Goal, Order, Search, Solver};
use crate::{Puzzle, Result};

/// Upper ends of the histogram's buckets: 1, 2, 3, 4, 5-8, 9-16, 17-64,
/// 65-256, then everything above.
pub(crate) const BUCKETS: [u64; 8] = [1, 2, 3, 4, 8, 16, 64, 256];

/// The bucket labels, one more than `BUCKETS`.
pub(crate) fn bucket_labels() -> Vec<String> {
    let mut lower = 1;
    let mut labels: Vec<String> = BUCKETS
        .iter()
        .map(|&upper| {
            let label = if lower == upper {
                upper.to_string()
            } else {
                format!("{lower}-{upper}")
            };
            lower = upper + 1;
            label
        })
        .collect();
    labels.push(format!(">{}", BUCKETS[BUCKETS.len() - 1]));
    labels
}

/// The bucket of a solution count.
pub(crate) fn bucket(count: u64) -> usize {
    BUCKETS
        .iter()
        .position(|&upper| count <= upper)
        .unwrap_or(BUCKETS.len())
}

/// One `(population, size, patterns)` row.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Cell {
    /// Which puzzles the row is about.
    pub population: Population,
    /// Grid size `n`.
    pub size: usize,
    /// Number of patterns `K`.
    pub patterns: u32,
    /// `P(unique | solvable)` for a uniformly random solvable puzzle of the
    /// population: importance-weighted planted puzzles, delta-method interval.
    pub p_unique_given_solvable: Share,
    /// `P(solvable)` for a uniformly random puzzle: direct sampling, Wilson.
    pub p_solvable: Share,
    /// `P(unique)` for a uniformly random puzzle: direct sampling, Wilson.
    pub p_unique: Share,
    /// Puzzles drawn directly from the population.
    pub sampled: usize,
    /// Of those, with a solution.
    pub sampled_solvable: usize,
    /// Of those, with exactly one solution.
    pub sampled_unique: usize,
    /// Planted puzzles drawn.
    pub planted: usize,
    /// Kish effective sample size of the planted importance weights.
    pub planted_effective: f64,
    /// Planted puzzles with exactly one solution modulo rotation.
    pub planted_unique: usize,
    /// Their share, with a Wilson interval: a puzzle with `s` solutions is
    /// planted about `s` times as often, so this is *not* `P(unique | solvable)`.
    pub planted_unique_share: Share,
    /// Solutions modulo rotation of the planted puzzles.
    pub planted_solutions: Summary,
    /// Planted puzzles per bucket of [`bucket_labels`].
    pub planted_histogram: Vec<usize>,
    /// The exact rates over every multiset, when there are at most
    /// `EXACT_LIMIT` of them.
    pub exact: Option<Exact>,
    /// Every planted puzzle's count, in index order (left out of JSON).
    #[serde(skip)]
    pub counts: Vec<u64>,
}

/// The exact `P(solvable)`, `P(unique)` and `P(unique | solvable)` of the
/// uniform population, every multiset of piece classes counted once.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub(crate) struct Exact {
    /// Multisets of `n*n` piece classes.
    pub puzzles: u64,
    /// Of those, with a solution.
    pub solvable: u64,
    /// Of those, with exactly one solution modulo rotation.
    pub unique: u64,
    /// `solvable / puzzles`.
    pub p_solvable: f64,
    /// `unique / puzzles`.
    pub p_unique: f64,
    /// `unique / solvable`.
    pub p_unique_given_solvable: f64,
}

/// The most multisets `exact_until` enumerates.
pub(crate) const EXACT_LIMIT: u64 = 100_000;

/// Every multiset of `cells` pieces of `classes` (`total` of them), as
/// puzzles, in lexicographic order of class indices.
fn every_multiset(classes: &[crate::Piece], cells: usize, total: u64) -> Vec<Puzzle> {
    let mut all = Vec::with_capacity(total as usize);
    let mut chosen = vec![0usize; cells];
    loop {
        let pieces = chosen.iter().map(|&c| classes[c]).collect();
        all.push(Puzzle::new(pieces).expect("n*n pieces"));
        // The next non-decreasing sequence of class indices.
        let Some(at) = (0..cells).rev().find(|&i| chosen[i] + 1 < classes.len()) else {
            break;
        };
        let next = chosen[at] + 1;
        chosen[at..].fill(next);
    }
    all
}

/// The number of multisets of `k` items among `n` kinds, `C(n + k - 1, k)`,
/// `None` past `u64`.
fn multisets(n: u64, k: u64) -> Option<u64> {
    (1..=k).try_fold(1u64, |c, i| c.checked_mul(n + i - 1).map(|c| c / i))
}

/// The exact rates of the uniform population of `size x size` puzzles over
/// `patterns` patterns (repetition-free classes only, when asked): every
/// multiset of `n*n` piece classes solved up to its second solution. `None`
/// when there are more than `EXACT_LIMIT` multisets (3x3: `K = 2`
/// repetition-free has 2,002; `K = 3` repetition-free about 2 x 10^12).
/// `O(multisets x search)`, on every core. `None` too when the context's
/// stop came first.
#[cfg(test)]
fn exact(size: usize, patterns: u32, repetition_free: bool, context: &Context) -> Result<Option<Exact>> {
    Ok(exact_until(size, patterns, repetition_free, context.stop(), context.progress())?.flatten())
}

/// `exact` that gives up when `stop` is reached (then `None`); `Some(None)`
/// when there are too many multisets.
fn exact_until(
    size: usize,
    patterns: u32,
    repetition_free: bool,
    stop: &Stop,
    progress: &dyn Progress,
) -> Result<Option<Option<Exact>>> {
    let cells = size * size;
    let count = crate::census::pieces::class_count(patterns as usize, repetition_free);
    let total = match multisets(count, cells as u64) {
        Some(total) if total <= EXACT_LIMIT => total,
        _ => return Ok(Some(None)),
    };
    let Some(classes) = crate::census::pieces::piece_classes_until(patterns as usize, repetition_free, stop) else {
        return Ok(None);
    };
    let all = every_multiset(&classes, cells, total);
    let counts = map_indexed_until(all.len() as u64, stop, progress, |i| {
        solutions_up_to_until(&all[i as usize], DIRECT_CAP, stop)
    })?;
    let Some(counts) = counts else {
        return Ok(None);
    };
    let puzzles = counts.len() as u64;
    let solvable = counts.iter().filter(|&&c| c >= 1).count() as u64;
    let unique = counts.iter().filter(|&&c| c == 1).count() as u64;
    let share = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    Ok(Some(Some(Exact {
        puzzles,
        solvable,
        unique,
        p_solvable: share(solvable, puzzles),
        p_unique: share(unique, puzzles),
        p_unique_given_solvable: share(unique, solvable),
    })))
}

/// What one row measured, before the estimates.
struct Sample {
    /// `(solutions, ordered forms)` of each planted puzzle.
    planted: Vec<(u64, f64)>,
    /// Solutions of each puzzle drawn directly, capped at
    /// [`DIRECT_CAP`] (any count from the cap up reads the same).
    direct: Vec<u64>,
}

impl Cell {
    fn of(population: Population, size: usize, patterns: u32, sample: Sample) -> Cell {
        let counts: Vec<u64> = sample.planted.iter().map(|p| p.0).collect();
        let weights: Vec<(f64, bool)> = sample
            .planted
            .iter()
            .map(|&(s, forms)| (1.0 / (s as f64 * forms), s == 1))
            .collect();
        let unique = counts.iter().filter(|&&c| c == 1).count();
        let solvable = sample.direct.iter().filter(|&&c| c >= 1).count();
        let sampled_unique = sample.direct.iter().filter(|&&c| c == 1).count();
        let mut histogram = vec![0; BUCKETS.len() + 1];
        for &c in &counts {
            histogram[bucket(c)] += 1;
        }
        Cell {
            population,
            size,
            patterns,
            p_unique_given_solvable: Share::ratio(weights.iter().copied()),
            p_solvable: Share::wilson(solvable, sample.direct.len()),
            p_unique: Share::wilson(sampled_unique, sample.direct.len()),
            sampled: sample.direct.len(),
            sampled_solvable: solvable,
            sampled_unique,
            planted: counts.len(),
            planted_effective: effective_size(weights.iter().map(|w| w.0)),
            planted_unique: unique,
            planted_unique_share: Share::wilson(unique, counts.len()),
            planted_solutions: Summary::of(counts.iter().copied()),
            planted_histogram: histogram,
            exact: None,
            counts,
        }
    }
}

/// What the uniqueness study draws: a row per grid size and number of
/// patterns of the uniform population, then the commercial row if asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Grid sizes to run.
    pub sizes: Vec<usize>,
    /// Numbers of patterns to run.
    pub patterns: Vec<u32>,
    /// Planted puzzles per row (for `P(unique | solvable)`), one number
    /// per size of `sizes`.
    pub counts: Vec<usize>,
    /// Puzzles drawn directly from the uniform population per row (for
    /// `P(solvable)` and `P(unique)`), one number per size of `sizes`.
    pub sampled: Vec<usize>,
    /// The seed every random draw derives from.
    pub seed: u64,
    /// Only pieces without a picture twice (every row, commercial
    /// included).
    pub repetition_free: bool,
    /// Planted and directly drawn puzzles of the commercial row (none: no row).
    pub commercial: Option<(usize, usize)>,
    /// `L`: self-matching patterns beside each row's `K` signed ones (the
    /// uniform rows only; no exact rates then).
    pub self_matching: u32,
}

/// Where the directly drawn puzzles' counts stop: the estimands over them
/// only need to know 0, 1 or at least 2 solutions.
pub(crate) const DIRECT_CAP: u64 = 2;

/// The exact number of solutions modulo rotation (one exhaustive search).
#[cfg(test)]
fn solutions(puzzle: &Puzzle) -> Result<u64> {
    Ok(solutions_until(puzzle, &Stop::never())?.expect("never stopped"))
}

/// The exact count until `stop` (`None` when it came first).
fn solutions_until(puzzle: &Puzzle, stop: &Stop) -> Result<Option<u64>> {
    let context = Context::new().until(stop);
    let count = Search::within(Goal::Count { keep: 0 }, &context)
        .on(Threads::One)
        .without_stats();
    let count = Solver::new(puzzle, Order::Spiral, 0)?.run(&count);
    Ok((!count.stats.stopped).then_some(count.solutions))
}

/// `min(solutions, cap)` for `cap >= 1`: the same search as the exact count
/// in the same order, ended when the `cap`-th solution is met. An unsolvable
/// or uniquely solvable puzzle still costs the whole search; one with many
/// solutions costs a search up to its `cap`-th.
#[cfg(test)]
pub(crate) fn solutions_up_to(puzzle: &Puzzle, cap: u64) -> Result<u64> {
    let nth = Search::new(Goal::Nth(cap.max(1) - 1)).without_stats();
    Ok(Solver::new(puzzle, Order::Spiral, 0)?.run(&nth).solutions)
}

/// [`solutions_up_to`] that gives up when `stop` is reached (then `None`).
fn solutions_up_to_until(puzzle: &Puzzle, cap: u64, stop: &Stop) -> Result<Option<u64>> {
    let context = Context::new().until(stop);
    let nth = Search::within(Goal::Nth(cap.max(1) - 1), &context).without_stats();
    let met = Solver::new(puzzle, Order::Spiral, 0)?.run(&nth);
    Ok((!met.stats.stopped).then_some(met.solutions))
}

impl Options {
    /// The rows [`run`] reports: every `(size, patterns)` pair, and the
    /// commercial row if asked.
    fn rows(&self) -> usize {
        self.sizes.len() * self.patterns.len() + usize::from(self.commercial.is_some())
    }
}

/// The rows of `plan`: every `(size, patterns)` pair of the uniform
/// population, then the commercial row if asked; until the context's
/// stop: the rows finished before it, in order, each one whole (the row
/// under way when it came is left out), so fewer than [`Options::rows`] when
/// stopped.
fn run(plan: &Options, context: &Context) -> Result<Vec<Cell>> {
    let (stop, progress) = (context.stop(), context.progress());
    let uniform = plan
        .sizes
        .iter()
        .zip(plan.counts.iter().zip(&plan.sampled))
        .flat_map(|(&size, counts)| {
            plan.patterns
                .iter()
                .map(move |&k| (Population::Uniform, size, k, counts))
        });
    let commercial = plan
        .commercial
        .as_ref()
        .map(|(planted, sampled)| (Population::Commercial, 3, 4, (planted, sampled)));
    let mut cells = Vec::new();
    for (population, size, patterns, (&planted, &sampled)) in uniform.chain(commercial) {
        let Some(source) = Source::new_until(population, size, patterns, plan.repetition_free, plan.seed, stop)? else {
            break;
        };
        let source = source.with_self_matching(plan.self_matching)?;
        let Some(sample) = draw(&source, planted, sampled, stop, progress)? else {
            break;
        };
        let mut cell = Cell::of(population, size, patterns, sample);
        if population == Population::Uniform && plan.self_matching == 0 {
            let Some(exact) = exact_until(size, patterns, plan.repetition_free, stop, &())? else {
                break;
            };
            cell.exact = exact;
        }
        cells.push(cell);
    }
    Ok(cells)
}

/// Counts the solutions of `planted` planted puzzles of `source` exactly
/// and those of `sampled` direct draws up to [`DIRECT_CAP`].
/// `None` when `stop` came first.
fn draw(
    source: &Source,
    planted: usize,
    sampled: usize,
    stop: &Stop,
    progress: &dyn Progress,
) -> Result<Option<Sample>> {
    let planted = map_indexed_until(planted as u64, stop, progress, |i| {
        let puzzle = source.planted(i)?;
        Ok(solutions_until(&puzzle, stop)?.map(|s| (s, ordered_forms(&puzzle))))
    })?;
    let direct = map_indexed_until(sampled as u64, stop, progress, |i| {
        solutions_up_to_until(&source.direct_at(i)?, DIRECT_CAP, stop)
    })?;
    Ok(planted.zip(direct).map(|(planted, direct)| Sample { planted, direct }))
}

/// The rows of `size` over the uniform population (not the commercial one).
fn uniform_rows(cells: &[Cell], size: usize) -> impl Iterator<Item = &Cell> {
    cells
        .iter()
        .filter(move |c| c.size == size && c.population == Population::Uniform)
}

/// The study's plots: `P(unique | solvable)` beside the planted share per
/// size, and the histogram of planted puzzles' solutions per size.
fn plots(cells: &[Cell], sizes: &[usize], repetition_free: bool) -> Result<Vec<Plot>> {
    let rf = if repetition_free { ", repetition-free" } else { "" };
    let series: Vec<plot::Series> = sizes
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
        &format!(
            "Unique solution (modulo rotation) by number of patterns{rf}; P(unique | solvable) solid, planted share dashed"
        ),
        "patterns K",
        "probability / share",
        0.0..1.0,
        &series,
        plot::LineColors::Paired,
    )?;
    let mut plots = vec![("share-unique.svg".to_string(), share)];
    for &size in sizes {
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
                "Solutions of planted {size}x{size} puzzles{rf}, {} per K; planted puzzles are drawn in proportion to their solutions",
                count_of(cells, size)
            ),
            "solutions modulo rotation",
            "share of planted puzzles",
            &bucket_labels(),
            &bars,
        )?;
        plots.push((format!("histogram-{size}x{size}.svg"), svg));
    }
    Ok(plots)
}

/// Planted puzzles per row of `size`.
fn count_of(cells: &[Cell], size: usize) -> usize {
    uniform_rows(cells, size).next().map_or(0, |c| c.planted)
}

/// The JSON document of the uniqueness study.
#[derive(Debug, Serialize)]
pub(super) struct Json {
    seed: u64,
    /// Self-matching patterns beside each row's signed ones (omitted when 0).
    #[serde(skip_serializing_if = "is_zero")]
    self_matching: u32,
    repetition_free: bool,
    /// What each population and estimand is.
    definitions: Vec<(&'static str, &'static str)>,
    buckets: Vec<String>,
    cells: Vec<Cell>,
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

/// The study's report, with its plots for `folder`.
pub(super) fn report(options: &Options, folder: Option<&Path>, context: &Context) -> Result<Report> {
    let per_size: usize = options.counts.iter().chain(&options.sampled).sum();
    let commercial = options.commercial.map_or(0, |(planted, sampled)| planted + sampled);
    context
        .progress()
        .start((per_size * options.patterns.len() + commercial) as u64);
    let cells = run(options, context)?;
    let finished = Finished::new(cells.len() == options.rows(), context.stop());
    let (files, plots) = finished.files(folder, || plots(&cells, &options.sizes, options.repetition_free))?;
    let json = Json {
        seed: options.seed,
        self_matching: options.self_matching,
        repetition_free: options.repetition_free,
        definitions: DEFINITIONS.to_vec(),
        buckets: bucket_labels(),
        cells,
        plots,
        rows: options.rows(),
        finished,
    };
    Ok(Report::of(
        uniqueness_text(&json),
        Document::Uniqueness(json),
        finished,
        files,
    ))
}

fn percent(e: &Share) -> String {
    e.percent(2, "%")
}

fn uniqueness_text(report: &Json) -> String {
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_solutions_up_to_holds() {
        use crate::study::uniqueness::solutions_up_to;
        // 1,680 solutions (the two-pattern real puzzle's count is of this size)
        let puzzle: crate::Puzzle = "1+ 1+ 1- 1-\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-".parse().unwrap();
        let all = crate::solve::plain::count_solutions(&puzzle);
        assert!(all > 2);
        assert_eq!(solutions_up_to(&puzzle, 2).unwrap(), 2);
        assert_eq!(solutions_up_to(&puzzle, all + 5).unwrap(), all);
    }

    use super::*;
    use crate::census::{Census, fast, shard::Shard};

    #[test]
    fn the_examples_of_exact_and_run_hold() {
        let e = exact(2, 2, true, &Context::new()).unwrap().unwrap();
        assert_eq!(e.puzzles, 126); // C(9, 4): 6 classes
        assert!(e.unique <= e.solvable && e.solvable <= e.puzzles);
        assert!(exact(3, 3, true, &Context::new()).unwrap().is_none());
        let plan = Options {
            sizes: vec![2],
            patterns: vec![2, 6],
            counts: vec![30],
            sampled: vec![30],
            seed: 1,
            repetition_free: false,
            self_matching: 0,
            commercial: None,
        };
        let cells = run(&plan, &Context::new()).unwrap();
        assert_eq!(cells.len(), plan.rows());
        assert!(cells.iter().all(|c| c.planted_solutions.min >= 1.0)); // planted: never unsolvable
        assert!(cells.iter().all(|c| c.p_unique.estimate <= c.p_solvable.estimate));
        let stopped = Stop::never().after(std::time::Duration::ZERO);
        assert!(run(&plan, &Context::new().until(&stopped)).unwrap().is_empty());
    }

    /// Both methods against the exact 2x2 census (whose puzzles are
    /// multisets of piece classes, the uniform population here).
    #[test]
    fn two_by_two_estimates_cover_the_census_values() {
        for (patterns, repetition_free) in [(2, true), (2, false), (3, true)] {
            let census = Census {
                patterns,
                repetition_free,
            };
            let exact = fast::run(&census, Shard::WHOLE, 0, &Context::new()).0.tally.totals();
            let plan = Options {
                sizes: vec![2],
                patterns: vec![patterns as u32],
                counts: vec![3000],
                sampled: vec![3000],
                seed: 11,
                repetition_free,
                commercial: None,
                self_matching: 0,
            };
            let cell = &run(&plan, &Context::new()).unwrap()[0];
            let share = |a: u64, b: u64| a as f64 / b as f64;
            let given_solvable = share(exact.unique, exact.solvable);
            let checks = [
                ("P(unique | solvable)", cell.p_unique_given_solvable, given_solvable),
                ("P(solvable)", cell.p_solvable, share(exact.solvable, exact.puzzles)),
                ("P(unique)", cell.p_unique, share(exact.unique, exact.puzzles)),
            ];
            for (name, estimate, value) in checks {
                assert!(
                    estimate.covers(value),
                    "{census:?} {name}: exact {value}, estimate {estimate:?}"
                );
                assert!(estimate.high - estimate.low < 0.06, "{census:?} {name}: {estimate:?}");
            }
            // The unweighted planted share estimates something else (over 2
            // patterns without repetitions no 2x2 puzzle is unique at all).
            if given_solvable == 0.0 {
                assert_eq!(cell.planted_unique, 0);
            } else {
                assert!(
                    cell.planted_unique_share.high < given_solvable,
                    "{census:?}: {:?} against {given_solvable}",
                    cell.planted_unique_share
                );
            }
        }
    }

    /// The capped count of the direct draws gives the same row as counting
    /// them exactly (the figures before the cap): 3x3 over 3 patterns,
    /// where most solvable puzzles have dozens of solutions, and 2x2.
    #[test]
    fn capped_direct_counts_give_the_exact_counts_figures() {
        for (size, patterns, sampled) in [(3, 3, 150), (2, 2, 200)] {
            let plan = Options {
                sizes: vec![size],
                patterns: vec![patterns],
                counts: vec![20],
                sampled: vec![sampled],
                seed: 6,
                repetition_free: false,
                commercial: None,
                self_matching: 0,
            };
            let fast = run(&plan, &Context::new()).unwrap().remove(0);
            let source = Source::new(Population::Uniform, size, patterns, false, plan.seed).unwrap();
            let recipe = source.recipe();
            let direct: Vec<u64> = (0..sampled as u64)
                .map(|i| solutions(&source.direct_at(i).unwrap()).unwrap())
                .collect();
            assert!(direct.iter().any(|&c| c > DIRECT_CAP), "the cap must bite: {direct:?}");
            assert!(direct.contains(&1) && direct.contains(&0), "{direct:?}");
            let planted = (0..20)
                .map(|i| {
                    let puzzle = recipe.draw(i).unwrap().puzzle;
                    (solutions(&puzzle).unwrap(), ordered_forms(&puzzle))
                })
                .collect();
            let exact = Cell::of(Population::Uniform, size, patterns, Sample { planted, direct });
            assert_eq!(fast, exact);
        }
    }

    #[test]
    fn solutions_up_to_is_the_capped_exact_count() {
        use crate::rng::Rng;
        let sets = crate::study::rates::PieceSets::new(3, 3, false);
        let mut rng = Rng::new(2);
        for _ in 0..40 {
            let puzzle = sets.draw(&mut rng);
            let exact = solutions(&puzzle).unwrap();
            for cap in [1, 2, 3, 10] {
                assert_eq!(solutions_up_to(&puzzle, cap).unwrap(), exact.min(cap), "{puzzle}");
            }
        }
    }

    /// 3x3, K = 2, repetition-free: the sample's three estimates cover the
    /// exact rates over all 2,002 multisets, and the enumeration counts
    /// every multiset once.
    #[test]
    fn three_by_three_repetition_free_estimates_cover_the_exact_rates() {
        let plan = Options {
            sizes: vec![3],
            patterns: vec![2],
            counts: vec![1500],
            sampled: vec![2000],
            seed: 5,
            repetition_free: true,
            commercial: None,
            self_matching: 0,
        };
        let cell = &run(&plan, &Context::new()).unwrap()[0];
        let exact = cell.exact.expect("2,002 multisets are enumerated");
        assert_eq!(exact.puzzles, 2002);
        // No repetition-free 3x3 puzzle over 2 patterns has one solution.
        assert!(exact.solvable > 0 && exact.unique == 0, "{exact:?}");
        let checks = [
            (
                "P(unique | solvable)",
                cell.p_unique_given_solvable,
                exact.p_unique_given_solvable,
            ),
            ("P(solvable)", cell.p_solvable, exact.p_solvable),
            ("P(unique)", cell.p_unique, exact.p_unique),
        ];
        for (name, estimate, value) in checks {
            assert!(estimate.covers(value), "{name}: exact {value}, estimate {estimate:?}");
        }
        assert_eq!(multisets(6, 9), Some(2002));
        assert_eq!(multisets(3, 2), Some(6));
        // No multiset is unique here, so the importance weights are checked
        // on another share of solvable puzzles: at most 4,000 solutions
        // (exact 84.2%). Below 1,000 solutions (exact 22.0%) the weighted
        // estimate of this sample is 13.8% (9.7-18.0%): puzzles with few
        // solutions are planted so rarely that 1,500 planted puzzles miss
        // that tail, and the delta-method interval does not show it.
        let classes = crate::census::pieces::piece_classes(2, true);
        let all = every_multiset(&classes, 9, 2002);
        let few = |c: u64| (1..=4000).contains(&c);
        let exact_few = all.iter().filter(|p| few(solutions(p).unwrap())).count() as f64 / exact.solvable as f64;
        let source = Source::new(Population::Uniform, 3, 2, true, 5).unwrap();
        let weighted = Share::ratio(cell.counts.iter().enumerate().map(|(i, &c)| {
            let forms = ordered_forms(&source.planted(i as u64).unwrap());
            (1.0 / (c as f64 * forms), few(c))
        }));
        assert!(weighted.covers(exact_few), "exact {exact_few}, weighted {weighted:?}");
        assert!(
            weighted.estimate > 0.05 && weighted.estimate < 0.95,
            "the check must not be trivial: {weighted:?}"
        );
    }

    #[test]
    fn buckets_cover_every_count_once() {
        let labels = bucket_labels();
        assert_eq!(labels, ["1", "2", "3", "4", "5-8", "9-16", "17-64", "65-256", ">256"]);
        let got: Vec<usize> = [1, 2, 4, 5, 8, 9, 64, 65, 256, 257, 100_000].map(bucket).to_vec();
        assert_eq!(got, vec![0, 1, 3, 4, 4, 5, 6, 7, 7, 8, 8]);
    }

    #[test]
    fn counts_match_the_plain_solver_and_are_deterministic() {
        let plan = Options {
            sizes: vec![2, 3],
            patterns: vec![3],
            counts: vec![12, 6],
            sampled: vec![3, 3],
            seed: 4,
            repetition_free: true,
            commercial: None,
            self_matching: 0,
        };
        let cells = run(&plan, &Context::new()).unwrap();
        assert_eq!(cells, run(&plan, &Context::new()).unwrap());
        for cell in &cells {
            let recipe = super::super::recipe(cell.size, 3, 4, true);
            for (i, &count) in cell.counts.iter().enumerate() {
                let puzzle = recipe.draw(i as u64).unwrap().puzzle;
                assert_eq!(count, crate::solve::plain::count_solutions(&puzzle), "{puzzle}");
            }
            assert_eq!(cell.planted_histogram.iter().sum::<usize>(), cell.planted);
            assert_eq!(cell.planted_unique, cell.planted_histogram[0]);
        }
    }
}
