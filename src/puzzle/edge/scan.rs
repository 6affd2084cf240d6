//! The row-scan search of framed puzzles and its node count, the field's
//! definition: cells are filled row by row, left to right; one **node** is
//! one piece placed with a turn that fits its placed neighbours (left and
//! top) and the frame. `nodes_per_depth[d]` counts placements in cell `d`,
//! so its last entry counts the filled boards the search met.
//!
//! The tree is cut at a shallow depth into subtrees dealt to the
//! context's threads; each subtree is searched from the cut by the same
//! walk, so node counts do not depend on the number of threads. Without
//! hints the board's rotations are removed by pinning the lowest-numbered
//! corner piece in the top-left corner (and, on a rectangle, in the
//! top-right one too, the two searches summed); `every_rotation` searches
//! the whole tree instead, as the published node counts do.

use rayon::prelude::*;
use web_time::Instant;

use super::bits::Bits;
use super::frame_first::{FillWalk, FrameFirst};
use super::tables::{Tables, bottom_of, piece_of, right_of};
use super::{EdgePuzzle, GREY, Hint, side};
use crate::context::Stats;
use crate::context::{Context, Stop};

/// A filled board: `(piece, turn)` per cell, row-major.
pub type Board = Vec<(usize, u8)>;

/// Placements between two looks at the stop.
const POLL: u32 = 1 << 16;

/// Words of the used-piece bits: room for a 32 x 32 board.
const USED_WORDS: usize = super::MAX_SIDE * super::MAX_SIDE / 64;

/// What a count found.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Counted {
    /// Filled boards, every rotation counted (exact when the search ran to
    /// its end, a lower bound otherwise).
    pub arrangements: u128,
    /// Boards modulo the rotations in [`EdgePuzzle::symmetries`].
    pub solutions: u128,
    /// The rotations identified: 4, 2 or 1.
    pub symmetries: u64,
    /// Whether the search covered every rotation (no corner was pinned).
    pub every_rotation: bool,
    /// Whether the cells were filled frame first (else row by row).
    pub frame_first: bool,
    /// Nodes, time and whether the search was stopped.
    pub stats: Stats,
    /// The boards listed, in search order, up to the limit asked.
    pub boards: Vec<Board>,
}

impl EdgePuzzle {
    /// Counts the filled boards on the context's threads, listing
    /// the first `list` of them in the search's order.
    pub fn count(&self, every_rotation: bool, list: usize, context: &Context) -> Counted {
        search(self, every_rotation, Goal::Count(list), None, context)
    }

    /// Counts the filled boards in the frame-first order (the rim
    /// clockwise from the top-left corner, then the inside row by row), on
    /// the context's threads, listing the first `list` of them in search
    /// order: the same boards as [`EdgePuzzle::count`], another node count
    /// (docs/edge-matching.md).
    pub fn count_frame_first(&self, every_rotation: bool, list: usize, context: &Context) -> Counted {
        search(self, every_rotation, Goal::FrameFirst(list), None, context)
    }

    /// Searches for the first filled board (on one thread).
    pub fn first(&self, context: &Context) -> Counted {
        search(self, false, Goal::First, None, context)
    }
}

/// Which subtrees a search takes: all, or shard `index` of `count` (from
/// 0) of a cut that depends on `count` alone, with the ledger of a
/// checkpointed shard.
#[derive(Clone, Copy)]
pub(super) struct Deal<'l> {
    pub(super) index: usize,
    pub(super) count: usize,
    pub(super) ledger: Option<&'l dyn Ledger>,
}

/// What a checkpointed shard keeps of its subtrees (numbered from 0 within
/// the shard, per run of a pinned search): which were counted before, and
/// each one counted to its end now.
pub(super) trait Ledger: Sync {
    /// Whether subtree `k` of run `run` was counted before: it is skipped.
    fn counted(&self, run: usize, k: usize) -> bool;
    /// Subtree `k` of run `run` ran to its end and gave `part`.
    fn record(&self, run: usize, k: usize, part: &Part);
}

/// Subtrees of the cut per shard: enough that shards of one search take
/// about the same work.
const SUBTREES_PER_SHARD: usize = 256;

