//! Grid geometry, the one home of every rule about cells, directions,
//! neighbours, inner boundaries, interior lattice points and turning.
//!
//! Cells of an `n x n` grid are numbered row-major (`r * n + c`, row 0 at
//! the top). Directions are `0` top, `1` right, `2` bottom, `3` left.
//! Turning a piece a quarter turn clockwise `r` times puts its side
//! `s[(d - r) mod 4]` at direction `d` (`unturned_side`); its corner `i`
//! (from side `i` to side `i + 1`) then runs from direction `i + r` to
//! `i + r + 1`, so the corner that starts at direction `d` is corner
//! `(d - r) mod 4`, the same formula.
//!
//! The rotation-class rule ([`Grid::keeps_rotation_class`]) lives here too:
//! the one definition of which arrangement of each class of four whole-grid
//! turns the searches visit.
//!
//! Everything else (arrangements, the solvers' precomputed tables, the
//! generator, the judge, the census's corner verdicts, the kept edges of a
//! solution, the gluing of circuits) is built from these definitions.

use std::ops::Range;

use super::Placement;

/// The top direction.
pub(crate) const TOP: usize = 0;
/// The right direction.
pub(crate) const RIGHT: usize = 1;
/// The bottom direction.
pub(crate) const BOTTOM: usize = 2;
/// The left direction.
pub(crate) const LEFT: usize = 3;

/// The direction opposite `d`: the side a neighbour shows back.
pub(crate) const fn opposite(d: usize) -> usize {
    (d + 2) % 4
}

/// The side (or corner) of an unturned piece that comes to direction `d`
/// once the piece is turned `rotation` quarter turns clockwise:
/// `(d - rotation) mod 4`.
pub(crate) const fn unturned_side(rotation: usize, d: usize) -> usize {
    (d + 4 - rotation % 4) % 4
}

/// The direction at which side (or corner) `side` of an unturned piece
/// lands once the piece is turned `rotation` quarter turns clockwise: the
/// inverse of [`unturned_side`].
pub(crate) const fn turned_direction(rotation: usize, side: usize) -> usize {
    (side + rotation) % 4
}

/// Four sides (of any kind: pictures, dense numbers) turned `rotation`
/// quarter turns clockwise, by `unturned_side`. The one place a side list
/// is turned; [`crate::Piece::rotated`] calls it.
pub(crate) fn turned<T: Copy>(sides: [T; 4], rotation: usize) -> [T; 4] {
    std::array::from_fn(|d| sides[unturned_side(rotation, d)])
}

/// How many of the four turns leave `sides` unchanged (1, 2 or 4): the
/// size of its stabiliser under rotation.
pub(crate) fn symmetries<T: Copy + PartialEq>(sides: [T; 4]) -> usize {
    (0..4).filter(|&r| turned(sides, r) == sides).count()
}

/// The rotation that brings side (or corner) `side` of an unturned piece to
/// direction `d`. Since `d - r = side` exactly when `d - side = r`, this is
/// [`unturned_side`] with the roles of side and rotation exchanged.
pub(crate) const fn rotation_bringing(side: usize, d: usize) -> usize {
    unturned_side(side, d)
}

