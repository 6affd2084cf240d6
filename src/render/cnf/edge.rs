//! The CNF of a framed edge-matching puzzle (`scramble::puzzle::edge`): the
//! Scramble Squares encoding of [`super::Cnf`] with the frame, unsigned
//! colours, hints and rectangles.
//!
//! Variables, numbered from 1:
//! - **placements** `place(piece, cell, turn)`, only those that fit the
//!   frame at the cell (grey on every rim side; no grey inside when grey
//!   lies only on the rim): exactly one per cell and per piece (a clause,
//!   and Sinz's sequential counter for at most one);
//! - **boundary colours** `shows(boundary, colour)`: the colour on an inner
//!   boundary, at most one; both cells' placements imply the colour they
//!   show there, so neighbours carry the same colour;
//! - the counters' auxiliary variables, after those.
//!
//! A hint is a unit clause. Without hints, and when grey lies only on the
//! rim, the lowest-numbered corner piece stands in the top-left corner (or
//! the top-right one, on a rectangle), as [`crate::puzzle::edge::EdgePuzzle::count`] pins it:
//! then models and `solutions` (boards modulo the board's rotations) are
//! one to one. Otherwise models are the filled boards, `arrangements`.

use crate::puzzle::edge::{Board, EdgePuzzle, GREY, corner_pins, side};

/// A framed puzzle's CNF.
///
/// ```
/// use scramble::puzzle::edge::EdgePuzzle;
/// // A 2 x 2 frame: four corners meeting in colours 1 and 2.
/// let pieces = vec![[0, 1, 2, 0], [0, 0, 1, 1], [2, 1, 0, 0], [1, 0, 0, 1]];
/// let puzzle = EdgePuzzle::new(2, 2, pieces, vec![]).unwrap();
/// let cnf = scramble::render::cnf::EdgeCnf::new(&puzzle);
/// assert!(cnf.dimacs().contains("p cnf"));
/// assert!(cnf.models_are_solutions());
/// ```
#[derive(Clone, Debug)]
pub struct EdgeCnf {
    name: String,
    width: usize,
    cells: usize,
    /// `(piece, cell, turn)` of placement variable `i + 1`.
    places: Vec<(usize, usize, u8)>,
    /// The placement variable of `(piece, cell, turn)`, 0 when it does not
    /// fit the frame.
    index: Vec<i32>,
    colours: Vec<u8>,
    /// Inner boundaries `(cell, direction, neighbour)`, right and down.
    boundaries: Vec<(usize, usize, usize)>,
    pinned: bool,
    variables: u32,
    clauses: Vec<Vec<i32>>,
}

impl EdgeCnf {
    /// Encodes `puzzle`.
    ///
    /// # Complexity
    /// `O(N^2)` placements and `O(N^2 + B C^2)` clauses for `N` pieces, `B`
    /// inner boundaries and `C` colours.
    pub fn new(puzzle: &EdgePuzzle) -> Self {
        let (width, height, cells) = (puzzle.width(), puzzle.height(), puzzle.pieces().len());
        let mut index = vec![0; cells * cells * 4];
        let mut places = Vec::new();
        for (piece, cell, turn) in itertools::iproduct!(0..cells, 0..cells, 0..4u8) {
            if puzzle.fits_frame(cell, puzzle.pieces()[piece], turn.into()) {
                places.push((piece, cell, turn));
                index[(piece * cells + cell) * 4 + usize::from(turn)] = places.len() as i32;
            }
        }
        let mut colours: Vec<u8> = puzzle.pieces().iter().flatten().copied().collect();
        colours.sort_unstable();
        colours.dedup();
        if puzzle.grey_only_on_rim() {
            colours.retain(|&c| c != GREY);
        }
        let mut boundaries = Vec::new();
        for cell in 0..cells {
            if cell % width + 1 < width {
                boundaries.push((cell, 1, cell + 1));
            }
            if cell / width + 1 < height {
                boundaries.push((cell, 2, cell + width));
            }
        }
        let pins = corner_pins(puzzle);
        let mut cnf = EdgeCnf {
            name: puzzle.name().to_string(),
            width,
            cells,
            variables: (places.len() + boundaries.len() * colours.len()) as u32,
            places,
            index,
            colours,
            boundaries,
            pinned: pins.is_some(),
            clauses: Vec::new(),
        };
        cnf.encode(puzzle, pins.unwrap_or_default());
        cnf
    }

    /// A bound on the clauses of `puzzle`'s encoding, without making them:
    /// `6P` for the one-hot groups over `P` placements (a clause and Sinz's
    /// `3k - 3` per group), at most `4P` for the sides on inner boundaries,
    /// `B C (C - 1) / 2` for the colours of `B` boundaries, and the hints
    /// and the pin. `O(N^2)` for `N` pieces.
    pub fn clauses_bound(puzzle: &EdgePuzzle) -> u64 {
        let cells = puzzle.pieces().len();
        let placements = itertools::iproduct!(puzzle.pieces(), 0..cells, 0..4)
            .filter(|&(&piece, cell, turn)| puzzle.fits_frame(cell, piece, turn))
            .count() as u64;
        let (w, h) = (puzzle.width() as u64, puzzle.height() as u64);
        let boundaries = (w - 1) * h + w * (h - 1);
        let colours = puzzle.pieces().iter().flatten().max().map_or(0, |&c| u64::from(c) + 1);
        10 * placements + boundaries * colours * colours.saturating_sub(1) / 2 + cells as u64 + 1
    }

