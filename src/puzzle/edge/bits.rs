//! The fast path of the row-scan count: the same tree, node for node, with
//! each cell's candidates as a bit set of pieces instead of a list. Pieces
//! are numbered within their kind (corner, edge and inner pieces when grey
//! lies only on the rim; all pieces otherwise), so each kind's used pieces
//! fit one `u64`, and the candidates still free under a key are
//! `mask & !used`: the search never looks at a used piece.
//!
//! A piece that fits one key in several turns (`4 5 5 5` shows left 5 and
//! top 5 turned once or twice) has its later turns in *layers* 1 to 3 of
//! the key; the search tries a piece's layers one after the other, in the
//! list walk's order (piece, then turn).
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
    /// Per cell: the offset of its list set in `keys`.
    base: Vec<u32>,
    /// Per (list set, left, top): its candidates ([`TABLE`] slots).
    keys: Box<[Key; TABLE]>,
    /// Layers 1 to 3 of the keys that have them (index 0: no layer).
    layers: Vec<[(u64, u32); 3]>,
    /// Entries of `Tables`, one slot per piece bit of each key's layer
    /// (a piece's entry at the layer's offset plus its bit), packed for
    /// the search: `piece | bottom << 8 | (right << shift) << 16`, so that
    /// the next cell's key reads the right colour already in place
    /// ([`packed`]; [`ENTRIES`] slots).
    entries: Box<[u32; ENTRIES]>,
    turns: Vec<u8>,
    /// Per cell: the kind of piece it holds.
    kind_of_cell: Vec<u8>,
    /// Per piece: its kind and its bit within the kind.
    kind_of_piece: Vec<u8>,
    bit_of_piece: Vec<u8>,
}

/// The candidates under one key.
#[derive(Clone, Copy, Default)]
struct Key {
    /// The candidate pieces of the first layer (bits of their kind).
    mask: u64,
    /// Where the first layer's entries start in `entries`.
    offset: u32,
    /// The index of the key's layers 1 to 3 in `layers` (0: none).
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
        let mut entries = vec![];
        let mut bits = Bits {
            shift: tables.shift,
            base: tables.base.clone(),
            keys: fixed(vec![])?,
            entries: fixed(vec![])?,
            turns: vec![],
            layers: vec![[(0, 0); 3]],
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
                    let at = layer.1 as usize + usize::from(bits.bit_of_piece[piece_of(tables.entries[e])]);
                    entries[at] = packed(tables.entries[e], bits.shift);
                    bits.turns[at] = tables.turns[e];
                }
            }
            let extra = if layers[1].0 == 0 {
                0
            } else {
                bits.layers.push([layers[1], layers[2], layers[3]]);
                bits.layers.len() as u32 - 1
            };
            keys.push(Key {
                mask: layers[0].0,
                offset: layers[0].1,
                extra: u16::try_from(extra).ok()?,
                tests: (end - start) as u16,
            });
        }
        bits.keys = fixed(keys)?;
        bits.entries = fixed(entries)?;
        Some(bits)
    }
}

impl Bits {
    /// Whether some piece fits one key in two turns or more.
    #[cfg(test)]
    pub(crate) fn layered(&self) -> bool {
        self.layers.len() > 1
    }
}

/// The most keys the fast path holds: an index below it fits a `u16`, so
/// the search reads its keys without a bounds check.
const TABLE: usize = 1 << 16;

/// The most entry slots the fast path holds, a power of two: the search
/// reads them at an index `& (ENTRIES - 1)`, without a bounds check.
const ENTRIES: usize = 1 << 18;

/// `list` in a table of `N` slots, or None when it does not fit.
fn fixed<T: Copy + Default, const N: usize>(mut list: Vec<T>) -> Option<Box<[T; N]>> {
    if list.len() > N {
        return None;
    }
    list.resize(N, T::default());
    list.into_boxed_slice().try_into().ok()
}

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

