//! Pictures: DOT and SVG of recording graphs, solution graphs and pieces.
//!
//! The geometry of a recording-graph picture is computed once, in
//! `layout`: the paper's two rows, curves for every edge (parallel edges
//! bent apart, loops as teardrops), held by a [`Drawing`]. [`Drawing::dot`]
//! writes it as DOT with every position pinned; [`Drawing::svg`] has
//! Graphviz (`neato -n2`) draw that DOT, or draws the same geometry itself
//! with the embedded renderer.
//! [`per_piece_svg`] draws small multiples, one copy of G(P) per piece with
//! only that piece's 4-cycle in color;
//! [`RecordingGraph::piece_edges`](crate::RecordingGraph::piece_edges)
//! gives the edges of chosen pieces, to highlight them. [`pieces_svg`]
//! draws the pieces, loose or as an arrangement places them. All output is
//! deterministic. [`inspect`] assembles the reports of the commands that
//! judge subgraphs of G(P) (`subgraphs`, `inspect`), their pictures
//! included.

#[cfg(feature = "render")]
mod children;
pub mod cnf;
#[cfg(feature = "render")]
mod dot;
mod embedded;
pub mod export;
pub(crate) mod geometry;
#[cfg(feature = "render")]
mod graphviz;
pub mod inspect;
pub(crate) mod layout;
mod multiples;
#[cfg(test)]
mod neato_check;
pub mod page;
mod pieces;
pub(crate) mod style;

/// The largest grid drawn: [`Drawing::MAX_SIZE`].
pub(crate) const MAX_DRAWN_SIZE: usize = Drawing::MAX_SIZE;

use petgraph::graph::EdgeIndex;

#[cfg(feature = "render")]
use graphviz::graphviz_available;

/// Whether Graphviz can draw: never in a build without the `render`
/// feature (the WebAssembly page), where the embedded renderer draws.
#[cfg(not(feature = "render"))]
fn graphviz_available() -> bool {
    false
}

use crate::context::Context;
use crate::{Arrangement, Puzzle, RecordingGraph, Result};
use layout::Layout;
pub use multiples::per_piece_svg;

/// Which program draws the SVG.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
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

/// One picture of the recording graph, laid out once: [`Drawing::dot`] and
/// [`Drawing::svg`] (and every [`Selection`] of it) share the layout, so a
/// run that writes DOT and SVG, or several selections under one title,
/// computes the geometry once. The DOT is the graph (one edge statement per
/// edge); the SVG adds a white halo under each edge and its arrowhead at
/// `layout::ARROW_AT` of its length, with Graphviz or embedded alike.
///
/// ```
/// use scramble::{Puzzle, RecordingGraph, render::{Drawing, Renderer, Selection}};
/// let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
/// let drawing = Drawing::new(&puzzle, &RecordingGraph::new(&puzzle), "G(P)");
/// let (dot, svg) = drawing.dot_and_svg(Selection::Full, Renderer::Embedded, &scramble::Context::new()).unwrap();
/// assert!(dot.starts_with("digraph recording {"));
/// assert_eq!(svg.svg.matches("class=\"edge\"").count(), 16);
/// ```
#[derive(Clone, Debug)]
pub struct Drawing {
    layout: Layout,
}

impl Drawing {
    /// The largest grid drawn (`graph`, `explore`): a 32x32 puzzle's
    /// recording graph has 4,096 edges; beyond that the pictures (and the
    /// memory to make them) grow past any use.
    pub const MAX_SIZE: usize = 32;

    /// Lays out `graph` with `title` above it (wrapped to the drawing's
    /// width, see `Layout::with_title`). Linear in the size of the graph
    /// (plus sorting).
    pub fn new(puzzle: &Puzzle, graph: &RecordingGraph, title: &str) -> Drawing {
        Drawing {
            layout: Layout::new(puzzle, graph).with_title(title),
        }
    }

