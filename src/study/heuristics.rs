//! Open question 4.4: how often does maximizing the center beat Brandt et
//! al.'s random order?
//!
//! This study is a preset of the factorial one ([`factorial`]): its
//! planted population on one shape, with four strategies only ([`preset`]):
//! the `center-max`, `random` (`R` piece orders, seeds from
//! `random_order_seed`), `spiral` and `row-major` orders, each once to
//! the first solution and once to exhaustion; the measure is the solver's
//! node count (placements, see [`crate::context::Stats`]), which does not
//! depend on the machine. What it adds is the pooled head-to-head count,
//! the CDFs, the scatter plot and the sweep.
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

use serde::Serialize;

use super::plot::{self, Plot};
use super::population::Population;
#[cfg(test)]
use super::population::random_order_seed;
use super::stats::{HeadToHead, Summary, cdf};
use crate::context::Context;
use crate::solve::Order;
use crate::{Puzzle, Result};

/// Nodes one order needs on one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Nodes {
    /// To the first solution (the whole tree when there is none).
    pub first: u64,
    /// To exhaustion (every solution counted).
    pub all: u64,
}

/// One puzzle solved in every order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleRun {
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
pub fn preset() -> Vec<crate::solve::Strategy> {
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
///
/// ```
/// use scramble::study::heuristics::solve_in_every_order;
/// let puzzle = scramble::read_puzzle("fixtures/paper2x2.txt".as_ref(), Default::default()).unwrap();
/// let run = solve_in_every_order(&puzzle, 0, 0, 3, &scramble::Context::new()).unwrap().unwrap();
/// assert_eq!((run.solutions, run.random.len()), (3, 3));
/// assert!(run.center_max.first <= run.center_max.all);
/// ```
pub fn solve_in_every_order(
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
pub struct OrderSummary {
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
pub struct Versus {
    /// The order center-max is compared with.
    pub against: Order,
    /// Compared to the first solution: `fewer` = center-max needs fewer nodes.
    pub first: HeadToHead,
    /// Compared to exhaustion.
    pub all: HeadToHead,
}

/// The study on one sample.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Heuristics {
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

/// What one study run draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Grid size `n`.
    pub size: usize,
    /// Number of patterns `K`.
    pub patterns: u32,
    /// Puzzles to draw.
    pub count: usize,
    /// The seed every random draw derives from.
    pub seed: u64,
    /// Whether pieces were drawn repetition-free.
    pub repetition_free: bool,
    /// Random orders run per puzzle.
    pub random_seeds: usize,
    /// `L`: self-matching patterns beside the `K` signed ones.
    pub self_matching: u32,
}

/// Runs the study on `sample` on every core: the factorial study's
/// planted population on one shape with the [`preset`] strategies; until
/// the context's stop: the study of the puzzles solved before it (a prefix
/// in index order), so `puzzles` falls short of `sample.count` when
/// stopped.
///
/// ```
/// use scramble::study::heuristics::{run, Sample};
/// let sample = Sample { size: 3, patterns: 4, count: 20, seed: 1, repetition_free: false, random_seeds: 2, self_matching: 0 };
/// let study = run(&sample, &scramble::Context::new()).unwrap();
/// assert_eq!(study.runs.len(), 20);
/// assert_eq!(study.orders[1].runs, 40); // random: 20 puzzles x 2 seeds
/// ```
pub fn run(sample: &Sample, context: &Context) -> Result<Heuristics> {
    let design = factorial::Design {
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
        self_matching: sample.self_matching,
        cells: crate::solve::Cells::STUDIED.to_vec(),
        strategies: Some(preset()),
        time: false,
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
pub fn pairs(runs: &[PuzzleRun], against: Order) -> Vec<(Nodes, Nodes)> {
    runs.iter()
        .flat_map(|run| {
            let others = of_order(std::slice::from_ref(run), against);
            others.into_iter().map(|other| (run.center_max, other))
        })
        .collect()
}

/// The orders reported, center-max first.
pub(crate) const ORDERS: [Order; 4] = [Order::CenterMax, Order::Random, Order::Spiral, Order::RowMajor];

fn summarise(sample: &Sample, runs: Vec<PuzzleRun>) -> Heuristics {
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
pub struct SweepCell {
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
pub fn sweep(
    sizes: &[usize],
    patterns: &[u32],
    count: impl Fn(usize) -> usize,
    template: &Sample,
    context: &Context,
) -> Result<Vec<SweepCell>> {
    let mut cells = Vec::new();
    for size in sizes.iter().copied() {
        for patterns in patterns.iter().copied() {
            let sample = Sample {
                size,
                patterns,
                count: count(size),
                ..*template
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
pub fn plots(study: &Heuristics) -> Result<Vec<Plot>> {
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
pub fn sweep_plot(cells: &[SweepCell]) -> Result<Plot> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;
    use crate::study::recipe;

    /// Nodes of `order` on `puzzle` to exhaustion.
    fn exhaustive(puzzle: &Puzzle, order: Order, seed: u64) -> u64 {
        Solver::new(puzzle, order, seed).unwrap().count().stats.nodes()
    }

    fn small(seed: u64) -> Sample {
        Sample {
            size: 3,
            patterns: 4,
            count: 30,
            seed,
            repetition_free: false,
            random_seeds: 2,
            self_matching: 0,
        }
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
        let sample = Sample {
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
            &Sample {
                repetition_free: true,
                ..sample
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
