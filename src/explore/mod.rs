//! `explore`: one self-contained interactive HTML page per puzzle.
//!
//! The library gathers everything the page shows as serde data
//! ([`PageData`]): the pieces, G(P) and its drawing by [`crate::render`]
//! (the one layout, tagged in [`drawing`]), the 256 four-color subgraphs of
//! a 2x2 puzzle judged by [`crate::theorem`] ([`subgraphs`]), the solutions
//! with their kept edges per lattice point ([`solutions`]), a recorded
//! run of the backtracker ([`trace`], the solver's own search watched by an
//! observer) and the tables of the Play section, where the reader places the
//! pieces ([`play`]). [`page`] pours it into the template
//! of `template/` (HTML, CSS and plain JavaScript, included at compile
//! time): the page needs no server, no network and no build step.

pub mod drawing;
pub mod play;
pub mod solutions;
pub mod subgraphs;
pub mod trace;

use serde::Serialize;

use crate::render::layout::ROW_GAP;
use crate::render::style::{FADED, piece_color, piece_dash};
use crate::solve::Order;
use crate::theorem::analysis::analyse;
use crate::{Puzzle, RecordingGraph, Result};
use play::PlayView;
use solutions::SolutionsView;
use subgraphs::SubgraphView;
use trace::Trace;

const TEMPLATE: &str = include_str!("template/page.html");
const STYLE: &str = include_str!("template/page.css");
const SCRIPT: &str = include_str!("template/page.js");

/// The largest grid whose search is traced.
pub const TRACE_LIMIT: usize = 4;

/// What the page holds beyond the puzzle itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The order of the traced search.
    pub order: Order,
    /// Seed of the `random` order.
    pub seed: u64,
    /// At most this many search events are recorded.
    pub trace_cap: usize,
    /// At most this many solutions are shown.
    pub solution_cap: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            order: Order::Spiral,
            seed: 0,
            trace_cap: 4000,
            solution_cap: 24,
        }
    }
}

/// Everything the page's script reads, as JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PageData {
    /// The puzzle's name.
    pub name: String,
    /// `n` of the `n x n` grid.
    pub size: usize,
    /// Whether no piece repeats a picture (Theorem 2.1's hypothesis).
    pub repetition_free: bool,
    /// The pieces, in file order.
    pub pieces: Vec<PieceView>,
    /// The vertices of G(P), in node order.
    pub vertices: Vec<VertexView>,
    /// The edges of G(P), in edge order (`4 * piece + corner`).
    pub edges: Vec<EdgeView>,
    /// Distance between the drawing's two rows.
    pub row_gap: f64,
    /// The color of faded edges.
    pub faded: &'static str,
    /// The 256 four-color subgraphs (2x2 puzzles only).
    pub subgraphs: Option<Vec<SubgraphView>>,
    /// The solutions, or why they are missing.
    pub solutions: std::result::Result<SolutionsView, String>,
    /// The recorded search, or why there is none.
    pub trace: std::result::Result<Trace, String>,
    /// The tables of the Play section (empty of solutions when none were found).
    pub play: PlayView,
}

/// A piece as the page lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    /// `#1` or its name.
    pub label: String,
    /// Its four pictures, `3+ 1+ 2+ 3-`.
    pub text: String,
    /// Its color in G(P).
    pub color: &'static str,
    /// Its SVG dash pattern, if not solid.
    pub dash: Option<&'static str>,
    /// Its four edges (its 4-cycle), corner by corner.
    pub edges: [usize; 4],
}

/// A picture: a vertex of G(P).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VertexView {
    /// `3+`, `star-`.
    pub label: String,
    /// How often it occurs (its index, Section 3.1).
    pub index: usize,
    /// The complement's vertex, when the complement occurs.
    pub complement: Option<usize>,
    /// The complement's label.
    pub complement_label: String,
}

/// An edge of G(P): a corner of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct EdgeView {
    /// The piece (color).
    pub piece: usize,
    /// The corner, 0..4.
    pub corner: usize,
    /// Tail vertex.
    pub tail: usize,
    /// Head vertex.
    pub head: usize,
}

