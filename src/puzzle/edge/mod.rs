//! Framed edge-matching puzzles, the field's benchmarks (Eternity II and
//! its clue puzzles, Brendan Owen's generated boards, Heule's SAT
//! instances): unsigned colours, a grey frame, pinned hint pieces and
//! rectangular boards.
//!
//! An [`EdgePuzzle`] is `width * height` pieces, each four colours
//! clockwise from the top (`[U, R, D, L]`). Two touching sides match when
//! they carry the same colour. Colour `0` is the grey border: every side on
//! the rim of the board carries it. When the pieces carry exactly as many
//! grey sides as the rim has (every Eternity II set), grey can never lie
//! inside, and the search never tries it there; with more grey sides
//! (MacMahon's squares, whose rim colour is used inside too) grey matches
//! inside like any colour. A [`Hint`] pins a piece at a cell with a turn.
//!
//! Turning follows `puzzle::grid`: a piece turned `r` quarter turns
//! clockwise shows side `s[(d - r) mod 4]` at direction `d`.
//!
//! Counting conventions (docs/edge-matching.md): pieces are told apart by
//! their place in the list, every turn of a piece counts, and
//! `arrangements` counts every filled board. Without hints, `solutions`
//! counts them modulo the board's rotations that keep its shape (4 for a
//! square, 2 for a rectangle), exactly `arrangements / 4` or `/ 2` since no
//! board of distinct pieces is its own turn; with hints no rotation is
//! identified.
//!
//! - `read`: the field's formats (the eternity2.dev Puzzle JSON,
//!   `e2pieces.txt` lines, Heule's `em_*.txt`).
//! - `tables`: candidate lists keyed by the left and top colours.
//! - `scan`: the row-scan search and its node count, and the cut of a
//!   search tree into subtrees dealt to threads and shards; `bits`: its
//!   fast path, candidates as bit sets; `frame_first`: the frame-first
//!   order, cut and dealt the same way.
//! - `shard`: one shard of a count and the merge of the shards;
//!   `checkpoint`: a shard's ledger of its counted subtrees; `files`: a
//!   count with its output and checkpoint files.
//! - `write`: the `board_edges` string and the viewer link.

mod bits;
mod checkpoint;
#[cfg(feature = "fs")]
mod files;
mod frame_first;
mod read;
mod sample;
mod scan;
mod shard;
mod tables;
mod write;

#[cfg(test)]
pub(crate) mod judge;

use std::fmt;

pub use read::AnyPuzzle;
pub(crate) use read::{EdgeFormat, parse_edge};
pub use sample::{MAX_SAMPLE, Projection};
pub(crate) use scan::corner_pins;
pub use scan::{Board, Counted};
pub use shard::EdgeShard;

use crate::{Error, Result};

/// The grey border colour.
pub const GREY: u8 = 0;

/// The widest and tallest board read (Eternity II is 16 x 16).
pub(crate) const MAX_SIDE: usize = 32;

/// A piece pinned at a cell with a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Hint {
    /// The cell, row-major (`row * width + column`).
    pub cell: usize,
    /// The piece's index in the list.
    pub piece: usize,
    /// Quarter turns clockwise, 0 to 3.
    pub turn: u8,
}

/// A framed edge-matching puzzle: pieces, board shape and hints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgePuzzle {
    name: String,
    width: usize,
    height: usize,
    pieces: Vec<[u8; 4]>,
    hints: Vec<Hint>,
}

/// The colour a piece turned `turn` quarter turns shows at direction `d`.
pub(crate) fn side(piece: [u8; 4], turn: usize, d: usize) -> u8 {
    piece[crate::puzzle::grid::unturned_side(turn, d)]
}

impl EdgePuzzle {
    /// A `width x height` board of `pieces` with `hints`; checks the frame
    /// can be met and the hints are pinned where they fit.
    pub fn new(width: usize, height: usize, pieces: Vec<[u8; 4]>, hints: Vec<Hint>) -> Result<Self> {
        Self::checked(width, height, pieces, hints).map_err(|fault| Error::InvalidPuzzle(fault.message))
    }

    /// [`EdgePuzzle::new`], its refusal saying what it blames, so that a
    /// reader can point at the place in the file.
    pub(crate) fn checked(
        width: usize,
        height: usize,
        pieces: Vec<[u8; 4]>,
        hints: Vec<Hint>,
    ) -> std::result::Result<Self, Fault> {
        for (side, blame) in [(width, Blame::Width), (height, Blame::Height)] {
            if !(2..=MAX_SIDE).contains(&side) {
                return Err(Fault::new(
                    blame,
                    format!("a {width} x {height} board: each side must be 2 to {MAX_SIDE} cells"),
                ));
            }
        }
        if pieces.len() != width * height {
            return Err(Fault::new(
                Blame::Pieces,
                format!(
                    "{} pieces for a {width} x {height} board of {} cells",
                    pieces.len(),
                    width * height
                ),
            ));
        }
        let puzzle = EdgePuzzle {
            name: "puzzle".into(),
            width,
            height,
            pieces,
            hints,
        };
        puzzle.check_frame()?;
        puzzle.check_hints()?;
        Ok(puzzle)
    }

