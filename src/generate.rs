//! Random puzzles with a planted solution.
//!
//! [`planted`] lays out an `n x n` grid, gives every inner boundary a random
//! picture on one side and its complement on the other, gives every border
//! side a random picture, then turns every piece randomly and shuffles the
//! pieces. The returned [`Arrangement`] puts them back: it is a solution.
//! Work is linear in the number of cells (times the retries asked for).

use crate::rng::Rng;
use crate::{Arrangement, Error, Pattern, Picture, Piece, Placement, Puzzle, Result, Sign};

/// How to draw a planted puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlantOptions {
    /// Redraw a piece's free sides until no picture repeats on it.
    pub repetition_free: bool,
    /// How many pieces are made exact copies of another piece (turned
    /// randomly), the puzzle staying solvable.
    pub identical: usize,
}

/// Draws attempts per piece before the whole grid is started again.
const PIECE_ATTEMPTS: usize = 64;
/// Whole-grid attempts before giving up.
const GRID_ATTEMPTS: usize = 1000;

/// A random `size x size` puzzle over patterns `1..=patterns` with a planted
/// solution, named `planted-<size>x<size>`.
///
/// Fails when the options cannot be met: no patterns, a size below 2,
/// repetition-free pieces from one pattern, or more identical pieces than
/// the grid can hold.
///
/// ```
/// use scramble::generate::{planted, PlantOptions};
/// use scramble::rng::Rng;
/// let options = PlantOptions { repetition_free: true, identical: 0 };
/// let (puzzle, solution) = planted(3, 4, &mut Rng::new(1), options).unwrap();
/// assert_eq!(puzzle.size(), 3);
/// assert!(puzzle.is_repetition_free());
/// assert!(solution.is_solution(&puzzle));
/// ```
pub fn planted(size: usize, patterns: u32, rng: &mut Rng, options: PlantOptions) -> Result<(Puzzle, Arrangement)> {
    check(size, patterns, options)?;
    for _ in 0..GRID_ATTEMPTS {
        let Some(mut grid) = solved_grid(size, patterns, rng, options.repetition_free) else {
            continue;
        };
        if make_identical(&mut grid, size, options, rng) {
            return Ok(scatter(grid, size, rng));
        }
    }
    Err(Error::Usage(format!(
        "cannot plant a {size}x{size} puzzle over {patterns} patterns with {options:?} after {GRID_ATTEMPTS} attempts: \
         use more patterns, fewer identical pieces or a larger grid"
    )))
}

fn check(size: usize, patterns: u32, options: PlantOptions) -> Result<()> {
    if size < 2 {
        return Err(Error::Usage(format!("grid size {size} is too small: use 2 or more")));
    }
    if patterns == 0 || (options.repetition_free && patterns < 2) {
        return Err(Error::Usage(format!(
            "{patterns} patterns cannot make {}pieces: use at least {}",
            if options.repetition_free {
                "repetition-free "
            } else {
                ""
            },
            if options.repetition_free { 2 } else { 1 }
        )));
    }
    if options.identical >= size * size {
        return Err(Error::Usage(format!(
            "{} identical pieces do not fit a {size}x{size} grid: use fewer than {}",
            options.identical,
            size * size
        )));
    }
    Ok(())
}

fn random_picture(patterns: u32, rng: &mut Rng) -> Picture {
    let pattern = Pattern::new(rng.below(patterns as usize) as u32 + 1);
    Picture::new(pattern, if rng.coin() { Sign::Plus } else { Sign::Minus })
}

fn has_repetition(sides: &[Picture; 4]) -> bool {
    Piece::new(*sides).has_repetition()
}

/// Cells in row-major order, each `[top, right, bottom, left]` as solved;
/// `None` when a piece could not be made repetition-free.
fn solved_grid(n: usize, patterns: u32, rng: &mut Rng, repetition_free: bool) -> Option<Vec<[Picture; 4]>> {
    let mut grid: Vec<[Picture; 4]> = Vec::with_capacity(n * n);
    for cell in 0..n * n {
        let (r, c) = (cell / n, cell % n);
        let top = (r > 0).then(|| grid[cell - n][2].complement());
        let left = (c > 0).then(|| grid[cell - 1][1].complement());
        let sides = (0..PIECE_ATTEMPTS)
            .map(|_| {
                let mut s: [Picture; 4] = std::array::from_fn(|_| random_picture(patterns, rng));
                s[0] = top.unwrap_or(s[0]);
                s[3] = left.unwrap_or(s[3]);
                s
            })
            .find(|s| !repetition_free || !has_repetition(s))?;
        grid.push(sides);
    }
    Some(grid)
}

/// The in-grid neighbours of `cell` as `(direction, neighbour)`.
fn neighbours(n: usize, cell: usize) -> impl Iterator<Item = (usize, usize)> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (c + 1 < n).then(|| cell + 1),
        (r + 1 < n).then(|| cell + n),
        (c > 0).then(|| cell - 1),
    ]
    .into_iter()
    .enumerate()
    .filter_map(|(d, nb)| nb.map(|nb| (d, nb)))
}

