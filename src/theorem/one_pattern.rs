//! Question 4.2 with a bounded number of patterns, its first case: puzzles
//! over **one signed pattern** (pictures `1+` and `1-` only).
//!
//! Turned pieces over one pattern fall into six classes, by the cyclic word
//! of their signs: `++++`, `+++-`, `++--`, `+-+-`, `+---`, `----`
//! Solvability depends only on how many pieces of each class the puzzle
//! has: pieces of one class are the same up to a turn.
//!
//! **Proposition (count condition).** An `n x n` puzzle over one signed
//! pattern with `P` plus sides and `M` minus sides, `n >= 2`, can be
//! solvable only if `P >= 2n(n-1)` and `M >= 2n(n-1)`. *Proof.* A solution
//! has `2n(n-1)` inner boundaries, and each shows one `+` side and one `-`
//! side (the pictures are complements), on different sides of the pieces.
//!
//! **Proposition (frame condition).** Moreover, some choice of 4 pieces for
//! the corner cells and `4(n-2)` for the border cells, each turned, shows
//! exactly `P - 2n(n-1)` plus sides to the outside (two adjacent sides of a
//! corner piece, one side of a border piece). *Proof.* In a solution the
//! inner boundaries take `2n(n-1)` plus sides; every other plus side faces
//! the outside, and only frame pieces have sides there.
//! [`frame_condition`] decides it in `O(n^3)`: over one pattern the numbers
//! of plus sides a piece of a class can show outwards form an interval, in
//! a corner and on a border alike.
//!
//! Neither condition is sufficient: the tests decide every puzzle over one
//! pattern for `n = 2` and `n = 3` twice, with the plain exhaustive judge
//! (`theorem::brute`, a test module) and by orienting the inner boundaries, and find
//! puzzles that meet the count condition and have no solution (20 of the
//! 126 2x2 ones, 112 of the 2,002 3x3 ones); the frame condition is exact
//! for 2x2 and leaves 92 of the 3x3 ones. No exact condition and no
//! polynomial algorithm for every `n` is proven here.

use crate::{Puzzle, Sign};

/// The six rotation classes of a piece over one signed pattern, by the
/// signs of its sides clockwise (`true` is `+`), each its least rotation
/// in the order written: `++++`, `+++-`, `++--`, `+-+-`, `+---`, `----`.
const CLASSES: [[bool; 4]; 6] = [
    [true, true, true, true],
    [true, true, true, false],
    [true, true, false, false],
    [true, false, true, false],
    [true, false, false, false],
    [false, false, false, false],
];

