//! The plain reference backtracker: obviously correct, slow, for tests.
//!
//! Fills the grid in row-major order, trying every unused piece in every
//! rotation and checking the top and left neighbours with
//! [`Piece::side_turned`](crate::Piece::side_turned) and
//! [`Picture::matches`](crate::Picture::matches). It keeps every solution
//! arrangement, all four whole-grid rotations included, so the number of
//! solutions modulo rotation is its length divided by 4. Worst case
//! `O((4N)!/...)`: keep it to small grids.

use crate::{Arrangement, Placement, Puzzle};

/// Every solution arrangement of `puzzle` (no symmetry removed), in
/// row-major search order.
///
/// ```
/// use scramble::solve::plain;
/// let puzzle: scramble::Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let all = plain::all_arrangements(&puzzle);
/// assert_eq!(all.len() % 4, 0);
/// assert!(all.iter().all(|a| a.is_solution(&puzzle)));
/// ```
pub fn all_arrangements(puzzle: &Puzzle) -> Vec<Arrangement> {
    let mut found = Vec::new();
    let mut cells = Vec::with_capacity(puzzle.pieces().len());
    extend(puzzle, &mut cells, &mut found);
    found
}

/// The number of solutions modulo the four whole-grid rotations.
pub fn count_solutions(puzzle: &Puzzle) -> u64 {
    all_arrangements(puzzle).len() as u64 / 4
}

fn extend(puzzle: &Puzzle, cells: &mut Vec<Placement>, found: &mut Vec<Arrangement>) {
    let n = puzzle.size();
    if cells.len() == n * n {
        found.push(Arrangement::new(n, cells.clone()));
        return;
    }
    for piece in 0..n * n {
        if cells.iter().any(|p| p.piece == piece) {
            continue;
        }
        for rotation in 0..4 {
            let placement = Placement { piece, rotation };
            if fits(puzzle, cells, placement) {
                cells.push(placement);
                extend(puzzle, cells, found);
                cells.pop();
            }
        }
    }
}

/// Whether `placement` in the next cell matches its top and left neighbours.
fn fits(puzzle: &Puzzle, cells: &[Placement], placement: Placement) -> bool {
    let n = puzzle.size();
    let cell = cells.len();
    let side = |p: Placement, d| puzzle.pieces()[p.piece].side_turned(p.rotation, d);
    let top_ok = cell < n || side(cells[cell - n], 2).matches(side(placement, 0));
    let left_ok = cell.is_multiple_of(n) || side(cells[cell - 1], 1).matches(side(placement, 3));
    top_ok && left_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paper_puzzle_has_its_planted_solution() {
        let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
        let all = all_arrangements(&puzzle);
        let planted = Arrangement::new(2, (0..4).map(|piece| Placement { piece, rotation: 0 }).collect());
        assert!(all.contains(&planted));
        for rotation in [planted.rotated(), planted.rotated().rotated()] {
            assert!(all.contains(&rotation));
        }
    }

    #[test]
    fn four_identical_symmetric_pieces_count_every_rotation() {
        // 1+ 1- 1+ 1- shows two looks (rotations 0 and 2, or 1 and 3); a
        // solution is a checkerboard of the looks: 4! orders of the pieces,
        // 2 checkerboards, 2 rotations per look in each of the 4 cells.
        let puzzle: Puzzle = "1+ 1- 1+ 1-\n1+ 1- 1+ 1-\n1+ 1- 1+ 1-\n1+ 1- 1+ 1-".parse().unwrap();
        let all = all_arrangements(&puzzle);
        assert!(all.iter().all(|a| a.is_solution(&puzzle)));
        assert_eq!(all.len(), 24 * 2 * 16);
        assert_eq!(count_solutions(&puzzle), 192);
    }
}