    /// The same puzzle with another name.
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The puzzle's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Cells per row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The pieces, `[U, R, D, L]` each.
    pub fn pieces(&self) -> &[[u8; 4]] {
        &self.pieces
    }

    /// The pinned pieces.
    pub fn hints(&self) -> &[Hint] {
        &self.hints
    }

    /// The puzzle as Scramble Squares pictures, for G(P) and its drawings:
    /// colour `c` is the self-matching pattern `c + 1` (`=`), named by its
    /// number in the file, and grey is named `grey`, so that drawings show
    /// the frame's colour in grey. The hints are not kept.
    ///
    /// G(P) depends on the pieces alone, so a rectangle's pictures are
    /// drawn too, the pieces on its `width x height` board; no `n x n`
    /// search takes them ([`crate::Puzzle::size`] panics on them).
    ///
    /// ```
    /// use scramble::puzzle::edge::EdgePuzzle;
    /// use scramble::puzzle::{Pattern, Picture, Sign};
    /// let puzzle = EdgePuzzle::new(2, 2, vec![[0, 1, 2, 0], [0, 0, 3, 1], [1, 4, 0, 0], [3, 0, 0, 4]], vec![]).unwrap();
    /// let pictures = puzzle.pictures().unwrap();
    /// let same = |n| Picture::new(Pattern::new(n), Sign::Same);
    /// assert_eq!(pictures.pieces()[0].sides(), [same(1), same(2), same(3), same(1)]);
    /// assert_eq!(puzzle.with_name("board").pictures().unwrap().name(), "board");
    ///
    /// let wide = EdgePuzzle::new(3, 2, vec![[0, 1, 1, 0], [0, 1, 1, 1], [0, 0, 1, 1], [1, 1, 0, 0], [1, 1, 0, 1], [1, 0, 0, 1]], vec![]).unwrap();
    /// let graph = scramble::RecordingGraph::new(&wide.pictures().unwrap());
    /// assert_eq!(graph.colors(), 6);
    /// ```
    pub fn pictures(&self) -> Result<crate::Puzzle> {
        use crate::puzzle::{Pattern, Picture, Piece, Sign};
        let picture = |c: u8| Picture::new(Pattern::new(u32::from(c) + 1), Sign::Same);
        let pieces = self.pieces.iter().map(|p| Piece::new(p.map(picture))).collect();
        let names = (0..=self.pieces.iter().flatten().copied().max().unwrap_or(GREY))
            .map(|c| {
                let name = if c == GREY { "grey".to_string() } else { c.to_string() };
                (Pattern::new(u32::from(c) + 1), name)
            })
            .collect();
        Ok(crate::Puzzle::rectangle(pieces, self.width, self.height)?
            .with_name(self.name.clone())
            .with_pattern_names(names))
    }

    /// Sides on the rim: `2 * (width + height)`.
    pub(crate) fn rim(&self) -> usize {
        2 * (self.width + self.height)
    }

    /// Grey sides the pieces carry.
    pub(crate) fn greys(&self) -> usize {
        self.pieces.iter().flatten().filter(|&&c| c == GREY).count()
    }

    /// Grey lies only on the rim: the pieces carry exactly as many grey
    /// sides as the rim has, so every one of them is needed there.
    pub fn grey_only_on_rim(&self) -> bool {
        self.greys() == self.rim()
    }

    /// Whether cell `cell`'s side at direction `d` lies on the rim.
    pub(crate) fn on_rim(&self, cell: usize, d: usize) -> bool {
        let (row, column) = (cell / self.width, cell % self.width);
        match d {
            0 => row == 0,
            1 => column + 1 == self.width,
            2 => row + 1 == self.height,
            _ => column == 0,
        }
    }

    /// Whether `piece` turned `turn` may stand at `cell` as far as the frame
    /// goes: grey on every rim side, and (when grey lies only on the rim)
    /// no grey inside.
    pub(crate) fn fits_frame(&self, cell: usize, piece: [u8; 4], turn: usize) -> bool {
        let strict = self.grey_only_on_rim();
        (0..4).all(|d| {
            let grey = side(piece, turn, d) == GREY;
            if self.on_rim(cell, d) { grey } else { !(strict && grey) }
        })
    }

    /// The board's rotations that keep its shape and every hint: 4 for a
    /// square, 2 for a rectangle, 1 with hints.
    pub fn symmetries(&self) -> u64 {
        match (self.hints.is_empty(), self.width == self.height) {
            (false, _) => 1,
            (true, true) => 4,
            (true, false) => 2,
        }
    }

