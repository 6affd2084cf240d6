//! Open question 4.4, measured fairly: every cell rule x piece rule x
//! symmetry rule against Brandt et al.'s random backtracking, on three
//! populations of puzzles.
//!
//! **Strategies.** Cell rules [`Cells::STUDIED`] (spiral, paper,
//! neighbours, most-constrained; [`Design::cells`] chooses others, such as
//! `paper-last`, the literal step 6) x piece rules [`Pieces::ALL`] (file,
//! random, value) x, on even grids, symmetry rules [`Symmetry::ALL`]
//! (number, value, order); odd grids fix the centre piece's rotation, so
//! there is no symmetry rule to choose. Strategies that search identically
//! ([`Strategy::canonical`]) are run once. The baseline is [`BASELINE`]:
//! Brandt et al.'s spiral with random piece orders (piece-number symmetry
//! on even grids, the solver's default).
//!
//! **Populations** ([`POPULATIONS`], drawn by [`candidate`]): planted
//! puzzles (SPEC's planted population, puzzle `i` is `scramble generate
//! --seed S` candidate `i`); uniformly random solvable puzzles (uniform
//! multisets of piece classes over patterns `1..=K`, pieces shuffled and
//! turned, kept when the solver finds a solution: rejection sampling, so
//! every solvable multiset is equally likely); balanced puzzles
//! ([`crate::generate::balanced`], the commercial style generalised, the
//! same generator as `generate --style commercial` on 3x3 over 4 patterns,
//! from its own stream). [`Design::repetition_free`] restricts all three to
//! repetition-free pieces.
//!
//! **Measures.** Solver nodes to the first solution and to exhaustion.
//! Random piece orders `r = 0..R` use the seeds
//! [`random_order_seed`]`(seed, index, r)`, the same for every
//! strategy with random pieces. A strategy without random pieces is
//! compared with each of the baseline's `R` orders; one with random pieces
//! compares its order `r` with the baseline's orders `s != r` only, so that
//! the two random orders compared are independent. Per puzzle the shares of
//! fewer nodes and of ties among its comparisons are taken (ties are
//! reported apart, not split), and the reported shares are their means
//! over puzzles with the cluster interval of [`Share::clustered`] (the
//! orders of one puzzle are one cluster). Every row also gives the same
//! share on the puzzles with a unique solution alone (the paper's setting)
//! and the per-puzzle reading ([`Expected`]: the strategy's mean against
//! the mean of the baseline's `R` orders, the expected cost of random
//! backtracking, with a Wilson interval over puzzles); with
//! [`Design::time`] it compares wall times as it compares nodes.
//!
//! To exhaustion the tree depends on the cell rule and the symmetry ranks
//! only, never on the order the pieces are tried in (the next cell is a
//! function of the placed pieces for every cell rule): exhaustion is run
//! once per (cell rule, symmetry rule); for `order` symmetry under random
//! pieces, whose ranks change with the order, once for the first random
//! order only (one random tree per puzzle). A test checks the independence.
//!
//! Cost: per 4x4 puzzle `4 * (4 + 3 R)` searches to the first solution and
//! `4 * 3` to exhaustion; per 3x3 puzzle `4 * (2 + R)` and 4.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::Serialize;

use crate::solve::{Cells, Goal, Pieces, Search, Solver, Stop, Strategy, Symmetry, Threads};
use crate::study::Progress;
use crate::study::plot::{self, Plot};
use crate::study::population::{Population, Source, Stream, random_order_seed};
use crate::study::rates::Share;
use crate::study::stats::Summary;
use crate::{Puzzle, Result};

/// Brandt et al.'s random backtracking: the spiral, random piece orders.
pub const BASELINE: Strategy = Strategy {
    cells: Cells::Spiral,
    pieces: Pieces::Random,
    symmetry: Symmetry::Number,
};

/// Section 3.1 as the paper writes it ([`crate::solve::Order::Paper`]).
pub(crate) const PAPER: Strategy = Strategy {
    cells: Cells::Paper,
    pieces: Pieces::Value,
    symmetry: Symmetry::Value,
};

/// The spiral in file order: the test for a solution.
const CHECK: Strategy = Strategy {
    cells: Cells::Spiral,
    pieces: Pieces::File,
    symmetry: Symmetry::Number,
};

/// The populations the factorial study can draw: planted, uniform
/// (kept when solvable) and balanced. The commercial population is a
/// uniqueness-study population only.
pub const POPULATIONS: [Population; 3] = [Population::Planted, Population::Uniform, Population::Balanced];

/// The name of a population in this study's reports: `uniform-solvable`
/// for the uniform population, since only its solvable puzzles are kept.
pub fn population_label(population: Population) -> &'static str {
    match population {
        Population::Uniform => "uniform-solvable",
        other => other.name(),
    }
}

/// One grid size and number of patterns, with its sample size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Shape {
    /// Grid size `n`.
    pub size: usize,
    /// Number of patterns `K`.
    pub patterns: u32,
    /// Puzzles to draw per population.
    pub count: usize,
}

