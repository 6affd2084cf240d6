//! The bitset backtracker: an explicit stack, no allocation in the loop.
//!
//! Used pieces and filled cells are `u64` bitsets; each filled cell keeps
//! its candidate (turned sides packed in a `u32`). Every (cell, set of placed
//! neighbours) the search meets has a [`Step`], worked out once: which
//! neighbour sides to read, the table to look in. Entering a cell reads the
//! pictures its neighbours show (in a static order, the piece just placed
//! from the search's register, [`Step::previous`]) and takes the bucket of
//! the candidate table holding exactly the candidates that match the first
//! two of them (a shift and an or: the key stride is a power of two). A
//! bucket whose pieces (a bit set kept beside it) are all used is a dead
//! end, left by a branch before its candidates are read.
//! Otherwise the bucket is checked up to 64 candidates at a time (a window
//! of up to four as four candidates, the bits past it masked off), without
//! a branch per candidate: one bit test (piece
//! unused, symmetry rule) and, for the few steps with a third or fourth
//! neighbour, one masked compare give a bitset of the candidates that fit;
//! the search then takes them in bucket order by trailing zeros.
//!
//! Statistics are those of checking candidates one by one in bucket order
//! (see [`super::stats`]): a window's candidates are counted when it is
//! checked, and when an observer stops the search early, the candidates
//! after the current one in each open window are taken off again.
//!
//! Whole-grid rotations are removed exactly by the rotation-class rule of
//! [`crate::puzzle::grid::Grid::keeps_rotation_class`], compiled here: for
//! odd `n` the centre cell's tables hold rotation 0 only; for even `n` the
//! other central cells block every piece ranked up to the anchor's (the
//! anchor is filled before the other three central cells in every order).
//! The rank is the piece number unless [`Geometry::with_symmetry`] sets another
//! one.
//!
//! The search tells an [`Observer`] what it does: the states of its depth
//! limit (solutions), the depth of every node, the candidates checked, its
//! polls, and on request every placement and removal. Counting, listing,
//! the first and the `i`-th solution, the subtrees of a parallel search,
//! the statistics, a restart's budget, progress and the explorer's recorded
//! run are observers of [`Kernel::run_from`], monomorphised, so a search pays
//! only for what its observers watch.

use std::ops::ControlFlow;

mod chooser;
mod observer;
mod stacked;

pub(in crate::solve) use stacked::Stacked;

pub(in crate::solve) use chooser::{CenterMax, Chooser, Constrained, Fixed};

use super::tables::{Candidate, Complements, PLANS, Tables, key_bits};
use super::twins::Twins;
use crate::Arrangement;
use crate::context::POLL_EVERY;
use crate::puzzle::grid::opposite;
pub(in crate::solve) use observer::Halt;
pub(crate) use observer::{Control, Observer, OnReached, Reporter};

/// No neighbour in that direction.
pub(super) const NONE: u8 = u8::MAX;

/// The grid's shape and the symmetry rule, fixed per puzzle.
#[derive(Clone, Debug)]
pub(super) struct Geometry {
    pub n: usize,
    /// Neighbour cell per direction, or [`NONE`].
    pub neighbours: Vec<[u8; 4]>,
    /// The shift of a two-key bucket's first key ([`key_bits`] of `P`).
    pub key_bits: u32,
    /// Even `n`: the anchor cell and the other central cells.
    pub anchor: usize,
    pub others_central: u64,
    /// Odd `n`: the centre cell, which only takes rotation 0.
    pub centre: Option<usize>,
    /// Even `n`: `up_to[p]` has a bit for every piece whose symmetry rank
    /// is at most piece `p`'s (those the other central cells cannot take).
    pub up_to: [u64; 64],
    /// Each picture's complement (`p ^ 1` unless it matches itself).
    pub complements: Complements,
    /// The copies of each card type with twins, when the search breaks
    /// them ([`super::twins`]); empty otherwise, and then never read.
    pub twins: Vec<u64>,
}

impl Geometry {
    /// The geometry of an `n x n` grid.
    pub(crate) fn new(n: usize, pictures: usize) -> Self {
        let shape = crate::puzzle::grid::Grid::new(n);
        let neighbours = shape
            .cells()
            .map(|cell| std::array::from_fn(|d| shape.neighbour(cell, d).map_or(NONE, |nb| nb as u8)))
            .collect();
        let others_central = shape.central_block().map_or(0, |[_, others @ ..]| {
            others.iter().fold(0u64, |acc, &cell| acc | 1 << cell)
        });
        Geometry {
            n,
            neighbours,
            key_bits: key_bits(pictures),
            anchor: shape.central_start(),
            others_central,
            centre: shape.centre(),
            up_to: std::array::from_fn(|p| u64::MAX >> (63 - p)),
            complements: Complements::default(),
            twins: Vec::new(),
        }
    }

