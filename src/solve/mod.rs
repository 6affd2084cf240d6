//! Backtracking solvers for `n x n` puzzles (paper Section 3).
//!
//! [`Solver`] is the fast bitset backtracker (`fast.rs`): it finds the first
//! solution, every solution, or counts them modulo the four whole-grid
//! rotations exactly as SPEC.md defines (identical pieces are different
//! pieces; every rotation of a piece counts), in any [`Order`]. [`plain`] is
//! the obviously-correct reference it is tested against.
//!
//! Counting works on one representative per rotation class (see `fast.rs` for
//! the exact rule), so `solutions` is counted directly and `arrangements` is
//! `4 * solutions`. The search is exponential in the worst case; the tables
//! cost `O(P^2 + 4N)` per neighbour pattern for `P` pictures and `N` pieces.

mod fast;
pub mod graph;
mod order;
pub mod plain;
mod stats;
mod stop;
mod tables;

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use crate::{Arrangement, Puzzle, Result};
use fast::{CenterMax, Chooser, Constrained, Fixed, Grid, Search, State, Step};
pub use order::{Order, central_start, spiral, value_indices};
pub use stats::Stats;
use stop::Halt;
pub use stop::{POLL_EVERY, Stop};
use tables::{Dense, Kind, Tables};

/// A count of solutions with the work it took.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Count {
    /// Solutions modulo the four whole-grid rotations.
    pub solutions: u64,
    /// Solution arrangements: `4 * solutions`.
    pub arrangements: u64,
    /// The first solution in search order ([`Solver::first`]'s), kept by
    /// the count itself so that showing it needs no second search.
    #[serde(skip)]
    pub first: Option<Arrangement>,
    /// The search's statistics.
    pub stats: Stats,
}

/// The fast backtracker for one puzzle and one order.
///
/// ```
/// use scramble::solve::{Order, Solver};
/// let puzzle: scramble::Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
/// let count = solver.count();
/// assert_eq!(count.arrangements, 4 * count.solutions);
/// let (first, _) = solver.first();
/// assert!(first.unwrap().is_solution(&puzzle));
/// assert_eq!(solver.solutions().0.len() as u64, count.solutions);
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    order: Order,
    grid: Grid,
    tables: Tables,
    steps: Steps,
    start: usize,
    occurrences: Vec<u32>,
}

/// The steps a search meets.
#[derive(Clone, Debug)]
enum Steps {
    /// A static order: one step per depth.
    Fixed(Vec<Step>),
    /// Dynamic orders: a step per cell and neighbour mask, at
    /// `16 * cell + mask` (only those the search can meet have a table).
    ByCell(Vec<Step>),
}

/// Runs `$body` with `$search` bound to the solver's search polling
/// `$halt`, whatever the order's chooser type.
macro_rules! with_search {
    ($solver:expr, $halt:expr, $search:ident => $body:expr) => {
        match (&$solver.steps, $solver.order) {
            (Steps::Fixed(steps), _) => {
                let $search = $solver.search(steps, Fixed, $halt);
                $body
            }
            (Steps::ByCell(steps), Order::CenterMax) => {
                let chooser = CenterMax {
                    start: $solver.start,
                    occurrences: &$solver.occurrences,
                };
                let $search = $solver.search(steps, chooser, $halt);
                $body
            }
            (Steps::ByCell(steps), _) => {
                let chooser = Constrained {
                    start: $solver.start,
                    tables: &$solver.tables,
                    steps,
                };
                let $search = $solver.search(steps, chooser, $halt);
                $body
            }
        }
    };
}

impl Solver {
    /// Builds the candidate tables of `puzzle` for `order` (`seed` drives
    /// `random`). Fails beyond 8x8 or 128 patterns.
    pub fn new(puzzle: &Puzzle, order: Order, seed: u64) -> Result<Self> {
        let dense = Dense::new(puzzle)?;
        let n = puzzle.size();
        let (first, rest) = order.ranks(puzzle, seed);
        let grid = Grid::new(n, dense.pictures);
        let start = order.start(n);
        let mut steps = match order.cells(n) {
            Some(cells) => Steps::Fixed(fast::steps(&grid, &cells)),
            None => Steps::ByCell(
                (0..n * n)
                    .flat_map(|cell| (0..16).map(move |mask| (cell, mask)))
                    .map(|(cell, mask)| Step::new(&grid, cell, mask))
                    .collect(),
            ),
        };
        let mut tables = Tables::default();
        for step in steps.used(&grid, start) {
            let kind = Kind {
                mask: step.mask(),
                first: step.cell() == start && step.mask() == 0,
                rotation_zero: grid.fixed_rotation_cell() == Some(step.cell()),
            };
            step.base = tables.base(&dense, (&first, &rest), kind);
        }
        Ok(Solver {
            order,
            grid,
            tables,
            steps,
            start,
            occurrences: dense.occurrences,
        })
    }

