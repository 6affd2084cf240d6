//! Backtracking solvers for `n x n` puzzles (paper Section 3).
//!
//! [`Solver`] is the fast bitset backtracker (`fast.rs`): it finds the first
//! solution, every solution, or counts them modulo the four whole-grid
//! rotations exactly as docs/format.md defines (identical pieces are different
//! pieces; every rotation of a piece counts), in any [`Order`]. [`plain`] is
//! the obviously-correct reference it is tested against.
//!
//! Counting works on one representative per rotation class (see `fast.rs` for
//! the exact rule), so `solutions` is counted directly and `arrangements` is
//! `4 * solutions`. The search is exponential in the worst case; the tables
//! cost `O(P^2 + 4N)` per neighbour pattern for `P` pictures and `N` pieces.

#[cfg(test)]
mod against_plain;
mod estimate;
mod fast;
pub mod graph;
mod order;
pub mod plain;
mod restart;
mod stats;
mod stop;
mod tables;

use std::ops::{ControlFlow, Range};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use crate::{Arrangement, Puzzle, Result};
pub use estimate::{Estimate, Rule};
use fast::{CenterMax, Chooser, Constrained, Fixed, Grid, Search, State, Step};
pub use order::{Cells, Order, Pieces, Strategy, Symmetry, central_start, spiral, value_indices};
pub use restart::{Restarted, Restarts, luby};
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
    strategy: Strategy,
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
        match (&$solver.steps, $solver.strategy.cells) {
            (Steps::Fixed(steps), _) => {
                let $search = $solver.search(steps, Fixed, $halt);
                $body
            }
            (Steps::ByCell(steps), cells @ (Cells::Neighbours | Cells::Paper)) => {
                let chooser = CenterMax {
                    start: $solver.start,
                    occurrences: &$solver.occurrences,
                    rarest_first: cells == Cells::Paper,
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
        Self::with_strategy(puzzle, order.strategy(), seed)
    }

    /// [`Solver::new`] for any cell, piece and symmetry rule.
    pub fn with_strategy(puzzle: &Puzzle, strategy: Strategy, seed: u64) -> Result<Self> {
        let dense = Dense::new(puzzle)?;
        let n = puzzle.size();
        let (first, rest) = strategy.pieces.ranks(puzzle, seed);
        let grid = Grid::new(n, dense.pictures).with_symmetry(&strategy.symmetry_ranks(puzzle, seed));
        let start = strategy.cells.start(n);
        let mut steps = match strategy.cells.cells(n) {
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
            strategy,
            grid,
            tables,
            steps,
            start,
            occurrences: dense.occurrences,
        })
    }

    /// The cell, piece and symmetry rules this solver walks by.
    pub fn strategy(&self) -> Strategy {
        self.strategy
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

    /// Knuth's estimate of the nodes an exhaustive search in this order
    /// visits (what [`Solver::count`]'s [`Stats::nodes`] would be), from
    /// `probes` random root-to-leaf probes seeded by `seed`, with the
    /// pruning `rule` applied in the probes only (see the `estimate`
    /// module). Stops early at `stop`, using the probes done.
    ///
    /// # Complexity
    /// `O(probes * n^2 * C)` for `C` candidates per bucket; no search.
    ///
    /// ```
    /// use scramble::solve::{Order, Rule, Solver, Stop};
    /// let puzzle: scramble::Puzzle = "1+ 2+ 1- 2-\n1+ 1- 2+ 2-\n2+ 1+ 2- 1-\n1- 2- 1+ 2+".parse().unwrap();
    /// let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
    /// let estimate = solver.estimate(20_000, 1, Rule::None, &Stop::never());
    /// let exact = solver.count().stats.nodes() as f64;
    /// assert!((estimate.nodes - exact).abs() <= 5.0 * estimate.standard_error.max(1e-9));
    /// ```
    pub fn estimate(&self, probes: u64, seed: u64, rule: Rule, stop: &Stop) -> Estimate {
        let probe = self.probe(rule);
        with_search!(self, Halt::on(&stop::NEVER), search => probe.run(&search, probes, seed, stop))
    }

    /// The probes of `rule` over this solver's puzzle.
    fn probe(&self, rule: Rule) -> estimate::Probe<'_> {
        estimate::Probe {
            rule,
            occurrences: &self.occurrences,
        }
    }

    /// Every node and solution of the exhaustive tree with `rule` pruning,
    /// walked through [`estimate`]'s primitives (for tests of them).
    #[cfg(test)]
    fn exhaust(&self, rule: Rule) -> (u64, u64) {
        let probe = self.probe(rule);
        with_search!(self, Halt::on(&stop::NEVER), search => probe.exhaust(&search))
    }

    /// The first solution in this order, if any.
    pub fn first(&self) -> (Option<Arrangement>, Stats) {
        self.first_until(&stop::NEVER)
    }

    /// [`Solver::first`] until `stop`: `None` with
    /// [`Stats::stopped`] set when it stopped before finding one.
    pub fn first_until(&self, stop: &Stop) -> (Option<Arrangement>, Stats) {
        let walked = self.walk(State::new(), stop, 0..1, 1, Instant::now());
        (walked.kept.into_iter().next(), walked.stats)
    }

    /// The solution of number `index` (from 0) in search order, the
    /// `index`-th of [`Solver::solutions`], searching no further than it;
    /// with the number of solutions met, which is the exact count when
    /// there are too few (then `None`). `nth(0)` is [`Solver::first`]'s.
    ///
    /// # Complexity
    /// The search up to that solution (the whole search when there are
    /// fewer), keeping only that one.
    ///
    /// ```
    /// use scramble::solve::{Order, Solver};
    /// let puzzle: scramble::Puzzle = "1+ 1+ 1- 1-\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-".parse().unwrap();
    /// let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
    /// let all = solver.solutions().0;
    /// assert_eq!(solver.nth(1).0.as_ref(), all.get(1));
    /// assert_eq!(solver.nth(all.len() as u64), (None, all.len() as u64));
    /// ```
    pub fn nth(&self, index: u64) -> (Option<Arrangement>, u64) {
        let (found, met, _) = self.nth_until(index, &stop::NEVER);
        (found, met)
    }

    /// [`Solver::nth`] that gives up when `stop` is reached; the third
    /// value says whether it did (then `None` says nothing of the count).
    pub fn nth_until(&self, index: u64, stop: &Stop) -> (Option<Arrangement>, u64, bool) {
        let end_after = index.saturating_add(1);
        let walked = self.walk(State::new(), stop, index..end_after, end_after, Instant::now());
        (walked.kept.into_iter().next(), walked.solutions, walked.stats.stopped)
    }

    /// Searches below `state` on this thread until `stop`: counts every
    /// solution, keeps those whose number (from 0, in search order) is in
    /// `keep`, and ends after `end_after` solutions.
    fn walk(&self, state: State, stop: &Stop, keep: Range<u64>, end_after: u64, started: Instant) -> Walked {
        self.walk_within(state, Halt::on(stop), keep, end_after, started)
    }

    /// [`Solver::walk`] polling `halt` (which may carry a budget).
    fn walk_within(&self, mut state: State, halt: Halt, keep: Range<u64>, end_after: u64, started: Instant) -> Walked {
        let (mut solutions, mut kept) = (0, Vec::new());
        let n = self.grid.n;
        let _ = with_search!(self, halt, search => search.enter_and_run(&mut state, n * n, |s| {
            if keep.contains(&solutions) {
                kept.push(s.arrangement(n));
            }
            solutions += 1;
            if solutions < end_after {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        }));
        Walked {
            solutions,
            kept,
            spent: state.spent,
            stats: self.stats(&state, started),
        }
    }

    /// The same solution as [`Solver::first`] (the first in search order),
    /// on every core: the first cells' choices are split into subtrees in
    /// search order, which rayon shares out; a task that finds a solution
    /// stops every task after it, and the earliest task's solution wins.
    /// The statistics count the work of every task, so they depend on the
    /// threads' timing; the solution does not, unless `stop` cut a task
    /// short. Stops at `stop` too.
    pub fn first_parallel(&self, stop: &Stop) -> (Option<Arrangement>, Stats) {
        self.first_parallel_with(stop, &())
    }

    /// [`Solver::first_parallel`] telling `progress` of the placements made,
    /// [`POLL_EVERY`] at a time (placements that went deeper; the leaves
    /// are not counted), from every task.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use scramble::solve::{Order, Solver, Stop, POLL_EVERY};
    /// struct Nodes(AtomicU64);
    /// impl scramble::Progress for Nodes {
    ///     fn advance(&self, n: u64) { self.0.fetch_add(n, Ordering::Relaxed); }
    /// }
    /// let puzzle = scramble::read_puzzle("fixtures/hard/s6-k6-seed13-0004.txt".as_ref(), Default::default()).unwrap();
    /// let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
    /// let nodes = Nodes(AtomicU64::new(0));
    /// let (found, stats) = solver.first_parallel_with(&Stop::never(), &nodes);
    /// assert!(found.is_some());
    /// let told = nodes.0.load(Ordering::Relaxed);
    /// assert!(told > 0 && told <= stats.nodes() && told % u64::from(POLL_EVERY) == 0);
    /// ```
    pub fn first_parallel_with(&self, stop: &Stop, progress: &dyn crate::Progress) -> (Option<Arrangement>, Stats) {
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
                    behind: Some((&best, task)),
                    progress,
                    ..Halt::on(stop)
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
        let walked = self.walk(State::new(), &stop::NEVER, 0..u64::MAX, u64::MAX, Instant::now());
        (walked.kept, walked.stats)
    }

    /// Counts solutions on this thread.
    pub fn count(&self) -> Count {
        self.count_until(&stop::NEVER)
    }

    /// [`Solver::count`] until `stop`: when it stops early the count is a
    /// lower bound and [`Stats::stopped`] is set.
    pub fn count_until(&self, stop: &Stop) -> Count {
        self.count_keeping(stop, 1).0
    }

    /// [`Solver::count_until`] that also keeps the first `keep` solutions
    /// in search order (those of [`Solver::solutions`]), from the same
    /// search: the count stays exact however small `keep` is. The count's
    /// [`Count::first`] is kept even when `keep` is 0.
    ///
    /// # Complexity
    /// The full search, plus `O(keep * n^2)` to keep solutions.
    ///
    /// ```
    /// use scramble::solve::{Order, Solver, Stop};
    /// let puzzle: scramble::Puzzle = "1+ 1+ 1- 1-\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-".parse().unwrap();
    /// let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
    /// let (count, kept) = solver.count_keeping(&Stop::never(), 2);
    /// assert_eq!(count.solutions, solver.count().solutions);
    /// assert_eq!(kept[..], solver.solutions().0[..2]);
    /// assert_eq!(kept.len(), 2);
    /// ```
    pub fn count_keeping(&self, stop: &Stop, keep: u64) -> (Count, Vec<Arrangement>) {
        let walked = self.walk(State::new(), stop, 0..keep.max(1), u64::MAX, Instant::now());
        walked.count(keep)
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
        self.count_parallel_keeping(stop, 1, progress).0
    }

    /// [`Solver::count_parallel_with`] that also keeps the first `keep`
    /// solutions in search order, the same as [`Solver::count_keeping`]'s:
    /// each subtree keeps its first `keep`, and the subtrees are joined in
    /// search order.
    pub fn count_parallel_keeping(
        &self,
        stop: &Stop,
        keep: u64,
        progress: &dyn crate::Progress,
    ) -> (Count, Vec<Arrangement>) {
        let started = Instant::now();
        let (stats, prefixes) = self.split();
        progress.start(prefixes.len() as u64);
        let walked: Vec<Walked> = prefixes
            .into_par_iter()
            .map(|mut state| {
                state.reset_counters();
                let walked = self.walk(state, stop, 0..keep.max(1), u64::MAX, started);
                progress.advance(1);
                walked
            })
            .collect();
        let mut whole = Walked {
            solutions: 0,
            kept: Vec::new(),
            spent: false,
            stats,
        };
        for part in walked {
            whole.solutions += part.solutions;
            whole.stats.add(&part.stats);
            let room = usize::try_from(keep.max(1)).unwrap_or(usize::MAX) - whole.kept.len();
            whole.kept.extend(part.kept.into_iter().take(room));
        }
        whole.stats.elapsed = started.elapsed();
        whole.count(keep)
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

/// What a search on one thread found: the count and the solutions kept.
struct Walked {
    solutions: u64,
    kept: Vec<Arrangement>,
    /// The search gave up at its budget.
    spent: bool,
    stats: Stats,
}

impl Walked {
    /// The count (its first solution the first kept) and the first `keep`
    /// solutions kept.
    fn count(mut self, keep: u64) -> (Count, Vec<Arrangement>) {
        let first = self.kept.first().cloned();
        self.kept.truncate(usize::try_from(keep).unwrap_or(usize::MAX));
        (Count::new(self.solutions, first, self.stats), self.kept)
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
