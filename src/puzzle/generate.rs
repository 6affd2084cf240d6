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
//! [`Recipe::keep_styled`] draws candidates in parallel and keeps, in index order,
//! those a filter accepts (e.g. puzzles with a unique solution).
//!
//! [`Style`] says how the solved grid's pictures are drawn: uniformly
//! ([`Style::Planted`], the planted population) or in the layout of the
//! real commercial puzzles ([`Style::Commercial`]: 3x3, 4 patterns, each on
//! 3 inner boundaries and 3 border sides), or any layout with every pattern
//! on 9 of the 36 sides ([`Style::NinePerPattern`]); `balanced` extends
//! that layout to any `n` and `K` (every pattern on as many inner boundaries
//! and border sides as the others, give or take one). In every style each
//! inner boundary's sign (which of its two sides shows `+`) and each border
//! side's sign are fair coins.
//!
//! [`palette`] adds self-matching pictures (`X=`): [`Recipe::draw_in`] and
//! [`Recipe::keep_in`] plant puzzles whose sides are drawn from `K` signed
//! and `L` self-matching patterns.

pub mod palette;

use palette::Palette;

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

/// How the pictures of the solved grid are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// Every inner boundary and border side gets a uniformly random picture.
    #[default]
    Planted,
    /// 3x3 over 4 patterns: each pattern on exactly 3 inner boundaries and
    /// 3 border sides (9 of the 36 sides), placed by uniformly random
    /// permutations, signs by fair coins.
    Commercial,
    /// 3x3 over 4 patterns, each pattern on 9 of the 36 sides with any split
    /// between inner boundaries and border sides: every such solved grid is
    /// equally likely.
    NinePerPattern,
}

impl Style {
    /// The style's fixed `(size, patterns)`, `None` for [`Style::Planted`].
    pub fn shape(self) -> Option<(usize, u32)> {
        match self {
            Style::Planted => None,
            Style::Commercial | Style::NinePerPattern => Some((3, 4)),
        }
    }

