//! The page's view of an edge-matching puzzle (a grey frame, unsigned
//! colours, hints, rectangles: `crate::puzzle::edge`): the puzzle read
//! from the text box, its row-scan count on one thread within a time
//! budget, the first board drawn side by side colour, and the community's
//! `board_edges` string and viewer link. The Scramble Squares sections
//! (G(P), Play, the subgraphs, the trace) do not apply to it.

use std::fmt::Write;
use std::time::Duration;

use serde::Serialize;

use super::app::Request;
use crate::context::{Context, Stop};
use crate::puzzle::edge::{EdgeFormat, EdgePuzzle, GREY, parse_edge};
use crate::puzzle::read::is_edge_text;
use crate::{Error, Result};

/// How long the page counts an edge-matching puzzle when the request sets
/// no time limit: the command line counts longer ones.
pub(crate) const BUDGET: Duration = Duration::from_secs(10);

/// The largest board the page draws and counts: Eternity II's 16 x 16.
const MAX_CELLS: usize = 256;

/// Everything the page shows of an edge-matching puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct EdgeView {
    /// Always `edge`: how the page tells this answer from a Scramble
    /// Squares one.
    pub kind: &'static str,
    pub name: String,
    pub width: usize,
    pub height: usize,
    pub hints: usize,
    /// Colours other than grey.
    pub colours: usize,
    /// Grey (colour 0) lies only on the rim.
    pub grey_only_on_rim: bool,
    /// The count ran to its end.
    pub complete: bool,
    /// Boards modulo the board's rotations (when complete).
    pub solutions: Option<u64>,
    /// Every filled board, each rotation counted (so far, when stopped).
    pub arrangements: u64,
    /// Pieces placed by the row-scan search.
    pub nodes: u64,
    /// Milliseconds the count took.
    pub ms: f64,
    /// The first board found (`piece@turn` rows, pieces from 1), or none.
    pub solution: Option<Vec<Vec<String>>>,
    /// The first board, or the pieces as given, as SVG.
    pub drawing: String,
    pub board_edges: Option<String>,
    pub viewer: Option<String>,
}

/// Whether the request holds an edge-matching puzzle (by its first line,
/// or `format` "edge").
pub(crate) fn asked(request: &Request) -> bool {
    request.format == "edge" || (matches!(request.format.as_str(), "" | "auto") && is_edge_text(&request.text))
}

/// The request's puzzle, named, at most [`MAX_CELLS`] cells.
fn puzzle(request: &Request) -> Result<EdgePuzzle> {
    let puzzle = parse_edge(&request.text, "puzzle", EdgeFormat::Auto)?;
    let name = if request.name.is_empty() {
        "puzzle"
    } else {
        &request.name
    };
    if puzzle.pieces().len() > MAX_CELLS {
        return Err(Error::Unsupported(format!(
            "the page counts boards of up to {MAX_CELLS} cells; this one is {} x {}",
            puzzle.width(),
            puzzle.height()
        )));
    }
    Ok(puzzle.with_name(name))
}

/// Counts the request's puzzle by the row-scan search on one thread,
/// within the request's time limit (`budget` when it sets none), and
/// draws its first board.
///
/// # Complexity
/// The row-scan search's, bounded by the time limit.
pub(crate) fn explore(request: &Request, budget: Option<Duration>) -> Result<EdgeView> {
    let puzzle = puzzle(request)?;
    let stop = match request.limit_ms.map(Duration::from_millis).or(budget) {
        Some(limit) => Stop::never().after(limit),
        None => Stop::never(),
    };
    let started = web_time::Instant::now();
    let counted = puzzle.count(false, 1, &Context::new().until(&stop));
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let complete = !counted.stats.stopped;
    let board = counted.boards.first();
    Ok(EdgeView {
        kind: "edge",
        name: puzzle.name().to_string(),
        width: puzzle.width(),
        height: puzzle.height(),
        hints: puzzle.hints().len(),
        colours: puzzle
            .pieces()
            .iter()
            .flatten()
            .filter(|&&c| c != GREY)
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        grey_only_on_rim: puzzle.grey_only_on_rim(),
        complete,
        solutions: complete.then(|| u64::try_from(counted.solutions).unwrap_or(u64::MAX)),
        arrangements: u64::try_from(counted.arrangements).unwrap_or(u64::MAX),
        nodes: counted.stats.nodes(),
        ms,
        solution: board.map(|b| rows(&puzzle, b)),
        drawing: match board {
            Some(b) => svg(&puzzle, &turned(&puzzle, b), puzzle.width(), 0.0),
            None => svg(&puzzle, puzzle.pieces(), puzzle.width(), GAP),
        },
        board_edges: board.map(|b| puzzle.board_edges(b)),
        viewer: board.map(|b| puzzle.viewer_link(b)),
    })
}

