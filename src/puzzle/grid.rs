//! Grid geometry, the one home of every rule about cells, directions,
//! neighbours, inner boundaries, interior lattice points and turning.
//!
//! Cells of an `n x n` grid are numbered row-major (`r * n + c`, row 0 at
//! the top). Directions are `0` top, `1` right, `2` bottom, `3` left.
//! Turning a piece a quarter turn clockwise `r` times puts its side
//! `s[(d - r) mod 4]` at direction `d` ([`unturned_side`]); its corner `i`
//! (from side `i` to side `i + 1`) then runs from direction `i + r` to
//! `i + r + 1`, so the corner that starts at direction `d` is corner
//! `(d - r) mod 4`, the same formula.
//!
//! Everything else (arrangements, the solvers' precomputed tables, the
//! generator, the judge, the census's corner verdicts, the kept edges of a
//! solution) is built from these definitions.

use std::ops::Range;

/// The top direction.
pub const TOP: usize = 0;
/// The right direction.
pub const RIGHT: usize = 1;
/// The bottom direction.
pub const BOTTOM: usize = 2;
/// The left direction.
pub const LEFT: usize = 3;

/// The direction opposite `d`: the side a neighbour shows back.
pub const fn opposite(d: usize) -> usize {
    (d + 2) % 4
}

/// The side (or corner) of an unturned piece that comes to direction `d`
/// once the piece is turned `rotation` quarter turns clockwise:
/// `(d - rotation) mod 4`.
///
/// ```
/// use scramble::puzzle::grid::unturned_side;
/// // One quarter turn brings the left side (3) to the top (0).
/// assert_eq!(unturned_side(1, 0), 3);
/// assert_eq!(unturned_side(0, 2), 2);
/// ```
pub const fn unturned_side(rotation: usize, d: usize) -> usize {
    (d + 4 - rotation % 4) % 4
}

/// The direction at which side (or corner) `side` of an unturned piece
/// lands once the piece is turned `rotation` quarter turns clockwise: the
/// inverse of [`unturned_side`].
///
/// ```
/// use scramble::puzzle::grid::{turned_direction, unturned_side};
/// assert_eq!(turned_direction(1, 3), 0);
/// assert!((0..4).all(|d| turned_direction(3, unturned_side(3, d)) == d));
/// ```
pub const fn turned_direction(rotation: usize, side: usize) -> usize {
    (side + rotation) % 4
}

/// Four sides (of any kind: pictures, dense numbers) turned `rotation`
/// quarter turns clockwise, by [`unturned_side`]. The one place a side list
/// is turned; [`crate::Piece::rotated`] calls it.
///
/// ```
/// assert_eq!(scramble::puzzle::grid::turned([0, 1, 2, 3], 1), [3, 0, 1, 2]);
/// ```
pub fn turned<T: Copy>(sides: [T; 4], rotation: usize) -> [T; 4] {
    std::array::from_fn(|d| sides[unturned_side(rotation, d)])
}

/// How many of the four turns leave `sides` unchanged (1, 2 or 4): the
/// size of its stabiliser under rotation.
///
/// ```
/// assert_eq!(scramble::puzzle::grid::symmetries([5, 6, 5, 6]), 2);
/// ```
pub fn symmetries<T: Copy + PartialEq>(sides: [T; 4]) -> usize {
    (0..4).filter(|&r| turned(sides, r) == sides).count()
}

/// The rotation that brings side (or corner) `side` of an unturned piece to
/// direction `d`. Since `d - r = side` exactly when `d - side = r`, this is
/// [`unturned_side`] with the roles of side and rotation exchanged.
pub const fn rotation_bringing(side: usize, d: usize) -> usize {
    unturned_side(side, d)
}

/// For the four cells of a 2x2 block in the order top-left, top-right,
/// bottom-left, bottom-right, the direction at which the corner touching the
/// block's centre starts: right, bottom, top, left.
pub const BLOCK_CENTRE_DIRECTIONS: [usize; 4] = [RIGHT, BOTTOM, TOP, LEFT];

/// The shape of an `n x n` grid.
///
/// ```
/// use scramble::puzzle::grid::Grid;
/// let grid = Grid::new(3);
/// assert_eq!(grid.neighbours(4).count(), 4);
/// assert_eq!(grid.inner_boundaries().count(), 12);
/// assert_eq!(grid.lattice_points().count(), 4);
/// assert_eq!(grid.block((1, 1)), [0, 1, 3, 4]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    size: usize,
}

impl Grid {
    /// The grid with `size` rows and columns.
    pub const fn new(size: usize) -> Self {
        Grid { size }
    }

    /// `n`.
    pub const fn size(self) -> usize {
        self.size
    }

    /// The cells, `0..n*n`.
    pub const fn cells(self) -> Range<usize> {
        0..self.size * self.size
    }

