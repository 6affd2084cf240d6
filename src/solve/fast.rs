//! The bitset backtracker: an explicit stack, no allocation in the loop.
//!
//! Used pieces and filled cells are `u64` bitsets; each cell's turned sides
//! are one `u32`. Entering a cell computes which neighbours are placed, the
//! pictures they require, and the slice of the candidate table holding
//! exactly the candidates that match the first two of them; the loop then
//! checks each candidate with one bit test (piece unused, symmetry rule) and
//! one masked compare (any third or fourth neighbour).
//!
//! Whole-grid rotations are removed exactly: for odd `n` the centre cell
//! only takes rotation 0 (the four rotations of a solution turn the centre
//! piece through its four rotations); for even `n` the piece in the
//! upper-left central cell (the anchor, filled before the other three central
//! cells in every order) must have a lower number than the pieces in the
//! other three central cells (rotating the grid cycles those four distinct
//! pieces, so exactly one rotation puts the smallest at the anchor).

use std::ops::ControlFlow;

use super::tables::{Candidate, PLANS, Tables, key_of};
use crate::{Arrangement, Placement};

/// No neighbour in that direction.
pub(super) const NONE: u8 = u8::MAX;

/// The grid's shape and the symmetry rule, fixed per puzzle.
#[derive(Clone, Debug)]
pub(super) struct Grid {
    pub n: usize,
    /// Neighbour cell per direction, or [`NONE`].
    pub neighbours: Vec<[u8; 4]>,
    /// Table base per cell and neighbour mask.
    pub bases: Vec<[u32; 16]>,
    /// `P`, the key stride.
    pub pictures: usize,
    /// Even `n`: the anchor cell and the other central cells.
    pub anchor: usize,
    pub others_central: u64,
}

impl Grid {
    /// The geometry of an `n x n` grid (bases filled in later).
    pub fn new(n: usize, pictures: usize) -> Self {
        let neighbours = (0..n * n)
            .map(|cell| {
                let (r, c) = (cell / n, cell % n);
                let at = |ok: bool, other: usize| if ok { other as u8 } else { NONE };
                [
                    at(r > 0, cell.wrapping_sub(n)),
                    at(c + 1 < n, cell + 1),
                    at(r + 1 < n, cell + n),
                    at(c > 0, cell.wrapping_sub(1)),
                ]
            })
            .collect();
        let anchor = super::order::central_start(n);
        let others_central = if n.is_multiple_of(2) {
            [1, n, n + 1].iter().fold(0u64, |acc, &k| acc | 1 << (anchor + k))
        } else {
            0
        };
        Grid {
            n,
            neighbours,
            bases: vec![[u32::MAX; 16]; n * n],
            pictures,
            anchor,
            others_central,
        }
    }

    /// The centre cell of an odd grid, which only takes rotation 0.
    pub fn fixed_rotation_cell(&self) -> Option<usize> {
        (self.n % 2 == 1).then_some(self.anchor)
    }

    /// Cells adjacent to some cell of `set`.
    #[inline(always)]
    fn around(&self, set: u64) -> u64 {
        let n = self.n as u32;
        let cells = n * n;
        let full = if cells == 64 { u64::MAX } else { (1u64 << cells) - 1 };
        let left_column = (0..n).fold(0u64, |acc, r| acc | 1 << (r * n));
        let right_column = left_column << (n - 1);
        (((set & !right_column) << 1) | ((set & !left_column) >> 1) | (set << n) | (set >> n)) & full
    }
}

/// One level of the explicit stack.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    pos: u32,
    end: u32,
    blocked: u64,
    extra_mask: u32,
    extra_want: u32,
    cell: u8,
}

/// The search state; cloned once per parallel task, never in the loop.
#[derive(Clone, Debug)]
pub(super) struct State {
    /// Pieces placed so far.
    pub depth: usize,
    used: u64,
    pub filled: u64,
    /// Turned sides of the piece in each filled cell.
    pub sides: [u32; 64],
    placed: [Candidate; 64],
    frames: [Frame; 65],
    pub nodes: [u64; 64],
    pub tests: u64,
}

impl State {
    pub fn new() -> Self {
        State {
            depth: 0,
            used: 0,
            filled: 0,
            sides: [0; 64],
            placed: [Candidate::default(); 64],
            frames: [Frame::default(); 65],
            nodes: [0; 64],
            tests: 0,
        }
    }

