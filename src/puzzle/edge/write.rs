//! The community's own notations, so that its tools can read what scramble
//! writes: a puzzle as Heule's `em` lines or the eternity2.dev Puzzle JSON
//! ([`EdgePuzzle::text`]); a filled board as the `board_edges` string (four letters per
//! cell, `'a' + colour`, top, right, bottom, left, row by row) and the
//! viewer link built from it.

use std::fmt::Write;

use super::read::{EdgeFormat, parse_edge};
use super::{EdgePuzzle, side};

impl EdgePuzzle {
    /// The puzzle as a file that reads back as the same puzzle: Heule's `em`
    /// lines (the number of hints, `row column piece turn` per hint, 1-based,
    /// then `U R D L` per piece) when they say it all, else the eternity2.dev
    /// Puzzle JSON (`width`, `height`, `pieces`, `hints`). The `em` lines
    /// leave the board's shape to the frame, so a board taller than wide, or
    /// one whose grey lies inside, is written as JSON. `O(N)` for `N` pieces,
    /// and one read of the lines to check them.
    ///
    /// ```
    /// use scramble::puzzle::edge::{EdgePuzzle, Hint};
    /// let pieces = vec![[0, 1, 2, 0], [0, 0, 3, 1], [2, 4, 0, 0], [3, 0, 0, 4]];
    /// let puzzle = EdgePuzzle::new(2, 2, pieces.clone(), vec![Hint { cell: 3, piece: 1, turn: 1 }]).unwrap();
    /// assert_eq!(puzzle.text(), "1\n2 2 2 1\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n");
    /// // A 2 x 3 board (taller than wide) has no `em` lines that keep its shape.
    /// let tall = EdgePuzzle::new(2, 3, [pieces[..2].to_vec(), vec![[2, 5, 2, 0], [3, 0, 3, 5]], pieces[2..].to_vec()].concat(), vec![]);
    /// let json = tall.unwrap().text();
    /// assert!(json.starts_with('{') && json.contains("\"width\":2") && json.contains("\"height\":3"));
    /// ```
    pub fn text(&self) -> String {
        let lines = em_lines(self);
        let same = parse_edge(&lines, "text", EdgeFormat::Heule).is_ok_and(|back| {
            (back.width, back.height, &back.pieces, &back.hints) == (self.width, self.height, &self.pieces, &self.hints)
        });
        if same { lines } else { json(self) }
    }
}

/// Heule's `em` lines of `puzzle`.
fn em_lines(puzzle: &EdgePuzzle) -> String {
    let mut out = format!("{}\n", puzzle.hints.len());
    for h in &puzzle.hints {
        let (row, column) = (h.cell / puzzle.width + 1, h.cell % puzzle.width + 1);
        let _ = writeln!(out, "{row} {column} {} {}", h.piece + 1, h.turn);
    }
    for [u, r, d, l] in &puzzle.pieces {
        let _ = writeln!(out, "{u} {r} {d} {l}");
    }
    out
}

/// The eternity2.dev Puzzle JSON of `puzzle`, one line.
pub(super) fn json(puzzle: &EdgePuzzle) -> String {
    let hints: Vec<serde_json::Value> = puzzle
        .hints
        .iter()
        .map(|h| serde_json::json!({"pos": h.cell, "piece": h.piece, "rot": h.turn}))
        .collect();
    let value = serde_json::json!({
        "width": puzzle.width,
        "height": puzzle.height,
        "pieces": puzzle.pieces,
        "hints": hints,
    });
    format!("{value}\n")
}

impl EdgePuzzle {
    /// The `board_edges` string of `board` (`(piece, turn)` per cell).
    ///
    /// ```
    /// use scramble::puzzle::edge::EdgePuzzle;
    /// let puzzle = EdgePuzzle::new(2, 2, vec![[0, 1, 2, 0], [0, 0, 3, 1], [2, 4, 0, 0], [3, 0, 0, 4]], vec![]).unwrap();
    /// let board = [(0, 0), (1, 0), (2, 0), (3, 0)];
    /// assert_eq!(puzzle.board_edges(&board), "abcaaadbceaadaae");
    /// ```
    pub fn board_edges(&self, board: &[(usize, u8)]) -> String {
        board
            .iter()
            .flat_map(|&(p, t)| (0..4).map(move |d| char::from(b'a' + side(self.pieces[p], t.into(), d))))
            .collect()
    }

    /// The link that shows `board` in the community's viewer (e2.bucas.name).
    pub fn viewer_link(&self, board: &[(usize, u8)]) -> String {
        format!(
            "https://e2.bucas.name/#puzzle={}&board_w={}&board_h={}&board_edges={}",
            self.name,
            self.width,
            self.height,
            self.board_edges(board)
        )
    }
}
