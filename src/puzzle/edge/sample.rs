//! A projection of an exhaustive row-scan count from a sample of its
//! subtrees, for searches too long to run whole (Brendan Owen's 7x7, the
//! Eternity II clue puzzles).
//!
//! The tree is cut at the shallowest depth with at least
//! `SUBTREES_PER_SAMPLED` subtrees per subtree to count; the nodes above
//! the cut are counted exactly. `sample` subtrees are drawn uniformly
//! without replacement (seeded; reservoir sampling, so only the drawn ones
//! are kept) and each is counted exactly by the same walk as
//! [`EdgePuzzle::count`]. A total (nodes, boards) is estimated by
//! expansion, `above + M / k * (sum over the sample)` for `k` of `M`
//! subtrees, which is unbiased; its 95% interval is `1.96` standard errors
//! of that sum (the sample's variance with the finite-population
//! correction `1 - k / M`), a normal approximation: subtree sizes are
//! heavy-tailed, so the interval can be too narrow on a small sample, which
//! the tests measure on puzzles counted whole. The interval never goes below
//! what was counted; a total of which the sample met nothing (boards, as a
//! rule) has no upper bound. When every subtree is drawn the projection is
//! the exact count.

use std::time::Duration;

use rayon::prelude::*;
use web_time::Instant;

use super::EdgePuzzle;
use super::bits::Bits;
use super::scan::{Goal, Walk, corner_pins, pinned, subtree};
use super::tables::Tables;
use crate::context::Context;
use crate::rng::Rng;

/// Subtrees at the cut for each subtree the sample counts, at least: a
/// deeper cut gives smaller subtrees, so a steadier sample.
const SUBTREES_PER_SAMPLED: usize = 256;

/// The most subtrees a projection draws and counts (capped before any
/// work: the drawn prefixes are what it keeps in memory).
pub const MAX_SAMPLE: u64 = 1 << 16;

/// What a projection found.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Projection {
    /// Cells filled above the cut.
    pub cut: usize,
    /// Subtrees at the cut (over both pinned searches of a rectangle).
    pub subtrees: u64,
    /// Subtrees counted whole.
    pub sampled: u64,
    /// Whether the tree covers every rotation (no corner piece pinned).
    pub every_rotation: bool,
    /// The rotations a solution stands for (as [`super::Counted`]).
    pub symmetries: u64,
    /// Estimated nodes of the exhaustive search (the field's definition,
    /// [`EdgePuzzle::count`]'s `nodes`).
    pub nodes: f64,
    /// Its 95% interval.
    pub low: f64,
    /// Its 95% interval.
    pub high: f64,
    /// Estimated solutions, counted as [`EdgePuzzle::count`] counts them.
    pub solutions: f64,
    /// Its 95% interval.
    pub solutions_low: f64,
    /// Its 95% interval; infinite (`null` in JSON) when the sample met no
    /// board: boards too rare to project from it.
    pub solutions_high: f64,
    /// Nodes actually placed: above the cut and in the sampled subtrees.
    pub counted_nodes: u64,
    /// Wall time of the projection.
    #[serde(rename = "seconds", serialize_with = "crate::context::seconds")]
    pub elapsed: Duration,
    /// Stopped before every drawn subtree was counted: the figures are from
    /// those counted, and lean low (the large subtrees are the ones cut
    /// short). Not in the JSON: a front-end says why, as `complete` and
    /// `stopped` (docs/json.md).
    #[serde(skip)]
    pub stopped: bool,
}

/// One search's puzzle (one per pinned corner of a rectangle) and tables.
struct Run {
    puzzle: EdgePuzzle,
    tables: Tables,
}

/// What the cuts gave: exact counts above them, and a sample of the
/// subtrees below.
#[derive(Default)]
struct Cut {
    depth: usize,
    /// Nodes placed above the cuts.
    nodes: u64,
    /// Boards met above the cuts (a tree that fits above its cut).
    boards: u64,
    /// Subtrees at the cuts.
    subtrees: u64,
    /// The drawn subtrees, in random order: a run and the entries of the
    /// cells above its cut.
    drawn: Vec<(usize, Vec<u32>)>,
}

/// What a counted subtree gave: nodes and boards.
type Tally = (u64, u64);

impl EdgePuzzle {
    /// Projects the exhaustive row-scan count (every rotation, or
    /// with the first corner pinned, as [`EdgePuzzle::count`]) from `sample` of its
    /// subtrees drawn with `seed`, counted on the context's threads.
    ///
    /// # Complexity
    /// Time: the tree above the cut (at least `SUBTREES_PER_SAMPLED * sample`
    /// subtrees), walked once per depth down to it, plus the sampled
    /// subtrees. Memory: the `sample` prefixes drawn.
    pub fn project(&self, every_rotation: bool, sample: u64, seed: u64, context: &Context) -> Projection {
        let puzzle = self;
        let sample = sample.clamp(1, MAX_SAMPLE);
        let want = usize::try_from(sample).map_or(usize::MAX, |k| k.saturating_mul(SUBTREES_PER_SAMPLED));
        project_at(puzzle, every_rotation, want, sample, seed, context)
    }
}

