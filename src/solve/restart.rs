//! Randomized restarts for a first solution, alone or as a portfolio.
//!
//! Run `i` (from 1) searches in the spiral with the pieces in a random order
//! drawn from `Rng::stream(seed, i)` ([`Order::Random`]) and gives up after
//! `luby(i) * unit` placements, where `luby` is the universal sequence of
//! Luby, Sinclair and Zuckerman (1993): 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...
//! Within a factor `O(log)` of the best fixed cut-off for any distribution of
//! run lengths, it pays off when the time to a first solution is
//! heavy-tailed: when some piece orders find one fast and others get lost.
//!
//! With `threads > 1` consecutive runs go side by side, a batch at a time,
//! and the answer is the solution of the lowest-numbered run that found one.
//! Every run's budget is counted in placements, not seconds, so the answer
//! (and every counter but the time) depends on the seed only. A run that
//! exhausts its tree within its budget proves that there is no solution.

use std::ops::ControlFlow;
use web_time::Instant;

use rayon::prelude::*;

use super::fast::{Control, Halt, Observer};
use super::fast::{Reporter, State};
use super::stats::{Counters, Tally};
use super::{Order, Solver, Walker};
use crate::context::{Context, Stats, Stop};
use crate::rng::Rng;
use crate::{Arrangement, Puzzle, Result};

