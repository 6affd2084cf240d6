//! The DOT text of a laid-out recording graph, built with graphviz-rust,
//! in two forms.
//!
//! [`write`] is the recording graph itself, for other tools (Graphviz,
//! networkx, gvpr): one node per picture and **one edge statement per edge
//! of G(P)** (or per edge of the selection), in edge order, each carrying
//! `piece` (from 1), `corner` (0 to 3), the piece's `name` when it has one, `color`, `penwidth`, `style` and its
//! whole spline as `pos`. The graph's title is its `label`. Nothing else is
//! in it, so in-degrees and out-degrees read from it are G(P)'s.
//!
//! [`for_neato`] is what the Graphviz renderer hands `neato -n2` to draw the
//! picture: every node is pinned (`pos="x,y!"`) and every edge carries its
//! spline (`pos="e,tip start c1 c2 end"`), so neato draws the layout exactly
//! as computed. There an edge of the graph is four edge statements, a white
//! halo under it and the edge itself, each cut in two at the arrowhead (the
//! part up to the arrowhead ends in it, the rest has none), since Graphviz
//! only draws arrowheads at the ends of splines; the title's lines are
//! pinned plain-text nodes, the legend's samples edges between invisible
//! points, and two invisible anchors at the corners fix Graphviz's bounding
//! box to the layout's. The embedded renderer draws the same decorations
//! itself.

use graphviz_rust::dot_structures::{Attribute, Edge, EdgeTy, Graph, GraphAttributes, Id, Node, NodeId, Stmt, Vertex};
use graphviz_rust::printer::{DotPrinter, PrinterContext};

use super::Selection;
use super::geometry::{Point, num};
use super::layout::{EdgeCurve, LEGEND_FONT, LEGEND_LINE, Layout, TITLE_FONT, TITLE_LINE, VERTEX_FONT};
use super::style::{Stroke, drawn_edges, edge_tooltip, halo, legend_stroke};

const FONT: &str = "Helvetica,Arial,sans-serif";

/// The recording graph of `layout` as DOT: its vertices and one edge
/// statement per edge `selection` shows, with piece, corner, stroke and
/// spline; the title is the graph's `label`.
pub fn write(layout: &Layout, selection: &Selection<'_>) -> String {
    let title: Vec<&str> = layout.title.iter().map(|t| t.text.as_str()).collect();
    let mut stmts = defaults(layout, &title.join(" "));
    if let Some(Stmt::GAttribute(GraphAttributes::Graph(graph))) = stmts.first_mut() {
        graph.push(attr("label", quoted(&title.join(" "))));
        graph.push(attr("labelloc", plain("t")));
    }
    let y_flip = |p: Point| Point::new(p.x, layout.height - p.y);
    stmts.extend(vertices(layout, y_flip));
    stmts.extend(drawn_edges(layout, selection).into_iter().map(|(e, stroke)| {
        let spline = e.whole.iter().map(|&p| point(y_flip(p))).collect::<Vec<_>>().join(" ");
        let mut attributes = vec![
            attr("piece", plain(&(e.corner.piece + 1).to_string())),
            attr("corner", plain(&e.corner.corner.to_string())),
        ];
        let name = layout
            .legend
            .iter()
            .find(|l| l.piece == e.corner.piece)
            .and_then(|l| l.name.as_deref());
        attributes.extend(name.map(|name| attr("name", quoted(name))));
        attributes.extend(stroke_attributes(stroke));
        attributes.push(attr("pos", quoted(&spline)));
        attributes.push(attr("tooltip", quoted(&edge_tooltip(layout, e))));
        Stmt::Edge(Edge {
            ty: pair(layout, e),
            attributes,
        })
    }));
    print(stmts)
}

