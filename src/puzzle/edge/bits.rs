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
    /// Per (list set, left, top): the candidate pieces (bits of their kind)
    /// and where their entries start in `entries`, then the index of the
    /// key's layers 1 to 3 in `layers` (0: none).
    keys: Vec<(u64, u32, u32)>,
    /// Layers 1 to 3 of the keys that have them (index 0: no layer).
    layers: Vec<[(u64, u32); 3]>,
    /// Entries of `Tables`, in bit order per key.
    entries: Vec<u32>,
    turns: Vec<u8>,
    /// Per cell: the kind of piece it holds.
    kind_of_cell: Vec<u8>,
    /// Per piece: its kind and its bit within the kind.
    kind_of_piece: Vec<u8>,
    bit_of_piece: Vec<u8>,
}

impl Bits {
    /// The bit sets of `tables`, or None when the fast path does not apply.
    pub(crate) fn new(puzzle: &EdgePuzzle, tables: &Tables) -> Option<Bits> {
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
        let mut bits = Bits {
            shift: tables.shift,
            base: tables.base.clone(),
            keys: Vec::with_capacity(tables.ranges.len()),
            entries: vec![],
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
                layer.1 = bits.entries.len() as u32;
                bits.entries.extend(list.iter().map(|&e| tables.entries[e]));
                bits.turns.extend(list.iter().map(|&e| tables.turns[e]));
            }
            let extra = if layers[1].0 == 0 {
                0
            } else {
                bits.layers.push([layers[1], layers[2], layers[3]]);
                bits.layers.len() as u32 - 1
            };
            bits.keys.push((layers[0].0, layers[0].1, extra));
        }
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

/// Counts the boards under `prefix` (entries of `tables`, the list walk's
/// numbering), keeping the first.
pub(crate) fn subtree(bits: &Bits, tables: &Tables, prefix: &[u32], stop: &Stop) -> Found {
    let cells = bits.base.len();
    let mut nodes = vec![0u64; cells];
    let mut found = Found {
        found: 0,
        nodes: vec![],
        tests: 0,
        stopped: stop.reached(),
        first: None,
    };
    if found.stopped || prefix.len() >= cells {
        found.nodes = nodes;
        return found;
    }
    let mut used = [0u64; 3];
    let mut right = vec![GREY; cells + 1];
    let mut bottom = vec![GREY; cells + 1];
    for (cell, &e) in prefix.iter().enumerate() {
        let entry = tables.entries[e as usize];
        let piece = piece_of(entry);
        used[usize::from(bits.kind_of_piece[piece])] |= 1 << bits.bit_of_piece[piece];
        (right[cell], bottom[cell]) = (right_of(entry), bottom_of(entry));
    }
    let left_of: Vec<usize> = (0..cells).map(|i| neighbour(tables, i, cells, true)).collect();
    let top_of: Vec<usize> = (0..cells).map(|i| neighbour(tables, i, cells, false)).collect();
    let mut free = vec![0u64; cells];
    let mut mask = vec![0u64; cells];
    let mut offset = vec![0u32; cells];
    let mut extra = vec![0u32; cells];
    let mut layer = vec![0usize; cells];
    let mut chosen = vec![0u32; cells];
    let mut taken = vec![0u64; cells];
    let kinds = &bits.kind_of_cell[..];
    let (left_of, top_of) = (&left_of[..], &top_of[..]);
    let open = |i: usize, right: &[u8], bottom: &[u8], used: &[u64; 3]| {
        open(bits, kinds, left_of, top_of, i, right, bottom, used)
    };
    let root = prefix.len();
    let mut i = root;
    (mask[i], offset[i], extra[i], free[i]) = open(i, &right, &bottom, &used);
    layer[i] = 0;
    found.tests += tests(bits, mask[i], extra[i]);
    let mut poll = 1u32 << 16;
    loop {
        let candidates = free[i];
        if candidates == 0 {
            if i == root {
                break;
            }
            i -= 1;
            used[usize::from(kinds[i])] &= !taken[i];
            continue;
        }
        let lowest = candidates & candidates.wrapping_neg();
        let layers = &bits.layers[extra[i] as usize];
        let (m, o) = match layer[i] {
            0 => (mask[i], offset[i]),
            l => layers[l - 1],
        };
        let at = o + (m & (lowest - 1)).count_ones();
        // The piece's next turn under this key, or the next piece.
        match layers.get(layer[i]) {
            Some(next) if next.0 & lowest != 0 => layer[i] += 1,
            _ => {
                layer[i] = 0;
                free[i] = candidates ^ lowest;
            }
        }
        nodes[i] += 1;
        chosen[i] = at;
        if i + 1 == cells {
            found.found += 1;
            if found.first.is_none() {
                let board = (root..cells).map(|c| {
                    let e = chosen[c] as usize;
                    (piece_of(bits.entries[e]), bits.turns[e])
                });
                found.first = Some(board.collect());
            }
            continue;
        }
        let entry = bits.entries[at as usize];
        used[usize::from(kinds[i])] |= lowest;
        taken[i] = lowest;
        (right[i], bottom[i]) = (right_of(entry), bottom_of(entry));
        poll -= 1;
        if poll == 0 {
            poll = 1 << 16;
            if stop.reached() {
                found.stopped = true;
                break;
            }
        }
        i += 1;
        (mask[i], offset[i], extra[i], free[i]) = open(i, &right, &bottom, &used);
        layer[i] = 0;
        found.tests += tests(bits, mask[i], extra[i]);
    }
    found.nodes = nodes;
    found
}

/// Cell `i`'s key under its placed neighbours: its first layer's mask and
/// offset, its layers' index, and the pieces of its first layer still free.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn open(
    bits: &Bits,
    kinds: &[u8],
    left_of: &[usize],
    top_of: &[usize],
    i: usize,
    right: &[u8],
    bottom: &[u8],
    used: &[u64; 3],
) -> (u64, u32, u32, u64) {
    let key = bits.base[i] as usize + ((usize::from(right[left_of[i]]) << bits.shift) | usize::from(bottom[top_of[i]]));
    let (m, o, x) = bits.keys[key];
    (m, o, x, m & !used[usize::from(kinds[i]) % 3])
}

/// The entries under a key, every layer counted: the list walk's
/// candidate tests.
#[inline(always)]
fn tests(bits: &Bits, mask: u64, extra: u32) -> u64 {
    let more: u32 = bits.layers[extra as usize].iter().map(|l| l.0.count_ones()).sum();
    u64::from(mask.count_ones() + more)
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
