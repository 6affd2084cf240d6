//! The page's drawings: the embedded SVG of G(P) and the pieces' SVG,
//! drawn by [`crate::render`] (the one layout), with a `data-` index on
//! every edge, vertex, legend entry and piece so the script can find them.

use crate::render::{Renderer, Selection, pieces_svg, recording_svg};
use crate::{Puzzle, RecordingGraph, Result};

/// The two SVG drawings of the page, tagged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Drawings {
    /// G(P): `g.edge[data-edge]`, `g.vertex[data-node]`,
    /// `g.legend-entry[data-piece]`.
    pub graph: String,
    /// The pieces in file order: `g.piece[data-piece]`.
    pub pieces: String,
}

/// Draws G(P) with the embedded renderer and the loose pieces, and tags
/// them. The embedded renderer draws the full graph's edges in edge-index
/// order, vertices in node order and the legend in piece order, so the
/// k-th element of each kind is number k.
///
/// # Complexity
/// Linear in the size of the SVG text.
pub(crate) fn draw(puzzle: &Puzzle, graph: &RecordingGraph) -> Result<Drawings> {
    let svg = recording_svg(
        puzzle,
        graph,
        Selection::Full,
        "G(P)",
        Renderer::Embedded,
        &crate::context::Context::new(),
    )?
    .svg;
    let svg = tag(&svg, "edge", "edge");
    let svg = tag(&svg, "vertex", "node");
    let svg = tag(&svg, "legend-entry", "piece");
    let pieces = tag(&pieces_svg(puzzle, None, "The pieces"), "piece", "piece");
    Ok(Drawings {
        graph: strip_prolog(&svg),
        pieces: strip_prolog(&pieces),
    })
}

/// Adds `data-{attribute}="k"` to the k-th element of class `class`.
fn tag(svg: &str, class: &str, attribute: &str) -> String {
    let needle = format!("class=\"{class}\"");
    let mut parts = svg.split(&needle);
    let mut out = parts.next().unwrap_or_default().to_string();
    for (k, part) in parts.enumerate() {
        out.push_str(&format!("{needle} data-{attribute}=\"{k}\""));
        out.push_str(part);
    }
    out
}

/// The SVG without an XML declaration, ready to sit inside HTML.
fn strip_prolog(svg: &str) -> String {
    match svg.strip_prefix("<?xml") {
        Some(rest) => rest.split_once("?>").map_or(svg, |(_, r)| r).trim_start().to_string(),
        None => svg.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_draw_holds() {
        use crate::{Puzzle, RecordingGraph, render::page::drawing::draw};
        let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
        let d = draw(&puzzle, &RecordingGraph::new(&puzzle)).unwrap();
        assert!(d.graph.contains(r#"class="edge" data-edge="15""#));
        assert!(d.pieces.contains(r#"class="piece" data-piece="3""#));
    }

    use super::*;
    use crate::render::style::piece_color;

    fn paper() -> (Puzzle, RecordingGraph) {
        let puzzle: Puzzle = include_str!("../../../fixtures/paper2x2.txt").parse().unwrap();
        let graph = RecordingGraph::new(&puzzle);
        (puzzle, graph)
    }

    /// The text of the element tagged `data-{attribute}="k"`, up to the
    /// next element of the same kind.
    fn tagged<'a>(svg: &'a str, attribute: &str, k: usize) -> &'a str {
        let start = svg.find(&format!("data-{attribute}=\"{k}\"")).unwrap();
        let rest = &svg[start..];
        let end = rest[1..]
            .find(&format!("data-{attribute}="))
            .map_or(rest.len(), |e| e + 1);
        &rest[..end]
    }

    #[test]
    fn every_edge_vertex_legend_entry_and_piece_is_tagged_once_in_order() {
        let (puzzle, graph) = paper();
        let d = draw(&puzzle, &graph).unwrap();
        assert_eq!(d.graph.matches("data-edge=").count(), 16);
        assert_eq!(d.graph.matches("data-node=").count(), graph.graph().node_count());
        assert_eq!(d.graph.matches("data-piece=").count(), 4);
        assert_eq!(d.pieces.matches("data-piece=").count(), 4);
        for e in 0..16 {
            // Edge k is drawn in its piece's color, with its ends in the tooltip.
            let text = tagged(&d.graph, "edge", e);
            assert!(text.contains(piece_color(e / 4)), "edge {e}: {text}");
            let (tail, head) = graph.endpoints(graph.edge(e / 4, e % 4));
            assert!(
                text.contains(&format!("{tail}")) && text.contains(&format!("{head}")),
                "edge {e}"
            );
        }
        for node in graph.graph().node_indices() {
            let label = graph.graph()[node].to_string();
            assert!(tagged(&d.graph, "node", node.index()).contains(&format!("\n{label}\n")));
        }
        for piece in 0..4 {
            assert!(tagged(&d.graph, "piece", piece).contains(&format!("#{}:", piece + 1)));
            assert!(tagged(&d.pieces, "piece", piece).contains(&format!("<title>#{}: ", piece + 1)));
        }
    }

    #[test]
    fn the_drawings_sit_inside_html() {
        let (puzzle, graph) = paper();
        let d = draw(&puzzle, &graph).unwrap();
        assert!(d.graph.starts_with("<svg") && d.pieces.starts_with("<svg"));
        assert_eq!(strip_prolog("<?xml version=\"1.0\"?>\n<svg/>"), "<svg/>");
    }
}