    /// The order this solver walks in.
    pub fn order(&self) -> Order {
        self.order
    }

    fn cell_count(&self) -> usize {
        self.grid.n * self.grid.n
    }

    fn search<'a, C: Chooser>(&'a self, steps: &'a [Step], chooser: C, halt: Halt<'a>) -> Search<'a, C> {
        Search {
            grid: &self.grid,
            tables: &self.tables,
            steps,
            chooser,
            halt,
        }
    }

    fn stats(&self, state: &State, started: Instant) -> Stats {
        Stats {
            nodes_per_depth: state.nodes[..self.cell_count()].to_vec(),
            candidate_tests: state.tests,
            elapsed: started.elapsed(),
            stopped: state.stopped,
        }
    }

    /// The first solution in this order, if any.
    pub fn first(&self) -> (Option<Arrangement>, Stats) {
        self.first_until(&stop::NEVER)
    }

    /// [`Solver::first`] until `stop`: `None` with
    /// [`Stats::stopped`] set when it stopped before finding one.
    pub fn first_until(&self, stop: &Stop) -> (Option<Arrangement>, Stats) {
        let started = Instant::now();
        let mut state = State::new();
        let mut found = None;
        let n = self.grid.n;
        let _ = with_search!(self, Halt::on(stop), search => search.enter_and_run(&mut state, n * n, |s| {
            found = Some(s.arrangement(n));
            ControlFlow::Break(())
        }));
        (found, self.stats(&state, started))
    }

    /// The same solution as [`Solver::first`] (the first in search order),
    /// on every core: the first cells' choices are split into subtrees in
    /// search order, which rayon shares out; a task that finds a solution
    /// stops every task after it, and the earliest task's solution wins.
    /// The statistics count the work of every task, so they depend on the
    /// threads' timing; the solution does not, unless `stop` cut a task
    /// short. Stops at `stop` too.
    pub fn first_parallel(&self, stop: &Stop) -> (Option<Arrangement>, Stats) {
        let started = Instant::now();
        let n = self.grid.n;
        let (mut stats, prefixes) = self.split();
        let best = AtomicUsize::new(usize::MAX);
        let found = Mutex::new(None);
        let rest = prefixes
            .into_par_iter()
            .enumerate()
            .map(|(task, mut state)| {
                state.reset_counters();
                let halt = Halt {
                    stop,
                    behind: Some((&best, task)),
                };
                let _ = with_search!(self, halt, search => search.enter_and_run(&mut state, n * n, |s| {
                    let mut found = found.lock().expect("no task panics");
                    if best.fetch_min(task, Ordering::Relaxed) > task {
                        *found = Some(s.arrangement(n));
                    }
                    ControlFlow::Break(())
                }));
                self.stats(&state, started)
            })
            .reduce(|| Stats::new(n * n), |a, b| a.merged(&b));
        stats.add(&rest);
        stats.elapsed = started.elapsed();
        let found = found.into_inner().expect("no task panics");
        stats.stopped &= found.is_none();
        (found, stats)
    }

    /// One solution per rotation class, in search order.
    pub fn solutions(&self) -> (Vec<Arrangement>, Stats) {
        let started = Instant::now();
        let mut state = State::new();
        let mut found = Vec::new();
        let n = self.grid.n;
        let _ = with_search!(self, Halt::on(&stop::NEVER), search => search.enter_and_run(&mut state, n * n, |s| {
            found.push(s.arrangement(n));
            ControlFlow::Continue(())
        }));
        (found, self.stats(&state, started))
    }

    /// Counts solutions on this thread.
    pub fn count(&self) -> Count {
        self.count_until(&stop::NEVER)
    }

    /// [`Solver::count`] until `stop`: when it stops early the count is a
    /// lower bound and [`Stats::stopped`] is set.
    pub fn count_until(&self, stop: &Stop) -> Count {
        let started = Instant::now();
        let mut state = State::new();
        let mut tally = Tally::default();
        let n = self.grid.n;
        let _ = with_search!(self, Halt::on(stop), search => search.enter_and_run(&mut state, n * n, |s| {
            tally.add(|| s.arrangement(n));
            ControlFlow::Continue(())
        }));
        tally.count(self.stats(&state, started))
    }

    /// Counts solutions on every core: the first cells' choices are
    /// enumerated until there are enough subtrees, which rayon shares out.
    /// The result, statistics included, equals [`Solver::count`]'s.
    pub fn count_parallel(&self) -> Count {
        self.count_parallel_with(&stop::NEVER, &())
    }

    /// [`Solver::count_parallel`] until `stop` (then the count is a lower
    /// bound and [`Stats::stopped`] is set), reporting subtrees to
    /// `progress`: their number, then each one done. The first solution is
    /// the earliest subtree's first, so it is [`Solver::first`]'s.
    pub fn count_parallel_with(&self, stop: &Stop, progress: &dyn crate::Progress) -> Count {
        let started = Instant::now();
        let n = self.grid.n;
        let (mut stats, prefixes) = self.split();
        progress.start(prefixes.len() as u64);
        let (tally, rest) = prefixes
            .into_par_iter()
            .map(|mut state| {
                state.reset_counters();
                let mut tally = Tally::default();
                let _ = with_search!(self, Halt::on(stop), search => {
                    search.enter_and_run(&mut state, n * n, |s| {
                        tally.add(|| s.arrangement(n));
                        ControlFlow::Continue(())
                    })
                });
                progress.advance(1);
                (tally, self.stats(&state, started))
            })
            .reduce(
                || (Tally::default(), Stats::new(n * n)),
                |(a, mut sa), (b, sb)| {
                    sa.add(&sb);
                    (a.then(b), sa)
                },
            );
        stats.add(&rest);
        stats.elapsed = started.elapsed();
        tally.count(stats)
    }

    /// The subtrees a parallel search shares out, in search order: every
    /// partial state at the first depth with at least 32 per thread (or
    /// none), with the work it took to list them.
    fn split(&self) -> (Stats, Vec<State>) {
        let cells = self.cell_count();
        let wanted = 32 * rayon::current_num_threads().max(1);
        (1..cells)
            .map(|depth| self.prefixes(depth))
            .find(|(_, prefixes)| prefixes.len() >= wanted || prefixes.is_empty())
            .unwrap_or_else(|| self.prefixes(cells - 1))
    }

    /// Every partial state of `depth` placed pieces, with the work it took.
    fn prefixes(&self, depth: usize) -> (Stats, Vec<State>) {
        let started = Instant::now();
        let mut state = State::new();
        let mut prefixes = Vec::new();
        let _ = with_search!(self, Halt::on(&stop::NEVER), search => search.enter_and_run(&mut state, depth, |s| {
            prefixes.push(s.clone());
            ControlFlow::Continue(())
        }));
        (self.stats(&state, started), prefixes)
    }
}

