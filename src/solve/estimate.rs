//! How big is a search tree before searching it: Knuth's estimator.
//!
//! A *probe* walks from the root to a leaf, at each node taking one of its
//! `d` children uniformly at random, and adds up the running products
//! `d_0`, `d_0 d_1`, `d_0 d_1 d_2`, ... Their expected value is exactly the
//! number of nodes of the tree (D. E. Knuth, "Estimating the efficiency of
//! backtrack programs", Math. Comp. 29, 1975), because a node at depth `k`
//! is reached with probability `1 / (d_0 ... d_{k-1})`. The mean over many
//! probes therefore estimates what an exhaustive [`Solver::count`] would
//! visit, node for node as [`Stats::nodes`](super::Stats::nodes) counts
//! them, in the solver's own order and with its symmetry rule, for a
//! fraction of the cost: one probe is at most `n^2` steps.
//!
//! The estimator is unbiased but heavy-tailed (rare probes that go deep
//! carry huge products), so the 95% interval is 2.6 standard errors either
//! side of the mean rather than the normal 1.96 (measured: [`Estimate::low`]),
//! and only as good as the probes are many; compare estimates on a log
//! scale. `tests` checks it against exhaustive counts.
//!
//! A probe can also apply a pruning [`Rule`] that the solver does not: a
//! node the rule rejects is counted but not expanded, so the estimate is
//! the size of the tree *with* that rule. That measures what a rule would
//! save before it is written into the hot loop.

use std::time::Duration;
use web_time::Instant;

use super::fast::{Chooser, Geometry, Kernel, State};
use super::tables::Candidate;
use crate::context::Context;
use crate::rng::Rng;

/// A pruning rule to try in probes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// The solver's own tree.
    #[default]
    None,
    /// Supply and demand per picture: the unused pieces must carry every
    /// picture the open sides of the placed region need, as often as they
    /// need it, and enough complementary pairs for the boundaries still
    /// to be filled between empty cells. Weak by construction: the pair
    /// condition only sees the pictures of placed sides on the grid border.
    SupplyDemand,
}

/// What [`Solver::estimate`](super::Solver::estimate) found.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Estimate {
    /// Probes walked.
    pub probes: u64,
    /// The pruning rule the probes applied.
    pub rule: Rule,
    /// Estimated nodes per depth (index 0: the first cell filled).
    pub nodes_per_depth: Vec<f64>,
    /// Estimated nodes of the whole tree: what an exhaustive search visits.
    pub nodes: f64,
    /// The standard error of `nodes`.
    pub standard_error: f64,
    /// The low end of the 95% interval on `nodes`: `nodes - 2.6 * standard_error`
    /// (at least 0; 2.6 rather than 1.96 for heavy tails, docs/guide.md).
    pub low: f64,
    /// The high end of that interval.
    pub high: f64,
    /// Probes that reached a full grid: a solution (or, with a rule, a
    /// solution the rule let through).
    pub full: u64,
    /// Wall-clock time of the probes (`seconds` in JSON, as in every
    /// report).
    #[serde(rename = "seconds", serialize_with = "crate::context::seconds")]
    pub elapsed: Duration,
    /// The time limit or a cancel stopped the probes early (the estimate
    /// uses the probes done). Not in the JSON: a front-end says why, as
    /// `complete` and `stopped` (docs/json.md).
    #[serde(skip)]
    pub stopped: bool,
}

/// Standard errors on either side of the mean in the 95% interval: 2.6,
/// not the normal 1.96. Knuth's estimates are heavy-tailed, so a small
/// sample's standard error is often too small: at 1,000 probes the normal
/// interval held the exact node count in only 90.0% of 4,000 runs (200
/// generated 3x3 and 4x4 puzzles, 20 seeds each), and 95% of those runs
/// erred by at most 2.51 standard errors. 2.6 holds 95% there, and more on
/// the real puzzles, which took no part in choosing it
/// (`examples/estimate_coverage.rs`, docs/guide.md).
pub(crate) const Z: f64 = 2.6;

/// Probes between two polls of the stop conditions.
const POLL_PROBES: u64 = 64;

/// What a probe needs besides the search: the puzzle's picture counts for
/// [`Rule::SupplyDemand`].
pub(super) struct Probe<'a> {
    pub rule: Rule,
    /// How often each dense picture occurs on the pieces.
    pub occurrences: &'a [u32],
}

