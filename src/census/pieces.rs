//! The pieces of the census: rotation classes of 4-tuples of the `2K`
//! pictures of patterns `1..=K`.
//!
//! Pictures are numbered `0..2K` in their natural order (`1-`, `1+`, `2-`,
//! ...) by [`Picture::dense`]: the complement of `i` is `i ^ 1`. A piece class is represented by its
//! lexicographically smallest rotation; classes are listed in increasing
//! order of that representative.

use itertools::Itertools;

use crate::{Picture, Piece};

/// Every piece class over `patterns` patterns (repetition-free ones only
/// when `repetition_free`), in increasing order of their representative.
///
/// Enumerates all `(2K)^4` tuples: `O(K^4)`.
pub(crate) fn piece_classes(patterns: usize, repetition_free: bool) -> Vec<Piece> {
    piece_classes_until(patterns, repetition_free, &crate::context::Stop::never()).expect("never stopped")
}

/// [`piece_classes`] until `stop`, polled once per top picture (`None`
/// when it came first); the list is allocated once, at its final length
/// ([`class_count`]). For the studies, which list classes over many
/// patterns.
pub(crate) fn piece_classes_until(
    patterns: usize,
    repetition_free: bool,
    stop: &crate::context::Stop,
) -> Option<Vec<Piece>> {
    let pictures: Vec<Picture> = (0..2 * patterns).map(Picture::from_dense).collect();
    let mut classes = Vec::with_capacity(usize::try_from(class_count(patterns, repetition_free)).ok()?);
    for &top in &pictures {
        if stop.reached() {
            return None;
        }
        let pieces = std::iter::repeat_n(pictures.iter().copied(), 3)
            .multi_cartesian_product()
            .map(|sides| Piece::new([top, sides[0], sides[1], sides[2]]))
            .filter(|piece| !repetition_free || !piece.has_repetition())
            .filter(|piece| piece.canonical() == *piece);
        classes.extend(pieces);
    }
    Some(classes)
}

/// The number of piece classes [`piece_classes`] lists, without listing
/// them: Burnside's count over `2K` pictures, or with four different
/// pictures `2K (2K - 1) (2K - 2) (2K - 3) / 4` (no such piece is turned
/// into itself).
pub(crate) fn class_count(patterns: usize, repetition_free: bool) -> u64 {
    let n = 2 * patterns as u64;
    match repetition_free {
        false => burnside_count(n),
        true => n * n.saturating_sub(1) * n.saturating_sub(2) * n.saturating_sub(3) / 4,
    }
}

/// Burnside's count of the rotation classes of all 4-tuples over `n`
/// pictures: `(n^4 + n^2 + 2n) / 4` (identity, half turn, two quarter turns).
pub(crate) fn burnside_count(n: u64) -> u64 {
    (n.pow(4) + n.pow(2) + 2 * n) / 4
}

/// The number of multisets of 4 pieces chosen among `pieces`:
/// `C(pieces + 3, 4)`.
pub(crate) fn multisets_of_four(pieces: u64) -> u64 {
    let n = u128::from(pieces);
    u64::try_from((n + 3) * (n + 2) * (n + 1) * n / 24).expect("fits in u64")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reached_stop_lists_no_classes() {
        let stopped = crate::context::Stop::never().after(std::time::Duration::ZERO);
        assert_eq!(piece_classes_until(3, true, &stopped), None);
        assert_eq!(
            piece_classes_until(3, true, &crate::context::Stop::never()),
            Some(piece_classes(3, true))
        );
    }

    #[test]
    fn repetition_free_counts() {
        // 2K(2K-1)(2K-2)(2K-3) tuples of distinct pictures, 4 rotations each.
        for (k, expected) in [(1, 0), (2, 6), (3, 90), (4, 420)] {
            assert_eq!(piece_classes(k, true).len(), expected, "K = {k}");
        }
        assert_eq!(multisets_of_four(90), 2_919_735);
        assert_eq!(multisets_of_four(420), 1_315_142_955);
    }

    #[test]
    fn class_count_counts_the_listed_classes() {
        assert_eq!(piece_classes(1, false).len(), 6);
        for k in 1..5 {
            for repetition_free in [false, true] {
                assert_eq!(
                    class_count(k, repetition_free),
                    piece_classes(k, repetition_free).len() as u64
                );
            }
        }
    }

    #[test]
    fn burnside_counts_with_repetitions() {
        for k in 1..=4 {
            let n = 2 * k as u64;
            assert_eq!(piece_classes(k, false).len() as u64, burnside_count(n), "K = {k}");
        }
        assert_eq!(burnside_count(2), 6);
        assert_eq!(burnside_count(4), 70);
    }

    #[test]
    fn classes_are_sorted_distinct_and_canonical() {
        let pieces = piece_classes(3, false);
        assert!(pieces.windows(2).all(|w| w[0] < w[1]));
        for piece in &pieces {
            let rotations: Vec<Piece> = (0..4).map(|r| piece.rotated(r)).collect();
            assert_eq!(rotations.iter().min(), Some(piece));
        }
    }
}
