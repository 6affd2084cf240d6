//! The staged sums both fast census paths share ([`super::fast`] over
//! every puzzle, [`super::symmetric`] over one orbit at a time): the
//! per-puzzle counts, the partial sums `G`, `U`, `T` of solution counts, the
//! occurrence weights of corner triples, and the disagreements searched
//! for in a first piece's puzzles. See [`super::fast`] for the method.

use super::Histogram;
use super::corners::CornerTable;
use super::disagreement::Disagreement;
use super::verdict::{CODES, Verdict};

/// The per-puzzle counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Counts {
    pub(super) puzzles: u64,
    pub(super) solvable: u64,
    pub(super) unique: u64,
    pub(super) solutions: u64,
}

impl Counts {
    /// Every count times `weight`.
    pub(super) fn times(self, weight: u64) -> Counts {
        Counts {
            puzzles: self.puzzles * weight,
            solvable: self.solvable * weight,
            unique: self.unique * weight,
            solutions: self.solutions * weight,
        }
    }
}

impl std::ops::Add for Counts {
    type Output = Counts;
    fn add(self, o: Counts) -> Counts {
        Counts {
            puzzles: self.puzzles + o.puzzles,
            solvable: self.solvable + o.solvable,
            unique: self.unique + o.unique,
            solutions: self.solutions + o.solutions,
        }
    }
}

/// `G(c2, c3, c4)`: solutions summed over the slices of the first piece's
/// corners (at most 4 * 6, a byte).
pub(super) fn first_sums<'s>(slices: impl Iterator<Item = &'s [u8]>, c: usize) -> Vec<u8> {
    let mut g = vec![0u8; c * c * c];
    for slice in slices {
        g.iter_mut()
            .zip(slice)
            .for_each(|(x, &code)| *x += Verdict::from_code(code).solutions);
    }
    g
}

/// `U(c3, c4)`: `G` summed over the second piece's corners.
pub(super) fn second_sums(g: &[u8], corners: &[usize; 4], c: usize) -> Vec<u16> {
    let mut u = vec![0u16; c * c];
    for &c2 in corners {
        u.iter_mut()
            .zip(&g[c2 * c * c..][..c * c])
            .for_each(|(x, &y)| *x += u16::from(y));
    }
    u
}

/// `T(c4)`: `U` summed over the third piece's corners, into `t`.
pub(super) fn third_sums(u: &[u16], corners: &[usize; 4], c: usize, t: &mut [u16; 256]) {
    t.fill(0);
    for &c3 in corners {
        t.iter_mut().zip(&u[c3 * c..][..c]).for_each(|(x, &y)| *x += y);
    }
}

/// The innermost loop: each fourth piece's solution count is the sum of
/// `t` over its corners (at most 256 * 6, a `u16`).
pub(super) fn fourth_pieces(t: &[u16; 256], fourth: &[[u8; 4]]) -> Counts {
    let (mut solvable, mut unique, mut solutions) = (0u32, 0u32, 0u32);
    for &[a, b, c, d] in fourth {
        let s = t[usize::from(a)] + t[usize::from(b)] + t[usize::from(c)] + t[usize::from(d)];
        solvable += u32::from(s != 0);
        unique += u32::from(s == 1);
        solutions += u32::from(s);
    }
    Counts {
        puzzles: fourth.len() as u64,
        solvable: u64::from(solvable),
        unique: u64::from(unique),
        solutions: u64::from(solutions),
    }
}

/// How often each `(c2, c3, c4)` occurs as corners of `p2 <= p3 <= p4`
/// with `p2 >= p`, for the current `p`, updated as `p` decreases.
pub(super) struct Occurrences {
    c: usize,
    /// `N(c4)`: corner slots among pieces `>= p`.
    pub(super) one: Vec<u64>,
    /// `W2(c3, c4)`: pairs `p <= p3 <= p4`.
    pub(super) two: Vec<u64>,
    /// `W3(c2, c3, c4)`: triples `p <= p2 <= p3 <= p4`.
    pub(super) three: Vec<u64>,
}

impl Occurrences {
    pub(super) fn new(c: usize) -> Self {
        Occurrences {
            c,
            one: vec![0; c],
            two: vec![0; c * c],
            three: vec![0; c * c * c],
        }
    }

    /// Moves from `p + 1` to `p`, whose corner numbers are `corners`.
    pub(super) fn include(&mut self, corners: &[usize; 4]) {
        let c = self.c;
        for &k in corners {
            self.one[k] += 1;
        }
        for &k in corners {
            add(&mut self.two[k * c..][..c], &self.one);
        }
        for &k in corners {
            add(&mut self.three[k * c * c..][..c * c], &self.two);
        }
    }

    /// The verdict histogram of the subgraphs of the puzzles whose smallest
    /// piece is the current `p`, with corners `corners`.
    pub(super) fn histogram(&self, table: &CornerTable, corners: &[usize; 4]) -> Histogram {
        weighted_histogram(corners.iter().map(|&c1| table.slice(c1)), &self.three)
    }
}

/// The histogram of the codes of `slices`, each code counted with the
/// weight at its position.
pub(super) fn weighted_histogram<'s>(slices: impl Iterator<Item = &'s [u8]>, weights: &[u64]) -> Histogram {
    let mut bins = vec![[0u64; CODES]; 4];
    for (i, slice) in slices.enumerate() {
        let bin = &mut bins[i % 4];
        for (&code, &w) in slice.iter().zip(weights) {
            bin[usize::from(code)] += w;
        }
    }
    Histogram::from_counts((0..CODES).map(|code| bins.iter().map(|b| b[code]).sum()).collect())
}

fn add(to: &mut [u64], from: &[u64]) {
    to.iter_mut().zip(from).for_each(|(x, y)| *x += y);
}

/// Up to `keep` disagreements among the puzzles whose smallest piece is
/// `p1`, in enumeration order, `code` giving the verdict code of four
/// corner numbers.
pub(super) fn disagreements_from(
    code: &dyn Fn([usize; 4]) -> u8,
    ids: &[[usize; 4]],
    p1: usize,
    keep: usize,
) -> Vec<Disagreement> {
    let n = ids.len();
    let puzzles = (p1..n).flat_map(|p2| (p2..n).flat_map(move |p3| (p3..n).map(move |p4| [p1, p2, p3, p4])));
    puzzles
        .flat_map(|pieces| {
            (0..256usize).filter_map(move |choice| {
                let corners: [usize; 4] = std::array::from_fn(|i| (choice >> (2 * (3 - i))) & 3);
                let verdict = Verdict::from_code(code(std::array::from_fn(|i| ids[pieces[i]][corners[i]])));
                (verdict.theorem_mismatch() || verdict.twisted_mismatch()).then_some(Disagreement {
                    pieces,
                    corners,
                    verdict,
                })
            })
        })
        .take(keep)
        .collect()
}
