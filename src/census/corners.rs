//! Corners over `K` patterns, the table of verdicts on every ordered
//! 4-tuple of corners, and the corner-level check of Theorem 2.1.
//!
//! A corner is an ordered pair of pictures `(tail, head)`: two sides of one
//! piece, the second 90 degrees clockwise from the first. On a
//! repetition-free piece the four sides are four different pictures, so a
//! corner has `tail != head` (`X -> X^c` is allowed). Conversely, with at
//! least two patterns every pair `tail != head` is a corner of some
//! repetition-free piece (fill the two other sides with two further
//! pictures), and any four such corners are the four-colour subgraph of the
//! puzzle made of those four pieces. Since a subgraph's verdicts depend only
//! on its four edges (see [`super::verdict`]), checking every ordered
//! 4-tuple of corners `tail != head` over `K` patterns checks Theorem 2.1 on
//! every four-colour subgraph of every repetition-free 2x2 puzzle over those
//! patterns. Renaming patterns changes no verdict, and by the 4-pattern
//! lemma (RESULTS.md, question 4.1: condition (2) makes the complement of
//! every head a tail, so a solution graph, and any subgraph the theorem,
//! condition (3') or the twisted criterion accepts, touches at most 4
//! patterns) every verdict is "no" on four edges over more than 4 patterns;
//! so `K = 4` already covers every 2x2 puzzle over any number of patterns
//! (with `--repetitions`, every puzzle with repetitions), and larger `K` add
//! nothing. With repetitions, loops `X -> X` are corners too.

use rayon::prelude::*;

use serde::{Deserialize, Serialize};

use super::verdict::{Edge, verdict};
use super::{ConditionFailures, Histogram, Judged};
use crate::context::Context;
use crate::{Picture, Piece};

/// The corners over `K` patterns, numbered in increasing `(tail, head)`
/// order.
#[derive(Clone, Debug)]
pub(crate) struct CornerSet {
    pictures: usize,
    edges: Vec<Edge>,
    ids: Vec<Option<usize>>,
}

impl CornerSet {
    /// The corners of pieces over `patterns` patterns: `tail != head` when
    /// `repetition_free`.
    pub(crate) fn new(patterns: usize, repetition_free: bool) -> Self {
        let pictures = 2 * patterns;
        let mut ids = vec![None; pictures * pictures];
        let mut edges = Vec::new();
        for (t, h) in (0..pictures).flat_map(|t| (0..pictures).map(move |h| (t, h))) {
            if !repetition_free || t != h {
                ids[t * pictures + h] = Some(edges.len());
                edges.push(Edge::new(Picture::from_dense(t), Picture::from_dense(h)));
            }
        }
        CornerSet { pictures, edges, ids }
    }

    /// How many corners.
    pub(crate) fn len(&self) -> usize {
        self.edges.len()
    }

    /// The corner numbered `id`.
    pub(crate) fn edge(&self, id: usize) -> Edge {
        self.edges[id]
    }

    /// The number of a corner, if it belongs to the set.
    pub(crate) fn id(&self, edge: Edge) -> Option<usize> {
        let (t, h) = (edge.tail.dense(), edge.head.dense());
        (t < self.pictures && h < self.pictures)
            .then(|| self.ids[t * self.pictures + h])
            .flatten()
    }

    /// The numbers of a piece's corners 0..4.
    ///
    /// # Panics
    /// If the piece has a corner outside the set.
    pub(crate) fn piece_corners(&self, piece: &Piece) -> [usize; 4] {
        let mut ids = piece
            .corners()
            .map(|(_, t, h)| self.id(Edge::new(t, h)).expect("a corner of the census"));
        std::array::from_fn(|_| ids.next().expect("four corners"))
    }
}

/// The verdict code ([`super::verdict::Verdict::code`]) of every ordered
/// 4-tuple of corners, `C^4` bytes for `C` corners.
#[derive(Clone, Debug)]
pub(crate) struct CornerTable {
    corners: CornerSet,
    codes: Vec<u8>,
}