/// A written page and the data it holds.
#[derive(Clone, Debug)]
pub struct Page {
    /// The whole HTML file.
    pub html: String,
    /// What it shows.
    pub data: PageData,
}

/// Builds the page of `puzzle`.
///
/// Parts that do not apply (subgraphs beyond 2x2, a trace beyond
/// [`TRACE_LIMIT`]`x`[`TRACE_LIMIT`] or in `center-max` order, solutions
/// the solver cannot search) become notes on the page, never errors.
///
/// # Complexity
/// The solver's work for the solutions plus `O(trace_cap)` for the trace.
///
/// ```
/// use scramble::{Puzzle, explore::{Options, page}};
/// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let page = page(&puzzle, &Options::default()).unwrap();
/// assert!(page.html.starts_with("<!DOCTYPE html>"));
/// assert_eq!(page.data.subgraphs.as_ref().map(Vec::len), Some(256));
/// ```
pub fn page(puzzle: &Puzzle, options: &Options) -> Result<Page> {
    page_until(puzzle, options, &crate::solve::Stop::never())
}

/// [`page`] whose solution search ends when `stop` is reached (a time
/// limit, Ctrl-C); the page then says that the count is partial.
pub fn page_until(puzzle: &Puzzle, options: &Options, stop: &crate::solve::Stop) -> Result<Page> {
    let graph = RecordingGraph::new(puzzle);
    let drawings = drawing::draw(puzzle, &graph)?;
    let data = data(puzzle, &graph, options, stop)?;
    let json = serde_json::to_string(&data)
        .map_err(|e| crate::Error::Unsupported(format!("page data: {e}")))?
        .replace('<', "\\u003c");
    let title = format!("{} — scramble explore", puzzle.name());
    let html = fill(
        TEMPLATE,
        &[
            ("title", &crate::render::export::escape(&title)),
            ("style", STYLE),
            ("script", SCRIPT),
            ("data", &json),
            ("graph", &drawings.graph),
            ("pieces", &drawings.pieces),
        ],
    );
    Ok(Page { html, data })
}

fn data(puzzle: &Puzzle, graph: &RecordingGraph, options: &Options, stop: &crate::solve::Stop) -> Result<PageData> {
    let subgraphs = match puzzle.size() {
        2 => Some(subgraphs::views(puzzle, graph, &analyse(puzzle, graph)?)),
        _ => None,
    };
    let trace = if puzzle.size() > TRACE_LIMIT {
        Err(format!(
            "the search is traced for grids up to {TRACE_LIMIT}x{TRACE_LIMIT}; this puzzle is {0}x{0}",
            puzzle.size()
        ))
    } else {
        trace::record(puzzle, options.order, options.seed, options.trace_cap).map_err(|e| e.to_string())
    };
    let found = solutions::find(puzzle, options.solution_cap.max(play::PLAY_CAP), stop);
    let (arrangements, count) = found
        .as_ref()
        .map_or((&[][..], None), |f| (&f.solutions[..], f.count.filter(|_| !f.stopped)));
    Ok(PageData {
        name: puzzle.name().to_string(),
        size: puzzle.size(),
        repetition_free: puzzle.is_repetition_free(),
        pieces: pieces(puzzle, graph),
        vertices: vertices(puzzle, graph),
        edges: graph
            .edges()
            .map(|(_, tail, head, corner)| EdgeView {
                piece: corner.piece,
                corner: corner.corner,
                tail: node(graph, tail),
                head: node(graph, head),
            })
            .collect(),
        row_gap: ROW_GAP,
        faded: FADED,
        subgraphs,
        solutions: found
            .as_ref()
            .map(|f| solutions::shown(graph, f, options.solution_cap))
            .map_err(|e| e.to_string()),
        trace,
        play: play::view(puzzle, graph, arrangements, count),
    })
}

fn node(graph: &RecordingGraph, picture: crate::Picture) -> usize {
    graph.vertex(picture).expect("a picture of the puzzle").index()
}

