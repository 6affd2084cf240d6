//! Solvers for `n x n` puzzles (paper Section 3) behind one front.
//!
//! A [`Search`] says what to find ([`Goal`]: the first solution, a count
//! keeping the first few, the `i`-th, a list), when to stop ([`Stop`]), whom
//! to tell how far it got, whether to split over the threads it runs on
//! ([`Threads`]: the policy lives with the [`Context`]) and
//! whether to keep [`Stats`]. [`run`] runs it by a [`Method`]: the fast
//! bitset backtracker ([`Solver::run`], one kernel in `fast.rs` that every
//! goal, the statistics and the progress observe), the
//! gluing of twisted circuits ([`graph`], no tables and no size limit) or
//! randomized restarts (`Restarts`). Solutions are counted modulo the four
//! whole-grid rotations exactly as docs/format.md defines (identical pieces are
//! different pieces; every rotation of a piece counts), in any [`Order`];
//! [`plain`] is the obviously-correct reference they are tested against.
//!
//! Counting works on one representative per rotation class (the rule of
//! [`crate::puzzle::grid::Grid::keeps_rotation_class`]), so `solutions` is
//! counted directly and `arrangements` is `4 * solutions`. The search is
//! exponential in the worst case; the tables cost `O(P^2 + 4N)` per
//! neighbour pattern for `P` pictures and `N` pieces.

#[cfg(test)]
mod against_plain;
pub mod diagnose;
mod estimate;
mod fast;
pub mod frontier;
pub mod graph;
pub mod looks;
mod order;
pub mod plain;
mod restart;
pub mod shards;
mod stats;
mod symmetric;
mod tables;
mod twins;

use std::ops::{ControlFlow, Range};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use web_time::Instant;

use rayon::prelude::*;

use crate::context::{Context, NEVER, Stats, Stop, Threads};
use crate::{Arrangement, Puzzle, Result};
pub use estimate::{Estimate, Rule};
use fast::Halt;
use fast::{CenterMax, Chooser, Constrained, Fixed, Geometry, Kernel, OnReached, Reporter, Step};
pub(crate) use fast::{Control, Observer, State};
pub use order::{Cells, Order, Pieces, Strategy, Symmetry};
use restart::Restarts;
pub(crate) use shards::Cut;
pub(crate) use shards::{Job, ShardReport};
use stats::{Counters, Tally};
pub(crate) use symmetric::Symmetric;
use tables::{Dense, Kind, Tables};
use twins::{Twins, Weighed};

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The first solution in search order.
    First,
    /// Count every solution, keeping the first `keep` in search order (the
    /// count stays exact however small `keep` is).
    Count {
        /// Solutions to keep.
        keep: u64,
    },
    /// The solution of number `i` (from 0) in search order, searching no
    /// further than it.
    Nth(u64),
    /// The first `limit` solutions in search order, searching no further.
    List {
        /// The most solutions kept.
        limit: u64,
    },
}

/// The most solutions a front-end lists or keeps (`solve --list-limit`,
/// Python's `Puzzle.solutions`): the library keeps what it is asked for,
/// so the front-ends refuse more before any search.
pub const MAX_LIST: u64 = 100_000;

impl Goal {
    /// The solution numbers a search on one thread keeps, and after how many
    /// solutions it ends.
    fn sequential(self) -> (Range<u64>, u64) {
        match self {
            Goal::First => (0..1, 1),
            Goal::Count { keep } => (0..keep, u64::MAX),
            Goal::Nth(i) => (i..i.saturating_add(1), i.saturating_add(1)),
            Goal::List { limit } => (0..limit, limit),
        }
    }
}

/// A search to run: its goal, the context it runs in (when to stop, whom
/// to tell how far it got), whether it splits over the threads. See
/// [`Solver::run`] and [`run`].
#[derive(Clone, Copy)]
pub struct Search<'a> {
    /// What to find.
    pub goal: Goal,
    /// When to stop early (then counts are lower bounds and
    /// [`Stats::stopped`] is set) and whom to tell of the subtrees done (a
    /// parallel count) or of the placements made, 16,384 at a time (a
    /// first solution, restarts). Run the search inside
    /// [`Context::install`] to hold it to the context's threads.
    pub context: Context<'a>,
    /// Whether the search splits its tree over the threads it runs on.
    pub threads: Threads,
    /// Whether the backtracker keeps its statistics (nodes per depth and
    /// candidate tests). Without them its kernel counts no nodes and
    /// [`Outcome::stats`] has zero counters (time and `stopped` are still
    /// set); the graph method and restarts always keep them.
    pub stats: bool,
}