    /// `(row, column)` of a cell.
    pub const fn row_column(self, cell: usize) -> (usize, usize) {
        (cell / self.size, cell % self.size)
    }

    /// The neighbour of `cell` at direction `d`, if it is inside the grid.
    pub fn neighbour(self, cell: usize, d: usize) -> Option<usize> {
        let n = self.size;
        let (r, c) = self.row_column(cell);
        match d {
            TOP => (r > 0).then(|| cell - n),
            RIGHT => (c + 1 < n).then(|| cell + 1),
            BOTTOM => (r + 1 < n).then(|| cell + n),
            _ => (c > 0).then(|| cell - 1),
        }
    }

    /// The in-grid neighbours of `cell` as `(direction, neighbour)`, in
    /// direction order.
    pub fn neighbours(self, cell: usize) -> impl Iterator<Item = (usize, usize)> {
        (0..4).filter_map(move |d| self.neighbour(cell, d).map(|nb| (d, nb)))
    }

    /// Which directions of `cell` face a neighbour.
    pub fn inner_directions(self, cell: usize) -> [bool; 4] {
        std::array::from_fn(|d| self.neighbour(cell, d).is_some())
    }

    /// Every inner boundary as `(cell, direction, neighbour)`, with direction
    /// right or bottom, in row-major order: `2n(n-1)` of them.
    pub fn inner_boundaries(self) -> impl Iterator<Item = (usize, usize, usize)> {
        self.cells().flat_map(move |cell| {
            [RIGHT, BOTTOM]
                .into_iter()
                .filter_map(move |d| self.neighbour(cell, d).map(|nb| (cell, d, nb)))
        })
    }

    /// The directions `d` of `cell` such that `d` and `d + 1` both face
    /// neighbours: where the cell's inner corners start. None for no cell of
    /// a 1x1 grid, one for a corner cell, two for a border cell, four inside.
    pub fn inner_corner_directions(self, cell: usize) -> impl Iterator<Item = usize> {
        let inner = self.inner_directions(cell);
        (0..4).filter(move |&d| inner[d] && inner[(d + 1) % 4])
    }

    /// The interior lattice points `(i, j)`, `1 <= i, j < n`, where four
    /// cells meet, row by row: `(n - 1)^2` of them.
    pub fn lattice_points(self) -> impl Iterator<Item = (usize, usize)> {
        let n = self.size;
        (1..n).flat_map(move |i| (1..n).map(move |j| (i, j)))
    }

    /// The four cells around lattice point `(i, j)`: top-left, top-right,
    /// bottom-left, bottom-right (the order of [`BLOCK_CENTRE_DIRECTIONS`]).
    pub const fn block(self, (i, j): (usize, usize)) -> [usize; 4] {
        let n = self.size;
        [(i - 1) * n + j - 1, (i - 1) * n + j, i * n + j - 1, i * n + j]
    }

    /// Where `cell` goes when the whole grid turns a quarter turn clockwise:
    /// `(r, c)` to `(c, n - 1 - r)`.
    pub const fn turned_cell(self, cell: usize) -> usize {
        let (r, c) = self.row_column(cell);
        c * self.size + (self.size - 1 - r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_symmetric_and_opposite() {
        for n in 2..=5 {
            let grid = Grid::new(n);
            for cell in grid.cells() {
                for (d, nb) in grid.neighbours(cell) {
                    assert_eq!(grid.neighbour(nb, opposite(d)), Some(cell));
                }
            }
            let degrees: usize = grid.cells().map(|c| grid.neighbours(c).count()).sum();
            assert_eq!(degrees, 2 * grid.inner_boundaries().count());
            assert_eq!(grid.inner_boundaries().count(), 2 * n * (n - 1));
        }
    }

    #[test]
    fn inner_corners_count_one_two_or_four() {
        let grid = Grid::new(3);
        let counts: Vec<usize> = grid.cells().map(|c| grid.inner_corner_directions(c).count()).collect();
        assert_eq!(counts, vec![1, 2, 1, 2, 4, 2, 1, 2, 1]);
        let two = Grid::new(2);
        for (k, cell) in two.block((1, 1)).into_iter().enumerate() {
            assert_eq!(
                two.inner_corner_directions(cell).collect::<Vec<_>>(),
                vec![BLOCK_CENTRE_DIRECTIONS[k]]
            );
        }
    }

    #[test]
    fn turning_is_inverted_by_rotation_bringing() {
        for r in 0..4 {
            for d in 0..4 {
                assert_eq!(rotation_bringing(unturned_side(r, d), d), r);
            }
        }
    }

    #[test]
    fn four_grid_turns_are_the_identity() {
        let grid = Grid::new(4);
        for cell in grid.cells() {
            let back = (0..4).fold(cell, |c, _| grid.turned_cell(c));
            assert_eq!(back, cell);
        }
        assert_eq!(grid.turned_cell(0), 3);
    }
}
