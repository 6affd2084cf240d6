//! `scramble show` on an edge-matching puzzle: the board, the frame, the
//! kinds of pieces, the colours and the hints.

use scramble::puzzle::edge::{EdgePuzzle, GREY, Hint};
use serde::Serialize;

use crate::plural;

/// The keys every report on an edge-matching puzzle starts with.
#[derive(Serialize)]
pub(crate) struct Head {
    pub(crate) puzzle: String,
    /// `edge`: a framed edge-matching puzzle.
    kind: &'static str,
    pub(crate) width: usize,
    pub(crate) height: usize,
}

impl Head {
    pub(crate) fn of(puzzle: &EdgePuzzle) -> Head {
        Head {
            puzzle: puzzle.name().to_string(),
            kind: "edge",
            width: puzzle.width(),
            height: puzzle.height(),
        }
    }
}

/// What `show --json` prints for an edge-matching puzzle.
#[derive(Serialize)]
pub(super) struct Summary {
    #[serde(flatten)]
    head: Head,
    /// Pieces with two grey sides, one, none.
    corners: usize,
    edges: usize,
    inner: usize,
    /// Colours used besides grey, each with how many sides carry it.
    colours: Vec<(u8, usize)>,
    grey_only_on_rim: bool,
    hints: Vec<Hint>,
    /// Every piece as `U R D L`, in file order (numbered from 1).
    pieces: Vec<String>,
}

pub(super) fn summarize(puzzle: &EdgePuzzle) -> Summary {
    let greys = |p: &[u8; 4]| p.iter().filter(|&&c| c == GREY).count();
    let kinds = |n: usize| puzzle.pieces().iter().filter(|p| greys(p) == n).count();
    let mut colours = std::collections::BTreeMap::new();
    for &c in puzzle.pieces().iter().flatten().filter(|&&c| c != GREY) {
        *colours.entry(c).or_insert(0) += 1;
    }
    Summary {
        head: Head::of(puzzle),
        corners: kinds(2),
        edges: kinds(1),
        inner: kinds(0),
        colours: colours.into_iter().collect(),
        grey_only_on_rim: puzzle.grey_only_on_rim(),
        hints: puzzle.hints().to_vec(),
        pieces: puzzle
            .pieces()
            .iter()
            .map(|[u, r, d, l]| format!("{u} {r} {d} {l}"))
            .collect(),
    }
}

pub(super) fn text(s: &Summary) -> String {
    let mut out = format!(
        "{}: {} x {} board with a grey frame, {} ({} corner, {} edge, {} inner), {} besides grey\n",
        s.head.puzzle,
        s.head.width,
        s.head.height,
        plural(s.pieces.len(), "piece"),
        s.corners,
        s.edges,
        s.inner,
        plural(s.colours.len(), "colour"),
    );
    out += if s.grey_only_on_rim {
        "grey: only on the rim (as many grey sides as the rim has)\n"
    } else {
        "grey: on the rim and inside (more grey sides than the rim has)\n"
    };
    for hint in &s.hints {
        out += &format!(
            "hint: piece {} turned {} at row {}, column {}\n",
            hint.piece + 1,
            hint.turn,
            hint.cell / s.head.width + 1,
            hint.cell % s.head.width + 1
        );
    }
    let width = s.pieces.len().to_string().len();
    for (i, piece) in s.pieces.iter().enumerate() {
        out += &format!("  {:>width$}  {piece}\n", i + 1);
    }
    out
}