/// Solutions counted in search order, with the first one kept.
#[derive(Default)]
struct Tally {
    solutions: u64,
    first: Option<Arrangement>,
}

impl Tally {
    /// One more solution; `arrangement` is only built for the first.
    fn add(&mut self, arrangement: impl FnOnce() -> Arrangement) {
        if self.solutions == 0 {
            self.first = Some(arrangement());
        }
        self.solutions += 1;
    }

    /// This tally followed by a later one in search order.
    fn then(self, later: Tally) -> Tally {
        Tally {
            solutions: self.solutions + later.solutions,
            first: self.first.or(later.first),
        }
    }

    fn count(self, stats: Stats) -> Count {
        Count::new(self.solutions, self.first, stats)
    }
}

impl Count {
    /// `solutions` (modulo rotation) and the work it took; `arrangements`
    /// is `4 * solutions`.
    pub fn new(solutions: u64, first: Option<Arrangement>, stats: Stats) -> Count {
        Count {
            solutions,
            arrangements: 4 * solutions,
            first,
            stats,
        }
    }
}

impl Steps {
    /// Every step the search can meet: along the order for static orders;
    /// for `center-max` the start cell alone, then every cell with any
    /// non-empty subset of its neighbours.
    fn used(&mut self, grid: &Grid, start: usize) -> Vec<&mut Step> {
        match self {
            Steps::Fixed(steps) => steps.iter_mut().collect(),
            Steps::ByCell(steps) => steps
                .iter_mut()
                .filter(|step| {
                    let cell = step.cell();
                    let around = (0..4)
                        .filter(|&d| grid.neighbours[cell][d] != fast::NONE)
                        .fold(0, |m, d| m | 1 << d);
                    let mask = step.mask();
                    mask & around == mask && (mask != 0 || cell == start)
                })
                .collect(),
        }
    }
}

/// Counts a puzzle's solutions modulo rotation with the default order, on
/// every core for grids of 4x4 and up.
///
/// ```
/// let puzzle = scramble::read_puzzle("fixtures/paper2x2.txt".as_ref(), Default::default()).unwrap();
/// assert!(scramble::solve::count_solutions(&puzzle).unwrap() >= 1);
/// ```
pub fn count_solutions(puzzle: &Puzzle) -> Result<u64> {
    let solver = Solver::new(puzzle, Order::default(), 0)?;
    let count = if puzzle.size() >= 4 {
        solver.count_parallel()
    } else {
        solver.count()
    };
    Ok(count.solutions)
}
