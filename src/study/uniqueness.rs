//! Open question 4.3: how many solutions do random puzzles have?
//!
//! For every grid size and number of patterns, planted puzzles are drawn
//! and their solutions counted modulo rotation with the fast solver
//! (`spiral` order, one thread per puzzle, puzzles on every core). Planted
//! puzzles have at least one solution by construction. Cost: one
//! exhaustive search per puzzle.

use serde::Serialize;

use super::stats::{Summary, wilson};
use super::{Progress, map_indexed, recipe};
use crate::Result;
use crate::solve::{Order, Solver};

/// Upper ends of the histogram's buckets: 1, 2, 3, 4, 5-8, 9-16, 17-64,
/// 65-256, then everything above.
pub const BUCKETS: [u64; 8] = [1, 2, 3, 4, 8, 16, 64, 256];

/// The bucket labels, one more than [`BUCKETS`].
pub fn bucket_labels() -> Vec<String> {
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
pub fn bucket(count: u64) -> usize {
    BUCKETS
        .iter()
        .position(|&upper| count <= upper)
        .unwrap_or(BUCKETS.len())
}

/// One `(size, patterns)` sample.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// Grid size `n`.
    pub size: usize,
    /// Number of patterns `K`.
    pub patterns: u32,
    /// Puzzles in the sample.
    pub puzzles: usize,
    /// Puzzles with exactly one solution modulo rotation.
    pub unique: usize,
    /// Share of the sample with exactly one solution.
    pub share_unique: f64,
    /// 95% Wilson interval of the share.
    pub share_unique_low: f64,
    /// Upper end of the 95% Wilson interval.
    pub share_unique_high: f64,
    /// Solutions modulo rotation.
    pub solutions: Summary,
    /// Puzzles per bucket of [`bucket_labels`].
    pub histogram: Vec<usize>,
    /// Every puzzle's count, in index order (left out of JSON).
    #[serde(skip)]
    pub counts: Vec<u64>,
}

impl Cell {
    fn of(size: usize, patterns: u32, counts: Vec<u64>) -> Cell {
        let unique = counts.iter().filter(|&&c| c == 1).count();
        let (low, high) = wilson(unique, counts.len());
        let mut histogram = vec![0; BUCKETS.len() + 1];
        for &c in &counts {
            histogram[bucket(c)] += 1;
        }
        Cell {
            size,
            patterns,
            puzzles: counts.len(),
            unique,
            share_unique: unique as f64 / counts.len().max(1) as f64,
            share_unique_low: low,
            share_unique_high: high,
            solutions: Summary::of(counts.iter().copied()),
            histogram,
            counts,
        }
    }
}

/// What the study draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Grid sizes to run.
    pub sizes: Vec<usize>,
    /// Numbers of patterns to run.
    pub patterns: Vec<u32>,
    /// Puzzles per cell, by size.
    pub counts: Vec<usize>,
    /// The seed every random draw derives from.
    pub seed: u64,
    /// Whether pieces were drawn repetition-free.
    pub repetition_free: bool,
}

/// Solution counts of `count` planted puzzles per `(size, patterns)` pair.
///
/// ```
/// use scramble::study::uniqueness::{run, Plan};
/// let plan = Plan { sizes: vec![2], patterns: vec![2, 6], counts: vec![30], seed: 1, repetition_free: false };
/// let cells = run(&plan, &|| ()).unwrap();
/// assert_eq!(cells.len(), 2);
/// assert!(cells.iter().all(|c| c.solutions.min >= 1.0)); // planted: never unsolvable
/// assert!(cells[1].share_unique >= cells[0].share_unique);
/// ```
pub fn run(plan: &Plan, progress: Progress<'_>) -> Result<Vec<Cell>> {
    plan.sizes
        .iter()
        .zip(&plan.counts)
        .flat_map(|(&size, &count)| plan.patterns.iter().map(move |&k| (size, k, count)))
        .map(|(size, patterns, count)| {
            let recipe = recipe(size, patterns, plan.seed, plan.repetition_free);
            let counts = map_indexed(count as u64, progress, |i| {
                let puzzle = recipe.draw(i)?.puzzle;
                Ok(Solver::new(&puzzle, Order::Spiral, 0)?.count().solutions)
            })?;
            Ok(Cell::of(size, patterns, counts))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_cover_every_count_once() {
        let labels = bucket_labels();
        assert_eq!(labels, ["1", "2", "3", "4", "5-8", "9-16", "17-64", "65-256", ">256"]);
        let got: Vec<usize> = [1, 2, 4, 5, 8, 9, 64, 65, 256, 257, 100_000].map(bucket).to_vec();
        assert_eq!(got, vec![0, 1, 3, 4, 4, 5, 6, 7, 7, 8, 8]);
    }

    #[test]
    fn counts_match_the_plain_solver_and_are_deterministic() {
        let plan = Plan {
            sizes: vec![2, 3],
            patterns: vec![3],
            counts: vec![12, 6],
            seed: 4,
            repetition_free: true,
        };
        let cells = run(&plan, &|| ()).unwrap();
        assert_eq!(cells, run(&plan, &|| ()).unwrap());
        for cell in &cells {
            let recipe = recipe(cell.size, 3, 4, true);
            for (i, &count) in cell.counts.iter().enumerate() {
                let puzzle = recipe.draw(i as u64).unwrap().puzzle;
                assert_eq!(count, crate::solve::plain::count_solutions(&puzzle), "{puzzle}");
            }
            assert_eq!(cell.histogram.iter().sum::<usize>(), cell.puzzles);
            assert_eq!(cell.unique, cell.histogram[0]);
        }
    }
}