    /// The grid of a puzzle whose pictures have these complements.
    pub(crate) fn with_complements(mut self, complements: &Complements) -> Self {
        self.complements = complements.clone();
        self
    }

    /// Breaks an even grid's symmetry by `ranks` (a permutation of the
    /// pieces, at most 64) instead of piece numbers.
    pub(crate) fn with_symmetry(mut self, ranks: &[usize]) -> Self {
        for (p, &rank) in ranks.iter().enumerate() {
            self.up_to[p] = ranks
                .iter()
                .enumerate()
                .filter(|&(_, &other)| other <= rank)
                .fold(0, |acc, (q, _)| acc | 1 << q);
        }
        self
    }

    /// Breaks twins ([`super::twins`]): one copy of each type is free at
    /// a time, and an even grid's rotation rule ranks types by `ranks`.
    pub(crate) fn with_twins(mut self, twins: &Twins, ranks: &[usize]) -> Self {
        self.up_to = twins.up_to(ranks);
        self.twins = twins.copies.clone();
        self
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

/// One level of the explicit stack: a window of up to 64 candidates of the
/// cell's bucket, all checked when the window is entered, and those that fit
/// and were not taken yet as bits.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// Bit `i`: candidate `window + i` fits and has not been taken yet.
    fits: u64,
    /// The first candidate of the window.
    window: u32,
    /// The end of the bucket.
    end: u32,
    /// One past the candidate taken last (the window's start before any).
    pos: u32,
    /// The index of the depth's step in the search's steps (a `u32`: the
    /// frame then has no padding byte, which the compiler kept from frame
    /// to frame at a cost of a load, a mask and a store per node).
    step: u32,
    cell: u8,
}

/// The most candidates checked at once.
const WINDOW: u32 = 64;

impl Level {
    fn window_end(&self) -> u32 {
        self.end.min(self.window + WINDOW)
    }

    /// The candidates of the window after the one taken last: checked with
    /// the window but not yet reached in search order.
    fn unreached(&self) -> u64 {
        u64::from(self.window_end() - self.pos)
    }
}

/// What a candidate of a bucket must pass besides the bucket key.
struct Checks {
    /// Pieces the cell cannot take: the used ones, the twins not yet free
    /// ([`super::twins`]), and for the other central cells of an even grid
    /// those ranked up to the anchor's piece.
    blocked: u64,
    /// The bytes of the neighbours beyond the bucket key, and the pictures
    /// they require there.
    extra_mask: u32,
    extra_want: u32,
}

impl Checks {
    /// Whether candidate `c` fits: its piece is free and it matches the
    /// neighbours the bucket key does not cover. No branch.
    #[inline(always)]
    fn admits(&self, c: &Candidate) -> bool {
        (self.blocked >> c.piece) as u32 & 1 | (c.sides & self.extra_mask) ^ self.extra_want == 0
    }

    /// Bit `i` set when `window[i]` fits (`window` has at most 64 entries).
    /// Most steps have no extra neighbour: their loop only tests pieces.
    #[inline(always)]
    fn fits(&self, window: &[Candidate]) -> u64 {
        if self.extra_mask == 0 {
            bits(window, |c| self.blocked >> c.piece & 1 == 0)
        } else {
            bits(window, |c| self.admits(c))
        }
    }

    /// [`Checks::fits`] of the first `len` (at most four) of `quad`: all
    /// four are checked, without a branch on `len`, and the bits of those
    /// past the window (candidates of the next buckets) are masked off.
    #[inline(always)]
    fn fits_quad(&self, quad: &[Candidate; 4], len: u32) -> u64 {
        self.fits(quad) & !(u64::MAX << len)
    }
}

/// Bit `i` set when `admits(window[i])`, without branching on it. Windows
/// of up to four candidates (most of them) are checked unrolled, one
/// branch on the length; longer ones are read from their end, each bit
/// shifted in at the bottom.
#[inline(always)]
fn bits(window: &[Candidate], admits: impl Fn(&Candidate) -> bool) -> u64 {
    let bit = |c: &Candidate, i: u32| u64::from(admits(c)) << i;
    match window {
        [] => 0,
        [a] => bit(a, 0),
        [a, b] => bit(a, 0) | bit(b, 1),
        [a, b, c] => bit(a, 0) | bit(b, 1) | bit(c, 2),
        [a, b, c, d] => bit(a, 0) | bit(b, 1) | bit(c, 2) | bit(d, 3),
        _ => window.iter().rev().fold(0, |bits, c| bits << 1 | u64::from(admits(c))),
    }
}

/// The search state; cloned once per parallel task, never in the loop.
/// While [`Kernel::run_from`] works, `depth`, `used` and `filled` live in
/// registers and are written back before `visit` and on return. Arrays by
/// depth or cell have 256 entries and are indexed by a `u8`: never out of
/// bounds, so the hot loop has no bounds checks there.
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// Pieces placed so far (at most 64).
    depth: u8,
    used: u64,
    /// Only kept for choosers that read it ([`Chooser::FILLED`]).
    filled: u64,
    /// The candidate in each filled cell, by cell. Indexed by a `u8`, so
    /// never out of bounds; entry [`NONE`] is never written: its sides read
    /// as picture 0, which steps use for a missing key neighbour.
    placed: [Candidate; 256],
    frames: [Level; 256],
    /// Nodes per depth, counted only for observers that read them
    /// ([`Observer::COUNTS`]), and candidate tests, always counted (one
    /// add per window, in a register; leaving it out made the compiler
    /// lay the loop out worse).
    nodes: [u64; 256],
    tests: u64,
    /// The search was stopped by its [`Halt`]'s `Stop` before it was done.
    pub(super) stopped: bool,
}