    /// The recording graph (the edges `selection` shows) as DOT text,
    /// built by graphviz-rust: one edge statement per edge of G(P), with
    /// `piece`, `corner`, `color` and its spline as `pos`, so that tools
    /// reading it see G(P) itself. The halos and mid-edge arrowheads of the
    /// pictures are the SVG renderers' own.
    #[cfg(feature = "render")]
    pub fn dot(&self, selection: Selection<'_>) -> String {
        dot::write(&self.layout, &selection)
    }

    /// SVG of the same picture as [`Drawing::dot`], by Graphviz when asked
    /// or (for [`Renderer::Auto`]) available, else by the embedded renderer.
    ///
    /// Fails with [`Error::Graphviz`](crate::Error::Graphviz) when Graphviz
    /// is asked for and missing, or fails.
    ///
    /// Graphviz, while it runs, is stopped once the context's stop is
    /// reached ([`crate::Error::Interrupted`]).
    pub fn svg(&self, selection: Selection<'_>, renderer: Renderer, context: &Context) -> Result<Rendered> {
        if renderer.draws_with_graphviz() {
            self.graphviz(selection, context.stop())
        } else {
            Ok(self.embedded(selection))
        }
    }

    /// [`Drawing::dot`] and [`Drawing::svg`] of one selection.
    #[cfg(feature = "render")]
    pub fn dot_and_svg(
        &self,
        selection: Selection<'_>,
        renderer: Renderer,
        context: &Context,
    ) -> Result<(String, Rendered)> {
        Ok((self.dot(selection), self.svg(selection, renderer, context)?))
    }

    #[cfg(feature = "render")]
    fn graphviz(&self, selection: Selection<'_>, stop: &crate::context::Stop) -> Result<Rendered> {
        Ok(Rendered {
            svg: graphviz::neato_svg_until(&dot::for_neato(&self.layout, &selection), stop)?,
            renderer: UsedRenderer::Graphviz,
        })
    }

    #[cfg(not(feature = "render"))]
    fn graphviz(&self, _: Selection<'_>, _: &crate::context::Stop) -> Result<Rendered> {
        Err(crate::Error::Graphviz {
            command: "neato -n2 -Tsvg".to_string(),
            message: "this build has no Graphviz support (the `render` feature); the embedded renderer draws"
                .to_string(),
        })
    }

    fn embedded(&self, selection: Selection<'_>) -> Rendered {
        Rendered {
            svg: embedded::write(&self.layout, &selection),
            renderer: UsedRenderer::Embedded,
        }
    }
}

impl Renderer {
    /// Whether Graphviz can draw: `neato` is an executable file in a
    /// folder of `PATH`. Never in a build without the `render` feature (the
    /// WebAssembly page), where the embedded renderer draws.
    pub fn graphviz_available() -> bool {
        graphviz_available()
    }

    /// Kills and reaps every Graphviz process this process started that is
    /// still running, and keeps any other from starting: for a process
    /// about to end on a signal, so that no Graphviz outlives it. A drawing
    /// waiting for one then fails with
    /// [`Error::Interrupted`](crate::Error::Interrupted). Linear in the
    /// children running (one or a few).
    ///
    /// ```
    /// scramble::render::Renderer::stop_graphviz();
    /// ```
    #[cfg(feature = "render")]
    pub fn stop_graphviz() {
        children::stop_graphviz();
    }

    /// Whether this choice draws with Graphviz: asked for, or `auto` with
    /// `neato` on PATH.
    pub(crate) fn draws_with_graphviz(self) -> bool {
        match self {
            Renderer::Auto => graphviz_available(),
            Renderer::Graphviz => true,
            Renderer::Embedded => false,
        }
    }
}

/// DOT text of the recording graph with `title` above it: a one-picture
/// [`Drawing::dot`].
#[cfg(all(test, feature = "render"))]
pub(crate) fn recording_dot(puzzle: &Puzzle, graph: &RecordingGraph, selection: Selection<'_>, title: &str) -> String {
    Drawing::new(puzzle, graph, title).dot(selection)
}