#[derive(Clone, Copy)]
pub(super) enum Goal {
    /// Count all, list this many.
    Count(usize),
    /// Stop at the first.
    First,
    /// Count all in frame-first order, list this many.
    FrameFirst(usize),
}

impl Goal {
    fn list(self) -> usize {
        match self {
            Goal::Count(n) | Goal::FrameFirst(n) => n,
            Goal::First => 1,
        }
    }
}

pub(super) fn search(
    puzzle: &EdgePuzzle,
    every_rotation: bool,
    goal: Goal,
    deal: Option<Deal>,
    context: &Context,
) -> Counted {
    let started = Instant::now();
    let pins = if every_rotation { None } else { corner_pins(puzzle) };
    let symmetries = puzzle.symmetries();
    let runs: Vec<EdgePuzzle> = match &pins {
        Some(pins) => pins.iter().map(|&pin| pinned(puzzle, pin)).collect(),
        None => vec![puzzle.clone()],
    };
    let mut counted = Counted {
        symmetries,
        every_rotation: pins.is_none(),
        frame_first: matches!(goal, Goal::FrameFirst(_)),
        stats: Stats::new(puzzle.pieces.len()),
        ..Counted::default()
    };
    for (k, run) in runs.iter().enumerate() {
        let part = run_one(run, goal, deal.map(|d| (k, d)), context);
        counted.arrangements += part.arrangements;
        counted.stats.add(&part.stats);
        counted.stats.stopped |= part.stats.stopped;
        counted.boards.extend(part.boards);
        if counted.stats.stopped || (matches!(goal, Goal::First) && counted.arrangements > 0) {
            break;
        }
    }
    counted.boards.truncate(goal.list());
    // A pinned search finds one board of each class of rotations.
    let (classes, all) = match pins {
        Some(_) => (counted.arrangements, counted.arrangements * u128::from(symmetries)),
        None => (counted.arrangements / u128::from(symmetries), counted.arrangements),
    };
    if !matches!(goal, Goal::First) {
        counted.solutions = classes;
        counted.arrangements = all;
    } else {
        counted.solutions = counted.arrangements.min(1);
    }
    counted.stats.elapsed = started.elapsed();
    counted
}

/// The pins that keep one board of each rotation class: the
/// lowest-numbered corner piece in the top-left corner (and the top-right
/// one on a rectangle). None with hints, or when grey also lies inside
/// (corner pieces are then not told by their greys).
pub(crate) fn corner_pins(puzzle: &EdgePuzzle) -> Option<Vec<Hint>> {
    if !puzzle.hints.is_empty() || !puzzle.grey_only_on_rim() {
        return None;
    }
    let w = puzzle.width;
    let corner = puzzle
        .pieces
        .iter()
        .position(|p| p.iter().filter(|&&c| c == GREY).count() == 2)?;
    let cells: &[usize] = if w == puzzle.height { &[0] } else { &[0, w - 1] };
    cells
        .iter()
        .map(|&cell| {
            let turn = (0..4u8).find(|&t| puzzle.fits_frame(cell, puzzle.pieces[corner], t.into()))?;
            Some(Hint {
                cell,
                piece: corner,
                turn,
            })
        })
        .collect()
}

pub(super) fn pinned(puzzle: &EdgePuzzle, pin: Hint) -> EdgePuzzle {
    let mut pinned = puzzle.clone();
    pinned.hints.push(pin);
    pinned
}

/// One search of one puzzle, in the goal's order.
fn run_one(puzzle: &EdgePuzzle, goal: Goal, deal: Option<(usize, Deal)>, context: &Context) -> Counted {
    if let Goal::FrameFirst(_) = goal {
        return split(&FrameFirst::new(puzzle), goal, deal, context);
    }
    let tables = Tables::new(puzzle);
    // Counting (with at most the first board kept) takes the fast path
    // where it applies.
    let fast = match goal {
        Goal::Count(0 | 1) => Bits::new(puzzle, &tables),
        _ => None,
    };
    let tree = RowScan {
        puzzle,
        tables: &tables,
        fast,
    };
    split(&tree, goal, deal, context)
}