/// [`EdgePuzzle::project`] with the tree cut where it has at least `want` subtrees.
fn project_at(
    puzzle: &EdgePuzzle,
    every_rotation: bool,
    want: usize,
    sample: u64,
    seed: u64,
    context: &Context,
) -> Projection {
    let started = Instant::now();
    let pins = if every_rotation { None } else { corner_pins(puzzle) };
    let runs: Vec<Run> = match &pins {
        Some(pins) => pins.iter().map(|&pin| pinned(puzzle, pin)).collect(),
        None => vec![puzzle.clone()],
    }
    .into_iter()
    .map(|puzzle| Run {
        tables: Tables::new(&puzzle),
        puzzle,
    })
    .collect();
    let cut = cut_all(&runs, want, sample, seed, context);
    let tallies = if context.stop().reached() {
        vec![]
    } else {
        count_drawn(&runs, &cut.drawn, context)
    };
    let mut projection = estimate(&cut, &tallies);
    // A pinned search finds one board of each rotation class; a search of
    // every rotation finds each class `symmetries` times.
    let per_class = if pins.is_some() {
        1.0
    } else {
        puzzle.symmetries() as f64
    };
    for value in [
        &mut projection.solutions,
        &mut projection.solutions_low,
        &mut projection.solutions_high,
    ] {
        *value /= per_class;
    }
    projection.symmetries = puzzle.symmetries();
    projection.every_rotation = pins.is_none();
    projection.stopped = context.stop().reached() || tallies.len() < cut.drawn.len();
    projection.elapsed = started.elapsed();
    projection
}

/// Cuts every run's tree where it has at least `want` subtrees and draws
/// `sample` of them (all runs together) uniformly, by reservoir sampling
/// with `seed`: memory for the sample only, however many subtrees there
/// are.
fn cut_all(runs: &[Run], want: usize, sample: u64, seed: u64, context: &Context) -> Cut {
    let stop = context.stop();
    let k = usize::try_from(sample).unwrap_or(usize::MAX);
    let mut rng = Rng::new(seed);
    let mut all = Cut::default();
    for (index, run) in runs.iter().enumerate() {
        let mut walk = Walk::new(&run.puzzle, &run.tables);
        let depth = depth_with(&mut walk, want, stop);
        let whole = depth == run.puzzle.pieces.len();
        walk.reset();
        let (mut met, subtrees, drawn) = (0u64, &mut all.subtrees, &mut all.drawn);
        walk.run(0, depth, stop, &mut |chosen| {
            met += 1;
            if !whole {
                // Algorithm R: the i-th subtree (from 0) replaces a drawn
                // one with probability k / (i + 1).
                let i = usize::try_from(*subtrees).unwrap_or(usize::MAX);
                if drawn.len() < k {
                    drawn.push((index, chosen.to_vec()));
                } else if let Some(slot) = drawn.get_mut(rng.below(i.saturating_add(1))) {
                    *slot = (index, chosen.to_vec());
                }
                *subtrees += 1;
            }
            true
        });
        all.nodes += walk.nodes().iter().sum::<u64>();
        all.depth = all.depth.max(depth);
        if whole {
            all.boards += met;
        }
    }
    rng.shuffle(&mut all.drawn);
    all
}

/// The shallowest depth of `walk`'s tree with at least `want` nodes (or
/// the last cell, or where the tree dies out or the stop is reached).
fn depth_with(walk: &mut Walk, want: usize, stop: &crate::context::Stop) -> usize {
    let cells = walk.cells();
    let mut depth = 1.min(cells);
    loop {
        walk.reset();
        let mut met = 0usize;
        walk.run(0, depth, stop, &mut |_| {
            met += 1;
            true
        });
        if stop.reached() || met >= want || met == 0 || depth == cells {
            return depth;
        }
        depth += 1;
    }
}

/// Counts the drawn subtrees on the context's threads; those cut short by
/// the stop are left out.
fn count_drawn(runs: &[Run], drawn: &[(usize, Vec<u32>)], context: &Context) -> Vec<Tally> {
    let stop = context.stop();
    let progress = context.progress();
    progress.start(drawn.len() as u64);
    let fast: Vec<Option<Bits>> = runs.iter().map(|r| Bits::new(&r.puzzle, &r.tables)).collect();
    let one = |(run, prefix): &(usize, Vec<u32>)| {
        let Run { puzzle, tables } = &runs[*run];
        let mut walk = Walk::new(puzzle, tables);
        let part = subtree(&mut walk, fast[*run].as_ref(), tables, prefix, Goal::Count(0), stop);
        progress.advance(1);
        (!part.stopped).then(|| (part.nodes.iter().sum(), part.found))
    };
    let serial = || drawn.iter().filter_map(one).collect::<Vec<Tally>>();
    if context.threads() == 1 {
        return serial();
    }
    context
        .install(|| drawn.par_iter().filter_map(one).collect())
        .unwrap_or_else(|_| serial())
}

