//! Question 4.2 with a bounded number of patterns, its first case: puzzles
//! over **one signed pattern** (pictures `1+` and `1-` only).
//!
//! Turned pieces over one pattern fall into six classes, by the cyclic word
//! of their signs: `++++`, `+++-`, `++--`, `+-+-`, `+---`, `----`
//! ([`CLASSES`]). Solvability depends only on how many pieces of each class
//! the puzzle has ([`class_counts`]): pieces of one class are the same up
//! to a turn.
//!
//! **Proposition (count condition).** An `n x n` puzzle over one signed
//! pattern with `P` plus sides and `M` minus sides, `n >= 2`, can be
//! solvable only if `P >= 2n(n-1)` and `M >= 2n(n-1)`. *Proof.* A solution
//! has `2n(n-1)` inner boundaries, and each shows one `+` side and one `-`
//! side (the pictures are complements), on different sides of the pieces.
//!
//! The condition is not sufficient: the tests decide every puzzle over one
//! pattern for `n = 2` and `n = 3` twice, with the plain exhaustive judge
//! ([`super::brute`]) and by orienting the inner boundaries, and find
//! puzzles that meet it and have no solution (20 of the 126 2x2 ones, 112
//! of the 2,002 3x3 ones). No exact condition and no polynomial algorithm
//! for every `n` is proven here.

use crate::{Puzzle, Sign};

/// The six rotation classes of a piece over one signed pattern, by the
/// signs of its sides clockwise (`true` is `+`), each its least rotation
/// in the order written: `++++`, `+++-`, `++--`, `+-+-`, `+---`, `----`.
pub const CLASSES: [[bool; 4]; 6] = [
    [true, true, true, true],
    [true, true, true, false],
    [true, true, false, false],
    [true, false, true, false],
    [true, false, false, false],
    [false, false, false, false],
];

/// How many pieces of each class of [`CLASSES`] the puzzle has, or `None`
/// when it shows more than one pattern or a self-matching picture. `O(n^2)`.
///
/// ```
/// use scramble::theorem::one_pattern::class_counts;
/// let puzzle: scramble::Puzzle = "1+ 1+ 1- 1-\n1- 1+ 1+ 1-\n1+ 1- 1+ 1-\n1- 1- 1- 1-".parse().unwrap();
/// assert_eq!(class_counts(&puzzle), Some([0, 0, 2, 1, 0, 1]));
/// ```
pub fn class_counts(puzzle: &Puzzle) -> Option<[usize; 6]> {
    let pattern = puzzle.pieces().first()?.side(0).pattern();
    let mut counts = [0; 6];
    for piece in puzzle.pieces() {
        let sides = piece.sides();
        if sides.iter().any(|&s| s.pattern() != pattern || s.complement() == s) {
            return None;
        }
        let signs = sides.map(|s| s.sign() == Sign::Plus);
        let class = CLASSES
            .iter()
            .position(|c| (0..4).any(|r| (0..4).all(|d| c[d] == signs[(d + r) % 4])))
            .expect("every sign word is a turn of one of the six classes");
        counts[class] += 1;
    }
    Some(counts)
}

/// The count condition of the proposition for an `n x n` puzzle with these
/// class counts: at least `2n(n-1)` plus sides and as many minus sides.
/// Necessary, not sufficient. `O(1)`.
///
/// ```
/// use scramble::theorem::one_pattern::count_condition;
/// // Four `++++` pieces have no minus side for the four inner boundaries.
/// assert!(!count_condition(2, [4, 0, 0, 0, 0, 0]));
/// assert!(count_condition(2, [0, 0, 4, 0, 0, 0]));
/// ```
pub fn count_condition(n: usize, counts: [usize; 6]) -> bool {
    let plus: usize = counts
        .iter()
        .zip(CLASSES)
        .map(|(k, c)| k * c.iter().filter(|&&s| s).count())
        .sum();
    let minus = 4 * counts.iter().sum::<usize>() - plus;
    let inner = 2 * n * n.saturating_sub(1);
    plus >= inner && minus >= inner
}

#[cfg(test)]
mod tests;