/// A search tree cut into subtrees: the row-scan's or the frame-first's.
/// A prefix is what fills the cells above the cut, in the tree's order.
trait Tree: Sync {
    /// What one thread's walk keeps between subtrees.
    type Walk: Send;
    /// A fresh walk, listing `list` boards.
    fn walk(&self, list: usize) -> Self::Walk;
    /// The prefixes that reach `depth`, `walk` counting the nodes above.
    fn prefixes(&self, walk: &mut Self::Walk, depth: usize, stop: &Stop) -> Vec<Vec<u32>>;
    /// What `walk`'s last walk counted: nodes per depth, tests, and
    /// whether the stop came.
    fn counted(&self, walk: &Self::Walk) -> (Vec<u64>, u64, bool);
    /// The cells of the board.
    fn cells(&self) -> usize;
    /// The subtree under `prefix`, listing at most `goal`'s boards.
    fn subtree(&self, walk: &mut Self::Walk, prefix: &[u32], goal: Goal, stop: &Stop) -> Part;
    /// The board of a prefix that fills every cell.
    fn board(&self, prefix: &[u32]) -> Board;
}

/// Where a tree was cut: the depth, the prefixes there, and what the
/// walk above them counted.
struct Cut {
    depth: usize,
    prefixes: Vec<Vec<u32>>,
    nodes: Vec<u64>,
    tests: u64,
    stopped: bool,
}

/// The row-scan tree: the candidate tables and the fast path.
struct RowScan<'t> {
    puzzle: &'t EdgePuzzle,
    tables: &'t Tables,
    fast: Option<Bits>,
}

impl<'t> Tree for RowScan<'t> {
    type Walk = Walk<'t>;

    fn walk(&self, _list: usize) -> Walk<'t> {
        Walk::new(self.puzzle, self.tables)
    }

    fn prefixes(&self, walk: &mut Walk<'t>, depth: usize, stop: &Stop) -> Vec<Vec<u32>> {
        walk.reset();
        let mut prefixes = vec![];
        walk.run(0, depth, stop, &mut |chosen| {
            prefixes.push(chosen.to_vec());
            true
        });
        prefixes
    }

    fn counted(&self, walk: &Walk<'t>) -> (Vec<u64>, u64, bool) {
        (walk.nodes.clone(), walk.tests, walk.stopped)
    }

    fn cells(&self) -> usize {
        self.puzzle.pieces.len()
    }

    fn subtree(&self, walk: &mut Walk<'t>, prefix: &[u32], goal: Goal, stop: &Stop) -> Part {
        subtree(walk, self.fast.as_ref(), self.tables, prefix, goal, stop)
    }

    fn board(&self, prefix: &[u32]) -> Board {
        Walk::new(self.puzzle, self.tables).board(prefix)
    }
}

impl Tree for FrameFirst<'_> {
    type Walk = FillWalk;

    fn walk(&self, list: usize) -> FillWalk {
        FrameFirst::walk(self, list)
    }

    fn prefixes(&self, walk: &mut FillWalk, depth: usize, stop: &Stop) -> Vec<Vec<u32>> {
        FrameFirst::prefixes(self, walk, depth, stop)
    }

    fn counted(&self, walk: &FillWalk) -> (Vec<u64>, u64, bool) {
        walk.counted()
    }

    fn cells(&self) -> usize {
        FrameFirst::cells(self)
    }

    fn subtree(&self, walk: &mut FillWalk, prefix: &[u32], _goal: Goal, stop: &Stop) -> Part {
        FrameFirst::subtree(self, walk, prefix, stop)
    }

    fn board(&self, prefix: &[u32]) -> Board {
        FrameFirst::board(self, prefix)
    }
}