impl CornerTable {
    /// Evaluates [`verdict`] once per multiset of four corners (in parallel)
    /// and copies it to every ordering: `O(C^4)` time and memory. Until the
    /// context's stop, polled every few hundred verdicts and every few
    /// thousand copies (`None` when it came first): the table of a census
    /// over 5 patterns takes seconds, so a stop must not wait for it.
    pub(crate) fn build(corners: CornerSet, context: &Context) -> Option<Self> {
        let stop = context.stop();
        let c = corners.len();
        let block = c * c * c;
        let mut sorted = vec![0u8; block * c];
        sorted.par_chunks_mut(block.max(1)).enumerate().for_each(|(a, slice)| {
            for (n, [b, cc, d]) in increasing_triples(a, c).enumerate() {
                if n.is_multiple_of(256) && stop.reached() {
                    return;
                }
                let edges = [a, b, cc, d].map(|i| corners.edge(i));
                slice[(b * c + cc) * c + d] = verdict(&edges).code();
            }
        });
        let mut codes = vec![0u8; block * c];
        codes.par_chunks_mut(block.max(1)).enumerate().for_each(|(a, slice)| {
            for (i, code) in slice.iter_mut().enumerate() {
                if i.is_multiple_of(4096) && stop.reached() {
                    return;
                }
                let mut tuple = [a, i / (c * c), i / c % c, i % c];
                tuple.sort_unstable();
                *code = sorted[flat(tuple, c)];
            }
        });
        (!stop.reached()).then_some(CornerTable { corners, codes })
    }

    /// The corners the table is indexed by.
    pub(crate) fn corners(&self) -> &CornerSet {
        &self.corners
    }

    /// The code of the corners numbered `ids`.
    pub(crate) fn code(&self, ids: [usize; 4]) -> u8 {
        self.codes[flat(ids, self.corners.len())]
    }

    /// The codes of all tuples starting with corner `first`, indexed
    /// `(c2 * C + c3) * C + c4`.
    pub(crate) fn slice(&self, first: usize) -> &[u8] {
        let block = self.corners.len().pow(3);
        &self.codes[first * block..(first + 1) * block]
    }
}

/// The codes of every tuple `(first, c2, c3, c4)`, indexed
/// `(c2 * C + c3) * C + c4`: one verdict per multiset `{c2, c3, c4}` (in
/// parallel), copied to its orderings. `O(C^3)` time and bytes; what
/// [`CornerTable::slice`] holds, without the whole table. Until the
/// context's stop, polled once per second corner (`None` when it came
/// first): a slice over 6 patterns takes seconds.
pub(crate) fn corner_slice(corners: &CornerSet, first: usize, context: &Context) -> Option<Vec<u8>> {
    let stop = context.stop();
    let c = corners.len();
    let sorted: Vec<Vec<(usize, u8)>> = (0..c)
        .into_par_iter()
        .map(|b| {
            if stop.reached() {
                return Vec::new();
            }
            let pairs = (b..c).flat_map(|cc| (cc..c).map(move |d| (cc, d)));
            pairs
                .map(|(cc, d)| {
                    (
                        (b * c + cc) * c + d,
                        verdict(&[first, b, cc, d].map(|i| corners.edge(i))).code(),
                    )
                })
                .collect()
        })
        .collect();
    if stop.reached() {
        return None;
    }
    let mut slice = vec![0u8; c * c * c];
    for &(at, code) in sorted.iter().flatten() {
        let (b, cc, d) = (at / (c * c), at / c % c, at % c);
        for [x, y, z] in [[b, cc, d], [b, d, cc], [cc, b, d], [cc, d, b], [d, b, cc], [d, cc, b]] {
            slice[(x * c + y) * c + z] = code;
        }
    }
    Some(slice)
}

/// `((a * c + b) * c + cc) * c + d`.
fn flat([a, b, cc, d]: [usize; 4], c: usize) -> usize {
    ((a * c + b) * c + cc) * c + d
}