/// What one depth reads of the cell after it, fixed while the search
/// stays at the depth: that cell's key base with its top colour added,
/// the used pieces of its kind, and whether its kind is the depth's own
/// (all ones), so that the piece tried at the depth counts as used there
/// without being marked.
#[derive(Clone, Copy, Default)]
struct Ahead {
    key: u32,
    used: u64,
    same: u64,
}

impl Ahead {
    /// What depth `i` reads of cell `i + 1`, whose top neighbour is placed
    /// (the board is at least two cells wide).
    #[inline(always)]
    fn at(shape: &[CellKey; SLOTS], bottom: &[u8; SLOTS], used: &[u64; 4], i: usize) -> Ahead {
        let cell = shape[(i + 1) & (SLOTS - 1)];
        let (kind, next) = (shape[i & (SLOTS - 1)].kind & 3, cell.kind & 3);
        Ahead {
            key: cell.base + u32::from(bottom[cell.top as usize & (SLOTS - 1)]),
            used: used[usize::from(next)],
            same: if next == kind { !0 } else { 0 },
        }
    }
}

/// One depth of the search: the cell's free pieces, what it reads ahead,
/// the key's first layer and the layer tried next, and the entry and piece
/// bit placed there.
#[derive(Clone, Copy, Default)]
struct Depth {
    free: u64,
    taken: u64,
    ahead: Ahead,
    offset: u32,
    chosen: u32,
    extra: u16,
    layer: u8,
}

impl Depth {
    /// The frame of a cell under `key` whose kind's pieces `used` are
    /// taken.
    #[inline(always)]
    fn new(key: Key, used: u64, ahead: Ahead) -> Depth {
        Depth {
            free: key.mask & !used,
            taken: 0,
            ahead,
            offset: key.offset,
            extra: key.extra,
            chosen: 0,
            layer: 0,
        }
    }
}

/// The key at index `at` of `bits`, below [`TABLE`] (the cast keeps it
/// whole).
#[inline(always)]
fn key(bits: &Bits, at: u32) -> Key {
    bits.keys[usize::from(at as u16)]
}

