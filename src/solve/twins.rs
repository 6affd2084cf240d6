//! Identical cards searched once: a count that tells identical cards
//! apart without trying each labelling of them.
//!
//! Two cards are **twins** when they show the same four pictures in the
//! same cyclic order (equal up to a turn: one physical card type). A
//! puzzle whose card types have `m_1, m_2, ...` copies has, for every
//! solution arrangement, `∏ m_i!` arrangements that differ only by which
//! copy sits where (the copies lie on distinct cells, so relabelling them
//! never gives the same arrangement back). The twin rule searches one of
//! them: a cell may take, among the unused copies of a type, only the
//! lowest-numbered one (so the copies of each type appear in increasing
//! order along the order the cells are filled in). Every order's choice of
//! the next cell depends only on the pictures placed and on how many
//! copies of each type are left, never on which copies, so the rule keeps
//! exactly one arrangement of each relabelling class.
//!
//! # How it composes with the rotation rule
//!
//! Let `X` be every solution arrangement (the four whole-grid turns of
//! each included), `Π` the relabellings of twins (a copy exchanged for
//! another keeps its *effective rotation*, its turn relative to the type's
//! least rotation, so it shows the same pictures), `R` the four grid turns.
//! `Π` acts freely on `X` with orbits of `∏ m_i!`, and commutes with `R`.
//! The count keeps the arrangements that pass the twin rule and a rotation
//! rule that `Π` leaves invariant:
//!
//! * **odd `n`**: the centre card has effective rotation 0. The turns of an
//!   arrangement turn the centre card through its four effective rotations,
//!   so this keeps exactly one arrangement of each `R`-orbit, and the set
//!   kept is `Π`-invariant: the count `c` is `|X| / (4 ∏ m_i!)`, and
//!   `solutions = |X| / 4 = c ∏ m_i!`.
//! * **even `n`**: the anchor (the first central cell filled) holds a card
//!   of the least *type* among the four central cells (types ranked by
//!   their lowest-ranked copy); copies of the anchor's type may sit in the
//!   other central cells. This rule is `Π`-invariant but keeps `k` of the
//!   four turns of an arrangement whose central cells hold `k` cards of
//!   that least type. So a solution met is weighed `1/k` (the weights are
//!   kept as twelfths, exact), and `solutions = ∏ m_i! * Σ 1/k`.
//!
//! The tallies of solutions whose picture grid a turn keeps
//! ([`super::Symmetric`]) are weighed the same way: that property depends
//! on the pictures alone, so `Π` and `R` keep it and the argument above
//! holds for the arrangements that have it. Looks then follow from
//! Burnside's lemma exactly as without twins ([`crate::solve::looks`]).
//!
//! Node counts of a twin search differ from those of the plain kernel:
//! the tree is up to `∏ m_i!` times smaller. Without twins nothing of this
//! runs: the kernel tests one flag per node entered.

use crate::Puzzle;
use crate::puzzle::grid::Grid;
use crate::solve::Symmetric;

/// The card types of a puzzle with twins: which copies each type has, and
/// how each copy is turned against its type's least rotation.
#[derive(Clone, Debug, Default)]
pub(crate) struct Twins {
    /// The copies of each type with more than one, as a bitset of pieces.
    pub copies: Vec<u64>,
    /// Each piece's type (an index into the types in first-copy order).
    pub type_of: Vec<u8>,
    /// Each piece's turn that shows its type's least rotation: the
    /// rotation of effective rotation 0.
    pub offset: Vec<u8>,
    /// `∏ m_i!` over the types, `None` beyond `u128`.
    pub relabellings: Option<u128>,
}