    /// The current (complete) placement as an arrangement.
    pub fn arrangement(&self, n: usize) -> Arrangement {
        let cells = self.placed[..n * n]
            .iter()
            .map(|c| Placement {
                piece: usize::from(c.piece),
                rotation: usize::from(c.rotation),
            })
            .collect();
        Arrangement::new(n, cells)
    }

    /// Forgets the counters (for a task resuming from a prefix).
    pub fn reset_counters(&mut self) {
        self.nodes = [0; 64];
        self.tests = 0;
    }
}

/// Picks the cell to fill at each depth: `(cell, placed-neighbour mask,
/// required pictures packed by direction)`.
pub(super) trait Chooser {
    fn next(&self, grid: &Grid, state: &State) -> (usize, usize, u32);
}

/// One placed neighbour of a step: its cell, the shift of the side it
/// shows, the shift of the direction it constrains.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Link {
    cell: u8,
    from: u8,
    to: u8,
}

/// A depth of a static order, with its placed neighbours worked out once.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Step {
    cell: u8,
    mask: u8,
    count: u8,
    links: [Link; 4],
}

/// The steps of a static order of cells.
pub(super) fn steps(grid: &Grid, cells: &[usize]) -> Vec<Step> {
    cells
        .iter()
        .enumerate()
        .map(|(i, &cell)| {
            let mut step = Step {
                cell: cell as u8,
                ..Step::default()
            };
            for (d, &nb) in grid.neighbours[cell].iter().enumerate() {
                if nb != NONE && cells[..i].contains(&usize::from(nb)) {
                    step.mask |= 1 << d;
                    step.links[usize::from(step.count)] = Link {
                        cell: nb,
                        from: (8 * ((d + 2) & 3)) as u8,
                        to: (8 * d) as u8,
                    };
                    step.count += 1;
                }
            }
            step
        })
        .collect()
}

impl Step {
    /// The neighbour mask of this step.
    pub fn mask(&self) -> usize {
        usize::from(self.mask)
    }

    /// The cell of this step.
    pub fn cell(&self) -> usize {
        usize::from(self.cell)
    }
}

/// A fixed list of cells.
pub(super) struct Fixed<'a>(pub &'a [Step]);

impl Chooser for Fixed<'_> {
    #[inline(always)]
    fn next(&self, _: &Grid, state: &State) -> (usize, usize, u32) {
        let step = &self.0[state.depth];
        let want = step.links[..usize::from(step.count)].iter().fold(0, |want, l| {
            want | ((state.sides[usize::from(l.cell)] >> l.from & 0xFF) ^ 1) << l.to
        });
        (usize::from(step.cell), usize::from(step.mask), want)
    }
}

/// `center-max`: the start cell, then the empty cell with the most placed
/// neighbours, among those the one facing the placed picture whose
/// complement occurs least (the paper's rule), then the lower cell.
pub(super) struct CenterMax<'a> {
    pub start: usize,
    pub occurrences: &'a [u32],
}

impl Chooser for CenterMax<'_> {
    fn next(&self, grid: &Grid, state: &State) -> (usize, usize, u32) {
        if state.depth == 0 {
            return (self.start, 0, 0);
        }
        let mut frontier = grid.around(state.filled) & !state.filled;
        let mut best = (u32::MAX, u32::MAX, usize::MAX, 0, 0);
        while frontier != 0 {
            let cell = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let (mask, want) = required(grid, state, cell);
            let rarest = (0..4)
                .filter(|d| mask >> d & 1 != 0)
                .map(|d| self.occurrences[(want >> (8 * d) & 0xFF) as usize])
                .min()
                .unwrap_or(u32::MAX);
            best = best.min((4 - mask.count_ones(), rarest, cell, mask, want));
        }
        (best.2, best.3, best.4)
    }
}

/// The placed-neighbour mask of `cell` and the pictures they require,
/// packed by direction.
#[inline(always)]
fn required(grid: &Grid, state: &State, cell: usize) -> (usize, u32) {
    let mut mask = 0;
    let mut want = 0u32;
    for (d, &nb) in grid.neighbours[cell].iter().enumerate() {
        if nb != NONE && state.filled >> nb & 1 != 0 {
            mask |= 1 << d;
            let shown = state.sides[usize::from(nb)] >> (8 * ((d + 2) & 3)) & 0xFF;
            want |= (shown ^ 1) << (8 * d);
        }
    }
    (mask, want)
}

