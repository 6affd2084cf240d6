//! The embedded renderer: SVG of a laid-out recording graph, written in the
//! binary with the `svg` crate, no external program needed.
//!
//! It draws the very geometry of the [`Layout`] that the DOT hands Graphviz:
//! the same curves, halos, arrowheads (Graphviz's `normal` arrow), strokes,
//! title and legend, so both renderers give the same picture.

use svg::Document;
use svg::node::element::{Circle, Group, Path, Polygon, Rectangle, Text, Title};

use super::Selection;
use super::geometry::{Point, num};
use super::layout::{EdgeCurve, LEGEND_FONT, Layout, TITLE_FONT, VERTEX_FONT};
use super::style::{Stroke, drawn_edges, edge_tooltip, halo, legend_stroke};
/// Half the width of an arrowhead's base, as Graphviz draws it.
const ARROW_HALF_WIDTH: f64 = 3.5;
/// Where a text's baseline sits below the middle of its line, per point of
/// font size (Graphviz's placement).
const BASELINE: f64 = 0.27;
const FONT: &str = "Helvetica,Arial,sans-serif";

/// The SVG text of `layout` showing `selection`; its title is the layout's.
pub fn write(layout: &Layout, selection: &Selection<'_>) -> String {
    let title: Vec<&str> = layout.title.iter().map(|t| t.text.as_str()).collect();
    let (width, height) = (layout.width, layout.height);
    let document = Document::new()
        .set("width", format!("{}pt", num(width)))
        .set("height", format!("{}pt", num(height)))
        .set("viewBox", format!("0 0 {} {}", num(width), num(height)))
        .add(Title::new(title.join(" ")))
        .add(
            Rectangle::new()
                .set("width", "100%")
                .set("height", "100%")
                .set("fill", "white"),
        )
        .add(drawing(layout, selection));
    format!("{document}\n")
}

/// Everything of the picture but the SVG document around it: title, edges,
/// vertices and legend, in the layout's coordinates.
pub fn drawing(layout: &Layout, selection: &Selection<'_>) -> Group {
    let edges = drawn_edges(layout, selection)
        .into_iter()
        .fold(Group::new().set("class", "edges"), |g, (e, stroke)| {
            g.add(edge(layout, e, stroke))
        });
    let vertices = layout
        .vertices
        .iter()
        .fold(Group::new().set("class", "vertices"), |g, v| {
            g.add(
                Group::new()
                    .set("class", "vertex")
                    .add(Title::new(format!("picture {}", v.label)))
                    .add(
                        Circle::new()
                            .set("cx", num(v.center.x))
                            .set("cy", num(v.center.y))
                            .set("r", num(layout.radius))
                            .set("fill", "white")
                            .set("stroke", "black"),
                    )
                    .add(text(&v.label, v.center, VERTEX_FONT).set("text-anchor", "middle")),
            )
        });
    let title = layout.title.iter().fold(Group::new().set("class", "title"), |g, line| {
        g.add(text(&line.text, line.center, TITLE_FONT).set("text-anchor", "middle"))
    });
    Group::new()
        .add(title)
        .add(edges)
        .add(vertices)
        .add(legend(layout, selection))
}

/// One edge, with the tooltip as `<title>`: a white halo, then the edge;
/// each as the part up to the arrowhead, the arrowhead, and the rest (the
/// order of Graphviz's output for the DOT's edge statements).
fn edge(layout: &Layout, e: &EdgeCurve, stroke: Stroke) -> Group {
    let end = *e.curve.last().expect("a spline has points");
    [halo(stroke), stroke].into_iter().fold(
        Group::new()
            .set("class", "edge")
            .add(Title::new(edge_tooltip(layout, e))),
        |g, stroke| {
            g.add(stroked(spline(&e.curve), stroke))
                .add(arrowhead(end, e.tip, stroke))
                .add(stroked(spline(&e.rest), stroke))
        },
    )
}

/// An unfilled path along a spline of cubic pieces.
fn spline(points: &[Point]) -> Path {
    let rest: Vec<String> = points[1..].iter().map(|&p| point(p)).collect();
    let d = format!("M{} C{}", point(points[0]), rest.join(" "));
    Path::new().set("d", d).set("fill", "none")
}

/// Graphviz's `normal` arrowhead: a triangle from the curve's end to the tip.
fn arrowhead(base: Point, tip: Point, stroke: Stroke) -> Polygon {
    let side = (tip - base).unit().normal() * ARROW_HALF_WIDTH;
    let points = [tip, base + side, base - side].map(point).join(" ");
    Polygon::new()
        .set("points", points)
        .set("fill", stroke.color)
        .set("stroke", stroke.color)
        .set("stroke-width", num(stroke.width))
}

fn stroked(path: Path, stroke: Stroke) -> Path {
    let path = path.set("stroke", stroke.color).set("stroke-width", num(stroke.width));
    match stroke.dash.dasharray() {
        Some(dashes) => path.set("stroke-dasharray", dashes),
        None => path,
    }
}

fn legend(layout: &Layout, selection: &Selection<'_>) -> Group {
    layout
        .legend
        .iter()
        .fold(Group::new().set("class", "legend"), |g, entry| {
            let (from, to) = entry.sample;
            let sample = Path::new().set("d", format!("M{} L{}", point(from), point(to)));
            g.add(
                Group::new()
                    .set("class", "legend-entry")
                    .add(stroked(sample, legend_stroke(layout, selection, entry.piece)))
                    .add(text(&entry.text, entry.text_left, LEGEND_FONT).set("text-anchor", "start")),
            )
        })
}

/// A text whose line is centred vertically on `at.y`.
fn text(content: &str, at: Point, size: f64) -> Text {
    Text::new(content)
        .set("x", num(at.x))
        .set("y", num(at.y + BASELINE * size))
        .set("font-family", FONT)
        .set("font-size", num(size))
}

fn point(p: Point) -> String {
    format!("{},{}", num(p.x), num(p.y))
}
