//! The fast census: every verdict comes from the [`CornerTable`], and the
//! sums over a puzzle's 256 subgraphs are shared between puzzles.
//!
//! A puzzle `p1 <= p2 <= p3 <= p4` has `A = sum over c1 in p1, ..., c4 in p4
//! of s(c1, c2, c3, c4)` solutions, `s` the per-subgraph count of the table.
//! The sum is built in stages: `G(c2, c3, c4)` over the corners of `p1`, then
//! `U(c3, c4)` adding `p2`, then `T(c4)` adding `p3`; each puzzle then costs
//! four lookups `T(c)` for the corners of `p4`. `solvable` and `unique` need
//! `A` per puzzle; the linear totals (the verdict histogram of all
//! subgraphs) need none: for a fixed `p1` they are
//! `sum over c1 in p1 of sum over (c2, c3, c4) of W(c2, c3, c4)` per verdict,
//! where `W` counts the ways `(c2, c3, c4)` occurs in `p2 <= p3 <= p4` with
//! `p2 >= p1`, updated incrementally as `p1` decreases.
//!
//! Cost for `P` pieces and `C` corners: `P^4 / 24` additions of four table
//! values (the puzzles) plus `O(P^2 C^2 + P C^3)`; the table takes `C^4`
//! bytes. K = 4: 1.3e9 puzzles; K = 5: 1.05e11.

use std::ops::Range;

use rayon::prelude::*;

use super::corners::{CornerSet, CornerTable};
use super::disagreement::Disagreement;
use super::shard::{Shard, first_piece_work};
use super::sums::{Counts, Occurrences, disagreements_from, first_sums, fourth_pieces, second_sums, third_sums};
use super::{Census, Histogram, Outcome, Tally, first_disagreements};
use crate::context::Context;
use crate::progress::Progress;

/// The census over `census`'s puzzles whose first piece is in `shard`, with
/// up to `keep` disagreements, stopping early once the context's stop is
/// reached: it is polled between chunks of first pieces (one first piece
/// per thread), so the outcome covers exactly the puzzles whose first
/// piece is in the returned range, a prefix of the shard's (the whole of
/// it when not stopped).
pub(crate) fn run(census: &Census, shard: Shard, keep: usize, context: &Context) -> (Outcome, Range<usize>) {
    let (stop, progress) = (context.stop(), context.progress());
    let pieces = census.pieces();
    let work = first_piece_work(pieces.len());
    let whole = shard.range(&work);
    let Some(table) = CornerTable::build(CornerSet::new(census.patterns, census.repetition_free), context) else {
        return (Outcome::default(), whole.start..whole.start);
    };
    let ids: Vec<[usize; 4]> = pieces.iter().map(|p| table.corners().piece_corners(p)).collect();
    progress.start(work[whole.clone()].iter().sum());
    let staged = Staged::new(&table, &ids);
    let step = rayon::current_num_threads().max(1);
    let (mut counts, mut end) = (Counts::default(), whole.start);
    while end < whole.end {
        let next = (end + step).min(whole.end);
        // A chunk cut short by the stop is not counted.
        let Some(chunk) = staged.count_until(end..next, stop, progress) else {
            break;
        };
        counts = counts + chunk;
        end = next;
    }
    let range = whole.start..end;
    let histograms = first_piece_histograms(&table, &ids, range.clone());
    let mut subgraphs = Histogram::default();
    histograms.iter().for_each(|h| subgraphs.merge(h));
    let disagreements = find_disagreements(&table, &ids, range.clone(), &histograms, keep);
    let tally = Tally {
        puzzles: counts.puzzles,
        solvable: counts.solvable,
        unique: counts.unique,
        solutions: counts.solutions,
        subgraphs,
    };
    (Outcome { tally, disagreements }, range)
}

