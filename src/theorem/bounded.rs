//! Open question 4.2 with a bounded number of patterns (the proofs are in
//! `docs/notes/np-complete.md`, section "A bounded number of patterns").
//!
//! Two results, one on each side of the line:
//!
//! - **No fixed K is NP-complete unless P = NP.** Over K fixed patterns a
//!   piece with the corners H marks on it is one of a constant number of
//!   classes, so an instance (a puzzle, and H or not) is determined, up to
//!   an exchange of pieces, turns of pieces and an order-preserving
//!   renaming of patterns (none of which changes the answer), by its
//!   [`canonical`] form: the sorted list of its pieces' classes. The
//!   canonical forms of the yes-instances make a *sparse* set in NP (at
//!   most `(m + 1)^C` strings of length up to `m`, `C` the number of
//!   classes), the map to it is computable in polynomial time, and a
//!   sparse set that is NP-hard under many-one reductions gives P = NP
//!   (S. R. Mahaney, *J. Comput. System Sci.* 25 (1982) 130-143).
//! - **NP-complete with at most `n + 5` patterns**, solvability and "does
//!   some solution keep exactly H?" alike. [`reduce`] is the reduction of
//!   [`super::reduction`] with its unique joints and links replaced by
//!   positional ones: the joint between positions `t` and `t + 1` of
//!   *every* bar is pattern `J_t`, and the ring's links show one pattern
//!   per side of the frame. Bars may then be cut and re-glued at equal
//!   positions, but every run of pieces between two bar ends still ends
//!   with the last piece of a bar as long as the run, so the runs have the
//!   bars' lengths and a solution is still an equal-bins split. The outer
//!   sides show `O+` and `Q+`, whose complements occur nowhere, so every
//!   solution is framed and keeps H. Patterns: `T`, `E`, `O`, `Q`, four
//!   side links and `J_1 .. J_(L-1)` for the longest bar `L <= n - 2`
//!   (when no item exceeds the target, as in 3-PARTITION).
//!
//! Between the two (a number of patterns that grows with n, but more
//! slowly than n) nothing is proven here.

use std::collections::{BTreeMap, BTreeSet};

use super::reduction::{EqualBins, O, Reduced, assemble, bar_lengths, bar_pieces, frame_pieces};
use crate::{Pattern, Picture, Piece, Puzzle};

/// The pattern of a corner piece's second outer side. Only `O+` and `Q+`
/// occur, on outer sides only: no piece can match them, so they face out.
const Q: u32 = O + 1;
/// The first of the four patterns the ring's links show, one per side of
/// the frame (top, right, bottom, left, clockwise from the top-left
/// corner).
const SIDE: u32 = Q + 1;
/// `J_t` is pattern `JOINT + t`, for `t >= 1`.
const JOINT: u32 = SIDE + 3;

/// The puzzle and H of the reduction with positional joints, or why the
/// instance is not one (as [`super::reduction::reduce`] says). The puzzle
/// has `7 + L` patterns for the longest bar `L`: at most `n + 5` when no
/// item exceeds the target. It is solvable, and some solution keeps
/// exactly H, if and only if the items split.
///
/// # Complexity
/// `O(n^2)` pieces, as the reduction with unique joints.
pub(crate) fn reduce(instance: &EqualBins) -> Result<Reduced, String> {
    let (block, lengths) = bar_lengths(instance)?;
    // Links 0 .. n-2 lie along the top, the next n - 1 along the right side, ...
    let frame = frame_pieces(
        block,
        |link| SIDE + (link / (block + 1)) as u32,
        [Picture::plus(O), Picture::plus(Q)],
    );
    let bars = lengths
        .into_iter()
        .map(|length| bar_pieces(length, |t| JOINT + t as u32))
        .collect();
    assemble(block, frame, bars)
}

