//! The census up to symmetry: each orbit of pieces is worked out once and
//! counted with its exact weight.
//!
//! Renaming patterns, swapping the two signs of a pattern and mirroring
//! every piece (left and right swapped, so each corner is reversed) map
//! puzzles of the census to puzzles of the census and change none of their
//! figures: solutions are carried along, and each of the three verdicts is
//! unchanged (the conditions of Theorem 2.1 read the same on reversed edges).
//! These maps form a group `Γ` of `K! 2^K 2` elements acting on the pieces.
//!
//! Designating one piece of each puzzle, `sum over puzzles M of F(M)` equals
//! `1/4 sum over pieces p of H(p)` with
//! `H(p) = sum over 3-multisets M' of (1 + mult(p in M')) F(M' + p)`
//! (a puzzle has 4 pieces, counted with multiplicity). `H` is constant on
//! orbits of `Γ`, so the sum runs over one piece per orbit, times the orbit's
//! size. `H(p)` enumerates the `C(P + 2, 3)` triples `p2 <= p3 <= p4` with
//! the staged sums of [`super::fast`]; its linear part (the verdict
//! histogram) is `h3 + p h2 + p^2 h1 + p^3` in the corner occurrence tensors
//! of all pieces, `O(C^3)` per orbit. Cost: orbits x `P^3 / 6` additions of
//! four table values, instead of `P^4 / 24`.

use std::collections::{BTreeSet, VecDeque};

use rayon::prelude::*;

use super::corners::{CornerSet, corner_slice};
use super::pieces::multisets_of_four;
use super::sums::{
    Counts, Occurrences, disagreements_from, first_sums, fourth_pieces, second_sums, third_sums, weighted_histogram,
};
use super::verdict::verdict;
use super::{Census, Histogram, Outcome, Tally};
use crate::context::{Context, Stop};
use crate::progress::Progress;
use crate::{Pattern, Picture, Piece};

/// One piece per orbit of `Γ` and the orbit's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Orbits {
    /// `(smallest piece of the orbit, orbit size)`, in increasing order.
    pub orbits: Vec<(usize, u64)>,
}

/// The orbits of `pieces` (sorted piece classes over `patterns` patterns),
/// by breadth-first search with the generators: swap patterns `i` and
/// `i + 1`, swap the signs of pattern 1, mirror. `O(P K log P)`.
pub(crate) fn piece_orbits(pieces: &[Piece], patterns: usize) -> Orbits {
    let generators = generators(patterns);
    let index = |piece: Piece| {
        pieces
            .binary_search(&piece.canonical())
            .expect("the census is closed under Γ")
    };
    let mut seen = vec![false; pieces.len()];
    let mut orbits = Vec::new();
    for start in 0..pieces.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let (mut size, mut queue) = (0, VecDeque::from([start]));
        while let Some(p) = queue.pop_front() {
            size += 1;
            for g in &generators {
                let q = index(g(pieces[p]));
                if !std::mem::replace(&mut seen[q], true) {
                    queue.push_back(q);
                }
            }
        }
        orbits.push((start, size));
    }
    Orbits { orbits }
}

type Generator = Box<dyn Fn(Piece) -> Piece + Sync>;

/// The generators of `Γ` acting on pieces.
fn generators(patterns: usize) -> Vec<Generator> {
    let relabel = |f: Box<dyn Fn(Picture) -> Picture + Sync>| -> Generator {
        Box::new(move |piece: Piece| Piece::new(piece.sides().map(&f)))
    };
    let mut generators: Vec<Generator> = (1..patterns as u32)
        .map(|i| {
            relabel(Box::new(move |p: Picture| {
                let n = p.pattern().number();
                let swapped = if n == i {
                    i + 1
                } else if n == i + 1 {
                    i
                } else {
                    n
                };
                Picture::new(Pattern::new(swapped), p.sign())
            }))
        })
        .collect();
    generators.push(relabel(Box::new(|p: Picture| {
        if p.pattern().number() == 1 { p.complement() } else { p }
    })));
    generators.push(Box::new(|piece: Piece| piece.mirrored()));
    generators
}