    fn check_frame(&self) -> std::result::Result<(), Fault> {
        let (rim, greys) = (self.rim(), self.greys());
        if greys < rim {
            return Err(Fault::new(
                Blame::Pieces,
                format!("the rim has {rim} sides, all grey (colour 0), but the pieces carry {greys} grey sides"),
            ));
        }
        if greys > rim {
            return Ok(());
        }
        let (mut corners, mut edges) = (0, 0);
        for (i, piece) in self.pieces.iter().enumerate() {
            let grey: Vec<usize> = (0..4).filter(|&d| piece[d] == GREY).collect();
            match grey[..] {
                [] => {}
                [_] => edges += 1,
                [a, b] if b - a == 1 || (a, b) == (0, 3) => corners += 1,
                _ => {
                    return Err(Fault::new(Blame::Piece(i), greys_astray(i, *piece)));
                }
            }
        }
        let want_edges = 2 * (self.width - 2) + 2 * (self.height - 2);
        if corners != 4 || edges != want_edges {
            return Err(Fault::new(
                Blame::Pieces,
                format!(
                    "a {} x {} frame needs 4 corner pieces (two grey sides) and {want_edges} edge pieces (one), \
                     found {corners} and {edges}",
                    self.width, self.height
                ),
            ));
        }
        Ok(())
    }

    fn check_hints(&self) -> std::result::Result<(), Fault> {
        let cells = self.width * self.height;
        let mut cell_taken = vec![false; cells];
        let mut piece_taken = vec![false; cells];
        for (k, hint) in self.hints.iter().enumerate() {
            let invalid =
                |why: HintFault, m: String| Err(Fault::new(Blame::Hint(k, why), format!("hint {}: {m}", k + 1)));
            if hint.cell >= cells {
                return invalid(
                    HintFault::OffBoard,
                    format!("cell {} is off the board of {cells} cells", hint.cell),
                );
            }
            if hint.piece >= cells {
                return invalid(
                    HintFault::NoSuchPiece,
                    format!("piece {} is not in the list of {cells}", hint.piece),
                );
            }
            if hint.turn > 3 {
                return invalid(HintFault::BadTurn, format!("turn {} is not 0 to 3", hint.turn));
            }
            if std::mem::replace(&mut cell_taken[hint.cell], true) {
                return invalid(HintFault::CellTaken, format!("cell {} is already pinned", hint.cell));
            }
            if std::mem::replace(&mut piece_taken[hint.piece], true) {
                return invalid(HintFault::PieceTaken, format!("piece {} is already pinned", hint.piece));
            }
            if !self.fits_frame(hint.cell, self.pieces[hint.piece], hint.turn.into()) {
                return invalid(
                    HintFault::NoFit,
                    format!(
                        "piece {} ({}) turned {} does not fit the frame at cell {}",
                        hint.piece,
                        Quad(self.pieces[hint.piece]),
                        hint.turn,
                        hint.cell
                    ),
                );
            }
        }
        Ok(())
    }
}

/// What a refused puzzle is refused for, so that a reader can point at
/// its place in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Blame {
    /// The board's width.
    Width,
    /// The board's height.
    Height,
    /// The list of pieces as a whole (their count, their frame).
    Pieces,
    /// One piece, by index: the model blames a piece only when its grey
    /// sides cannot all reach the rim ([`greys_astray`]).
    Piece(usize),
    /// One hint, by index, and what is wrong with it.
    Hint(usize, HintFault),
}

/// Why piece `number` is refused: its grey sides cannot all lie on the rim.
/// The model numbers pieces from 0, as its hints do; a reader whose file
/// numbers them otherwise passes its own number.
pub(crate) fn greys_astray(number: usize, piece: [u8; 4]) -> String {
    format!(
        "piece {number} ({}) has grey sides that cannot all reach the rim",
        Quad(piece)
    )
}

/// What is wrong with a hint, so that a reader whose file numbers cells
/// and pieces otherwise can say it in the file's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HintFault {
    OffBoard,
    NoSuchPiece,
    BadTurn,
    CellTaken,
    PieceTaken,
    NoFit,
}

/// A refusal of [`EdgePuzzle::checked`]: what it blames and why.
#[derive(Debug)]
pub(crate) struct Fault {
    pub(crate) blame: Blame,
    pub(crate) message: String,
}

impl Fault {
    fn new(blame: Blame, message: String) -> Self {
        Fault { blame, message }
    }
}

/// A piece's colours as `U R D L`.
pub(crate) struct Quad(pub [u8; 4]);

impl fmt::Display for Quad {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [u, r, d, l] = self.0;
        write!(f, "{u} {r} {d} {l}")
    }
}

#[cfg(test)]
pub(crate) mod tests;
