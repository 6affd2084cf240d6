//! The solution counts of every `n x n` puzzle of a census at once, from
//! the solved grids over its piece classes.
//!
//! A *solved grid* gives every cell a piece class and a turned side list
//! such that every inner boundary shows complementary pictures. A puzzle
//! `M` (a multiset of classes, `m_c` pieces of class `c`) has, for each
//! solved grid using exactly `M`'s classes, `prod_c m_c!` arrangements (its
//! identical pieces exchanged among the cells of their class) times, per
//! cell, the number of turns of the class that show that side list (1, 2
//! or 4: a piece that looks the same after a turn counts each turn, as
//! SPEC.md counts). So
//!
//! `arrangements(M) = prod_c m_c! * sum over solved grids G of M of prod_cells turns(G, cell)`,
//!
//! and `solutions(M) = arrangements(M) / 4` (a whole-grid turn moves every
//! arrangement to another one). One depth-first walk over the cells in
//! row-major order visits every solved grid once, each cell choosing among
//! the distinct turned side lists that fit its left and top neighbours, and
//! adds the grid's weight to its multiset's total: the work is the number
//! of solved grids (2^24 for 3x3 over one pattern with repetitions, where
//! the puzzles have up to 9 * 10^7 solutions each), not the number of
//! solutions. [`super::check`] compares these counts with the
//! backtracker's, puzzle by puzzle.

use itertools::Itertools;
use rayon::prelude::*;

use crate::census::Census;
use crate::context::Context;
use crate::puzzle::grid::{BOTTOM, LEFT, RIGHT, TOP, turned};

/// The most puzzles a census may hold to be counted (one `u64` per puzzle).
pub(crate) const MAX_PUZZLES: u64 = 1 << 24;

/// The number of `size x size` puzzles of the census: multisets of
/// `size^2` of its piece classes (`None` if it overflows `u64`).
pub(crate) fn puzzle_count(census: &Census, size: usize) -> Option<u64> {
    multichoose(census.pieces().len() as u64, (size * size) as u64)
}

/// Multisets of `r` elements from `n`: `C(n + r - 1, r)`.
fn multichoose(n: u64, r: u64) -> Option<u64> {
    (1..=r).try_fold(1u64, |acc, i| {
        u64::try_from(u128::from(acc) * u128::from(n + i - 1) / u128::from(i)).ok()
    })
}

/// A piece class turned so that it shows one side list, and how many of its
/// four turns show that list.
#[derive(Clone, Copy, Debug)]
struct Turned {
    class: usize,
    /// Dense picture numbers at top, right, bottom, left.
    sides: [usize; 4],
    turns: u64,
}

/// The distinct turned side lists of every class, each once.
fn turned_classes(census: &Census) -> Vec<Turned> {
    let mut out = Vec::new();
    for (class, piece) in census.pieces().iter().enumerate() {
        let dense = piece.sides().map(|p| p.dense());
        for (sides, turns) in (0..4).map(|r| turned(dense, r)).counts() {
            out.push(Turned {
                class,
                sides,
                turns: turns as u64,
            });
        }
    }
    out.sort_by_key(|t| (t.class, t.sides));
    out
}

/// The candidates of a cell by what its left and top neighbours require:
/// `fits[(left + 1) * (pictures + 1) + top + 1]`, with `left`/`top` the
/// dense picture the cell must show there (`-1`: no neighbour).
struct Fits {
    pictures: usize,
    fits: Vec<Vec<u16>>,
}

impl Fits {
    fn new(turned: &[Turned], pictures: usize) -> Fits {
        let width = pictures + 1;
        let mut fits = vec![Vec::new(); width * width];
        for (i, t) in turned.iter().enumerate() {
            let i = u16::try_from(i).expect("few turned classes");
            for left in [None, Some(t.sides[LEFT])] {
                for top in [None, Some(t.sides[TOP])] {
                    fits[Self::slot(width, left, top)].push(i);
                }
            }
        }
        Fits { pictures, fits }
    }

    fn slot(width: usize, left: Option<usize>, top: Option<usize>) -> usize {
        left.map_or(0, |l| l + 1) * width + top.map_or(0, |t| t + 1)
    }

    fn get(&self, left: Option<usize>, top: Option<usize>) -> &[u16] {
        &self.fits[Self::slot(self.pictures + 1, left, top)]
    }
}

/// The rank of a multiset in enumeration order
/// (`(0..classes).combinations_with_replacement(k)`), from its counts:
/// `prefix[i][x]` holds the multisets whose `i`-th smallest element is
/// below `x` given the earlier ones.
struct Ranks {
    prefix: Vec<Vec<u64>>,
}

impl Ranks {
    fn new(classes: usize, k: usize) -> Ranks {
        let prefix = (1..=k)
            .map(|i| {
                let mut sums = vec![0u64; classes + 1];
                for v in 0..classes {
                    let below = multichoose((classes - v) as u64, (k - i) as u64).expect("fits: checked");
                    sums[v + 1] = sums[v] + below;
                }
                sums
            })
            .collect();
        Ranks { prefix }
    }

