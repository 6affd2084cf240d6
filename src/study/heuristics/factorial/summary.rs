//! Summarising the runs: each strategy against the baseline, by nodes and by
//! time, with the shares and intervals of the report.

use serde::Serialize;

use crate::solve::{Cells, Pieces, Strategy, Symmetry};
use crate::study::population::Population;
use crate::study::rates::Share;
use crate::study::stats::Summary;

use super::*;

/// A strategy against the baseline, puzzle by puzzle. A strategy with
/// random pieces runs its order `r` against every baseline order `s != r`
/// (independent orders: `R (R - 1)` comparisons per puzzle); one without
/// runs against all `R` baseline orders.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub(crate) struct Versus {
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
pub(crate) struct Expected {
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
pub(crate) struct Timed {
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
pub(crate) struct Row {
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
    /// Wall time, when measured ([`Options::time`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<Timed>,
}

/// One population on one shape.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Sample {
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
pub(crate) struct Factorial {
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

pub(super) fn summarise(
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
pub(crate) const PARTS: [(&str, Strategy); 6] = [
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
