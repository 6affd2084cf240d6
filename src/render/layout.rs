//! Where everything of a recording-graph picture goes, computed once.
//!
//! The paper's drawing (Section 2.1, Figure 4): a top row of `-` pictures and
//! a bottom row of `+` pictures, each in decreasing pattern order, so `X-`
//! stands right above `X+`. Every edge is one cubic Bezier curve ending an
//! arrow's length before the head's circle; parallel edges are bent apart by
//! different amounts, edges within a row arc away from the other row (clear
//! of the vertices between their ends), and loops are teardrops above a top
//! vertex or below a bottom one, nested when a vertex has several.
//! Both renderers (DOT with `pos` for Graphviz, and the embedded SVG) draw
//! exactly this geometry. Building a layout is `O(V + E log E)`.

use std::collections::BTreeMap;

use petgraph::graph::{EdgeIndex, NodeIndex};

use super::geometry::{Bounds, Point, spline_points, text_width};
use crate::recording::Corner;
use crate::{Picture, Puzzle, RecordingGraph, Sign};

/// Horizontal distance between the columns of two patterns.
pub const COLUMN_GAP: f64 = 130.0;
/// Vertical distance between the two rows.
pub const ROW_GAP: f64 = 240.0;
/// Length of an arrowhead, as Graphviz draws it with `arrowsize=1`.
pub const ARROW_LENGTH: f64 = 10.0;
/// Font size of the title.
pub const TITLE_FONT: f64 = 18.0;
/// Font size of vertex labels.
pub const VERTEX_FONT: f64 = 14.0;
/// Font size of legend entries.
pub const LEGEND_FONT: f64 = 12.0;
/// Height of one legend line.
pub const LEGEND_LINE: f64 = 20.0;
/// Degrees between neighbouring parallel edges where they leave a vertex.
const FAN: f64 = 18.0;
/// Shortest distance from a vertex to its edge's control points.
const MIN_REACH: f64 = 70.0;
/// Widest angle of a fan between rows, either side of the straight line.
const MAX_FAN: f64 = 60.0;
/// Widest angle of an arc within a row.
const MAX_ANGLE: f64 = 80.0;
/// How far loops at the outermost columns lean outwards, in degrees.
const LOOP_TILT: f64 = 40.0;
const MARGIN: f64 = 20.0;
const MIN_RADIUS: f64 = 20.0;
/// How far the first loop at a vertex reaches beyond its circle, and how
/// much further each next loop reaches.
const LOOP_REACH: f64 = 36.0;
const LOOP_STEP: f64 = 24.0;
/// Half the opening angle of the first loop, and its growth per loop.
const LOOP_SPREAD: f64 = 30.0;
const LOOP_SPREAD_STEP: f64 = 7.0;
const LEGEND_SAMPLE: f64 = 30.0;
const LEGEND_GAP: f64 = 24.0;

/// The two rows of the drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// `-` pictures.
    Top,
    /// `+` pictures.
    Bottom,
}

impl Row {
    fn of(picture: Picture) -> Row {
        match picture.sign() {
            Sign::Minus => Row::Top,
            Sign::Plus => Row::Bottom,
        }
    }

    /// The unit vector pointing away from the other row.
    fn outward(self) -> Point {
        match self {
            Row::Top => Point::new(0.0, -1.0),
            Row::Bottom => Point::new(0.0, 1.0),
        }
    }
}

/// A vertex: a picture drawn as a circle.
#[derive(Clone, Debug, PartialEq)]
pub struct Vertex {
    /// Its node in the recording graph.
    pub node: NodeIndex,
    /// The picture.
    pub picture: Picture,
    /// The label (`3+`, `star-`).
    pub label: String,
    /// The circle's centre.
    pub center: Point,
    /// Which row it is in.
    pub row: Row,
}