/// The staged partial sums of solution counts.
struct Staged<'a> {
    /// Corners `C`.
    c: usize,
    table: &'a CornerTable,
    /// Each piece's corner numbers.
    ids: &'a [[usize; 4]],
    /// The same as bytes, for the innermost loop.
    fourth: Vec<[u8; 4]>,
}

impl<'a> Staged<'a> {
    fn new(table: &'a CornerTable, ids: &'a [[usize; 4]]) -> Self {
        let fourth = ids
            .iter()
            .map(|c| c.map(|id| u8::try_from(id).expect("at most 256 corners in a census")))
            .collect();
        Staged {
            c: table.corners().len(),
            table,
            ids,
            fourth,
        }
    }

    /// Counts over the puzzles whose first piece is in `range`, in parallel
    /// over first and second pieces.
    /// `None` when `stop` came first (polled per second piece).
    fn count_until(&self, range: Range<usize>, stop: &crate::context::Stop, progress: &dyn Progress) -> Option<Counts> {
        let add = |a: Option<Counts>, b: Option<Counts>| Some(a? + b?);
        range
            .into_par_iter()
            .map(|p1| {
                if stop.reached() {
                    return None;
                }
                let g = self.first(p1);
                (p1..self.ids.len())
                    .into_par_iter()
                    .map(|p2| {
                        if stop.reached() {
                            return None;
                        }
                        let counts = self.second(&g, p2);
                        progress.advance(counts.puzzles);
                        Some(counts)
                    })
                    .reduce(|| Some(Counts::default()), add)
            })
            .reduce(|| Some(Counts::default()), add)
    }

    /// `G(c2, c3, c4)` for `p1`.
    fn first(&self, p1: usize) -> Vec<u8> {
        first_sums(self.ids[p1].iter().map(|&c1| self.table.slice(c1)), self.c)
    }

    /// The puzzles `p1 <= p2 <= p3 <= p4` for this `p2`.
    fn second(&self, g: &[u8], p2: usize) -> Counts {
        let u = second_sums(g, &self.ids[p2], self.c);
        let mut t = [0u16; 256];
        (p2..self.ids.len())
            .map(|p3| {
                third_sums(&u, &self.ids[p3], self.c, &mut t);
                fourth_pieces(&t, &self.fourth[p3..])
            })
            .fold(Counts::default(), |a, b| a + b)
    }
}

/// The verdict histogram of each first piece in `range`, in order; in
/// parallel over chunks of `range`, each starting from the occurrences of
/// the pieces after it.
fn first_piece_histograms(table: &CornerTable, ids: &[[usize; 4]], range: Range<usize>) -> Vec<Histogram> {
    let chunk = range.len().div_ceil(4 * rayon::current_num_threads()).max(1);
    let starts: Vec<usize> = range.clone().step_by(chunk).collect();
    let chunks: Vec<Vec<Histogram>> = starts
        .into_par_iter()
        .map(|lo| {
            let hi = (lo + chunk).min(range.end);
            let mut occurrences = Occurrences::new(table.corners().len());
            ids[hi..].iter().rev().for_each(|p| occurrences.include(p));
            let mut histograms: Vec<Histogram> = (lo..hi)
                .rev()
                .map(|p1| {
                    occurrences.include(&ids[p1]);
                    occurrences.histogram(table, &ids[p1])
                })
                .collect();
            histograms.reverse();
            histograms
        })
        .collect();
    chunks.into_iter().flatten().collect()
}