    /// The style's name in file headers and reports.
    pub fn name(self) -> &'static str {
        match self {
            Style::Planted => "planted",
            Style::Commercial => "commercial",
            Style::NinePerPattern => "nine-per-pattern",
        }
    }
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
        self.name_in(0, index)
    }

    /// The name of candidate `index` with `self_matching` self-matching
    /// patterns: `-l<L>` after `-k<K>` when `L > 0`.
    fn name_in(&self, self_matching: u32, index: u64) -> String {
        let rf = if self.options.repetition_free { "-rf" } else { "" };
        let l = if self_matching > 0 {
            format!("-l{self_matching}")
        } else {
            String::new()
        };
        format!(
            "s{}-k{}{l}-seed{}{rf}-{:04}",
            self.size,
            self.patterns,
            self.seed,
            index + 1
        )
    }

    /// Candidate `index` planted over the recipe's `patterns` signed
    /// patterns and `self_matching` self-matching ones (patterns
    /// `patterns+1..=patterns+self_matching`, pictures `X=`), every free side
    /// uniform over the `2K + L` pictures (`Palette`). With
    /// `self_matching` 0 this is [`Recipe::draw`], draw for draw.
    ///
    /// ```
    /// use scramble::puzzle::generate::{PlantOptions, Recipe};
    /// let recipe = Recipe { size: 3, patterns: 2, seed: 7, options: PlantOptions::default() };
    /// let drawn = recipe.draw_in(2, 0).unwrap();
    /// assert_eq!(drawn.puzzle.name(), "s3-k2-l2-seed7-0001");
    /// assert!(drawn.solution.is_solution(&drawn.puzzle));
    /// assert_eq!(recipe.draw_in(0, 0).unwrap(), recipe.draw(0).unwrap());
    /// ```
    pub fn draw_in(&self, self_matching: u32, index: u64) -> Result<Drawn> {
        let mut rng = Rng::stream(self.seed, index);
        let palette = Palette {
            signed: self.patterns,
            self_matching,
        };
        let (puzzle, solution) = planted_in(self.size, palette, &mut rng, self.options)?;
        Ok(Drawn {
            index,
            puzzle: puzzle.with_name(self.name_in(self_matching, index)),
            solution,
        })
    }

    /// [`Recipe::keep_styled`] for [`Style::Planted`] candidates drawn by
    /// [`Recipe::draw_in`] with `self_matching` self-matching patterns.
    pub fn keep_in(
        &self,
        self_matching: u32,
        wanted: usize,
        max_draws: u64,
        accept: impl Fn(&Drawn) -> bool + Sync,
        context: &crate::context::Context,
    ) -> Result<(Vec<Drawn>, u64)> {
        let draw = |index| self.draw_in(self_matching, index);
        keep_drawn(draw, wanted, max_draws, accept, context.stop(), context.progress())
    }

    /// Candidate `index`: [`planted`] with `Rng::stream(seed, index)`.
    ///
    /// ```
    /// use scramble::puzzle::generate::{PlantOptions, Recipe};
    /// let recipe = Recipe { size: 3, patterns: 4, seed: 7, options: PlantOptions::default() };
    /// let drawn = recipe.draw(0).unwrap();
    /// assert_eq!(drawn.puzzle.name(), "s3-k4-seed7-0001");
    /// assert!(drawn.solution.is_solution(&drawn.puzzle));
    /// assert_eq!(drawn, recipe.draw(0).unwrap());
    /// ```
    pub fn draw(&self, index: u64) -> Result<Drawn> {
        self.draw_styled(Style::Planted, index)
    }

    /// Candidate `index` in `style` (the recipe's size and patterns must be
    /// the style's [`Style::shape`]); names of other styles start with the
    /// style's name.
    ///
    /// ```
    /// use scramble::puzzle::generate::{PlantOptions, Recipe, Style};
    /// let recipe = Recipe { size: 3, patterns: 4, seed: 7, options: PlantOptions::default() };
    /// let drawn = recipe.draw_styled(Style::Commercial, 0).unwrap();
    /// assert_eq!(drawn.puzzle.name(), "commercial-s3-k4-seed7-0001");
    /// assert!(drawn.solution.is_solution(&drawn.puzzle));
    /// ```
    pub fn draw_styled(&self, style: Style, index: u64) -> Result<Drawn> {
        let mut rng = Rng::stream(self.seed, index);
        let (puzzle, solution) = match style {
            Style::Planted => planted(self.size, self.patterns, &mut rng, self.options)?,
            _ => styled(
                style,
                (self.size, self.patterns),
                self.options.repetition_free,
                &mut rng,
            )?,
        };
        let name = match style {
            Style::Planted => self.name(index),
            _ => format!("{}-{}", style.name(), self.name(index)),
        };
        Ok(Drawn {
            index,
            puzzle: puzzle.with_name(name),
            solution,
        })
    }

    /// The first `wanted` candidates drawn in `style` that `accept` keeps,
    /// in index order, and how many candidates were drawn to find them (at
    /// most `max_draws`; fewer kept when that runs out). Candidates are
    /// drawn and tested in parallel batches; the result does not depend on
    /// the threads. The context's progress is told once per candidate
    /// tested; its stop is polled before each batch, so what is returned
    /// covers exactly the candidates `0..drawn` (a whole number of
    /// batches), whatever the threads.
    ///
    /// ```
    /// use scramble::puzzle::generate::{PlantOptions, Recipe, Style};
    /// let recipe = Recipe { size: 2, patterns: 3, seed: 1, options: PlantOptions::default() };
    /// let accept = |d: &scramble::puzzle::generate::Drawn| d.puzzle.is_repetition_free();
    /// let (kept, drawn) = recipe.keep_styled(Style::Planted, 3, 100, accept, &scramble::Context::new()).unwrap();
    /// assert!(kept.iter().all(|d| d.puzzle.is_repetition_free()));
    /// assert!(drawn >= kept.len() as u64);
    /// ```
    pub fn keep_styled(
        &self,
        style: Style,
        wanted: usize,
        max_draws: u64,
        accept: impl Fn(&Drawn) -> bool + Sync,
        context: &crate::context::Context,
    ) -> Result<(Vec<Drawn>, u64)> {
        let draw = |index| self.draw_styled(style, index);
        keep_drawn(draw, wanted, max_draws, accept, context.stop(), context.progress())
    }
}