impl Probe<'_> {
    /// Walks `probes` probes (fewer if the context's stop is reached)
    /// seeded by `seed`, telling the context's progress the probes done.
    pub fn run<C: Chooser>(&self, search: &Kernel<'_, C>, probes: u64, seed: u64, context: &Context) -> Estimate {
        let started = Instant::now();
        let cells = search.grid.n * search.grid.n;
        let mut rng = Rng::new(seed);
        let mut per_depth = vec![0.0; cells];
        let (mut sum, mut squares, mut done, mut full) = (0.0, 0.0, 0, 0);
        let mut children = Vec::with_capacity(4 * cells);
        let mut stopped = false;
        let (progress, mut reported) = (context.progress(), 0);
        progress.start(probes);
        while done < probes {
            if done % POLL_PROBES == 0 {
                progress.advance(done - reported);
                reported = done;
                if context.stop().reached() {
                    stopped = true;
                    break;
                }
            }
            let (total, depth) = self.probe(search, &mut rng, &mut children, &mut per_depth, &mut State::new());
            sum += total;
            squares += total * total;
            full += u64::from(depth == cells);
            done += 1;
        }
        progress.advance(done - reported);
        let count = done.max(1) as f64;
        let mean = sum / count;
        let variance = if done > 1 {
            ((squares - sum * mean) / (count - 1.0)).max(0.0)
        } else {
            0.0
        };
        let standard_error = (variance / count).sqrt();
        per_depth.iter_mut().for_each(|v| *v /= count);
        Estimate {
            probes: done,
            rule: self.rule,
            nodes_per_depth: per_depth,
            nodes: mean,
            standard_error,
            low: (mean - Z * standard_error).max(0.0),
            high: mean + Z * standard_error,
            full,
            elapsed: started.elapsed(),
            stopped,
        }
    }

    /// Knuth's estimate of the nodes below `state` (a position of
    /// `search`, left as it was): the mean of `probes` probes from it,
    /// seeded by `seed`. `O(probes * n^2 * C)`.
    pub(crate) fn below_state<C: Chooser>(
        &self,
        search: &Kernel<'_, C>,
        state: &mut State,
        probes: u64,
        seed: u64,
    ) -> f64 {
        let mut rng = Rng::new(seed);
        let mut per_depth = vec![0.0; search.grid.n * search.grid.n];
        let mut children = Vec::new();
        let sum: f64 = (0..probes)
            .map(|_| self.probe(search, &mut rng, &mut children, &mut per_depth, state).0)
            .sum();
        sum / probes.max(1) as f64
    }

    /// One probe from `state` (taken off again at the end): its
    /// running-product sum and the depth it reached.
    fn probe<C: Chooser>(
        &self,
        search: &Kernel<'_, C>,
        rng: &mut Rng,
        children: &mut Vec<Candidate>,
        per_depth: &mut [f64],
        state: &mut State,
    ) -> (f64, usize) {
        let start = state.depth();
        let mut cells = Vec::with_capacity(per_depth.len());
        let (mut weight, mut total) = (1.0, 0.0);
        let mut reached = per_depth.len();
        for (depth, slot) in per_depth.iter_mut().enumerate().skip(start) {
            children.clear();
            let cell = search.children(state, children);
            if children.is_empty() {
                reached = depth;
                break;
            }
            weight *= children.len() as f64;
            *slot += weight;
            total += weight;
            state.place(cell, children[rng.below(children.len())]);
            cells.push(cell);
            if !self.admits(search.grid, state) {
                reached = depth + 1;
                break;
            }
        }
        cells.iter().rev().for_each(|&cell| state.unplace(cell));
        (total, reached)
    }

    /// Whether the rule lets the search go below `state`.
    pub fn admits(&self, grid: &Geometry, state: &State) -> bool {
        match self.rule {
            Rule::None => true,
            Rule::SupplyDemand => supply_meets_demand(grid, state, self.occurrences),
        }
    }
}