/// A board as rows of `piece@turn`, pieces numbered from 1.
fn rows(puzzle: &EdgePuzzle, board: &[(usize, u8)]) -> Vec<Vec<String>> {
    board
        .chunks(puzzle.width())
        .map(|row| row.iter().map(|(p, t)| format!("{}@{t}", p + 1)).collect())
        .collect()
}

/// The sides each cell of `board` shows, top, right, bottom, left.
fn turned(puzzle: &EdgePuzzle, board: &[(usize, u8)]) -> Vec<[u8; 4]> {
    board
        .iter()
        .map(|&(p, t)| std::array::from_fn(|d| crate::puzzle::edge::side(puzzle.pieces()[p], t.into(), d)))
        .collect()
}

/// The side of a cell in the drawing's units.
const CELL: f64 = 40.0;
/// The gap between pieces drawn apart (no board found).
const GAP: f64 = 6.0;

/// `cells` (four colours each, top, right, bottom, left) in rows of
/// `width`, `gap` apart: each side a triangle in its colour's fill, with
/// the colour's number on it (grey unnumbered), so that no colour is told
/// by its hue alone.
fn svg(puzzle: &EdgePuzzle, cells: &[[u8; 4]], width: usize, gap: f64) -> String {
    let height = cells.len().div_ceil(width.max(1));
    let step = CELL + gap;
    let (w, h) = (width as f64 * step - gap, height as f64 * step - gap);
    let title = if gap == 0.0 {
        "the first board found"
    } else {
        "the pieces as given"
    };
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="edge-board" viewBox="-1 -1 {} {}" role="img" aria-label="{}: {title}"><title>{}: {title}</title>"#,
        w + 2.0,
        h + 2.0,
        crate::render::export::escape(puzzle.name()),
        crate::render::export::escape(puzzle.name()),
    );
    for (i, sides) in cells.iter().enumerate() {
        let (x, y) = ((i % width) as f64 * step, (i / width) as f64 * step);
        out += &cell(x, y, sides);
    }
    out += "</svg>";
    out
}