/// What the factorial study runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Design {
    /// The grid shapes.
    pub shapes: Vec<Shape>,
    /// The populations, each run on every shape.
    pub populations: Vec<Population>,
    /// The seed every random draw derives from.
    pub seed: u64,
    /// Random piece orders per puzzle (`R`).
    pub random_seeds: usize,
    /// Uniform solvable: the most candidates drawn per puzzle wanted.
    pub max_draws_per_puzzle: u64,
    /// Only pieces without a picture twice, in every population.
    pub repetition_free: bool,
    /// The cell rules crossed with every piece and symmetry rule when
    /// `strategies` is `None` ([`Cells::STUDIED`] by default; they must
    /// include the spiral, the baseline's).
    pub cells: Vec<Cells>,
    /// The strategies to run (they must include [`BASELINE`]); `None`: every
    /// strategy of [`strategies_of`] over `cells`.
    pub strategies: Option<Vec<Strategy>>,
    /// Whether to measure the wall time of every search ([`Run::time`]):
    /// not deterministic, so off unless asked.
    pub time: bool,
}

impl Design {
    /// The strategies run on an `n x n` grid.
    pub fn strategies(&self, size: usize) -> Vec<Strategy> {
        self.strategies
            .clone()
            .unwrap_or_else(|| strategies_of(&self.cells, size))
    }
}

/// The distinct strategies run on an `n x n` grid, in report order.
///
/// ```
/// use scramble::study::heuristics::factorial::strategies;
/// assert_eq!(strategies(3).len(), 12); // 4 cell rules x 3 piece rules
/// assert_eq!(strategies(4).len(), 28); // x 3 symmetry rules, 7 distinct
/// ```
pub fn strategies(size: usize) -> Vec<Strategy> {
    strategies_of(&Cells::STUDIED, size)
}

/// The distinct strategies of the cell rules `cells` x every piece rule x
/// (even grids) every symmetry rule, in report order.
///
/// ```
/// use scramble::solve::Cells;
/// use scramble::study::heuristics::factorial::strategies_of;
/// assert_eq!(strategies_of(&[Cells::Spiral, Cells::PaperLast], 3).len(), 6);
/// ```
pub fn strategies_of(cells: &[Cells], size: usize) -> Vec<Strategy> {
    let symmetries: &[Symmetry] = if size.is_multiple_of(2) {
        &Symmetry::ALL
    } else {
        &[Symmetry::Number]
    };
    let mut all: Vec<Strategy> = itertools::iproduct!(cells.iter().copied(), Pieces::ALL, symmetries.iter().copied())
        .map(|(cells, pieces, symmetry)| {
            Strategy {
                cells,
                pieces,
                symmetry,
            }
            .canonical()
        })
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    all.retain(|s| seen.insert(*s));
    all
}

/// The label of a strategy on an `n x n` grid: `cells/pieces/symmetry`,
/// without the symmetry on odd grids.
pub fn label(strategy: &Strategy, size: usize) -> String {
    if size.is_multiple_of(2) {
        strategy.name()
    } else {
        format!("{}/{}", strategy.cells.name(), strategy.pieces.name())
    }
}

/// One puzzle solved by every strategy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleRuns {
    /// The puzzle's index in its population's draws.
    pub index: u64,
    /// Solutions modulo rotation.
    pub solutions: u64,
    /// Per strategy of [`strategies`]: one entry, or `R` for random pieces.
    pub nodes: Vec<Vec<Run>>,
}

/// Nodes of one search of one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Run {
    /// To the first solution.
    pub first: u64,
    /// To exhaustion; `None` for random orders after the first under
    /// `order` symmetry (not run: each would need its own tree).
    pub all: Option<u64>,
    /// Wall time, when measured ([`Design::time`]).
    pub time: Option<Time>,
}

/// The wall time of one search (one thread, the machine's load included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Time {
    /// Building the solver: the candidate tables, the piece ranks.
    pub setup: std::time::Duration,
    /// The search to the first solution ([`crate::solve::Stats::elapsed`]).
    pub first: std::time::Duration,
}

