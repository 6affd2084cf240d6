//! The fast path of the row-scan count: the same tree, node for node, with
//! each cell's candidates as a bit set of pieces instead of a list. Pieces
//! are numbered within their kind (corner, edge and inner pieces when grey
//! lies only on the rim; all pieces otherwise), so each kind's used pieces
//! fit one `u64`, and the candidates still free under a key are
//! `mask & !used`: the search never looks at a used piece.
//!
//! A piece that fits one key in several turns (`4 5 5 5` shows left 5 and
//! top 5 turned once or twice) has its later turns in *layers* 1 to 3 of
//! the key.
//!
//! The search is depth first over a stack of candidates. Trying a cell's
//! candidates reads, for each, its next cell's key and the pieces still
//! free there; every candidate counts as a node, and only those whose
//! next cell has a free candidate go on the stack. A dead end is thus
//! counted without a branch that depends on it, and a candidate taken off
//! the stack brings its next cell's candidates with it. Per cell, the used
//! pieces of its kind once it is placed are kept apart, so that taking a
//! candidate off the stack undoes every deeper cell at once. The first
//! two candidates of a cell are tried without a branch on how many there
//! are, and the later turns of a piece after every first turn, so that
//! most cells take no branch the processor mispredicts.
//!
//! Two such searches (*lanes*) run in turn over one subtree, each with its
//! own path and stack, so that the processor overlaps the memory reads of
//! the one with the other's; an idle lane takes the shallowest candidate
//! the other has stacked. The lanes meet the boards in no fixed order, so
//! the first board kept is the least in the list walk's order (piece, then
//! turn, cell by cell) of all met.
//!
//! It applies when every kind has at most 64 pieces; otherwise the list
//! walk of `scan` counts. Its judge is that walk: the tests compare both,
//! node for node, on generated puzzles.

use super::tables::{Tables, bottom_of, piece_of, right_of};
use super::{EdgePuzzle, GREY};
use crate::context::Stop;

/// The bit sets of every cell's keys.
pub(crate) struct Bits {
    shift: u32,
    /// Per cell: the index of its list set's first key.
    base: Vec<u32>,
    /// One table, so that the search holds one address for all it reads:
    /// per (list set, left, top) its candidates as two words ([`TABLE`]
    /// keys, read by [`key`]); then the entries of `Tables`, one slot per
    /// piece bit of each key's layer (a piece's entry at the layer's
    /// offset plus its bit), packed for the search as an [`Item`]'s word
    /// less its cell and the next cell's key base ([`packed`]; [`ENTRIES`]
    /// slots, read by [`entry`]); then layers 1 to 3 of the keys that
    /// have them, two words each (read by [`layer`]).
    table: Box<[u64; WORDS]>,
    /// The most entries under one key, every layer counted.
    widest: usize,
    turns: Vec<u8>,
    /// Per cell: the kind of piece it holds.
    kind_of_cell: Vec<u8>,
    /// Per piece: its kind and its bit within the kind.
    kind_of_piece: Vec<u8>,
    bit_of_piece: Vec<u8>,
}

/// The candidates under one key.
#[derive(Clone, Copy)]
struct Key {
    /// The candidate pieces of the first layer (bits of their kind).
    mask: u64,
    /// Where the first layer's entries start among the entries.
    offset: u32,
    /// The index of the key's layers 1 to 3 (0: none), read by [`layer`].
    extra: u16,
    /// The entries under the key, every layer counted: the list walk's
    /// candidate tests.
    tests: u16,
}