/// The canonical form of a puzzle and, if given, a set H of its corners
/// (edge numbers `4 * piece + corner`): every piece with its patterns
/// renamed `1, 2, ...` in increasing order and a bit mask of its corners
/// in H (bit `c` for corner `c`), turned to the smallest of its four turns
/// (the mask turning with it), the list sorted. Two instances with the
/// same form have the same answer, solvable or "some solution keeps
/// exactly H".
///
/// # Complexity
/// `O(n^2 log n)`.
pub fn canonical(puzzle: &Puzzle, kept: Option<&BTreeSet<usize>>) -> Vec<(Piece, u8)> {
    let rank: BTreeMap<Pattern, u32> = puzzle.patterns().into_iter().zip(1..).collect();
    let rename = |p: Picture| Picture::new(Pattern::new(rank[&p.pattern()]), p.sign());
    let mut classes: Vec<(Piece, u8)> = puzzle
        .pieces()
        .iter()
        .enumerate()
        .map(|(i, piece)| {
            let renamed = Piece::new(piece.sides().map(rename));
            let mask = (0..4)
                .filter(|c| kept.is_some_and(|h| h.contains(&(4 * i + c))))
                .fold(0u8, |m, c| m | 1 << c);
            (0..4)
                .map(|r| (renamed.rotated(r), turn_mask(mask, r)))
                .min()
                .expect("four turns")
        })
        .collect();
    classes.sort();
    classes
}

