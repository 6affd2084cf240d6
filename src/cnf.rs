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

/// The largest grid exported: a 16x16 puzzle has 262,144 placement
/// variables (4 n^4); the DIMACS text grows as n^6 beyond that.
pub const MAX_SIZE: usize = 16;

use std::fmt::Write;

use crate::puzzle::grid::{Grid, opposite};
use crate::{Arrangement, Picture, Placement, Puzzle, Sign};

/// A puzzle's CNF encoding.
///
/// ```
/// use scramble::cnf::Cnf;
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
    /// Encodes `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Self {
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
        cnf.one_hot();
        cnf.matching(puzzle);
        let turned: Vec<Vec<i32>> = itertools::iproduct!(0..cnf.cells(), 1..4)
            .map(|(cell, rotation)| vec![-cnf.place(0, cell, rotation)])
            .collect();
        cnf.clauses.extend(turned);
        cnf
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
    fn one_hot(&mut self) {
        let n2 = self.cells();
        for cell in 0..n2 {
            let group: Vec<i32> = (0..n2 * 4).map(|i| self.place(i / 4, cell, i % 4)).collect();
            self.exactly_one(&group);
        }
        for piece in 0..n2 {
            let group: Vec<i32> = (0..n2 * 4).map(|i| self.place(piece, i / 4, i % 4)).collect();
            self.exactly_one(&group);
        }
    }

    fn exactly_one(&mut self, group: &[i32]) {
        self.clauses.push(group.to_vec());
        self.at_most_one(group);
    }

    /// Sinz's sequential counter: `3k` clauses and `k - 1` fresh variables.
    fn at_most_one(&mut self, group: &[i32]) {
        let Some((&last, rest)) = group.split_last() else {
            return;
        };
        let mut previous: Option<i32> = None;
        for &x in rest {
            let s = self.fresh();
            self.clauses.push(vec![-x, s]);
            if let Some(p) = previous {
                self.clauses.push(vec![-p, s]);
                self.clauses.push(vec![-x, -p]);
            }
            previous = Some(s);
        }
        if let Some(p) = previous {
            self.clauses.push(vec![-last, -p]);
        }
    }

    /// Placements imply the pictures on their boundaries; at most one
    /// picture per boundary.
    fn matching(&mut self, puzzle: &Puzzle) {
        let number = |pictures: &[Picture], x: Picture| pictures.iter().position(|&p| p == x);
        for (b, &(first, d, second)) in self.boundaries.clone().iter().enumerate() {
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
                    let clause = match number(&self.pictures, wanted) {
                        Some(x) => vec![-place, self.shows(b, x)],
                        None => vec![-place],
                    };
                    self.clauses.push(clause);
                }
            }
            for x in 0..self.pictures.len() {
                for y in x + 1..self.pictures.len() {
                    self.clauses.push(vec![-self.shows(b, x), -self.shows(b, y)]);
                }
            }
        }
    }

    /// The DIMACS text: a comment header naming every placement and boundary
    /// variable (`c place VAR PIECE CELL ROTATION`, pieces and cells from 0,
    /// cells row-major; `c shows VAR CELL DIRECTION NEIGHBOUR PICTURE`), then
    /// `p cnf` and the clauses.
    pub fn dimacs(&self) -> String {
        let mut out = format!(
            "c scramble CNF of {}: {n}x{n} grid, {} pictures; piece 0 fixed at rotation 0\n",
            self.name,
            self.pictures.len(),
            n = self.n
        );
        out += "c place VAR PIECE CELL ROTATION: piece (from 0) in cell (row-major, from 0) turned ROTATION quarter turns clockwise\n";
        out += "c shows VAR CELL DIRECTION NEIGHBOUR PICTURE: CELL shows PICTURE towards NEIGHBOUR (direction 1 right, 2 down)\n";
        for (piece, cell, rotation) in itertools::iproduct!(0..self.cells(), 0..self.cells(), 0..4) {
            let _ = writeln!(
                out,
                "c place {} {piece} {cell} {rotation}",
                self.place(piece, cell, rotation)
            );
        }
        for (b, &(cell, d, neighbour)) in self.boundaries.iter().enumerate() {
            for (x, picture) in self.pictures.iter().enumerate() {
                let _ = writeln!(out, "c shows {} {cell} {d} {neighbour} {picture}", self.shows(b, x));
            }
        }
        let _ = writeln!(out, "c variables from {} on: at-most-one counters", self.first_aux());
        let _ = writeln!(out, "p cnf {} {}", self.variables, self.clauses.len());
        for clause in &self.clauses {
            for literal in clause {
                let _ = write!(out, "{literal} ");
            }
            out += "0\n";
        }
        out
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

#[cfg(test)]
mod judged_by_varisat;
