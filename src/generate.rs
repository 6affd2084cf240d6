//! Random puzzles with a planted solution.
//!
//! [`planted`] lays out an `n x n` grid, gives every inner boundary a random
//! picture on one side and its complement on the other, gives every border
//! side a random picture, then turns every piece randomly and shuffles the
//! pieces. The returned [`Arrangement`] puts them back: it is a solution.
//! Work is linear in the number of cells (times the retries asked for).
//!
//! [`Recipe`] names a whole family of such puzzles: puzzle `index` of a
//! recipe is drawn from its own stream [`Rng::stream`]`(seed, index)`, so it
//! does not depend on which other puzzles were drawn, or on which thread.
//! [`Recipe::keep`] draws candidates in parallel and keeps, in index order,
//! those a filter accepts (e.g. puzzles with a unique solution).

use crate::puzzle::grid::{BOTTOM, Grid, LEFT, RIGHT, TOP, opposite};
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

/// A family of planted puzzles: size, patterns, options and seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// `n` of the `n x n` grid.
    pub size: usize,
    /// Patterns `1..=patterns`.
    pub patterns: u32,
    /// The run's seed.
    pub seed: u64,
    /// How each puzzle is planted.
    pub options: PlantOptions,
}

/// A puzzle drawn from a [`Recipe`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// Its index in the recipe's candidates (its RNG stream).
    pub index: u64,
    /// The puzzle, named by [`Recipe::name`].
    pub puzzle: Puzzle,
    /// The planted solution.
    pub solution: Arrangement,
}

impl Recipe {
    /// The name of candidate `index`: `s3-k4-seed7-0001` for index 0, with
    /// `-rf` after the seed for repetition-free pieces.
    pub fn name(&self, index: u64) -> String {
        let rf = if self.options.repetition_free { "-rf" } else { "" };
        format!(
            "s{}-k{}-seed{}{rf}-{:04}",
            self.size,
            self.patterns,
            self.seed,
            index + 1
        )
    }

    /// Candidate `index`: [`planted`] with `Rng::stream(seed, index)`.
    ///
    /// ```
    /// use scramble::generate::{PlantOptions, Recipe};
    /// let recipe = Recipe { size: 3, patterns: 4, seed: 7, options: PlantOptions::default() };
    /// let drawn = recipe.draw(0).unwrap();
    /// assert_eq!(drawn.puzzle.name(), "s3-k4-seed7-0001");
    /// assert!(drawn.solution.is_solution(&drawn.puzzle));
    /// assert_eq!(drawn, recipe.draw(0).unwrap());
    /// ```
    pub fn draw(&self, index: u64) -> Result<Drawn> {
        let mut rng = Rng::stream(self.seed, index);
        let (puzzle, solution) = planted(self.size, self.patterns, &mut rng, self.options)?;
        Ok(Drawn {
            index,
            puzzle: puzzle.with_name(self.name(index)),
            solution,
        })
    }

