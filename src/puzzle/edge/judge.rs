//! The independent judge of the searches: a plain recursion that tries
//! every unused piece in every turn in each cell, in the search's order
//! (row by row, or frame first), and checks the frame and every placed
//! neighbour directly, with no candidate table. It counts filled boards
//! and nodes by the same definition.

use super::{EdgePuzzle, side};
use crate::puzzle::grid::opposite;

/// Filled boards (every rotation) and nodes per depth, row by row.
pub(crate) fn judge(puzzle: &EdgePuzzle) -> (u128, Vec<u64>) {
    judge_in(puzzle, &(0..puzzle.pieces.len()).collect::<Vec<_>>())
}

/// Filled boards (every rotation) and nodes per depth, the cells filled
/// in `order`.
pub(crate) fn judge_in(puzzle: &EdgePuzzle, order: &[usize]) -> (u128, Vec<u64>) {
    let cells = puzzle.pieces.len();
    let mut state = State {
        order,
        puzzle,
        board: vec![(usize::MAX, 0); cells],
        used: vec![false; cells],
        nodes: vec![0; cells],
        found: 0,
    };
    state.fill(0);
    (state.found, state.nodes)
}

struct State<'p> {
    order: &'p [usize],
    puzzle: &'p EdgePuzzle,
    board: Vec<(usize, u8)>,
    used: Vec<bool>,
    nodes: Vec<u64>,
    found: u128,
}

impl State<'_> {
    fn fill(&mut self, depth: usize) {
        let Some(&cell) = self.order.get(depth) else {
            self.found += 1;
            return;
        };
        for p in 0..self.board.len() {
            if self.used[p] {
                continue;
            }
            for turn in 0..4u8 {
                if self.fits(cell, p, turn) {
                    self.nodes[depth] += 1;
                    self.used[p] = true;
                    self.board[cell] = (p, turn);
                    self.fill(depth + 1);
                    self.used[p] = false;
                    self.board[cell] = (usize::MAX, 0);
                }
            }
        }
    }

    fn fits(&self, cell: usize, p: usize, turn: u8) -> bool {
        let puzzle = self.puzzle;
        let piece = puzzle.pieces[p];
        let pinned = puzzle.hints.iter().find(|h| h.cell == cell);
        let pin_ok = match pinned {
            Some(h) => (h.piece, h.turn) == (p, turn),
            None => !puzzle.hints.iter().any(|h| h.piece == p),
        };
        let matches = |d: usize| match super::frame_first::neighbour(puzzle, cell, d).map(|n| self.board[n]) {
            Some((q, t)) if q != usize::MAX => {
                side(puzzle.pieces[q], t.into(), opposite(d)) == side(piece, turn.into(), d)
            }
            _ => true,
        };
        pin_ok && puzzle.fits_frame(cell, piece, turn.into()) && (0..4).all(matches)
    }
}