/// Cuts `tree`, deals its subtrees (all, or a shard's) to the context's
/// threads and adds them up. A shard counts its own subtrees (index modulo
/// the shards); the nodes above the cut are the first shard's.
fn split<T: Tree>(tree: &T, goal: Goal, deal: Option<(usize, Deal)>, context: &Context) -> Counted {
    let stop = context.stop();
    // Parts come back in prefix order, each with its own first boards, so
    // a count lists the same boards on any number of threads; only the
    // search for a first board stops at it, on one thread.
    let serial = matches!(goal, Goal::First) || context.threads() == 1;
    // Cut the tree where it has enough subtrees to deal.
    let want = match deal {
        Some((_, deal)) => SUBTREES_PER_SHARD * deal.count,
        None if serial => 64,
        None => 64 * context.threads(),
    };
    let mut walk = tree.walk(goal.list());
    let Cut {
        depth,
        mut prefixes,
        nodes,
        tests,
        stopped,
    } = cut(tree, &mut walk, want, stop);
    let cells = nodes.len();
    let mut counted = Counted {
        stats: Stats::new(cells),
        ..Counted::default()
    };
    counted.stats.stopped = stopped;
    if stopped {
        return counted;
    }
    if deal.is_none_or(|(_, deal)| deal.index == 0) {
        counted.stats.nodes_per_depth = nodes;
        counted.stats.candidate_tests = tests;
    }
    if let Some((_, deal)) = deal {
        let mut k = 0;
        prefixes.retain(|_| {
            k += 1;
            (k - 1) % deal.count == deal.index
        });
    }
    if depth == cells {
        // The whole tree fitted above the cut: the prefixes are boards.
        counted.arrangements = prefixes.len() as u128;
        counted.boards = prefixes.iter().take(goal.list()).map(|p| tree.board(p)).collect();
        return counted;
    }
    let progress = context.progress();
    progress.start(prefixes.len() as u64);
    let ledger = deal.and_then(|(run, deal)| deal.ledger.map(|ledger| (run, ledger)));
    let subtree = |walk: &mut T::Walk, (k, prefix): (usize, &Vec<u32>)| {
        if ledger.is_some_and(|(run, ledger)| ledger.counted(run, k)) {
            progress.advance(1);
            return Part::empty(cells);
        }
        let part = tree.subtree(walk, prefix, goal, stop);
        if let Some((run, ledger)) = ledger.filter(|_| !part.stopped) {
            ledger.record(run, k, &part);
        }
        progress.advance(1);
        part
    };
    let parts: Vec<Part> = if serial {
        let mut parts = vec![];
        for prefix in prefixes.iter().enumerate() {
            let part = subtree(&mut walk, prefix);
            let done = part.stopped || (matches!(goal, Goal::First) && part.found > 0);
            parts.push(part);
            if done {
                break;
            }
        }
        parts
    } else {
        let run = || {
            prefixes
                .par_iter()
                .enumerate()
                .map_init(|| tree.walk(goal.list()), subtree)
                .collect()
        };
        context
            .install(run)
            .unwrap_or_else(|_| prefixes.iter().enumerate().map(|p| subtree(&mut walk, p)).collect())
    };
    for part in parts {
        counted.arrangements += u128::from(part.found);
        for (total, n) in counted.stats.nodes_per_depth.iter_mut().zip(&part.nodes) {
            *total += n;
        }
        counted.stats.candidate_tests += part.tests;
        counted.stats.stopped |= part.stopped;
        if counted.boards.len() < goal.list() {
            counted.boards.extend(part.boards);
        }
    }
    counted
}

/// A fast path's subtree as the list walk reports it.
fn from_bits(walk: &Walk, prefix: &[u32], found: super::bits::Found) -> Part {
    Part {
        found: found.found,
        nodes: found.nodes,
        tests: found.tests,
        stopped: found.stopped,
        boards: found
            .first
            .map(|rest| [walk.board(prefix), rest].concat())
            .into_iter()
            .collect(),
    }
}

/// The shallowest cut of `tree` with at least `want` prefixes (or the
/// whole tree when it has fewer), with the prefixes, the nodes and tests
/// above the cut, and whether the stop came first.
fn cut<T: Tree>(tree: &T, walk: &mut T::Walk, want: usize, stop: &Stop) -> Cut {
    let cells = tree.cells();
    let mut depth = 1.min(cells);
    loop {
        let prefixes = tree.prefixes(walk, depth, stop);
        let (nodes, tests, stopped) = tree.counted(walk);
        if stopped || prefixes.len() >= want || depth == cells || prefixes.is_empty() {
            return Cut {
                depth,
                prefixes,
                nodes,
                tests,
                stopped,
            };
        }
        depth += 1;
    }
}

/// What one subtree gave.
pub(super) struct Part {
    pub(super) found: u64,
    pub(super) nodes: Vec<u64>,
    pub(super) tests: u64,
    pub(super) stopped: bool,
    pub(super) boards: Vec<Board>,
}