impl Twins {
    /// The twins of `puzzle`, or `None` when every card is different, or
    /// when it has more than the 64 pieces a search's piece set holds (the
    /// solver refuses it). `O(N^2)` for `N` pieces.
    pub fn of(puzzle: &Puzzle) -> Option<Twins> {
        if puzzle.pieces().len() > 64 {
            return None;
        }
        let pieces = puzzle.pieces();
        let canonical: Vec<_> = pieces.iter().map(|p| p.canonical()).collect();
        let mut types: Vec<crate::Piece> = Vec::new();
        let type_of: Vec<u8> = canonical
            .iter()
            .map(|c| {
                let t = types.iter().position(|t| t == c).unwrap_or_else(|| {
                    types.push(*c);
                    types.len() - 1
                });
                t as u8
            })
            .collect();
        let copies: Vec<u64> = (0..types.len())
            .map(|t| {
                (0..pieces.len())
                    .filter(|&p| usize::from(type_of[p]) == t)
                    .fold(0, |m, p| m | 1 << p)
            })
            .filter(|mask: &u64| mask.count_ones() > 1)
            .collect();
        if copies.is_empty() {
            return None;
        }
        let offset = pieces
            .iter()
            .zip(&canonical)
            .map(|(p, c)| (0..4).find(|&r| p.rotated(r) == *c).expect("a turn shows the least") as u8)
            .collect();
        let relabellings = copies.iter().try_fold(1u128, |acc, c| {
            (1..=u128::from(c.count_ones())).try_fold(acc, |acc, k| acc.checked_mul(k))
        });
        Some(Twins {
            copies,
            type_of,
            offset,
            relabellings,
        })
    }

    /// The pieces no cell may take besides the used ones: of every type,
    /// the unused copies but the lowest. `O(types)`.
    #[inline(always)]
    pub fn blocked(copies: &[u64], used: u64) -> u64 {
        copies.iter().fold(0, |blocked, &c| {
            let free = c & !used;
            blocked | (free & free.wrapping_sub(1))
        })
    }

    /// The even grids' rotation rule by type: `up_to[p]` has a bit for
    /// every piece whose type ranks below `p`'s (a type ranks as its
    /// lowest-ranked copy by `ranks`).
    pub(crate) fn up_to(&self, ranks: &[usize]) -> [u64; 64] {
        let type_rank = |p: usize| {
            (0..ranks.len())
                .filter(|&q| self.type_of[q] == self.type_of[p])
                .map(|q| ranks[q])
                .min()
                .expect("a piece is a copy of its type")
        };
        let by_type: Vec<usize> = (0..ranks.len()).map(type_rank).collect();
        std::array::from_fn(|p| {
            (0..ranks.len())
                .filter(|&q| p < ranks.len() && by_type[q] < by_type[p])
                .fold(0, |m, q| m | 1 << q)
        })
    }

    /// The weight of a solution met, in twelfths: 12 on odd grids, `12 / k`
    /// on even ones whose central cells hold `k` cards of the anchor's type
    /// (`piece_at(cell)` the piece in `cell`).
    pub fn weight(&self, n: usize, piece_at: impl Fn(usize) -> usize) -> u64 {
        let Some([anchor, others @ ..]) = Grid::new(n).central_block() else {
            return 12;
        };
        let kind = self.type_of[piece_at(anchor)];
        let k = 1 + others.iter().filter(|&&c| self.type_of[piece_at(c)] == kind).count();
        12 / k as u64
    }
}

/// What a twin count adds up: the solutions met and the symmetric ones,
/// each weighed in twelfths ([`Twins::weight`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Weighed {
    pub solutions: u128,
    pub half_turn: u128,
    pub quarter_turn: u128,
}

impl Weighed {
    /// Adds a solution of weight `w` whose symmetric tally is `tally`.
    pub fn add(&mut self, w: u64, tally: Symmetric) {
        let w = u128::from(w);
        self.solutions += w;
        self.half_turn += w * u128::from(tally.half_turn);
        self.quarter_turn += w * u128::from(tally.quarter_turn);
    }

    /// The sum of two.
    pub fn merged(self, other: Weighed) -> Weighed {
        Weighed {
            solutions: self.solutions + other.solutions,
            half_turn: self.half_turn + other.half_turn,
            quarter_turn: self.quarter_turn + other.quarter_turn,
        }
    }

    /// The solutions modulo rotation and the symmetric tallies these stand
    /// for: each times `relabellings / 12`; `None` beyond `u64`. A zero
    /// stays zero whatever the relabellings (`None`: beyond `u128`).
    pub fn scaled(self, relabellings: Option<u128>) -> Option<(u64, Symmetric)> {
        let scale = |x: u128| -> Option<u64> {
            if x == 0 {
                return Some(0);
            }
            let total = x.checked_mul(relabellings?)?;
            debug_assert_eq!(total % 12, 0, "the weights add up to whole solutions");
            u64::try_from(total / 12).ok()
        };
        Some((
            scale(self.solutions)?,
            Symmetric {
                half_turn: scale(self.half_turn)?,
                quarter_turn: scale(self.quarter_turn)?,
            },
        ))
    }
}

#[cfg(test)]
mod tests;