/// Counts the boards under `prefix` (entries of `tables`, the list walk's
/// numbering), keeping the first.
#[inline(never)]
pub(crate) fn subtree(bits: &Bits, tables: &Tables, prefix: &[u32], stop: &Stop) -> Found {
    let cells = bits.base.len();
    let mut nodes = [0u64; SLOTS];
    let mut found = Found {
        found: 0,
        nodes: vec![],
        tests: 0,
        stopped: stop.reached(),
        first: None,
    };
    if found.stopped || prefix.len() >= cells {
        found.nodes = nodes[..cells].to_vec();
        return found;
    }
    // Indexed by a kind below 3 (`& 3` proves it in range).
    let mut used = [0u64; 4];
    let mut right = vec![GREY; cells + 1];
    let mut bottom = [GREY; SLOTS];
    for (cell, &e) in prefix.iter().enumerate() {
        let entry = tables.entries[e as usize];
        let piece = piece_of(entry);
        used[usize::from(bits.kind_of_piece[piece])] |= 1 << bits.bit_of_piece[piece];
        (right[cell], bottom[cell]) = (right_of(entry), bottom_of(entry));
    }
    let mut shape = [CellKey::default(); SLOTS];
    for (i, slot) in shape.iter_mut().enumerate().take(cells) {
        *slot = CellKey {
            base: bits.base[i],
            top: neighbour(tables, i, cells, false) as u32,
            kind: bits.kind_of_cell[i] % 3,
        };
    }
    let mut frames = [Depth::default(); SLOTS];
    let slot = |i: usize| i & (SLOTS - 1);
    let root = prefix.len();
    let mut i = root;
    let mut tests = 0;
    frames[slot(i)] = {
        let cell = shape[slot(i)];
        let left = u32::from(right[neighbour(tables, i, cells, true)]) << bits.shift;
        let key = key(bits, cell.base + (left | u32::from(bottom[slot(cell.top as usize)])));
        tests += u64::from(key.tests);
        let ahead = Ahead::at(&shape, &bottom, &used, i);
        Depth::new(key, used[usize::from(cell.kind & 3)], ahead)
    };
    let mut poll = 1u32 << 16;
    loop {
        let frame = &mut frames[slot(i)];
        let candidates = frame.free;
        if candidates == 0 {
            if i == root {
                break;
            }
            i -= 1;
            used[usize::from(shape[slot(i)].kind) & 3] &= !frames[slot(i)].taken;
            continue;
        }
        let lowest = candidates & candidates.wrapping_neg();
        let at = if frame.extra == 0 {
            frame.free = candidates ^ lowest;
            frame.offset + candidates.trailing_zeros()
        } else {
            layered(bits, frame, candidates, lowest)
        };
        nodes[slot(i)] += 1;
        if i + 1 == cells {
            found.found += 1;
            if found.first.is_none() {
                frame.chosen = at;
                found.first = Some(board(bits, &frames[root..cells]));
            }
            continue;
        }
        poll -= 1;
        if poll == 0 {
            poll = 1 << 16;
            if stop.reached() {
                found.stopped = true;
                break;
            }
        }
        // A cell on the left rim follows one on the right rim, whose right
        // side is grey, colour 0: the key part of a rim.
        let entry = bits.entries[at as usize & (ENTRIES - 1)];
        let ahead = frame.ahead;
        let next = key(bits, ahead.key + (entry >> 16));
        tests += u64::from(next.tests);
        let free = next.mask & !(ahead.used | (lowest & ahead.same));
        if free == 0 {
            // A dead end: the next cell is read, found empty and left at
            // once, without moving the search down.
            continue;
        }
        frame.chosen = at;
        frame.taken = lowest;
        bottom[slot(i)] = (entry >> 8) as u8;
        used[usize::from(shape[slot(i)].kind) & 3] |= lowest;
        i += 1;
        frames[slot(i)] = Depth {
            free,
            ..Depth::new(next, 0, Ahead::at(&shape, &bottom, &used, i))
        };
    }
    found.tests = tests;
    found.nodes = nodes[..cells].to_vec();
    found
}

/// A `Tables` entry packed for the search (see [`Bits`]'s `entries`): a
/// piece below 256 ([`SLOTS`]), its bottom colour, and its right colour
/// shifted into the place of a key's left colour.
fn packed(entry: u32, shift: u32) -> u32 {
    const _: () = assert!(GREY == 0, "a rim cell's key part is 0");
    piece_of(entry) as u32 | u32::from(bottom_of(entry)) << 8 | (u32::from(right_of(entry)) << shift) << 16
}

/// The board the frames hold, `(piece, turn)` per cell.
#[cold]
fn board(bits: &Bits, frames: &[Depth]) -> Vec<(usize, u8)> {
    frames
        .iter()
        .map(|f| {
            (
                (bits.entries[f.chosen as usize] & 0xff) as usize,
                bits.turns[f.chosen as usize],
            )
        })
        .collect()
}

/// The entry of piece `lowest` in `frame`'s current layer, and the frame
/// moved on: to the piece's next turn under the key, or to the next piece.
#[inline(always)]
fn layered(bits: &Bits, frame: &mut Depth, candidates: u64, lowest: u64) -> u32 {
    let layers = &bits.layers[usize::from(frame.extra)];
    let offset = match usize::from(frame.layer) {
        0 => frame.offset,
        l => layers[l - 1].1,
    };
    match layers.get(usize::from(frame.layer)) {
        Some(next) if next.0 & lowest != 0 => frame.layer += 1,
        _ => {
            frame.layer = 0;
            frame.free = candidates ^ lowest;
        }
    }
    offset + candidates.trailing_zeros()
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
