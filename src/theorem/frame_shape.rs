//! The frame a subgraph H of an `n x n` puzzle's recording graph makes
//! (each piece's kind and the type of each of its sides, by H alone) and
//! the shape of one checked condition: the types [`super::frame`]'s
//! conditions and [`super::ring_core`] share (see [`super::frame`] for what
//! they mean).

use std::collections::BTreeSet;

use super::arrangement_form::Finding;

/// What kind of cell a color goes to, read from how many corners H keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// One kept corner: a corner cell of the grid.
    Corner,
    /// Two consecutive kept corners: a border cell.
    Border,
    /// Four kept corners: an inner cell.
    Inner,
}

impl Kind {
    pub(super) fn of_count(kept: usize) -> Option<Kind> {
        match kept {
            1 => Some(Kind::Corner),
            2 => Some(Kind::Border),
            4 => Some(Kind::Inner),
            _ => None,
        }
    }

    /// `corner`, `border` or `inner`.
    pub fn name(self) -> &'static str {
        ["corner", "border", "inner"][self as usize]
    }
}

/// A side of a piece, typed by which of its two end corners H keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SideType {
    /// Neither end kept: on the grid's boundary.
    Outer,
    /// Both ends kept.
    Full,
    /// Only the corner at its clockwise start kept.
    Start,
    /// Only the corner at its clockwise end kept.
    End,
}

/// The frame H prescribes: each color's kind and the type of each of its
/// sides. Side `k` of a piece runs clockwise from corner `k - 1` to corner
/// `k`.
#[derive(Clone, Debug)]
pub struct Frame {
    kinds: Vec<Kind>,
    sides: Vec<[SideType; 4]>,
}

impl Frame {
    /// The frame of `h`, or `None` when some color keeps 0 or 3 corners
    /// or 2 opposite ones. Linear in the number of pieces.
    pub fn new(pieces: usize, h: &BTreeSet<usize>) -> Option<Frame> {
        let kept = |p: usize, c: usize| h.contains(&(4 * p + c % 4));
        let mut kinds = Vec::with_capacity(pieces);
        let mut sides = Vec::with_capacity(pieces);
        for p in 0..pieces {
            let count = (0..4).filter(|&c| kept(p, c)).count();
            let opposite = count == 2 && (kept(p, 0) == kept(p, 2));
            kinds.push(Kind::of_count(count).filter(|_| !opposite)?);
            sides.push(std::array::from_fn(|k| match (kept(p, k + 3), kept(p, k)) {
                (true, true) => SideType::Full,
                (true, false) => SideType::Start,
                (false, true) => SideType::End,
                (false, false) => SideType::Outer,
            }));
        }
        Some(Frame { kinds, sides })
    }

    /// The kind of a color.
    pub fn kind(&self, piece: usize) -> Kind {
        self.kinds[piece]
    }

    /// The type of side `k` of a color.
    pub fn side(&self, piece: usize, k: usize) -> SideType {
        self.sides[piece][k % 4]
    }
}

/// One condition's finding with the edges that witness it (empty when it
/// holds or when the witness is a count).
#[derive(Clone, Debug)]
pub struct Check {
    /// `(H1) shapes` and so on.
    pub condition: &'static str,
    /// What holds, or why not, in words with the puzzle's labels.
    pub finding: Finding,
    /// The edges the witness names (`4 * piece + corner`).
    pub edges: Vec<usize>,
}