/// Every `[b, c, d]` with `first <= b <= c <= d < n`.
fn increasing_triples(first: usize, n: usize) -> impl Iterator<Item = [usize; 3]> {
    (first..n).flat_map(move |b| (b..n).flat_map(move |c| (c..n).map(move |d| [b, c, d])))
}

/// The corner-level check: the verdict histogram over every ordered 4-tuple
/// of corners over `patterns` patterns (corners `tail != head` when
/// `repetition_free`).
///
/// Each multiset of four corners is judged once and weighted by its number
/// of orderings, `24 / (product of multiplicity!)`: `O(C^4 / 24)` verdicts
/// for `C` corners, in parallel. `progress` is called with each finished
/// share of the `C` first corners.
pub(crate) fn check_corners(patterns: usize, repetition_free: bool, context: &Context) -> Option<Histogram> {
    let (stop, progress) = (context.stop(), context.progress());
    let corners = CornerSet::new(patterns, repetition_free);
    let c = corners.len();
    (0..c)
        .into_par_iter()
        .map(|a| {
            let mut histogram = Histogram::default();
            for b in a..c {
                if stop.reached() {
                    return None;
                }
                for [cc, d] in (b..c).flat_map(|cc| (cc..c).map(move |d| [cc, d])) {
                    let code = verdict(&[a, b, cc, d].map(|i| corners.edge(i))).code();
                    histogram.add(code, orderings([a, b, cc, d]));
                }
            }
            progress.advance(1);
            Some(histogram)
        })
        .try_reduce(Histogram::default, |mut x, y| {
            x.merge(&y);
            Some(x)
        })
}

/// The corner-level check's counts, over ordered 4-tuples of corners.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CornerReport {
    /// Corners over the `K` patterns (`2K(2K-1)`, or `(2K)^2` with loops).
    pub corners: usize,
    /// Ordered 4-tuples of corners: `corners^4`.
    pub tuples: u64,
    /// Tuples that are the centre corners of a solution.
    pub solution_tuples: u64,
    /// Solutions (modulo rotation) summed over the tuples.
    pub solutions: u64,
    /// Tuples meeting conditions 1-4, and those where Theorem 2.1 and the
    /// judge disagree.
    #[serde(flatten, with = "super::judged::theorem")]
    pub theorem: Judged,
    /// Tuples the twisted criterion accepts, and those where it and the
    /// judge disagree.
    #[serde(flatten, with = "super::judged::twisted")]
    pub twisted: Judged,
    /// Tuples meeting conditions 1, 2, 3' and 4, and those where they and
    /// the judge disagree.
    #[serde(flatten, with = "super::judged::repaired")]
    pub repaired: Judged,
    /// With repetitions: which conditions reject solutions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition_failures: Option<ConditionFailures>,
}

impl CornerReport {
    /// The report of `check_corners` over `patterns` patterns: `None`
    /// when the context's stop came first.
    pub(crate) fn check(patterns: usize, repetition_free: bool, context: &Context) -> Option<Self> {
        let h = check_corners(patterns, repetition_free, context)?;
        Some(CornerReport {
            corners: CornerSet::new(patterns, repetition_free).len(),
            tuples: h.total(),
            solution_tuples: h.solution_subgraphs(),
            solutions: h.solutions(),
            theorem: h.theorem(),
            twisted: h.twisted(),
            repaired: h.repaired(),
            condition_failures: (!repetition_free).then(|| h.condition_failures()),
        })
    }
}

