//! Small multiples: one small copy of the recording graph per piece, with
//! only that piece's 4-cycle in color on the faded rest (the mechanism of
//! [`Selection::Highlighted`]), laid out in the `n x n` grid in piece order
//! so that a dense graph can be read piece by piece from one page.
//!
//! Every panel is the embedded renderer's drawing of the same [`Layout`],
//! scaled; the panels are not drawn by Graphviz.

use svg::Document;
use svg::node::element::{Group, Rectangle, Text, Title};

use super::geometry::{Point, num, text_width};
use super::layout::{Layout, TITLE_FONT, TITLE_LINE, wrap_title};
use super::{Selection, embedded};
use crate::{Puzzle, RecordingGraph};

/// Width of one panel, in points.
const PANEL_WIDTH: f64 = 280.0;
/// Room between panels, and around them.
const GAP: f64 = 24.0;
/// Font size of a panel's label.
const LABEL_FONT: f64 = 13.0;
/// Height of the band holding a panel's label.
const LABEL_BAND: f64 = 20.0;
const FONT: &str = "Helvetica,Arial,sans-serif";

/// SVG of the small multiples of `puzzle`'s recording graph, titled `title`.
/// `O(n^2 (V + E log E))` for `n^2` pieces, each panel a full layout.
///
/// ```
/// use scramble::{Puzzle, RecordingGraph, render::per_piece_svg};
/// let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
/// let svg = per_piece_svg(&puzzle, &RecordingGraph::new(&puzzle), "pieces one by one");
/// assert_eq!(svg.matches("class=\"panel\"").count(), 4);
/// ```
pub fn per_piece_svg(puzzle: &Puzzle, graph: &RecordingGraph, title: &str) -> String {
    let layout = Layout::new(puzzle, graph).without_legend();
    let pieces = puzzle.pieces().len();
    let columns = puzzle.shape().0.max(1);
    let rows = pieces.div_ceil(columns);
    let scale = PANEL_WIDTH / layout.width;
    let panel_height = layout.height * scale + LABEL_BAND;
    let width = columns as f64 * (PANEL_WIDTH + GAP) + GAP;
    let lines = wrap_title(title, width - 2.0 * GAP);
    let top = GAP / 2.0 + lines.len() as f64 * TITLE_LINE;
    let height = top + rows as f64 * (panel_height + GAP);
    let title_group = lines
        .iter()
        .enumerate()
        .fold(Group::new().set("class", "title"), |g, (i, line)| {
            let center = Point::new(width / 2.0, GAP / 2.0 + (i as f64 + 0.5) * TITLE_LINE);
            g.add(text(line, center, TITLE_FONT))
        });
    let panels = (0..pieces).fold(Group::new().set("class", "panels"), |g, piece| {
        let corner = Point::new(
            GAP + (piece % columns) as f64 * (PANEL_WIDTH + GAP),
            top + (piece / columns) as f64 * (panel_height + GAP),
        );
        g.add(panel(puzzle, graph, &layout, piece, corner, scale))
    });
    let document = Document::new()
        .set("width", format!("{}pt", num(width)))
        .set("height", format!("{}pt", num(height)))
        .set("viewBox", format!("0 0 {} {}", num(width), num(height)))
        .add(Title::new(title))
        .add(
            Rectangle::new()
                .set("width", "100%")
                .set("height", "100%")
                .set("fill", "white"),
        )
        .add(title_group)
        .add(panels);
    format!("{document}\n")
}

/// One panel: the piece's label and sides, and below it the scaled graph
/// with the piece's edges in color.
fn panel(puzzle: &Puzzle, graph: &RecordingGraph, layout: &Layout, piece: usize, corner: Point, scale: f64) -> Group {
    let edges = graph.piece_edges(&[piece]);
    let label = format!("{}: {}", puzzle.piece_label(piece), puzzle.piece_text(piece));
    let label_center = corner + Point::new(PANEL_WIDTH / 2.0, LABEL_BAND / 2.0);
    let drawing = embedded::drawing(layout, &Selection::Highlighted(&edges)).set(
        "transform",
        format!(
            "translate({} {}) scale({})",
            num(corner.x),
            num(corner.y + LABEL_BAND),
            scale
        ),
    );
    let frame = Rectangle::new()
        .set("x", num(corner.x))
        .set("y", num(corner.y + LABEL_BAND))
        .set("width", num(PANEL_WIDTH))
        .set("height", num(layout.height * scale))
        .set("fill", "none")
        .set("stroke", "#BBBBBB");
    let label_size = LABEL_FONT.min(PANEL_WIDTH / text_width(&label, 1.0));
    Group::new()
        .set("class", "panel")
        .add(Title::new(format!("piece {label}")))
        .add(text(&label, label_center, label_size))
        .add(frame)
        .add(drawing)
}

/// A centred text whose line is centred vertically on `at.y`.
fn text(content: &str, at: Point, size: f64) -> Text {
    Text::new(content)
        .set("x", num(at.x))
        .set("y", num(at.y + 0.27 * size))
        .set("font-family", FONT)
        .set("font-size", num(size))
        .set("text-anchor", "middle")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_panel_per_piece_in_grid_order_with_only_its_cycle_in_color() {
        let puzzle: Puzzle = include_str!("../../fixtures/paper2x2.txt").parse().unwrap();
        let graph = RecordingGraph::new(&puzzle);
        let svg = per_piece_svg(&puzzle, &graph, "per piece");
        let panels: Vec<&str> = svg.split("<g class=\"panel\">").skip(1).collect();
        assert_eq!(panels.len(), 4);
        for (piece, panel) in panels.iter().enumerate() {
            let label = format!("{}: {}", puzzle.piece_label(piece), puzzle.piece_text(piece));
            assert!(panel.contains(&label), "panel {piece} is piece {label}");
            // Its four edges in its color (halo aside), the other twelve faded.
            let color = super::super::style::piece_color(piece);
            let colored = panel.matches(&format!("stroke=\"{color}\"")).count();
            let faded = panel
                .matches(&format!("stroke=\"{}\"", super::super::style::FADED))
                .count();
            // Each edge: two path parts and an arrowhead, plus a legend sample never (no legend).
            assert_eq!(colored, 4 * 3, "panel {piece}");
            assert_eq!(faded, 12 * 3, "panel {piece}");
        }
        // Two columns: panels 1 and 3 share their x, 1 and 2 their y.
        let corner = |panel: &str| {
            let t = panel.split("translate(").nth(1).unwrap();
            let mut xy = t.split([' ', ')']).map(|n| n.parse::<f64>().unwrap());
            (xy.next().unwrap(), xy.next().unwrap())
        };
        let c: Vec<(f64, f64)> = panels.iter().map(|p| corner(p)).collect();
        assert_eq!(c[0].0, c[2].0);
        assert_eq!(c[0].1, c[1].1);
        assert!(c[1].0 > c[0].0 && c[2].1 > c[0].1);
    }
}
