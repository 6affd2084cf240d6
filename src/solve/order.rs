//! Search orders: which cell is filled next, in which order the pieces
//! are tried there, and how the whole-grid rotations of an even grid are
//! broken.
//!
//! A search is a [`Strategy`]: a cell rule ([`Cells`]) x a piece rule
//! ([`Pieces`]) x a symmetry rule ([`Symmetry`], even `n` only). The named
//! [`Order`]s are presets of it:
//!
//! - `spiral`: Brandt et al. (paper Figure 9): the centre, then the cell to
//!   its right, then clockwise around it, ring after ring (for even `n` the
//!   spiral starts at the upper-left of the four central cells). Pieces in
//!   file order.
//! - `row-major`: the CodeProject solver's order, left to right, top to
//!   bottom. Pieces in file order.
//! - `paper`: Section 3.1 of the paper read literally, see [`Order::Paper`].
//! - `center-max`: this project's earlier generalisation of Section 3.1,
//!   see [`Order::CenterMax`]: its cell rule puts the number of placed
//!   neighbours *before* the paper's rarest-picture rule.
//! - `random`: the spiral, with pieces in a random order drawn from the seed,
//!   as Brandt et al. take them.
//! - `most-constrained`: the centre, then always the frontier cell where the
//!   fewest unused pieces fit (dynamic, see [`Order::MostConstrained`]).
//!   Pieces in file order.
//!
//! On an even grid every preset but `random` breaks the symmetry by the
//! rule that agrees with its own piece order: `spiral`, `row-major` and
//! `most-constrained` (file order) by piece number ([`Symmetry::Number`]),
//! `paper` and `center-max` (value order) by value index
//! ([`Symmetry::Value`]). `random` keeps piece number: it is the baseline
//! the studies call random backtracking. `--symmetry` chooses another rule.

use crate::Puzzle;
use crate::puzzle::grid::Grid;
use crate::rng::Rng;

/// How the backtracker walks the grid and the pieces: a named preset of a
/// [`Strategy`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    /// Centre first, then clockwise around it, outward (paper Figure 9).
    #[default]
    Spiral,
    /// Left to right, top to bottom (the CodeProject solver).
    RowMajor,
    /// Maximizing the center, generalised to n x n by scramble: pieces by
    /// value index (the `value` piece rule), but the next cell is the empty
    /// cell with the most placed neighbours, the paper's rarest-picture rule
    /// only breaking ties (the `neighbours` cell rule); even grids broken by
    /// value index (the `value` symmetry rule, which agrees with its piece
    /// order; piece number fights it). The order `paper` follows the
    /// paper's own rule.
    CenterMax,
    /// The spiral with the pieces in a random order drawn from `--seed`.
    Random,
    /// Most constrained cell first: the centre (upper-left central cell for
    /// even n), then always the empty cell next to the placed ones where the
    /// fewest unused pieces fit (one popcount of a precomputed piece mask per
    /// frontier cell), ties to the cell with more placed neighbours, then the
    /// lower cell. A frontier cell where nothing fits ends the branch at once.
    MostConstrained,
    /// Maximizing the center as Section 3.1 writes it (steps 1-8): pieces
    /// by value index, highest first in the centre and lowest first
    /// elsewhere (the `value` piece rule); the next cell is the one facing
    /// the placed picture whose complement has the lowest index (the
    /// `paper` cell rule); even grids broken by value (the `value`
    /// symmetry rule).
    Paper,
}

impl Order {
    /// Every order, for tests and benchmarks.
    pub const ALL: [Order; 6] = [
        Order::Spiral,
        Order::RowMajor,
        Order::CenterMax,
        Order::Random,
        Order::MostConstrained,
        Order::Paper,
    ];