/// The first `keep` disagreements, in enumeration order: only first pieces
/// whose histogram shows a mismatch are searched, subgraph by subgraph.
fn find_disagreements(
    table: &CornerTable,
    ids: &[[usize; 4]],
    range: Range<usize>,
    histograms: &[Histogram],
    keep: usize,
) -> Vec<Disagreement> {
    let mut found = Vec::new();
    for (p1, h) in range.zip(histograms) {
        if found.len() >= keep {
            break;
        }
        if h.theorem_mismatches() + h.twisted_mismatches() > 0 {
            found.extend(disagreements_from(&|t| table.code(t), ids, p1, keep - found.len()));
        }
    }
    first_disagreements([found], keep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::pieces::piece_classes;
    use crate::census::verdict::Verdict;

    #[test]
    fn run_as_documented() {
        use crate::census::{Census, fast, shard::Shard};
        use crate::context::{Context, Stop};
        let census = Census {
            patterns: 2,
            repetition_free: true,
        };
        let (outcome, done) = fast::run(&census, Shard::WHOLE, 0, &Context::new());
        assert_eq!((outcome.tally.puzzles, done), (126, 0..census.pieces().len()));
        assert_eq!(outcome.tally.totals().theorem.mismatches, 0);
        let stopped = Stop::never().after(std::time::Duration::ZERO);
        let (outcome, done) = fast::run(&census, Shard::WHOLE, 0, &Context::new().until(&stopped));
        assert_eq!((outcome.tally.puzzles, done), (0, 0..0));
    }

    /// The census summed the slow way from the same table: all 256
    /// subgraphs of every puzzle.
    fn summed_from_table(census: &Census, shard: Shard) -> Tally {
        let table =
            CornerTable::build(CornerSet::new(census.patterns, census.repetition_free), &Context::new()).unwrap();
        let ids: Vec<[usize; 4]> = piece_classes(census.patterns, census.repetition_free)
            .iter()
            .map(|p| table.corners().piece_corners(p))
            .collect();
        let n = ids.len();
        let mut tally = Tally::default();
        for p1 in shard.range(&first_piece_work(n)) {
            for p2 in p1..n {
                for p3 in p2..n {
                    for p4 in p3..n {
                        let mut solutions = 0;
                        for choice in 0..256usize {
                            let pieces = [p1, p2, p3, p4];
                            let code = table.code(std::array::from_fn(|i| ids[pieces[i]][(choice >> (2 * i)) & 3]));
                            tally.subgraphs.add(code, 1);
                            solutions += u64::from(Verdict::from_code(code).solutions);
                        }
                        tally.puzzles += 1;
                        tally.solvable += u64::from(solutions > 0);
                        tally.unique += u64::from(solutions == 1);
                        tally.solutions += solutions;
                    }
                }
            }
        }
        tally
    }

    #[test]
    fn staged_sums_equal_the_direct_sums() {
        let some = Shard { index: 5, count: 6 };
        for (census, shard) in [
            (
                Census {
                    patterns: 2,
                    repetition_free: true,
                },
                Shard::WHOLE,
            ),
            (
                Census {
                    patterns: 1,
                    repetition_free: false,
                },
                Shard::WHOLE,
            ),
            (
                Census {
                    patterns: 2,
                    repetition_free: false,
                },
                some,
            ),
            (
                Census {
                    patterns: 3,
                    repetition_free: true,
                },
                Shard { index: 1, count: 40 },
            ),
        ] {
            let fast = run(&census, shard, 0, &Context::new()).0.tally;
            assert_eq!(fast, summed_from_table(&census, shard), "{census:?}");
            assert_eq!(fast.solutions, fast.subgraphs.solutions());
        }
    }

    #[test]
    fn shards_add_up_to_the_whole() {
        let census = Census {
            patterns: 3,
            repetition_free: true,
        };
        let whole = run(&census, Shard::WHOLE, 5, &Context::new()).0;
        let mut sum = Tally::default();
        let mut parts = Vec::new();
        for index in 1..=3 {
            let part = run(&census, Shard { index, count: 3 }, 5, &Context::new()).0;
            sum.merge(&part.tally);
            parts.push(part.disagreements);
        }
        assert_eq!(sum, whole.tally);
        assert_eq!(first_disagreements(parts, 5), whole.disagreements);
        assert_eq!(whole.tally.puzzles, 2_919_735);
    }
}
