//! The pieces of the census: rotation classes of 4-tuples of the `2K`
//! pictures of patterns `1..=K`.
//!
//! Pictures are numbered `0..2K` in their natural order (`1-`, `1+`, `2-`,
//! ...) by [`Picture::dense`]: the complement of `i` is `i ^ 1`. A piece class is represented by its
//! lexicographically smallest rotation; classes are listed in increasing
//! order of that representative.

use itertools::Itertools;

use crate::{Picture, Piece};

/// Every piece class over `patterns` patterns, repetition-free ones only
/// unless `repetitions`, in increasing order of their representative.
///
/// Enumerates all `(2K)^4` tuples: `O(K^4)`.
///
/// ```
/// use scramble::census::pieces::piece_classes;
/// assert_eq!(piece_classes(3, false).len(), 90);
/// assert_eq!(piece_classes(4, false).len(), 420);
/// assert_eq!(piece_classes(1, true).len(), 6);
/// ```
pub fn piece_classes(patterns: usize, repetitions: bool) -> Vec<Piece> {
    let pictures: Vec<Picture> = (0..2 * patterns).map(Picture::from_dense).collect();
    std::iter::repeat_n(pictures.iter().copied(), 4)
        .multi_cartesian_product()
        .map(|sides| Piece::new([sides[0], sides[1], sides[2], sides[3]]))
        .filter(|piece| repetitions || !piece.has_repetition())
        .filter(|piece| piece.canonical() == *piece)
        .collect()
}

/// Burnside's count of the rotation classes of all 4-tuples over `n`
/// pictures: `(n^4 + n^2 + 2n) / 4` (identity, half turn, two quarter turns).
pub(crate) fn burnside_count(n: u64) -> u64 {
    (n.pow(4) + n.pow(2) + 2 * n) / 4
}

/// The number of multisets of 4 pieces chosen among `pieces`:
/// `C(pieces + 3, 4)`.
pub fn multisets_of_four(pieces: u64) -> u64 {
    let n = u128::from(pieces);
    u64::try_from((n + 3) * (n + 2) * (n + 1) * n / 24).expect("fits in u64")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repetition_free_counts() {
        // 2K(2K-1)(2K-2)(2K-3) tuples of distinct pictures, 4 rotations each.
        for (k, expected) in [(1, 0), (2, 6), (3, 90), (4, 420)] {
            assert_eq!(piece_classes(k, false).len(), expected, "K = {k}");
        }
        assert_eq!(multisets_of_four(90), 2_919_735);
        assert_eq!(multisets_of_four(420), 1_315_142_955);
    }

    #[test]
    fn burnside_counts_with_repetitions() {
        for k in 1..=4 {
            let n = 2 * k as u64;
            assert_eq!(piece_classes(k, true).len() as u64, burnside_count(n), "K = {k}");
        }
        assert_eq!(burnside_count(2), 6);
        assert_eq!(burnside_count(4), 70);
    }

    #[test]
    fn classes_are_sorted_distinct_and_canonical() {
        let pieces = piece_classes(3, true);
        assert!(pieces.windows(2).all(|w| w[0] < w[1]));
        for piece in &pieces {
            let rotations: Vec<Piece> = (0..4).map(|r| piece.rotated(r)).collect();
            assert_eq!(rotations.iter().min(), Some(piece));
        }
    }
}
