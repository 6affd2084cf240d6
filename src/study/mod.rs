//! Studies of the paper's open questions (Section 4) on generated puzzles.
//!
//! - [`heuristics`] (question 4.4): maximizing the center against Brandt et
//!   al.'s random order, in nodes to the first solution and to exhaustion;
//!   [`heuristics::factorial`] every cell, piece and symmetry rule.
//! - [`uniqueness`] (question 4.3): `P(unique | solvable)`, `P(solvable)`
//!   and `P(unique)` by number of patterns and grid size, per population.
//! - [`repetitions`] (question 4.1): which conditions of Theorem 2.1 fail on
//!   2x2 puzzles with repetitions.
//! - [`population`]: the populations every study draws from, and the named
//!   random streams they draw with.
//! - [`rates`]: estimates with 95% intervals; [`stats`]: quantiles,
//!   summaries, CDFs; [`plot`]: SVG plots (plotters).
//!
//! Every study is deterministic for a given seed: puzzle `i` of a sample
//! comes from its own random stream (`population::Stream`), and results
//! are gathered in index order whatever the threads do.

pub mod heuristics;
pub mod plot;
pub mod population;
#[cfg(test)]
mod printed_intervals;
pub mod rates;
pub mod repetitions;
pub mod stats;
pub mod uniqueness;

use rayon::prelude::*;

use crate::context::Stop;
use crate::puzzle::generate::{PlantOptions, Recipe};
use crate::{Progress, Result};

/// `work(i)` for every `i < count` on every core, results in index order,
/// each finished item reported to `progress`; stops at the first error (in
/// index order). `work(i)` returns `None` when `stop` cut it short, and
/// items not begun once `stop` is reached are skipped: `None` unless every
/// item finished (a stopped run keeps nothing, so a result never mixes
/// finished and unfinished work).
pub(crate) fn map_indexed_until<T: Send>(
    count: u64,
    stop: &Stop,
    progress: &dyn Progress,
    work: impl Fn(u64) -> Result<Option<T>> + Sync,
) -> Result<Option<Vec<T>>> {
    let done: Vec<Option<T>> = (0..count)
        .into_par_iter()
        .map(|i| {
            let result = if stop.reached() { Ok(None) } else { work(i) };
            progress.advance(1);
            result
        })
        .collect::<Result<_>>()?;
    Ok(done.into_iter().collect())
}

/// The recipe of planted puzzles the studies draw from.
pub fn recipe(size: usize, patterns: u32, seed: u64, repetition_free: bool) -> Recipe {
    Recipe {
        size,
        patterns,
        seed,
        options: PlantOptions {
            repetition_free,
            identical: 0,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_come_back_in_index_order_and_a_stop_keeps_nothing() {
        let all = map_indexed_until(5, &Stop::never(), &(), |i| Ok(Some(i * i))).unwrap();
        assert_eq!(all, Some(vec![0, 1, 4, 9, 16]));
        let stopped = Stop::never().after(std::time::Duration::ZERO);
        assert_eq!(map_indexed_until(5, &stopped, &(), |i| Ok(Some(i))).unwrap(), None);
        let failed = map_indexed_until(5, &Stop::never(), &(), |i| {
            if i >= 2 {
                Err(crate::Error::Unsupported(format!("{i}")))
            } else {
                Ok(Some(i))
            }
        });
        assert!(matches!(failed, Err(crate::Error::Unsupported(m)) if m == "2"));
    }
}