/// The first `wanted` candidates of `draw` that `accept` keeps, in index
/// order, drawn in parallel batches until `max_draws` or `stop` (see
/// [`Recipe::keep_styled`]).
fn keep_drawn(
    draw: impl Fn(u64) -> Result<Drawn> + Sync,
    wanted: usize,
    max_draws: u64,
    accept: impl Fn(&Drawn) -> bool + Sync,
    stop: &crate::context::Stop,
    progress: &dyn crate::Progress,
) -> Result<(Vec<Drawn>, u64)> {
    use rayon::prelude::*;
    let batch = 64 * rayon::current_num_threads().max(1) as u64;
    let mut kept = Vec::with_capacity(wanted);
    let mut next = 0;
    while kept.len() < wanted && next < max_draws && !stop.reached() {
        let end = (next + batch).min(max_draws);
        let tested: Vec<Option<Drawn>> = (next..end)
            .into_par_iter()
            .map(|index| {
                let drawn = draw(index)?;
                progress.advance(1);
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
/// use scramble::puzzle::generate::{planted, PlantOptions};
/// use scramble::Rng;
/// let options = PlantOptions { repetition_free: true, identical: 0 };
/// let (puzzle, solution) = planted(3, 4, &mut Rng::new(1), options).unwrap();
/// assert_eq!(puzzle.size(), 3);
/// assert!(puzzle.is_repetition_free());
/// assert!(solution.is_solution(&puzzle));
/// ```
pub fn planted(size: usize, patterns: u32, rng: &mut Rng, options: PlantOptions) -> Result<(Puzzle, Arrangement)> {
    check(size, patterns, options)?;
    planted_in(size, Palette::signed(patterns), rng, options)
}

/// [`planted`] over a [`Palette`] of signed and self-matching patterns:
/// every free side uniform over its `2K + L` pictures (an inner boundary
/// showing `X=` shows it on both sides).
pub(crate) fn planted_in(
    size: usize,
    palette: Palette,
    rng: &mut Rng,
    options: PlantOptions,
) -> Result<(Puzzle, Arrangement)> {
    check(
        size,
        palette.patterns(),
        PlantOptions {
            repetition_free: false,
            ..options
        },
    )?;
    palette.check(options.repetition_free)?;
    let patterns = palette.patterns();
    for _ in 0..GRID_ATTEMPTS {
        let Some(mut grid) = solved_grid(size, palette, rng, options.repetition_free) else {
            continue;
        };
        if make_identical(&mut grid, size, options, rng) {
            return Ok(scatter(grid, size, rng));
        }
    }
    Err(Error::Impossible(format!(
        "cannot plant a {size}x{size} puzzle over {patterns} patterns with {options:?} after {GRID_ATTEMPTS} attempts: \
         use more patterns, fewer identical pieces or a larger grid"
    )))
}

/// A 3x3 puzzle over 4 patterns in `style` ([`Style::Commercial`] or
/// [`Style::NinePerPattern`]) with its solution; `shape` must be `(3, 4)`.
///
/// Patterns go to the 12 inner boundaries and the 12 border sides by
/// uniformly random permutations of the style's pattern lists; every inner
/// boundary's orientation and every border side's sign is a fair coin.
/// For [`Style::NinePerPattern`] the split (`a_i` inner boundaries and
/// `9 - 2 a_i` border sides for pattern `i`) is drawn with probability
/// proportional to its number of grids, so every solved grid with each
/// pattern on 9 sides is equally likely. With `repetition_free` the whole
/// grid (split included) is drawn again until no piece shows a picture
/// twice: rejection keeps every repetition-free grid of the style equally
/// likely (only about 1 grid in 2,000 is kept). `O(1)` per grid (a 3x3
/// grid).
pub(crate) fn styled(
    style: Style,
    shape: (usize, u32),
    repetition_free: bool,
    rng: &mut Rng,
) -> Result<(Puzzle, Arrangement)> {
    if style.shape() != Some(shape) {
        return Err(Error::Impossible(format!(
            "the {} style makes {} puzzles only, not {}x{} over {} patterns",
            style.name(),
            style
                .shape()
                .map_or("planted".into(), |(n, k)| format!("{n}x{n} over {k} patterns")),
            shape.0,
            shape.0,
            shape.1
        )));
    }
    let labels = |rng: &mut Rng| {
        let split = match style {
            Style::NinePerPattern => nine_per_pattern_split(rng),
            _ => [3; 4],
        };
        let inner: Vec<u32> = (1..=4)
            .flat_map(|p| std::iter::repeat_n(p, split[p as usize - 1]))
            .collect();
        let border: Vec<u32> = (1..=4)
            .flat_map(|p| std::iter::repeat_n(p, 9 - 2 * split[p as usize - 1]))
            .collect();
        (inner, border)
    };
    placed_at_random(3, labels, repetition_free, rng)
}

/// Whole grids drawn before a repetition-free styled or balanced puzzle is
/// given up.
const STYLED_ATTEMPTS: usize = 1 << 22;

/// The puzzle of a solved `size x size` grid whose inner boundaries carry
/// the patterns of `inner` and whose border sides those of `border`
/// (both lists from `labels`), each list placed by a uniformly random
/// permutation, signs by fair coins, with its solution (pieces turned and
/// shuffled). With `repetition_free`, grids with a picture twice on a
/// piece are drawn again from `labels` on (rejection, so every
/// repetition-free grid keeps its probability up to a common factor).
fn placed_at_random(
    size: usize,
    labels: impl Fn(&mut Rng) -> (Vec<u32>, Vec<u32>),
    repetition_free: bool,
    rng: &mut Rng,
) -> Result<(Puzzle, Arrangement)> {
    for _ in 0..STYLED_ATTEMPTS {
        let (mut inner, mut border) = labels(rng);
        rng.shuffle(&mut inner);
        rng.shuffle(&mut border);
        let grid = grid_of_labels(size, &inner, &border, rng);
        if !repetition_free || !grid.iter().any(has_repetition) {
            return Ok(scatter(grid, size, rng));
        }
    }
    Err(Error::Impossible(format!(
        "no repetition-free {size}x{size} grid in {STYLED_ATTEMPTS} attempts: use more patterns"
    )))
}

/// A balanced puzzle with its solution: the commercial style generalised
/// to any `size` and number of patterns. Every pattern is on as equal a
/// number of inner boundaries as the grid allows, and of border sides
/// (counts differ by at most one; which patterns get one more is a uniform
/// choice), placed by uniformly random permutations; signs are fair coins.
/// With `repetition_free`, grids with a picture twice on a piece are drawn
/// again. For 3x3 over 4 patterns this is [`Style::Commercial`], draw for
/// draw. `O(n^2)` per grid drawn. The studies (feature `plots`) draw
/// these puzzles; without them only the tests do.
#[cfg_attr(not(feature = "plots"), allow(dead_code))]
pub(crate) fn balanced(
    size: usize,
    patterns: u32,
    repetition_free: bool,
    rng: &mut Rng,
) -> Result<(Puzzle, Arrangement)> {
    check(
        size,
        patterns,
        PlantOptions {
            repetition_free,
            identical: 0,
        },
    )?;
    let grid = Grid::new(size);
    let spread = |slots: usize, rng: &mut Rng| -> Vec<u32> {
        let k = patterns as usize;
        let mut extra: Vec<u32> = (1..=patterns).collect();
        if !slots.is_multiple_of(k) {
            rng.shuffle(&mut extra);
        }
        let mut labels: Vec<u32> = (1..=patterns).flat_map(|p| std::iter::repeat_n(p, slots / k)).collect();
        labels.extend(&extra[..slots % k]);
        labels.sort_unstable();
        labels
    };
    let (inner, border) = (grid.inner_boundaries().count(), Grid::new(size).border_sides().count());
    placed_at_random(
        size,
        |rng| (spread(inner, rng), spread(border, rng)),
        repetition_free,
        rng,
    )
}

/// The inner boundaries `a_i` per pattern of a [`Style::NinePerPattern`]
/// grid, drawn in proportion to `12!/prod a_i! * 12!/prod (9 - 2 a_i)!`.
fn nine_per_pattern_split(rng: &mut Rng) -> [usize; 4] {
    let factorial = |n: usize| (1..=n as u64).product::<u64>();
    let splits: Vec<([usize; 4], u64)> = (0..625)
        .map(|code| std::array::from_fn(|i| code / 5usize.pow(i as u32) % 5))
        .filter(|a: &[usize; 4]| a.iter().sum::<usize>() == 12)
        .map(|a| {
            let grids = factorial(12) / a.iter().map(|&x| factorial(x)).product::<u64>() * factorial(12)
                / a.iter().map(|&x| factorial(9 - 2 * x)).product::<u64>();
            (a, grids)
        })
        .collect();
    let mut pick = rng.below(splits.iter().map(|s| s.1).sum::<u64>() as usize) as u64;
    for (split, grids) in &splits {
        if pick < *grids {
            return *split;
        }
        pick -= grids;
    }
    unreachable!("pick is below the total")
}

/// A solved `n x n` grid: inner boundary `j` (in
/// [`Arrangement::inner_boundaries`] order) shows pattern `inner[j]`, border
/// side `j` (cells row-major, directions clockwise) pattern `border[j]`,
/// signs by fair coins.
fn grid_of_labels(n: usize, inner: &[u32], border: &[u32], rng: &mut Rng) -> Vec<[Picture; 4]> {
    let blank = Picture::plus(1);
    let mut grid = vec![[blank; 4]; n * n];
    let mut coin_picture = |pattern: u32| {
        let sign = if rng.coin() { Sign::Plus } else { Sign::Minus };
        Picture::new(Pattern::new(pattern), sign)
    };
    for ((cell, d, other), &pattern) in Grid::new(n).inner_boundaries().zip(inner) {
        let picture = coin_picture(pattern);
        grid[cell][d] = picture;
        grid[other][opposite(d)] = picture.complement();
    }
    for ((cell, d), &pattern) in Grid::new(n).border_sides().zip(border) {
        grid[cell][d] = coin_picture(pattern);
    }
    grid
}

fn check(size: usize, patterns: u32, options: PlantOptions) -> Result<()> {
    if size < 2 {
        return Err(Error::Impossible(format!(
            "grid size {size} is too small: use 2 or more"
        )));
    }
    if patterns == 0 || (options.repetition_free && patterns < 2) {
        return Err(Error::Impossible(format!(
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
        return Err(Error::Impossible(format!(
            "{} identical pieces do not fit a {size}x{size} grid: use fewer than {}",
            options.identical,
            size * size
        )));
    }
    Ok(())
}

fn has_repetition(sides: &[Picture; 4]) -> bool {
    Piece::new(*sides).has_repetition()
}

/// Cells in row-major order, each `[top, right, bottom, left]` as solved;
/// `None` when a piece could not be made repetition-free.
fn solved_grid(n: usize, palette: Palette, rng: &mut Rng, repetition_free: bool) -> Option<Vec<[Picture; 4]>> {
    let mut grid: Vec<[Picture; 4]> = Vec::with_capacity(n * n);
    let shape = Grid::new(n);
    for cell in shape.cells() {
        let top = shape.neighbour(cell, TOP).map(|above| grid[above][BOTTOM].complement());
        let left = shape
            .neighbour(cell, LEFT)
            .map(|before| grid[before][RIGHT].complement());
        let sides = (0..PIECE_ATTEMPTS)
            .map(|_| {
                let mut s: [Picture; 4] = std::array::from_fn(|_| palette.draw(rng));
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
    #[test]
    fn the_example_of_styled_holds() {
        use crate::Rng;
        use crate::puzzle::generate::{Style, styled};
        let (puzzle, solution) = styled(Style::Commercial, (3, 4), false, &mut Rng::new(1)).unwrap();
        assert!(solution.is_solution(&puzzle));
        let layout = super::tests::layout(&puzzle, &solution);
        assert!(layout.iter().all(|p| p.inner == 3 && p.border == 3));
        let (free, _) = styled(Style::Commercial, (3, 4), true, &mut Rng::new(1)).unwrap();
        assert!(free.is_repetition_free());
    }

    use super::*;

    /// Where a pattern sits in a solved grid.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    struct PatternLayout {
        /// The pattern's number.
        pattern: u32,
        /// Inner boundaries showing it (each counts two sides).
        inner: usize,
        /// Border sides showing it.
        border: usize,
        /// Of those, border sides showing its `+` picture.
        border_plus: usize,
    }

    /// The layout of every pattern of `puzzle` in `solution` (a solution), in
    /// pattern order. `O(n^2)`.
    fn layout(puzzle: &Puzzle, solution: &Arrangement) -> Vec<PatternLayout> {
        let n = solution.size();
        let mut layouts: std::collections::BTreeMap<Pattern, PatternLayout> = puzzle
            .patterns()
            .into_iter()
            .map(|p| {
                (
                    p,
                    PatternLayout {
                        pattern: p.number(),
                        ..PatternLayout::default()
                    },
                )
            })
            .collect();
        for (cell, d, _) in solution.inner_boundaries() {
            layouts
                .entry(solution.side(puzzle, cell, d).pattern())
                .or_default()
                .inner += 1;
        }
        for (cell, d) in Grid::new(n).border_sides() {
            let picture = solution.side(puzzle, cell, d);
            let entry = layouts.entry(picture.pattern()).or_default();
            entry.border += 1;
            entry.border_plus += usize::from(picture.sign() == Sign::Plus);
        }
        layouts.into_values().collect()
    }

    #[test]
    fn a_layout_counts_every_side_of_the_grid() {
        let (puzzle, solution) = planted(3, 2, &mut Rng::new(3), PlantOptions::default()).unwrap();
        let sides: usize = layout(&puzzle, &solution).iter().map(|p| 2 * p.inner + p.border).sum();
        assert_eq!(sides, 36);
    }

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
        let (kept, drawn) = recipe
            .keep_styled(Style::Planted, 5, 1000, accept, &crate::context::Context::new())
            .unwrap();
        let expected: Vec<u64> = (0..).filter(|&i| accept(&recipe.draw(i).unwrap())).take(5).collect();
        assert_eq!(kept.iter().map(|d| d.index).collect::<Vec<_>>(), expected);
        assert_eq!(drawn, expected[4] + 1);
        let (few, drawn) = recipe
            .keep_styled(Style::Planted, 5, 3, |_| false, &crate::context::Context::new())
            .unwrap();
        assert!(few.is_empty());
        assert_eq!(drawn, 3);
    }

    #[test]
    fn styles_put_every_pattern_on_nine_sides() {
        let mut rng = Rng::new(21);
        let mut splits = std::collections::BTreeSet::new();
        for _ in 0..200 {
            for style in [Style::Commercial, Style::NinePerPattern] {
                let (puzzle, solution) = styled(style, (3, 4), false, &mut rng).unwrap();
                assert!(solution.is_solution(&puzzle), "{puzzle}");
                let layout = layout(&puzzle, &solution);
                assert_eq!(layout.len(), 4, "{puzzle}");
                assert!(layout.iter().all(|p| 2 * p.inner + p.border == 9), "{layout:?}");
                if style == Style::Commercial {
                    assert!(layout.iter().all(|p| (p.inner, p.border) == (3, 3)), "{layout:?}");
                } else {
                    splits.insert(layout.iter().map(|p| p.inner).collect::<Vec<_>>());
                }
            }
        }
        // Any split occurs, the even one most often but far from always.
        assert!(splits.len() > 10, "{splits:?}");
        assert!(styled(Style::Commercial, (4, 4), false, &mut rng).is_err());
        assert!(styled(Style::Planted, (3, 4), false, &mut rng).is_err());
    }

    /// The repetition-free styles keep their layouts, never repeat a
    /// picture on a piece, and keep only a share of the grids (the rest
    /// repeat a picture somewhere): every layout the plain style draws
    /// with no repetition is one they can draw.
    #[test]
    fn repetition_free_styles_keep_their_layout_and_every_piece_free() {
        let mut rng = Rng::new(4);
        for style in [Style::Commercial, Style::NinePerPattern] {
            for _ in 0..100 {
                let (puzzle, solution) = styled(style, (3, 4), true, &mut rng).unwrap();
                assert!(puzzle.is_repetition_free() && solution.is_solution(&puzzle), "{puzzle}");
                let layout = layout(&puzzle, &solution);
                assert!(layout.iter().all(|p| 2 * p.inner + p.border == 9), "{layout:?}");
                if style == Style::Commercial {
                    assert!(layout.iter().all(|p| (p.inner, p.border) == (3, 3)), "{layout:?}");
                }
            }
        }
        let free = (0..20_000)
            .filter(|_| {
                styled(Style::Commercial, (3, 4), false, &mut rng)
                    .unwrap()
                    .0
                    .is_repetition_free()
            })
            .count();
        println!("{free} of 20000 plain commercial grids are repetition-free");
        assert!(
            (1..200).contains(&free),
            "{free} of 20000 plain commercial grids are repetition-free"
        );
        for (size, patterns) in [(3, 4), (4, 4), (4, 6)] {
            let (puzzle, solution) = balanced(size, patterns, true, &mut rng).unwrap();
            assert!(puzzle.is_repetition_free() && solution.is_solution(&puzzle), "{puzzle}");
        }
        // Seeded like the plain style, the repetition-free one differs.
        let recipe = Recipe {
            size: 3,
            patterns: 4,
            seed: 1,
            options: options(true, 0),
        };
        let plain = Recipe {
            options: options(false, 0),
            ..recipe
        };
        let (a, b) = (
            recipe.draw_styled(Style::Commercial, 0).unwrap(),
            plain.draw_styled(Style::Commercial, 0).unwrap(),
        );
        assert!(a.puzzle.is_repetition_free());
        assert_ne!(a.puzzle.pieces(), b.puzzle.pieces());
    }

    #[test]
    fn border_signs_are_fair_coins() {
        let mut rng = Rng::new(2);
        let (mut plus, mut border) = (0, 0);
        for _ in 0..500 {
            let (puzzle, solution) = styled(Style::Commercial, (3, 4), false, &mut rng).unwrap();
            for p in layout(&puzzle, &solution) {
                plus += p.border_plus;
                border += p.border;
            }
        }
        // 6000 fair coins: 5 standard deviations is about 194.
        assert!((plus as i64 - border as i64 / 2).abs() < 194, "{plus} of {border}");
    }

    #[test]
    fn balanced_is_the_commercial_style_on_3x3_over_4_patterns() {
        for seed in 0..20 {
            let commercial = styled(Style::Commercial, (3, 4), false, &mut Rng::new(seed)).unwrap();
            assert_eq!(balanced(3, 4, false, &mut Rng::new(seed)).unwrap(), commercial);
        }
        for (size, patterns) in [(3, 3), (3, 5), (3, 6), (4, 4), (4, 6), (5, 7)] {
            let (puzzle, solution) = balanced(size, patterns, false, &mut Rng::new(9)).unwrap();
            assert!(solution.is_solution(&puzzle));
            let counts = layout(&puzzle, &solution);
            for side in [|p: &PatternLayout| p.inner, |p: &PatternLayout| p.border] {
                let on = counts.iter().map(side).collect::<Vec<_>>();
                let (low, high) = (on.iter().min().unwrap(), on.iter().max().unwrap());
                assert!(high - low <= 1 && on.len() == patterns as usize, "{on:?}");
            }
        }
    }

    /// The real puzzles against the commercial style: how many sides each
    /// pattern takes, and how every solution lays the patterns out.
    #[test]
    fn real_puzzles_against_the_commercial_style() {
        let mut table = Vec::new();
        let mut files: Vec<_> = std::fs::read_dir("fixtures/real")
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .collect();
        files.sort();
        for file in &files {
            let puzzle = crate::read_puzzle(file, Default::default()).unwrap();
            let mut sides = std::collections::BTreeMap::new();
            for picture in puzzle.pieces().iter().flat_map(|p| p.sides()) {
                *sides.entry(picture.pattern().number()).or_insert(0) += 1;
            }
            let all = crate::solve::Search::new(crate::solve::Goal::List { limit: u64::MAX });
            let solutions = crate::solve::Solver::new(&puzzle, crate::solve::Order::Spiral, 0)
                .unwrap()
                .run(&all)
                .kept;
            let commercial = solutions
                .iter()
                .filter(|s| layout(&puzzle, s).iter().all(|p| (p.inner, p.border) == (3, 3)))
                .count();
            let name = file.file_stem().unwrap().to_string_lossy().into_owned();
            let sides: Vec<usize> = sides.into_values().collect();
            let free = if puzzle.is_repetition_free() { "free" } else { "repeats" };
            table.push(format!("{name} {sides:?} {} {commercial} {free}", solutions.len()));
        }
        // name, sides per pattern, solutions, solutions with every pattern on
        // 3 inner boundaries and 3 border sides, repetition-free or not
        // (docs/notes/uniqueness.md, section 2.3)
        let expected = [
            "africa_puzzle [9, 9, 9, 9] 2 2 free",
            "bird_puzzle [8, 9, 10, 9] 1 0 free",
            "cowboys [9, 9, 9, 9] 1 1 free",
            "crazy_planes [9, 9, 9, 9] 4 2 free",
            "lion_tiger [9, 9, 9, 9] 1 1 free",
            "monkey_puzzle [8, 9, 9, 10] 2 0 free",
            "no_solution [8, 8, 10, 10] 0 0 repeats",
            "plant_puzzle [9, 9, 9, 9] 2 0 free",
            "repeat_puzzle [19, 17] 1680 0 repeats",
            "wizards [9, 9, 9, 9] 1 1 free",
        ];
        assert_eq!(table, expected);
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
