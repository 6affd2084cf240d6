//! A SAT encoding of a puzzle as DIMACS CNF, to compare the backtracker with
//! SAT solvers (Heule-style: one-hot placements, pictures on the boundaries).
//!
//! Variables, numbered from 1:
//! - **placements** `place(piece, cell, rotation)`, for every piece, cell and
//!   rotation: exactly one per cell and exactly one per piece (at least one
//!   as a clause, at most one by Sinz's sequential counter);
//! - **boundary pictures** `shows(boundary, picture)`: the picture that the
//!   first cell of an inner boundary (the upper or left one) shows there, at
//!   most one per boundary. A placement implies the picture it shows on each
//!   of its cell's inner boundaries (the second cell's side must be the
//!   complement), so two neighbours match exactly when their implications
//!   agree;
//! - the sequential counters' auxiliary variables, after all of those.
//!
//! Whole-grid rotations are removed by fixing piece 0 at rotation 0 (turning
//! a solution a quarter turn adds one to every piece's rotation), so models
//! and solutions modulo rotation correspond one to one. The comment header
//! of [`Cnf::dimacs`] lists every placement and boundary variable, so a
//! model can be read back without this code; [`Cnf::decode`] does it here.

use crate::puzzle::grid::{Grid, opposite};
use crate::{Arrangement, Picture, Placement, Puzzle, Sign};

/// A puzzle's CNF encoding.
///
/// ```
/// use scramble::render::cnf::Cnf;
/// let puzzle: scramble::Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let cnf = Cnf::new(&puzzle);
/// assert!(cnf.dimacs().contains("p cnf"));
/// // The planted solution, as a model: its placements true, the rest false.
/// let planted = scramble::Arrangement::new(2, (0..4).map(|piece| scramble::Placement { piece, rotation: 0 }).collect());
/// let model: Vec<i32> = (1..=cnf.variables() as i32)
///     .map(|v| if cnf.placement(v as u32).is_some_and(|(c, p)| planted.cells()[c] == p) { v } else { -v })
///     .collect();
/// assert_eq!(cnf.decode(&model), Some(planted));
/// ```
///
/// # Complexity
/// `O(N^2)` placement variables and `O(N^2 + B * P^2)` clauses for `N`
/// pieces, `B` inner boundaries and `P` pictures.
#[derive(Clone, Debug)]
pub struct Cnf {
    name: String,
    n: usize,
    pictures: Vec<Picture>,
    boundaries: Vec<(usize, usize, usize)>,
    variables: u32,
    clauses: Vec<Vec<i32>>,
}

impl Cnf {
    /// The largest grid exported: a 16x16 puzzle has 262,144 placement
    /// variables (4 n^4); the DIMACS text grows as n^6 beyond that.
    pub const MAX_SIZE: usize = 16;

