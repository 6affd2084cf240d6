//! Arrangements: every piece in a cell with a rotation.

use std::fmt;

use super::grid::{Grid, opposite};
use super::{Picture, Puzzle};

/// One cell's content: which piece, turned how many quarter turns clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Placement {
    /// Index of the piece in the puzzle (its color).
    pub piece: usize,
    /// Quarter turns clockwise, 0..4.
    pub rotation: usize,
}

/// `n*n` placements in row-major order (cell `r*n + c` is row `r`, column
/// `c`, row 0 at the top).
///
/// ```
/// use scramble::{Arrangement, Placement, Puzzle};
/// let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
/// let cells = (0..4).map(|piece| Placement { piece, rotation: 0 }).collect();
/// let arrangement = Arrangement::new(2, cells);
/// assert_eq!(arrangement.mismatches(&puzzle).len(), 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Arrangement {
    size: usize,
    cells: Vec<Placement>,
}

impl Arrangement {
    /// An arrangement of an `size x size` grid.
    ///
    /// # Panics
    /// If `cells.len() != size * size`.
    pub fn new(size: usize, cells: Vec<Placement>) -> Self {
        assert_eq!(cells.len(), size * size, "one placement per cell");
        Arrangement { size, cells }
    }

    /// A uniformly random arrangement of an `size x size` grid: the pieces
    /// shuffled over the cells, each turned a random number of quarter
    /// turns, drawn from `rng`. `O(size^2)`.
    ///
    /// ```
    /// use scramble::{Arrangement, Rng};
    /// let a = Arrangement::random(3, &mut Rng::new(1));
    /// let mut pieces: Vec<usize> = a.cells().iter().map(|p| p.piece).collect();
    /// pieces.sort_unstable();
    /// assert_eq!(pieces, (0..9).collect::<Vec<_>>());
    /// ```
    pub fn random(size: usize, rng: &mut crate::rng::Rng) -> Self {
        let mut pieces: Vec<usize> = (0..size * size).collect();
        rng.shuffle(&mut pieces);
        let cells = pieces
            .into_iter()
            .map(|piece| Placement {
                piece,
                rotation: rng.below(4),
            })
            .collect();
        Arrangement::new(size, cells)
    }

    /// `n`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The placements, row-major.
    pub fn cells(&self) -> &[Placement] {
        &self.cells
    }

    /// The picture shown at direction `d` of cell `cell`.
    pub fn side(&self, puzzle: &Puzzle, cell: usize, d: usize) -> Picture {
        let Placement { piece, rotation } = self.cells[cell];
        puzzle.pieces()[piece].side_turned(rotation, d)
    }

    /// Every inner boundary as `(cell, direction, neighbour)`, with direction
    /// 1 (right) or 2 (bottom), in row-major order.
    pub fn inner_boundaries(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        self.grid().inner_boundaries()
    }

    /// The grid's geometry.
    pub fn grid(&self) -> Grid {
        Grid::new(self.size)
    }

    /// The inner boundaries whose two pictures are not complements.
    pub fn mismatches(&self, puzzle: &Puzzle) -> Vec<(usize, usize, usize)> {
        self.inner_boundaries()
            .filter(|&(a, d, b)| !self.side(puzzle, a, d).matches(self.side(puzzle, b, opposite(d))))
            .collect()
    }

    /// Whether every piece is used once and every inner boundary matches.
    pub fn is_solution(&self, puzzle: &Puzzle) -> bool {
        let mut used = vec![false; puzzle.pieces().len()];
        let uses_each_once = self.cells.len() == used.len()
            && self
                .cells
                .iter()
                .all(|p| p.rotation < 4 && !std::mem::replace(&mut used[p.piece], true));
        uses_each_once && self.mismatches(puzzle).is_empty()
    }

    /// The same arrangement with the whole grid turned a quarter turn
    /// clockwise: cell `(r, c)` moves to `(c, n-1-r)` and every piece turns
    /// once more.
    pub fn rotated(&self) -> Arrangement {
        let grid = self.grid();
        let mut cells = self.cells.clone();
        for (cell, p) in self.cells.iter().enumerate() {
            cells[grid.turned_cell(cell)] = Placement {
                piece: p.piece,
                rotation: (p.rotation + 1) % 4,
            };
        }
        Arrangement { size: self.size, cells }
    }

    /// The smallest of the four whole-grid rotations: one representative per
    /// class of solutions counted modulo rotation.
    pub fn canonical(&self) -> Arrangement {
        let mut best = self.clone();
        let mut current = self.clone();
        for _ in 0..3 {
            current = current.rotated();
            best = best.min(current.clone());
        }
        best
    }

    /// The rows of this arrangement as `solve` prints them:
    /// `label@rotation` per cell, the label as [`Puzzle::piece_label`]
    /// gives it. `O(n^2)`.
    ///
    /// ```
    /// let puzzle: scramble::Puzzle = "1+ 1- 1+ 1-\n1+ 1- 1+ 1-\n1+ 1- 1+ 1-\n1+ 1- 1+ 1-".parse().unwrap();
    /// let placements = [(3, 0), (1, 1), (0, 2), (2, 3)].map(|(piece, rotation)| scramble::Placement { piece, rotation });
    /// let arrangement = scramble::Arrangement::new(2, placements.to_vec());
    /// assert_eq!(arrangement.rows(&puzzle), [["#4@0", "#2@1"], ["#1@2", "#3@3"]]);
    /// ```
    pub fn rows(&self, puzzle: &Puzzle) -> Vec<Vec<String>> {
        self.cells
            .chunks(self.size)
            .map(|row| {
                row.iter()
                    .map(|p| format!("{}@{}", puzzle.piece_label(p.piece), p.rotation))
                    .collect()
            })
            .collect()
    }
}

impl fmt::Display for Arrangement {
    /// One row per line, each cell as `piece@rotation` with 1-based pieces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(self.size) {
            let cells: Vec<String> = row.iter().map(|p| format!("#{}@{}", p.piece + 1, p.rotation)).collect();
            writeln!(f, "{}", cells.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solved() -> (Puzzle, Arrangement) {
        // 1+ on the right of cell 0 meets 1- on the left of cell 1, and so on.
        let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 5+ 3+ 3-\n4- 3- 3+ 5-".parse().unwrap();
        let cells = (0..4).map(|piece| Placement { piece, rotation: 0 }).collect();
        (puzzle, Arrangement::new(2, cells))
    }

    #[test]
    fn a_planted_solution_is_a_solution() {
        let (puzzle, a) = solved();
        assert!(a.is_solution(&puzzle), "{:?}", a.mismatches(&puzzle));
    }

    #[test]
    fn whole_grid_rotations_stay_solutions_and_cycle() {
        let (puzzle, a) = solved();
        let r = a.rotated();
        assert_ne!(r, a);
        assert!(r.is_solution(&puzzle));
        assert_eq!(r.rotated().rotated().rotated(), a);
        assert_eq!(r.canonical(), a.canonical());
    }

    #[test]
    fn a_turned_piece_breaks_the_solution() {
        let (puzzle, a) = solved();
        let mut cells = a.cells().to_vec();
        cells[3].rotation = 1;
        assert!(!Arrangement::new(2, cells).is_solution(&puzzle));
    }

    #[test]
    fn inner_boundaries_of_a_3x3() {
        let a = Arrangement::new(3, vec![Placement { piece: 0, rotation: 0 }; 9]);
        assert_eq!(a.inner_boundaries().count(), 12);
    }
}