/// The DOT `neato -n2` draws the picture of `layout` showing `selection`
/// from: halos, mid-edge arrowheads, title and legend included (see the
/// module's documentation).
pub fn for_neato(layout: &Layout, selection: &Selection<'_>) -> String {
    let title: Vec<&str> = layout.title.iter().map(|t| t.text.as_str()).collect();
    let mut stmts = defaults(layout, &title.join(" "));
    let y_flip = |p: Point| Point::new(p.x, layout.height - p.y);
    stmts.extend(anchors(layout).into_iter().map(Stmt::Node));
    stmts.extend(title_nodes(layout, y_flip));
    stmts.extend(vertices(layout, y_flip));
    stmts.extend(drawn_edges(layout, selection).into_iter().flat_map(|(e, stroke)| {
        let tooltip = edge_tooltip(layout, e);
        [halo(stroke), stroke]
            .into_iter()
            .flat_map(|stroke| edge(layout, e, stroke, &tooltip, y_flip))
            .map(Stmt::Edge)
            .collect::<Vec<_>>()
    }));
    stmts.extend(legend(layout, selection, y_flip));
    print(stmts)
}

/// The graph, node and edge defaults both forms share.
fn defaults(layout: &Layout, tooltip: &str) -> Vec<Stmt> {
    vec![
        Stmt::GAttribute(GraphAttributes::Graph(vec![
            attr("tooltip", quoted(tooltip)),
            attr("fontname", quoted(FONT)),
            attr("outputorder", plain("edgesfirst")),
            attr("bgcolor", quoted("white")),
        ])),
        Stmt::GAttribute(GraphAttributes::Node(vec![
            attr("shape", plain("circle")),
            attr("fixedsize", plain("true")),
            attr("width", plain(&inches(2.0 * layout.radius))),
            attr("style", plain("filled")),
            attr("fillcolor", quoted("white")),
            attr("fontname", quoted(FONT)),
            attr("fontsize", plain(&num(VERTEX_FONT))),
        ])),
        Stmt::GAttribute(GraphAttributes::Edge(vec![attr("arrowsize", plain("1"))])),
    ]
}

/// One pinned node per picture.
fn vertices(layout: &Layout, flip: impl Fn(Point) -> Point) -> Vec<Stmt> {
    layout
        .vertices
        .iter()
        .map(|v| {
            Stmt::Node(Node::new(
                node_id(&v.label),
                vec![
                    attr("pos", quoted(&pinned(flip(v.center)))),
                    attr("tooltip", quoted(&format!("picture {}", v.label))),
                ],
            ))
        })
        .collect()
}

fn print(stmts: Vec<Stmt>) -> String {
    let graph = Graph::DiGraph {
        id: plain("recording"),
        strict: false,
        stmts,
    };
    let mut text = graph.print(&mut PrinterContext::default());
    text.push('\n');
    text
}

/// `tail -> head` of an edge.
fn pair(layout: &Layout, e: &EdgeCurve) -> EdgeTy {
    EdgeTy::Pair(
        Vertex::N(node_id(&layout.vertex(e.tail).label)),
        Vertex::N(node_id(&layout.vertex(e.head).label)),
    )
}

/// The two edge statements of one stroke of an edge: up to and with the
/// arrowhead, then the rest.
fn edge(layout: &Layout, e: &EdgeCurve, stroke: Stroke, tooltip: &str, flip: impl Fn(Point) -> Point) -> [Edge; 2] {
    let spline = |points: &[Point]| points.iter().map(|&p| point(flip(p))).collect::<Vec<_>>().join(" ");
    let first = format!("e,{} {}", point(flip(e.tip)), spline(&e.curve));
    let statement = |pos: String, arrowhead: &str| {
        let mut attributes = vec![attr("pos", quoted(&pos)), attr("arrowhead", plain(arrowhead))];
        attributes.extend(stroke_attributes(stroke));
        attributes.push(attr("tooltip", quoted(tooltip)));
        Edge {
            ty: pair(layout, e),
            attributes,
        }
    };
    [statement(first, "normal"), statement(spline(&e.rest), "none")]
}