/// The whole census, one orbit of pieces at a time, with up to `keep`
/// disagreements (searched in enumeration order once the counts show any),
/// until the context's stop, polled before each second piece of each
/// orbit: `None` when it came first. A stopped run reports nothing,
/// because the orbit sums of a part of the orbits count no set of puzzles.
pub(crate) fn run(census: &Census, keep: usize, context: &Context) -> Option<Outcome> {
    let (stop, progress) = (context.stop(), context.progress());
    let pieces = census.pieces();
    let corners = CornerSet::new(census.patterns, census.repetition_free);
    let ids: Vec<[usize; 4]> = pieces.iter().map(|p| corners.piece_corners(p)).collect();
    let orbits = piece_orbits(&pieces, census.patterns).orbits;
    let n = pieces.len() as u64;
    progress.start(orbits.len() as u64 * n * (n + 1) * (n + 2) / 6);
    let mut all = Occurrences::new(corners.len());
    // `O(N C^2)` for `N` pieces over `C` corners (seconds at K = 8): the
    // stop is polled as for the sums.
    for (i, p) in ids.iter().rev().enumerate() {
        if i % 64 == 0 && stop.reached() {
            return None;
        }
        all.include(p);
    }
    let designated = Designated {
        corners: &corners,
        ids: &ids,
        fourth: ids
            .iter()
            .map(|c| c.map(|id| u8::try_from(id).expect("at most 256 corners")))
            .collect(),
        all: &all,
    };
    let mut counts = Counts::default();
    let mut histogram = Histogram::default();
    for &(p, size) in &orbits {
        let (c, h) = designated.sums(p, stop, progress)?;
        counts = counts + c.times(size);
        histogram.merge(&h.times(size));
    }
    let tally = quarter(counts, &histogram);
    debug_assert_eq!(tally.puzzles, multisets_of_four(n));
    let disagreements = if tally.subgraphs.theorem_mismatches() + tally.subgraphs.twisted_mismatches() > 0 {
        let code = |t: [usize; 4]| verdict(&t.map(|i| corners.edge(i))).code();
        let mut found = Vec::new();
        for p1 in 0..pieces.len() {
            if found.len() >= keep {
                break;
            }
            found.extend(disagreements_from(&code, &ids, p1, keep - found.len()));
        }
        found
    } else {
        Vec::new()
    };
    Some(Outcome { tally, disagreements })
}

/// Sums `4 M` of the whole census divided by 4.
///
/// # Panics
/// If a sum is not a multiple of 4: the weights would be wrong.
fn quarter(counts: Counts, histogram: &Histogram) -> Tally {
    let q = |x: u64| {
        assert_eq!(x % 4, 0, "orbit sums count every puzzle 4 times");
        x / 4
    };
    Tally {
        puzzles: q(counts.puzzles),
        solvable: q(counts.solvable),
        unique: q(counts.unique),
        solutions: q(counts.solutions),
        subgraphs: Histogram::from_counts(histogram.counts().iter().map(|&x| q(x)).collect()),
    }
}

/// What `H(p)` needs.
struct Designated<'a> {
    corners: &'a CornerSet,
    ids: &'a [[usize; 4]],
    fourth: Vec<[u8; 4]>,
    /// The corner occurrences of all pieces (`p = 0`).
    all: &'a Occurrences,
}

impl Designated<'_> {
    /// `H(p)`: the per-puzzle counts and the verdict histogram of the
    /// puzzles `{p} + M'`, weighted by `1 + mult(p in M')`.
    fn sums(&self, p: usize, stop: &Stop, progress: &dyn Progress) -> Option<(Counts, Histogram)> {
        let distinct: BTreeSet<usize> = self.ids[p].iter().copied().collect();
        let slices: Vec<(usize, Vec<u8>)> = distinct
            .into_iter()
            .map(|c1| Some((c1, corner_slice(self.corners, c1, &Context::new().until(stop))?)))
            .collect::<Option<_>>()?;
        let slice = |c1: usize| &slices.iter().find(|s| s.0 == c1).expect("a corner of p").1;
        let first: Vec<&[u8]> = self.ids[p].iter().map(|&c1| slice(c1).as_slice()).collect();
        let histogram = weighted_histogram(first.iter().copied(), &self.weights(p));
        if stop.reached() {
            return None;
        }
        let g = first_sums(first.iter().copied(), self.corners.len());
        let counts = (0..self.ids.len())
            .into_par_iter()
            .map(|p2| {
                if stop.reached() {
                    return None;
                }
                let counts = self.second(&g, p, p2);
                let rest = (self.ids.len() - p2) as u64;
                progress.advance(rest * (rest + 1) / 2);
                Some(counts)
            })
            .try_reduce(Counts::default, |a, b| Some(a + b))?;
        Some((counts, histogram))
    }

    /// `W3 + m_p (x) W2 + m_p (x) m_p (x) N + m_p (x) m_p (x) m_p` over
    /// `(c2, c3, c4)`: how often each triple of corners occurs in `M'`,
    /// weighted by `1 + mult(p in M')`.
    fn weights(&self, p: usize) -> Vec<u64> {
        let c = self.corners.len();
        let mut w = self.all.three.clone();
        let slots = self.ids[p];
        for &a in &slots {
            add(&mut w[a * c * c..][..c * c], &self.all.two);
            for &b in &slots {
                add(&mut w[(a * c + b) * c..][..c], &self.all.one);
                for &d in &slots {
                    w[(a * c + b) * c + d] += 1;
                }
            }
        }
        w
    }

    /// The puzzles `{p, p2, p3, p4}`, `p2 <= p3 <= p4`, weighted.
    fn second(&self, g: &[u8], p: usize, p2: usize) -> Counts {
        let c = self.corners.len();
        let u = second_sums(g, &self.ids[p2], c);
        let mut t = [0u16; 256];
        (p2..self.ids.len())
            .map(|p3| {
                third_sums(&u, &self.ids[p3], c, &mut t);
                let base = 1 + u64::from(p2 == p) + u64::from(p3 == p);
                let counts = fourth_pieces(&t, &self.fourth[p3..]).times(base);
                // p4 = p counts once more.
                if p >= p3 {
                    counts + fourth_pieces(&t, &self.fourth[p..=p])
                } else {
                    counts
                }
            })
            .fold(Counts::default(), |a, b| a + b)
    }
}

