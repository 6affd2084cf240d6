//! The independent judge of the row-scan search: a plain recursion that
//! tries every unused piece in every turn in each cell, row by row, and
//! checks the frame and the placed neighbours directly, with no candidate
//! table. It counts filled boards and nodes by the same definition.

use super::{EdgePuzzle, side};

/// Filled boards (every rotation) and nodes per depth.
pub(crate) fn judge(puzzle: &EdgePuzzle) -> (u128, Vec<u64>) {
    let cells = puzzle.pieces.len();
    let mut state = State {
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
    puzzle: &'p EdgePuzzle,
    board: Vec<(usize, u8)>,
    used: Vec<bool>,
    nodes: Vec<u64>,
    found: u128,
}

impl State<'_> {
    fn fill(&mut self, cell: usize) {
        if cell == self.board.len() {
            self.found += 1;
            return;
        }
        for p in 0..self.board.len() {
            if self.used[p] {
                continue;
            }
            for turn in 0..4u8 {
                if self.fits(cell, p, turn) {
                    self.nodes[cell] += 1;
                    self.used[p] = true;
                    self.board[cell] = (p, turn);
                    self.fill(cell + 1);
                    self.used[p] = false;
                }
            }
        }
    }

    fn fits(&self, cell: usize, p: usize, turn: u8) -> bool {
        let puzzle = self.puzzle;
        let w = puzzle.width;
        let piece = puzzle.pieces[p];
        let at = |c: usize, d: usize| {
            let (q, t) = self.board[c];
            side(puzzle.pieces[q], t.into(), d)
        };
        let pinned = puzzle.hints.iter().find(|h| h.cell == cell);
        let pin_ok = match pinned {
            Some(h) => (h.piece, h.turn) == (p, turn),
            None => !puzzle.hints.iter().any(|h| h.piece == p),
        };
        pin_ok
            && puzzle.fits_frame(cell, piece, turn.into())
            && (cell.is_multiple_of(w) || at(cell - 1, 1) == side(piece, turn.into(), 3))
            && (cell < w || at(cell - w, 2) == side(piece, turn.into(), 0))
    }
}