/// For the four cells of a 2x2 block in the order top-left, top-right,
/// bottom-left, bottom-right, the direction at which the corner touching the
/// block's centre starts: right, bottom, top, left.
pub(crate) const BLOCK_CENTRE_DIRECTIONS: [usize; 4] = [RIGHT, BOTTOM, TOP, LEFT];

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
    pub(crate) const fn row_column(self, cell: usize) -> (usize, usize) {
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
    pub(crate) fn inner_directions(self, cell: usize) -> [bool; 4] {
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
    /// bottom-left, bottom-right (the order of `BLOCK_CENTRE_DIRECTIONS`).
    pub const fn block(self, (i, j): (usize, usize)) -> [usize; 4] {
        let n = self.size;
        [(i - 1) * n + j - 1, (i - 1) * n + j, i * n + j - 1, i * n + j]
    }

    /// The cells round interior lattice point `point`, counterclockwise
    /// from the top-left one, each with the direction its corner at the
    /// point starts from (the corner runs from that side to the next one
    /// clockwise): the [`Grid::block`] taken top-left, bottom-left,
    /// bottom-right, top-right.
    ///
    /// ```
    /// use scramble::puzzle::grid::Grid;
    /// assert_eq!(Grid::new(2).round((1, 1)), [(0, 1), (2, 0), (3, 3), (1, 2)]);
    /// ```
    pub fn round(self, point: (usize, usize)) -> [(usize, usize); 4] {
        let block = self.block(point);
        [0, 2, 3, 1].map(|k| (block[k], BLOCK_CENTRE_DIRECTIONS[k]))
    }

    /// The lattice point at the corner of `cell` that starts at direction
    /// `d` (0: top-right, 1: bottom-right, 2: bottom-left, 3: top-left
    /// vertex), if it is interior.
    pub fn corner_point(self, cell: usize, d: usize) -> Option<(usize, usize)> {
        let n = self.size;
        let (r, c) = self.row_column(cell);
        let (i, j) = [(r, c + 1), (r + 1, c + 1), (r + 1, c), (r, c)][d % 4];
        (i >= 1 && j >= 1 && i < n && j < n).then_some((i, j))
    }

    /// The border sides as `(cell, direction)`, cells row-major, directions
    /// clockwise: `4n` of them.
    pub(crate) fn border_sides(self) -> impl Iterator<Item = (usize, usize)> {
        self.cells().flat_map(move |cell| {
            let inner = self.inner_directions(cell);
            (0..4).filter(move |&d| !inner[d]).map(move |d| (cell, d))
        })
    }

    /// The centre cell of an odd grid.
    pub const fn centre(self) -> Option<usize> {
        if self.size % 2 == 1 {
            Some(self.central_start())
        } else {
            None
        }
    }

    /// The centre of an odd grid, the upper-left of the four central cells
    /// of an even one: where the spiral starts, and the anchor of
    /// [`Grid::keeps_rotation_class`].
    pub const fn central_start(self) -> usize {
        let middle = (self.size - 1) / 2;
        middle * self.size + middle
    }

    /// The four central cells of an even grid, the anchor
    /// ([`Grid::central_start`]) first: the block of the middle lattice
    /// point.
    pub const fn central_block(self) -> Option<[usize; 4]> {
        if self.size.is_multiple_of(2) && self.size > 0 {
            Some(self.block((self.size / 2, self.size / 2)))
        } else {
            None
        }
    }

    /// The rotation-class rule: whether the cells filled so far (`at`) can
    /// belong to the one arrangement of their class of four whole-grid turns
    /// that a search visits. Odd `n`: the centre piece is unturned (the four
    /// turns of a solution turn it through its four rotations). Even `n`:
    /// every other central cell holds a piece of higher `rank` than the
    /// anchor's (turning the grid cycles the four distinct central pieces,
    /// so exactly one turn puts the lowest at the anchor). Checked cell by
    /// cell it prunes as early as possible; the backtracker compiles it into
    /// bitsets, the gluer checks it as circuits are placed.
    ///
    /// ```
    /// use scramble::Placement;
    /// use scramble::puzzle::grid::Grid;
    /// let at = |piece, rotation| Some(Placement { piece, rotation });
    /// assert!(!Grid::new(3).keeps_rotation_class(|c| if c == 4 { at(0, 1) } else { None }, |p| p));
    /// let even = Grid::new(2);
    /// assert!(even.keeps_rotation_class(|c| at([0, 2, 3, 1][c], 0), |p| p));
    /// assert!(!even.keeps_rotation_class(|c| at([1, 2, 3, 0][c], 0), |p| p));
    /// ```
    pub fn keeps_rotation_class(self, at: impl Fn(usize) -> Option<Placement>, rank: impl Fn(usize) -> usize) -> bool {
        if let Some(centre) = self.centre() {
            return at(centre).is_none_or(|p| p.rotation == 0);
        }
        let Some([anchor, others @ ..]) = self.central_block() else {
            return true;
        };
        let Some(anchor) = at(anchor) else {
            return true;
        };
        others
            .iter()
            .filter_map(|&cell| at(cell))
            .all(|p| rank(p.piece) > rank(anchor.piece))
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
    #[test]
    fn the_example_of_unturned_side_holds() {
        use crate::puzzle::grid::unturned_side;
        // One quarter turn brings the left side (3) to the top (0).
        assert_eq!(unturned_side(1, 0), 3);
        assert_eq!(unturned_side(0, 2), 2);
    }

    #[test]
    fn a_quarter_turn_brings_the_left_side_to_the_top() {
        use crate::puzzle::grid::{opposite, turned};
        assert_eq!(turned([0, 1, 2, 3], 1), [3, 0, 1, 2]);
        assert_eq!(turned([0, 1, 2, 3], 4), [0, 1, 2, 3]);
        assert_eq!((0..4).map(opposite).collect::<Vec<_>>(), [2, 3, 0, 1]);
    }

    #[test]
    fn symmetries_are_the_turns_that_keep_the_sides() {
        use crate::puzzle::grid::symmetries;
        assert_eq!(symmetries([5, 6, 5, 6]), 2);
        assert_eq!(symmetries([5, 5, 5, 5]), 4);
        assert_eq!(symmetries([5, 6, 7, 8]), 1);
    }

    #[test]
    fn the_example_of_turned_direction_holds() {
        use crate::puzzle::grid::{turned_direction, unturned_side};
        assert_eq!(turned_direction(1, 3), 0);
        assert!((0..4).all(|d| turned_direction(3, unturned_side(3, d)) == d));
    }

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

    /// Exactly one of the four whole-grid turns of an arrangement of
    /// distinct pieces keeps the rotation-class rule.
    #[test]
    fn one_turn_of_every_arrangement_keeps_the_rotation_class() {
        let mut rng = crate::rng::Rng::new(3);
        for n in 1..=6 {
            let grid = Grid::new(n);
            for _ in 0..50 {
                let mut pieces: Vec<usize> = grid.cells().collect();
                rng.shuffle(&mut pieces);
                let mut cells: Vec<Placement> = pieces
                    .iter()
                    .map(|&piece| Placement {
                        piece,
                        rotation: rng.below(4),
                    })
                    .collect();
                let mut kept = 0;
                for _ in 0..4 {
                    kept += usize::from(grid.keeps_rotation_class(|c| Some(cells[c]), |p| p));
                    let mut turned = cells.clone();
                    for cell in grid.cells() {
                        let p = cells[cell];
                        turned[grid.turned_cell(cell)] = Placement {
                            piece: p.piece,
                            rotation: (p.rotation + 1) % 4,
                        };
                    }
                    cells = turned;
                }
                assert_eq!(kept, 1, "n = {n}");
            }
        }
        assert_eq!(Grid::new(4).central_block(), Some([5, 6, 9, 10]));
        assert_eq!((Grid::new(5).centre(), Grid::new(4).centre()), (Some(12), None));
        assert_eq!(Grid::new(3).border_sides().count(), 12);
    }

    #[test]
    fn round_corners_meet_at_their_point() {
        for n in 2..=4 {
            let grid = Grid::new(n);
            for point in grid.lattice_points() {
                for (cell, d) in grid.round(point) {
                    assert_eq!(grid.corner_point(cell, d), Some(point));
                }
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