/// An edge: a spline of cubic Bezier pieces from the tail's circle to the
/// arrowhead's base (one piece, two for a loop), then the arrowhead up to
/// `tip` on the head's circle.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeCurve {
    /// Its edge in the recording graph.
    pub edge: EdgeIndex,
    /// The piece and corner it stands for.
    pub corner: Corner,
    /// Tail and head vertices.
    pub tail: NodeIndex,
    /// The head vertex.
    pub head: NodeIndex,
    /// The spline's `3n + 1` points, ending at the arrowhead's base.
    pub curve: Vec<Point>,
    /// The arrowhead's point, on the head's circle.
    pub tip: Point,
}

impl EdgeCurve {
    /// Whether the edge is a loop.
    pub fn is_loop(&self) -> bool {
        self.tail == self.head
    }
}

/// One line of the legend: a stroke sample in the piece's style and a text.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendEntry {
    /// The piece (color).
    pub piece: usize,
    /// The piece's label (`#1` or its name).
    pub label: String,
    /// Start and end of the stroke sample.
    pub sample: (Point, Point),
    /// `#1: 3+ 1+ 2+ 3-`: the piece label and its sides.
    pub text: String,
    /// Left end of the text, at the middle of its line.
    pub text_left: Point,
    /// Width reserved for the text.
    pub text_width: f64,
}

/// The whole geometry of a recording-graph picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Width of the drawing, margins included.
    pub width: f64,
    /// Height of the drawing, margins included (no title).
    pub height: f64,
    /// Radius of every vertex circle.
    pub radius: f64,
    /// Vertices in node-index order.
    pub vertices: Vec<Vertex>,
    /// Edges in edge-index order (piece by piece, corner by corner).
    pub edges: Vec<EdgeCurve>,
    /// One legend entry per piece, in piece order.
    pub legend: Vec<LegendEntry>,
}

impl Layout {
    /// Lays out the recording graph of `puzzle`.
    ///
    /// ```
    /// use scramble::{Puzzle, RecordingGraph, render::layout::Layout};
    /// let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
    /// let layout = Layout::new(&puzzle, &RecordingGraph::new(&puzzle));
    /// // 2- and 1- on top, 2+ and 1+ below, larger patterns to the left.
    /// let at = |label: &str| layout.vertices.iter().find(|v| v.label == label).unwrap().center;
    /// assert!(at("2-").x < at("1-").x && at("2-").y < at("2+").y);
    /// assert_eq!(at("2-").x, at("2+").x);
    /// ```
    pub fn new(puzzle: &Puzzle, graph: &RecordingGraph) -> Layout {
        let radius = vertex_radius(puzzle);
        let vertices = place_vertices(puzzle, graph);
        let centers: Vec<Point> = vertices.iter().map(|v| v.center).collect();
        let edges = edge_curves(graph, &vertices, radius);
        let content = edges.iter().fold(
            centers
                .iter()
                .fold(Bounds::at(centers[0]), |b, &c| b.with_disc(c, radius)),
            |b, e| b.with_curve(&e.curve).with(e.tip),
        );
        let mut layout = Layout {
            width: 0.0,
            height: 0.0,
            radius,
            vertices,
            edges,
            legend: vec![],
        };
        let legend_width = layout.place_legend(puzzle, content);
        let width = content.size().x.max(legend_width);
        let shift = Point::new(
            MARGIN - content.min.x + (width - content.size().x) / 2.0,
            MARGIN - content.min.y,
        );
        layout.shift(shift);
        layout.width = width + 2.0 * MARGIN;
        layout.height = layout
            .legend
            .last()
            .map_or(content.max.y + shift.y, |e| e.text_left.y + LEGEND_LINE / 2.0)
            + MARGIN;
        layout
    }

    /// Widens the drawing to at least `width`, keeping the content centred
    /// (room for a long title).
    pub fn widen(&mut self, width: f64) {
        if width > self.width {
            self.shift(Point::new((width - self.width) / 2.0, 0.0));
            self.width = width;
        }
    }

    /// The vertex of a node.
    pub fn vertex(&self, node: NodeIndex) -> &Vertex {
        &self.vertices[node.index()]
    }