/// How many pieces of each class of [`CLASSES`] the puzzle has, or `None`
/// when it shows more than one pattern or a self-matching picture. `O(n^2)`.
fn class_counts(puzzle: &Puzzle) -> Option<[usize; 6]> {
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

/// Whether a puzzle over one signed pattern meets the count condition: at
/// least `2n(n-1)` plus sides and as many minus sides; `None` when the
/// puzzle has another pattern or a self-matching picture. Necessary for a
/// solution, not sufficient. `O(n^2)`.
pub(crate) fn count_condition(puzzle: &Puzzle) -> Option<bool> {
    class_counts(puzzle).map(|counts| count_holds(puzzle.size(), counts))
}

/// The count condition on class counts.
fn count_holds(n: usize, counts: [usize; 6]) -> bool {
    let plus = plus_sides(counts);
    let minus = 4 * counts.iter().sum::<usize>() - plus;
    plus >= inner_boundaries(n) && minus >= inner_boundaries(n)
}

/// The plus sides of pieces with these class counts.
fn plus_sides(counts: [usize; 6]) -> usize {
    counts
        .iter()
        .zip(CLASSES)
        .map(|(k, c)| k * c.iter().filter(|&&s| s).count())
        .sum()
}

/// The `2n(n-1)` inner boundaries of an `n x n` grid.
fn inner_boundaries(n: usize) -> usize {
    2 * n * n.saturating_sub(1)
}

/// The fewest and most plus sides a piece of each class of [`CLASSES`]
/// shows outwards in a corner cell (two adjacent sides): every number in
/// between is possible too.
const CORNER_PLUS: [(usize, usize); 6] = [(2, 2), (1, 2), (0, 2), (1, 1), (0, 1), (0, 0)];

/// The same on a border cell (one side).
const BORDER_PLUS: [(usize, usize); 6] = [(1, 1), (0, 1), (0, 1), (0, 1), (0, 1), (0, 0)];

/// Whether a puzzle over one signed pattern, `n >= 2`, meets the frame
/// condition: some 4 corner pieces and `4(n-2)` border pieces, turned,
/// show exactly `P - 2n(n-1)` plus sides outwards; `None` as for
/// [`count_condition`]. Necessary for a solution, not sufficient; it
/// implies the count condition. `O(n^3)`.
pub(crate) fn frame_condition(puzzle: &Puzzle) -> Option<bool> {
    class_counts(puzzle).map(|counts| frame_holds(puzzle.size(), counts))
}

/// The frame condition on class counts, by dynamic programming over the
/// classes on states (corner pieces chosen, border pieces chosen, plus
/// sides shown outwards).
fn frame_holds(n: usize, counts: [usize; 6]) -> bool {
    let Some(outwards) = plus_sides(counts).checked_sub(inner_boundaries(n)) else {
        return false;
    };
    let (corners, borders) = (4, 4 * n.saturating_sub(2));
    let most = 2 * corners + borders;
    let index = |c: usize, b: usize, s: usize| (c * (borders + 1) + b) * (most + 1) + s;
    let mut reached = vec![false; (corners + 1) * (borders + 1) * (most + 1)];
    reached[index(0, 0, 0)] = true;
    for (class, &k) in counts.iter().enumerate() {
        let mut next = reached.clone();
        for (c, b, s) in states(corners, borders, most).filter(|&(c, b, s)| reached[index(c, b, s)]) {
            for dc in 0..=k.min(corners - c) {
                for db in 0..=(k - dc).min(borders - b) {
                    let low = dc * CORNER_PLUS[class].0 + db * BORDER_PLUS[class].0;
                    let high = dc * CORNER_PLUS[class].1 + db * BORDER_PLUS[class].1;
                    for ds in low..=high {
                        next[index(c + dc, b + db, s + ds)] = true;
                    }
                }
            }
        }
        reached = next;
    }
    outwards <= most && reached[index(corners, borders, outwards)]
}

/// Every state `(corner pieces, border pieces, plus sides)` of
/// [`frame_condition`]'s table.
fn states(corners: usize, borders: usize, most: usize) -> impl Iterator<Item = (usize, usize, usize)> {
    (0..=corners).flat_map(move |c| (0..=borders).flat_map(move |b| (0..=most).map(move |s| (c, b, s))))
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod examples {
    #[test]
    fn the_example_of_count_condition_holds() {
        use crate::theorem::one_pattern::count_condition;
        // Four `++++` pieces have no minus side for the four inner boundaries.
        let plus: crate::Puzzle = "1+ 1+ 1+ 1+\n1+ 1+ 1+ 1+\n1+ 1+ 1+ 1+\n1+ 1+ 1+ 1+".parse().unwrap();
        assert_eq!(count_condition(&plus), Some(false));
        let half: crate::Puzzle = "1+ 1+ 1- 1-\n1- 1+ 1+ 1-\n1+ 1- 1+ 1-\n1- 1- 1- 1-".parse().unwrap();
        assert_eq!(count_condition(&half), Some(true));
        let two: crate::Puzzle = "1+ 2+ 1- 2-\n1+ 1+ 1+ 1+\n1- 1- 1- 1-\n1+ 1- 1+ 1-".parse().unwrap();
        assert_eq!(count_condition(&two), None);
    }

    #[test]
    fn the_example_of_frame_condition_holds() {
        use crate::theorem::one_pattern::{count_condition, frame_condition};
        // Three `++++` and one `----` on 2x2: 12 plus sides, 4 of them inside,
        // so 8 outwards, but the `----` corner shows none and the others two
        // each.
        let puzzle: crate::Puzzle = "1+ 1+ 1+ 1+\n1+ 1+ 1+ 1+\n1+ 1+ 1+ 1+\n1- 1- 1- 1-".parse().unwrap();
        assert_eq!(count_condition(&puzzle), Some(true));
        assert_eq!(frame_condition(&puzzle), Some(false));
    }
}