    fn place(&self, piece: usize, cell: usize, turn: usize) -> i32 {
        self.index[(piece * self.cells + cell) * 4 + turn]
    }

    fn shows(&self, boundary: usize, colour: usize) -> i32 {
        (self.places.len() + boundary * self.colours.len() + colour + 1) as i32
    }

    fn encode(&mut self, puzzle: &EdgePuzzle, pins: Vec<crate::puzzle::edge::Hint>) {
        let mut clauses = Vec::new();
        let mut emit = |clause: &[i32]| {
            clauses.push(clause.to_vec());
            true
        };
        // Every fitting placement of one cell, then of one piece.
        let group = |of: &dyn Fn(usize, usize) -> i32| -> Vec<i32> {
            let all = itertools::iproduct!(0..self.cells, 0..4).map(|(x, t)| of(x, t));
            all.filter(|&v| v != 0).collect()
        };
        let mut groups: Vec<Vec<i32>> = (0..self.cells)
            .map(|cell| group(&|p, t| self.place(p, cell, t)))
            .collect();
        groups.extend((0..self.cells).map(|piece| group(&|c, t| self.place(piece, c, t))));
        let mut variables = self.variables;
        for group in &groups {
            emit(group);
            super::at_most_one(
                group,
                &mut || {
                    variables += 1;
                    variables as i32
                },
                &mut emit,
            );
        }
        for (b, &(first, d, second)) in self.boundaries.iter().enumerate() {
            for &(piece, cell, turn) in &self.places {
                let d = match cell {
                    c if c == first => d,
                    c if c == second => (d + 2) % 4,
                    _ => continue,
                };
                let colour = side(puzzle.pieces()[piece], turn.into(), d);
                let place = self.place(piece, cell, turn.into());
                match self.colours.iter().position(|&c| c == colour) {
                    Some(x) => emit(&[-place, self.shows(b, x)]),
                    None => emit(&[-place]),
                };
            }
            for x in 0..self.colours.len() {
                for y in x + 1..self.colours.len() {
                    emit(&[-self.shows(b, x), -self.shows(b, y)]);
                }
            }
        }
        for hint in puzzle.hints() {
            emit(&[self.place(hint.piece, hint.cell, hint.turn.into())]);
        }
        if !pins.is_empty() {
            emit(
                &pins
                    .iter()
                    .map(|h| self.place(h.piece, h.cell, h.turn.into()))
                    .collect::<Vec<_>>(),
            );
        }
        self.variables = variables;
        self.clauses = clauses;
    }

    /// Whether models are the solutions modulo the board's rotations (a
    /// corner piece is pinned); else they are the filled boards.
    pub fn models_are_solutions(&self) -> bool {
        self.pinned
    }

    /// The placement variables: `1..=placements()`.
    #[cfg(test)]
    pub(crate) fn placements(&self) -> u32 {
        self.places.len() as u32
    }

    /// The DIMACS text: a comment header naming every placement variable
    /// (`c place VAR PIECE CELL TURN`, from 0, cells row-major) and what a
    /// model counts, then `p cnf` and the clauses.
    pub fn dimacs(&self) -> String {
        let mut out = Vec::new();
        self.write(&mut out).expect("writing to memory");
        String::from_utf8(out).expect("DIMACS is ASCII but for the puzzle's name")
    }

    fn write(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let height = self.cells / self.width;
        let models = match self.pinned {
            true => "models are solutions modulo the board's rotations (a corner piece pinned)",
            false => "models are filled boards (arrangements)",
        };
        writeln!(
            out,
            "c scramble CNF of {}: {} x {height} framed board; {models}",
            self.name, self.width
        )?;
        writeln!(
            out,
            "c place VAR PIECE CELL TURN: piece (from 0) in cell (row-major, from 0) turned TURN quarter turns clockwise"
        )?;
        for (v, (piece, cell, turn)) in self.places.iter().enumerate() {
            writeln!(out, "c place {} {piece} {cell} {turn}", v + 1)?;
        }
        writeln!(out, "p cnf {} {}", self.variables, self.clauses.len())?;
        self.clauses
            .iter()
            .try_for_each(|clause| super::write_clause(out, clause))
    }

    /// The board a model gives (`(piece, turn)` per cell), if it places
    /// exactly one piece per cell.
    pub fn decode(&self, model: &[i32]) -> Option<Board> {
        let mut board = vec![None; self.cells];
        for &literal in model.iter().filter(|&&l| l > 0 && (l as usize) <= self.places.len()) {
            let (piece, cell, turn) = self.places[literal as usize - 1];
            if board[cell].replace((piece, turn)).is_some() {
                return None;
            }
        }
        board.into_iter().collect()
    }
}