impl Bits {
    /// The bit sets of `tables`, or None when the fast path does not apply.
    pub(crate) fn new(puzzle: &EdgePuzzle, tables: &Tables) -> Option<Bits> {
        if puzzle.pieces.len() >= SLOTS || puzzle.width < 2 {
            return None;
        }
        let strict = puzzle.grey_only_on_rim();
        let greys = |p: &[u8; 4]| p.iter().filter(|&&c| c == GREY).count() as u8;
        let kind_of_piece: Vec<u8> = puzzle
            .pieces
            .iter()
            .map(|p| if strict { greys(p) } else { 0 })
            .collect();
        let mut counts = [0u8; 3];
        let mut bit_of_piece = vec![];
        for &kind in &kind_of_piece {
            if counts[usize::from(kind)] == 64 {
                return None;
            }
            bit_of_piece.push(counts[usize::from(kind)]);
            counts[usize::from(kind)] += 1;
        }
        let kind_of_cell = (0..puzzle.pieces.len())
            .map(|c| {
                if strict {
                    (0..4).filter(|&d| puzzle.on_rim(c, d)).count() as u8
                } else {
                    0
                }
            })
            .collect();
        let mut keys = Vec::with_capacity(tables.ranges.len());
        // Layers 1 to 3 of the keys that have them (index 0: no layer).
        let mut extras = vec![[(0, 0); 3]];
        let mut entries = vec![];
        let mut bits = Bits {
            shift: tables.shift,
            base: tables.base.clone(),
            table: vec![0; WORDS].into_boxed_slice().try_into().ok()?,
            widest: 0,
            turns: vec![],
            kind_of_cell,
            kind_of_piece,
            bit_of_piece,
        };
        for &(start, end) in &tables.ranges {
            // Layer l holds the (l+1)-th turn of each piece under the key.
            let mut layers = [(0u64, 0u32); 4];
            let mut lists: [Vec<usize>; 4] = Default::default();
            for e in start as usize..end as usize {
                let bit = 1u64 << bits.bit_of_piece[piece_of(tables.entries[e])];
                let layer = (0..4).find(|&l| layers[l].0 & bit == 0)?;
                if layers[layer].0 >= bit {
                    return None;
                }
                layers[layer].0 |= bit;
                lists[layer].push(e);
            }
            for (layer, list) in layers.iter_mut().zip(&lists) {
                // A slot per bit up to the layer's highest: the search
                // reads a piece's entry at `offset + bit`.
                layer.1 = entries.len() as u32;
                let slots = 64 - layer.0.leading_zeros() as usize;
                entries.resize(entries.len() + slots, 0);
                bits.turns.resize(entries.len(), 0);
                for &e in list {
                    let bit = bits.bit_of_piece[piece_of(tables.entries[e])];
                    let at = layer.1 as usize + usize::from(bit);
                    entries[at] = packed(tables.entries[e], bits.shift, at as u64, bit);
                    bits.turns[at] = tables.turns[e];
                }
            }
            let extra = if layers[1].0 == 0 {
                0
            } else {
                extras.push([layers[1], layers[2], layers[3]]);
                extras.len() as u32 - 1
            };
            bits.widest = bits.widest.max((end - start) as usize);
            keys.push(Key {
                mask: layers[0].0,
                offset: layers[0].1,
                extra: u16::try_from(extra).ok()?,
                tests: (end - start) as u16,
            });
        }
        if keys.len() > TABLE || entries.len() > ENTRIES {
            return None;
        }
        for (i, k) in keys.iter().enumerate() {
            bits.table[2 * i] = k.mask;
            bits.table[2 * i + 1] = u64::from(k.offset) | u64::from(k.extra) << 32 | u64::from(k.tests) << 48;
        }
        bits.table[2 * TABLE..2 * TABLE + entries.len()].copy_from_slice(&entries);
        for (i, layers) in extras.iter().enumerate() {
            for (l, &(mask, offset)) in layers.iter().enumerate() {
                bits.table[LAYERS_AT + 6 * i + 2 * l] = mask;
                bits.table[LAYERS_AT + 6 * i + 2 * l + 1] = u64::from(offset);
            }
        }
        Some(bits)
    }
}

impl Bits {
    /// Whether some piece fits one key in two turns or more.
    #[cfg(test)]
    pub(crate) fn layered(&self) -> bool {
        layer(self, 1, 0).0 != 0
    }
}

/// The most keys the fast path holds: an index below it fits a `u16`, so
/// the search reads its keys without a bounds check.
const TABLE: usize = 1 << 16;

/// The most entry slots the fast path holds, a power of two: the search
/// reads them at an index `& (ENTRIES - 1)`, without a bounds check.
const ENTRIES: usize = 1 << AT;

/// Where the layers start in [`Bits`]' table: two words per key, then
/// the entries, then two words per layer, three layers per key at most.
const LAYERS_AT: usize = 2 * TABLE + ENTRIES;
const WORDS: usize = LAYERS_AT + 6 * TABLE;

