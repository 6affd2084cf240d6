//! Studies of the paper's open questions (Section 4) on generated puzzles.
//!
//! Each study is one [`Study`] with its options, run by [`run`] into a
//! [`Report`]: the text and JSON a front-end prints, and the files (SVG
//! plots, example puzzles) it writes.
//!
//! - [`Study::Heuristics`] (question 4.4): maximizing the center against
//!   Brandt et al.'s random order, in nodes to the first solution and to
//!   exhaustion, on planted puzzles or puzzle files;
//!   [`Study::Factorial`] every cell, piece and symmetry rule.
//! - [`Study::Uniqueness`] (question 4.3): `P(unique | solvable)`,
//!   `P(solvable)` and `P(unique)` by number of patterns and grid size,
//!   per [`Population`].
//! - [`Study::Repetitions`] (question 4.1): which conditions of Theorem
//!   2.1 fail on 2x2 puzzles with repetitions.
//!
//! Behind them: the populations every study draws from and the named
//! random streams they draw with (`population`), estimates with 95%
//! intervals (`rates`), quantiles, summaries and CDFs (`stats`), and the
//! SVG plots ([`plot`]).
//!
//! Every study is deterministic for a given seed: puzzle `i` of a sample
//! comes from its own random stream (`population::Stream`), and results
//! are gathered in index order whatever the threads do.

pub mod heuristics;
pub mod plot;
mod population;
#[cfg(test)]
mod printed_intervals;
mod rates;
pub mod repetitions;
mod report;
mod stats;
pub mod uniqueness;

use std::path::Path;

pub use population::Population;
pub use report::Report;

use rayon::prelude::*;

use crate::context::{Context, Stop};
use crate::puzzle::generate::{PlantOptions, Recipe};
use crate::{Progress, Result};

/// A study with its options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Study {
    /// Question 4.4: `center-max` against random (and `spiral`,
    /// `row-major`) on planted puzzles, or on puzzle files.
    Heuristics(heuristics::Options),
    /// Question 4.4 measured fairly: every cell rule x piece rule x
    /// symmetry rule against random backtracking, on several populations.
    Factorial(heuristics::factorial::Options),
    /// Question 4.3: `P(unique | solvable)`, `P(solvable)`, `P(unique)` by
    /// number of patterns and grid size.
    Uniqueness(uniqueness::Options),
    /// Question 4.1: which conditions of Theorem 2.1 fail on 2x2 puzzles
    /// with repetitions.
    Repetitions(repetitions::Options),
}

/// Runs `study` on every core of the context's pool, reporting its
/// progress (puzzles, or cells of a sweep) to the context's. `folder` is
/// where the front-end will write the report's files: the report names
/// them at their paths there; `None` draws and names no file.
///
/// The context's stop ends a study early: the report then covers what was
/// finished (each study's `partial:` line says what), is not
/// [`complete`](Report::complete), and has no files.
///
/// ```
/// use scramble::study::{Study, repetitions};
/// let options = repetitions::Options { exhaustive: 1, planted: vec![], count: 0, seed: 0, census: 0 };
/// let report = scramble::study::run(&Study::Repetitions(options), None, &scramble::Context::new()).unwrap();
/// assert!(report.complete() && report.files().is_empty());
/// assert!(report.text().contains("126  all 2x2 puzzles over 1 pattern(s)"));
/// ```
pub fn run(study: &Study, folder: Option<&Path>, context: &Context) -> Result<Report> {
    match study {
        Study::Heuristics(options) => heuristics::report(options, folder, context),
        Study::Factorial(options) => heuristics::factorial::report(options, folder, context),
        Study::Uniqueness(options) => uniqueness::report(options, folder, context),
        Study::Repetitions(options) => repetitions::report(options, folder, context),
    }
}

/// `work(i)` for every `i < count` on every core, results in index order,
/// each finished item reported to `progress`; stops at the first error (in
/// index order). `work(i)` returns `None` when `stop` cut it short, and
/// items not begun once `stop` is reached are skipped: `None` unless every
/// item finished (a stopped run keeps nothing, so a result never mixes
/// finished and unfinished work). The items go in chunks of [`CHUNK`], so
/// a stop skips at most one chunk's items, however many were asked.
pub(crate) fn map_indexed_until<T: Send>(
    count: u64,
    stop: &Stop,
    progress: &dyn Progress,
    work: impl Fn(u64) -> Result<Option<T>> + Sync,
) -> Result<Option<Vec<T>>> {
    let mut done = Vec::new();
    for start in (0..count).step_by(CHUNK as usize) {
        let chunk: Vec<Option<T>> = (start..count.min(start + CHUNK))
            .into_par_iter()
            .map(|i| {
                let result = if stop.reached() { Ok(None) } else { work(i) };
                progress.advance(1);
                result
            })
            .collect::<Result<_>>()?;
        let Some(chunk) = chunk.into_iter().collect::<Option<Vec<T>>>() else {
            return Ok(None);
        };
        done.extend(chunk);
    }
    Ok(Some(done))
}

/// The items [`map_indexed_until`] hands out at a time: enough to keep
/// every core busy, few enough to skip quickly once stopped.
const CHUNK: u64 = 4096;

/// The recipe of planted puzzles the studies draw from.
pub(crate) fn recipe(size: usize, patterns: u32, seed: u64, repetition_free: bool) -> Recipe {
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
        // However many items were asked, a stop skips one chunk's worth.
        let started = std::time::Instant::now();
        assert_eq!(
            map_indexed_until(1 << 40, &stopped, &(), |i| Ok(Some(i))).unwrap(),
            None
        );
        assert!(started.elapsed().as_secs_f64() < 2.0, "{:?}", started.elapsed());
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