    /// The kebab-case name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Order::Spiral => "spiral",
            Order::RowMajor => "row-major",
            Order::CenterMax => "center-max",
            Order::Random => "random",
            Order::MostConstrained => "most-constrained",
            Order::Paper => "paper",
        }
    }

    /// The cell, piece and symmetry rules of this preset.
    ///
    /// ```
    /// use scramble::solve::{Cells, Order, Pieces, Symmetry};
    /// let paper = Order::Paper.strategy();
    /// assert_eq!((paper.cells, paper.pieces, paper.symmetry), (Cells::Paper, Pieces::Value, Symmetry::Value));
    /// assert_eq!(Order::CenterMax.strategy().cells, Cells::Neighbours);
    /// assert_eq!(Order::CenterMax.strategy().symmetry, Symmetry::Value);
    /// ```
    pub fn strategy(self) -> Strategy {
        let (cells, pieces, symmetry) = match self {
            Order::Spiral => (Cells::Spiral, Pieces::File, Symmetry::Number),
            Order::RowMajor => (Cells::RowMajor, Pieces::File, Symmetry::Number),
            Order::CenterMax => (Cells::Neighbours, Pieces::Value, Symmetry::Value),
            Order::Random => (Cells::Spiral, Pieces::Random, Symmetry::Number),
            Order::MostConstrained => (Cells::MostConstrained, Pieces::File, Symmetry::Number),
            Order::Paper => (Cells::Paper, Pieces::Value, Symmetry::Value),
        };
        Strategy {
            cells,
            pieces,
            symmetry,
        }
    }

    /// The cells in filling order for static orders; `None` for dynamic
    /// ones. See [`Cells::cells`].
    pub fn cells(self, n: usize) -> Option<Vec<usize>> {
        self.strategy().cells.cells(n)
    }

    /// `(first, rest)`: the rank of every piece (lower is tried first) in
    /// the first cell and in every other cell. See [`Pieces::ranks`].
    pub fn ranks(self, puzzle: &Puzzle, seed: u64) -> (Vec<usize>, Vec<usize>) {
        self.strategy().pieces.ranks(puzzle, seed)
    }
}

/// Which cell the backtracker fills next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cells {
    /// Brandt et al.'s spiral (paper Figure 9), static.
    Spiral,
    /// Left to right, top to bottom, static.
    RowMajor,
    /// Section 3.1, steps 4-6: the centre (upper-left central cell for even
    /// n), then the empty cell facing the placed picture whose complement
    /// has the lowest index (the picture "with the highest probability of
    /// failing to find a match"); ties to the cell with more placed
    /// neighbours, then the lower cell number. Dynamic.
    Paper,
    /// Step 6 read literally: as `paper`, but only the pictures the two
    /// pieces placed last show towards empty cells are candidates ("from
    /// the two placed pieces"); when neither of them faces an empty cell,
    /// every placed piece's pictures are (as `paper`). Ties as `paper`.
    /// Dynamic; the cells filled so far are replayed at every node to know
    /// which two pieces came last, `O(depth)` frontier scans per node.
    PaperLast,
    /// The centre, then the empty cell with the most placed neighbours;
    /// ties by the paper's rule (lowest complement index), then the lower
    /// cell number. Dynamic. The cell rule of `center-max`.
    Neighbours,
    /// The centre, then the frontier cell where the fewest unused pieces
    /// fit (as the order `most-constrained`). Dynamic.
    MostConstrained,
}

impl Cells {
    /// The cell rules of the factorial study (row-major is left out: its
    /// start in a corner is no heuristic of the centre).
    pub const STUDIED: [Cells; 4] = [Cells::Spiral, Cells::Paper, Cells::Neighbours, Cells::MostConstrained];

    /// Every cell rule.
    pub const ALL: [Cells; 6] = [
        Cells::Spiral,
        Cells::RowMajor,
        Cells::Paper,
        Cells::PaperLast,
        Cells::Neighbours,
        Cells::MostConstrained,
    ];

    /// The kebab-case name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Cells::Spiral => "spiral",
            Cells::RowMajor => "row-major",
            Cells::Paper => "paper",
            Cells::PaperLast => "paper-last",
            Cells::Neighbours => "neighbours",
            Cells::MostConstrained => "most-constrained",
        }
    }

    /// The cells in filling order for static rules; `None` for dynamic
    /// ones, which pick the next cell from the pieces placed.
    pub fn cells(self, n: usize) -> Option<Vec<usize>> {
        match self {
            Cells::Spiral => Some(spiral(n)),
            Cells::RowMajor => Some((0..n * n).collect()),
            Cells::Paper | Cells::PaperLast | Cells::Neighbours | Cells::MostConstrained => None,
        }
    }

    /// The first cell filled.
    pub fn start(self, n: usize) -> usize {
        match self {
            Cells::RowMajor => 0,
            _ => Grid::new(n).central_start(),
        }
    }
}