    /// Encodes `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Self {
        let mut cnf = Cnf::layout(puzzle);
        let mut clauses = Vec::new();
        cnf.encode(puzzle, &mut |clause| {
            clauses.push(clause.to_vec());
            true
        });
        cnf.clauses = clauses;
        cnf
    }

    /// The variables of `puzzle` without its clauses (none made yet).
    fn layout(puzzle: &Puzzle) -> Self {
        let n = puzzle.size();
        // In pattern order, `-` before `+`; a self-matching pattern has one
        // picture, `X=`, its own complement.
        let pictures = puzzle
            .patterns()
            .into_iter()
            .flat_map(|p| match puzzle.is_self_matching(p) {
                true => vec![Picture::new(p, Sign::Same)],
                false => vec![Picture::new(p, Sign::Minus), Picture::new(p, Sign::Plus)],
            })
            .collect();
        let boundaries = Grid::new(n).inner_boundaries().collect();
        let mut cnf = Cnf {
            name: puzzle.name().to_string(),
            n,
            pictures,
            boundaries,
            variables: 0,
            clauses: Vec::new(),
        };
        cnf.variables = cnf.first_aux() - 1;
        cnf
    }

    /// Makes every clause, in order, handing each to `emit` (nothing is
    /// kept), and numbers the counters' variables; gives up at the end of
    /// the group or boundary in which `emit` said `false`.
    fn encode(&mut self, puzzle: &Puzzle, emit: &mut dyn FnMut(&[i32]) -> bool) {
        if !self.one_hot(emit) || !self.matching(puzzle, emit) {
            return;
        }
        for (cell, rotation) in itertools::iproduct!(0..self.cells(), 1..4) {
            emit(&[-self.place(0, cell, rotation)]);
        }
    }

    /// The number of clauses of `puzzle`'s encoding, without making them:
    /// `2 N (3k - 3)` for the one-hot groups (`k = 4N` placements each),
    /// `B (8N + P (P - 1) / 2)` for the boundaries and `3N` for the fixed
    /// rotation, for `N` pieces, `B` inner boundaries and `P` pictures.
    /// `O(P)`.
    ///
    /// ```
    /// let puzzle: scramble::Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
    /// let cnf = scramble::render::cnf::Cnf::new(&puzzle);
    /// assert_eq!(scramble::render::cnf::Cnf::clauses_of(&puzzle), cnf.clauses().len() as u64);
    /// ```
    pub fn clauses_of(puzzle: &Puzzle) -> u64 {
        let layout = Cnf::layout(puzzle);
        let (cells, pictures) = (layout.cells() as u64, layout.pictures.len() as u64);
        let k = 4 * cells;
        let one_hot = 2 * cells * (3 * k - 3);
        let boundaries = layout.boundaries.len() as u64 * (8 * cells + pictures * pictures.saturating_sub(1) / 2);
        one_hot + boundaries + 3 * cells
    }

    fn cells(&self) -> usize {
        self.n * self.n
    }

    /// The variable of `piece` in `cell` turned `rotation` times.
    pub fn place(&self, piece: usize, cell: usize, rotation: usize) -> i32 {
        (1 + (piece * self.cells() + cell) * 4 + rotation) as i32
    }

    /// The variable of boundary `b` showing picture number `x` on its first
    /// cell's side.
    fn shows(&self, b: usize, x: usize) -> i32 {
        (1 + 4 * self.cells() * self.cells() + b * self.pictures.len() + x) as i32
    }

    fn first_aux(&self) -> u32 {
        self.shows(self.boundaries.len(), 0) as u32
    }

    /// The number of variables.
    pub fn variables(&self) -> u32 {
        self.variables
    }

    /// The clauses, as DIMACS literals.
    pub fn clauses(&self) -> &[Vec<i32>] {
        &self.clauses
    }

    /// `(cell, placement)` of a placement variable, `None` for the others.
    pub fn placement(&self, variable: u32) -> Option<(usize, Placement)> {
        let index = (variable as usize).checked_sub(1)?;
        let (rest, rotation) = (index / 4, index % 4);
        let (piece, cell) = (rest / self.cells(), rest % self.cells());
        (piece < self.cells()).then_some((cell, Placement { piece, rotation }))
    }

    fn fresh(&mut self) -> i32 {
        self.variables += 1;
        self.variables as i32
    }

    /// Exactly one placement per cell and per piece.
    fn one_hot(&mut self, emit: &mut dyn FnMut(&[i32]) -> bool) -> bool {
        let n2 = self.cells();
        for cell in 0..n2 {
            let group: Vec<i32> = (0..n2 * 4).map(|i| self.place(i / 4, cell, i % 4)).collect();
            if !self.exactly_one(&group, emit) {
                return false;
            }
        }
        for piece in 0..n2 {
            let group: Vec<i32> = (0..n2 * 4).map(|i| self.place(piece, i / 4, i % 4)).collect();
            if !self.exactly_one(&group, emit) {
                return false;
            }
        }
        true
    }

    fn exactly_one(&mut self, group: &[i32], emit: &mut dyn FnMut(&[i32]) -> bool) -> bool {
        let going = emit(group);
        self.at_most_one(group, emit);
        going
    }

    /// Sinz's sequential counter ([`at_most_one`]) over this encoding's
    /// fresh variables.
    fn at_most_one(&mut self, group: &[i32], emit: &mut dyn FnMut(&[i32]) -> bool) {
        at_most_one(group, &mut || self.fresh(), emit);
    }

    /// Placements imply the pictures on their boundaries; at most one
    /// picture per boundary.
    fn matching(&mut self, puzzle: &Puzzle, emit: &mut dyn FnMut(&[i32]) -> bool) -> bool {
        let number = |pictures: &[Picture], x: Picture| pictures.iter().position(|&p| p == x);
        for (b, &(first, d, second)) in self.boundaries.iter().enumerate() {
            let mut going = true;
            for (piece, rotation) in itertools::iproduct!(0..self.cells(), 0..4) {
                let sides = [
                    (first, puzzle.pieces()[piece].side_turned(rotation, d)),
                    (
                        second,
                        puzzle.pieces()[piece].side_turned(rotation, opposite(d)).complement(),
                    ),
                ];
                for (cell, wanted) in sides {
                    let place = self.place(piece, cell, rotation);
                    going &= match number(&self.pictures, wanted) {
                        Some(x) => emit(&[-place, self.shows(b, x)]),
                        None => emit(&[-place]),
                    };
                }
            }
            for x in 0..self.pictures.len() {
                for y in x + 1..self.pictures.len() {
                    going &= emit(&[-self.shows(b, x), -self.shows(b, y)]);
                }
            }
            if !going {
                return false;
            }
        }
        true
    }

    /// The DIMACS text: a comment header naming every placement and boundary
    /// variable (`c place VAR PIECE CELL ROTATION`, pieces and cells from 0,
    /// cells row-major; `c shows VAR CELL DIRECTION NEIGHBOUR PICTURE`), then
    /// `p cnf` and the clauses.
    pub fn dimacs(&self) -> String {
        let mut out = Vec::new();
        self.header(&mut out, self.variables, self.clauses.len() as u64)
            .expect("writing to memory");
        for clause in &self.clauses {
            write_clause(&mut out, clause).expect("writing to memory");
        }
        String::from_utf8(out).expect("DIMACS is ASCII but for the puzzle's name")
    }

    /// The DIMACS text of `puzzle` ([`Cnf::dimacs`]), written to `out` as
    /// the clauses are made: memory stays `O(N)` for `N` pieces whatever
    /// the number of clauses ([`Cnf::clauses_of`] gives it beforehand).
    ///
    /// ```
    /// let puzzle: scramble::Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
    /// let mut streamed = Vec::new();
    /// scramble::render::cnf::Cnf::write_dimacs(&puzzle, &mut streamed).unwrap();
    /// assert_eq!(String::from_utf8(streamed).unwrap(), scramble::render::cnf::Cnf::new(&puzzle).dimacs());
    /// ```
    pub fn write_dimacs(puzzle: &Puzzle, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let mut cnf = Cnf::layout(puzzle);
        let cells = cnf.cells() as u32;
        // The counters' fresh variables: 4N - 1 per one-hot group, 2N groups.
        let variables = cnf.variables + 2 * cells * (4 * cells - 1);
        cnf.header(out, variables, Cnf::clauses_of(puzzle))?;
        let mut failed = None;
        cnf.encode(puzzle, &mut |clause| {
            if failed.is_none() {
                failed = write_clause(out, clause).err();
            }
            failed.is_none()
        });
        failed.map_or(Ok(()), Err)
    }

    /// The comment header and the `p cnf` line.
    fn header(&self, out: &mut dyn std::io::Write, variables: u32, clauses: u64) -> std::io::Result<()> {
        writeln!(
            out,
            "c scramble CNF of {}: {n}x{n} grid, {} pictures; piece 0 fixed at rotation 0",
            self.name,
            self.pictures.len(),
            n = self.n
        )?;
        writeln!(
            out,
            "c place VAR PIECE CELL ROTATION: piece (from 0) in cell (row-major, from 0) turned ROTATION quarter turns clockwise"
        )?;
        writeln!(
            out,
            "c shows VAR CELL DIRECTION NEIGHBOUR PICTURE: CELL shows PICTURE towards NEIGHBOUR (direction 1 right, 2 down)"
        )?;
        for (piece, cell, rotation) in itertools::iproduct!(0..self.cells(), 0..self.cells(), 0..4) {
            writeln!(
                out,
                "c place {} {piece} {cell} {rotation}",
                self.place(piece, cell, rotation)
            )?;
        }
        for (b, &(cell, d, neighbour)) in self.boundaries.iter().enumerate() {
            for (x, picture) in self.pictures.iter().enumerate() {
                writeln!(out, "c shows {} {cell} {d} {neighbour} {picture}", self.shows(b, x))?;
            }
        }
        writeln!(out, "c variables from {} on: at-most-one counters", self.first_aux())?;
        writeln!(out, "p cnf {variables} {clauses}")
    }

    /// The arrangement a model gives (literals as a SAT solver prints them,
    /// any order; missing variables are false), if it places exactly one
    /// piece per cell.
    pub fn decode(&self, model: &[i32]) -> Option<Arrangement> {
        let mut cells = vec![None; self.cells()];
        for &literal in model.iter().filter(|&&l| l > 0) {
            if let Some((cell, placement)) = self.placement(literal as u32)
                && cells[cell].replace(placement).is_some()
            {
                return None;
            }
        }
        let cells: Option<Vec<Placement>> = cells.into_iter().collect();
        Some(Arrangement::new(self.n, cells?))
    }
}

/// At most one of `group` true, by Sinz's sequential counter: `3k` clauses
/// and `k - 1` variables from `fresh`.
pub(crate) fn at_most_one(group: &[i32], fresh: &mut dyn FnMut() -> i32, emit: &mut dyn FnMut(&[i32]) -> bool) {
    let Some((&last, rest)) = group.split_last() else {
        return;
    };
    let mut previous: Option<i32> = None;
    for &x in rest {
        let s = fresh();
        emit(&[-x, s]);
        if let Some(p) = previous {
            emit(&[-p, s]);
            emit(&[-x, -p]);
        }
        previous = Some(s);
    }
    if let Some(p) = previous {
        emit(&[-last, -p]);
    }
}

/// One clause as a DIMACS line: its literals, then `0`.
pub(crate) fn write_clause(out: &mut dyn std::io::Write, clause: &[i32]) -> std::io::Result<()> {
    for literal in clause {
        write!(out, "{literal} ")?;
    }
    out.write_all(b"0\n")
}

mod edge;
#[cfg(test)]
mod judged_by_varisat;

pub use edge::EdgeCnf;