impl Search<'static> {
    /// `goal` on [`Threads::Auto`], never stopped, telling no one.
    pub fn new(goal: Goal) -> Self {
        Search::within(goal, &Context::new())
    }
}

impl<'a> Search<'a> {
    /// `goal` stopping and reporting as `context` says, on [`Threads::Auto`].
    pub fn within(goal: Goal, context: &Context<'a>) -> Self {
        Search {
            goal,
            context: *context,
            threads: Threads::Auto,
            stats: true,
        }
    }

    /// This search on `threads`.
    pub fn on(self, threads: Threads) -> Self {
        Search { threads, ..self }
    }

    /// This search keeping no statistics (see [`Search::stats`]).
    pub fn without_stats(self) -> Self {
        Search { stats: false, ..self }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Solutions met, modulo rotation: all of them for a count that ran to
    /// its end (a lower bound when it stopped), 1 or 0 for the first
    /// solution, the number met up to the `i`-th or the list's end.
    pub solutions: u64,
    /// The solutions kept, in search order: the first, the `i`-th, the
    /// first `keep` of a count, or the list.
    pub kept: Vec<Arrangement>,
    /// The search's statistics.
    pub stats: Stats,
    /// Restarts: the runs started.
    pub runs: Option<u64>,
    /// How many of the solutions counted show a picture grid that a
    /// whole-grid turn keeps (for the count of looks, [`Outcome::looks`]):
    /// kept by a count ([`Goal::Count`]), zero for every other goal.
    pub(crate) symmetric: Symmetric,
    /// A count of a puzzle with twins ([`Solver::counting`]) passed
    /// `u64::MAX` solutions: `solutions` and `symmetric` saturated there.
    pub too_many: bool,
}

impl Outcome {
    /// This outcome, or a clear error when its count passed `u64`.
    pub(crate) fn checked(self, puzzle: &Puzzle) -> Result<Outcome> {
        if self.too_many {
            return Err(crate::Error::TooManySolutions {
                puzzle: puzzle.name().to_string(),
            });
        }
        Ok(self)
    }

    /// The first solution kept: the first one found, or the `i`-th.
    pub fn found(&self) -> Option<&Arrangement> {
        self.kept.first()
    }

    /// The distinct-looking solutions of `puzzle` (what a person can tell
    /// apart: [`crate::solve::looks`]), from this outcome of a
    /// [`Goal::Count`] that ran to its end, by Burnside's lemma over the
    /// count's own tallies. `O(N log N)`.
    ///
    /// ```
    /// use scramble::solve::{Order, Solver};
    /// let puzzle: scramble::Puzzle = "1+ 1- 1+ 1-\n1+ 1- 1+ 1-\n1+ 1- 1+ 1-\n1+ 1- 1+ 1-".parse().unwrap();
    /// let count = Solver::new(&puzzle, Order::Spiral, 0).unwrap().count();
    /// assert_eq!(count.solutions, 192);
    /// // Four identical cards: two checkerboards, the card upright or turned
    /// // in the top-left cell.
    /// assert_eq!(count.looks(&puzzle), 2);
    /// let paper: scramble::Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
    /// let count = Solver::new(&paper, Order::Spiral, 0).unwrap().count();
    /// assert_eq!((count.solutions, count.looks(&paper)), (3, 3));
    /// ```
    pub fn looks(&self, puzzle: &Puzzle) -> u64 {
        looks::from_count(puzzle, self.solutions, self.symmetric)
    }
}

/// How `solve` searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The bitset backtracker ([`Solver`]) walking by `strategy`; `seed`
    /// drives random piece orders.
    Backtrack {
        /// The cell, piece and symmetry rules.
        strategy: Strategy,
        /// Seed of random piece orders.
        seed: u64,
    },
    /// The gluing of twisted circuits ([`graph`]): no candidate tables, so
    /// no limit on the grid's size.
    Graph,
    /// Randomized restarts of the spiral for a first solution
    /// (`Restarts`): each run builds its own tables.
    Restarts {
        /// Placements of the shortest run.
        unit: u64,
        /// Seed of the runs' piece orders.
        seed: u64,
    },
}