impl CornerReport {
    /// The identities every corner report of `patterns` patterns obeys,
    /// for reports read from a file: the corner count of the census, `tuples
    /// = corners^4`, `solution_tuples <= solutions` and `<= tuples`, each
    /// accepted count at most `tuples`, the mismatch identities of
    /// [`Judged::check`] and, with repetitions (and only then),
    /// the condition failures' identities. Returns the first broken one.
    pub(crate) fn consistent(&self, patterns: usize, repetition_free: bool) -> std::result::Result<(), String> {
        let corners = CornerSet::new(patterns, repetition_free).len();
        if self.corners != corners {
            return Err(format!(
                "corners.corners = {}, but K = {patterns} has {corners}",
                self.corners
            ));
        }
        let tuples = (corners as u64).pow(4);
        if self.tuples != tuples {
            return Err(format!(
                "corners.tuples = {}, expected corners^4 = {tuples}",
                self.tuples
            ));
        }
        let at_most = [
            ("solution_tuples", self.solution_tuples, "tuples", self.tuples),
            ("solution_tuples", self.solution_tuples, "solutions", self.solutions),
            ("theorem_accepted", self.theorem.accepted, "tuples", self.tuples),
            ("twisted_accepted", self.twisted.accepted, "tuples", self.tuples),
            ("repaired_accepted", self.repaired.accepted, "tuples", self.tuples),
        ];
        if let Some((a, x, b, y)) = at_most.iter().find(|(_, x, _, y)| x > y) {
            return Err(format!("corners.{a} = {x} exceeds corners.{b} = {y}"));
        }
        let solutions_cap = u128::from(self.tuples) * super::MAX_SOLUTIONS_2X2;
        if u128::from(self.solutions) > solutions_cap {
            return Err(format!(
                "corners.solutions = {} exceeds {solutions_cap}",
                self.solutions
            ));
        }
        let truth = ("corners.solution_tuples", self.solution_tuples);
        self.theorem.check("corners.theorem", truth)?;
        self.twisted.check("corners.twisted", truth)?;
        self.repaired.check("corners.repaired", truth)?;
        match (&self.condition_failures, !repetition_free) {
            (Some(f), true) => f
                .check(self.theorem, self.twisted, self.solution_tuples)
                .map_err(|e| format!("corners.condition_failures: {e}")),
            (None, false) => Ok(()),
            (None, true) => Err("missing key `corners.condition_failures` (a check with repetitions writes it)".into()),
            (Some(_), false) => Err("corners.condition_failures: only a check with repetitions writes it".into()),
        }
    }
}