    /// Puts the legend under `content` (before the final shift), in as many
    /// columns as fit its width; returns the legend's width.
    fn place_legend(&mut self, puzzle: &Puzzle, content: Bounds) -> f64 {
        let labels: Vec<String> = (0..puzzle.pieces().len()).map(|i| puzzle.piece_label(i)).collect();
        let texts: Vec<String> = labels
            .iter()
            .enumerate()
            .map(|(i, label)| format!("{label}: {}", puzzle.piece_text(i)))
            .collect();
        let text_space = texts.iter().map(|t| text_width(t, LEGEND_FONT)).fold(0.0, f64::max);
        let entry = LEGEND_SAMPLE + 8.0 + text_space + LEGEND_GAP;
        let columns = ((content.size().x + LEGEND_GAP) / entry).floor().max(1.0) as usize;
        let columns = columns.min(texts.len().max(1));
        let top = content.max.y + LEGEND_GAP;
        let left = content.min.x;
        self.legend = texts
            .into_iter()
            .zip(labels)
            .enumerate()
            .map(|(piece, (text, label))| {
                let x = left + (piece % columns) as f64 * entry;
                let y = top + (piece / columns) as f64 * LEGEND_LINE + LEGEND_LINE / 2.0;
                LegendEntry {
                    piece,
                    label,
                    sample: (Point::new(x, y), Point::new(x + LEGEND_SAMPLE, y)),
                    text,
                    text_left: Point::new(x + LEGEND_SAMPLE + 8.0, y),
                    text_width: text_space,
                }
            })
            .collect();
        columns as f64 * entry - LEGEND_GAP
    }

    fn shift(&mut self, by: Point) {
        for v in &mut self.vertices {
            v.center = v.center + by;
        }
        for e in &mut self.edges {
            e.curve.iter_mut().for_each(|p| *p = *p + by);
            e.tip = e.tip + by;
        }
        for l in &mut self.legend {
            l.sample = (l.sample.0 + by, l.sample.1 + by);
            l.text_left = l.text_left + by;
        }
    }
}

/// A radius that fits the longest picture label.
fn vertex_radius(puzzle: &Puzzle) -> f64 {
    puzzle
        .pictures()
        .map(|p| text_width(&puzzle.picture_label(p), VERTEX_FONT) / 2.0 + 6.0)
        .fold(MIN_RADIUS, f64::max)
}

/// One column per pattern, largest pattern on the left; `-` on top.
fn place_vertices(puzzle: &Puzzle, graph: &RecordingGraph) -> Vec<Vertex> {
    let mut columns = puzzle.patterns();
    columns.reverse();
    let g = graph.graph();
    g.node_indices()
        .map(|node| {
            let picture = g[node];
            let column = columns
                .iter()
                .position(|&p| p == picture.pattern())
                .expect("pattern of the puzzle");
            let row = Row::of(picture);
            let y = if row == Row::Top { 0.0 } else { ROW_GAP };
            Vertex {
                node,
                picture,
                label: puzzle.picture_label(picture),
                center: Point::new(column as f64 * COLUMN_GAP, y),
                row,
            }
        })
        .collect()
}

/// Curves for all edges, in edge-index order: edges are grouped by their
/// unordered pair of ends, and each group is bent apart.
fn edge_curves(graph: &RecordingGraph, vertices: &[Vertex], radius: f64) -> Vec<EdgeCurve> {
    let mut groups: BTreeMap<(NodeIndex, NodeIndex), Vec<EdgeIndex>> = BTreeMap::new();
    let g = graph.graph();
    for e in g.edge_indices() {
        let (a, b) = g.edge_endpoints(e).expect("edge of this graph");
        groups.entry((a.min(b), a.max(b))).or_default().push(e);
    }
    let mut curves: Vec<EdgeCurve> = groups
        .into_iter()
        .flat_map(|((a, b), edges)| {
            let (va, vb) = (&vertices[a.index()], &vertices[b.index()]);
            let shapes: Vec<(Vec<Point>, Point)> = if a == b {
                loop_shapes(va, edges.len(), loop_tilt(va, vertices), radius)
            } else {
                pair_controls(va, vb, edges.len(), radius)
                    .into_iter()
                    .map(|controls| (Vec::from(controls), Point::default()))
                    .collect()
            };
            edges.into_iter().zip(shapes).collect::<Vec<_>>()
        })
        .map(|(e, (points, tip))| {
            let (tail, head) = g.edge_endpoints(e).expect("edge of this graph");
            let corner = graph.corner(e);
            if tail == head {
                return EdgeCurve {
                    edge: e,
                    corner,
                    tail,
                    head,
                    curve: points,
                    tip,
                };
            }
            // Controls run from the group's first vertex; turn them for edges the other way.
            let [c1, c2] = if tail.index() <= head.index() {
                [points[0], points[1]]
            } else {
                [points[1], points[0]]
            };
            clip(e, corner, (tail, head), vertices, [c1, c2], radius)
        })
        .collect();
    curves.sort_by_key(|c| c.edge);
    curves
}