    /// The first `wanted` candidates that `accept` keeps, in index order,
    /// and how many candidates were drawn to find them (at most
    /// `max_draws`; fewer kept when that runs out). Candidates are drawn
    /// and tested in parallel batches; the result does not depend on the
    /// threads. `progress` is called once per candidate tested.
    ///
    /// ```
    /// use scramble::generate::{PlantOptions, Recipe};
    /// let recipe = Recipe { size: 2, patterns: 3, seed: 1, options: PlantOptions::default() };
    /// let (kept, drawn) = recipe.keep(3, 100, |d| d.puzzle.is_repetition_free(), &|| ()).unwrap();
    /// assert!(kept.iter().all(|d| d.puzzle.is_repetition_free()));
    /// assert!(drawn >= kept.len() as u64);
    /// ```
    pub fn keep(
        &self,
        wanted: usize,
        max_draws: u64,
        accept: impl Fn(&Drawn) -> bool + Sync,
        progress: &(dyn Fn() + Sync),
    ) -> Result<(Vec<Drawn>, u64)> {
        use rayon::prelude::*;
        let batch = 64 * rayon::current_num_threads().max(1) as u64;
        let mut kept = Vec::with_capacity(wanted);
        let mut next = 0;
        while kept.len() < wanted && next < max_draws {
            let end = (next + batch).min(max_draws);
            let tested: Vec<Option<Drawn>> = (next..end)
                .into_par_iter()
                .map(|index| {
                    let drawn = self.draw(index)?;
                    progress();
                    Ok(accept(&drawn).then_some(drawn))
                })
                .collect::<Result<_>>()?;
            for drawn in tested.into_iter().flatten() {
                if kept.len() == wanted {
                    break;
                }
                next = drawn.index + 1;
                kept.push(drawn);
            }
            if kept.len() < wanted {
                next = end;
            }
        }
        Ok((kept, next))
    }
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
    let shape = Grid::new(n);
    for cell in shape.cells() {
        let top = shape.neighbour(cell, TOP).map(|above| grid[above][BOTTOM].complement());
        let left = shape
            .neighbour(cell, LEFT)
            .map(|before| grid[before][RIGHT].complement());
        let sides = (0..PIECE_ATTEMPTS)
            .map(|_| {
                let mut s: [Picture; 4] = std::array::from_fn(|_| random_picture(patterns, rng));
                s[TOP] = top.unwrap_or(s[TOP]);
                s[LEFT] = left.unwrap_or(s[LEFT]);
                s
            })
            .find(|s| !repetition_free || !has_repetition(s))?;
        grid.push(sides);
    }
    Some(grid)
}

/// Copies pieces onto other cells, rewriting the copies' neighbours so the
/// grid stays solved. A copied piece and its source are never touched again.
fn make_identical(grid: &mut [[Picture; 4]], n: usize, options: PlantOptions, rng: &mut Rng) -> bool {
    let shape = Grid::new(n);
    let mut locked = vec![false; n * n];
    let mut made = 0;
    for _ in 0..PIECE_ATTEMPTS * (options.identical + 1) {
        if made == options.identical {
            break;
        }
        let (source, target) = (rng.below(n * n), rng.below(n * n));
        let free = |cell: usize| !locked[cell] && shape.neighbours(cell).all(|(_, nb)| !locked[nb] && nb != source);
        if source == target || !free(target) {
            continue;
        }
        let turned = Piece::new(grid[source]).rotated(rng.below(4)).sides();
        let mut trial = grid.to_vec();
        trial[target] = turned;
        for (d, nb) in shape.neighbours(target) {
            trial[nb][opposite(d)] = turned[d].complement();
        }
        if options.repetition_free && shape.neighbours(target).any(|(_, nb)| has_repetition(&trial[nb])) {
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
    fn recipe_candidates_depend_on_seed_and_index_only() {
        let recipe = Recipe {
            size: 3,
            patterns: 4,
            seed: 9,
            options: options(true, 0),
        };
        let drawn = recipe.draw(5).unwrap();
        assert_eq!(drawn.puzzle.name(), "s3-k4-seed9-rf-0006");
        assert!(drawn.puzzle.is_repetition_free() && drawn.solution.is_solution(&drawn.puzzle));
        assert_eq!(drawn, recipe.draw(5).unwrap());
        assert_ne!(drawn.puzzle.pieces(), recipe.draw(6).unwrap().puzzle.pieces());
        let other_seed = Recipe { seed: 10, ..recipe };
        assert_ne!(drawn.puzzle.pieces(), other_seed.draw(5).unwrap().puzzle.pieces());
    }

    #[test]
    fn keep_takes_the_first_accepted_candidates_in_index_order() {
        let recipe = Recipe {
            size: 2,
            patterns: 2,
            seed: 3,
            options: options(false, 0),
        };
        let accept = |d: &Drawn| d.puzzle.pieces()[0].side(0) == Picture::plus(1);
        let (kept, drawn) = recipe.keep(5, 1000, accept, &|| ()).unwrap();
        let expected: Vec<u64> = (0..).filter(|&i| accept(&recipe.draw(i).unwrap())).take(5).collect();
        assert_eq!(kept.iter().map(|d| d.index).collect::<Vec<_>>(), expected);
        assert_eq!(drawn, expected[4] + 1);
        let (few, drawn) = recipe.keep(5, 3, |_| false, &|| ()).unwrap();
        assert!(few.is_empty());
        assert_eq!(drawn, 3);
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