/// In which order the pieces are tried in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pieces {
    /// File order, everywhere.
    File,
    /// One random order drawn from the seed, everywhere (Brandt et al.).
    Random,
    /// Section 3.1, steps 2-5 and 7: the first cell tries pieces in
    /// decreasing value index, every other cell in increasing value index;
    /// equal values in file order.
    Value,
}

impl Pieces {
    /// Every piece rule.
    pub const ALL: [Pieces; 3] = [Pieces::File, Pieces::Random, Pieces::Value];

    /// The kebab-case name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Pieces::File => "file",
            Pieces::Random => "random",
            Pieces::Value => "value",
        }
    }

    /// `(first, rest)`: the rank of every piece (lower is tried first) in
    /// the first cell and in every other cell; `seed` drives `random`.
    pub fn ranks(self, puzzle: &Puzzle, seed: u64) -> (Vec<usize>, Vec<usize>) {
        let count = puzzle.pieces().len();
        match self {
            Pieces::File => ((0..count).collect(), (0..count).collect()),
            Pieces::Random => {
                let mut order: Vec<usize> = (0..count).collect();
                Rng::new(seed).shuffle(&mut order);
                let ranks = invert(&order);
                (ranks.clone(), ranks)
            }
            Pieces::Value => {
                let values = value_indices(puzzle);
                let mut up: Vec<usize> = (0..count).collect();
                up.sort_by_key(|&p| (values[p], p));
                let mut down: Vec<usize> = (0..count).collect();
                down.sort_by_key(|&p| (std::cmp::Reverse(values[p]), p));
                (invert(&down), invert(&up))
            }
        }
    }
}

/// How the four whole-grid rotations of an even grid are removed: the
/// upper-left central cell (the anchor, filled before the other three
/// central cells) must hold the central piece that comes first in a
/// ranking of the pieces. Odd grids always fix the centre piece's rotation
/// instead, whatever this says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// The lowest-numbered central piece (file order).
    Number,
    /// The central piece of highest value index (ties: lower number), the
    /// one Section 3.1 wants in the middle.
    Value,
    /// The central piece the piece rule tries first in the first cell
    /// (for `file` this is `number`, for `value` it is `value`).
    Order,
}

impl Symmetry {
    /// Every symmetry rule.
    pub const ALL: [Symmetry; 3] = [Symmetry::Number, Symmetry::Value, Symmetry::Order];

    /// The kebab-case name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Number => "number",
            Symmetry::Value => "value",
            Symmetry::Order => "order",
        }
    }
}

/// A search: cell rule x piece rule x symmetry rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct Strategy {
    /// Which cell is filled next.
    pub cells: Cells,
    /// In which order pieces are tried.
    pub pieces: Pieces,
    /// How an even grid's rotations are removed.
    pub symmetry: Symmetry,
}

impl Strategy {
    /// `cells/pieces/symmetry`, e.g. `paper/value/value`.
    pub fn name(&self) -> String {
        format!("{}/{}/{}", self.cells.name(), self.pieces.name(), self.symmetry.name())
    }

    /// The symmetry rule as a rank of every piece (the anchor holds the
    /// central piece of lowest rank): `number` is the identity, `value`
    /// the first cell's rank of [`Pieces::Value`], `order` the first
    /// cell's rank of this strategy's piece rule (`seed` drives `random`).
    ///
    /// ```
    /// use scramble::solve::{Cells, Pieces, Strategy, Symmetry};
    /// let puzzle: scramble::Puzzle = "1+ 1+ 1+ 1+\n1- 2+ 2+ 2+\n1- 2- 3+ 3-\n1- 1- 1- 3+".parse().unwrap();
    /// let by = |symmetry| Strategy { cells: Cells::Spiral, pieces: Pieces::File, symmetry }.symmetry_ranks(&puzzle, 0);
    /// assert_eq!(by(Symmetry::Number), vec![0, 1, 2, 3]);
    /// assert_eq!(by(Symmetry::Value), vec![0, 3, 2, 1]); // values 20, 7, 10, 13
    /// assert_eq!(by(Symmetry::Order), vec![0, 1, 2, 3]);
    /// ```
    pub fn symmetry_ranks(&self, puzzle: &Puzzle, seed: u64) -> Vec<usize> {
        match self.symmetry {
            Symmetry::Number => (0..puzzle.pieces().len()).collect(),
            Symmetry::Value => Pieces::Value.ranks(puzzle, seed).0,
            Symmetry::Order => self.pieces.ranks(puzzle, seed).0,
        }
    }

