//! Candidate lists of the row-scan search: for each cell and each pair of
//! colours its placed left and top neighbours show, the (piece, turn)
//! pairs whose left and top sides carry them and which fit the frame at
//! that cell.
//!
//! Cells with the same frame sides share one list set; a pinned cell has
//! its own, holding the pinned turn only, and a pinned piece is in no other
//! list. Entries are packed `piece | right << 16 | bottom << 24`, so the
//! search reads the colours it hands on without looking the piece up.

use super::{EdgePuzzle, side};

/// The packed candidates and where each cell's lists start.
pub(crate) struct Tables {
    /// Cells per row.
    pub width: usize,
    /// `log2` of the stride between two left colours.
    pub shift: u32,
    /// Per cell: the offset of its list set in `ranges`.
    pub base: Vec<u32>,
    /// Per (list set, left, top): the range of `entries`.
    pub ranges: Vec<(u32, u32)>,
    /// `piece | right << 16 | bottom << 24`.
    pub entries: Vec<u32>,
    /// The turn of each entry.
    pub turns: Vec<u8>,
}

/// An entry's piece.
pub(crate) fn piece_of(entry: u32) -> usize {
    (entry & 0xffff) as usize
}

/// An entry's right colour.
pub(crate) fn right_of(entry: u32) -> u8 {
    (entry >> 16) as u8
}

/// An entry's bottom colour.
pub(crate) fn bottom_of(entry: u32) -> u8 {
    (entry >> 24) as u8
}

impl Tables {
    /// The lists of every cell of `puzzle`.
    pub(crate) fn new(puzzle: &EdgePuzzle) -> Tables {
        let colours = puzzle.pieces.iter().flatten().copied().max().unwrap_or(0) as usize + 1;
        let shift = colours.next_power_of_two().trailing_zeros();
        let keys = 1usize << (2 * shift);
        let pinned: Vec<Option<(usize, u8)>> = (0..puzzle.pieces.len())
            .map(|cell| puzzle.hints.iter().find(|h| h.cell == cell).map(|h| (h.piece, h.turn)))
            .collect();
        let free: Vec<bool> = (0..puzzle.pieces.len())
            .map(|p| !puzzle.hints.iter().any(|h| h.piece == p))
            .collect();
        // A list set is named by its frame sides and its pin.
        let mut sets: Vec<(u8, Option<(usize, u8)>)> = vec![];
        let mut tables = Tables {
            width: puzzle.width,
            shift,
            base: vec![],
            ranges: vec![],
            entries: vec![],
            turns: vec![],
        };
        for (cell, &pin) in pinned.iter().enumerate() {
            let frame = (0..4).fold(0u8, |bits, d| bits | (u8::from(puzzle.on_rim(cell, d)) << d));
            let name = (frame, pin);
            let set = match sets.iter().position(|s| *s == name) {
                Some(set) => set,
                None => {
                    sets.push(name);
                    tables.add_set(puzzle, cell, pin, &free, keys);
                    sets.len() - 1
                }
            };
            tables.base.push((set * keys) as u32);
        }
        tables
    }

    /// Appends the lists of cells shaped like `cell` (its frame sides),
    /// holding only the pin when there is one.
    fn add_set(&mut self, puzzle: &EdgePuzzle, cell: usize, pin: Option<(usize, u8)>, free: &[bool], keys: usize) {
        let mut by_key: Vec<Vec<(u32, u8)>> = vec![vec![]; keys];
        let choices: Vec<(usize, u8)> = match pin {
            Some(pin) => vec![pin],
            None => (0..puzzle.pieces.len())
                .filter(|&p| free[p])
                .flat_map(|p| (0..4).map(move |t| (p, t)))
                .collect(),
        };
        for (p, turn) in choices {
            let piece = puzzle.pieces[p];
            let t = usize::from(turn);
            if !puzzle.fits_frame(cell, piece, t) {
                continue;
            }
            let key = (usize::from(side(piece, t, 3)) << self.shift) | usize::from(side(piece, t, 0));
            let entry = p as u32 | u32::from(side(piece, t, 1)) << 16 | u32::from(side(piece, t, 2)) << 24;
            by_key[key].push((entry, turn));
        }
        for list in by_key {
            let start = self.entries.len() as u32;
            for (entry, turn) in list {
                self.entries.push(entry);
                self.turns.push(turn);
            }
            self.ranges.push((start, self.entries.len() as u32));
        }
    }
}