/// Supply and demand per picture, a necessary condition for the placed
/// region to extend to a solution.
///
/// Let `s(x)` count picture `x` on the unused pieces and `d(x)` the open
/// sides that need `x` (an empty cell next to a placed piece showing the
/// complement of `x`). In a completion every needed side is met by a distinct
/// unused side, every boundary between two empty cells (`E` of them) takes
/// one `+a` and one `-a` (or two `a=` of a self-matching pattern), and the
/// rest lie on the border. So with
/// `e(x) = s(x) - d(x)`: every `e(x) >= 0`, and the pairs available,
/// `sum over patterns a of min(e(+a), e(-a))` (`e(a=) / 2` for a
/// self-matching `a`), are at least `E`.
///
/// A remark that decides where the rule can help: `e(+a) - e(-a)` is the
/// puzzle's imbalance `s_all(+a) - s_all(-a)` minus that of the placed
/// pieces' sides *on the grid border* (matched sides inside the region
/// cancel, and an open side adds to `s` exactly what it adds to `d`). The
/// pair condition is therefore a condition on border pictures only, and it
/// cannot fire before the placed region reaches the border.
///
/// `O(n^2)` per call.
pub(super) fn supply_meets_demand(grid: &Geometry, state: &State, occurrences: &[u32]) -> bool {
    let mut left: [i32; 256] = [0; 256];
    for (x, &count) in occurrences.iter().enumerate() {
        left[x] = count as i32;
    }
    let (_, filled) = state.used_and_filled();
    let cells = grid.n * grid.n;
    let mut inner_empty = 0;
    for cell in 0..cells {
        let around = grid.neighbours[cell];
        if filled >> cell & 1 != 0 {
            let placed = state.at(cell);
            (0..4).for_each(|d| left[usize::from(placed.side(d))] -= 1);
            continue;
        }
        for (d, &nb) in around.iter().enumerate() {
            if nb == super::fast::NONE {
                continue;
            }
            if filled >> nb & 1 != 0 {
                let shown = state.at(usize::from(nb)).side((d + 2) as u8);
                left[usize::from(grid.complements.of(shown))] -= 1;
            } else if usize::from(nb) > cell {
                inner_empty += 1;
            }
        }
    }
    let pictures = occurrences.len();
    if left[..pictures].iter().any(|&e| e < 0) {
        return false;
    }
    // A self-matching picture `X=` (dense `2r`, `2r + 1` unused) pairs with
    // itself: `e(X=) / 2` boundaries.
    let pairs: i32 = left[..pictures]
        .chunks(2)
        .enumerate()
        .map(|(r, pm)| match grid.complements.is_self_matching(2 * r) {
            true => pm[0] / 2,
            false => pm[0].min(pm[1]),
        })
        .sum();
    pairs >= inner_empty
}

/// What walking a whole tree one child at a time found (for tests).
#[cfg(test)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Walk {
    /// Placements.
    pub nodes: u64,
    /// Full grids.
    pub full: u64,
    /// Candidates checked one by one, a whole bucket per cell entered.
    pub tests: u64,
}