impl State {
    pub(super) fn new() -> Self {
        State {
            depth: 0,
            used: 0,
            filled: 0,
            placed: [Candidate::default(); 256],
            frames: [Level::default(); 256],
            nodes: [0; 256],
            tests: 0,
            stopped: false,
        }
    }

    /// The current (complete) placement as an arrangement.
    pub(crate) fn arrangement(&self, n: usize) -> Arrangement {
        Arrangement::new(n, self.placed[..n * n].iter().map(|c| c.placement()).collect())
    }

    /// Puts `c` in `cell` one level deeper (for probes and tests; the
    /// search keeps its position in registers).
    pub(super) fn place(&mut self, cell: u8, c: Candidate) {
        self.placed[usize::from(cell)] = c;
        self.used |= 1 << c.piece;
        self.filled |= 1 << cell;
        self.depth += 1;
    }

    /// Pieces placed so far.
    pub(super) fn depth(&self) -> usize {
        usize::from(self.depth)
    }

    /// Takes the piece in `cell` off again, undoing [`State::place`].
    pub(super) fn unplace(&mut self, cell: u8) {
        self.used ^= 1 << self.placed[usize::from(cell)].piece;
        self.filled ^= 1 << cell;
        self.depth -= 1;
    }

    /// Nodes per depth (index 0: the first cell filled) since the state
    /// was made or [`State::reset_counters`]; zero unless the searches on
    /// it had an observer that reads them ([`Observer::COUNTS`]).
    pub(super) fn nodes(&self) -> &[u64; 256] {
        &self.nodes
    }

    /// Candidates checked since the state was made or
    /// [`State::reset_counters`], as if checked one by one in bucket order.
    pub(super) fn tests(&self) -> u64 {
        self.tests
    }

    /// Forgets the counters (for a task resuming from a prefix).
    pub(super) fn reset_counters(&mut self) {
        self.nodes = [0; 256];
        self.tests = 0;
    }

    /// Sets the nodes per depth from index 0 (a resumed search's counts).
    pub(super) fn set_nodes(&mut self, nodes: &[u64]) {
        self.nodes[..nodes.len()].copy_from_slice(nodes);
    }

    /// The pieces placed so far, and the filled cells, as bitsets.
    pub(super) fn used_and_filled(&self) -> (u64, u64) {
        (self.used, self.filled)
    }

    /// The candidate in `cell` (meaningful for filled cells).
    pub(super) fn at(&self, cell: usize) -> Candidate {
        self.placed[cell]
    }

    /// The candidates taken at depths `floor..depth` (indices into the
    /// candidate tables): with the placements above `floor`, the search's
    /// position at a poll, where [`Kernel::retake`] rebuilds it.
    pub(super) fn path(&self, floor: usize) -> Vec<u32> {
        self.frames[floor..usize::from(self.depth)]
            .iter()
            .map(|f| f.pos - 1)
            .collect()
    }

    /// The search's position, to work on in registers.
    fn board(&self) -> Board<'_> {
        Board {
            placed: &self.placed,
            depth: self.depth,
            used: self.used,
            filled: self.filled,
        }
    }
}

/// What the choosers and [`Kernel::enter`] read: the placed candidates and
/// the search's position.
#[derive(Clone, Copy)]
pub(super) struct Board<'a> {
    placed: &'a [Candidate; 256],
    depth: u8,
    used: u64,
    filled: u64,
}

impl<'a> Board<'a> {
    /// The board of `placed` at the position `(depth, used, filled)`.
    #[inline(always)]
    fn at(placed: &'a [Candidate; 256], (depth, used, filled): (u8, u64, u64)) -> Self {
        Board {
            placed,
            depth,
            used,
            filled,
        }
    }
    /// The picture that the piece in `link.cell` shows towards the cell
    /// being filled (0 for [`NONE`]).
    #[inline(always)]
    fn shown(&self, link: Link) -> u32 {
        self.placed[usize::from(link.cell)].sides >> link.from & 0xFF
    }
}