/// One cell at `(x, y)`: four triangles meeting at its centre.
fn cell(x: f64, y: f64, sides: &[u8; 4]) -> String {
    let (c, cx, cy) = (CELL, x + CELL / 2.0, y + CELL / 2.0);
    let corners = [(x, y), (x + c, y), (x + c, y + c), (x, y + c)];
    let mut out = String::from(r#"<g class="cell">"#);
    for (d, &colour) in sides.iter().enumerate() {
        let ((ax, ay), (bx, by)) = (corners[d], corners[(d + 1) % 4]);
        let (fill, ink) = colour_of(colour);
        let _ = write!(
            out,
            r##"<path d="M{ax} {ay}L{bx} {by}L{cx} {cy}Z" fill="{fill}" stroke="#fff" stroke-width="0.8" data-colour="{colour}"/>"##
        );
        if colour != GREY {
            // The number sits between the centre and the side's middle.
            let (tx, ty) = (cx + ((ax + bx) / 2.0 - cx) * 0.62, cy + ((ay + by) / 2.0 - cy) * 0.62);
            let _ = write!(
                out,
                r#"<text x="{tx:.1}" y="{ty:.1}" fill="{ink}" font-size="9" text-anchor="middle" dominant-baseline="central">{colour}</text>"#
            );
        }
    }
    out += "</g>";
    out
}

/// Okabe and Ito's seven colours (safe for colour-blind readers), then the
/// same lighter, darker and a little darker (28 fills): a colour's fill, and the ink its number is
/// written in.
fn colour_of(colour: u8) -> (String, &'static str) {
    const BASE: [(u8, u8, u8); 7] = [
        (0xE6, 0x9F, 0x00),
        (0x56, 0xB4, 0xE9),
        (0x00, 0x9E, 0x73),
        (0xF0, 0xE4, 0x42),
        (0x00, 0x72, 0xB2),
        (0xD5, 0x5E, 0x00),
        (0xCC, 0x79, 0xA7),
    ];
    if colour == GREY {
        return ("#b8b8b8".into(), "#000");
    }
    let k = usize::from(colour - 1);
    let (r, g, b) = BASE[k % 7];
    // Pass 0 over the seven: as is; 1: lighter; 2: darker; 3: a little
    // darker; then as is again (the numbers still tell them apart).
    let mix = |v: u8| -> u8 {
        let v = f64::from(v);
        let out = match (k / 7) % 4 {
            0 => v,
            1 => v + (255.0 - v) * 0.55,
            2 => v * 0.5,
            _ => v * 0.78,
        };
        out.round() as u8
    };
    let (r, g, b) = (mix(r), mix(g), mix(b));
    let light = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b) > 140.0;
    (format!("#{r:02x}{g:02x}{b:02x}"), if light { "#000" } else { "#fff" })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(text: &str) -> Request {
        Request {
            text: text.into(),
            ..Request::default()
        }
    }

    #[test]
    fn brendans_6x6_counts_as_the_command_line_and_its_board_is_drawn() {
        let text = include_str!("../../../fixtures/edge/brendan/brendan_06x06.txt");
        assert!(asked(&request(text)));
        let view = explore(&request(text), None).unwrap();
        assert_eq!(
            (view.width, view.height, view.solutions, view.arrangements),
            (6, 6, Some(65), 260)
        );
        let board = view.solution.as_ref().unwrap();
        assert_eq!(board.len(), 6);
        assert_eq!(view.drawing.matches("<g class=\"cell\">").count(), 36);
        assert_eq!(view.drawing.matches("<path").count(), 36 * 4);
        assert_eq!(view.board_edges.as_ref().unwrap().len(), 36 * 4);
        assert!(
            view.viewer
                .as_ref()
                .unwrap()
                .contains(view.board_edges.as_deref().unwrap())
        );
    }

    #[test]
    fn a_stopped_count_draws_the_pieces_and_says_it_is_partial() {
        let text = include_str!("../../../fixtures/edge/brendan/brendan_06x06.txt");
        let stopped = Request {
            limit_ms: Some(0),
            ..request(text)
        };
        let view = explore(&stopped, None).unwrap();
        assert!(!view.complete && view.solutions.is_none() && view.solution.is_none());
        assert!(view.drawing.contains("the pieces as given"));
    }

    #[test]
    fn scramble_squares_text_is_not_taken_for_an_edge_puzzle() {
        assert!(!asked(&request("1+ 2+ 1- 2-\n1+ 2+ 1- 2-\n1+ 2+ 1- 2-\n1+ 2+ 1- 2-\n")));
        assert!(asked(&Request {
            format: "edge".into(),
            ..request("1+ 2+")
        }));
    }

    #[test]
    fn colours_are_told_apart_and_numbers_stay_readable() {
        let fills: std::collections::BTreeSet<String> = (0..=28).map(|c| colour_of(c).0).collect();
        assert_eq!(fills.len(), 29);
        assert_eq!(colour_of(GREY).0, "#b8b8b8");
        assert_eq!(colour_of(4).1, "#000", "yellow takes black ink");
        assert_eq!(colour_of(5).1, "#fff", "blue takes white ink");
    }
}