/// Control points (from `a` towards `b`) of `count` edges between two
/// different vertices. Each edge leaves and enters its vertices at its own
/// angle to the straight line, fanned `FAN` degrees apart, so curves and
/// arrowheads stay apart. Within a row the fan opens outwards from an angle
/// that clears the vertices between the ends; between rows it is symmetric
/// around the straight line.
fn pair_controls(a: &Vertex, b: &Vertex, count: usize, radius: f64) -> Vec<[Point; 2]> {
    let (p, q) = (a.center, b.center);
    let along = (q - p).unit();
    // Short edges reach further, so their fan still opens wide in the middle.
    let reach = ((q - p).length() / 3.0).max(MIN_REACH);
    let mut normal = along.normal();
    let angles: Vec<f64> = if a.row == b.row {
        if normal.y * a.row.outward().y < 0.0 {
            normal = normal * -1.0;
        }
        let span = ((q - p).length() / COLUMN_GAP).round().max(1.0);
        // Both controls sit reach * sin(angle) off the line, so the curve
        // passes 3t(1-t) times that from it; the closest vertex in between
        // is at t = 1/span.
        let base = if span > 1.0 {
            let t = 1.0 / span;
            ((radius + 16.0) / (3.0 * t * (1.0 - t) * reach))
                .min(1.0)
                .asin()
                .to_degrees()
        } else {
            0.0
        };
        let step = fan_step(count, MAX_ANGLE - base);
        (0..count).map(|j| base + j as f64 * step).collect()
    } else {
        let step = fan_step(count, 2.0 * MAX_FAN);
        let middle = (count as f64 - 1.0) / 2.0;
        (0..count).map(|j| (j as f64 - middle) * step).collect()
    };
    angles
        .into_iter()
        .map(|angle| {
            let (sin, cos) = angle.to_radians().sin_cos();
            let side = normal * (sin * reach);
            [p + along * (cos * reach) + side, q - along * (cos * reach) + side]
        })
        .collect()
}

/// Degrees between neighbouring edges of a fan of `count` within `width`.
fn fan_step(count: usize, width: f64) -> f64 {
    if count > 1 {
        FAN.min(width / (count - 1) as f64)
    } else {
        0.0
    }
}

/// Splines and tips of `count` loops at one vertex: nested teardrops
/// pointing away from the other row, tilted by `tilt` degrees towards the
/// nearer side of the drawing (away from the arcs within the row), each
/// reaching further and opening wider. A loop is two cubic pieces: out from
/// the circle along a ray, round over the apex, and back in along another
/// ray; all its control points stay close to the curve.
fn loop_shapes(v: &Vertex, count: usize, tilt: f64, radius: f64) -> Vec<(Vec<Point>, Point)> {
    let out = Point::new(tilt.to_radians().sin(), v.row.outward().y * tilt.to_radians().cos());
    let left = out.rotated(-90.0);
    (0..count)
        .map(|k| {
            let reach = radius + LOOP_REACH + k as f64 * LOOP_STEP;
            let spread = LOOP_SPREAD + k as f64 * LOOP_SPREAD_STEP;
            let (leave, enter) = (out.rotated(-spread), out.rotated(spread));
            let apex = v.center + out * reach;
            let half_width = reach * spread.to_radians().tan() * 0.75;
            let shoulder = radius + 0.5 * (reach - radius);
            let points = vec![
                v.center + leave * radius,
                v.center + leave * shoulder,
                apex + left * half_width,
                apex,
                apex - left * half_width,
                v.center + enter * shoulder,
                v.center + enter * (radius + ARROW_LENGTH),
            ];
            (points, v.center + enter * radius)
        })
        .collect()
}