/// What one subtree gave.
pub(crate) struct Found {
    pub found: u64,
    pub nodes: Vec<u64>,
    pub tests: u64,
    pub stopped: bool,
    /// The first board of the subtree, `(piece, turn)` per cell after the
    /// prefix.
    pub first: Option<Vec<(usize, u8)>>,
}

/// The most cells the fast path searches, a power of two: the search's
/// arrays have this many slots and are indexed `& (SLOTS - 1)`, so that no
/// index is checked in the loop. Kinds of at most 64 pieces hold at most
/// 4 + 64 + 64 cells.
const SLOTS: usize = 256;

/// Where one cell reads its key: its list set, the slot of `bottom` above
/// it (`cells`: grey), and its kind.
#[derive(Clone, Copy, Default)]
struct CellKey {
    base: u32,
    top: u32,
    kind: u8,
}

/// What the search reads at one cell, fixed by the board's shape and the
/// root: whether the next cell is of the same kind (all ones), the next
/// cell's key base and the slot of `bottom` above it, and the slots of
/// `used` that hold the used pieces of this cell's kind and of the next
/// cell's kind before this cell.
#[derive(Clone, Copy, Default)]
struct Step {
    same: u64,
    base: u32,
    own: u16,
    prior: u16,
    top: u8,
}

/// One candidate waiting on the search's stack: what it leaves the next
/// cell, read when the piece was tried (the free candidates of that cell's
/// key's first layer), and a word that packs the rest: the entry `at`
/// ([`AT`] bits), the next cell's key, the cell, the bottom colour the
/// piece shows, its bit within its kind and the piece (from the bit of
/// each `*_AT`). A word is its entry ([`entry`]) plus the key's base and
/// the cell, so that trying a candidate adds once to build it.
#[derive(Clone, Copy, Default)]
struct Item {
    free: u64,
    word: u64,
}

/// The bits of an [`Item`]'s entry index, the log2 of [`ENTRIES`].
const AT: u32 = 18;
/// Where an [`Item`]'s fields start in its word (16, 8, 8, 6 and 8 bits).
const KEY_AT: u32 = AT;
const CELL_AT: u32 = KEY_AT + 16;
const BOTTOM_AT: u32 = CELL_AT + 8;
const BIT_AT: u32 = BOTTOM_AT + 8;
const PIECE_AT: u32 = BIT_AT + 8;

/// The most candidates one cell stacks: 64 pieces in 4 turns.
const WIDE: usize = 256;

/// The key at index `at` of `bits`, below [`TABLE`] (the cast keeps it
/// whole).
#[inline(always)]
fn key(bits: &Bits, at: u32) -> Key {
    let i = 2 * usize::from(at as u16);
    let word = bits.table[i + 1];
    Key {
        mask: bits.table[i],
        offset: word as u32,
        extra: (word >> 32) as u16,
        tests: (word >> 48) as u16,
    }
}

/// Layer `l` + 1 of the keys whose layers are `extra`: its first layer's
/// mask and where its entries start.
#[inline(always)]
fn layer(bits: &Bits, extra: u16, l: usize) -> (u64, u32) {
    let i = LAYERS_AT + 6 * usize::from(extra) + 2 * (l % 3);
    (bits.table[i], bits.table[i + 1] as u32)
}

/// The entry at slot `at` of `bits` (the slot masked below [`ENTRIES`]).
#[inline(always)]
fn entry(bits: &Bits, at: u32) -> u64 {
    bits.table[2 * TABLE + (at as usize & (ENTRIES - 1))]
}

/// What every lane of a subtree's search reads: the bit sets, the board's
/// shape from the root, and the root.
struct Walk<'b> {
    bits: &'b Bits,
    steps: [Step; SLOTS],
    cells: usize,
    root: usize,
}

/// One depth-first walk over part of a subtree: its path (per cell from
/// the root, the used pieces of its kind once it is placed, at `SLOTS +
/// kind` those the prefix uses; the bottom colours; the entries chosen),
/// its stack of candidates (`floor..sp`) and what it counted.
#[derive(Clone)]
struct Lane {
    used: [u64; 2 * SLOTS],
    bottom: [u8; SLOTS],
    chosen: [u32; SLOTS],
    nodes: [u64; SLOTS],
    stack: Vec<Item>,
    floor: usize,
    sp: usize,
    tests: u64,
    found: u64,
    /// The entries of the least board the lane met in the list walk's
    /// order, from the root.
    first: Option<Vec<u32>>,
}