    /// The strategy that searches exactly like this one on every puzzle:
    /// `order` symmetry is `number` under `file` pieces and `value` under
    /// `value` pieces. Studies run each search once.
    pub fn canonical(self) -> Strategy {
        let symmetry = match (self.symmetry, self.pieces) {
            (Symmetry::Order, Pieces::File) => Symmetry::Number,
            (Symmetry::Order, Pieces::Value) => Symmetry::Value,
            (symmetry, _) => symmetry,
        };
        Strategy { symmetry, ..self }
    }
}

impl From<Order> for Strategy {
    fn from(order: Order) -> Strategy {
        order.strategy()
    }
}

/// The rank of every item given items in order: `rank[order[i]] = i`.
fn invert(order: &[usize]) -> Vec<usize> {
    let mut rank = vec![0; order.len()];
    for (i, &item) in order.iter().enumerate() {
        rank[item] = i;
    }
    rank
}

/// The value index of every piece: the sum over its four pictures of the
/// index (number of occurrences) of the picture's complement.
pub(crate) fn value_indices(puzzle: &Puzzle) -> Vec<usize> {
    let indices = puzzle.picture_indices();
    let index = |p| indices.get(&p).copied().unwrap_or(0);
    puzzle
        .pieces()
        .iter()
        .map(|piece| piece.sides().iter().map(|s| index(s.complement())).sum())
        .collect()
}

