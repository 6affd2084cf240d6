//! Solutions whose grid of pictures a whole-grid turn leaves unchanged.
//!
//! Two solutions *look alike* when their grids of turned pictures are the
//! same up to a whole-grid turn (identical cards swapped, a card that looks
//! the same after a turn turned). Burnside's lemma counts these looks from
//! the solutions and the few solutions whose picture grid a half or a
//! quarter turn maps onto itself ([`crate::solve::looks`]); a count tallies those
//! here, one check per solution, `O(n^2)` at worst and usually one compare.

use super::State;
use crate::puzzle::grid::Grid;
use crate::{Arrangement, Puzzle};

/// How many of the solutions met show a grid of pictures that a whole-grid
/// turn leaves unchanged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Symmetric {
    /// Unchanged by a half turn (those unchanged by a quarter turn included).
    pub(crate) half_turn: u64,
    /// Unchanged by a quarter turn.
    pub(crate) quarter_turn: u64,
}

impl Symmetric {
    /// The sum of two tallies.
    pub(crate) fn merged(self, other: Symmetric) -> Symmetric {
        Symmetric {
            half_turn: self.half_turn + other.half_turn,
            quarter_turn: self.quarter_turn + other.quarter_turn,
        }
    }

    /// The tally of one solution whose cell `cell` shows the pictures
    /// `sides(cell)` (any `Eq` value standing for the four turned pictures)
    /// and `turn(x)` turns such a value a quarter turn clockwise.
    #[inline]
    fn of<T: Eq>(n: usize, sides: impl Fn(usize) -> T, turn: impl Fn(&T, usize) -> T) -> Symmetric {
        let grid = Grid::new(n);
        let kept_by = |turns: usize| {
            grid.cells().all(|cell| {
                let moved = (0..turns).fold(cell, |c, _| grid.turned_cell(c));
                sides(moved) == turn(&sides(cell), turns)
            })
        };
        if !kept_by(2) {
            return Symmetric::default();
        }
        Symmetric {
            half_turn: 1,
            quarter_turn: u64::from(kept_by(1)),
        }
    }

    /// The tally of the complete solution on `state` (turned sides packed one
    /// byte per direction, so a turn is a byte rotation).
    #[inline]
    pub(super) fn of_state(state: &State, n: usize) -> Symmetric {
        Symmetric::of(
            n,
            |cell| state.at(cell).sides,
            |&sides, turns| sides.rotate_left(8 * turns as u32),
        )
    }

    /// The tally of one solution `arrangement` of `puzzle`.
    pub(crate) fn of_arrangement(puzzle: &Puzzle, arrangement: &Arrangement) -> Symmetric {
        let n = arrangement.size();
        let sides = |cell| std::array::from_fn::<_, 4, _>(|d| arrangement.side(puzzle, cell, d));
        Symmetric::of(n, sides, |&sides, turns| crate::puzzle::grid::turned(sides, turns))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::plain;

    #[test]
    fn a_checkerboard_of_one_card_is_kept_by_every_turn() {
        // Every solution of four `1+ 1- 1+ 1-` shows a checkerboard that a
        // quarter turn keeps.
        let puzzle: Puzzle = "1+ 1- 1+ 1-\n1+ 1- 1+ 1-\n1+ 1- 1+ 1-\n1+ 1- 1+ 1-".parse().unwrap();
        for a in plain::all_arrangements(&puzzle) {
            let tally = Symmetric::of_arrangement(&puzzle, &a);
            assert_eq!(
                tally,
                Symmetric {
                    half_turn: 1,
                    quarter_turn: 1
                },
                "{a}"
            );
        }
    }

    #[test]
    fn the_paper_puzzle_shows_no_symmetric_grid() {
        let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
        for a in plain::all_arrangements(&puzzle) {
            assert_eq!(Symmetric::of_arrangement(&puzzle, &a), Symmetric::default());
        }
    }
}
