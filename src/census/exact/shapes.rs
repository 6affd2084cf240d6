//! Solved 2x2 grids ("shapes") with canonically labelled patterns: the
//! per-puzzle totals `solvable`, `unique` and `solutions` counted without the
//! census's enumeration of multisets.
//!
//! A solved grid is 12 pictures: one side of each of the 4 inner boundaries
//! (the other side is its complement) and the 8 border sides. Patterns are
//! numbered in order of first appearance and the first picture of each
//! pattern has sign `-`, so a shape over exactly `j` patterns stands for
//! `j! 2^j` labelled grids over the patterns `1..=j`. A puzzle `P` (multiset of
//! 4 pieces) with `s` solutions modulo rotation has `4s` solution
//! arrangements, and each labelled solved grid comes from exactly `w(P)` of
//! them: `w(P) = prod(m!) * prod(stabiliser)`, `m` the multiplicity of each
//! piece class and the stabiliser the rotations that fix a piece. Summing
//! `w / 4s` over the grids of `P` counts `P` once; summing `w / 4` counts its
//! solutions.

use crate::puzzle::grid::{symmetries, turned};
use rayon::prelude::*;

/// The most solutions (modulo rotation) a 2x2 puzzle can have: the
/// arrangements with piece 0 in the top-left cell, `4 * 3!* 4^3`.
pub(crate) const MAX_SOLUTIONS: usize = 4 * 6 * 64;

/// The most patterns a solved 2x2 grid uses (4 inner boundaries, 8 border
/// sides).
pub(crate) const MAX_PATTERNS: usize = 12;

/// Sums of `w(P)` over the shapes, by variant (0 repetition-free, 1 with
/// repetitions allowed), number of patterns `j` and number of solutions `s` of the
/// shape's puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ShapeSums {
    sums: Vec<u64>,
}

const SLOTS: usize = 12;
const SOLUTION_BINS: usize = MAX_SOLUTIONS + 1;

impl ShapeSums {
    fn new() -> Self {
        ShapeSums {
            sums: vec![0; 2 * (MAX_PATTERNS + 1) * SOLUTION_BINS],
        }
    }

    fn index(repetition_free: bool, patterns: usize, solutions: usize) -> usize {
        (usize::from(!repetition_free) * (MAX_PATTERNS + 1) + patterns) * SOLUTION_BINS + solutions
    }

    /// The sum of `w(P)` over shapes over exactly `patterns` patterns whose
    /// puzzle has `solutions` solutions.
    pub(crate) fn get(&self, repetition_free: bool, patterns: usize, solutions: usize) -> u64 {
        self.sums[Self::index(repetition_free, patterns, solutions)]
    }

    fn merge(mut self, other: ShapeSums) -> Self {
        self.sums.iter_mut().zip(other.sums).for_each(|(a, b)| *a += b);
        self
    }
}

/// The four pieces of a solved grid, clockwise from the top, cells
/// top-left, top-right, bottom-left, bottom-right; `x` are the inner
/// pictures (top-left/top-right, bottom-left/bottom-right,
/// top-left/bottom-left, top-right/bottom-right), `b` the border.
fn pieces(slots: &[u8; SLOTS]) -> [[u8; 4]; 4] {
    let (x, b) = (&slots[..4], &slots[4..]);
    [
        [b[0], x[0], x[2], b[1]],
        [b[2], b[3], x[3], x[0] ^ 1],
        [x[2] ^ 1, x[1], b[4], b[5]],
        [x[3] ^ 1, b[6], b[7], x[1] ^ 1],
    ]
}

/// Solutions modulo rotation: arrangements with piece 0 in the top-left
/// cell, by backtracking cell by cell.
fn solutions(pieces: &[[u8; 4]; 4]) -> usize {
    let turns: [[[u8; 4]; 4]; 4] = std::array::from_fn(|i| std::array::from_fn(|r| turned(pieces[i], r)));
    let mut count = 0;
    for tl in turns[0] {
        for i in 1..4 {
            for tr in turns[i].iter().filter(|tr| tr[3] == tl[1] ^ 1) {
                for k in (1..4).filter(|&k| k != i) {
                    let m = 6 - i - k;
                    for bl in turns[k].iter().filter(|bl| bl[0] == tl[2] ^ 1) {
                        count += turns[m]
                            .iter()
                            .filter(|br| br[3] == bl[1] ^ 1 && br[0] == tr[2] ^ 1)
                            .count();
                    }
                }
            }
        }
    }
    count
}

