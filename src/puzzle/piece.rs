//! A piece: four pictures clockwise from the top.

use std::fmt;

use super::Picture;
use super::grid::unturned_side;

/// The four directions of a cell, clockwise from the top.
pub(crate) const DIRECTIONS: [&str; 4] = ["top", "right", "bottom", "left"];

/// Four pictures in clockwise order starting at the top:
/// `top right bottom left`.
///
/// ```
/// use scramble::{Piece, Picture};
/// let piece: Piece = "1+ 2- 3+ 4-".parse().unwrap();
/// // A quarter turn clockwise brings the left side to the top.
/// assert_eq!(piece.rotated(1).to_string(), "4- 1+ 2- 3+");
/// assert_eq!(piece.side(2), Picture::plus(3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece([Picture; 4]);

impl Piece {
    /// The piece with `sides` = `[top, right, bottom, left]`.
    pub fn new(sides: [Picture; 4]) -> Self {
        Piece(sides)
    }

    /// `[top, right, bottom, left]`.
    pub fn sides(&self) -> [Picture; 4] {
        self.0
    }

    /// The picture at direction `d` (0 top, 1 right, 2 bottom, 3 left).
    pub fn side(&self, d: usize) -> Picture {
        self.0[d % 4]
    }

    /// The piece turned a quarter turn clockwise `r` times: side
    /// `s[(d - r) mod 4]` comes to direction `d`.
    pub fn rotated(&self, r: usize) -> Piece {
        Piece(super::grid::turned(self.0, r))
    }

    /// The picture at direction `d` once the piece is turned `r` times.
    pub fn side_turned(&self, r: usize, d: usize) -> Picture {
        self.0[unturned_side(r, d)]
    }

    /// The four corners `(i, s[i], s[i+1])`: from a picture to the one 90
    /// degrees clockwise from it. These are the piece's edges in the
    /// recording graph.
    pub fn corners(&self) -> impl Iterator<Item = (usize, Picture, Picture)> + '_ {
        (0..4).map(move |i| (i, self.0[i], self.0[(i + 1) % 4]))
    }

    /// Whether a picture appears more than once on the piece (`X+` and `X-`
    /// together are no repetition).
    pub(crate) fn has_repetition(&self) -> bool {
        self.repeated().next().is_some()
    }

    /// The pictures that appear more than once, each once, in side order.
    pub fn repeated(&self) -> impl Iterator<Item = Picture> + '_ {
        (0..4).filter_map(move |i| {
            let p = self.0[i];
            let first = self.0.iter().position(|&q| q == p) == Some(i);
            (first && self.0[i + 1..].contains(&p)).then_some(p)
        })
    }

    /// The smallest of the piece's four rotations: the representative of
    /// its rotation class, as the census lists pieces.
    pub fn canonical(&self) -> Piece {
        (0..4).map(|r| self.rotated(r)).min().expect("four rotations")
    }

    /// The piece seen in a mirror (left and right swapped): it has the same
    /// corners reversed.
    pub(crate) fn mirrored(&self) -> Piece {
        let [t, r, b, l] = self.0;
        Piece([t, l, b, r])
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [t, r, b, l] = self.0;
        write!(f, "{t} {r} {b} {l}")
    }
}

impl std::str::FromStr for Piece {
    type Err = crate::Error;

    /// Reads `top right bottom left` in numeric notation, e.g. `1+ 2- 3+ 4-`.
    fn from_str(text: &str) -> crate::Result<Self> {
        super::read::parse_piece(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(s: &str) -> Piece {
        s.parse().unwrap()
    }

    #[test]
    fn rotation_follows_the_spec_formula() {
        let p = piece("1+ 2+ 3+ 4+");
        for r in 0..4 {
            for d in 0..4 {
                assert_eq!(p.rotated(r).side(d), p.side((d + 4 - r) % 4));
                assert_eq!(p.side_turned(r, d), p.rotated(r).side(d));
            }
        }
        assert_eq!(p.rotated(4), p);
        assert_eq!(p.rotated(1).rotated(3), p);
    }

    #[test]
    fn corners_go_clockwise() {
        let p = piece("1+ 2- 3+ 4-");
        let c: Vec<_> = p.corners().map(|(i, a, b)| (i, a.to_string(), b.to_string())).collect();
        assert_eq!(c[0], (0, "1+".into(), "2-".into()));
        assert_eq!(c[3], (3, "4-".into(), "1+".into()));
    }

    #[test]
    fn repetitions_ignore_complements() {
        assert!(!piece("1+ 1- 2+ 2-").has_repetition());
        assert!(piece("1+ 2- 1+ 3-").has_repetition());
        assert_eq!(piece("1+ 1+ 1+ 2-").repeated().count(), 1);
        assert_eq!(piece("1+ 2+ 1+ 2+").repeated().count(), 2);
    }
}