impl Part {
    /// Nothing: a subtree counted before.
    fn empty(cells: usize) -> Part {
        Part {
            found: 0,
            nodes: vec![0; cells],
            tests: 0,
            stopped: false,
            boards: vec![],
        }
    }
}

/// Counts the subtree under `prefix`: by the fast path `fast` when there
/// is one, else by the list walk (listing at most `goal`'s boards).
pub(super) fn subtree(
    walk: &mut Walk,
    fast: Option<&Bits>,
    tables: &Tables,
    prefix: &[u32],
    goal: Goal,
    stop: &Stop,
) -> Part {
    match fast {
        Some(bits) => from_bits(walk, prefix, super::bits::subtree(bits, tables, prefix, stop)),
        None => walk.subtree(prefix, goal, stop),
    }
}

/// The search state: what lies in each cell and which pieces are used.
pub(super) struct Walk<'t> {
    tables: &'t Tables,
    cells: usize,
    used: [u64; USED_WORDS],
    /// The right and bottom colours of each cell's piece; the extra slot
    /// (index `cells`) is grey, the rim's colour.
    right: Vec<u8>,
    bottom: Vec<u8>,
    /// Where each cell reads its left and top colours.
    left_of: Vec<usize>,
    top_of: Vec<usize>,
    cursor: Vec<u32>,
    end: Vec<u32>,
    chosen: Vec<u32>,
    nodes: Vec<u64>,
    tests: u64,
    stopped: bool,
    poll: u32,
}

impl<'t> Walk<'t> {
    pub(super) fn new(puzzle: &EdgePuzzle, tables: &'t Tables) -> Self {
        let (width, cells) = (puzzle.width, puzzle.pieces.len());
        Walk {
            tables,
            cells,
            used: [0; USED_WORDS],
            right: vec![GREY; cells + 1],
            bottom: vec![GREY; cells + 1],
            left_of: (0..cells)
                .map(|i| if i.is_multiple_of(width) { cells } else { i - 1 })
                .collect(),
            top_of: (0..cells).map(|i| if i < width { cells } else { i - width }).collect(),
            cursor: vec![0; cells],
            end: vec![0; cells],
            chosen: vec![0; cells],
            nodes: vec![0; cells],
            tests: 0,
            stopped: false,
            poll: POLL,
        }
    }

    pub(super) fn reset(&mut self) {
        self.used = [0; USED_WORDS];
        self.nodes.fill(0);
        self.tests = 0;
        self.stopped = false;
    }

    /// Sets the first cells to `prefix` (entries), as a search would have.
    fn place_prefix(&mut self, prefix: &[u32]) {
        self.used = [0; USED_WORDS];
        for (cell, &e) in prefix.iter().enumerate() {
            let entry = self.tables.entries[e as usize];
            let piece = piece_of(entry);
            self.used[piece >> 6] |= 1 << (piece & 63);
            self.right[cell] = right_of(entry);
            self.bottom[cell] = bottom_of(entry);
            self.chosen[cell] = e;
        }
    }

    /// The board of a full list of chosen entries.
    fn board(&self, chosen: &[u32]) -> Board {
        chosen
            .iter()
            .map(|&e| (piece_of(self.tables.entries[e as usize]), self.tables.turns[e as usize]))
            .collect()
    }

    /// Searches the subtree under `prefix` to the last cell.
    fn subtree(&mut self, prefix: &[u32], goal: Goal, stop: &Stop) -> Part {
        self.reset();
        self.stopped = stop.reached();
        if self.stopped {
            return Part {
                found: 0,
                nodes: self.nodes.clone(),
                tests: 0,
                stopped: true,
                boards: vec![],
            };
        }
        self.place_prefix(prefix);
        let (list, first) = (goal.list(), matches!(goal, Goal::First));
        let mut found = 0u64;
        let mut boards = vec![];
        let tables = self.tables;
        let cells = self.cells;
        self.run(prefix.len(), cells, stop, &mut |chosen| {
            found += 1;
            if boards.len() < list {
                boards.push(
                    chosen
                        .iter()
                        .map(|&e| (piece_of(tables.entries[e as usize]), tables.turns[e as usize]))
                        .collect(),
                );
            }
            !first
        });
        Part {
            found,
            nodes: self.nodes.clone(),
            tests: self.tests,
            stopped: self.stopped,
            boards,
        }
    }