/// Whether `puzzle` has exactly one solution modulo rotation (identical
/// cards told apart, as [`Goal::Count`] counts): the search goes no
/// further than a second solution, so it is quick when there are many.
/// `None` when the context's stop came before the answer. This is what
/// "unique" means wherever scramble keeps unique puzzles.
///
/// ```
/// use scramble::{Context, solve::unique};
/// let paper: scramble::Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// assert_eq!(unique(&paper, &Context::new()).unwrap(), Some(false)); // 3 solutions
/// let wizards = scramble::read_puzzle("fixtures/real/wizards.txt".as_ref(), Default::default()).unwrap();
/// assert_eq!(unique(&wizards, &Context::new()).unwrap(), Some(true));
/// let hard = scramble::read_puzzle("fixtures/hard/s8-k7-seed13-0001.txt".as_ref(), Default::default()).unwrap();
/// let stopped = scramble::Stop::never().after(std::time::Duration::ZERO);
/// assert_eq!(unique(&hard, &Context::new().until(&stopped)).unwrap(), None);
/// ```
pub fn unique(puzzle: &Puzzle, context: &Context) -> Result<Option<bool>> {
    let solver = Solver::new(puzzle, Order::default(), 0)?;
    let met = solver.run(&Search::within(Goal::Nth(1), context).without_stats());
    Ok((!met.stats.stopped || met.solutions > 1).then_some(met.solutions == 1))
}

/// Runs `search` on `puzzle` by `method`: the one front of every solver.
/// The backtracker takes every goal; the graph method the first solution
/// and a count; restarts the first solution only (other goals are
/// [`crate::Error::Unsupported`]). A backtracking first solution, and a
/// count that keeps at most one, search identical cards once
/// ([`Solver::counting`]; the solution is the first of that search, which
/// does not try again, in every labelling, a branch where one copy of a
/// card failed); one that keeps more (a listing)
/// searches every labelling, so that it keeps the first solutions in
/// search order as [`Goal::Nth`] numbers them.
///
/// # Complexity
/// That of the method's search; see [`Solver::run`], `graph::run` and
/// `Restarts::first`.
///
/// ```
/// use scramble::solve::{Goal, Method, Order, Search, run};
/// let puzzle: scramble::Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let backtrack = Method::Backtrack { strategy: Order::Spiral.strategy(), seed: 0 };
/// let count = Search::new(Goal::Count { keep: 1 });
/// let by_cells = run(&puzzle, backtrack, &count).unwrap();
/// let by_circuits = run(&puzzle, Method::Graph, &count).unwrap();
/// assert_eq!(by_cells.solutions, by_circuits.solutions);
/// let restarts = Method::Restarts { unit: 16, seed: 1 };
/// let found = run(&puzzle, restarts, &Search::new(Goal::First)).unwrap();
/// assert!(found.found().unwrap().is_solution(&puzzle));
/// ```
pub fn run(puzzle: &Puzzle, method: Method, search: &Search) -> Result<Outcome> {
    match method {
        Method::Backtrack { strategy, seed } if matches!(search.goal, Goal::First | Goal::Count { keep: 0 | 1 }) => {
            Solver::counting(puzzle, strategy, seed)?.run(search).checked(puzzle)
        }
        Method::Backtrack { strategy, seed } => Ok(Solver::with_strategy(puzzle, strategy, seed)?.run(search)),
        Method::Graph => graph::run(puzzle, search),
        Method::Restarts { unit, seed } => {
            if search.goal != Goal::First {
                return Err(crate::Error::Unsupported(
                    "restarts look for a first solution only".into(),
                ));
            }
            let restarts = Restarts {
                unit,
                seed,
                threads: search.threads.side_by_side(puzzle.size()),
            };
            let restarted = restarts.first(puzzle, &search.context)?;
            Ok(Outcome {
                solutions: u64::from(restarted.found.is_some()),
                kept: restarted.found.into_iter().collect(),
                stats: restarted.stats,
                runs: Some(restarted.runs),
                symmetric: Symmetric::default(),
                too_many: false,
            })
        }
    }
}

