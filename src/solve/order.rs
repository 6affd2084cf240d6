//! Search orders: which cell is filled next and in which order the pieces
//! are tried there.
//!
//! - `spiral`: Brandt et al. (paper Figure 9): the centre, then the cell to
//!   its right, then clockwise around it, ring after ring (for even `n` the
//!   spiral starts at the upper-left of the four central cells). Pieces in
//!   file order.
//! - `row-major`: the CodeProject solver's order, left to right, top to
//!   bottom. Pieces in file order.
//! - `center-max`: the paper's "maximizing the center" (Section 3.1), see
//!   [`Order::CenterMax`].
//! - `random`: the spiral, with pieces in a random order drawn from the seed,
//!   as Brandt et al. take them.
//! - `most-constrained`: the centre, then always the frontier cell where the
//!   fewest unused pieces fit (dynamic, see [`Order::MostConstrained`]).
//!   Pieces in file order.

use crate::Puzzle;
use crate::rng::Rng;

/// How the backtracker walks the grid and the pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    /// Centre first, then clockwise around it, outward (paper Figure 9).
    #[default]
    Spiral,
    /// Left to right, top to bottom (the CodeProject solver).
    RowMajor,
    /// Maximizing the center (paper Section 3.1), generalised to n x n:
    /// the centre (upper-left central cell for even n) is tried with pieces
    /// in decreasing value index; then the next cell is the empty cell with
    /// the most placed neighbours (a deviation from the paper, measured in
    /// README), among those the one facing the placed picture whose
    /// complement has the lowest index (the paper's rule, here a tie-break),
    /// then the lower cell number; candidates there are tried in increasing
    /// value index. The index of a
    /// picture is how often it occurs; a piece's value index is the sum of
    /// the indices of the complements of its four pictures.
    CenterMax,
    /// The spiral with the pieces in a random order drawn from `--seed`.
    Random,
    /// Most constrained cell first: the centre (upper-left central cell for
    /// even n), then always the empty cell next to the placed ones where the
    /// fewest unused pieces fit (one popcount of a precomputed piece mask per
    /// frontier cell), ties to the cell with more placed neighbours, then the
    /// lower cell. A frontier cell where nothing fits ends the branch at once.
    MostConstrained,
}

impl Order {
    /// Every order, for tests and benchmarks.
    pub const ALL: [Order; 5] = [
        Order::Spiral,
        Order::RowMajor,
        Order::CenterMax,
        Order::Random,
        Order::MostConstrained,
    ];

    /// The kebab-case name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Order::Spiral => "spiral",
            Order::RowMajor => "row-major",
            Order::CenterMax => "center-max",
            Order::Random => "random",
            Order::MostConstrained => "most-constrained",
        }
    }

    /// The cells in filling order for static orders; `None` for
    /// `center-max`, which picks the next cell from the pieces placed.
    pub fn cells(self, n: usize) -> Option<Vec<usize>> {
        match self {
            Order::Spiral | Order::Random => Some(spiral(n)),
            Order::RowMajor => Some((0..n * n).collect()),
            Order::CenterMax | Order::MostConstrained => None,
        }
    }

    /// The first cell filled.
    pub fn start(self, n: usize) -> usize {
        match self {
            Order::RowMajor => 0,
            _ => central_start(n),
        }
    }

    /// `(first, rest)`: the rank of every piece (lower is tried first) in
    /// the first cell and in every other cell.
    pub fn ranks(self, puzzle: &Puzzle, seed: u64) -> (Vec<usize>, Vec<usize>) {
        let count = puzzle.pieces().len();
        match self {
            Order::Spiral | Order::RowMajor | Order::MostConstrained => ((0..count).collect(), (0..count).collect()),
            Order::Random => {
                let mut order: Vec<usize> = (0..count).collect();
                Rng::new(seed).shuffle(&mut order);
                let ranks = invert(&order);
                (ranks.clone(), ranks)
            }
            Order::CenterMax => {
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
pub fn value_indices(puzzle: &Puzzle) -> Vec<usize> {
    let indices = puzzle.picture_indices();
    let index = |p| indices.get(&p).copied().unwrap_or(0);
    puzzle
        .pieces()
        .iter()
        .map(|piece| piece.sides().iter().map(|s| index(s.complement())).sum())
        .collect()
}

/// The centre cell for odd `n`, the upper-left central cell for even `n`.
pub fn central_start(n: usize) -> usize {
    let middle = (n - 1) / 2;
    middle * n + middle
}

/// The cells of an `n x n` grid in spiral order: the centre (upper-left of
/// the four central cells for even `n`), right, then clockwise outward with
/// runs of 1, 1, 2, 2, 3, 3, ... cells, skipping cells outside the grid.
///
/// ```
/// use scramble::solve::spiral;
/// // Figure 9 of the paper: 7 8 9 / 6 1 2 / 5 4 3.
/// assert_eq!(spiral(3), vec![4, 5, 8, 7, 6, 3, 0, 1, 2]);
/// assert_eq!(spiral(2), vec![0, 1, 3, 2]);
/// ```
pub fn spiral(n: usize) -> Vec<usize> {
    let middle = ((n - 1) / 2) as isize;
    let (mut r, mut c) = (middle, middle);
    let mut cells = vec![central_start(n)];
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
        assert_eq!(&spiral(4)[..4], &[5, 6, 10, 9]);
    }

    #[test]
    fn center_max_ranks_by_value_index() {
        // Piece 0 shows pictures whose complements are common.
        let puzzle: Puzzle = "1+ 1+ 1+ 1+\n1- 2+ 2+ 2+\n1- 2- 3+ 3-\n1- 1- 1- 3+".parse().unwrap();
        let values = value_indices(&puzzle);
        assert_eq!(values, vec![20, 7, 10, 13]);
        let (first, rest) = Order::CenterMax.ranks(&puzzle, 0);
        assert_eq!(first, vec![0, 3, 2, 1]);
        assert_eq!(rest, vec![3, 0, 1, 2]);
    }

    #[test]
    fn random_ranks_depend_on_the_seed_only() {
        let puzzle: Puzzle = (0..16).map(|_| "1+ 2+ 3+ 4+\n").collect::<String>().parse().unwrap();
        assert_eq!(Order::Random.ranks(&puzzle, 3), Order::Random.ranks(&puzzle, 3));
        assert_ne!(Order::Random.ranks(&puzzle, 3).0, Order::Random.ranks(&puzzle, 4).0);
    }
}