/// A placed neighbour as a step sees it: its cell ([`NONE`] for none), the
/// shift of the byte of its piece's side that faces the step's cell, and the
/// shift of the byte of the direction it constrains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Link {
    cell: u8,
    from: u8,
    to: u8,
}

const NO_LINK: Link = Link {
    cell: NONE,
    from: 0,
    to: 0,
};

/// A key neighbour of a step: its cell ([`NONE`] for none), the shift of
/// the byte of its piece's side that faces the step's cell, the shift of
/// that picture in the bucket index, and `0xFF` (or 0 for none: a key read
/// from a register has no empty cell to read picture 0 from).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    cell: u8,
    from: u8,
    shift: u8,
    keep: u8,
}

const NO_KEY: Key = Key {
    cell: NONE,
    from: 0,
    shift: 0,
    keep: 0,
};

impl Key {
    /// The key's part of the bucket index when its cell holds `c`.
    #[inline(always)]
    fn of(self, c: Candidate) -> u32 {
        (c.sides >> self.from & u32::from(self.keep)) << self.shift
    }
}

/// A cell with a given set of placed neighbours, worked out once: the
/// bucket is `base + (a << key_bits | b)` for the pictures `a`, `b` its two
/// key neighbours show (one key: `b` alone; a missing key is 0), the
/// extras are checked by the masked compare. In a static order the key
/// neighbour filled at the depth just above, if any, is `previous`: the
/// search reads its side from the candidate it has just placed (in a
/// register) rather than back from the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(32))]
pub(super) struct Step {
    cell: u8,
    mask: u8,
    /// One of the other central cells of an even grid.
    central: bool,
    /// The key neighbour placed at the depth just before this step's
    /// (static orders), or [`NO_KEY`].
    previous: Key,
    /// The other key neighbours, read from the board.
    keys: [Key; 2],
    extras: [Link; 2],
    extra_mask: u32,
    /// Where this step's table starts in [`Tables::offsets`].
    pub base: u32,
}

impl Step {
    /// The step of `cell` whose placed neighbours are the directions in
    /// `mask` (its table base is set later).
    pub(crate) fn new(grid: &Geometry, cell: usize, mask: usize) -> Self {
        let plan = PLANS[mask];
        let link = |d: u32| {
            let d = d as usize;
            Link {
                cell: grid.neighbours[cell][d],
                from: (8 * opposite(d)) as u8,
                to: (8 * d) as u8,
            }
        };
        let key = |d: u32, shift: u32| Key {
            cell: grid.neighbours[cell][d as usize],
            from: (8 * opposite(d as usize)) as u8,
            shift: shift as u8,
            keep: 0xFF,
        };
        let keys = match plan.keys {
            0 => [NO_KEY; 2],
            1 => [NO_KEY, key(plan.key[0], 0)],
            _ => [key(plan.key[0], grid.key_bits), key(plan.key[1], 0)],
        };
        let mut extras = [NO_LINK; 2];
        let extra_directions = (0..4).filter(|d| plan.extra >> (8 * d) & 1 != 0);
        for (slot, d) in extras.iter_mut().zip(extra_directions) {
            *slot = link(d);
        }
        Step {
            cell: cell as u8,
            mask: mask as u8,
            central: grid.others_central >> cell & 1 != 0,
            previous: NO_KEY,
            keys,
            extras,
            extra_mask: plan.extra,
            base: u32::MAX,
        }
    }

    /// The step reading the key neighbour in `cell` (the cell filled just
    /// before it in a static order) from the candidate just placed; the
    /// same step when `cell` is not a key neighbour.
    fn after(mut self, cell: usize) -> Self {
        if let Some(key) = self.keys.iter_mut().find(|k| usize::from(k.cell) == cell) {
            self.previous = *key;
            *key = NO_KEY;
        }
        self
    }

    /// The neighbour mask of this step.
    pub(crate) fn mask(&self) -> usize {
        usize::from(self.mask)
    }

    /// The cell of this step.
    pub(crate) fn cell(&self) -> usize {
        usize::from(self.cell)
    }

    /// The index of this step's bucket for what the placed neighbours of
    /// `board` show: `base + (a << key_bits | b)`, into [`Tables::offsets`]
    /// (the bucket's start; the next entry is its end) and
    /// [`Tables::pieces`].
    #[inline(always)]
    fn bucket(&self, board: Board) -> usize {
        self.bucket_after(board, board.placed[usize::from(self.previous.cell)])
    }

    /// [`Step::bucket`] where `previous` is the candidate in the cell of
    /// [`Step::previous`] (any candidate when the step has none): the
    /// search passes the one it has just placed.
    #[inline(always)]
    fn bucket_after(&self, board: Board, previous: Candidate) -> usize {
        let key = |k: Key| k.of(board.placed[usize::from(k.cell)]);
        (self.base + (self.previous.of(previous) | key(self.keys[0]) | key(self.keys[1]))) as usize
    }
}