const fn slot(i: usize) -> usize {
    i & (SLOTS - 1)
}

impl Lane {
    /// Tries every candidate of cell `c` (first layer `free` from
    /// `offset`, layers `extra`): counts them, and stacks those whose next
    /// cell has a free candidate above `sp`; returns the top after.
    #[inline(always)]
    fn expand(&mut self, walk: &Walk, sp: usize, c: usize, offset: u32, extra: u16, free: u64) -> usize {
        let bits = walk.bits;
        if c + 1 == walk.cells {
            let count = tried(bits, extra, free);
            self.nodes[slot(c)] += count;
            self.found += count;
            if free != 0 {
                self.chosen[slot(c)] = offset + free.trailing_zeros();
                self.keep(walk);
            }
            return sp;
        }
        let step = walk.steps[slot(c)];
        let ahead = step.base + u32::from(self.bottom[usize::from(step.top)]);
        let taken = self.used[usize::from(step.prior) & (2 * SLOTS - 1)];
        let base = u64::from(ahead) << KEY_AT | (c as u64) << CELL_AT;
        let window = self.stack[sp..].first_chunk_mut::<WIDE>().expect("room for a window");
        let mut n = 0;
        let mut tests = 0;
        let mut push = |bit: u64, at: u32, real: u64| {
            let word = entry(bits, at) + base;
            let next = key(bits, (word >> KEY_AT) as u32);
            tests += u64::from(next.tests) & real;
            let open = next.mask & !(taken | (bit & step.same)) & real;
            window[n & (WIDE - 1)] = Item { free: open, word };
            n += usize::from(open != 0);
        };
        self.nodes[slot(c)] += u64::from(free.count_ones());
        let mut rest = free;
        if rest != 0 {
            // The first two candidates without a branch on how many there
            // are: with one, the second is slot 0, counted as nothing.
            let high = 63 - rest.leading_zeros();
            push(1 << high, offset + high, !0);
            rest ^= 1 << high;
            let real = 0u64.wrapping_sub(u64::from(rest != 0));
            let high = 63 - (rest | 1).leading_zeros();
            push(1 << high, offset + high, real);
            rest &= !(1 << high);
        }
        while rest != 0 {
            let high = 63 - rest.leading_zeros();
            push(1 << high, offset + high, !0);
            rest ^= 1 << high;
        }
        // Every key has layers (index 0: empty ones), so that no branch
        // asks whether it has; a piece in a layer is in the layers before,
        // so one test finds whether a free piece has a later turn. Those
        // turns go on the stack after (above) the first turns: the stack
        // is then not in the list walk's order.
        if layer(bits, extra, 0).0 & free != 0 {
            for (mask, offset) in (0..3).map(|l| layer(bits, extra, l)) {
                let mut rest = mask & free;
                self.nodes[slot(c)] += u64::from(rest.count_ones());
                while rest != 0 {
                    let high = 63 - rest.leading_zeros();
                    push(1 << high, offset + high, !0);
                    rest ^= 1 << high;
                }
            }
        }
        self.tests += tests;
        sp + n
    }

    /// Places the candidate on top of the stack (below `sp`) and tries its
    /// next cell's; returns the top after.
    #[inline(always)]
    fn pop(&mut self, walk: &Walk, sp: usize) -> usize {
        let sp = sp - 1;
        let Item { free, word } = self.stack[sp];
        let c = usize::from((word >> CELL_AT) as u8);
        self.chosen[slot(c)] = word as u32 & (ENTRIES as u32 - 1);
        self.bottom[slot(c)] = (word >> BOTTOM_AT) as u8;
        self.used[slot(c)] =
            self.used[usize::from(walk.steps[slot(c)].own) & (2 * SLOTS - 1)] | 1 << (word >> BIT_AT & 63);
        let next = key(walk.bits, (word >> KEY_AT) as u32);
        self.expand(walk, sp, c + 1, next.offset, next.extra, free)
    }

    /// Keeps the board just met if the list walk meets it before the
    /// lane's first so far.
    #[inline(never)]
    fn keep(&mut self, walk: &Walk) {
        let board = &self.chosen[walk.root..walk.cells];
        match &mut self.first {
            None => self.first = Some(board.to_vec()),
            Some(first) if earlier(walk.bits, board, first) => first.copy_from_slice(board),
            Some(_) => {}
        }
    }

