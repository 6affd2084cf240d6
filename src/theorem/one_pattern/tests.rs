//! Every puzzle over one signed pattern for `n = 2` and `n = 3`, decided
//! twice: by the plain exhaustive judge and by orienting the inner
//! boundaries (each boundary shows `+` on one side, `-` on the other; a
//! cell then asks for the classes that show its signs, and Hall's
//! condition says whether the pieces can be dealt to the cells). Both
//! conditions of the module are checked against them.

use std::collections::BTreeSet;

use super::*;
use crate::theorem::brute;
use crate::{Picture, Piece};

/// The multisets of `cells` classes, as class counts.
fn multisets(cells: usize) -> Vec<[usize; 6]> {
    let mut out = Vec::new();
    let mut counts = [0; 6];
    fn deal(class: usize, left: usize, counts: &mut [usize; 6], out: &mut Vec<[usize; 6]>) {
        if class == 5 {
            counts[5] = left;
            out.push(*counts);
            return;
        }
        for k in 0..=left {
            counts[class] = k;
            deal(class + 1, left - k, counts, out);
        }
    }
    deal(0, cells, &mut counts, &mut out);
    out
}

fn puzzle_of(counts: [usize; 6]) -> Puzzle {
    let pieces = counts
        .iter()
        .zip(CLASSES)
        .flat_map(|(&k, signs)| {
            let piece = Piece::new(signs.map(|s| if s { Picture::plus(1) } else { Picture::minus(1) }));
            std::iter::repeat_n(piece, k)
        })
        .collect();
    Puzzle::new(pieces).unwrap()
}

/// The classes that can show `signs` (clockwise, `None` on a border side)
/// at a cell: every class whose word, turned, agrees on the inner sides.
fn compatible(signs: [Option<bool>; 4]) -> u8 {
    (0..6)
        .filter(|&c| (0..4).any(|r| (0..4).all(|d| signs[d].is_none_or(|s| CLASSES[c][(d + r) % 4] == s))))
        .fold(0, |mask, c| mask | 1 << c)
}

/// For every orientation of the inner boundaries of the `n x n` grid, the
/// multiset of the cells' masks of compatible classes (sorted), each
/// multiset once.
fn cell_demands(n: usize) -> BTreeSet<Vec<u8>> {
    let boundaries: Vec<(usize, usize, usize)> = (0..n * n)
        .flat_map(|cell| {
            let right = (cell % n + 1 < n).then_some((cell, cell + 1, 1));
            let down = (cell / n + 1 < n).then_some((cell, cell + n, 2));
            right.into_iter().chain(down)
        })
        .collect();
    let mut demands = BTreeSet::new();
    for orientation in 0u64..1 << boundaries.len() {
        let mut signs = vec![[None; 4]; n * n];
        for (k, &(a, b, d)) in boundaries.iter().enumerate() {
            let plus_on_a = orientation >> k & 1 == 1;
            signs[a][d] = Some(plus_on_a);
            signs[b][(d + 2) % 4] = Some(!plus_on_a);
        }
        let mut masks: Vec<u8> = signs.into_iter().map(compatible).collect();
        masks.sort_unstable();
        demands.insert(masks);
    }
    demands
}

/// Hall's condition: the pieces can be dealt one to a cell, each cell a
/// class it accepts, when no set of classes is asked for by more cells
/// (those accepting only classes of the set) than it has pieces.
fn dealt(masks: &[u8], counts: [usize; 6]) -> bool {
    (0u8..64).all(|set| {
        let asked = masks.iter().filter(|&&m| m & !set == 0).count();
        let pieces: usize = (0..6).filter(|&c| set >> c & 1 == 1).map(|c| counts[c]).sum();
        asked <= pieces
    })
}

#[test]
fn every_puzzle_over_one_pattern_is_decided_alike_twice_and_both_conditions_are_necessary() {
    // (n, puzzles, solvable, meeting the count condition without a
    // solution, meeting the frame condition without a solution)
    let expected = [(2, 126, 88, 20, 0), (3, 2002, 1384, 112, 92)];
    for (n, puzzles, solvable, loose, frame_loose) in expected {
        let demands = cell_demands(n);
        let (mut found, mut wrongly_accepted, mut frame_wrongly_accepted, mut all) = (0, 0, 0, 0);
        for counts in multisets(n * n) {
            let puzzle = puzzle_of(counts);
            assert_eq!(class_counts(&puzzle), Some(counts));
            assert_eq!(count_condition(&puzzle), Some(count_holds(n, counts)));
            assert_eq!(frame_condition(&puzzle), Some(frame_holds(n, counts)));
            let judged = brute::decide(&puzzle, None);
            let oriented = demands.iter().any(|masks| dealt(masks, counts));
            assert_eq!(judged, oriented, "{n}x{n} {counts:?}");
            let (count, frame) = (count_holds(n, counts), frame_holds(n, counts));
            assert!(!judged || frame, "{n}x{n} {counts:?}");
            assert!(!frame || count, "{n}x{n} {counts:?}");
            found += usize::from(judged);
            wrongly_accepted += usize::from(!judged && count);
            frame_wrongly_accepted += usize::from(!judged && frame);
            all += 1;
        }
        assert_eq!(
            (all, found, wrongly_accepted, frame_wrongly_accepted),
            (puzzles, solvable, loose, frame_loose),
            "{n}x{n}"
        );
    }
}

#[test]
fn other_puzzles_have_no_class_counts() {
    let two: Puzzle = "1+ 2+ 1- 2-\n1+ 1+ 1+ 1+\n1- 1- 1- 1-\n1+ 1- 1+ 1-".parse().unwrap();
    assert_eq!(class_counts(&two), None);
    let selfm: Puzzle = "1= 1= 1= 1=\n1= 1= 1= 1=\n1= 1= 1= 1=\n1= 1= 1= 1=".parse().unwrap();
    assert_eq!(class_counts(&selfm), None);
}