    /// The placements made by the last walk, per depth.
    pub(super) fn nodes(&self) -> &[u64] {
        &self.nodes
    }

    /// The cells of the board.
    pub(super) fn cells(&self) -> usize {
        self.cells
    }

    /// Fills cells `root..cut` in every way, calling `reached` with the
    /// chosen entries of cells `0..cut` each time the cut is reached; stops
    /// when it returns false or the stop is reached (`stopped`).
    ///
    /// The loop keeps everything it touches in locals (slices, the used
    /// set as bits), which is what makes it fast.
    #[inline(never)]
    pub(super) fn run(&mut self, root: usize, cut: usize, stop: &Stop, reached: &mut dyn FnMut(&[u32]) -> bool) {
        if root >= cut {
            return;
        }
        let tables = self.tables;
        let (entries, ranges, base, shift) = (&tables.entries[..], &tables.ranges[..], &tables.base[..], tables.shift);
        let Walk {
            ref mut used,
            ref mut right,
            ref mut bottom,
            ref left_of,
            ref top_of,
            ref mut cursor,
            ref mut end,
            ref mut chosen,
            ref mut nodes,
            ref mut tests,
            ref mut stopped,
            ref mut poll,
            ..
        } = *self;
        let open = |i: usize, right: &[u8], bottom: &[u8]| {
            let key = base[i] as usize + ((usize::from(right[left_of[i]]) << shift) | usize::from(bottom[top_of[i]]));
            ranges[key]
        };
        let mut i = root;
        (cursor[i], end[i]) = open(i, right, bottom);
        *tests += u64::from(end[i] - cursor[i]);
        'cell: loop {
            let (mut at, stop_at) = (cursor[i], end[i]);
            while at < stop_at {
                let entry = entries[at as usize];
                at += 1;
                let piece = piece_of(entry);
                let (word, bit) = ((piece >> 6) & (USED_WORDS - 1), 1u64 << (piece & 63));
                if used[word] & bit != 0 {
                    continue;
                }
                nodes[i] += 1;
                chosen[i] = at - 1;
                if i + 1 == cut {
                    if !reached(&chosen[..cut]) {
                        cursor[i] = at;
                        return;
                    }
                    continue;
                }
                cursor[i] = at;
                used[word] |= bit;
                right[i] = right_of(entry);
                bottom[i] = bottom_of(entry);
                *poll -= 1;
                if *poll == 0 {
                    *poll = POLL;
                    if stop.reached() {
                        *stopped = true;
                        return;
                    }
                }
                i += 1;
                (cursor[i], end[i]) = open(i, right, bottom);
                *tests += u64::from(end[i] - cursor[i]);
                continue 'cell;
            }
            if i == root {
                return;
            }
            i -= 1;
            let piece = piece_of(entries[chosen[i] as usize]);
            used[(piece >> 6) & (USED_WORDS - 1)] &= !(1u64 << (piece & 63));
        }
    }
}

impl EdgePuzzle {
    /// Whether `board` fills the puzzle: every piece once, every hint kept, the
    /// frame met and every touching pair of sides equal.
    pub fn is_solution(&self, board: &[(usize, u8)]) -> bool {
        let puzzle = self;
        let cells = puzzle.pieces.len();
        let mut seen = vec![false; cells];
        if board.len() != cells
            || board
                .iter()
                .any(|&(p, t)| p >= cells || t > 3 || std::mem::replace(&mut seen[p], true))
        {
            return false;
        }
        let at = |cell: usize, d: usize| side(puzzle.pieces[board[cell].0], board[cell].1.into(), d);
        let w = puzzle.width;
        puzzle.hints.iter().all(|h| board[h.cell] == (h.piece, h.turn))
            && (0..cells).all(|c| puzzle.fits_frame(c, puzzle.pieces[board[c].0], board[c].1.into()))
            && (0..cells)
                .all(|c| (c % w + 1 == w || at(c, 1) == at(c + 1, 3)) && (c + w >= cells || at(c, 2) == at(c + w, 0)))
    }
}