/// The cells of an `n x n` grid in spiral order: the centre (upper-left of
/// the four central cells for even `n`), right, then clockwise outward with
/// runs of 1, 1, 2, 2, 3, 3, ... cells, skipping cells outside the grid.
pub(crate) fn spiral(n: usize) -> Vec<usize> {
    let middle = ((n - 1) / 2) as isize;
    let (mut r, mut c) = (middle, middle);
    let mut cells = vec![Grid::new(n).central_start()];
    let moves = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let mut run = 1;
    let mut turn = 0;
    while cells.len() < n * n {
        let (dr, dc) = moves[turn % 4];
        for _ in 0..run {
            (r, c) = (r + dr, c + dc);
            if (0..n as isize).contains(&r) && (0..n as isize).contains(&c) {
                cells.push(r as usize * n + c as usize);
            }
        }
        turn += 1;
        if turn % 2 == 0 {
            run += 1;
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spirals_visit_every_cell_once_through_neighbours() {
        for n in 2..=8 {
            let cells = spiral(n);
            let mut sorted = cells.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n * n).collect::<Vec<_>>());
            for w in cells.windows(2) {
                let (a, b) = (w[0], w[1]);
                let distance = (a / n).abs_diff(b / n) + (a % n).abs_diff(b % n);
                assert_eq!(distance, 1, "n={n}: {cells:?}");
            }
        }
    }

    #[test]
    fn spiral_of_four_starts_in_the_central_block() {
        // Figure 9 of the paper: 7 8 9 / 6 1 2 / 5 4 3.
        assert_eq!(spiral(3), vec![4, 5, 8, 7, 6, 3, 0, 1, 2]);
        assert_eq!(spiral(2), vec![0, 1, 3, 2]);
        assert_eq!(&spiral(4)[..4], &[5, 6, 10, 9]);
    }

    #[test]
    fn center_max_ranks_by_value_index() {
        // Piece 0 shows pictures whose complements are common.
        let puzzle: Puzzle = "1+ 1+ 1+ 1+\n1- 2+ 2+ 2+\n1- 2- 3+ 3-\n1- 1- 1- 3+".parse().unwrap();
        let values = value_indices(&puzzle);
        assert_eq!(values, vec![20, 7, 10, 13]);
        let (first, rest) = Order::CenterMax.ranks(&puzzle, 0);
        assert_eq!(Order::Paper.ranks(&puzzle, 0), (first.clone(), rest.clone()));
        assert_eq!(first, vec![0, 3, 2, 1]);
        assert_eq!(rest, vec![3, 0, 1, 2]);
    }

    #[test]
    fn random_ranks_depend_on_the_seed_only() {
        let puzzle: Puzzle = (0..16).map(|_| "1+ 2+ 3+ 4+\n").collect::<String>().parse().unwrap();
        assert_eq!(Order::Random.ranks(&puzzle, 3), Order::Random.ranks(&puzzle, 3));
        assert_ne!(Order::Random.ranks(&puzzle, 3).0, Order::Random.ranks(&puzzle, 4).0);
    }

    /// The cells a search fills, in the order it first fills them, on
    /// its way to every solution: one list per placement event.
    struct Filling {
        n: usize,
        /// The cells filled now, in filling order.
        stack: Vec<usize>,
        /// Every placement, checked against the literal step 6.
        checked: usize,
    }

    impl crate::solve::fast::Observer for Filling {
        const EVENTS: bool = true;

        fn placed(&mut self, cell: usize, _: crate::Placement) -> crate::solve::fast::Control {
            let grid = Grid::new(self.n);
            let empty = |c: usize| !self.stack.contains(&c);
            let faces_empty = |c: &usize| (0..4).any(|d| grid.neighbour(*c, d).is_some_and(empty));
            let last_two: Vec<usize> = self.stack.iter().rev().take(2).copied().collect();
            let allowed: Vec<usize> = if last_two.iter().any(faces_empty) {
                last_two
            } else {
                self.stack.clone()
            };
            if !self.stack.is_empty() {
                let next_to = |c: &usize| (0..4).any(|d| grid.neighbour(*c, d) == Some(cell));
                assert!(allowed.iter().any(next_to), "cell {cell} after {:?}", self.stack);
                self.checked += 1;
            }
            self.stack.push(cell);
            std::ops::ControlFlow::Continue(())
        }

        fn removed(&mut self, cell: usize) -> crate::solve::fast::Control {
            assert_eq!(self.stack.pop(), Some(cell));
            std::ops::ControlFlow::Continue(())
        }

        fn reached(&mut self, _: &crate::solve::fast::State) -> crate::solve::fast::Control {
            std::ops::ControlFlow::Continue(())
        }
    }

    /// `paper-last` fills a cell next to one of the two pieces placed last
    /// (any placed piece when neither faces an empty cell), and searches
    /// like `paper` until three pieces are placed (the two readings agree
    /// while at most two pieces are placed), but not beyond on every puzzle.
    #[test]
    fn the_literal_step_six_follows_the_two_pieces_placed_last() {
        let strategy = |cells| Strategy {
            cells,
            pieces: Pieces::Value,
            symmetry: Symmetry::Value,
        };
        let mut differ = 0;
        for (size, patterns, seed) in [(3, 3), (3, 5), (4, 6), (4, 7)]
            .into_iter()
            .flat_map(|(n, k)| (0..6).map(move |s| (n, k, s)))
        {
            let mut rng = Rng::new(seed);
            let puzzle = crate::puzzle::generate::planted(size, patterns, &mut rng, Default::default())
                .unwrap()
                .0;
            let solve = |cells| crate::solve::Solver::with_strategy(&puzzle, strategy(cells), 0).unwrap();
            let (paper, last) = (solve(Cells::Paper), solve(Cells::PaperLast));
            let mut filling = Filling {
                n: size,
                stack: Vec::new(),
                checked: 0,
            };
            last.observe(&mut filling);
            assert!(filling.checked > 0);
            let (a, b) = (paper.count().stats.nodes_per_depth, last.count().stats.nodes_per_depth);
            assert_eq!(a[..3], b[..3], "{puzzle}");
            differ += usize::from(a != b);
        }
        assert!(differ > 0, "the two readings never differed");
    }
}
