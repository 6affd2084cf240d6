//! `explore`: one self-contained interactive HTML page per puzzle.
//!
//! The library gathers everything the page shows as serde data
//! (`PageData`): the pieces, G(P) and its drawing by [`crate::render`]
//! (the one layout, tagged in `drawing`), the 256 four-color subgraphs of
//! a 2x2 puzzle judged by [`crate::theorem`] (`subgraphs`), the solutions
//! with their kept edges per lattice point (`solutions`), a recorded
//! run of the backtracker (`trace`, the solver's own search watched by an
//! observer) and the tables of the Play section, where the reader places the
//! pieces (`play`). The page itself (HTML, CSS and plain JavaScript in
//! `web/page/`) runs this library compiled to WebAssembly and asks for the
//! data in JSON (`app`); `scramble explore` writes the built page with
//! the puzzle entered ([`Page::html`]).

pub(crate) mod answer;
pub(crate) mod app;
pub(crate) mod cards;
pub(crate) mod drawing;
pub(crate) mod edge;
pub(crate) mod play;
pub(crate) mod solutions;
pub(crate) mod subgraphs;
pub(crate) mod trace;
pub(crate) mod why;

pub use app::{ENTERED, count_json, explore_json, fixes_json};

use serde::Serialize;

use crate::context::Context;
use crate::render::layout::ROW_GAP;
use crate::render::style::{FADED, piece_color, piece_dash};
use crate::solve::Order;
use crate::theorem::analysis::analyse;
use crate::{Puzzle, RecordingGraph, Result};
use play::PlayView;
use solutions::SolutionsView;
use subgraphs::SubgraphView;
use trace::Trace;

/// The largest grid whose search is traced.
pub(crate) const TRACE_LIMIT: usize = 4;

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
pub(crate) struct PageData {
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
    /// Why there is no solution, when the search ran to its end and found none.
    pub why: Option<why::Why>,
    /// The answer block: the count in words, the reason and the fixes.
    pub answer: answer::Answer,
}

/// A piece as the page lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PieceView {
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
pub(crate) struct VertexView {
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
pub(crate) struct EdgeView {
    /// The piece (color).
    pub piece: usize,
    /// The corner, 0..4.
    pub corner: usize,
    /// Tail vertex.
    pub tail: usize,
    /// Head vertex.
    pub head: usize,
}

/// What the page shows of one puzzle.
#[derive(Clone, Debug)]
pub struct Page {
    /// The data of every section.
    pub(crate) data: PageData,
    /// The page's entry for the puzzle: the request that explores it.
    entered: String,
}

/// A page in numbers: what it found and what it left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The puzzle's name.
    pub puzzle: String,
    /// The four-color subgraphs listed (2x2 puzzles only; else 0).
    pub subgraphs: usize,
    /// The solutions counted, when the search ran to its end.
    pub solutions: Option<u64>,
    /// The solutions drawn.
    pub solutions_shown: usize,
    /// The steps of the recorded search.
    pub trace_steps: usize,
    /// Whether the solution search was stopped (a time limit, Ctrl-C).
    pub stopped: bool,
    /// What the page says it left out or could not do.
    pub notes: Vec<String>,
}

impl Page {
    /// The built page `template` (as `web/build.sh` makes it) opening on
    /// this page's puzzle: how `scramble explore` writes it, one page
    /// whoever fills it. `O(template)`.
    ///
    /// # Errors
    /// `template` has no [`ENTERED`] marker (not a page of scramble).
    pub fn html(&self, template: &str) -> Result<String> {
        if !template.contains(ENTERED) {
            return Err(crate::Error::Unsupported("the page has no place for a puzzle".into()));
        }
        Ok(template.replacen(ENTERED, &self.entered, 1))
    }