/// Runs every strategy of `strategies` on `puzzle`, timing each search
/// when `time`; `None` when `stop` cut a search short.
///
/// ```
/// use scramble::study::heuristics::factorial::{solve_every_way, strategies};
/// let puzzle = scramble::read_puzzle("fixtures/paper2x2.txt".as_ref(), Default::default()).unwrap();
/// let every = strategies(2);
/// let runs = solve_every_way(&puzzle, 0, 0, 3, &every, &scramble::solve::Stop::never(), false).unwrap().unwrap();
/// assert_eq!(runs.nodes.len(), every.len());
/// assert_eq!(runs.solutions, 3);
/// ```
pub fn solve_every_way(
    puzzle: &Puzzle,
    seed: u64,
    index: u64,
    random_seeds: usize,
    strategies: &[Strategy],
    stop: &Stop,
    time: bool,
) -> Result<Option<PuzzleRuns>> {
    let mut exhaustive: BTreeMap<(Cells, Symmetry), u64> = BTreeMap::new();
    let mut solutions = None;
    let mut nodes = Vec::new();
    for &strategy in strategies {
        let seeds: Vec<u64> = match strategy.pieces {
            Pieces::Random => (0..random_seeds).map(|r| random_order_seed(seed, index, r)).collect(),
            _ => vec![0],
        };
        let mut runs = Vec::with_capacity(seeds.len());
        for order_seed in seeds {
            let started = web_time::Instant::now();
            let solver = Solver::with_strategy(puzzle, strategy, order_seed)?;
            let setup = started.elapsed();
            let first = solver.run(&Search::new(Goal::First).on(Threads::One).until(stop)).stats;
            if first.stopped {
                return Ok(None);
            }
            // The exhaustive tree depends on the piece order only through
            // `order` symmetry under random pieces: that one is counted
            // for the first random order alone.
            let key = (strategy.cells, strategy.symmetry);
            let shared = !(strategy.symmetry == Symmetry::Order && strategy.pieces == Pieces::Random);
            let all = match exhaustive.get(&key) {
                Some(&all) if shared => Some(all),
                _ if !shared && !runs.is_empty() => None,
                _ => {
                    let count = solver.run(&Search::new(Goal::Count { keep: 0 }).on(Threads::One).until(stop));
                    if count.stats.stopped {
                        return Ok(None);
                    }
                    solutions.get_or_insert(count.solutions);
                    if shared {
                        exhaustive.insert(key, count.stats.nodes());
                    }
                    Some(count.stats.nodes())
                }
            };
            runs.push(Run {
                first: first.nodes(),
                all,
                time: time.then_some(Time {
                    setup,
                    first: first.elapsed,
                }),
            });
        }
        nodes.push(runs);
    }
    Ok(Some(PuzzleRuns {
        index,
        solutions: solutions.unwrap_or(0),
        nodes,
    }))
}

/// A strategy against the baseline, puzzle by puzzle. A strategy with
/// random pieces runs its order `r` against every baseline order `s != r`
/// (independent orders: `R (R - 1)` comparisons per puzzle); one without
/// runs against all `R` baseline orders.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Versus {
    /// Mean over puzzles of the share of comparisons with fewer nodes.
    pub fewer: Share,
    /// Mean over puzzles of the share of ties.
    pub ties: Share,
}

impl Versus {
    /// `(strategy, baseline)` node lists per puzzle: with several on both
    /// sides, every pair of different indices; else every pair.
    fn of(per_puzzle: impl Iterator<Item = (Vec<u64>, Vec<u64>)>) -> Versus {
        let (fewer, ties): (Vec<f64>, Vec<f64>) = per_puzzle
            .filter(|(a, b)| !a.is_empty() && !b.is_empty())
            .map(|(a, b)| {
                let both = a.len() > 1 && b.len() > 1;
                let pairs: Vec<(u64, u64)> = itertools::iproduct!(a.iter().enumerate(), b.iter().enumerate())
                    .filter(|((i, _), (j, _))| !both || i != j)
                    .map(|((_, &x), (_, &y))| (x, y))
                    .collect();
                let n = pairs.len() as f64;
                let fewer = pairs.iter().filter(|(x, y)| x < y).count() as f64 / n;
                let ties = pairs.iter().filter(|(x, y)| x == y).count() as f64 / n;
                (fewer, ties)
            })
            .unzip();
        Versus {
            fewer: Share::clustered(fewer),
            ties: Share::clustered(ties),
        }
    }
}

/// A strategy against the *expected* cost of the baseline, puzzle by
/// puzzle: the strategy's mean nodes to the first solution (over its `R`
/// orders for random pieces, else its one run) against the mean of the
/// baseline's `R` orders. Puzzles are independent: Wilson intervals.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Expected {
    /// Puzzles compared.
    pub puzzles: usize,
    /// Share of puzzles where the strategy's mean is below the baseline's.
    pub fewer: Share,
    /// Share of puzzles where the two means are equal.
    pub ties: Share,
    /// Median over puzzles of the ratio of the two means (below 1: the
    /// strategy needs fewer nodes on the median puzzle); 0 without puzzles.
    pub median_ratio: f64,
}

impl Expected {
    /// `(strategy, baseline)` node lists per puzzle.
    fn of(per_puzzle: impl Iterator<Item = (Vec<u64>, Vec<u64>)>) -> Expected {
        let mean = |v: &[u64]| v.iter().sum::<u64>() as f64 / v.len() as f64;
        let means: Vec<(f64, f64)> = per_puzzle
            .filter(|(a, b)| !a.is_empty() && !b.is_empty())
            .map(|(a, b)| (mean(&a), mean(&b)))
            .collect();
        let mut ratios: Vec<f64> = means.iter().filter(|m| m.1 > 0.0).map(|(a, b)| a / b).collect();
        ratios.sort_by(f64::total_cmp);
        let count = |hit: fn(f64, f64) -> bool| means.iter().filter(|(a, b)| hit(*a, *b)).count();
        Expected {
            puzzles: means.len(),
            fewer: Share::wilson(count(|a, b| a < b), means.len()),
            ties: Share::wilson(count(|a, b| a == b), means.len()),
            median_ratio: crate::study::stats::quantile(&ratios, 0.5).unwrap_or(0.0),
        }
    }
}