/// The steps of a static order of cells; each reads the cell filled just
/// before it from the search's register when it is a key neighbour
/// ([`Step::previous`]).
pub(super) fn steps(grid: &Geometry, cells: &[usize]) -> Vec<Step> {
    cells
        .iter()
        .enumerate()
        .map(|(i, &cell)| {
            let placed = |&nb: &u8| nb != NONE && cells[..i].contains(&usize::from(nb));
            let mask = (0..4)
                .filter(|&d| placed(&grid.neighbours[cell][d]))
                .fold(0, |m, d| m | 1 << d);
            let step = Step::new(grid, cell, mask);
            match i.checked_sub(1) {
                Some(before) => step.after(cells[before]),
                None => step,
            }
        })
        .collect()
}

/// The tables of a search as slices, taken once per search so that the
/// hot loop keeps them at hand. The hot loop reads the tables through the
/// four functions of this view.
#[derive(Clone, Copy)]
struct View<'a> {
    steps: &'a [Step],
    offsets: &'a [u32],
    pieces: &'a [u64],
    candidates: &'a [Candidate],
}

impl<'a> View<'a> {
    /// The step of index `index` (from the chooser).
    #[inline(always)]
    fn step(self, index: usize) -> &'a Step {
        &self.steps[index]
    }

    /// The start and end of bucket `at` in the candidates.
    #[inline(always)]
    fn bucket(self, at: usize) -> [u32; 2] {
        let [start, end] = self.offsets[at..at + 2] else {
            unreachable!("a bucket has a start and an end")
        };
        [start, end]
    }

    /// The candidates `start..end` of one bucket.
    #[inline(always)]
    fn window(self, start: u32, end: u32) -> &'a [Candidate] {
        &self.candidates[start as usize..end as usize]
    }

    /// The four candidates from `start` when the window `start..end`
    /// holds at most four (most windows) and the tables go on that far.
    #[inline(always)]
    fn quad(self, start: u32, end: u32) -> Option<&'a [Candidate; 4]> {
        if end - start > 4 {
            return None;
        }
        self.candidates.get(start as usize..)?.first_chunk::<4>()
    }

    /// The pieces with a candidate in bucket `at`.
    #[inline(always)]
    fn pieces(self, at: usize) -> u64 {
        self.pieces[at]
    }

    /// Candidate `index`, of a window checked before.
    #[inline(always)]
    fn candidate(self, index: u32) -> Candidate {
        self.candidates[index as usize]
    }
}

/// The one search kernel over one puzzle's tables: every goal and every
/// observer runs on it.
pub(super) struct Kernel<'a, C> {
    pub grid: &'a Geometry,
    pub tables: &'a Tables,
    pub steps: &'a [Step],
    pub chooser: C,
    pub halt: Halt<'a>,
    /// The stacked count's tables, for a static order where they apply.
    pub stacked: Option<&'a Stacked>,
}