    fn rank(&self, counts: &[u8]) -> usize {
        let (mut rank, mut i, mut previous) = (0u64, 0, 0);
        for (class, &m) in counts.iter().enumerate() {
            for _ in 0..m {
                rank += self.prefix[i][class] - self.prefix[i][previous];
                previous = class;
                i += 1;
            }
        }
        rank as usize
    }
}

/// The walk over solved grids.
struct Walk<'a> {
    size: usize,
    turned: &'a [Turned],
    fits: &'a Fits,
    ranks: &'a Ranks,
}

impl Walk<'_> {
    /// Fills cells `cell..` after `chosen` (the turned classes of the earlier
    /// cells), adding each solved grid's weight to `totals[rank]`.
    fn fill(&self, cell: usize, chosen: &mut Vec<u16>, counts: &mut [u8], weight: u64, totals: &mut [u64]) {
        if cell == self.size * self.size {
            totals[self.ranks.rank(counts)] += weight;
            return;
        }
        let (row, column) = (cell / self.size, cell % self.size);
        let shown = |at: usize, d: usize| self.turned[usize::from(chosen[at])].sides[d] ^ 1;
        let left = (column > 0).then(|| shown(cell - 1, RIGHT));
        let top = (row > 0).then(|| shown(cell - self.size, BOTTOM));
        for &i in self.fits.get(left, top) {
            let t = self.turned[usize::from(i)];
            chosen.push(i);
            counts[t.class] += 1;
            self.fill(cell + 1, chosen, counts, weight * t.turns, totals);
            counts[t.class] -= 1;
            chosen.pop();
        }
    }
}

/// The arrangements of every `size x size` puzzle of the census, indexed by
/// the puzzle's rank in enumeration order (sorted multisets of class
/// numbers, as `itertools`' `combinations_with_replacement`); `None` if
/// `stop` was reached first. `progress` counts the solved partial grids of
/// the first two cells.
///
/// # Complexity
/// `O(G n^2)` for `G` solved grids over the classes (`C (4 n^2)` memory
/// per thread for `C` puzzles), in parallel over the first two cells.
///
/// # Panics
/// If the census holds more than [`MAX_PUZZLES`] puzzles, or `size < 2`.
pub(crate) fn arrangements(census: &Census, size: usize, context: &Context) -> Option<Vec<u64>> {
    let (stop, progress) = (context.stop(), context.progress());
    assert!(size >= 2, "a grid of at least 2x2");
    let puzzles = puzzle_count(census, size).filter(|&p| p <= MAX_PUZZLES);
    let puzzles = puzzles.expect("at most MAX_PUZZLES puzzles") as usize;
    let classes = census.pieces().len();
    let turned = turned_classes(census);
    let fits = Fits::new(&turned, 2 * census.patterns);
    let ranks = Ranks::new(classes, size * size);
    let walk = Walk {
        size,
        turned: &turned,
        fits: &fits,
        ranks: &ranks,
    };
    let starts: Vec<(u16, u16)> = (0..turned.len() as u16)
        .flat_map(|a| {
            let right = turned[usize::from(a)].sides[RIGHT] ^ 1;
            fits.get(Some(right), None).iter().map(move |&b| (a, b))
        })
        .collect();
    progress.start(starts.len() as u64);
    let totals = starts
        .par_iter()
        .try_fold(
            || vec![0u64; puzzles],
            |mut totals, &(a, b)| {
                if stop.reached() {
                    return None;
                }
                let (ta, tb) = (turned[usize::from(a)], turned[usize::from(b)]);
                let mut counts = vec![0u8; classes];
                counts[ta.class] += 1;
                counts[tb.class] += 1;
                walk.fill(2, &mut vec![a, b], &mut counts, ta.turns * tb.turns, &mut totals);
                progress.advance(1);
                Some(totals)
            },
        )
        .try_reduce(
            || vec![0u64; puzzles],
            |mut x, y| {
                x.iter_mut().zip(&y).for_each(|(a, b)| *a += b);
                Some(x)
            },
        )?;
    Some(
        totals
            .iter()
            .zip((0..classes).combinations_with_replacement(size * size))
            .map(|(&grids, multiset)| grids * identical_orders(&multiset))
            .collect(),
    )
}

