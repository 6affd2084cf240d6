//! The frame-first order: the rim is filled first, clockwise from the
//! top-left corner (the top row left to right, the right column down, the
//! bottom row right to left, the left column up), then the inside row by
//! row. A node is the field's: one piece placed with a turn that fits the
//! frame and every placed neighbour, so `nodes_per_depth[d]` counts the
//! placements in the `d`-th cell of this order. The board count is the
//! row-scan count's; the node count differs, the order being another.
//!
//! Each cell's candidates are listed by the colours that its first two
//! placed neighbours show (a rim cell follows the one before it; an inside
//! cell has its left and top neighbours placed); a third or fourth placed
//! neighbour, and the used pieces, are checked one by one. The stop is
//! polled every 65,536 nodes. The tree is cut into subtrees as the
//! row-scan's is (`scan`): a walk lists the prefixes that reach a cut, and
//! each subtree is counted from its prefix. Its judge is the plain
//! recursion of `judge`, walked in the same order.

use super::scan::{Board, Part};
use super::{EdgePuzzle, Hint, side};
use crate::context::Stop;
use crate::puzzle::grid::opposite;

/// The cells of `puzzle` in frame-first order.
pub(crate) fn order(puzzle: &EdgePuzzle) -> Vec<usize> {
    let (w, h) = (puzzle.width, puzzle.height);
    let at = |row: usize, column: usize| row * w + column;
    let mut cells: Vec<usize> = (0..w).map(|c| at(0, c)).collect();
    cells.extend((1..h).map(|r| at(r, w - 1)));
    cells.extend((0..w - 1).rev().map(|c| at(h - 1, c)));
    cells.extend((1..h - 1).rev().map(|r| at(r, 0)));
    cells.extend((1..h - 1).flat_map(|r| (1..w - 1).map(move |c| at(r, c))));
    cells
}

/// The cell next to `cell` in direction `d`, if on the board.
pub(crate) fn neighbour(puzzle: &EdgePuzzle, cell: usize, d: usize) -> Option<usize> {
    let (w, h) = (puzzle.width, puzzle.height);
    let (row, column) = (cell / w, cell % w);
    match d {
        0 => row.checked_sub(1).map(|r| r * w + column),
        1 => (column + 1 < w).then_some(cell + 1),
        2 => (row + 1 < h).then_some(cell + w),
        _ => column.checked_sub(1).map(|c| row * w + c),
    }
}

/// One cell of the order: where it is, its placed neighbours (direction,
/// neighbour's cell), the first two of them keying its lists, and its
/// candidates `(piece, turn)` by those neighbours' colours.
struct Step {
    cell: usize,
    checks: Vec<(usize, usize)>,
    lists: Vec<Vec<(usize, u8)>>,
}

/// The search of one puzzle (hints pinned) in frame-first order: its
/// cells' candidate lists, shared by the walks of every thread.
pub(super) struct FrameFirst<'p> {
    puzzle: &'p EdgePuzzle,
    steps: Vec<Step>,
    colours: usize,
}

/// One walk of the frame-first tree: the pieces placed (row-major), the
/// used pieces, what it counted, and the cut where it stops to list
/// prefixes instead (none: it fills the board).
pub(super) struct FillWalk {
    board: Vec<(usize, u8)>,
    used: Vec<bool>,
    nodes: Vec<u64>,
    tests: u64,
    found: u64,
    boards: Vec<Board>,
    list: usize,
    poll: u32,
    stopped: bool,
    cut: Option<(usize, Vec<Vec<u32>>)>,
}

impl<'p> FrameFirst<'p> {
    pub(super) fn new(puzzle: &'p EdgePuzzle) -> Self {
        let cells = puzzle.pieces.len();
        let colours = puzzle
            .pieces
            .iter()
            .flatten()
            .copied()
            .max()
            .map_or(1, |c| usize::from(c) + 1);
        let order = order(puzzle);
        let mut placed = vec![false; cells];
        let steps = order
            .iter()
            .map(|&cell| {
                let checks: Vec<(usize, usize)> = (0..4)
                    .filter_map(|d| neighbour(puzzle, cell, d).filter(|&n| placed[n]).map(|n| (d, n)))
                    .collect();
                placed[cell] = true;
                let mut lists = vec![vec![]; colours.pow(checks.len().min(2) as u32)];
                for (p, turn) in choices(puzzle, cell) {
                    let key = key_of(&checks, colours, |d| side(puzzle.pieces[p], turn.into(), d));
                    lists[key].push((p, turn));
                }
                Step { cell, checks, lists }
            })
            .collect();
        FrameFirst { puzzle, steps, colours }
    }

    /// The cells of the board.
    pub(super) fn cells(&self) -> usize {
        self.steps.len()
    }

    /// A walk that keeps the first `list` boards it fills.
    pub(super) fn walk(&self, list: usize) -> FillWalk {
        let cells = self.steps.len();
        FillWalk {
            board: vec![(usize::MAX, 0); cells],
            used: vec![false; cells],
            nodes: vec![0; cells],
            tests: 0,
            found: 0,
            boards: vec![],
            list,
            poll: 1 << 16,
            stopped: false,
            cut: None,
        }
    }