impl<C: Chooser> Kernel<'_, C> {
    /// The frame of `board.depth` with its first window checked; adds the
    /// candidates checked to `tests`.
    #[inline(always)]
    fn enter(&self, view: View, board: Board, tests: &mut u64) -> Level {
        let index = self.chooser.next(self.grid, board);
        let step = view.step(index);
        let [start, end] = view.bucket(step.bucket(board));
        self.frame(view, board, index, [start, end], tests)
    }

    /// The frame of step `index` at `board.depth` whose bucket is
    /// `start..end`, with its first window checked; adds the candidates
    /// checked to `tests`.
    #[inline(always)]
    fn frame(&self, view: View, board: Board, index: usize, [start, end]: [u32; 2], tests: &mut u64) -> Level {
        let step = view.step(index);
        let mut frame = Level {
            fits: 0,
            window: start,
            end,
            pos: start,
            step: index as u32,
            cell: step.cell,
        };
        *tests += self.check_window(view, &mut frame, step, board);
        frame
    }

    /// Sets `frame.fits` from the candidates of its window; returns how many
    /// there are.
    #[inline(always)]
    fn check_window(&self, view: View, frame: &mut Level, step: &Step, board: Board) -> u64 {
        let (start, end) = (frame.window, frame.window_end());
        let checks = self.checks(step, board);
        frame.fits = match view.quad(start, end) {
            Some(quad) => checks.fits_quad(quad, end - start),
            None => checks.fits(view.window(start, end)),
        };
        u64::from(end - start)
    }

    /// The tables as the hot loop reads them.
    #[inline(always)]
    fn view(&self) -> View<'_> {
        View {
            steps: self.steps,
            offsets: &self.tables.offsets,
            pieces: &self.tables.pieces,
            candidates: &self.tables.candidates,
        }
    }

    /// What the candidates of `step` must pass besides the bucket key.
    #[inline(always)]
    fn checks(&self, step: &Step, board: Board) -> Checks {
        // Few steps have extras: skipping them is a well-predicted branch.
        // A missing extra reads picture 0 and adds nothing; the mask keeps
        // exactly the bytes of the present ones.
        let extra_want = if step.extra_mask == 0 {
            0
        } else {
            let shown = step.extras.iter().fold(0, |acc, &l| acc | board.shown(l) << l.to);
            self.grid.complements.packed(shown) & step.extra_mask
        };
        let mut blocked = board.used;
        if !self.grid.twins.is_empty() {
            blocked |= Twins::blocked(&self.grid.twins, board.used);
        }
        if step.central {
            let anchor = board.placed[self.grid.anchor].piece;
            blocked |= self.grid.up_to[usize::from(anchor) & 63];
        }
        Checks {
            blocked,
            extra_mask: step.extra_mask,
            extra_want,
        }
    }

    /// The cell the chooser picks at `state`'s position and every candidate
    /// that fits there, in bucket order (the children the search would
    /// visit), appended to `out`. For probes and tests: the search itself
    /// checks windows in place.
    pub(crate) fn children(&self, state: &State, out: &mut Vec<Candidate>) -> u8 {
        let board = state.board();
        let step = &self.steps[self.chooser.next(self.grid, board)];
        let at = step.bucket(board);
        let bucket = self.tables.offsets[at] as usize..self.tables.offsets[at + 1] as usize;
        let checks = self.checks(step, board);
        out.extend(self.tables.candidates[bucket].iter().filter(|c| checks.admits(c)));
        step.cell
    }

    /// The candidates of the bucket the chooser picks at `state`'s
    /// position: those a search checks there (for tests).
    #[cfg(test)]
    pub(super) fn bucket_len(&self, state: &State) -> u64 {
        let board = state.board();
        let at = self.steps[self.chooser.next(self.grid, board)].bucket(board);
        u64::from(self.tables.offsets[at + 1] - self.tables.offsets[at])
    }

    /// Whether the search must stop now; records in `state` whether its
    /// `Stop` asked for it. Inlined, so that a first search's entry poll
    /// maps no page of code of its own.
    #[inline(always)]
    fn halted(&self, state: &mut State) -> bool {
        state.stopped = self.halt.stop.reached();
        state.stopped || self.halt.overtaken()
    }

    /// A poll at `position` (depth, used, filled, the tests since the last
    /// flush): writes the position back into `state` (its frames above
    /// `depth` are saved, the frame of `depth` is not entered yet: a
    /// position to resume from, see [`Kernel::retake`]), tells `observer`,
    /// then polls the halt; whether either says stop. Out of line, so that
    /// the loop keeps its registers.
    #[cold]
    #[inline(never)]
    fn polled<O: Observer>(&self, state: &mut State, observer: &mut O, position: (u8, u64, u64, u64)) -> bool {
        let (depth, used, filled, tests) = position;
        (state.depth, state.used, state.filled) = (depth, used, filled);
        state.tests += tests;
        let flow = observer.polled(state, u64::from(POLL_EVERY));
        self.halted(state) | flow.is_break()
    }

    /// Enters the frame of `state.depth` again and takes candidate `index`
    /// there as the search takes it (the window holding it checked, the
    /// candidates up to it taken off), saving the frame and placing the
    /// candidate: one step of rebuilding a search position from its path
    /// ([`State::path`]). Tests counted on the way are not kept. `None`
    /// when `index` is not a candidate that fits at this position (a path
    /// of another puzzle or order).
    pub(crate) fn retake(&self, state: &mut State, index: u32) -> Option<()> {
        let board = state.board();
        let view = self.view();
        let mut frame = self.enter(view, board, &mut 0);
        if !(frame.window..frame.end).contains(&index) {
            return None;
        }
        frame.window += (index - frame.window) / WINDOW * WINDOW;
        let step = view.step(frame.step as usize);
        self.check_window(view, &mut frame, step, board);
        let bit = index - frame.window;
        if frame.fits >> bit & 1 == 0 {
            return None;
        }
        frame.fits &= !(u64::MAX >> (63 - bit));
        frame.pos = index + 1;
        state.frames[usize::from(state.depth)] = frame;
        state.place(frame.cell, self.tables.candidates[index as usize]);
        Some(())
    }

    /// Enters the cell of `state.depth` (0 for a fresh state, the prefix
    /// length for a prefix) and searches below it.
    /// A static order's search whose observer may run there
    /// ([`Observer::stackable`]) runs on the stack of candidates
    /// ([`stacked`]), with the same counts.
    pub(crate) fn enter_and_run<O: Observer>(&self, state: &mut State, limit: usize, observer: &mut O) -> Control {
        if let Some(stacked) = self.stacked
            && C::STATIC
            && !O::EVENTS
            && usize::from(state.depth) < limit
            && observer.stackable()
        {
            return self.stacked(stacked, state, limit, observer);
        }
        self.resume(state, state.depth, limit, observer)
    }

    /// Enters the cell of `state.depth` and searches on below `floor`
    /// ([`Kernel::run_from`]): from a position rebuilt by
    /// [`Kernel::retake`], the rest of the subtree below `floor`.
    #[inline]
    pub(crate) fn resume<O: Observer>(&self, state: &mut State, floor: u8, limit: usize, observer: &mut O) -> Control {
        let mut tests = 0;
        state.frames[usize::from(state.depth)] = self.enter(self.view(), state.board(), &mut tests);
        state.tests += tests;
        self.run_from(state, floor, limit, observer)
    }

    /// Depth-first search below `floor`, from `state.depth`, whose frame
    /// must be entered.
    /// Tells `observer` of every state of `limit` placed pieces
    /// ([`Observer::reached`]), of each poll
    /// ([`Observer::polled`]) and, when it asks for them
    /// ([`Observer::EVENTS`]), of every placement and removal; stops when
    /// the observer breaks, returns when the subtree is exhausted.
    /// `state.depth` is `floor` on return (on Continue).
    ///
    /// Candidate tests are counted when a window is checked and told on
    /// return; on a break, the candidates the scan had not reached yet are
    /// told as unreached, so the count is that of checking candidates one by
    /// one in bucket order.
    ///
    /// The halt is polled on entry and every [`POLL_EVERY`] placements, the
    /// observer at the same polls; when either says stop, the search breaks
    /// at once (`state.stopped` is set when the caller's `Stop` asked for
    /// it). A break at a poll or on entry leaves the position in `state`
    /// ([`State::path`]): a checkpoint to resume from.
    ///
    /// The search starts at `state.depth`, whose frame is entered; the
    /// frames of `floor..state.depth` are saved in `state` (a position
    /// rebuilt by [`Kernel::retake`], or none when `floor` is
    /// `state.depth`): it goes on from there and returns when the subtree
    /// below `floor` is exhausted.
    ///
    /// The frame of `depth` lives in `state.frames` like those above it
    /// (from `floor`), always up to date; its `fits` is kept in a register
    /// too, with the position and the counters.
    ///
    /// A dead end is not gone down into: a next cell where nothing fits
    /// (its bucket one window) would only send the search straight back,
    /// with no event to tell, so the search stays, with the same nodes,
    /// tests and polls. A bucket none of whose pieces is unused (an empty
    /// one among them) is found from its piece set alone, one load beside
    /// its bounds: its candidates are counted as tested, as the windows
    /// would have been, and never read.
    pub(crate) fn run_from<O: Observer>(
        &self,
        state: &mut State,
        floor: u8,
        limit: usize,
        observer: &mut O,
    ) -> Control {
        if self.halted(state) {
            return ControlFlow::Break(());
        }
        let view = self.view();
        let mut countdown = POLL_EVERY;
        let (mut depth, mut used, mut filled) = (state.depth, state.used, state.filled);
        let mut fits = state.frames[usize::from(depth)].fits;
        let mut tests = 0;
        loop {
            if fits == 0 {
                if let Some(more) = self.next_window(view, state, (depth, used, filled), &mut tests) {
                    fits = more;
                    continue;
                }
                if depth == floor {
                    return Self::finished(state, tests, (depth, used, filled));
                }
                let cell;
                (depth, used, filled, fits, cell) = Self::back_up(state, (depth, used, filled));
                if O::EVENTS && observer.removed(cell).is_break() {
                    return Self::broken::<O>(state, floor, tests, (depth, used, filled));
                }
                continue;
            }
            let frame = &mut state.frames[usize::from(depth)];
            let index = frame.window + fits.trailing_zeros();
            fits &= fits - 1;
            (frame.fits, frame.pos) = (fits, index + 1);
            let (cell, c) = (frame.cell, view.candidate(index));
            if O::COUNTS {
                state.nodes[usize::from(depth)] += 1;
            }
            state.placed[usize::from(cell)] = c;
            if O::EVENTS && observer.placed(usize::from(cell), c.placement()).is_break() {
                return Self::broken::<O>(state, floor, tests, (depth, used, filled));
            }
            let filled_below = if C::FILLED { filled | 1 << cell } else { filled };
            let below = (depth + 1, used | 1 << c.piece, filled_below);
            if usize::from(depth) + 1 == limit {
                if Self::reach(state, observer, below, cell).is_break() {
                    return Self::broken::<O>(state, floor, tests, (depth, used, filled));
                }
                continue;
            }
            countdown -= 1;
            if countdown == 0 {
                countdown = POLL_EVERY;
                if self.polled(state, observer, (below.0, below.1, below.2, std::mem::take(&mut tests))) {
                    return ControlFlow::Break(());
                }
            }
            let board = Board::at(&state.placed, below);
            let index = self.chooser.next(self.grid, board);
            let next = view.step(index);
            debug_assert!(
                next.previous.cell == NONE || next.previous.cell == cell,
                "the step after this cell"
            );
            let at = next.bucket_after(board, c);
            let bucket = view.bucket(at);
            if !O::EVENTS && view.pieces(at) & !below.1 == 0 {
                tests += u64::from(bucket[1] - bucket[0]);
                continue;
            }
            let child = self.frame(view, board, index, bucket, &mut tests);
            state.frames[usize::from(below.0)] = child;
            let dead = !O::EVENTS & (child.fits == 0) & (child.window_end() == child.end);
            if !dead {
                (depth, used, filled, fits) = (below.0, below.1, below.2, child.fits);
            }
        }
    }

    /// The next window of the frame at `depth`, once the current one has
    /// no fitting candidate left: its fits, or `None` when the bucket is
    /// done.
    #[inline(always)]
    fn next_window(
        &self,
        view: View,
        state: &mut State,
        (depth, used, filled): (u8, u64, u64),
        tests: &mut u64,
    ) -> Option<u64> {
        let frame = state.frames[usize::from(depth)];
        if frame.window_end() >= frame.end {
            return None;
        }
        let mut frame = Level {
            window: frame.window + WINDOW,
            pos: frame.window + WINDOW,
            ..frame
        };
        let board = Board {
            placed: &state.placed,
            depth,
            used,
            filled,
        };
        let step = view.step(frame.step as usize);
        *tests += self.check_window(view, &mut frame, step, board);
        state.frames[usize::from(depth)] = frame;
        Some(frame.fits)
    }

    /// Ends a search that exhausted its subtree: writes the position back.
    #[inline(always)]
    fn finished(state: &mut State, tests: u64, position: (u8, u64, u64)) -> Control {
        state.tests += tests;
        (state.depth, state.used, state.filled) = position;
        ControlFlow::Continue(())
    }

    /// One level up from `depth`: the position there, its frame's fits and
    /// the cell whose piece was taken off.
    #[inline(always)]
    fn back_up(state: &State, (depth, used, filled): (u8, u64, u64)) -> (u8, u64, u64, u64, usize) {
        let depth = depth - 1;
        let frame = &state.frames[usize::from(depth)];
        let cell = frame.cell;
        let used = used ^ 1 << state.placed[usize::from(cell)].piece;
        let filled = if C::FILLED { filled ^ 1 << cell } else { filled };
        (depth, used, filled, frame.fits, usize::from(cell))
    }

    /// A complete position (the limit reached): told to the observer, then
    /// the piece in `cell` taken off again for it.
    #[inline(always)]
    fn reach<O: Observer>(state: &mut State, observer: &mut O, below: (u8, u64, u64), cell: u8) -> Control {
        (state.depth, state.used, state.filled) = below;
        let mut flow = observer.reached(state);
        if O::EVENTS && flow.is_continue() {
            flow = observer.removed(usize::from(cell));
        }
        flow
    }

    /// Ends a search its observer (of type `O`) broke at `depth`: writes
    /// the position back and takes the candidates the scan had not reached
    /// yet (in the frames of `floor..=depth`) off the tests again.
    #[inline(always)]
    fn broken<O: Observer>(state: &mut State, floor: u8, tests: u64, (depth, used, filled): (u8, u64, u64)) -> Control {
        let unreached: u64 = state.frames[usize::from(floor)..=usize::from(depth)]
            .iter()
            .map(Level::unreached)
            .sum();
        state.tests += tests;
        state.tests -= unreached;
        (state.depth, state.used, state.filled) = (depth, used, filled);
        ControlFlow::Break(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_and_surroundings() {
        let grid = Geometry::new(3, 4);
        assert_eq!(grid.neighbours[4], [1, 5, 7, 3]);
        assert_eq!(grid.neighbours[0], [NONE, 1, 3, NONE]);
        assert_eq!(grid.around(1 << 4), (1 << 1) | (1 << 3) | (1 << 5) | (1 << 7));
        assert_eq!(grid.around(1 << 2), (1 << 1) | (1 << 5));
        let big = Geometry::new(8, 4);
        assert_eq!(big.around(1 << 63), (1 << 62) | (1 << 55));
    }

    #[test]
    fn central_cells_of_even_grids() {
        let grid = Geometry::new(4, 4);
        assert_eq!(grid.anchor, 5);
        assert_eq!(grid.others_central, (1 << 6) | (1 << 9) | (1 << 10));
        assert_eq!(grid.centre, None);
        assert_eq!(Geometry::new(5, 4).centre, Some(12));
    }
}