/// A strategy against the baseline in wall time to the first solution
/// (measured only when asked: not deterministic).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Timed {
    /// Nanoseconds of the search to the first solution, every run.
    pub first_nanos: Summary,
    /// Nanoseconds of building the solver, every run.
    pub setup_nanos: Summary,
    /// Against the baseline in search time, compared as node counts are.
    pub first_vs_baseline: Versus,
    /// Against the baseline in setup plus search time.
    pub setup_and_first_vs_baseline: Versus,
}

/// One strategy on one sample.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// The strategy.
    pub strategy: Strategy,
    /// `cells/pieces/symmetry` (no symmetry on odd grids).
    pub label: String,
    /// Nodes to the first solution, every run (puzzles x orders).
    pub first: Summary,
    /// Nodes to exhaustion.
    pub all: Summary,
    /// Against the baseline to the first solution.
    pub first_vs_baseline: Versus,
    /// Against the baseline to exhaustion.
    pub all_vs_baseline: Versus,
    /// Against the baseline to the first solution, on the puzzles with a
    /// unique solution only (the paper's setting).
    pub unique_first_vs_baseline: Versus,
    /// Per puzzle against the baseline's mean to the first solution.
    pub first_vs_expected: Expected,
    /// The same on the puzzles with a unique solution only.
    pub unique_first_vs_expected: Expected,
    /// Wall time, when measured ([`Design::time`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<Timed>,
}

/// One population on one shape.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sample {
    /// The population.
    pub population: Population,
    /// Grid size `n`.
    pub size: usize,
    /// Number of patterns `K`.
    pub patterns: u32,
    /// Puzzles solved (fewer than asked when stopped or out of draws).
    pub puzzles: usize,
    /// Candidates drawn (uniform solvable: tested for a solution).
    pub drawn: u64,
    /// Whether every puzzle asked for was solved.
    pub complete: bool,
    /// Solutions modulo rotation per puzzle.
    pub solutions: Summary,
    /// Puzzles with a unique solution (modulo rotation).
    pub unique: usize,
    /// One per strategy of [`strategies`].
    pub rows: Vec<Row>,
    /// Every puzzle's runs (left out of JSON).
    #[serde(skip)]
    pub runs: Vec<PuzzleRuns>,
}

impl Sample {
    /// The row of `strategy` (in canonical form; any symmetry rule on odd
    /// grids), if it was run.
    pub fn row(&self, strategy: Strategy) -> Option<&Row> {
        let mut strategy = strategy.canonical();
        if self.size % 2 == 1 {
            strategy.symmetry = Symmetry::Number;
        }
        self.rows.iter().find(|r| r.strategy == strategy)
    }
}

/// The whole study.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Factorial {
    /// The seed every random draw derives from.
    pub seed: u64,
    /// Whether every population was restricted to repetition-free pieces.
    pub repetition_free: bool,
    /// Random piece orders per puzzle.
    pub random_seeds: usize,
    /// The baseline every strategy is compared with.
    pub baseline: Strategy,
    /// Whether every sample is complete.
    pub complete: bool,
    /// One per population and shape, populations outermost.
    pub samples: Vec<Sample>,
}

/// Candidate `index` of a population (uniform: before the solvability
/// test): planted and balanced puzzles from their [`Source::planted`]
/// streams, uniform ones from [`Stream::Solvable`] (a uniform multiset,
/// pieces shuffled). The commercial population is refused.
///
/// ```
/// use scramble::study::heuristics::factorial::candidate;
/// use scramble::study::population::{Population, Source};
/// let source = Source::new(Population::Planted, 3, 4, false, 7).unwrap();
/// let planted = candidate(&source, 0).unwrap();
/// assert_eq!(planted.pieces(), source.recipe().draw(0).unwrap().puzzle.pieces());
/// ```
pub fn candidate(source: &Source, index: u64) -> Result<Puzzle> {
    match source.population {
        Population::Planted | Population::Balanced => source.planted(index),
        Population::Uniform => {
            let mut rng = Stream::Solvable.rng(source.seed, index);
            let mut pieces = source.direct(&mut rng)?.pieces().to_vec();
            rng.shuffle(&mut pieces);
            Ok(Puzzle::new(pieces)?)
        }
        Population::Commercial => Err(crate::Error::Impossible(
            "the factorial study draws planted, uniform and balanced puzzles only".into(),
        )),
    }
}