/// The number of distinct orderings of a sorted 4-tuple.
fn orderings(sorted: [usize; 4]) -> u64 {
    let runs = sorted.chunk_by(|x, y| x == y).map(|run| run.len());
    runs.fold(24, |n, run| n / [1, 1, 2, 6, 24][run])
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::census::pieces::piece_classes;
    use crate::census::verdict::Verdict;
    use proptest::prelude::*;

    #[test]
    fn build_as_documented() {
        use crate::census::corners::{CornerSet, CornerTable};
        use crate::census::verdict::{Verdict, verdict};
        use crate::context::{Context, Stop};
        let table = CornerTable::build(CornerSet::new(2, true), &Context::new()).unwrap();
        let ids = [0, 5, 7, 11];
        let edges = ids.map(|i| table.corners().edge(i));
        assert_eq!(Verdict::from_code(table.code(ids)), verdict(&edges));
        let stopped = Stop::never().after(std::time::Duration::ZERO);
        assert!(CornerTable::build(CornerSet::new(2, true), &Context::new().until(&stopped)).is_none());
    }

    #[test]
    fn check_as_documented() {
        use crate::census::corners::CornerReport;
        use crate::context::{Context, Stop};
        let stopped = Stop::never().after(std::time::Duration::ZERO);
        assert!(CornerReport::check(2, true, &Context::new().until(&stopped)).is_none());
        assert!(CornerReport::check(2, true, &Context::new()).is_some());
    }

    #[test]
    fn corner_counts() {
        assert_eq!(CornerSet::new(3, true).len(), 30);
        assert_eq!(CornerSet::new(4, true).len(), 56);
        assert_eq!(CornerSet::new(4, false).len(), 64);
    }

    #[test]
    fn every_corner_of_every_piece_is_in_the_set_and_numbered_back() {
        for repetition_free in [false, true] {
            let set = CornerSet::new(3, repetition_free);
            for piece in piece_classes(3, repetition_free) {
                for (k, id) in set.piece_corners(&piece).into_iter().enumerate() {
                    assert_eq!(set.edge(id), Edge::new(piece.side(k), piece.side(k + 1)));
                }
            }
            // Without repetitions, every non-loop corner occurs on some piece.
            let used: std::collections::BTreeSet<usize> = piece_classes(3, repetition_free)
                .iter()
                .flat_map(|p| set.piece_corners(p))
                .collect();
            assert_eq!(used.len(), set.len());
        }
    }

    #[test]
    fn orderings_of_multisets() {
        assert_eq!(orderings([0, 1, 2, 3]), 24);
        assert_eq!(orderings([0, 0, 2, 3]), 12);
        assert_eq!(orderings([0, 0, 3, 3]), 6);
        assert_eq!(orderings([1, 1, 1, 3]), 4);
        assert_eq!(orderings([2, 2, 2, 2]), 1);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// The table holds the reference verdict for random tuples.
        #[test]
        fn table_matches_the_reference(ids in proptest::array::uniform4(0usize..36)) {
            let table = table_k3_with_repetitions();
            let edges = ids.map(|i| table.corners().edge(i));
            prop_assert_eq!(Verdict::from_code(table.code(ids)), verdict(&edges));
        }
    }

    /// The table over 3 patterns with loops, built once for all tests.
    pub(crate) fn table_k3_with_repetitions() -> &'static CornerTable {
        static TABLE: std::sync::OnceLock<CornerTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| CornerTable::build(CornerSet::new(3, false), &Context::new()).unwrap())
    }

    /// Summed over all ordered tuples, solutions have a closed form. A
    /// solution is a closed walk `a1 -> a2 -> a3 -> a4 -> a1` of twisted
    /// edges (`tail -> head^c`) over the `n = 2K` pictures, with the four
    /// colours placed round it up to rotation: 24 / 4 = 6 ways. With loops
    /// every walk is allowed: `6 n^4`. Without loops a step never goes to
    /// the complement: `trace((J - P)^4) = (n - 1)^4 + n - 1`, `P` the
    /// complement permutation (eigenvalues `n - 1`, then `-1` and `+1`).
    #[test]
    fn solutions_over_all_tuples_have_a_closed_form() {
        for k in 1..=3u64 {
            let n = 2 * k;
            let with_loops = check_corners(k as usize, false, &Context::new()).unwrap();
            assert_eq!(with_loops.solutions(), 6 * n.pow(4), "K = {k}");
            let without = check_corners(k as usize, true, &Context::new()).unwrap();
            assert_eq!(without.solutions(), 6 * ((n - 1).pow(4) + n - 1), "K = {k}");
        }
    }

    #[test]
    fn multiset_check_equals_all_ordered_tuples() {
        let table = CornerTable::build(CornerSet::new(2, false), &Context::new()).unwrap();
        let mut direct = Histogram::default();
        for &code in &table.codes {
            direct.add(code, 1);
        }
        assert_eq!(check_corners(2, false, &Context::new()).unwrap(), direct);
    }
}

#[cfg(test)]
mod examples {
    #[test]
    fn the_example_of_corner_slice_holds() {
        use crate::Context;
        use crate::census::corners::{CornerSet, CornerTable, corner_slice};
        let corners = CornerSet::new(2, false);
        let table = CornerTable::build(corners.clone(), &Context::new()).unwrap();
        assert_eq!(corner_slice(&corners, 5, &Context::new()).unwrap(), table.slice(5));
    }

    #[test]
    fn the_example_of_check_corners_holds() {
        use crate::census::corners::check_corners;
        let h = check_corners(2, true, &crate::Context::new()).unwrap();
        assert_eq!(h.total(), 12u64.pow(4));
        assert_eq!(h.theorem_mismatches(), 0);
    }
}