    /// The prefixes that reach cell `cut` of the order, each as its
    /// placements (`piece * 4 + turn`, in order), with `walk` counting the
    /// nodes and tests above the cut.
    pub(super) fn prefixes(&self, walk: &mut FillWalk, cut: usize, stop: &Stop) -> Vec<Vec<u32>> {
        self.start(walk, &[], stop);
        walk.cut = Some((cut, vec![]));
        if !walk.stopped {
            self.fill(walk, 0, stop);
        }
        walk.cut.take().map(|(_, prefixes)| prefixes).unwrap_or_default()
    }

    /// Counts the boards under `prefix` (the placements of the first cells
    /// of the order, as [`FrameFirst::prefixes`] lists them), keeping the
    /// first of them (row-major).
    pub(super) fn subtree(&self, walk: &mut FillWalk, prefix: &[u32], stop: &Stop) -> Part {
        self.start(walk, prefix, stop);
        if !walk.stopped {
            self.fill(walk, prefix.len(), stop);
        }
        Part {
            found: walk.found,
            nodes: walk.nodes.clone(),
            tests: walk.tests,
            stopped: walk.stopped,
            boards: std::mem::take(&mut walk.boards),
        }
    }

    /// The board (row-major) of a prefix that fills every cell.
    pub(super) fn board(&self, prefix: &[u32]) -> Board {
        let mut board = vec![(usize::MAX, 0); self.steps.len()];
        for (step, &placed) in self.steps.iter().zip(prefix) {
            board[step.cell] = unpacked(placed);
        }
        board
    }

    /// Clears `walk` and places `prefix`.
    fn start(&self, walk: &mut FillWalk, prefix: &[u32], stop: &Stop) {
        walk.board.fill((usize::MAX, 0));
        walk.used.fill(false);
        walk.nodes.fill(0);
        (walk.tests, walk.found) = (0, 0);
        walk.boards.clear();
        walk.stopped = stop.reached();
        for (step, &placed) in self.steps.iter().zip(prefix) {
            let (p, turn) = unpacked(placed);
            walk.used[p] = true;
            walk.board[step.cell] = (p, turn);
        }
    }

    fn fill(&self, walk: &mut FillWalk, k: usize, stop: &Stop) {
        if let Some((cut, prefixes)) = walk.cut.as_mut().filter(|(cut, _)| *cut == k) {
            let placed = self.steps[..*cut].iter().map(|s| {
                let (p, turn) = walk.board[s.cell];
                (p * 4) as u32 + u32::from(turn)
            });
            prefixes.push(placed.collect());
            return;
        }
        let Some(step) = self.steps.get(k) else {
            walk.found += 1;
            if walk.boards.len() < walk.list {
                walk.boards.push(walk.board.clone());
            }
            return;
        };
        let pieces = &self.puzzle.pieces;
        let shows = |board: &[(usize, u8)], (d, n): (usize, usize)| {
            let (q, t) = board[n];
            side(pieces[q], t.into(), opposite(d))
        };
        let key = key_of(&step.checks, self.colours, |d| {
            let &check = step.checks.iter().find(|c| c.0 == d).expect("a placed neighbour");
            shows(&walk.board, check)
        });
        for &(p, turn) in &step.lists[key] {
            walk.tests += 1;
            let fits = !walk.used[p]
                && step.checks[2.min(step.checks.len())..]
                    .iter()
                    .all(|&check| side(pieces[p], turn.into(), check.0) == shows(&walk.board, check));
            if !fits {
                continue;
            }
            walk.nodes[k] += 1;
            walk.poll -= 1;
            if walk.poll == 0 {
                walk.poll = 1 << 16;
                walk.stopped = stop.reached();
            }
            if walk.stopped {
                return;
            }
            walk.used[p] = true;
            walk.board[step.cell] = (p, turn);
            self.fill(walk, k + 1, stop);
            walk.used[p] = false;
            walk.board[step.cell] = (usize::MAX, 0);
            if walk.stopped {
                return;
            }
        }
    }
}

impl FillWalk {
    /// The nodes per depth and the tests of the last walk, and whether
    /// the stop came.
    pub(super) fn counted(&self) -> (Vec<u64>, u64, bool) {
        (self.nodes.clone(), self.tests, self.stopped)
    }
}

/// A placement of a prefix: `(piece, turn)`.
fn unpacked(placed: u32) -> (usize, u8) {
    ((placed / 4) as usize, (placed % 4) as u8)
}

/// The list of a candidate whose side in direction `d` is `colour(d)`:
/// keyed by the first two placed neighbours' directions.
fn key_of(checks: &[(usize, usize)], colours: usize, colour: impl Fn(usize) -> u8) -> usize {
    checks
        .iter()
        .take(2)
        .fold(0, |key, &(d, _)| key * colours + usize::from(colour(d)))
}

/// The `(piece, turn)` that may stand at `cell`: its pin, or every
/// unpinned piece in every turn that fits the frame there.
fn choices(puzzle: &EdgePuzzle, cell: usize) -> Vec<(usize, u8)> {
    let pinned = |p: usize| puzzle.hints.iter().any(|h: &Hint| h.piece == p);
    match puzzle.hints.iter().find(|h| h.cell == cell) {
        Some(h) => vec![(h.piece, h.turn)],
        None => (0..puzzle.pieces.len())
            .filter(|&p| !pinned(p))
            .flat_map(|p| (0..4u8).map(move |t| (p, t)))
            .filter(|&(p, t)| puzzle.fits_frame(cell, puzzle.pieces[p], t.into()))
            .collect(),
    }
}