/// `prod_c m_c!` for a sorted multiset: the ways to hand identical pieces
/// to the cells of their class.
fn identical_orders(sorted: &[usize]) -> u64 {
    sorted
        .chunk_by(|a, b| a == b)
        .map(|run| (1..=run.len() as u64).product::<u64>())
        .product()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Context;
    use crate::context::Stop;
    use crate::solve::{Order, Solver};
    use crate::{Piece, Puzzle};

    #[test]
    fn puzzle_count_as_documented() {
        use crate::census::{Census, nxn::count::puzzle_count};
        assert_eq!(
            puzzle_count(
                &Census {
                    patterns: 2,
                    repetition_free: true
                },
                3
            ),
            Some(2002)
        );
    }

    #[test]
    fn arrangements_as_documented() {
        use crate::census::{Census, nxn::count::arrangements};
        use crate::context::Context;
        let census = Census {
            patterns: 2,
            repetition_free: true,
        };
        let all = arrangements(&census, 3, &Context::new()).unwrap();
        assert_eq!(all.len(), 2002);
        assert_eq!(all.iter().sum::<u64>() / 4, 7_990_480);
    }

    fn census(patterns: usize, repetition_free: bool) -> Census {
        Census {
            patterns,
            repetition_free,
        }
    }

    #[test]
    fn ranks_follow_the_enumeration_order() {
        for (classes, k) in [(6, 9), (4, 4), (1, 3), (7, 2)] {
            let ranks = Ranks::new(classes, k);
            for (expected, multiset) in (0..classes).combinations_with_replacement(k).enumerate() {
                let mut counts = vec![0u8; classes];
                multiset.iter().for_each(|&c| counts[c] += 1);
                assert_eq!(ranks.rank(&counts), expected, "{multiset:?}");
            }
        }
    }

    #[test]
    fn turned_classes_count_every_turn_once() {
        for (patterns, repetition_free) in [(1, false), (2, true), (2, false)] {
            let turned = turned_classes(&census(patterns, repetition_free));
            let pieces = census(patterns, repetition_free).pieces().len() as u64;
            assert_eq!(turned.iter().map(|t| t.turns).sum::<u64>(), 4 * pieces);
        }
        // Over one pattern: 16 side lists, from 6 classes.
        assert_eq!(turned_classes(&census(1, false)).len(), 16);
    }

    /// The backtracker's count (the puzzle-by-puzzle reference) of every
    /// `stride`-th puzzle of the census from `offset`, against the
    /// solved-grid counts; puzzles the solved grids give more than `limit`
    /// solutions are left out (the backtracker enumerates solutions one by
    /// one: an undercount still shows, an overcount above `limit` would
    /// not). Returns how many were judged.
    fn judge(census: &Census, size: usize, (stride, offset): (usize, usize), limit: u64) -> usize {
        let all = arrangements(census, size, &Context::new()).unwrap();
        let classes = census.pieces();
        let mut judged = 0;
        for (rank, multiset) in (0..classes.len())
            .combinations_with_replacement(size * size)
            .enumerate()
        {
            if rank % stride != offset || all[rank] / 4 > limit {
                continue;
            }
            let puzzle = Puzzle::new(multiset.iter().map(|&c| classes[c]).collect()).unwrap();
            let count = Solver::new(&puzzle, Order::Spiral, 0).unwrap().count().solutions;
            assert_eq!(all[rank], 4 * count, "{census:?} puzzle {rank}: {puzzle}");
            judged += 1;
        }
        judged
    }

    #[test]
    fn solved_grids_count_what_the_backtracker_counts_on_2x2() {
        // Every puzzle of the two small censuses (four identical symmetric
        // pieces among them), every 997th of the 1,088,430 with repetitions
        // over two patterns.
        for (patterns, repetition_free) in [(1, false), (2, true)] {
            let c = census(patterns, repetition_free);
            assert_eq!(judge(&c, 2, (1, 0), u64::MAX) as u64, puzzle_count(&c, 2).unwrap());
        }
        assert_eq!(judge(&census(2, false), 2, (997, 500), u64::MAX), 1092);
    }

    #[test]
    fn solved_grids_count_what_the_backtracker_counts_on_3x3_k2() {
        // Every 13th of the 2002 repetition-free puzzles over 2 patterns.
        assert_eq!(judge(&census(2, true), 3, (13, 5), u64::MAX), 154);
    }

    #[test]
    fn solved_grids_count_what_the_backtracker_counts_on_3x3_with_repetitions() {
        // Every 7th of the 2002 puzzles over one pattern with repetitions,
        // up to 200,000 solutions (1122 of the 2002 have over a million).
        let c = census(1, false);
        assert!(judge(&c, 3, (7, 2), 200_000) >= 90);
        // Nine `1+ 1- 1+ 1-` pieces: 2 * 2^9 * 9! / 4 solutions (SPEC's
        // counting: each of the two turns that show one side list counts).
        let all = arrangements(&c, 3, &Context::new()).unwrap();
        let alternating = Piece::new([1, 0, 1, 0].map(crate::Picture::from_dense));
        let classes = c.pieces();
        let class = classes.binary_search(&alternating.canonical()).unwrap();
        let rank = (0..classes.len())
            .combinations_with_replacement(9)
            .position(|m| m.iter().all(|&x| x == class))
            .unwrap();
        assert_eq!(all[rank] / 4, 2 * 512 * 362_880 / 4);
    }

    #[test]
    fn a_stop_reached_gives_no_counts() {
        let stopped = Stop::never().after(std::time::Duration::ZERO);
        assert_eq!(arrangements(&census(2, true), 3, &Context::new().until(&stopped)), None);
    }
}