fn add(to: &mut [u64], from: &[u64]) {
    to.iter_mut().zip(from).for_each(|(x, y)| *x += y);
}

#[cfg(test)]
mod tests {
    #[test]
    fn run_as_documented() {
        use crate::census::{Census, fast, shard::Shard, symmetric};
        use crate::context::{Context, Stop};
        let census = Census {
            patterns: 2,
            repetition_free: false,
        };
        let whole = symmetric::run(&census, 3, &Context::new());
        assert_eq!(whole, Some(fast::run(&census, Shard::WHOLE, 3, &Context::new()).0));
        let stopped = Stop::never().after(std::time::Duration::ZERO);
        assert!(symmetric::run(&census, 0, &Context::new().until(&stopped)).is_none());
        // At K = 8 the occurrences take seconds to build: the stop is
        // heeded while they are.
        let eight = Census {
            patterns: 8,
            repetition_free: false,
        };
        let started = std::time::Instant::now();
        assert!(symmetric::run(&eight, 0, &Context::new().until(&stopped)).is_none());
        assert!(started.elapsed().as_secs_f64() < 1.0, "{:?}", started.elapsed());
    }

    #[test]
    fn the_example_of_piece_orbits_holds() {
        use crate::census::pieces::piece_classes;
        use crate::census::symmetric::piece_orbits;
        let orbits = piece_orbits(&piece_classes(4, true), 4);
        assert_eq!(orbits.orbits.iter().map(|o| o.1).sum::<u64>(), 420);
    }

    use super::*;
    use crate::census::fast;
    use crate::census::pieces::piece_classes;
    use crate::census::shard::Shard;

    /// The orbit of a piece by applying every element of `Γ`.
    fn orbit_by_group(piece: Piece, patterns: usize) -> BTreeSet<Piece> {
        use itertools::Itertools;
        let mut orbit = BTreeSet::new();
        for order in (1..=patterns as u32).permutations(patterns) {
            for signs in 0..1u32 << patterns {
                for mirror in [false, true] {
                    let map = |p: Picture| {
                        let n = p.pattern().number();
                        let q = Picture::new(Pattern::new(order[n as usize - 1]), p.sign());
                        if signs >> (n - 1) & 1 == 1 { q.complement() } else { q }
                    };
                    let moved = Piece::new(piece.sides().map(map));
                    orbit.insert((if mirror { moved.mirrored() } else { moved }).canonical());
                }
            }
        }
        orbit
    }

    #[test]
    fn orbits_are_the_orbits_of_the_whole_group() {
        for (patterns, repetition_free) in [(3, true), (2, false), (4, true)] {
            let pieces = piece_classes(patterns, repetition_free);
            let orbits = piece_orbits(&pieces, patterns).orbits;
            assert_eq!(orbits.iter().map(|o| o.1).sum::<u64>(), pieces.len() as u64);
            for &(rep, size) in &orbits {
                let orbit = orbit_by_group(pieces[rep], patterns);
                assert_eq!(orbit.len() as u64, size, "{}", pieces[rep]);
                assert_eq!(orbit.first(), Some(&pieces[rep]));
            }
        }
        // 4 distinct patterns, X X^c adjacent or opposite with two others,
        // two complementary pairs adjacent or alternating: 5 orbits from
        // K = 4 on; with repetitions 18.
        let count = |k, r| piece_orbits(&piece_classes(k, r), k).orbits.len();
        assert_eq!([2, 3, 4, 5].map(|k| count(k, true)), [2, 4, 5, 5]);
        assert_eq!([1, 2, 3, 4, 5].map(|k| count(k, false)), [4, 13, 17, 18, 18]);
    }

    #[test]
    fn symmetric_sums_equal_the_direct_census() {
        for (patterns, repetition_free) in [(1, true), (2, true), (3, true), (1, false), (2, false)] {
            let census = Census {
                patterns,
                repetition_free,
            };
            let direct = fast::run(&census, Shard::WHOLE, 4, &Context::new()).0;
            assert_eq!(run(&census, 4, &Context::new()), Some(direct), "{census:?}");
        }
    }
}
