//! A plain exhaustive judge for the tests of this module's reductions,
//! written apart from the project's solvers (`crate::solve`, the framed
//! search, the gluing search): it fills the cells in row-major order with
//! every unused piece in every turn, keeps a placement only when it matches
//! its placed left and top neighbours and, when a set H of kept corners is
//! given, when the piece keeps exactly its corners in H at that cell, and
//! answers whether some arrangement gets through. Both prunings only drop
//! placements that no solution (keeping exactly H) can contain, and of
//! identical pieces with the same corners in H only the first unused one
//! is tried (exchanging two of them maps solutions to solutions), so the
//! answer is that of trying every permutation with every turn.
//!
//! Conventions, restated here rather than borrowed: directions 0 top,
//! 1 right, 2 bottom, 3 left; a piece turned `r` quarter turns clockwise
//! shows its side `(d - r) mod 4` towards direction `d`; corner `k` of a
//! piece lies between its sides `k` and `k + 1`, so turned `r` it sits
//! between directions `k + r` and `k + r + 1`, and it is kept when both of
//! them face a neighbour (an interior lattice point). Edge number
//! `4 * piece + corner` names a corner, as in the reduction's H.
//!
//! # Complexity
//! Exponential: `O((n^2)! 4^(n^2))` in the worst case; meant for grids up
//! to 5x5 with strong pruning or 3x3 without.

use std::collections::BTreeSet;

use crate::{Picture, Puzzle};

/// Whether some solution of `puzzle` exists (`kept` `None`) or keeps
/// exactly the corners `kept`.
pub(crate) fn decide(puzzle: &Puzzle, kept: Option<&BTreeSet<usize>>) -> bool {
    let sides: Vec<[Picture; 4]> = puzzle.pieces().iter().map(|p| p.sides()).collect();
    let mut search = Search {
        n: puzzle.size(),
        used: vec![false; sides.len()],
        placed: Vec::with_capacity(sides.len()),
        sides,
        kept,
    };
    search.fill()
}

struct Search<'a> {
    n: usize,
    sides: Vec<[Picture; 4]>,
    kept: Option<&'a BTreeSet<usize>>,
    used: Vec<bool>,
    /// `(piece, turn)` of the cells filled so far, row-major.
    placed: Vec<(usize, usize)>,
}

impl Search<'_> {
    fn fill(&mut self) -> bool {
        let cell = self.placed.len();
        if cell == self.n * self.n {
            return true;
        }
        for piece in 0..self.sides.len() {
            if self.used[piece] || self.twin_tried(piece) {
                continue;
            }
            for turn in 0..4 {
                if !self.fits(cell, piece, turn) {
                    continue;
                }
                self.used[piece] = true;
                self.placed.push((piece, turn));
                let found = self.fill();
                self.placed.pop();
                self.used[piece] = false;
                if found {
                    return true;
                }
            }
        }
        false
    }

    /// Identical pieces with the same corners in H (or without H) are
    /// interchangeable: exchanging them maps a solution keeping exactly H
    /// to another one, so only the first unused one of a kind is tried.
    fn twin_tried(&self, piece: usize) -> bool {
        (0..piece).any(|q| !self.used[q] && self.sides[q] == self.sides[piece] && self.marks(q) == self.marks(piece))
    }

    /// Which of the piece's four corners lie in H (none without H).
    fn marks(&self, piece: usize) -> [bool; 4] {
        std::array::from_fn(|c| self.kept.is_some_and(|kept| kept.contains(&(4 * piece + c))))
    }

    fn shown(&self, piece: usize, turn: usize, d: usize) -> Picture {
        self.sides[piece][(d + 4 - turn) % 4]
    }

    fn has_neighbour(&self, cell: usize, d: usize) -> bool {
        let (row, col) = (cell / self.n, cell % self.n);
        match d {
            0 => row > 0,
            1 => col + 1 < self.n,
            2 => row + 1 < self.n,
            _ => col > 0,
        }
    }

    fn fits(&self, cell: usize, piece: usize, turn: usize) -> bool {
        let (row, col) = (cell / self.n, cell % self.n);
        if col > 0 {
            let (left, t) = self.placed[cell - 1];
            if !self.shown(left, t, 1).matches(self.shown(piece, turn, 3)) {
                return false;
            }
        }
        if row > 0 {
            let (up, t) = self.placed[cell - self.n];
            if !self.shown(up, t, 2).matches(self.shown(piece, turn, 0)) {
                return false;
            }
        }
        let Some(kept) = self.kept else { return true };
        (0..4).all(|corner| {
            let d = (corner + turn) % 4;
            let at_interior_point = self.has_neighbour(cell, d) && self.has_neighbour(cell, (d + 1) % 4);
            kept.contains(&(4 * piece + corner)) == at_interior_point
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recording::kept::kept_corners;
    use crate::{Arrangement, Piece, Placement};

    /// A 3x3 puzzle solved by its pieces in cell order, unturned, and
    /// that arrangement.
    fn solved_grid() -> (Puzzle, Arrangement) {
        let n = 3;
        let pic = |k: usize| {
            let pattern = 1 + (k * 5 % 7 % 4) as u32;
            if k.is_multiple_of(3) {
                Picture::minus(pattern)
            } else {
                Picture::plus(pattern)
            }
        };
        let right = |r: usize, c: usize| pic(2 * (r * n + c) + 1);
        let down = |r: usize, c: usize| pic(2 * (r * n + c) + 2);
        let pieces = (0..n * n)
            .map(|cell| {
                let (r, c) = (cell / n, cell % n);
                let top = if r > 0 {
                    down(r - 1, c).complement()
                } else {
                    pic(40 + cell)
                };
                let left = if c > 0 {
                    right(r, c - 1).complement()
                } else {
                    pic(60 + cell)
                };
                Piece::new([top, right(r, c), down(r, c), left])
            })
            .collect();
        let puzzle = Puzzle::new(pieces).unwrap();
        let identity = Arrangement::new(n, (0..n * n).map(|piece| Placement { piece, rotation: 0 }).collect());
        assert!(identity.is_solution(&puzzle));
        (puzzle, identity)
    }

    #[test]
    fn the_judge_decides_small_puzzles() {
        let paper: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
        assert!(decide(&paper, None));
        // Two plus sides never match.
        let plus: Puzzle = "1+ 1+ 1+ 1+\n1+ 1+ 1+ 1+\n1+ 1+ 1+ 1+\n1+ 1+ 1+ 1+".parse().unwrap();
        assert!(!decide(&plus, None));
    }

    #[test]
    fn the_judge_agrees_with_the_framed_search_on_kept_corners() {
        let (puzzle, identity) = solved_grid();
        let kept: BTreeSet<usize> = kept_corners(&identity).map(|(p, c)| 4 * p + c).collect();
        assert!(decide(&puzzle, Some(&kept)));
        assert!(crate::theorem::framed::kept(&puzzle, &kept));
        // Every set with one kept corner moved to another corner of its
        // piece: the judge and the framed search agree.
        let mut rejected = 0;
        for &e in &kept {
            let mut moved = kept.clone();
            moved.remove(&e);
            moved.insert(e - e % 4 + (e + 1) % 4);
            let verdict = decide(&puzzle, Some(&moved));
            assert_eq!(verdict, crate::theorem::framed::kept(&puzzle, &moved), "{moved:?}");
            rejected += usize::from(!verdict);
        }
        assert!(rejected > 0);
    }
}