    /// Takes the lowest candidate of `other`'s stack (one of its
    /// shallowest cell's), with the path to it, when `other` has another
    /// left and the cell lies `SHALLOW` cells or more above the last.
    #[cold]
    fn steal(&mut self, other: &mut Lane, walk: &Walk) -> bool {
        if other.sp - other.floor < 2 {
            return false;
        }
        let item = other.stack[other.floor];
        let c = usize::from((item.word >> CELL_AT) as u8);
        if c + SHALLOW > walk.cells {
            return false;
        }
        other.floor += 1;
        self.used[..c].copy_from_slice(&other.used[..c]);
        self.bottom[..c].copy_from_slice(&other.bottom[..c]);
        self.chosen[..c].copy_from_slice(&other.chosen[..c]);
        (self.floor, self.sp) = (0, 1);
        self.stack[0] = item;
        true
    }
}

/// How deep a candidate's subtree must reach for an idle lane to take it.
const SHALLOW: usize = 6;

/// How many steps of the busy lane an idle one waits after a failed take.
const RETRY: u32 = 64;

/// Counts the boards under `prefix` (entries of `tables`, the list walk's
/// numbering), keeping the first.
///
/// Two lanes walk the subtree in turn, each with its own path and stack,
/// so that the processor overlaps the one's memory reads with the
/// other's; an idle lane takes the other's shallowest candidate. The
/// first board kept is the least in the list walk's order of all met.
#[inline(never)]
pub(crate) fn subtree(bits: &Bits, tables: &Tables, prefix: &[u32], stop: &Stop) -> Found {
    let cells = bits.base.len();
    let mut found = Found {
        found: 0,
        nodes: vec![0; cells],
        tests: 0,
        stopped: stop.reached(),
        first: None,
    };
    if found.stopped || prefix.len() >= cells {
        return found;
    }
    let mut lane = Lane {
        used: [0; 2 * SLOTS],
        bottom: [GREY; SLOTS],
        chosen: [0; SLOTS],
        nodes: [0; SLOTS],
        // Each cell stacks at most `widest` candidates, and the last cell
        // none: with room for a window of `WIDE` items on top, written
        // without a bounds check, the stack never grows.
        stack: vec![Item::default(); cells * bits.widest + WIDE],
        floor: 0,
        sp: 0,
        tests: 0,
        found: 0,
        first: None,
    };
    let mut right = vec![GREY; cells + 1];
    let root = prefix.len();
    for (cell, &e) in prefix.iter().enumerate() {
        let entry = tables.entries[e as usize];
        let piece = piece_of(entry);
        lane.used[SLOTS + usize::from(bits.kind_of_piece[piece] & 3)] |= 1 << bits.bit_of_piece[piece];
        (right[cell], lane.bottom[cell]) = (right_of(entry), bottom_of(entry));
    }
    // The second lane starts idle, on the prefix.
    let mut other = lane.clone();
    let mut shape = [CellKey::default(); SLOTS];
    for (i, slot) in shape.iter_mut().enumerate().take(cells) {
        *slot = CellKey {
            base: bits.base[i],
            top: neighbour(tables, i, cells, false) as u32,
            kind: bits.kind_of_cell[i] % 3,
        };
    }
    let mut walk = Walk {
        bits,
        steps: [Step::default(); SLOTS],
        cells,
        root,
    };
    // The last cell so far (from the root) of each kind, or the prefix's
    // slot of it.
    let mut last = [0, 1, 2, 3].map(|kind| (SLOTS + kind) as u16);
    for i in root..cells {
        let (cell, next) = (shape[i], shape[(i + 1) & (SLOTS - 1)]);
        walk.steps[i] = Step {
            same: if cell.kind == next.kind { !0 } else { 0 },
            base: next.base,
            own: last[usize::from(cell.kind & 3)],
            prior: last[usize::from(next.kind & 3)],
            top: next.top as u8,
        };
        last[usize::from(cell.kind & 3)] = i as u16;
    }
    {
        let cell = shape[slot(root)];
        let left = u32::from(right[neighbour(tables, root, cells, true)]) << bits.shift;
        let key = key(
            bits,
            cell.base + (left | u32::from(lane.bottom[slot(cell.top as usize)])),
        );
        lane.tests += u64::from(key.tests);
        let free = key.mask & !lane.used[SLOTS + usize::from(cell.kind & 3)];
        lane.sp = lane.expand(&walk, 0, root, key.offset, key.extra, free);
    }
    let (a, b) = (&mut lane, &mut other);
    // The tops of the stacks, in registers; the lanes' own when one takes
    // from the other.
    let (mut top_a, mut top_b) = (a.sp, b.sp);
    let mut poll = 1u32 << 15;
    let mut wait = 0;
    loop {
        poll -= 1;
        if poll == 0 {
            poll = 1 << 15;
            if stop.reached() {
                found.stopped = true;
                break;
            }
        }
        let (idle_a, idle_b) = (top_a == a.floor, top_b == b.floor);
        if idle_a || idle_b {
            if idle_a && idle_b {
                break;
            }
            // An idle lane tries to take a candidate, and after a failed
            // try waits `RETRY` steps of the other before it tries again.
            if wait == 0 {
                (a.sp, b.sp) = (top_a, top_b);
                let took = if idle_a { a.steal(b, &walk) } else { b.steal(a, &walk) };
                (top_a, top_b) = (a.sp, b.sp);
                wait = if took { 0 } else { RETRY };
            } else {
                wait -= 1;
            }
            if top_a == a.floor {
                top_b = b.pop(&walk, top_b);
                continue;
            }
            if top_b == b.floor {
                top_a = a.pop(&walk, top_a);
                continue;
            }
        }
        top_a = a.pop(&walk, top_a);
        top_b = b.pop(&walk, top_b);
    }
    let first = match (&a.first, &b.first) {
        (Some(x), Some(y)) => Some(if earlier(bits, y, x) { y } else { x }),
        (x, y) => x.as_ref().or(y.as_ref()),
    };
    found.first = first.map(|chosen| board(bits, chosen));
    found.found = a.found + b.found;
    found.tests = a.tests + b.tests;
    for (c, n) in found.nodes.iter_mut().enumerate() {
        *n = a.nodes[c] + b.nodes[c];
    }
    found
}