#[cfg(test)]
impl Probe<'_> {
    /// Nodes, full grids and candidate tests of the whole tree, depth
    /// first through the same children and rule as the probes.
    pub(crate) fn exhaust<C: Chooser>(&self, search: &Kernel<'_, C>) -> Walk {
        let cells = search.grid.n * search.grid.n;
        let mut state = State::new();
        self.below(search, &mut state, cells)
    }

    fn below<C: Chooser>(&self, search: &Kernel<'_, C>, state: &mut State, cells: usize) -> Walk {
        let mut children = Vec::new();
        let cell = search.children(state, &mut children);
        let mut found = Walk {
            tests: search.bucket_len(state),
            ..Walk::default()
        };
        for c in children {
            state.place(cell, c);
            found.nodes += 1;
            if state.used_and_filled().1.count_ones() as usize == cells {
                found.full += 1;
            } else if self.admits(search.grid, state) {
                let below = self.below(search, state, cells);
                found.nodes += below.nodes;
                found.full += below.full;
                found.tests += below.tests;
            }
            state.unplace(cell);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Stop;
    use crate::puzzle::generate::{PlantOptions, planted};
    use crate::solve::{Order, Solver};

    fn puzzles() -> impl Iterator<Item = crate::Puzzle> {
        let mut rng = Rng::new(41);
        (0..15).map(move |i| {
            let (size, patterns) = [(2, 2), (3, 2), (3, 3), (4, 4), (4, 5)][i % 5];
            planted(size, patterns, &mut rng, PlantOptions::default()).unwrap().0
        })
    }

    /// The probes' children are the search's: walking every child gives
    /// the exhaustive count's nodes and solutions, in every order, and
    /// checking each bucket one candidate at a time gives its candidate
    /// tests (the search checks windows at once and skips a dead end by
    /// its bucket's pieces).
    #[test]
    fn the_probed_tree_is_the_searched_tree() {
        for puzzle in puzzles() {
            for order in Order::ALL {
                let solver = Solver::new(&puzzle, order, 3).unwrap();
                let count = solver.count();
                let walk = solver.exhaust(Rule::None);
                assert_eq!(
                    (walk.nodes, walk.full, walk.tests),
                    (count.stats.nodes(), count.solutions, count.stats.candidate_tests),
                    "{order:?}\n{puzzle}"
                );
            }
        }
    }

    /// Supply and demand never cuts a solution, and never adds nodes.
    #[test]
    fn supply_and_demand_is_sound() {
        for puzzle in puzzles() {
            for order in [Order::Spiral, Order::RowMajor, Order::MostConstrained] {
                let solver = Solver::new(&puzzle, order, 0).unwrap();
                let Walk {
                    nodes: all,
                    full: solutions,
                    ..
                } = solver.exhaust(Rule::None);
                let Walk {
                    nodes: pruned,
                    full: kept,
                    ..
                } = solver.exhaust(Rule::SupplyDemand);
                assert_eq!(kept, solutions, "{order:?}\n{puzzle}");
                assert!(pruned <= all);
            }
        }
    }

    /// The rule fires: a region that needs a picture no unused piece has.
    #[test]
    fn supply_and_demand_rejects_a_missing_picture() {
        // No piece carries 4-: piece 0 (in the first cell, by the symmetry
        // rule) turned with 4+ down dooms the cell below, which row-major
        // fills only after the cell to its right.
        let puzzle: crate::Puzzle = "1+ 1+ 4+ 1+\n1- 1+ 1- 1+\n1- 1+ 1- 1+\n1- 1+ 1- 1+".parse().unwrap();
        let solver = Solver::new(&puzzle, Order::RowMajor, 0).unwrap();
        assert_eq!(solver.count().solutions, 0);
        let all = solver.exhaust(Rule::None).nodes;
        let pruned = solver.exhaust(Rule::SupplyDemand).nodes;
        assert!(pruned < all, "{pruned} < {all}");
    }

    /// The mean of many probes lands near the exhaustive count.
    #[test]
    fn estimates_agree_with_exhaustive_counts() {
        for puzzle in puzzles().skip(3).step_by(5).take(3) {
            let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
            let exact = solver.count().stats.nodes() as f64;
            let estimate = solver.estimate(4000, 9, Rule::None, &Context::new());
            assert_eq!(estimate.probes, 4000);
            let error = (estimate.nodes - exact).abs();
            assert!(
                error <= 4.0 * estimate.standard_error + 1e-9 * exact,
                "{exact} vs {estimate:?}"
            );
            let again = solver.estimate(4000, 9, Rule::None, &Context::new());
            assert_eq!(
                (estimate.nodes, estimate.nodes_per_depth),
                (again.nodes, again.nodes_per_depth),
                "seeded"
            );
        }
    }

    /// The interval is 2.6 standard errors either side of the mean (the
    /// normal 1.96 held too few exact counts on heavy-tailed trees).
    #[test]
    fn the_interval_is_two_point_six_standard_errors_wide() {
        let puzzle = puzzles().nth(3).unwrap();
        let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
        let estimate = solver.estimate(500, 1, Rule::None, &Context::new());
        assert!(estimate.standard_error > 0.0);
        let high = estimate.nodes + 2.6 * estimate.standard_error;
        assert!((estimate.high - high).abs() <= 1e-9 * high, "{estimate:?}");
        assert_eq!(estimate.low, (estimate.nodes - 2.6 * estimate.standard_error).max(0.0));
    }

    /// Forward checking in a static order would test, after each
    /// placement, the empty cells other than the next one that have two or
    /// more placed neighbours (a cell with one rarely has no candidate).
    /// In the spiral and in row-major order there is never such a cell:
    /// the next cell is the only one, and the search checks it anyway.
    #[test]
    fn static_orders_leave_forward_checking_nothing_to_check() {
        for n in 2..=8 {
            let grid = crate::puzzle::grid::Grid::new(n);
            for cells in [crate::solve::order::spiral(n), (0..n * n).collect()] {
                for depth in 1..cells.len() {
                    let placed = &cells[..depth];
                    let watched = cells[depth + 1..].iter().filter(|&&cell| {
                        (0..4)
                            .filter_map(|d| grid.neighbour(cell, d))
                            .filter(|nb| placed.contains(nb))
                            .count()
                            >= 2
                    });
                    assert_eq!(watched.count(), 0, "n = {n}, depth {depth}: {cells:?}");
                }
            }
        }
    }

    #[test]
    fn a_reached_stop_probes_nothing() {
        let puzzle = puzzles().next().unwrap();
        let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
        let stop = Stop::never().after(Duration::ZERO);
        let estimate = solver.estimate(100, 0, Rule::None, &Context::new().until(&stop));
        assert!(estimate.stopped);
        assert_eq!(estimate.probes, 0);
    }

    /// The context's progress is told every probe once, and the total.
    #[test]
    fn progress_counts_the_probes() {
        use crate::progress::Tally;
        let puzzle = puzzles().next().unwrap();
        let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
        let tally = Tally::default();
        let estimate = solver.estimate(1000, 3, Rule::None, &Context::new().reporting(&tally));
        assert_eq!(
            (estimate.probes, tally.total.into_inner(), tally.done.into_inner()),
            (1000, 1000, 1000)
        );
    }
}