/// Copies pieces onto other cells, rewriting the copies' neighbours so the
/// grid stays solved. A copied piece and its source are never touched again.
fn make_identical(grid: &mut [[Picture; 4]], n: usize, options: PlantOptions, rng: &mut Rng) -> bool {
    let mut locked = vec![false; n * n];
    let mut made = 0;
    for _ in 0..PIECE_ATTEMPTS * (options.identical + 1) {
        if made == options.identical {
            break;
        }
        let (source, target) = (rng.below(n * n), rng.below(n * n));
        let free = |cell: usize| !locked[cell] && neighbours(n, cell).all(|(_, nb)| !locked[nb] && nb != source);
        if source == target || !free(target) {
            continue;
        }
        let turned = Piece::new(grid[source]).rotated(rng.below(4)).sides();
        let mut trial = grid.to_vec();
        trial[target] = turned;
        for (d, nb) in neighbours(n, target) {
            trial[nb][(d + 2) % 4] = turned[d].complement();
        }
        if options.repetition_free && neighbours(n, target).any(|(_, nb)| has_repetition(&trial[nb])) {
            continue;
        }
        grid.copy_from_slice(&trial);
        locked[source] = true;
        locked[target] = true;
        made += 1;
    }
    made == options.identical
}

/// Turns every piece randomly and shuffles them; returns the puzzle and the
/// arrangement that solves it.
fn scatter(grid: Vec<[Picture; 4]>, n: usize, rng: &mut Rng) -> (Puzzle, Arrangement) {
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let turns: Vec<usize> = (0..n * n).map(|_| rng.below(4)).collect();
    // Piece `i` is cell `order[i]` turned back by `turns[i]`: turning it
    // `turns[i]` times clockwise restores the solved sides.
    let pieces = order
        .iter()
        .zip(&turns)
        .map(|(&cell, &t)| Piece::new(grid[cell]).rotated(4 - t))
        .collect();
    let mut cells = vec![Placement { piece: 0, rotation: 0 }; n * n];
    for (piece, (&cell, &rotation)) in order.iter().zip(&turns).enumerate() {
        cells[cell] = Placement { piece, rotation };
    }
    let puzzle = Puzzle::new(pieces)
        .expect("n*n pieces with n >= 2")
        .with_name(format!("planted-{n}x{n}"));
    (puzzle, Arrangement::new(n, cells))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(repetition_free: bool, identical: usize) -> PlantOptions {
        PlantOptions {
            repetition_free,
            identical,
        }
    }

    #[test]
    fn planted_solutions_solve_their_puzzles() {
        let mut rng = Rng::new(11);
        for size in 2..=8 {
            for patterns in [1, 2, 4, 9] {
                let (puzzle, solution) = planted(size, patterns, &mut rng, options(false, 0)).unwrap();
                assert_eq!(puzzle.pieces().len(), size * size);
                assert!(solution.is_solution(&puzzle), "{puzzle}\n{solution}");
                assert!(puzzle.patterns().len() <= patterns as usize);
            }
        }
    }

    #[test]
    fn repetition_free_when_asked() {
        let mut rng = Rng::new(5);
        for size in 2..=6 {
            let (puzzle, solution) = planted(size, 2, &mut rng, options(true, 0)).unwrap();
            assert!(puzzle.is_repetition_free(), "{puzzle}");
            assert!(solution.is_solution(&puzzle));
        }
    }

    #[test]
    fn identical_pieces_are_copies_up_to_rotation() {
        let mut rng = Rng::new(8);
        for (size, identical) in [(2, 1), (3, 2), (4, 3), (5, 4)] {
            let (puzzle, solution) = planted(size, 3, &mut rng, options(size > 2, identical)).unwrap();
            assert!(solution.is_solution(&puzzle));
            let classes: std::collections::BTreeSet<Piece> = puzzle
                .pieces()
                .iter()
                .map(|p| (0..4).map(|r| p.rotated(r)).min().unwrap())
                .collect();
            assert!(classes.len() <= size * size - identical, "{puzzle}");
        }
    }

    #[test]
    fn same_seed_same_puzzle() {
        let a = planted(4, 3, &mut Rng::new(42), options(true, 1)).unwrap();
        let b = planted(4, 3, &mut Rng::new(42), options(true, 1)).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn impossible_options_are_errors() {
        let mut rng = Rng::new(1);
        assert!(planted(1, 3, &mut rng, options(false, 0)).is_err());
        assert!(planted(3, 0, &mut rng, options(false, 0)).is_err());
        let err = planted(3, 1, &mut rng, options(true, 0)).unwrap_err().to_string();
        assert!(err.contains("at least 2"), "{err}");
        assert!(planted(2, 2, &mut rng, options(false, 4)).is_err());
    }
}