/// The title's lines as pinned plain-text nodes.
fn title_nodes(layout: &Layout, flip: impl Fn(Point) -> Point) -> Vec<Stmt> {
    layout
        .title
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let attributes = vec![
                attr("shape", plain("plaintext")),
                attr("margin", plain("0")),
                attr("width", plain(&inches(layout.width))),
                attr("height", plain(&inches(TITLE_LINE))),
                attr("fontsize", plain(&num(TITLE_FONT))),
                attr("label", quoted(&line.text)),
                attr("pos", quoted(&pinned(flip(line.center)))),
            ];
            Stmt::Node(Node::new(node_id(&format!("title_{}", i + 1)), attributes))
        })
        .collect()
}

fn stroke_attributes(stroke: Stroke) -> Vec<Attribute> {
    vec![
        attr("color", quoted(stroke.color)),
        attr("penwidth", plain(&num(stroke.width))),
        attr("style", plain(stroke.dash.dot_style())),
    ]
}

/// Invisible points at the layout's corners, so Graphviz keeps its box.
fn anchors(layout: &Layout) -> Vec<Node> {
    [("anchor_sw", 0.0, 0.0), ("anchor_ne", layout.width, layout.height)]
        .into_iter()
        .map(|(name, x, y)| Node::new(node_id(name), invisible_point(Point::new(x, y))))
        .collect()
}

fn invisible_point(at: Point) -> Vec<Attribute> {
    vec![
        attr("shape", plain("point")),
        attr("style", plain("invis")),
        attr("width", plain("0")),
        attr("height", plain("0")),
        attr("pos", quoted(&pinned(at))),
    ]
}

/// Per piece: a stroke sample (an edge between two invisible points) and a
/// left-aligned text box.
fn legend(layout: &Layout, selection: &Selection<'_>, flip: impl Fn(Point) -> Point) -> Vec<Stmt> {
    layout
        .legend
        .iter()
        .flat_map(|entry| {
            let id = format!("legend_{}", entry.piece + 1);
            let (from, to) = (flip(entry.sample.0), flip(entry.sample.1));
            let ends = [format!("{id}_from"), format!("{id}_to")];
            let third = (to - from) * (1.0 / 3.0);
            let spline = [from, from + third, to - third, to].map(point).join(" ");
            let mut sample = vec![attr("pos", quoted(&spline)), attr("arrowhead", plain("none"))];
            sample.extend(stroke_attributes(legend_stroke(layout, selection, entry.piece)));
            let text_center = flip(entry.text_left + Point::new(entry.text_width / 2.0, 0.0));
            let text = vec![
                attr("shape", plain("plaintext")),
                attr("margin", plain("0")),
                attr("width", plain(&inches(entry.text_width))),
                attr("height", plain(&inches(LEGEND_LINE))),
                attr("fontsize", plain(&num(LEGEND_FONT))),
                attr("label", left_aligned(&entry.text)),
                attr("pos", quoted(&pinned(text_center))),
            ];
            [
                Stmt::Node(Node::new(node_id(&ends[0]), invisible_point(from))),
                Stmt::Node(Node::new(node_id(&ends[1]), invisible_point(to))),
                Stmt::Edge(Edge {
                    ty: EdgeTy::Pair(Vertex::N(node_id(&ends[0])), Vertex::N(node_id(&ends[1]))),
                    attributes: sample,
                }),
                Stmt::Node(Node::new(node_id(&id), text)),
            ]
        })
        .collect()
}

/// Points as inches, Graphviz's unit for node sizes, precise enough to keep
/// circles within a hundredth of a point.
fn inches(points: f64) -> String {
    let text = format!("{:.5}", points / 72.0);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn point(p: Point) -> String {
    format!("{},{}", num(p.x), num(p.y))
}

fn pinned(p: Point) -> String {
    format!("{}!", point(p))
}

fn attr(name: &str, value: Id) -> Attribute {
    Attribute(plain(name), value)
}

fn plain(text: &str) -> Id {
    Id::Plain(text.to_string())
}

/// A DOT double-quoted string.
fn quoted(text: &str) -> Id {
    Id::Escaped(format!("\"{}\"", escape(text)))
}

/// A label written flush left (`\l` ends its line).
fn left_aligned(text: &str) -> Id {
    Id::Escaped(format!("\"{}\\l\"", escape(text)))
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

fn node_id(name: &str) -> NodeId {
    NodeId(quoted(name), None)
}