/// The expansion estimates and their intervals from the cut's exact
/// counts and the sample's tallies.
fn estimate(cut: &Cut, tallies: &[Tally]) -> Projection {
    let subtrees = cut.subtrees;
    let k = tallies.len() as f64;
    let m = subtrees as f64;
    let total = |value: fn(&Tally) -> f64, exact: u64| -> (f64, f64, f64) {
        let exact = exact as f64;
        let counted: f64 = tallies.iter().map(value).sum();
        if tallies.is_empty() {
            return (exact, exact, if subtrees == 0 { exact } else { f64::INFINITY });
        }
        let mean = counted / k;
        let variance = if k > 1.0 {
            tallies.iter().map(|t| (value(t) - mean).powi(2)).sum::<f64>() / (k - 1.0)
        } else {
            0.0
        };
        let error = m * ((1.0 - k / m).max(0.0) * variance / k).sqrt();
        let point = exact + m * mean;
        if counted == 0.0 && k < m {
            // Nothing met in a part of the subtrees: no bound above.
            return (point, exact, f64::INFINITY);
        }
        (point, (point - 1.96 * error).max(exact + counted), point + 1.96 * error)
    };
    let (nodes, low, high) = total(|t| t.0 as f64, cut.nodes);
    let (solutions, solutions_low, solutions_high) = total(|t| t.1 as f64, cut.boards);
    let sampled_nodes: u64 = tallies.iter().map(|t| t.0).sum();
    Projection {
        cut: cut.depth,
        subtrees,
        sampled: tallies.len() as u64,
        nodes,
        low,
        high,
        solutions,
        solutions_low,
        solutions_high,
        counted_nodes: cut.nodes + sampled_nodes,
        ..Projection::default()
    }
}

#[cfg(test)]
mod tests {
    use std::num::NonZeroUsize;

    use super::*;
    use crate::puzzle::edge::tests::planted;

    fn on(threads: usize) -> Context<'static> {
        Context::new().on_threads(NonZeroUsize::new(threads).unwrap())
    }

    #[test]
    fn a_sample_of_every_subtree_is_the_exact_count() {
        let mut sampled = 0;
        for seed in 0..12u64 {
            let (w, h) = [(4, 4), (5, 4), (4, 3)][seed as usize % 3];
            let puzzle = planted(seed, w, h, 3 + seed as usize % 2, false);
            for every_rotation in [false, true] {
                let exact = puzzle.count(every_rotation, 0, &on(1));
                let all = project_at(&puzzle, every_rotation, 64, MAX_SAMPLE, seed, &on(2));
                assert_eq!(all.sampled, all.subtrees, "{puzzle:?}");
                sampled += usize::from(all.sampled >= 64);
                assert_eq!(all.nodes, exact.stats.nodes() as f64, "{puzzle:?}");
                assert_eq!((all.low, all.high), (all.nodes, all.nodes));
                assert_eq!(all.solutions, exact.solutions as f64, "{puzzle:?}");
                assert_eq!(all.counted_nodes, exact.stats.nodes());
                assert!(!all.stopped);
                // The public cut: 256 subtrees per one drawn, or the whole tree.
                let two = puzzle.project(every_rotation, 2, seed, &on(1));
                assert!(two.subtrees >= 512 || (two.subtrees == 0 && two.nodes == all.nodes));
                assert!(two.counted_nodes <= exact.stats.nodes() && two.low <= two.high);
            }
        }
        assert!(sampled >= 12, "{sampled} of 24 trees cut into 64 subtrees or more");
    }

    /// The 95% interval of a small sample holds the exact count for most
    /// seeds (a normal approximation on heavy-tailed subtrees: not 95%
    /// exactly); the estimate's mean error over the seeds is within three
    /// standard errors of zero (it is unbiased), and no interval goes
    /// below what was counted.
    #[test]
    fn small_samples_bracket_the_exact_count_for_most_seeds() {
        let puzzle = planted(7, 5, 5, 4, false);
        let exact = puzzle.count(false, 0, &on(1));
        let nodes = exact.stats.nodes() as f64;
        let (mut held, mut errors) = (0, vec![]);
        for seed in 0..40 {
            let p = project_at(&puzzle, false, 256, 16, seed, &on(1));
            assert!(p.sampled == 16 && p.subtrees >= 256);
            assert!(p.low <= p.nodes && p.nodes <= p.high && p.low >= p.counted_nodes as f64);
            held += usize::from(p.low <= nodes && nodes <= p.high);
            errors.push(p.nodes / nodes - 1.0);
        }
        let k = errors.len() as f64;
        let mean = errors.iter().sum::<f64>() / k;
        let spread = (errors.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (k - 1.0)).sqrt();
        assert!(held >= 28, "{held} of 40 intervals hold the exact count");
        assert!(
            mean.abs() < 3.0 * spread / k.sqrt(),
            "mean relative error {mean} (spread {spread})"
        );
        assert!(spread > 0.0, "the seeds draw different samples");
    }

    #[test]
    fn a_stopped_projection_says_so() {
        let puzzle = planted(3, 5, 5, 4, false);
        let stop = crate::context::Stop::never().after(Duration::ZERO);
        let p = puzzle.project(false, 64, 0, &on(1).until(&stop));
        assert!(p.stopped);
        assert_eq!(p.sampled, 0);
    }
}