/// The puzzles of one sample with their indices, and the candidates drawn:
/// every candidate for planted and balanced puzzles, the first `count`
/// solvable ones (at most `max_draws` drawn, in parallel batches, kept in
/// index order) for uniform solvable ones; fewer when `stop` came first.
fn puzzles(source: &Source, count: usize, max_draws: u64, stop: &Stop) -> Result<(Vec<(u64, Puzzle)>, u64)> {
    let draw = |i| candidate(source, i);
    if source.population != Population::Uniform {
        let all = (0..count as u64)
            .map(|i| Ok((i, draw(i)?)))
            .collect::<Result<Vec<_>>>()?;
        return Ok((all, count as u64));
    }
    let batch = 256 * rayon::current_num_threads().max(1) as u64;
    let (mut kept, mut next) = (Vec::new(), 0);
    while kept.len() < count && next < max_draws && !stop.reached() {
        let end = (next + batch).min(max_draws);
        let tested: Vec<Option<(u64, Puzzle)>> = (next..end)
            .into_par_iter()
            .map(|i| {
                let puzzle = draw(i)?;
                let solver = Solver::with_strategy(&puzzle, CHECK, 0)?;
                let first = Search::new(Goal::First).on(Threads::One).until(stop).without_stats();
                Ok((solver.run(&first).solutions > 0).then_some((i, puzzle)))
            })
            .collect::<Result<_>>()?;
        for found in tested.into_iter().flatten() {
            if kept.len() == count {
                break;
            }
            next = found.0 + 1;
            kept.push(found);
        }
        if kept.len() < count {
            next = end;
        }
    }
    Ok((kept, next))
}

/// Runs the study: every population on every shape, every puzzle by every
/// strategy, puzzles on every core. `stop` ends it early: the samples keep
/// the puzzles solved before (a prefix in index order) and say they are
/// not complete. `progress` counts puzzles solved.
pub fn run(design: &Design, stop: &Stop, progress: &dyn Progress) -> Result<Factorial> {
    progress.start(design.shapes.iter().map(|s| s.count as u64).sum::<u64>() * design.populations.len() as u64);
    let samples = samples(design, stop, progress)?;
    Ok(Factorial {
        seed: design.seed,
        repetition_free: design.repetition_free,
        random_seeds: design.random_seeds,
        baseline: BASELINE,
        complete: samples.iter().all(|s| s.complete),
        samples,
    })
}

/// The samples of [`run`], `progress` advanced per puzzle solved (not
/// started: a caller running several designs sets its total once).
pub fn samples(design: &Design, stop: &Stop, progress: &dyn Progress) -> Result<Vec<Sample>> {
    let mut samples = Vec::new();
    for &population in &design.populations {
        for &shape in &design.shapes {
            let max_draws = design.max_draws_per_puzzle.saturating_mul(shape.count as u64);
            let source = Source::new(
                population,
                shape.size,
                shape.patterns,
                design.repetition_free,
                design.seed,
            )?;
            let (puzzles, drawn) = puzzles(&source, shape.count, max_draws, stop)?;
            let every = design.strategies(shape.size);
            if !every.contains(&BASELINE) {
                return Err(crate::Error::Impossible(format!(
                    "the strategies must include the baseline {}",
                    BASELINE.name()
                )));
            }
            let solved: Vec<Option<PuzzleRuns>> = puzzles
                .par_iter()
                .map(|(index, puzzle)| {
                    let runs = solve_every_way(
                        puzzle,
                        design.seed,
                        *index,
                        design.random_seeds,
                        &every,
                        stop,
                        design.time,
                    )?;
                    progress.advance(1);
                    Ok(runs)
                })
                .collect::<Result<_>>()?;
            let runs: Vec<PuzzleRuns> = solved.into_iter().map_while(|r| r).collect();
            samples.push(summarise(population, shape, &every, drawn, runs));
        }
    }
    Ok(samples)
}

/// What a comparison reads off a run: nodes to the first solution or to
/// exhaustion, or nanoseconds (`None` when not run or not measured).
type Measure = fn(&Run) -> Option<u64>;

const FIRST: Measure = |r| Some(r.first);
const ALL: Measure = |r| r.all;
const FIRST_NANOS: Measure = |r| r.time.map(|t| nanos(t.first));
const SETUP_NANOS: Measure = |r| r.time.map(|t| nanos(t.setup));
const SETUP_AND_FIRST_NANOS: Measure = |r| r.time.map(|t| nanos(t.setup + t.first));

fn nanos(duration: std::time::Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
}