/// The fast backtracker for one puzzle and one order.
///
/// ```
/// use scramble::solve::{Goal, Order, Search, Solver};
/// let puzzle: scramble::Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
/// let count = solver.count();
/// let first = solver.run(&Search::new(Goal::First));
/// assert!(first.found().unwrap().is_solution(&puzzle));
/// let all = solver.run(&Search::new(Goal::List { limit: u64::MAX }));
/// assert_eq!(all.kept.len() as u64, count.solutions);
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    strategy: Strategy,
    grid: Geometry,
    tables: Tables,
    steps: Steps,
    start: usize,
    occurrences: Vec<u32>,
    /// The puzzle's twins when this solver breaks them ([`Solver::counting`]).
    twins: Option<Twins>,
    /// The stacked count's tables (static orders, where they apply).
    stacked: Option<fast::Stacked>,
}

/// The smallest grid whose counts run on the stacked count's tables:
/// below it, building them takes longer than they save (a real 3x3 count
/// takes about 10 µs).
const STACKED_FROM: usize = 5;

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
            (Steps::ByCell(steps), cells @ (Cells::Neighbours | Cells::Paper | Cells::PaperLast)) => {
                let chooser = CenterMax {
                    start: $solver.start,
                    occurrences: &$solver.occurrences,
                    rarest_first: cells != Cells::Neighbours,
                    last_two: cells == Cells::PaperLast,
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
        Self::build(puzzle, strategy, seed, false)
    }

    /// A solver for counting: on a puzzle with identical cards (twins) it
    /// searches one labelling of them and scales the count of a
    /// [`Goal::Count`] back up to every labelling (the `twins` module's
    /// docs prove it exact), so its solutions, symmetric tallies and looks
    /// are those of [`Solver::with_strategy`], in a tree up to `∏ m_i!`
    /// times smaller (`m_i` copies of each card type). The solutions it
    /// keeps and those of its other goals are the labellings searched: one
    /// per way of swapping identical cards, and on an even grid with
    /// identical cards in the four central cells possibly several turns
    /// of one grid. A count beyond `u64` sets [`Outcome::too_many`].
    /// Without twins it is [`Solver::with_strategy`].
    ///
    /// # Complexity
    /// [`Solver::with_strategy`] plus `O(N^2)` for `N` pieces.
    ///
    /// ```
    /// use scramble::solve::{Order, Solver};
    /// let puzzle: scramble::Puzzle = "1+ 1- 1+ 1-\n1+ 1- 1+ 1-\n1+ 1- 1+ 1-\n1+ 1- 1+ 1-".parse().unwrap();
    /// let every = Solver::new(&puzzle, Order::Spiral, 0).unwrap().count();
    /// let twins = Solver::counting(&puzzle, Order::Spiral.strategy(), 0).unwrap().count();
    /// assert_eq!((twins.solutions, twins.looks(&puzzle)), (every.solutions, every.looks(&puzzle)));
    /// assert!(twins.stats.nodes() < every.stats.nodes());
    /// ```
    pub fn counting(puzzle: &Puzzle, strategy: Strategy, seed: u64) -> Result<Self> {
        Self::build(puzzle, strategy, seed, true)
    }

    /// The tables and steps of `strategy` on `puzzle`, breaking its twins
    /// when `twins` (looked for once the puzzle is known to fit the
    /// solver: the search's piece sets have 64 bits).
    fn build(puzzle: &Puzzle, strategy: Strategy, seed: u64, twins: bool) -> Result<Self> {
        let mut dense = Dense::new(puzzle)?;
        let twins = if twins { Twins::of(puzzle) } else { None };
        let n = puzzle.size();
        let (first, rest) = strategy.pieces.ranks(puzzle, seed);
        let ranks = strategy.symmetry_ranks(puzzle, seed);
        let mut grid = Geometry::new(n, dense.pictures)
            .with_symmetry(&ranks)
            .with_complements(&dense.complements);
        if let Some(twins) = &twins {
            grid = grid.with_twins(twins, &ranks);
            dense.centre_rotation.clone_from(&twins.offset);
        }
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
                rotation_zero: grid.centre == Some(step.cell()),
            };
            step.base = tables.base(&dense, (&first, &rest), kind);
        }
        let solver = Solver {
            stacked: None,
            strategy,
            grid,
            tables,
            steps,
            start,
            occurrences: dense.occurrences,
            twins,
        };
        Ok(if n >= STACKED_FROM { solver.stacking() } else { solver })
    }

    /// This solver with the stacked count's tables where its order is
    /// static and they apply ([`fast::Stacked::new`]), whatever its size
    /// (the unit tests judge them from 2x2 up).
    fn stacking(mut self) -> Self {
        if let Steps::Fixed(steps) = &self.steps {
            self.stacked = fast::Stacked::new(&self.grid, &self.tables, steps);
        }
        self
    }

    /// The cell, piece and symmetry rules this solver walks by.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    fn cell_count(&self) -> usize {
        self.grid.n * self.grid.n
    }

    fn search<'a, C: Chooser>(&'a self, steps: &'a [Step], chooser: C, halt: Halt<'a>) -> Kernel<'a, C> {
        Kernel {
            grid: &self.grid,
            tables: &self.tables,
            steps,
            chooser,
            halt,
            stacked: self.stacked.as_ref(),
        }
    }

    /// Knuth's estimate of the nodes an exhaustive search in this order
    /// visits (what [`Solver::count`]'s [`Stats::nodes`] would be), from
    /// `probes` random root-to-leaf probes seeded by `seed`, with the
    /// pruning `rule` applied in the probes only (see the `estimate`
    /// module). Stops early at the context's stop, using the probes done,
    /// and tells its progress the probes done (on this thread only).
    ///
    /// # Complexity
    /// `O(probes * n^2 * C)` for `C` candidates per bucket; no search.
    ///
    /// ```
    /// use scramble::Context;
    /// use scramble::solve::{Order, Rule, Solver};
    /// let puzzle: scramble::Puzzle = "1+ 2+ 1- 2-\n1+ 1- 2+ 2-\n2+ 1+ 2- 1-\n1- 2- 1+ 2+".parse().unwrap();
    /// let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
    /// let estimate = solver.estimate(20_000, 1, Rule::None, &Context::new());
    /// let exact = solver.count().stats.nodes() as f64;
    /// assert!((estimate.nodes - exact).abs() <= 5.0 * estimate.standard_error.max(1e-9));
    /// ```
    pub fn estimate(&self, probes: u64, seed: u64, rule: Rule, context: &Context) -> Estimate {
        let probe = self.probe(rule);
        with_search!(self, Halt::on(&NEVER), search => probe.run(&search, probes, seed, context))
    }

    /// The tree of this search cut into subtrees and dealt to `shards`
    /// shards (see [`shards`]); the same on every machine. Given up
    /// (`None`) once the context's stop is reached: it is looked at before each
    /// subtree's probes.
    ///
    /// # Complexity
    /// The search above the cut, and `O(M * n^2 * C)` probes for `M`
    /// subtrees.
    #[cfg_attr(not(feature = "fs"), allow(dead_code))] // run by `shards::run`, which writes files
    pub(crate) fn cut(&self, shards: usize, context: &Context) -> Option<Cut> {
        let probe = self.probe(Rule::None);
        with_search!(self, Halt::on(&NEVER), search => shards::cut(&search, &probe, shards, context.stop()))
    }

    /// Runs `job`'s shard of `cut` on this thread (from its checkpoint if
    /// it has one) and reports it; stopped by its context, it saves a
    /// checkpoint and reports `complete: false`.
    ///
    /// # Complexity
    /// The search of the shard's subtrees.
    #[cfg_attr(not(feature = "fs"), allow(dead_code))] // run by `shards::run`, which writes files
    pub(crate) fn run_shard(&self, cut: &Cut, job: &mut Job) -> Result<ShardReport> {
        let fresh = shards::empty(job, self.strategy, cut);
        let stop = job.context.stop();
        with_search!(self, Halt::on(stop), search => shards::search(&search, cut, job, fresh))
    }

    /// The probes of `rule` over this solver's puzzle.
    fn probe(&self, rule: Rule) -> estimate::Probe<'_> {
        estimate::Probe {
            rule,
            occurrences: &self.occurrences,
        }
    }

    /// Every node, solution and candidate test of the exhaustive tree with
    /// `rule` pruning, walked through [`estimate`]'s primitives (for tests
    /// of them and of the kernel's counters).
    #[cfg(test)]
    fn exhaust(&self, rule: Rule) -> estimate::Walk {
        let probe = self.probe(rule);
        with_search!(self, Halt::on(&NEVER), search => probe.exhaust(&search))
    }

    /// Runs `search` on this solver: the one entry point of the
    /// backtracker. The goal says what to find and keep, the threads
    /// whether the search is split over every core (see [`Threads`]); the
    /// search stops and reports as `search.context` says. For the graph method and restarts, see [`run`].
    ///
    /// # Complexity
    /// The search up to its goal (the whole tree for a count), plus
    /// `O(n^2)` per solution kept.
    ///
    /// ```
    /// use scramble::solve::{Goal, Order, Search, Solver};
    /// let puzzle: scramble::Puzzle = "1+ 1+ 1- 1-\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-".parse().unwrap();
    /// let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
    /// let count = solver.run(&Search::new(Goal::Count { keep: 2 }));
    /// let all = solver.run(&Search::new(Goal::List { limit: u64::MAX }));
    /// assert_eq!(count.solutions, all.kept.len() as u64);
    /// assert_eq!(count.kept[..], all.kept[..2]);
    /// let second = solver.run(&Search::new(Goal::Nth(1)));
    /// assert_eq!(second.kept[..], all.kept[1..2]);
    /// let first = solver.run(&Search::new(Goal::First));
    /// assert_eq!((first.solutions, first.found()), (1, all.kept.first()));
    /// ```
    pub fn run(&self, search: &Search) -> Outcome {
        if search.stats {
            self.run_keeping::<Counters>(search)
        } else {
            self.run_keeping::<()>(search)
        }
    }

    /// [`Solver::run`] keeping the statistics of `T`.
    fn run_keeping<T: Tally>(&self, search: &Search) -> Outcome {
        let started = Instant::now();
        let parallel = search.threads.parallel(self.grid.n);
        let (solutions, kept, stats, symmetric, weighed) = match search.goal {
            Goal::First if parallel => {
                let (found, stats) = self.first_parallel::<T>(search.context.stop(), search.context.progress());
                let symmetric = Symmetric::default();
                (
                    u64::from(found.is_some()),
                    found.into_iter().collect(),
                    stats,
                    symmetric,
                    Weighed::default(),
                )
            }
            Goal::Count { keep } if parallel => {
                self.count_parallel::<T>(search.context.stop(), keep, search.context.progress())
            }
            goal => {
                let (keep, end_after) = goal.sequential();
                let walker = Walker::new(self.grid.n, keep, end_after).weighing(self.twins.as_ref());
                let mut observer = (walker, T::fresh());
                let mut state = State::new();
                self.walk(&mut state, Halt::on(search.context.stop()), &mut observer);
                let (walker, tally) = observer;
                (
                    walker.solutions,
                    walker.kept,
                    tally.stats(&state, self.cell_count(), started),
                    walker.symmetric,
                    walker.weighed,
                )
            }
        };
        let mut too_many = false;
        let (solutions, symmetric) = match (&self.twins, search.goal) {
            (Some(twins), Goal::Count { .. }) => weighed.scaled(twins.relabellings).unwrap_or_else(|| {
                too_many = true;
                (u64::MAX, Symmetric::default())
            }),
            _ => (solutions, symmetric),
        };
        let solutions = match search.goal {
            Goal::First => solutions.min(1),
            _ => solutions,
        };
        let symmetric = match search.goal {
            Goal::Count { .. } => symmetric,
            _ => Symmetric::default(),
        };
        Outcome {
            solutions,
            kept,
            stats,
            runs: None,
            symmetric,
            too_many,
        }
    }

    /// Counts every solution on this thread, keeping the first: the one
    /// shorthand, for [`Solver::run`] with [`Goal::Count`] `{ keep: 1 }` on
    /// [`Threads::One`] (the exact count most callers and tests compare).
    ///
    /// # Complexity
    /// The whole search tree, as [`Solver::run`].
    ///
    /// ```
    /// use scramble::solve::{Order, Solver, plain};
    /// let puzzle: scramble::Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
    /// let count = Solver::new(&puzzle, Order::Spiral, 0).unwrap().count();
    /// assert_eq!(count.solutions, plain::count_solutions(&puzzle));
    /// assert!(count.found().unwrap().is_solution(&puzzle));
    /// ```
    pub fn count(&self) -> Outcome {
        self.run(&Search::new(Goal::Count { keep: 1 }).on(Threads::One))
    }

    /// Searches below `state` (a fresh state or a prefix) to the full grid
    /// on this thread with `observer`, polling `halt`.
    fn walk(&self, state: &mut State, halt: Halt, observer: &mut impl Observer) {
        let n = self.grid.n;
        let _ = with_search!(self, halt, search => search.enter_and_run(state, n * n, observer));
    }

    /// The same solution as the first on one thread (the first in search
    /// order), on every core: the first cells' choices are split into
    /// subtrees in search order, which rayon shares out; a task that finds
    /// a solution stops every task after it, and the earliest task's
    /// solution wins. The statistics count the work of every task, so they
    /// depend on the threads' timing; the solution does not, unless `stop`
    /// cut a task short. Tells `progress` of the placements made,
    /// [`POLL_EVERY`] at a time (placements that went deeper; the leaves
    /// are not counted), from every task.
    fn first_parallel<T: Tally>(&self, stop: &Stop, progress: &dyn crate::Progress) -> (Option<Arrangement>, Stats) {
        let started = Instant::now();
        let n = self.grid.n;
        let (mut stats, mut prefixes) = self.split::<T>();
        let best = AtomicUsize::new(usize::MAX);
        let found = Mutex::new(None);
        let rest = prefixes
            .par_iter_mut()
            .enumerate()
            .map(|(task, state)| {
                state.reset_counters();
                let halt = Halt {
                    behind: Some((&best, task)),
                    ..Halt::on(stop)
                };
                let first = OnReached(|s: &State| {
                    let mut found = found.lock().expect("no task panics");
                    if best.fetch_min(task, Ordering::Relaxed) > task {
                        *found = Some(s.arrangement(n));
                    }
                    ControlFlow::Break(())
                });
                let mut observer = (first, (T::fresh(), Reporter(progress)));
                self.walk(state, halt, &mut observer);
                observer.1.0.stats(state, n * n, started)
            })
            .reduce(|| Stats::new(n * n), |a, b| a.merged(&b));
        stats.add(&rest);
        stats.elapsed = started.elapsed();
        let found = found.into_inner().expect("no task panics");
        stats.stopped &= found.is_none();
        (found, stats)
    }

    /// Counts on every core, keeping the first `keep` solutions in search
    /// order: the first cells' choices are enumerated until there are
    /// enough subtrees, which rayon shares out; each subtree keeps its first
    /// `keep`, and the subtrees are joined in search order. The result,
    /// statistics included, equals the count on one thread. Reports
    /// subtrees to `progress`: their number, then each one done.
    fn count_parallel<T: Tally>(
        &self,
        stop: &Stop,
        keep: u64,
        progress: &dyn crate::Progress,
    ) -> (u64, Vec<Arrangement>, Stats, Symmetric, Weighed) {
        let started = Instant::now();
        let cells = self.cell_count();
        let (stats, mut prefixes) = self.split::<T>();
        progress.start(prefixes.len() as u64);
        // Each subtree's state is walked where it lies (a state is about
        // 10 KB: moving it into a task costs more than a short search).
        let walked: Vec<(Walker, Stats)> = prefixes
            .par_iter_mut()
            .map(|state| {
                state.reset_counters();
                let walker = Walker::new(self.grid.n, 0..keep, u64::MAX).weighing(self.twins.as_ref());
                let mut observer = (walker, T::fresh());
                self.walk(state, Halt::on(stop), &mut observer);
                progress.advance(1);
                let (walker, tally) = observer;
                (walker, tally.stats(state, cells, started))
            })
            .collect();
        let (mut solutions, mut kept, mut stats, mut symmetric) = (0, Vec::new(), stats, Symmetric::default());
        let mut weighed = Weighed::default();
        for (walker, part) in walked {
            solutions += walker.solutions;
            symmetric = symmetric.merged(walker.symmetric);
            weighed = weighed.merged(walker.weighed);
            stats.add(&part);
            let room = usize::try_from(keep).unwrap_or(usize::MAX) - kept.len();
            kept.extend(walker.kept.into_iter().take(room));
        }
        stats.elapsed = started.elapsed();
        (solutions, kept, stats, symmetric, weighed)
    }

    /// The subtrees a parallel search shares out, in search order: every
    /// partial state at the first depth with at least 32 per thread (or
    /// none), with the work it took to list them.
    fn split<T: Tally>(&self) -> (Stats, Vec<State>) {
        let cells = self.cell_count();
        let wanted = 32 * rayon::current_num_threads().max(1);
        (1..cells)
            .map(|depth| self.prefixes::<T>(depth))
            .find(|(_, prefixes)| prefixes.len() >= wanted || prefixes.is_empty())
            .unwrap_or_else(|| self.prefixes::<T>(cells - 1))
    }

    /// Every partial state of `depth` placed pieces, with the work it took
    /// (kept by `T`).
    fn prefixes<T: Tally>(&self, depth: usize) -> (Stats, Vec<State>) {
        let started = Instant::now();
        let mut state = State::new();
        let mut observer = (Prefixes(Vec::new()), T::fresh());
        let _ = with_search!(self, Halt::on(&NEVER), search => search.enter_and_run(&mut state, depth, &mut observer));
        let stats = observer.1.stats(&state, self.cell_count(), started);
        (stats, observer.0.0)
    }

    /// Runs `observer` over a whole search on this thread (the explorer's
    /// recorded run watches placements and removals this way).
    pub(crate) fn observe(&self, observer: &mut impl Observer) {
        let mut state = State::new();
        let n = self.grid.n;
        let _ = with_search!(self, Halt::on(&NEVER), search => search.enter_and_run(&mut state, n * n, observer));
    }

    /// Runs `observer` over a search on this thread until `stop` or until
    /// the observer ends it; whether `stop` cut it short.
    pub(crate) fn observe_until(&self, stop: &Stop, observer: &mut impl Observer) -> bool {
        let mut state = State::new();
        self.walk(&mut state, Halt::on(stop), observer);
        state.stopped
    }
}

