//! Patterns and pictures: a whole image and its two halves, or a picture
//! that matches itself.

use std::fmt;

/// A whole image, named by a positive number (the paper's notation).
///
/// Files may also name patterns with identifiers (`star`); those are numbered
/// 1, 2, ... in order of first appearance and the [`Puzzle`](super::Puzzle)
/// keeps the names for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pattern(u32);

impl Pattern {
    /// The pattern with number `n`.
    ///
    /// # Panics
    /// If `n` is 0: pattern numbers start at 1.
    pub fn new(n: u32) -> Self {
        assert!(n >= 1, "pattern numbers start at 1");
        Pattern(n)
    }

    /// The pattern's number.
    pub fn number(self) -> u32 {
        self.0
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Which half of a pattern a picture is, or that it is whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sign {
    /// The `-` half (the paper's top row).
    Minus,
    /// The `+` half (the paper's bottom row).
    Plus,
    /// A self-matching picture (`=`): it matches another copy of itself, like
    /// an unsigned colour. Its pattern has no `+` or `-` picture in the same
    /// puzzle, and it is its own complement.
    Same,
}

impl Sign {
    /// The other sign; `=` stays `=`.
    pub(crate) fn flip(self) -> Sign {
        match self {
            Sign::Minus => Sign::Plus,
            Sign::Plus => Sign::Minus,
            Sign::Same => Sign::Same,
        }
    }

    /// `'+'`, `'-'` or `'='`.
    pub(crate) fn symbol(self) -> char {
        match self {
            Sign::Minus => '-',
            Sign::Plus => '+',
            Sign::Same => '=',
        }
    }
}

/// Half of a pattern: `3+`, `3-`.
///
/// ```
/// use scramble::Picture;
/// let p = Picture::plus(3);
/// assert_eq!(p.to_string(), "3+");
/// assert_eq!(p.complement().to_string(), "3-");
/// assert_eq!(p.complement().complement(), p);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Picture {
    pattern: Pattern,
    sign: Sign,
}

impl Picture {
    /// The picture of `pattern` with `sign`.
    pub fn new(pattern: Pattern, sign: Sign) -> Self {
        Picture { pattern, sign }
    }

    /// `n+`.
    pub fn plus(n: u32) -> Self {
        Picture::new(Pattern::new(n), Sign::Plus)
    }

    /// `n-`.
    pub fn minus(n: u32) -> Self {
        Picture::new(Pattern::new(n), Sign::Minus)
    }

    /// The pattern `|X|`.
    pub fn pattern(self) -> Pattern {
        self.pattern
    }

    /// The sign.
    pub fn sign(self) -> Sign {
        self.sign
    }

    /// The dense number of the picture of the pattern of rank `rank`
    /// (0-based, in increasing pattern order) with `sign`: `2 * rank` for
    /// `-` and `=`, `2 * rank + 1` for `+`, so that signed complements differ
    /// in the last bit (`i ^ 1`) and numbers follow the pictures' order. The
    /// one numbering of the solvers' tables and the census. A self-matching
    /// picture `2 * rank` is its own complement: code that meets one reads
    /// complements from a table ([`Picture::dense_complements`]), not `i ^ 1`.
    ///
    /// ```
    /// use scramble::{Picture, Sign};
    /// assert_eq!(Picture::dense_number(2, Sign::Plus), 5);
    /// assert_eq!(Picture::plus(3).dense(), 5);
    /// assert_eq!(Picture::from_dense(5), Picture::plus(3));
    /// ```
    pub const fn dense_number(rank: usize, sign: Sign) -> usize {
        2 * rank + matches!(sign, Sign::Plus) as usize
    }

    /// The complement of every dense number below `2 * signs.len()`, where
    /// `signs[rank]` says whether the pattern of that rank is self-matching:
    /// `i ^ 1` for signed patterns, `i` itself for self-matching ones.
    /// `O(patterns)`.
    ///
    /// ```
    /// use scramble::Picture;
    /// assert_eq!(Picture::dense_complements(&[false, true]), vec![1, 0, 2, 3]);
    /// ```
    pub fn dense_complements(self_matching: &[bool]) -> Vec<usize> {
        (0..2 * self_matching.len())
            .map(|i| if self_matching[i / 2] { i } else { i ^ 1 })
            .collect()
    }

    /// The dense number over patterns `1, 2, ...` (rank `pattern - 1`).
    pub fn dense(self) -> usize {
        Picture::dense_number(self.pattern.number() as usize - 1, self.sign)
    }

    /// The picture whose [`dense`](Picture::dense) number is `i`.
    ///
    /// # Panics
    /// If the pattern number `i / 2 + 1` does not fit in a `u32`.
    pub fn from_dense(i: usize) -> Picture {
        let sign = if i.is_multiple_of(2) { Sign::Minus } else { Sign::Plus };
        Picture::new(Pattern::new(u32::try_from(i / 2 + 1).expect("few patterns")), sign)
    }

    /// Whether this picture matches itself (`X=`).
    pub(crate) fn is_self_matching(self) -> bool {
        self.sign == Sign::Same
    }

    /// The other half of the same pattern: `X+` <-> `X-`; `X=` is its own
    /// complement.
    pub fn complement(self) -> Self {
        Picture::new(self.pattern, self.sign.flip())
    }

    /// Whether `other` completes this picture into a whole pattern.
    pub fn matches(self, other: Picture) -> bool {
        self.complement() == other
    }
}

impl fmt::Display for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.pattern, self.sign.symbol())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_numbers_round_trip_and_pair_complements() {
        for i in 0..10 {
            assert_eq!(Picture::from_dense(i).dense(), i);
            assert_eq!(Picture::from_dense(i ^ 1), Picture::from_dense(i).complement());
            assert!(Picture::from_dense(i) < Picture::from_dense(i + 1));
        }
        assert_eq!(Picture::from_dense(0).to_string(), "1-");
        assert_eq!(Picture::from_dense(3).to_string(), "2+");
    }

    #[test]
    fn complement_flips_the_sign_only() {
        let p = Picture::minus(7);
        assert_eq!(p.complement(), Picture::plus(7));
        assert!(p.matches(Picture::plus(7)));
        assert!(!p.matches(Picture::minus(7)));
        assert!(!p.matches(Picture::plus(6)));
    }

    #[test]
    fn a_self_matching_picture_is_its_own_complement() {
        let p = Picture::new(Pattern::new(4), Sign::Same);
        assert_eq!(p.to_string(), "4=");
        assert_eq!(p.complement(), p);
        assert!(p.matches(p) && p.is_self_matching());
        assert!(!p.matches(Picture::plus(4)) && !Picture::minus(4).matches(p));
        assert_eq!(p.dense(), Picture::minus(4).dense());
    }

    #[test]
    fn minus_sorts_before_plus_within_a_pattern() {
        assert!(Picture::minus(2) < Picture::plus(2));
        assert!(Picture::plus(1) < Picture::minus(2));
    }
}