fn summarise(
    population: Population,
    shape: Shape,
    strategies: &[Strategy],
    drawn: u64,
    runs: Vec<PuzzleRuns>,
) -> Sample {
    let base = strategies
        .iter()
        .position(|s| *s == BASELINE)
        .expect("the baseline is run");
    let unique: Vec<&PuzzleRuns> = runs.iter().filter(|r| r.solutions == 1).collect();
    let every: Vec<&PuzzleRuns> = runs.iter().collect();
    // Per puzzle of `of`, what `measure` reads off strategy `i`'s runs.
    let column = |of: &[&PuzzleRuns], i: usize, measure: Measure| -> Vec<Vec<u64>> {
        of.iter()
            .map(|r| r.nodes[i].iter().filter_map(measure).collect())
            .collect()
    };
    let paired = |of: &[&PuzzleRuns], i: usize, measure: Measure| {
        column(of, i, measure).into_iter().zip(column(of, base, measure))
    };
    let timed = runs.iter().any(|r| r.nodes.iter().flatten().any(|n| n.time.is_some()));
    let rows = strategies
        .iter()
        .enumerate()
        .map(|(i, &strategy)| Row {
            strategy,
            label: label(&strategy, shape.size),
            first: Summary::of(column(&every, i, FIRST).into_iter().flatten()),
            all: Summary::of(column(&every, i, ALL).into_iter().flatten()),
            first_vs_baseline: Versus::of(paired(&every, i, FIRST)),
            all_vs_baseline: Versus::of(paired(&every, i, ALL)),
            unique_first_vs_baseline: Versus::of(paired(&unique, i, FIRST)),
            first_vs_expected: Expected::of(paired(&every, i, FIRST)),
            unique_first_vs_expected: Expected::of(paired(&unique, i, FIRST)),
            time: timed.then(|| Timed {
                first_nanos: Summary::of(column(&every, i, FIRST_NANOS).into_iter().flatten()),
                setup_nanos: Summary::of(column(&every, i, SETUP_NANOS).into_iter().flatten()),
                first_vs_baseline: Versus::of(paired(&every, i, FIRST_NANOS)),
                setup_and_first_vs_baseline: Versus::of(paired(&every, i, SETUP_AND_FIRST_NANOS)),
            }),
        })
        .collect();
    Sample {
        population,
        size: shape.size,
        patterns: shape.patterns,
        puzzles: runs.len(),
        drawn,
        complete: runs.len() == shape.count,
        solutions: Summary::of(runs.iter().map(|r| r.solutions)),
        unique: unique.len(),
        rows,
        runs,
    }
}

/// The parts of Section 3.1 the plots follow: the whole rule, each part
/// alone on top of the baseline, and this project's `center-max` with its
/// value symmetry and with the older number symmetry (odd grids leave out
/// the symmetry series).
pub const PARTS: [(&str, Strategy); 6] = [
    ("paper (all three parts)", PAPER),
    (
        "cell rule only (paper/random/number)",
        Strategy {
            cells: Cells::Paper,
            pieces: Pieces::Random,
            symmetry: Symmetry::Number,
        },
    ),
    (
        "piece rule only (spiral/value/number)",
        Strategy {
            cells: Cells::Spiral,
            pieces: Pieces::Value,
            symmetry: Symmetry::Number,
        },
    ),
    (
        "piece + symmetry rule (spiral/value/value)",
        Strategy {
            cells: Cells::Spiral,
            pieces: Pieces::Value,
            symmetry: Symmetry::Value,
        },
    ),
    (
        "center-max, number symmetry (neighbours/value/number)",
        Strategy {
            cells: Cells::Neighbours,
            pieces: Pieces::Value,
            symmetry: Symmetry::Number,
        },
    ),
    (
        "center-max (neighbours/value/value)",
        Strategy {
            cells: Cells::Neighbours,
            pieces: Pieces::Value,
            symmetry: Symmetry::Value,
        },
    ),
];