/// How far (degrees, positive to the right) a vertex's loops lean: the
/// outermost columns lean most, the middle not at all.
fn loop_tilt(v: &Vertex, vertices: &[Vertex]) -> f64 {
    let (low, high) = vertices.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), w| {
        (l.min(w.center.x), h.max(w.center.x))
    });
    if high <= low {
        return 0.0;
    }
    let relative = (v.center.x - (low + high) / 2.0) / ((high - low) / 2.0);
    LOOP_TILT * relative
}

/// The drawn edge: the curve starts on the tail's circle, heading to the
/// first control point, and stops an arrow's length before the head's circle.
fn clip(
    edge: EdgeIndex,
    corner: Corner,
    (tail, head): (NodeIndex, NodeIndex),
    vertices: &[Vertex],
    [c1, c2]: [Point; 2],
    radius: f64,
) -> EdgeCurve {
    let (t, h) = (vertices[tail.index()].center, vertices[head.index()].center);
    let start = t + (c1 - t).unit() * radius;
    let inward = (c2 - h).unit();
    EdgeCurve {
        edge,
        corner,
        tail,
        head,
        curve: vec![start, c1, c2, h + inward * (radius + ARROW_LENGTH)],
        tip: h + inward * radius,
    }
}

/// The point of an edge's curve farthest from `center` (sampled), for tests
/// and checks of loop visibility.
pub fn farthest_from(curve: &[Point], center: Point) -> Point {
    spline_points(curve, 64)
        .max_by(|a, b| (*a - center).length().total_cmp(&(*b - center).length()))
        .expect("samples")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(text: &str) -> (Puzzle, Layout) {
        let puzzle: Puzzle = text.parse().unwrap();
        let layout = Layout::new(&puzzle, &RecordingGraph::new(&puzzle));
        (puzzle, layout)
    }

    const PAPER: &str = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+";
    /// Loops (`1+ 1+`, three at 2-), parallel edges, and a same-row arc.
    const LOOPY: &str = "2- 2- 2+ 1+\n2- 1+ 1+ 2-\n2- 1+ 1+ 1-\n2- 1- 2+ 1+\n1+ 3+ 2- 2-\n1+ 1+ 1+ 3-\n2- 1- 2+ 1+\n2- 1- 2+ 1+\n3- 1- 3+ 1+";

    #[test]
    fn minus_on_top_plus_below_in_decreasing_pattern_order() {
        let (_, l) = layout(PAPER);
        for row in [Row::Top, Row::Bottom] {
            let mut in_row: Vec<&Vertex> = l.vertices.iter().filter(|v| v.row == row).collect();
            let y = in_row[0].center.y;
            assert!(in_row.iter().all(|v| v.center.y == y));
            in_row.sort_by(|a, b| a.center.x.total_cmp(&b.center.x));
            let patterns: Vec<u32> = in_row.iter().map(|v| v.picture.pattern().number()).collect();
            assert_eq!(patterns, vec![4, 3, 2, 1], "{row:?}");
            let sign = if row == Row::Top { Sign::Minus } else { Sign::Plus };
            assert!(in_row.iter().all(|v| v.picture.sign() == sign));
        }
        let top = l.vertices.iter().find(|v| v.row == Row::Top).unwrap().center.y;
        let bottom = l.vertices.iter().find(|v| v.row == Row::Bottom).unwrap().center.y;
        assert!(top < bottom);
    }

    #[test]
    fn everything_lies_inside_the_drawing() {
        for text in [PAPER, LOOPY] {
            let (_, l) = layout(text);
            let inside = |p: Point| p.x >= 0.0 && p.y >= 0.0 && p.x <= l.width && p.y <= l.height;
            assert!(
                l.edges
                    .iter()
                    .all(|e| e.curve.iter().all(|&p| inside(p)) && inside(e.tip))
            );
            assert!(l.legend.iter().all(|e| inside(e.sample.0) && inside(e.text_left)));
            assert!(l.legend.iter().all(|e| e.text_left.x + e.text_width <= l.width));
        }
    }

    #[test]
    fn arrows_end_on_the_head_circle_and_curves_start_on_the_tail_circle() {
        let (_, l) = layout(LOOPY);
        for e in &l.edges {
            let head = l.vertex(e.head).center;
            let tail = l.vertex(e.tail).center;
            assert!(((e.tip - head).length() - l.radius).abs() < 1e-9);
            assert!(((e.curve[0] - tail).length() - l.radius).abs() < 1e-9);
            assert!(((*e.curve.last().unwrap() - e.tip).length() - ARROW_LENGTH).abs() < 1e-9);
        }
    }

    #[test]
    fn parallel_edges_get_distinct_curves() {
        let (_, l) = layout(LOOPY);
        let mut checked = 0;
        for (i, a) in l.edges.iter().enumerate() {
            for b in &l.edges[i + 1..] {
                let same_pair = (a.tail, a.head) == (b.tail, b.head) || (a.tail, a.head) == (b.head, b.tail);
                if same_pair {
                    let middle = |e: &EdgeCurve| spline_points(&e.curve, 2).nth(1).unwrap();
                    let apart = (middle(a) - middle(b)).length();
                    assert!(apart >= 10.0, "{:?} and {:?} only {apart} apart", a.edge, b.edge);
                    checked += 1;
                }
            }
        }
        assert!(checked > 10, "the fixture has many parallel pairs, found {checked}");
    }

    #[test]
    fn loops_are_visible_teardrops_on_the_outer_side() {
        let (_, l) = layout(LOOPY);
        let loops: Vec<&EdgeCurve> = l.edges.iter().filter(|e| e.is_loop()).collect();
        assert_eq!(loops.len(), 7, "three loops at 2-, four at 1+");
        for e in &loops {
            let v = l.vertex(e.tail);
            let far = farthest_from(&e.curve, v.center);
            assert!(
                (far - v.center).length() >= l.radius + 20.0,
                "loop {:?} too small",
                e.edge
            );
            let outward = (far.y - v.center.y) * v.row.outward().y;
            assert!(outward > 0.0, "loop {:?} on the wrong side", e.edge);
        }
        // Several loops at one vertex are drawn apart.
        for (i, a) in loops.iter().enumerate() {
            for b in loops[i + 1..].iter().filter(|b| b.tail == a.tail) {
                let center = l.vertex(a.tail).center;
                let reach = |e: &EdgeCurve| (farthest_from(&e.curve, center) - center).length();
                assert!((reach(a) - reach(b)).abs() >= 15.0);
            }
        }
    }

    #[test]
    fn arcs_within_a_row_clear_the_vertices_between() {
        let (_, l) = layout(LOOPY);
        let arcs = l.edges.iter().filter(|e| {
            let (t, h) = (l.vertex(e.tail), l.vertex(e.head));
            t.row == h.row && (t.center.x - h.center.x).abs() > COLUMN_GAP * 1.5
        });
        let mut count = 0;
        for e in arcs {
            count += 1;
            for v in &l.vertices {
                let closest = spline_points(&e.curve, 64)
                    .map(|p| (p - v.center).length())
                    .fold(f64::INFINITY, f64::min);
                let is_end = v.node == e.tail || v.node == e.head;
                assert!(
                    is_end || closest > l.radius + 5.0,
                    "{:?} runs through {}",
                    e.edge,
                    v.label
                );
            }
        }
        assert!(count > 0, "the fixture has an arc over a vertex");
    }

    #[test]
    fn legend_lists_every_piece_with_its_sides() {
        let (puzzle, l) = layout(PAPER);
        assert_eq!(l.legend.len(), 4);
        assert_eq!(l.legend[0].text, format!("#1: {}", puzzle.piece_text(0)));
        let bottom = l.vertices.iter().map(|v| v.center.y).fold(0.0, f64::max);
        assert!(l.legend.iter().all(|e| e.sample.0.y > bottom + l.radius));
    }
}