/// SVG of the recording graph with `title` above it: a one-picture
/// [`Drawing::svg`].
pub(crate) fn recording_svg(
    puzzle: &Puzzle,
    graph: &RecordingGraph,
    selection: Selection<'_>,
    title: &str,
    renderer: Renderer,
    context: &Context,
) -> Result<Rendered> {
    Drawing::new(puzzle, graph, title).svg(selection, renderer, context)
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
    use crate::Placement;
    use svg::parser::Event;

    /// Whether the Graphviz tests can run (see [`super::neato_check`]).
    pub fn neato_or_note() -> bool {
        super::neato_check::neato_or_note(graphviz_available())
    }

    fn paper() -> (Puzzle, RecordingGraph) {
        let puzzle: Puzzle = include_str!("../../fixtures/paper2x2.txt").parse().unwrap();
        let graph = RecordingGraph::new(&puzzle);
        (puzzle, graph)
    }

    /// The centre corners of the paper fixture's solution `1 2 / 3 4`, every
    /// piece unturned: cell 0 meets the centre with its right-bottom corner,
    /// cell 1 bottom-left, cell 2 top-right, cell 3 left-top.
    fn solution_edges(graph: &RecordingGraph) -> [EdgeIndex; 4] {
        [graph.edge(0, 1), graph.edge(1, 2), graph.edge(2, 0), graph.edge(3, 3)]
    }

    #[test]
    fn dot_snapshots() {
        let (puzzle, graph) = paper();
        let chosen = solution_edges(&graph);
        insta::assert_snapshot!("paper_full", recording_dot(&puzzle, &graph, Selection::Full, "G(P)"));
        insta::assert_snapshot!(
            "paper_alone",
            recording_dot(&puzzle, &graph, Selection::Alone(&chosen), "Gs(P)")
        );
        insta::assert_snapshot!(
            "paper_highlighted",
            recording_dot(&puzzle, &graph, Selection::Highlighted(&chosen), "Gs(P) in G(P)")
        );
    }

    /// The edges of a DOT text as graphviz-rust parses it: `(tail, head,
    /// piece, corner)`, and the number of edges that have a `pos`.
    fn dot_edges(dot: &str) -> (Vec<(String, String, usize, usize)>, usize) {
        use graphviz_rust::dot_structures::{Attribute, EdgeTy, Graph, Id, NodeId, Stmt, Vertex};
        let text = |id: &Id| match id {
            Id::Html(t) | Id::Escaped(t) | Id::Plain(t) | Id::Anonymous(t) => t.trim_matches('"').to_string(),
        };
        let Graph::DiGraph { stmts, .. } = graphviz_rust::parse(dot).unwrap() else {
            panic!("not a digraph")
        };
        let mut with_pos = 0;
        let edges = stmts
            .iter()
            .filter_map(|stmt| match stmt {
                Stmt::Edge(edge) => Some(edge),
                _ => None,
            })
            .map(|edge| {
                let EdgeTy::Pair(Vertex::N(NodeId(tail, _)), Vertex::N(NodeId(head, _))) = &edge.ty else {
                    panic!("an edge between two nodes")
                };
                let value = |key: &str| {
                    edge.attributes
                        .iter()
                        .find(|Attribute(k, _)| text(k) == key)
                        .map(|Attribute(_, v)| text(v))
                };
                with_pos += usize::from(value("pos").is_some());
                let number = |key| value(key).unwrap().parse().unwrap();
                (text(tail), text(head), number("piece"), number("corner"))
            })
            .collect();
        (edges, with_pos)
    }

    #[test]
    fn dot_is_the_recording_graph_with_one_edge_per_edge_and_its_position() {
        for puzzle in export::sample_puzzles() {
            let graph = RecordingGraph::new(&puzzle);
            let dot = recording_dot(&puzzle, &graph, Selection::Full, "a \"quoted\" title");
            let (edges, with_pos) = dot_edges(&dot);
            export::assert_recording_graph(&puzzle, &edges);
            assert_eq!(with_pos, edges.len(), "every edge keeps its spline");
            assert!(dot.contains("label=\"a \\\"quoted\\\" title\""));
        }
        // A selection keeps only its edges, each once.
        let (puzzle, graph) = paper();
        let chosen = solution_edges(&graph);
        assert_eq!(
            dot_edges(&recording_dot(&puzzle, &graph, Selection::Alone(&chosen), "t"))
                .0
                .len(),
            4
        );
        let highlighted = recording_dot(&puzzle, &graph, Selection::Highlighted(&chosen), "t");
        assert_eq!(dot_edges(&highlighted).0.len(), 16);
    }

    #[test]
    fn graphviz_is_handed_the_decorated_drawing() {
        let (puzzle, graph) = paper();
        let layout = Layout::new(&puzzle, &graph).with_title("t");
        let dot = dot::for_neato(&layout, &Selection::Full);
        let parsed = graphviz_rust::parse(&dot).unwrap();
        let text = format!("{parsed:?}");
        // 16 graph edges (halo and edge, each in two parts) and 4 legend samples.
        assert_eq!(text.matches("Edge { ty: Pair").count(), 16 * 4 + 4);
        // One arrowhead for each halo and each edge.
        assert_eq!(dot.matches("pos=\"e,").count(), 32);
    }

    /// Start tags of an SVG, checking that every element is closed.
    fn tags(svg: &str) -> Vec<(String, svg::node::Attributes)> {
        let mut open = vec![];
        let mut seen = vec![];
        for event in svg::read(svg).unwrap() {
            match event {
                Event::Tag(name, kind, attributes) => {
                    use svg::node::element::tag::Type;
                    match kind {
                        Type::Start => open.push(name.to_string()),
                        Type::End => assert_eq!(open.pop().as_deref(), Some(name), "badly nested </{name}>"),
                        Type::Empty => {}
                    }
                    if kind != Type::End {
                        seen.push((name.to_string(), attributes));
                    }
                }
                Event::Error(e) => panic!("not well-formed: {e}"),
                _ => {}
            }
        }
        assert!(open.is_empty(), "unclosed {open:?}");
        seen
    }

    /// The contents of an SVG's `<text>` elements, trimmed, in order.
    fn texts(svg: &str) -> Vec<String> {
        let mut element = String::new();
        svg::read(svg)
            .unwrap()
            .filter_map(|e| match e {
                Event::Tag(name, _, _) => {
                    element = name.to_string();
                    None
                }
                Event::Text(t) if element == "text" => Some(t.trim().to_string()),
                _ => None,
            })
            .collect()
    }

    /// The colored part up to the arrowhead of every edge: each edge group
    /// holds a title, then halo, arrowhead and rest, then the same colored.
    fn edge_paths(svg: &str) -> Vec<svg::node::Attributes> {
        let tags = tags(svg);
        tags.windows(6)
            .filter(|w| w[0].0 == "g" && w[0].1.get("class").map(|c| c.to_string()) == Some("edge".into()))
            .map(|w| w[5].1.clone())
            .collect()
    }

    /// The `d` of every path in an edge group, in order.
    fn all_edge_paths(svg: &str) -> Vec<String> {
        in_edges(svg, "path")
            .iter()
            .map(|a| a.get("d").unwrap().to_string())
            .collect()
    }

    /// The attributes of every `element` inside an edge group, in order.
    fn in_edges(svg: &str, element: &str) -> Vec<svg::node::Attributes> {
        let mut in_edge = false;
        let mut found = vec![];
        for (name, a) in tags(svg) {
            // Graphviz wraps an edge's drawing in a link group without a class.
            if let Some(class) = a.get("class").filter(|_| name == "g") {
                in_edge = *class == "edge";
            } else if name == element && in_edge {
                found.push(a);
            }
        }
        found
    }

    #[test]
    fn embedded_svg_is_well_formed_with_one_path_per_drawn_edge() {
        let (puzzle, graph) = paper();
        let chosen = solution_edges(&graph);
        let render =
            |selection| recording_svg(&puzzle, &graph, selection, "t", Renderer::Embedded, &Context::new()).unwrap();
        let full = render(Selection::Full);
        assert_eq!(full.renderer, UsedRenderer::Embedded);
        let paths = edge_paths(&full.svg);
        assert_eq!(paths.len(), 16);
        let colors: std::collections::BTreeSet<String> =
            paths.iter().map(|a| a.get("stroke").unwrap().to_string()).collect();
        let expected: std::collections::BTreeSet<String> = (0..4).map(|p| style::piece_color(p).to_string()).collect();
        assert_eq!(colors, expected, "one color per piece");

        let alone = edge_paths(&render(Selection::Alone(&chosen)).svg);
        assert_eq!(alone.len(), 4);
        let highlighted = edge_paths(&render(Selection::Highlighted(&chosen)).svg);
        assert_eq!(highlighted.len(), 16);
        let faded = highlighted.iter().filter(|a| *a.get("stroke").unwrap() == style::FADED);
        assert_eq!(faded.count(), 12);
        // The chosen edges come last (on top), as in Alone, in the same place.
        let last: Vec<_> = highlighted[12..]
            .iter()
            .map(|a| a.get("d").unwrap().to_string())
            .collect();
        let alone: Vec<_> = alone.iter().map(|a| a.get("d").unwrap().to_string()).collect();
        assert_eq!(last, alone);
    }

    #[test]
    fn output_is_deterministic() {
        let (puzzle, graph) = paper();
        let twice = || {
            (
                recording_dot(&puzzle, &graph, Selection::Full, "t"),
                recording_svg(
                    &puzzle,
                    &graph,
                    Selection::Full,
                    "t",
                    Renderer::Embedded,
                    &Context::new(),
                )
                .unwrap()
                .svg,
                pieces_svg(&puzzle, None, "t"),
            )
        };
        assert_eq!(twice(), twice());
    }

    /// Numbers of an SVG path's `d`, in order.
    fn numbers(d: &str) -> Vec<f64> {
        d.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect()
    }

    #[test]
    fn both_renderers_give_a_wrapped_title_the_same_height() {
        let (puzzle, graph) = paper();
        let title = "a long title; that names a failing condition; with its witness; and more conditions";
        let height = |title: &str, renderer| {
            let svg = recording_svg(&puzzle, &graph, Selection::Full, title, renderer, &Context::new())
                .unwrap()
                .svg;
            let h = svg
                .split("height=\"")
                .nth(1)
                .and_then(|h| h.split("pt").next())
                .unwrap()
                .to_string();
            h.parse::<f64>().unwrap()
        };
        // Graphviz pads its pictures a little; the growth with the lines must match.
        let growth = |renderer| height(title, renderer) - height("short", renderer);
        let lines = Layout::new(&puzzle, &graph).with_title(title).title.len();
        assert!(lines >= 2);
        assert_eq!(growth(Renderer::Embedded), (lines - 1) as f64 * layout::TITLE_LINE);
        if neato_or_note() {
            assert_eq!(growth(Renderer::Graphviz), growth(Renderer::Embedded));
        }
    }

    #[test]
    fn graphviz_draws_the_embedded_geometry() {
        if !neato_or_note() {
            return;
        }
        let puzzle: Puzzle = "2- 2- 2+ 1+\n2- 1+ 1+ 2-\n2- 1+ 1+ 1-\n2- 1- 2+ 1+\n1+ 3+ 2- 2-\n1+ 1+ 1+ 3-\n2- 1- 2+ 1+\n2- 1- 2+ 1+\n3- 1- 3+ 1+"
            .parse()
            .unwrap();
        let graph = RecordingGraph::new(&puzzle);
        let drawn =
            |renderer| recording_svg(&puzzle, &graph, Selection::Full, "loops", renderer, &Context::new()).unwrap();
        let graphviz = drawn(Renderer::Graphviz);
        assert_eq!(graphviz.renderer, UsedRenderer::Graphviz);
        let embedded = drawn(Renderer::Embedded);
        let ours: Vec<Vec<f64>> = all_edge_paths(&embedded.svg).iter().map(|d| numbers(d)).collect();
        // Graphviz writes edges in an order of its own, each as a group with
        // id `edge<k>` (k-th edge statement) holding the path, and writes y
        // upwards from the bottom of the drawing.
        let mut theirs: Vec<(usize, Vec<f64>)> = vec![];
        let mut statement = None;
        for (name, a) in tags(&graphviz.svg) {
            let attribute = |key: &str| a.get(key).map(|v| v.to_string());
            if name == "g" && attribute("class").as_deref() == Some("edge") {
                statement = attribute("id").and_then(|id| id.strip_prefix("edge")?.parse::<usize>().ok());
            } else if name == "path"
                && let Some(k) = statement.take()
            {
                theirs.push((k, numbers(&attribute("d").unwrap())));
            }
        }
        theirs.sort_by_key(|(k, _)| *k);
        // Four paths per edge: halo and edge, each before and after the arrowhead.
        let theirs: Vec<Vec<f64>> = theirs.into_iter().map(|(_, d)| d).take(36 * 4).collect();
        assert_eq!((ours.len(), theirs.len()), (36 * 4, 36 * 4));
        let height = Layout::new(&puzzle, &graph).with_title("loops").height;
        for (ours, theirs) in ours.iter().zip(&theirs) {
            assert_eq!(ours.len(), theirs.len());
            for (i, (a, b)) in ours.iter().zip(theirs).enumerate() {
                let b = if i % 2 == 1 { b + height } else { *b };
                assert!((a - b).abs() < 0.6, "{ours:?} vs {theirs:?}");
            }
        }
        // One arrowhead for each halo and each edge, none for the legend's samples.
        assert_eq!(in_edges(&graphviz.svg, "polygon").len(), 36 * 2);
        assert_eq!(in_edges(&embedded.svg, "polygon").len(), 36 * 2);
    }

    #[test]
    fn pieces_show_four_labelled_triangles_each() {
        let (puzzle, _) = paper();
        let loose = pieces_svg(&puzzle, None, "pieces");
        let tags = tags(&loose);
        assert_eq!(tags.iter().filter(|(n, _)| n == "polygon").count(), 16);
        // `+` halves are solid pattern colors, `-` halves hatched.
        let fills: Vec<String> = tags
            .iter()
            .filter(|(n, _)| n == "polygon")
            .map(|(_, a)| a.get("fill").unwrap().to_string())
            .collect();
        assert_eq!(fills.iter().filter(|f| f.starts_with("url(#minus-")).count(), 8);
        assert!(
            fills.contains(&style::pattern_colors(&puzzle)[2].to_string()),
            "3+ is the third pattern's color"
        );
        let texts = texts(&loose);
        for label in ["3+", "3-", "#1", "#4"] {
            assert!(texts.iter().any(|t| t == label), "{label}");
        }
        // Four pictures and a name per piece, a title and a caption.
        assert_eq!(texts.len(), 4 * 5 + 2);
    }

    #[test]
    fn an_arrangement_is_drawn_as_placed_and_turned() {
        let (puzzle, _) = paper();
        let solved = Arrangement::new(2, (0..4).map(|piece| Placement { piece, rotation: 0 }).collect());
        let turned = solved.rotated();
        let svg = pieces_svg(&puzzle, Some(&turned), "turned");
        // Cell 0 of the turned grid holds piece 3 turned once: its top shows
        // that piece's left side.
        assert_eq!(turned.cells()[0], Placement { piece: 2, rotation: 1 });
        // After the title: cell 0's top, right, bottom, left and name.
        let texts = texts(&svg);
        let piece = puzzle.pieces()[2];
        let expected: Vec<String> = [3, 0, 1, 2].map(|s| puzzle.picture_label(piece.side(s))).to_vec();
        assert_eq!(texts[1..5], expected);
        assert_eq!(texts[5], "#3@1");
    }
}

#[cfg(test)]
mod examples {
    #[test]
    fn the_example_of_recording_dot_holds() {
        use crate::{
            Puzzle, RecordingGraph,
            render::{Selection, recording_dot},
        };
        let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
        let dot = recording_dot(&puzzle, &RecordingGraph::new(&puzzle), Selection::Full, "G(P)");
        assert!(dot.starts_with("digraph recording {"));
        // One DOT edge per edge of G(P): four leave 1+.
        assert_eq!(dot.matches("\"1+\" -> ").count(), 4);
    }
}