/// The study's plots, one pair per grid size: the share of comparisons
/// the paper's rule wins against random backtracking by K, per population
/// (first solution solid, exhaustion dashed); and the same share to the
/// first solution for each of [`PARTS`] on uniform solvable puzzles.
pub fn plots(study: &Factorial) -> Result<Vec<Plot>> {
    let mut sizes: Vec<usize> = study.samples.iter().map(|s| s.size).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let mut plots = Vec::new();
    for size in sizes {
        let of = |population: Population, strategy: Strategy, first: bool| -> Vec<(f64, f64)> {
            study
                .samples
                .iter()
                .filter(|s| s.size == size && s.population == population && s.puzzles > 0)
                .filter_map(|s| {
                    let row = s.row(strategy)?;
                    let versus = if first {
                        &row.first_vs_baseline
                    } else {
                        &row.all_vs_baseline
                    };
                    Some((f64::from(s.patterns), versus.fewer.estimate))
                })
                .collect()
        };
        let populations: Vec<Population> = POPULATIONS
            .into_iter()
            .filter(|&p| study.samples.iter().any(|s| s.population == p && s.size == size))
            .collect();
        let series: Vec<plot::Series> = populations
            .iter()
            .flat_map(|&p| {
                [
                    (format!("{}, first solution", population_label(p)), of(p, PAPER, true)),
                    (format!("{}, exhaustion", population_label(p)), of(p, PAPER, false)),
                ]
            })
            .collect();
        let svg = plot::lines(
            &format!(
                "{size}x{size}: P(paper's rule needs fewer nodes than random backtracking); first solution solid, exhaustion dashed"
            ),
            "patterns K",
            "mean over puzzles of the share of random orders beaten",
            0.0..1.0,
            &series,
            plot::LineColors::Paired,
        )?;
        plots.push((format!("factorial-paper-{size}x{size}.svg"), svg));
        let population = if populations.contains(&Population::Uniform) {
            Population::Uniform
        } else {
            populations.first().copied().unwrap_or(Population::Planted)
        };
        let series: Vec<plot::Series> = PARTS
            .iter()
            .filter(|(name, _)| size % 2 == 0 || !name.contains("symmetry"))
            .map(|(name, strategy)| (name.to_string(), of(population, *strategy, true)))
            .collect();
        let svg = plot::lines(
            &format!(
                "{size}x{size}, {}: P(fewer nodes than random backtracking to the first solution), part by part",
                population_label(population)
            ),
            "patterns K",
            "mean over puzzles of the share of random orders beaten",
            0.0..1.0,
            &series,
            plot::LineColors::PerSeries,
        )?;
        plots.push((format!("factorial-parts-{size}x{size}.svg"), svg));
    }
    Ok(plots)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn design(shapes: Vec<Shape>) -> Design {
        Design {
            shapes,
            populations: POPULATIONS.to_vec(),
            seed: 3,
            random_seeds: 3,
            max_draws_per_puzzle: 10_000,
            repetition_free: false,
            cells: Cells::STUDIED.to_vec(),
            strategies: None,
            time: false,
        }
    }

    #[test]
    fn numbers_match_direct_solver_calls() {
        let shapes = vec![
            Shape {
                size: 3,
                patterns: 4,
                count: 6,
            },
            Shape {
                size: 4,
                patterns: 6,
                count: 2,
            },
        ];
        let study = run(&design(shapes), &Stop::never(), &()).unwrap();
        assert!(study.complete);
        assert_eq!(study.samples.len(), 6);
        for sample in &study.samples {
            for runs in &sample.runs {
                let source = Source::new(sample.population, sample.size, sample.patterns, false, 3).unwrap();
                let puzzle = candidate(&source, runs.index).unwrap();
                let count = Solver::with_strategy(&puzzle, PAPER, 0).unwrap().count();
                assert!(count.solutions >= 1, "every population is solvable");
                assert_eq!(runs.solutions, count.solutions);
                for (strategy, nodes) in strategies(sample.size).iter().zip(&runs.nodes) {
                    for (r, n) in nodes.iter().enumerate() {
                        let seed = if strategy.pieces == Pieces::Random {
                            random_order_seed(3, runs.index, r)
                        } else {
                            0
                        };
                        let solver = Solver::with_strategy(&puzzle, *strategy, seed).unwrap();
                        assert_eq!(
                            n.first,
                            solver.run(&Search::new(Goal::First).on(Threads::One)).stats.nodes(),
                            "{}",
                            strategy.name()
                        );
                        if let Some(all) = n.all {
                            assert_eq!(all, solver.count().stats.nodes(), "{}", strategy.name());
                        }
                        assert_eq!(n.all.is_none(), r > 0 && strategy.symmetry == Symmetry::Order);
                    }
                }
            }
            // Against itself with independent orders: wins and losses alike.
            let baseline = sample.row(BASELINE).unwrap();
            assert!(baseline.first_vs_baseline.fewer.estimate < 0.7, "{baseline:?}");
            assert_eq!(baseline.all_vs_baseline.ties.estimate, 1.0, "one exhaustive tree");
        }
    }

    /// The unique-only and per-puzzle figures, recomputed from the runs by
    /// hand; times only when asked, nodes the same either way.
    #[test]
    fn unique_and_per_puzzle_readings_and_time() {
        let shapes = vec![Shape {
            size: 3,
            patterns: 6,
            count: 40,
        }];
        let plain = Design {
            populations: vec![Population::Planted],
            cells: vec![Cells::Spiral, Cells::Paper, Cells::PaperLast],
            random_seeds: 6,
            ..design(shapes)
        };
        let study = run(&plain, &Stop::never(), &()).unwrap();
        let sample = &study.samples[0];
        let unique: Vec<&PuzzleRuns> = sample.runs.iter().filter(|r| r.solutions == 1).collect();
        assert_eq!(sample.unique, unique.len());
        assert!(!unique.is_empty() && unique.len() < 40, "{}", unique.len());
        let every = strategies_of(&plain.cells, 3);
        let (paper, base) = (
            every
                .iter()
                .position(|s| (s.cells, s.pieces) == (Cells::Paper, Pieces::Value))
                .unwrap(),
            1,
        );
        assert_eq!(every[base], BASELINE);
        let row = sample.row(PAPER).unwrap();
        assert!(row.time.is_none());
        // Per puzzle: the paper's one run against the mean of the R orders.
        let mean = |runs: &PuzzleRuns| runs.nodes[base].iter().map(|n| n.first as f64).sum::<f64>() / 6.0;
        let beats = |of: &[&PuzzleRuns]| of.iter().filter(|r| (r.nodes[paper][0].first as f64) < mean(r)).count();
        let all: Vec<&PuzzleRuns> = sample.runs.iter().collect();
        assert_eq!(row.first_vs_expected.fewer, Share::wilson(beats(&all), 40));
        assert_eq!(
            row.unique_first_vs_expected.fewer,
            Share::wilson(beats(&unique), unique.len())
        );
        // Unique only, by pairs: the share of the R orders beaten, per puzzle.
        let shares = unique.iter().map(|r| {
            let mine = r.nodes[paper][0].first;
            r.nodes[base].iter().filter(|n| mine < n.first).count() as f64 / 6.0
        });
        assert_eq!(row.unique_first_vs_baseline.fewer, Share::clustered(shares));
        let mut ratios: Vec<f64> = all.iter().map(|r| r.nodes[paper][0].first as f64 / mean(r)).collect();
        ratios.sort_by(f64::total_cmp);
        let middle = (ratios[19] + ratios[20]) / 2.0;
        assert!((row.first_vs_expected.median_ratio - middle).abs() < 1e-12);
        // With time: the same nodes, a time for every search.
        let timed = run(&Design { time: true, ..plain }, &Stop::never(), &()).unwrap();
        let timed_sample = &timed.samples[0];
        for (a, b) in sample.runs.iter().zip(&timed_sample.runs) {
            let firsts = |r: &PuzzleRuns| r.nodes.iter().flatten().map(|n| (n.first, n.all)).collect::<Vec<_>>();
            assert_eq!(firsts(a), firsts(b));
            assert!(b.nodes.iter().flatten().all(|n| n.time.is_some()));
        }
        let time = timed_sample.row(PAPER).unwrap().time.unwrap();
        assert_eq!(time.first_nanos.n, 40);
        assert!(time.first_nanos.min > 0.0);
    }

    /// `repetition_free` draws repetition-free puzzles in every population
    /// of the factorial study, and other puzzles than without it.
    #[test]
    fn repetition_free_designs_draw_repetition_free_puzzles() {
        let shapes = vec![Shape {
            size: 3,
            patterns: 4,
            count: 8,
        }];
        let free = Design {
            repetition_free: true,
            random_seeds: 2,
            ..design(shapes.clone())
        };
        let study = run(&free, &Stop::never(), &()).unwrap();
        let plain = run(
            &Design {
                random_seeds: 2,
                ..design(shapes)
            },
            &Stop::never(),
            &(),
        )
        .unwrap();
        assert!(study.repetition_free && study.complete);
        for (sample, other) in study.samples.iter().zip(&plain.samples) {
            let source = Source::new(sample.population, 3, 4, true, 3).unwrap();
            for runs in &sample.runs {
                assert!(candidate(&source, runs.index).unwrap().is_repetition_free());
            }
            assert_ne!(sample.runs, other.runs, "{:?}", sample.population);
        }
    }

    #[test]
    fn the_piece_order_does_not_change_the_exhaustive_tree_of_any_cell_rule() {
        for (size, patterns) in [(3, 4), (4, 6)] {
            for index in 0..4 {
                let source = Source::new(Population::Planted, size, patterns, false, 5).unwrap();
                let puzzle = candidate(&source, index).unwrap();
                for (cells, symmetry) in itertools::iproduct!(Cells::ALL, [Symmetry::Number, Symmetry::Value]) {
                    let nodes: Vec<u64> = [Pieces::File, Pieces::Value]
                        .into_iter()
                        .map(|pieces| (pieces, 0))
                        .chain((0..3).map(|r| (Pieces::Random, r + 10)))
                        .map(|(pieces, seed)| {
                            let strategy = Strategy {
                                cells,
                                pieces,
                                symmetry,
                            };
                            Solver::with_strategy(&puzzle, strategy, seed)
                                .unwrap()
                                .count()
                                .stats
                                .nodes()
                        })
                        .collect();
                    assert!(
                        nodes.windows(2).all(|w| w[0] == w[1]),
                        "{cells:?} {symmetry:?}: {nodes:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn uniform_solvable_keeps_solvable_candidates_in_index_order() {
        let shape = Shape {
            size: 3,
            patterns: 5,
            count: 4,
        };
        let source = Source::new(Population::Uniform, shape.size, shape.patterns, false, 1).unwrap();
        let (kept, drawn) = puzzles(&source, shape.count, 100_000, &Stop::never()).unwrap();
        assert_eq!(kept.len(), 4);
        assert!(kept.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(drawn, kept[3].0 + 1);
        let solvable = |i| {
            let puzzle = candidate(&source, i).unwrap();
            crate::solve::plain::count_solutions(&puzzle) > 0
        };
        assert_eq!((0..drawn).filter(|&i| solvable(i)).count(), 4);
    }

    #[test]
    fn a_stopped_study_keeps_nothing_and_says_so() {
        let shapes = vec![Shape {
            size: 3,
            patterns: 4,
            count: 5,
        }];
        let stop = Stop::never().after(std::time::Duration::ZERO);
        let study = run(&design(shapes), &stop, &()).unwrap();
        assert!(!study.complete);
        assert!(study.samples.iter().all(|s| s.puzzles == 0));
    }
}