/// `w(P)`: the arrangements of the puzzle that show one given solved grid.
fn weight(pieces: &[[u8; 4]; 4]) -> u64 {
    let mut classes = [0u32; 4];
    let mut w = 1;
    for (class, &p) in classes.iter_mut().zip(pieces) {
        let packed = |q: [u8; 4]| u32::from_be_bytes(q);
        *class = (0..4).map(|r| packed(turned(p, r))).min().expect("four turns");
        w *= symmetries(p) as u64;
    }
    classes.sort_unstable();
    let runs = classes.chunk_by(|a, b| a == b).map(|run| [1, 1, 2, 6, 24][run.len()]);
    w * runs.product::<u64>()
}

fn repetition_free(pieces: &[[u8; 4]; 4]) -> bool {
    pieces.iter().all(|p| (0..4).all(|a| (a + 1..4).all(|b| p[a] != p[b])))
}

/// A partly labelled shape: the first `len` slots and the patterns used.
#[derive(Clone, Copy)]
struct Prefix {
    slots: [u8; SLOTS],
    len: usize,
    patterns: usize,
}

impl Prefix {
    /// The extensions by one slot: both pictures of a pattern already used,
    /// or the first picture of a new one (at most `max_patterns`).
    fn children(self, max_patterns: usize) -> impl Iterator<Item = Prefix> {
        let new = (self.patterns < max_patterns).then_some(2 * self.patterns as u8);
        (0..2 * self.patterns as u8).chain(new).map(move |picture| {
            let mut next = self;
            next.slots[next.len] = picture;
            next.len += 1;
            next.patterns = next.patterns.max(usize::from(picture / 2) + 1);
            next
        })
    }

    fn walk(self, max_patterns: usize, sums: &mut ShapeSums) {
        if self.len == SLOTS {
            let pieces = pieces(&self.slots);
            let s = solutions(&pieces);
            let w = weight(&pieces);
            sums.sums[ShapeSums::index(false, self.patterns, s)] += w;
            if repetition_free(&pieces) {
                sums.sums[ShapeSums::index(true, self.patterns, s)] += w;
            }
        } else {
            self.children(max_patterns).for_each(|c| c.walk(max_patterns, sums));
        }
    }
}

/// Enumerates every shape over at most `max_patterns` patterns, both
/// variants at once, in parallel.
///
/// # Complexity
/// One backtracking solve per shape: `sum_j S(12, j) 2^(12-j)` shapes over
/// exactly `j <= max_patterns` patterns (`S` the Stirling numbers of the
/// second kind), 487,026,929 in all; a few hundred thousand for
/// `max_patterns = 2`.
pub(crate) fn shape_sums(max_patterns: usize) -> ShapeSums {
    let root = Prefix {
        slots: [0; SLOTS],
        len: 0,
        patterns: 0,
    };
    let mut prefixes = vec![root];
    for _ in 0..6 {
        prefixes = prefixes.into_iter().flat_map(|p| p.children(max_patterns)).collect();
    }
    prefixes
        .into_par_iter()
        .fold(ShapeSums::new, |mut sums, p| {
            p.walk(max_patterns, &mut sums);
            sums
        })
        .reduce(ShapeSums::new, ShapeSums::merge)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape_sums_as_documented() {
        use crate::census::exact::shapes::shape_sums;
        let sums = shape_sums(1);
        // One pattern: the only repetition-free shapes would need 4 pictures.
        assert_eq!(sums.get(true, 1, 1), 0);
    }

    #[test]
    fn solutions_of_a_grid_of_four_identical_symmetric_pieces() {
        // Every piece 1- 1+ 1- 1+ in a checkerboard of its two kinds of
        // turns: piece 0 top-left in 2 kinds x 2 turns, the other three in
        // 3! orders x 2 turns each.
        let p = [0, 1, 0, 1];
        assert_eq!(solutions(&[p; 4]), 4 * 6 * 8);
        assert_eq!(weight(&[p; 4]), 24 * 16);
    }

    #[test]
    fn weight_counts_identical_and_symmetric_pieces() {
        let (a, b) = ([0, 2, 4, 6], [0, 2, 0, 2]);
        assert_eq!(weight(&[a, a, b, [1, 3, 5, 7]]), 2 * 2);
        assert_eq!(weight(&[a, turned(a, 1), a, a]), 24);
    }
}