/// Whether the list walk meets board `a` before board `b` (entries per
/// cell from the same root): at the first cell where they differ, `a`'s
/// piece comes first in the list, or the same piece in an earlier turn.
fn earlier(bits: &Bits, a: &[u32], b: &[u32]) -> bool {
    let rank = |at: u32| (entry(bits, at) >> BIT_AT & 63, bits.turns[at as usize]);
    a.iter()
        .zip(b)
        .find(|(x, y)| x != y)
        .is_some_and(|(&x, &y)| rank(x) < rank(y))
}

/// A `Tables` entry at slot `at` of the entries, its piece of bit `bit`
/// within its kind, packed for the search (see [`Item`]): its right
/// colour shifted into the place of a key's left colour, so that adding
/// the base of the next cell's key gives that key.
fn packed(entry: u32, shift: u32, at: u64, bit: u8) -> u64 {
    const _: () = assert!(GREY == 0, "a rim cell's key part is 0");
    at | u64::from(right_of(entry)) << shift << KEY_AT
        | u64::from(bottom_of(entry)) << BOTTOM_AT
        | u64::from(bit) << BIT_AT
        | (piece_of(entry) as u64) << PIECE_AT
}

/// The board `chosen` holds, `(piece, turn)` per cell.
#[cold]
fn board(bits: &Bits, chosen: &[u32]) -> Vec<(usize, u8)> {
    chosen
        .iter()
        .map(|&at| ((entry(bits, at) >> PIECE_AT) as usize, bits.turns[at as usize]))
        .collect()
}

/// The candidates under a key whose first layer's free pieces are `free`
/// and whose layers are `extra`: each free piece once per turn it fits in.
#[inline(always)]
fn tried(bits: &Bits, extra: u16, free: u64) -> u64 {
    let later: u32 = (0..3).map(|l| (layer(bits, extra, l).0 & free).count_ones()).sum();
    u64::from(free.count_ones() + later)
}

/// Where cell `i` reads its left (or top) colour: the neighbour's index,
/// or `cells` (grey) on the rim.
fn neighbour(tables: &Tables, i: usize, cells: usize, left: bool) -> usize {
    let width = tables.width;
    match left {
        true if i.is_multiple_of(width) => cells,
        true => i - 1,
        false if i < width => cells,
        false => i - width,
    }
}
