//! The choosers of the next cell: a static order ([`Fixed`]), the
//! paper's `center-max` and its variants ([`CenterMax`]), and
//! `most-constrained` ([`Constrained`]).

use super::{Board, Geometry, NONE, Step};
use crate::puzzle::grid::opposite;
use crate::solve::tables::Tables;

/// Picks the step of the cell to fill at `board.depth`, as an index into
/// the search's steps.
pub(in crate::solve) trait Chooser {
    /// Whether the chooser reads `filled`: the search keeps it up to date
    /// only then (static orders save the work).
    const FILLED: bool;
    /// Whether the step at depth `d` is always step `d` (a static order):
    /// the stacked search ([`super::stacked`]) then applies.
    const STATIC: bool = false;
    fn next(&self, grid: &Geometry, board: Board) -> usize;
}

/// A static order: the steps are one per depth.
pub(in crate::solve) struct Fixed;

impl Chooser for Fixed {
    const FILLED: bool = false;
    const STATIC: bool = true;

    #[inline(always)]
    fn next(&self, _: &Geometry, board: Board) -> usize {
        usize::from(board.depth)
    }
}

/// `center-max` (`neighbours` cells): the start cell, then the empty cell
/// with the most placed neighbours, among those the one facing the placed
/// picture whose complement occurs least (the paper's rule), then the lower
/// cell. With `rarest_first` (`paper` cells) the paper's rule comes first
/// and the number of neighbours breaks its ties; with `last_two` as well
/// (`paper-last` cells) only the pictures of the two pieces placed last
/// count, every placed piece's when neither faces an empty cell. The steps
/// are one per cell and neighbour mask, at `16 * cell + mask`.
pub(in crate::solve) struct CenterMax<'a> {
    pub start: usize,
    pub occurrences: &'a [u32],
    pub rarest_first: bool,
    pub last_two: bool,
}

impl CenterMax<'_> {
    /// The step index of the best empty cell next to the cells of `from`
    /// (a subset of `filled`), judged by the pictures the pieces in `from`
    /// show towards it; `None` when no empty cell is next to `from`.
    fn best(&self, grid: &Geometry, board: Board, filled: u64, from: u64) -> Option<usize> {
        let mut best = (u32::MAX, u32::MAX, usize::MAX, 0);
        for cell in frontier(grid, from, filled) {
            let (mask, want) = required(grid, board, filled, cell);
            let counted = if from == filled {
                mask
            } else {
                required(grid, board, from, cell).0
            };
            let rarest = (0..4)
                .filter(|d| counted >> d & 1 != 0)
                .map(|d| self.occurrences[(want >> (8 * d) & 0xFF) as usize])
                .min()
                .unwrap_or(u32::MAX);
            let missing = 4 - mask.count_ones();
            let key = if self.rarest_first {
                (rarest, missing, cell, mask)
            } else {
                (missing, rarest, cell, mask)
            };
            best = best.min(key);
        }
        (best.2 != usize::MAX).then(|| 16 * best.2 + best.3)
    }

    /// `paper-last`: the board does not keep the order the cells were
    /// filled in, so the rule is replayed from the start cell (the pieces
    /// of the cells filled before are those on the board), keeping the
    /// two cells filled last. `O(depth)` frontier scans.
    fn next_after_last_two(&self, grid: &Geometry, board: Board) -> usize {
        let (mut filled, mut previous, mut last) = (1u64 << self.start, 0u64, 1u64 << self.start);
        let mut step = 16 * self.start;
        for _ in 0..board.depth {
            step = self
                .best(grid, board, filled, previous | last)
                .or_else(|| self.best(grid, board, filled, filled))
                .expect("an empty cell next to the filled ones while the grid is not full");
            (previous, last) = (last, 1 << (step / 16));
            filled |= last;
        }
        debug_assert_eq!(filled & !last, board.filled, "the replay fills the board's cells");
        step
    }
}

impl Chooser for CenterMax<'_> {
    const FILLED: bool = true;

    fn next(&self, grid: &Geometry, board: Board) -> usize {
        if board.depth == 0 {
            return 16 * self.start;
        }
        if self.last_two {
            return self.next_after_last_two(grid, board);
        }
        self.best(grid, board, board.filled, board.filled)
            .expect("an empty cell next to the filled ones while the grid is not full")
    }
}

/// `most-constrained`: the start cell, then the empty cell next to the
/// placed ones where the fewest unused pieces fit (a popcount of the bucket's
/// piece mask, [`Tables::pieces`]), ties to more placed neighbours, then the
/// lower cell. A cell where nothing fits is taken at once: the search then
/// backtracks there (forward checking of every frontier cell for free). The
/// steps are one per cell and neighbour mask, at `16 * cell + mask`.
pub(in crate::solve) struct Constrained<'a> {
    pub start: usize,
    pub tables: &'a Tables,
    pub steps: &'a [Step],
}

impl Chooser for Constrained<'_> {
    const FILLED: bool = true;

    fn next(&self, grid: &Geometry, board: Board) -> usize {
        if board.depth == 0 {
            return 16 * self.start;
        }
        let mut best = (u32::MAX, 0);
        for cell in frontier(grid, board.filled, board.filled) {
            let mask = required(grid, board, board.filled, cell).0;
            let index = 16 * cell + mask;
            let step = &self.steps[index];
            let fitting = (self.tables.pieces[step.bucket(board)] & !board.used).count_ones();
            // Lower is better: fitting pieces first, then more neighbours.
            let score = fitting << 3 | (4 - mask.count_ones());
            if fitting == 0 {
                return index;
            }
            best = best.min((score, index));
        }
        best.1
    }
}

/// The cells not in `filled` next to one of `from`, lowest first.
#[inline(always)]
fn frontier(grid: &Geometry, from: u64, filled: u64) -> impl Iterator<Item = usize> {
    let mut cells = grid.around(from) & !filled;
    std::iter::from_fn(move || {
        let cell = (cells != 0).then(|| cells.trailing_zeros() as usize);
        cells &= cells.wrapping_sub(1);
        cell
    })
}

/// The mask of the neighbours of `cell` in `filled` and the pictures they
/// require, packed by direction.
#[inline(always)]
fn required(grid: &Geometry, board: Board, filled: u64, cell: usize) -> (usize, u32) {
    let mut mask = 0;
    let mut want = 0u32;
    for (d, &nb) in grid.neighbours[cell].iter().enumerate() {
        if nb != NONE && filled >> nb & 1 != 0 {
            mask |= 1 << d;
            let shown = board.placed[usize::from(nb)].side(opposite(d) as u8);
            want |= u32::from(grid.complements.of(shown)) << (8 * d);
        }
    }
    (mask, want)
}
