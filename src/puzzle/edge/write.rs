//! A filled board in the community's own notation, so that its tools can
//! check it: the `board_edges` string (four letters per cell, `'a' +
//! colour`, top, right, bottom, left, row by row) and the viewer link
//! built from it.

use super::{EdgePuzzle, side};

/// The `board_edges` string of `board` (`(piece, turn)` per cell).
///
/// ```
/// use scramble::puzzle::edge::{EdgePuzzle, board_edges};
/// let puzzle = EdgePuzzle::new(2, 2, vec![[0, 1, 2, 0], [0, 0, 3, 1], [2, 4, 0, 0], [3, 0, 0, 4]], vec![]).unwrap();
/// let board = [(0, 0), (1, 0), (2, 0), (3, 0)];
/// assert_eq!(board_edges(&puzzle, &board), "abcaaadbceaadaae");
/// ```
pub fn board_edges(puzzle: &EdgePuzzle, board: &[(usize, u8)]) -> String {
    board
        .iter()
        .flat_map(|&(p, t)| (0..4).map(move |d| char::from(b'a' + side(puzzle.pieces[p], t.into(), d))))
        .collect()
}

/// The link that shows `board` in the community's viewer (e2.bucas.name).
pub fn viewer_link(puzzle: &EdgePuzzle, board: &[(usize, u8)]) -> String {
    format!(
        "https://e2.bucas.name/#puzzle={}&board_w={}&board_h={}&board_edges={}",
        puzzle.name,
        puzzle.width,
        puzzle.height,
        board_edges(puzzle, board)
    )
}