fn pieces(puzzle: &Puzzle, graph: &RecordingGraph) -> Vec<PieceView> {
    (0..puzzle.pieces().len())
        .map(|piece| PieceView {
            label: puzzle.piece_label(piece),
            text: puzzle.piece_text(piece),
            color: piece_color(piece),
            dash: piece_dash(piece).dasharray(),
            edges: graph.color_class(piece).map(|e| e.index()),
        })
        .collect()
}

fn vertices(puzzle: &Puzzle, graph: &RecordingGraph) -> Vec<VertexView> {
    let g = graph.graph();
    g.node_indices()
        .map(|v| {
            let picture = g[v];
            VertexView {
                label: puzzle.picture_label(picture),
                index: puzzle.index(picture),
                complement: graph.vertex(picture.complement()).map(|c| c.index()),
                complement_label: puzzle.picture_label(picture.complement()),
            }
        })
        .collect()
}

/// Replaces each `{{key}}` of `template` by its value; values are not
/// searched again.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + values.iter().map(|(_, v)| v.len()).sum::<usize>());
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        match after
            .split_once("}}")
            .and_then(|(key, tail)| Some((values.iter().find(|(k, _)| *k == key)?.1, tail)))
        {
            Some((value, tail)) => {
                out.push_str(value);
                rest = tail;
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paper_page() -> Page {
        let puzzle: Puzzle = include_str!("../../fixtures/paper2x2.txt").parse().unwrap();
        page(&puzzle, &Options::default()).unwrap()
    }

    #[test]
    fn the_page_is_one_file_with_no_reference_outside_it() {
        let html = paper_page().html;
        assert!(!html.contains("{{"), "every placeholder filled");
        let namespaces = html.matches("=\"http://www.w3.org/").count();
        assert_eq!(
            html.matches("://").count(),
            namespaces,
            "only SVG namespaces name a URL"
        );
        for outside in ["src=", "@import", "href=\"/", "href=\"http", "fetch(", "XMLHttpRequest"] {
            assert!(!html.contains(outside), "{outside}");
        }
        assert_eq!(html.matches("url(").count(), html.matches("url(#").count());
        assert!(
            html.contains("default-src 'none'"),
            "the page forbids itself any request"
        );
    }

    #[test]
    fn the_data_cannot_close_its_script_element() {
        let puzzle: Puzzle = "a: 1+ 2+ 1- 2-\nb: 2- 1+ 2+ 1-\nc: 1- 2- 1+ 2+\nd: 2+ 1- 2- 1+"
            .parse()
            .unwrap();
        let html = page(&puzzle, &Options::default()).unwrap().html;
        let data = html
            .split("<script type=\"application/json\" id=\"data\">")
            .nth(1)
            .unwrap();
        let data = data.split("</script>").next().unwrap();
        assert!(!data.contains('<'));
        let parsed: serde_json::Value = serde_json::from_str(data).unwrap();
        assert_eq!(parsed["pieces"][0]["label"], "a");
    }

    #[test]
    fn placeholders_fill_once_and_unknown_ones_stay() {
        let filled = fill("a {{x}} b {{y}} {{z}}", &[("x", "{{y}}"), ("y", "2")]);
        assert_eq!(filled, "a {{y}} b 2 {{z}}");
    }

    #[test]
    fn large_puzzles_get_notes_instead_of_a_trace_and_subgraphs() {
        let puzzle: Puzzle = include_str!("../../fixtures/planted3x3.txt").parse().unwrap();
        let few = Options {
            order: Order::CenterMax,
            ..Options::default()
        };
        let data = page(&puzzle, &few).unwrap().data;
        assert!(data.subgraphs.is_none());
        assert!(data.trace.unwrap_err().contains("center-max"));
        let text: String = (0..25).map(|_| "1+ 2+ 1- 2-\n").collect();
        let big: Puzzle = text.parse().unwrap();
        let data = page(&big, &Options::default()).unwrap().data;
        assert!(data.trace.unwrap_err().contains("up to 4x4"));
        assert!(data.solutions.unwrap().note.unwrap().contains("not solved completely"));
    }
}