/// A search over one puzzle's tables.
pub(super) struct Search<'a, C> {
    pub grid: &'a Grid,
    pub tables: &'a Tables,
    pub chooser: C,
}

impl<C: Chooser> Search<'_, C> {
    /// Sets up the frame of `state.depth`: the next cell and its candidates.
    #[inline(always)]
    fn enter(&self, state: &mut State) {
        let (cell, mask, want) = self.chooser.next(self.grid, state);
        let plan = PLANS[mask];
        let at = self.grid.bases[cell][mask] as usize + key_of(plan, want, self.grid.pictures);
        let mut blocked = state.used;
        if self.grid.others_central >> cell & 1 != 0 {
            debug_assert!(state.filled >> self.grid.anchor & 1 != 0, "the anchor comes first");
            let anchor = state.placed[self.grid.anchor].piece;
            blocked |= u64::MAX >> (63 - anchor);
        }
        state.frames[state.depth] = Frame {
            pos: self.tables.offsets[at],
            end: self.tables.offsets[at + 1],
            blocked,
            extra_mask: plan.extra,
            extra_want: want & plan.extra,
            cell: cell as u8,
        };
    }

    /// Enters the cell of `state.depth` (0 for a fresh state, the prefix
    /// length for a prefix) and searches below it.
    pub fn enter_and_run<V>(&self, state: &mut State, limit: usize, visit: V) -> ControlFlow<()>
    where
        V: FnMut(&State) -> ControlFlow<()>,
    {
        self.enter(state);
        self.run(state, limit, visit)
    }

    /// Depth-first search below `state.depth`, whose frame must be entered.
    /// Calls `visit` with every state of `limit` placed pieces, stops when it
    /// breaks, returns when the subtree is exhausted. `state.depth` is the
    /// same on return (on Continue).
    pub fn run<V>(&self, state: &mut State, limit: usize, mut visit: V) -> ControlFlow<()>
    where
        V: FnMut(&State) -> ControlFlow<()>,
    {
        let floor = state.depth;
        let candidates = &self.tables.candidates[..];
        let mut frame = state.frames[floor];
        let mut tests = 0;
        loop {
            if frame.pos == frame.end {
                if state.depth == floor {
                    state.tests += tests;
                    return ControlFlow::Continue(());
                }
                state.depth -= 1;
                frame = state.frames[state.depth];
                let cell = usize::from(frame.cell);
                state.used ^= 1 << state.placed[cell].piece;
                state.filled ^= 1 << cell;
                continue;
            }
            let c = candidates[frame.pos as usize];
            frame.pos += 1;
            tests += 1;
            if frame.blocked >> c.piece & 1 != 0 || c.sides & frame.extra_mask != frame.extra_want {
                continue;
            }
            let depth = state.depth;
            state.nodes[depth] += 1;
            let cell = usize::from(frame.cell);
            state.placed[cell] = c;
            state.sides[cell] = c.sides;
            state.used |= 1 << c.piece;
            state.filled |= 1 << cell;
            state.frames[depth] = frame;
            state.depth = depth + 1;
            if depth + 1 == limit {
                let flow = visit(state);
                state.depth = depth;
                state.used ^= 1 << c.piece;
                state.filled ^= 1 << cell;
                if flow.is_break() {
                    state.tests += tests;
                    return flow;
                }
                continue;
            }
            self.enter(state);
            frame = state.frames[depth + 1];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_and_surroundings() {
        let grid = Grid::new(3, 4);
        assert_eq!(grid.neighbours[4], [1, 5, 7, 3]);
        assert_eq!(grid.neighbours[0], [NONE, 1, 3, NONE]);
        assert_eq!(grid.around(1 << 4), (1 << 1) | (1 << 3) | (1 << 5) | (1 << 7));
        assert_eq!(grid.around(1 << 2), (1 << 1) | (1 << 5));
        let big = Grid::new(8, 4);
        assert_eq!(big.around(1 << 63), (1 << 62) | (1 << 55));
    }

    #[test]
    fn central_cells_of_even_grids() {
        let grid = Grid::new(4, 4);
        assert_eq!(grid.anchor, 5);
        assert_eq!(grid.others_central, (1 << 6) | (1 << 9) | (1 << 10));
        assert_eq!(grid.fixed_rotation_cell(), None);
        assert_eq!(Grid::new(5, 4).fixed_rotation_cell(), Some(12));
    }
}
