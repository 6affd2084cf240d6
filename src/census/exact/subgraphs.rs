//! The census's subgraph totals (and `solutions`) for any `K`, by Burnside's
//! lemma over the orderings of the four pieces, without enumerating puzzles.
//!
//! For a symmetric `g`, the sum of `g` over multisets of 4 pieces is
//! `(1/24) * sum over sigma in S4 of the sum of g over the 4-tuples of
//! pieces that sigma fixes`. With `g` the sum of a verdict figure `f` over
//! the 256 choices of one corner per piece, the identity term is
//! `sum_e f(e) M1(e1) M1(e2) M1(e3) M1(e4)` over ordered 4-tuples of corners
//! `e`, where `M1(e)` counts (piece class, corner index) pairs showing `e`; a
//! transposition (6 of them) gives `M2(e1, e2) M1(e3) M1(e4)`, two
//! transpositions (3) `M2(e1, e2) M2(e3, e4)`, a 3-cycle (8)
//! `M3(e1, e2, e3) M1(e4)` and a 4-cycle (6) `M4(e1, ..., e4)`, with
//! `Mr(e1..er)` the sum over piece classes of the product of the
//! multiplicities of `e1..er` among the class's four corners. A class is
//! summed as its 4-tuples weighted by `stabiliser / 4`.
//!
//! Every figure counted here is zero unless the four corners touch at most
//! 4 patterns (the 4-pattern lemma, RESULTS.md, question 4.1), so the corners
//! are those over patterns 1..4, each tuple standing for the `C(K, i)`
//! choices of the `i` patterns it uses.

use std::collections::HashMap;

use itertools::Itertools;

use crate::Picture;
use crate::census::verdict::{Edge, Verdict, verdict};

/// Pictures of patterns 1..4.
const PICTURES: usize = 8;
/// Corners over patterns 1..4, loops included: `tail * 8 + head`.
const CORNERS: usize = PICTURES * PICTURES;

/// What one subgraph adds to a total.
pub(crate) type Figure = fn(Verdict) -> u64;

/// The census totals that are sums over four-colour subgraphs, with the
/// figure each subgraph adds.
pub(crate) const FIGURES: [(&str, Figure); 8] = [
    ("solutions", |v| u64::from(v.solutions)),
    ("solution_subgraphs", |v| u64::from(v.is_solution_graph())),
    ("theorem_accepted", |v| u64::from(v.theorem_accepts())),
    ("theorem_mismatches", |v| u64::from(v.theorem_mismatch())),
    ("twisted_accepted", |v| u64::from(v.twisted)),
    ("twisted_mismatches", |v| u64::from(v.twisted_mismatch())),
    ("repaired_accepted", |v| u64::from(v.repaired)),
    ("repaired_mismatches", |v| u64::from(v.repaired_mismatch())),
];

/// One ordered 4-tuple of corners over patterns `1..=patterns` (all of
/// them used) with a non-zero figure.
struct Term {
    corners: [usize; 4],
    patterns: usize,
    figures: [u64; 8],
}

fn edge(id: usize) -> Edge {
    Edge::new(Picture::from_dense(id / PICTURES), Picture::from_dense(id % PICTURES))
}

/// Every ordered tuple of corners (loops only unless `repetition_free`) over
/// exactly the patterns `1..=i`, for some `i <= 4`, with a non-zero figure.
fn terms(repetition_free: bool) -> Vec<Term> {
    let ids: Vec<usize> = (0..CORNERS)
        .filter(|&c| !repetition_free || c / PICTURES != c % PICTURES)
        .collect();
    ids.iter()
        .copied()
        .combinations_with_replacement(4)
        .filter_map(|multiset| {
            let v = verdict(&[0, 1, 2, 3].map(|i| edge(multiset[i])));
            let figures = FIGURES.map(|(_, f)| f(v));
            let used = multiset
                .iter()
                .fold(0u8, |m, &c| m | 1 << (c / PICTURES / 2) | 1 << (c % PICTURES / 2));
            let patterns = used.count_ones() as usize;
            (figures.iter().any(|&x| x > 0) && used == (1 << patterns) - 1).then_some((multiset, patterns, figures))
        })
        .flat_map(|(multiset, patterns, figures)| {
            let orders: Vec<Vec<usize>> = multiset.into_iter().permutations(4).sorted().dedup().collect();
            orders.into_iter().map(move |o| Term {
                corners: [o[0], o[1], o[2], o[3]],
                patterns,
                figures,
            })
        })
        .collect()
}