    /// What the page found and what it left out. `O(1)` but the notes.
    ///
    /// ```
    /// use scramble::{Puzzle, render::page::{Options, page}};
    /// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
    /// let summary = page(&puzzle, &Options::default(), &scramble::Context::new()).unwrap().summary();
    /// assert_eq!((summary.subgraphs, summary.stopped), (256, false));
    /// assert!(summary.notes.is_empty());
    /// ```
    pub fn summary(&self) -> Summary {
        let data = &self.data;
        let solutions = data.solutions.as_ref().ok();
        let notes = [
            data.solutions.as_ref().err().cloned(),
            solutions.and_then(|s| s.note.clone()),
            data.trace.as_ref().err().cloned(),
            data.trace
                .as_ref()
                .ok()
                .filter(|t| !t.complete)
                .map(|t| format!("the search trace is capped at {} steps", t.events.len())),
        ];
        Summary {
            puzzle: data.name.clone(),
            subgraphs: data.subgraphs.as_ref().map_or(0, Vec::len),
            solutions: solutions.and_then(|s| s.count),
            solutions_shown: solutions.map_or(0, |s| s.shown.len()),
            trace_steps: data.trace.as_ref().map_or(0, |t| t.events.len()),
            stopped: solutions.is_some_and(|s| s.stopped),
            notes: notes.into_iter().flatten().collect(),
        }
    }
}

/// Computes what the page of `puzzle` shows, within `context`: the
/// solution search ends at its stop (a time limit, Ctrl-C), and the page
/// then says that the count is partial.
///
/// Parts that do not apply (subgraphs beyond 2x2, a trace beyond
/// `TRACE_LIMIT``x``TRACE_LIMIT` or in `center-max` order, solutions
/// the solver cannot search) become notes on the page, never errors.
///
/// # Complexity
/// The solver's work for the solutions plus `O(trace_cap)` for the trace.
///
/// ```
/// use scramble::{Context, Puzzle, Stop, render::page::{Options, page}};
/// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let full = page(&puzzle, &Options::default(), &Context::new()).unwrap();
/// assert_eq!(full.summary().subgraphs, 256);
/// let stop = Stop::never().after(std::time::Duration::ZERO);
/// let stopped = page(&puzzle, &Options::default(), &Context::new().until(&stop)).unwrap();
/// assert!(stopped.summary().stopped);
/// ```
pub fn page(puzzle: &Puzzle, options: &Options, context: &Context) -> Result<Page> {
    puzzle.square()?;
    let graph = RecordingGraph::new(puzzle);
    Ok(Page {
        data: data(puzzle, &graph, options, context)?,
        entered: app::entered(puzzle, options)?,
    })
}

fn data(puzzle: &Puzzle, graph: &RecordingGraph, options: &Options, context: &Context) -> Result<PageData> {
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
    let found = solutions::find(puzzle, options.solution_cap.max(play::PLAY_CAP), context);
    let solved = found
        .as_ref()
        .ok()
        .filter(|f| !f.stopped)
        .map(|f| !f.solutions.is_empty());
    let (arrangements, count) = found
        .as_ref()
        .map_or((&[][..], None), |f| (&f.solutions[..], f.count.filter(|_| !f.stopped)));
    let shown = found
        .as_ref()
        .map(|f| solutions::shown(graph, f, options.solution_cap))
        .map_err(|e| e.to_string());
    let why = why::why(puzzle, solved);
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
        answer: answer::answer(&shown, why.as_ref()),
        solutions: shown,
        trace,
        play: play::view(puzzle, graph, arrangements, count),
        why,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_puzzles_get_notes_instead_of_a_trace_and_subgraphs() {
        let puzzle: Puzzle = include_str!("../../../fixtures/planted3x3.txt").parse().unwrap();
        let few = Options {
            order: Order::CenterMax,
            ..Options::default()
        };
        let data = page(&puzzle, &few, &Context::new()).unwrap().data;
        assert!(data.subgraphs.is_none());
        assert!(data.trace.unwrap_err().contains("center-max"));
        let text: String = (0..25).map(|_| "1+ 2+ 1- 2-\n").collect();
        let big: Puzzle = text.parse().unwrap();
        let data = page(&big, &Options::default(), &Context::new()).unwrap().data;
        assert!(data.trace.unwrap_err().contains("up to 4x4"));
        assert!(data.solutions.unwrap().note.unwrap().contains("not solved completely"));
    }
}
