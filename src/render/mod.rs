//! Pictures: DOT and SVG of recording graphs, solution graphs and pieces.
//!
//! The geometry of a recording-graph picture is computed once, in
//! [`layout`]: the paper's two rows, curves for every edge (parallel edges
//! bent apart, loops as teardrops). [`recording_dot`] writes it as DOT with
//! every position pinned; [`recording_svg`] has Graphviz (`neato -n2`) draw
//! that DOT, or draws the same geometry itself with the embedded renderer.
//! [`pieces_svg`] draws the pieces, loose or as an arrangement places them.
//! All output is deterministic.

mod dot;
mod embedded;
pub mod geometry;
mod graphviz;
pub mod layout;
mod pieces;
pub mod style;

use petgraph::graph::EdgeIndex;

pub use graphviz::graphviz_available;

use crate::{Arrangement, Puzzle, RecordingGraph, Result};
use layout::Layout;

/// Which program draws the SVG.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Renderer {
    /// Graphviz when `neato` is on PATH, the embedded renderer otherwise.
    #[default]
    Auto,
    /// Graphviz (`neato -n2`); an error when it is not installed.
    Graphviz,
    /// The renderer built into scramble; needs nothing else.
    Embedded,
}

/// Which program did draw an SVG.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum UsedRenderer {
    /// Graphviz's `neato -n2 -Tsvg`.
    Graphviz,
    /// The embedded renderer.
    Embedded,
}

/// Which edges of the recording graph a picture shows.
///
/// Edge indices that are not in the graph are ignored.
#[derive(Clone, Copy, Debug)]
pub enum Selection<'a> {
    /// Every edge, each in its piece's color.
    Full,
    /// Only these edges (every vertex stays, where the full picture has it).
    Alone(&'a [EdgeIndex]),
    /// The whole graph faded, these edges bold in their colors.
    Highlighted(&'a [EdgeIndex]),
}

/// An SVG picture and the renderer that drew it.
#[derive(Clone, Debug)]
pub struct Rendered {
    /// The SVG text.
    pub svg: String,
    /// Who drew it.
    pub renderer: UsedRenderer,
}

/// DOT text of the recording graph (graphviz-rust builds it), with `title`
/// as the graph label.
///
/// Every node and edge carries its `pos`, so `neato -n2 -Tsvg` draws exactly
/// the computed layout. Linear in the size of the graph (plus sorting).
///
/// ```
/// use scramble::{Puzzle, RecordingGraph, render::{recording_dot, Selection}};
/// let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
/// let dot = recording_dot(&puzzle, &RecordingGraph::new(&puzzle), Selection::Full, "G(P)");
/// assert!(dot.starts_with("digraph recording {"));
/// assert_eq!(dot.matches("\"1+\" -> ").count(), 4);
/// ```
pub fn recording_dot(puzzle: &Puzzle, graph: &RecordingGraph, selection: Selection<'_>, title: &str) -> String {
    dot::write(&titled_layout(puzzle, graph, title), &selection, title)
}

/// The layout, wide enough for the title.
fn titled_layout(puzzle: &Puzzle, graph: &RecordingGraph, title: &str) -> Layout {
    let mut layout = Layout::new(puzzle, graph);
    layout.widen(geometry::text_width(title, layout::TITLE_FONT) + 40.0);
    layout
}

/// SVG of the same picture as [`recording_dot`], by Graphviz when asked or
/// (for [`Renderer::Auto`]) available, else by the embedded renderer.
///
/// Fails with [`Error::Graphviz`](crate::Error::Graphviz) when Graphviz is
/// asked for and missing, or fails.
///
/// ```
/// use scramble::{Puzzle, RecordingGraph, render::{recording_svg, Renderer, Selection, UsedRenderer}};
/// let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
/// let graph = RecordingGraph::new(&puzzle);
/// let picture = recording_svg(&puzzle, &graph, Selection::Full, "G(P)", Renderer::Embedded).unwrap();
/// assert_eq!(picture.renderer, UsedRenderer::Embedded);
/// assert_eq!(picture.svg.matches("class=\"edge\"").count(), 16);
/// ```
pub fn recording_svg(
    puzzle: &Puzzle,
    graph: &RecordingGraph,
    selection: Selection<'_>,
    title: &str,
    renderer: Renderer,
) -> Result<Rendered> {
    let layout = titled_layout(puzzle, graph, title);
    let use_graphviz = match renderer {
        Renderer::Auto => graphviz_available(),
        Renderer::Graphviz => true,
        Renderer::Embedded => false,
    };
    Ok(if use_graphviz {
        Rendered {
            svg: graphviz::neato_svg(&dot::write(&layout, &selection, title))?,
            renderer: UsedRenderer::Graphviz,
        }
    } else {
        Rendered {
            svg: embedded::write(&layout, &selection, title),
            renderer: UsedRenderer::Embedded,
        }
    })
}

/// The pieces as SVG squares with their four pictures; laid out in puzzle
/// order on the `n x n` grid when `arrangement` is `None`, otherwise as the
/// arrangement places and turns them (a solved grid).
///
/// ```
/// use scramble::{Arrangement, Placement, Puzzle, render::pieces_svg};
/// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let loose = pieces_svg(&puzzle, None, "pieces");
/// assert_eq!(loose.matches("class=\"piece\"").count(), 4);
/// let solved = Arrangement::new(2, (0..4).map(|piece| Placement { piece, rotation: 0 }).collect());
/// assert!(pieces_svg(&puzzle, Some(&solved), "solution").contains("#4@0"));
/// ```
pub fn pieces_svg(puzzle: &Puzzle, arrangement: Option<&Arrangement>, title: &str) -> String {
    pieces::write(puzzle, arrangement, title)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Whether the Graphviz tests can run: under `CI` Graphviz must be
    /// installed; elsewhere its absence is noted and the test skipped.
    pub fn neato_or_note() -> bool {
        let available = graphviz_available();
        if !available {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI is set but `neato` (Graphviz) is not on PATH"
            );
            eprintln!("note: `neato` is not on PATH; skipping a Graphviz test");
        }
        available
    }
}