/// `4 * Mr` for pieces over `K` patterns, restricted to corners over
/// patterns 1..4.
struct Multiplicities {
    m1: Vec<u128>,
    m2: Vec<u128>,
    m3: Vec<u128>,
    m4: HashMap<[usize; 4], u128>,
}

impl Multiplicities {
    fn new(patterns: usize, repetition_free: bool) -> Self {
        let mut m = Multiplicities {
            m1: vec![0; CORNERS],
            m2: vec![0; CORNERS.pow(2)],
            m3: vec![0; CORNERS.pow(3)],
            m4: HashMap::new(),
        };
        let n = 2 * patterns;
        for sides in std::iter::repeat_n(0..n, 4).multi_cartesian_product() {
            let s = [sides[0], sides[1], sides[2], sides[3]];
            if repetition_free && s.iter().array_combinations().any(|[a, b]| a == b) {
                continue;
            }
            let stabiliser = crate::puzzle::grid::symmetries(s) as u128;
            let corners: Vec<usize> = (0..4)
                .filter_map(|a| {
                    let (t, h) = (s[a], s[(a + 1) % 4]);
                    (t < PICTURES && h < PICTURES).then_some(t * PICTURES + h)
                })
                .collect();
            m.add(&corners, stabiliser);
        }
        m
    }

    /// Adds a 4-tuple's corners (those over patterns 1..4) with its weight.
    fn add(&mut self, corners: &[usize], w: u128) {
        for &a in corners {
            self.m1[a] += w;
            for &b in corners {
                self.m2[a * CORNERS + b] += w;
                for &c in corners {
                    self.m3[(a * CORNERS + b) * CORNERS + c] += w;
                    for &d in corners {
                        *self.m4.entry([a, b, c, d]).or_insert(0) += w;
                    }
                }
            }
        }
    }

    /// `6144` times the Burnside weight of one ordered tuple of corners.
    fn weight(&self, [a, b, c, d]: [usize; 4]) -> u128 {
        let m2 = |x: usize, y: usize| self.m2[x * CORNERS + y];
        let m3 = self.m3[(a * CORNERS + b) * CORNERS + c];
        let m4 = self.m4.get(&[a, b, c, d]).copied().unwrap_or(0);
        let (m1a, m1b, m1c, m1d) = (self.m1[a], self.m1[b], self.m1[c], self.m1[d]);
        m1a * m1b * m1c * m1d + 24 * m2(a, b) * m1c * m1d + 48 * m2(a, b) * m2(c, d) + 128 * m3 * m1d + 384 * m4
    }
}

/// `C(n, k)`.
pub(crate) fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i as u128 + 1))
}

/// The eight `FIGURES` summed over the census over `K = 0..=max_patterns`
/// patterns, one row per `K`.
///
/// # Complexity
/// `O(K^4)` pieces per `K` to build the multiplicities, then one pass over
/// the few tens of thousands of corner tuples with a non-zero figure.
pub(crate) fn subgraph_totals(repetition_free: bool, max_patterns: usize) -> Vec<[u128; 8]> {
    let terms = terms(repetition_free);
    (0..=max_patterns)
        .map(|k| {
            let m = Multiplicities::new(k, repetition_free);
            let mut sums = [0u128; 8];
            for t in terms.iter().filter(|t| t.patterns <= k) {
                let w = m.weight(t.corners) * binomial(k, t.patterns);
                sums.iter_mut()
                    .zip(t.figures)
                    .for_each(|(s, f)| *s += w * u128::from(f));
            }
            sums.map(|s| {
                assert_eq!(s % 6144, 0, "Burnside sums are whole");
                s / 6144
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn subgraph_totals_as_documented() {
        use crate::census::exact::subgraphs::subgraph_totals;
        let rows = subgraph_totals(true, 2);
        // K = 2, repetition-free: 878 solutions, 582 solution subgraphs.
        assert_eq!(rows[2][..2], [878, 582]);
    }
}