/// Item `i` (from 1) of the Luby sequence: `2^(k-1)` when `i = 2^k - 1`,
/// else `luby(i - 2^(k-1) + 1)` for the `k` with `2^(k-1) <= i < 2^k - 1`.
pub(crate) fn luby(i: u64) -> u64 {
    assert!(i >= 1, "the Luby sequence starts at item 1");
    let mut i = u128::from(i); // 2^k - 1 may not fit in a u64
    loop {
        let k = 128 - i.leading_zeros(); // 2^(k-1) <= i < 2^k
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// How a restarting search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Restarts {
    /// Placements of the shortest run: run `i` may make `luby(i) * unit`.
    pub(crate) unit: u64,
    /// Seed of the runs' piece orders.
    pub(crate) seed: u64,
    /// Runs side by side (1: one after another).
    pub(crate) threads: usize,
}

/// What a restarting search found.
#[derive(Clone, Debug)]
pub(crate) struct Restarted {
    /// The first solution of the lowest-numbered run that found one.
    pub(crate) found: Option<Arrangement>,
    /// Every run's counters added up; `stopped` when the context's stop ended it.
    pub(crate) stats: Stats,
    /// Runs started.
    pub(crate) runs: u64,
}

impl Restarts {
    /// Searches `puzzle` for a first solution by restarts until one is
    /// found, a run proves there is none, or the context stops it; tells
    /// the context's progress of the placements made, 16,384 at a time, as a
    /// parallel first solution does.
    ///
    /// # Complexity
    /// A run costs its tables (`O(P^2 + 4N)` per neighbour pattern) and at
    /// most its budget; up to the run of budget `2^k * unit` the runs make
    /// `O(k 2^k unit)` placements in all.
    pub(crate) fn first(&self, puzzle: &Puzzle, context: &Context) -> Result<Restarted> {
        let (stop, progress) = (context.stop(), context.progress());
        let started = Instant::now();
        let threads = self.threads.max(1) as u64;
        let mut result = Restarted {
            found: None,
            stats: Stats::new(puzzle.size() * puzzle.size()),
            runs: 0,
        };
        for batch in 0.. {
            let runs: Vec<u64> = (1 + batch * threads..=(batch + 1) * threads).collect();
            let outcomes = runs
                .par_iter()
                .map(|&run| self.run(puzzle, run, stop, progress))
                .collect::<Result<Vec<_>>>()?;
            result.runs += threads;
            let mut over = false;
            for (found, stats, spent) in outcomes {
                result.stats.add(&stats);
                // A run that ran to its end without a solution proves there is none.
                over |= found.is_some() || !(spent || stats.stopped);
                result.found = result.found.or(found);
            }
            if over || result.stats.stopped {
                break;
            }
        }
        result.stats.stopped &= result.found.is_none();
        result.stats.elapsed = started.elapsed();
        Ok(result)
    }

    /// Run `run`: its first solution within its budget, its counters, and
    /// whether it gave up at the budget.
    fn run(
        &self,
        puzzle: &Puzzle,
        run: u64,
        stop: &Stop,
        progress: &dyn crate::Progress,
    ) -> Result<(Option<Arrangement>, Stats, bool)> {
        let solver = Solver::new(puzzle, Order::Random, Rng::stream(self.seed, run).next_u64())?;
        let started = Instant::now();
        let budget = Budget {
            limit: luby(run).saturating_mul(self.unit.max(1)),
            spent: false,
        };
        let mut observer = (
            Walker::new(puzzle.size(), 0..1, 1),
            (Counters::fresh(), (budget, Reporter(progress))),
        );
        let mut state = State::new();
        solver.walk(&mut state, Halt::on(stop), &mut observer);
        let (walker, (counters, (budget, _))) = observer;
        let stats = counters.stats(&state, solver.cell_count(), started);
        Ok((walker.kept.into_iter().next(), stats, budget.spent))
    }
}

/// A placement budget as an observer (a restart's): at the first poll
/// where the search has made `limit` placements, sets `spent` and breaks
/// it. Checked at polls only, so the search makes up to [`POLL_EVERY`]
/// placements more than `limit`, the same for every run.
struct Budget {
    pub limit: u64,
    /// The search gave up at the budget before it was done.
    pub spent: bool,
}

impl Observer for Budget {
    const COUNTS: bool = true;

    fn polled(&mut self, state: &State, _placements: u64) -> Control {
        self.spent = state.nodes().iter().sum::<u64>() >= self.limit;
        if self.spent {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::generate::{PlantOptions, planted};

    #[test]
    fn luby_doubles_after_each_repeat() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(31), 16);
        assert_eq!(luby(32), 1);
        assert_eq!(luby(u64::MAX), 1 << 63);
        let sum: u64 = (1..=63).map(luby).sum();
        assert_eq!(sum, 6 * 32, "each of 1, 2, ..., 32 fills 32 placements per level");
    }

    #[test]
    fn restarts_solve_the_papers_puzzle() {
        let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
        let restarts = Restarts {
            unit: 4,
            seed: 7,
            threads: 2,
        };
        let result = restarts.first(&puzzle, &Context::new()).unwrap();
        assert!(result.found.unwrap().is_solution(&puzzle));
        assert!(result.runs >= 1);
    }

    /// Restarts find a solution exactly when the plain backtracker does,
    /// and the answer depends on the seed only, whatever the threads.
    #[test]
    fn restarts_agree_with_the_plain_backtracker() {
        let mut rng = Rng::new(17);
        for i in 0..24 {
            let (size, patterns) = [(2, 2), (3, 3), (3, 2), (4, 4)][i % 4];
            let (mut puzzle, _) = planted(size, patterns, &mut rng, PlantOptions::default()).unwrap();
            if i % 3 == 0 {
                // Break the planted solution: an unsolvable puzzle, often.
                puzzle = puzzle.to_string().replacen('+', "-", 1).parse().unwrap();
            }
            let solvable = !crate::solve::plain::all_arrangements(&puzzle).is_empty();
            let one = Restarts {
                unit: 8,
                seed: 3,
                threads: 1,
            };
            let two = Restarts { threads: 2, ..one };
            let (a, b) = (
                one.first(&puzzle, &Context::new()).unwrap(),
                two.first(&puzzle, &Context::new()).unwrap(),
            );
            assert_eq!(a.found.is_some(), solvable, "{puzzle}");
            assert!(a.found.iter().all(|s| s.is_solution(&puzzle)));
            assert!(!a.stats.stopped && !b.stats.stopped);
            if b.found.is_some() {
                let lowest = (1..=b.runs).find_map(|r| one.run(&puzzle, r, &Stop::never(), &()).unwrap().0);
                assert_eq!(lowest, b.found, "the lowest run's solution wins");
            }
            assert_eq!(a.found, b.found, "two threads give the one-thread answer");
        }
    }

    /// A run gives up at the first poll past its budget: spent, not stopped,
    /// with at least its budget of nodes and less than one poll more.
    #[test]
    fn a_run_gives_up_at_its_budget() {
        let puzzle = crate::read_puzzle("fixtures/hard/s8-k7-seed13-0001.txt".as_ref(), Default::default()).unwrap();
        let restarts = Restarts {
            unit: 1 << 15,
            seed: 0,
            threads: 1,
        };
        let (found, stats, spent) = restarts.run(&puzzle, 1, &Stop::never(), &()).unwrap();
        assert!(spent && !stats.stopped && found.is_none());
        let poll = u64::from(crate::context::POLL_EVERY);
        let deeper = stats.nodes() - stats.nodes_per_depth.last().unwrap();
        assert!(stats.nodes() >= restarts.unit, "{} nodes", stats.nodes());
        assert!(deeper < restarts.unit + poll, "{deeper} placements went deeper");
        assert_eq!(deeper % poll, 0, "it gave up at a poll");
    }

    #[test]
    fn a_reached_stop_ends_the_restarts() {
        let puzzle = crate::read_puzzle("fixtures/hard/s8-k7-seed13-0001.txt".as_ref(), Default::default()).unwrap();
        let stop = Stop::never().after(std::time::Duration::from_millis(50));
        let restarts = Restarts {
            unit: 1 << 12,
            seed: 0,
            threads: 2,
        };
        let result = restarts.first(&puzzle, &Context::new().until(&stop)).unwrap();
        assert!(result.stats.stopped && result.found.is_none());
        assert!(result.runs >= 2);
    }
}