/// A piece's corner mask once the piece is turned `r` quarter turns
/// clockwise: its corner `c` becomes corner `c + r`.
fn turn_mask(mask: u8, r: usize) -> u8 {
    let r = r % 4;
    ((mask << r) | (mask >> ((4 - r) % 4))) & 0xF
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_reduce_holds() {
        use crate::theorem::{bounded, framed, reduction::EqualBins};
        let yes = bounded::reduce(&EqualBins {
            items: vec![1, 2, 1, 2],
            bins: 2,
            target: 3,
        })
        .unwrap();
        assert_eq!(yes.puzzle.size(), 5);
        assert_eq!(yes.puzzle.patterns().len(), 10);
        assert!(framed::decide(&yes.puzzle, &yes.kept, &crate::Context::new()).kept());
        let no = bounded::reduce(&EqualBins {
            items: vec![2, 2, 2],
            bins: 2,
            target: 3,
        })
        .unwrap();
        assert!(!framed::decide(&no.puzzle, &no.kept, &crate::Context::new()).kept());
    }

    #[test]
    fn the_example_of_canonical_holds() {
        use crate::{Puzzle, theorem::bounded::canonical};
        let a: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
        // The same pieces, listed in another order and turned, patterns renamed 5, 6, 7, 8.
        let b: Puzzle = "8+ 8- 7- 7+\n6+ 7- 7+ 5+\n7+ 7- 8+ 5-\n8- 7+ 7- 6-".parse().unwrap();
        assert_eq!(canonical(&a, None), canonical(&b, None));
    }

    use super::*;
    use crate::recording::kept::kept_corners;
    use crate::rng::Rng;
    use crate::theorem::brute;
    use crate::theorem::reduction::tests::instances;
    use crate::{Arrangement, Placement};

    /// The largest grid on which the exhaustive judge decides, with H and
    /// without (the slowest 6x6 no-instance takes it about 3 s without H).
    const JUDGED_UP_TO: usize = 6;

    #[test]
    fn the_puzzle_is_solvable_and_keeps_the_frame_exactly_when_the_items_split() {
        let (mut yes, mut no, mut small) = (0, 0, 0);
        let (mut brute_judged, mut solvable_judged) = ([0; 2], [0; 2]);
        for instance in instances(120, 7) {
            let reduced = reduce(&instance).unwrap();
            let puzzle = &reduced.puzzle;
            let n = puzzle.size();
            let longest = reduced.bars.iter().map(Vec::len).max().unwrap();
            assert_eq!(puzzle.patterns().len(), 7 + longest, "{instance:?}");
            if instance.items.iter().all(|&a| a <= instance.target) {
                assert!(7 + longest <= n + 5, "{instance:?}");
                small += 1;
            }
            assert!(puzzle.is_repetition_free());
            let splits = reduced.checked_split(&instance);
            if splits {
                yes += 1;
            } else {
                no += 1;
            }
            // The plain exhaustive judge, written apart from every solver
            // of the project, on the grids up to 6x6: with H, and for
            // solvability alone (every solution is framed).
            if n <= JUDGED_UP_TO {
                let kept = brute::decide(puzzle, Some(&reduced.kept));
                assert_eq!(kept, splits, "{instance:?}");
                brute_judged[usize::from(kept)] += 1;
                let solvable = brute::decide(puzzle, None);
                assert_eq!(solvable, splits, "{instance:?}");
                solvable_judged[usize::from(solvable)] += 1;
            }
        }
        assert!(yes >= 10 && no >= 10, "yes {yes}, no {no}");
        // 123 instances have no item above the target: n + 5 bounds them.
        assert_eq!(small, 123, "instances within the pattern bound");
        // 127 of the 130 instances, 12 without a split, judged both ways.
        assert_eq!(brute_judged, [12, 115], "no- and yes-instances judged with H");
        assert_eq!(solvable_judged, [12, 115], "no- and yes-instances judged without H");
        assert_eq!(
            brute_judged,
            [12, 115],
            "no- and yes-instances judged by the exhaustive judge"
        );
    }

    #[test]
    fn bars_cut_and_reglued_at_equal_positions_still_pack() {
        // Bars of equal lengths share their joints J_1, J_2, ..., so a row
        // may take the first pieces of one bar and the rest of another;
        // the runs between bar ends still have the bars' lengths.
        let cases: [(&[usize], bool); 4] = [
            (&[3, 1, 3, 1], true),
            (&[2, 2, 2, 2], true),
            (&[3, 3, 2], false),
            (&[3, 2, 3], false),
        ];
        for (items, splits) in cases {
            let instance = EqualBins {
                items: items.to_vec(),
                bins: 2,
                target: 4,
            };
            assert_eq!(instance.split().is_some(), splits, "{items:?}");
            let reduced = reduce(&instance).unwrap();
            assert_eq!(brute::decide(&reduced.puzzle, Some(&reduced.kept)), splits, "{items:?}");
        }
    }

    /// A puzzle solved by its pieces in cell order, unturned: random
    /// pictures over `patterns` patterns on every inner boundary and
    /// outer side.
    fn planted(n: usize, patterns: usize, rng: &mut Rng) -> Puzzle {
        let mut pic = || {
            let pattern = 1 + rng.below(patterns) as u32;
            if rng.coin() {
                Picture::plus(pattern)
            } else {
                Picture::minus(pattern)
            }
        };
        let right: Vec<Picture> = (0..n * n).map(|_| pic()).collect();
        let down: Vec<Picture> = (0..n * n).map(|_| pic()).collect();
        let pieces = (0..n * n)
            .map(|cell| {
                let (r, c) = (cell / n, cell % n);
                let top = if r > 0 { down[cell - n].complement() } else { pic() };
                let left = if c > 0 { right[cell - 1].complement() } else { pic() };
                Piece::new([top, right[cell], down[cell], left])
            })
            .collect();
        Puzzle::new(pieces).unwrap()
    }

    /// The same instance with the pieces listed in another order, each
    /// turned at random, and every pattern `p` renamed `3p + 2` (order
    /// kept): H's corner numbers follow their pieces and turns.
    fn scrambled(puzzle: &Puzzle, kept: &BTreeSet<usize>, rng: &mut Rng) -> (Puzzle, BTreeSet<usize>) {
        let count = puzzle.pieces().len();
        let mut order: Vec<usize> = (0..count).collect();
        rng.shuffle(&mut order);
        let turns: Vec<usize> = (0..count).map(|_| rng.below(4)).collect();
        let rename = |p: Picture| Picture::new(Pattern::new(3 * p.pattern().number() + 2), p.sign());
        let pieces = order
            .iter()
            .enumerate()
            .map(|(new, &old)| Piece::new(puzzle.pieces()[old].rotated(turns[new]).sides().map(rename)))
            .collect();
        let position: Vec<usize> = (0..count)
            .map(|old| order.iter().position(|&o| o == old).unwrap())
            .collect();
        let kept = kept
            .iter()
            .map(|&e| {
                let new = position[e / 4];
                4 * new + (e % 4 + turns[new]) % 4
            })
            .collect();
        (Puzzle::new(pieces).unwrap(), kept)
    }

    #[test]
    fn the_answer_depends_only_on_the_canonical_form() {
        let mut rng = Rng::new(11);
        let mut kept_or_not = [0; 2];
        for round in 0..60 {
            let n = 2 + round % 2;
            let puzzle = planted(n, 1 + round % 3, &mut rng);
            let identity = Arrangement::new(n, (0..n * n).map(|piece| Placement { piece, rotation: 0 }).collect());
            let mut kept: BTreeSet<usize> = kept_corners(&identity).map(|(p, c)| 4 * p + c).collect();
            if round % 4 >= 2 {
                // A kept corner moved to the next corner of its piece.
                let e = *kept.iter().nth(rng.below(kept.len())).unwrap();
                kept.remove(&e);
                kept.insert(e - e % 4 + (e + 1) % 4);
            }
            let (other, other_kept) = scrambled(&puzzle, &kept, &mut rng);
            assert_eq!(canonical(&puzzle, Some(&kept)), canonical(&other, Some(&other_kept)));
            assert_eq!(canonical(&puzzle, None), canonical(&other, None));
            let verdict = brute::decide(&puzzle, Some(&kept));
            assert_eq!(verdict, brute::decide(&other, Some(&other_kept)), "{puzzle:?} {kept:?}");
            assert!(brute::decide(&other, None), "a planted puzzle stays solvable");
            kept_or_not[usize::from(verdict)] += 1;
        }
        assert!(kept_or_not.iter().all(|&k| k >= 5), "not kept / kept: {kept_or_not:?}");
    }

    #[test]
    fn the_classes_are_the_necklaces_of_four_sides() {
        // Over q pictures (with or without a corner bit each) a piece is
        // one of (a^4 + a^2 + 2a) / 4 classes, a = q or 2q: the density
        // bound of the sparse-set argument.
        for patterns in 1..=2u32 {
            let pictures: Vec<Picture> = (1..=patterns)
                .flat_map(|p| [Picture::plus(p), Picture::minus(p)])
                .collect();
            let q = pictures.len();
            let mut plain = BTreeSet::new();
            let mut marked = BTreeSet::new();
            for word in 0..q.pow(4) {
                let sides: [Picture; 4] = std::array::from_fn(|d| pictures[word / q.pow(d as u32) % q]);
                let piece = Piece::new(sides);
                let puzzle = Puzzle::new(vec![piece; 4]).unwrap();
                plain.insert(canonical(&puzzle, None)[0]);
                for mask in 0..16usize {
                    // The same corners of all four pieces, so that every
                    // entry of the form is the class looked at.
                    let kept = (0..16).filter(|e| mask >> (e % 4) & 1 == 1).collect();
                    marked.insert(canonical(&puzzle, Some(&kept))[0]);
                }
            }
            let necklaces = |a: usize| (a.pow(4) + a * a + 2 * a) / 4;
            // Renaming by rank merges words that use only pattern 2 with
            // those that use only pattern 1.
            let single = if patterns == 2 { necklaces(2) } else { 0 };
            let single_marked = if patterns == 2 { necklaces(4) } else { 0 };
            assert_eq!(plain.len(), necklaces(q) - single);
            assert_eq!(marked.len(), necklaces(2 * q) - single_marked);
        }
    }
}