/// The observer behind the parallel split: a copy of every state reached
/// (cloned straight into the list, one copy per state).
struct Prefixes(Vec<State>);

impl Observer for Prefixes {
    #[inline(always)]
    fn reached(&mut self, state: &State) -> Control {
        self.0.push(state.clone());
        ControlFlow::Continue(())
    }
}

/// The observer behind counting, listing, the first and the `i`-th
/// solution: counts every solution, keeps those whose number is in `keep`,
/// ends the search after `end_after`; with twins, weighs every solution too
/// ([`twins`]).
pub(super) struct Walker {
    n: usize,
    solutions: u64,
    symmetric: Symmetric,
    twins: Option<Twins>,
    weighed: Weighed,
    kept: Vec<Arrangement>,
    keep: Range<u64>,
    end_after: u64,
}

impl Observer for Walker {
    /// A walker that never ends the search (a count).
    #[inline(always)]
    fn stackable(&self) -> bool {
        self.end_after == u64::MAX
    }

    #[inline(always)]
    fn reached(&mut self, state: &State) -> Control {
        if self.keep.contains(&self.solutions) {
            self.kept.push(state.arrangement(self.n));
        }
        self.solutions += 1;
        let tally = Symmetric::of_state(state, self.n);
        self.symmetric = self.symmetric.merged(tally);
        if let Some(twins) = &self.twins {
            let w = twins.weight(self.n, |cell| usize::from(state.at(cell).piece));
            self.weighed.add(w, tally);
        }
        if self.solutions < self.end_after {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    }
}

impl Walker {
    /// Counting from solution 0 on an `n x n` grid, keeping those whose
    /// number is in `keep`, ending after `end_after`.
    #[inline(always)]
    fn new(n: usize, keep: Range<u64>, end_after: u64) -> Self {
        Walker {
            n,
            solutions: 0,
            symmetric: Symmetric::default(),
            twins: None,
            weighed: Weighed::default(),
            kept: Vec::new(),
            keep,
            end_after,
        }
    }

    /// This walker weighing each solution by `twins` (when there are).
    /// Inlined, as [`Walker::new`]: a first search of a process then maps
    /// no page of code for it (a page fault costs microseconds, as much as
    /// a whole small count).
    #[inline(always)]
    fn weighing(self, twins: Option<&Twins>) -> Self {
        Walker {
            twins: twins.cloned(),
            ..self
        }
    }
}

impl Steps {
    /// Every step the search can meet: along the order for static orders;
    /// for `center-max` the start cell alone, then every cell with any
    /// non-empty subset of its neighbours.
    fn used(&mut self, grid: &Geometry, start: usize) -> Vec<&mut Step> {
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
