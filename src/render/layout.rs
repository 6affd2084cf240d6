//! Where everything of a recording-graph picture goes, computed once.
//!
//! The paper's drawing (Section 2.1, Figure 4): a top row of `-` pictures and
//! a bottom row of `+` pictures, each in decreasing pattern order, so `X-`
//! stands right above `X+`. Every edge is one cubic Bezier curve from the
//! tail's circle to the head's circle, with its arrowhead on the curve at
//! `ARROW_AT` of its length, where parallel edges are apart (not piled up at
//! the head); parallel edges are bent apart by different amounts, edges
//! within a row arc away from the other row (clear of the vertices between
//! their ends), and loops are teardrops above a top vertex or below a bottom
//! one, nested when a vertex has several, their arrowheads at the apex.
//! Both renderers (DOT with `pos` for Graphviz, and the embedded SVG) draw
//! exactly this geometry. Building a layout is `O(V + E log E)`.

use std::collections::BTreeMap;

use petgraph::graph::{EdgeIndex, NodeIndex};

use super::geometry::{
    Bounds, Point, spline_after, spline_at_length, spline_before, spline_length, spline_point, text_width,
};
use crate::recording::Corner;
use crate::{Picture, Puzzle, RecordingGraph, Sign};

/// Horizontal distance between the columns of two patterns.
pub(crate) const COLUMN_GAP: f64 = 130.0;
/// Vertical distance between the two rows.
pub(crate) const ROW_GAP: f64 = 240.0;
/// Length of an arrowhead, as Graphviz draws it with `arrowsize=1`.
pub(crate) const ARROW_LENGTH: f64 = 10.0;
/// Where the middle of an arrowhead sits along its edge, as a share of the
/// edge's length from the tail (a loop's apex is at one half).
pub(crate) const ARROW_AT: f64 = 0.6;
/// Font size of the title.
pub(crate) const TITLE_FONT: f64 = 18.0;
/// Distance between the baselines of two title lines.
pub(crate) const TITLE_LINE: f64 = 24.0;
/// Font size of vertex labels.
pub(crate) const VERTEX_FONT: f64 = 14.0;
/// Font size of legend entries.
pub(crate) const LEGEND_FONT: f64 = 12.0;
/// Height of one legend line.
pub(crate) const LEGEND_LINE: f64 = 20.0;
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
    /// `+` pictures, and self-matching `=` pictures (their own complement:
    /// no partner above them).
    Bottom,
}

impl Row {
    fn of(picture: Picture) -> Row {
        match picture.sign() {
            Sign::Minus => Row::Top,
            Sign::Plus | Sign::Same => Row::Bottom,
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

/// An edge: a spline of cubic Bezier pieces (one, two for a loop) from the
/// tail's circle to the head's circle, cut by its arrowhead: `curve` runs up
/// to the arrowhead's base, the arrowhead from there to `tip`, and `rest`
/// from `tip` on to the head's circle.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct EdgeCurve {
    /// Its edge in the recording graph.
    pub edge: EdgeIndex,
    /// The piece and corner it stands for.
    pub corner: Corner,
    /// Tail and head vertices.
    pub tail: NodeIndex,
    /// The head vertex.
    pub head: NodeIndex,
    /// The `3n + 1` points of the spline up to the arrowhead's base.
    pub curve: Vec<Point>,
    /// The arrowhead's point, on the edge.
    pub tip: Point,
    /// The `3n + 1` points of the spline from `tip` to the head's circle.
    pub rest: Vec<Point>,
    /// The `3n + 1` points of the whole spline, tail circle to head circle,
    /// uncut: what the DOT export gives as the edge's `pos`.
    pub whole: Vec<Point>,
}

impl EdgeCurve {
    /// Whether the edge is a loop.
    #[cfg(test)]
    fn is_loop(&self) -> bool {
        self.tail == self.head
    }

    /// An edge along the whole `spline` (tail circle to head circle), cut
    /// for an arrowhead of length [`ARROW_LENGTH`] centred at `at` of its
    /// length.
    fn cut(edge: EdgeIndex, corner: Corner, (tail, head): (NodeIndex, NodeIndex), spline: &[Point], at: f64) -> Self {
        let middle = spline_length(spline) * at;
        let base = spline_at_length(spline, middle - ARROW_LENGTH / 2.0);
        let mut tip = spline_at_length(spline, middle + ARROW_LENGTH / 2.0);
        // The chord, not the arc, is the arrow's length: walk on until it is.
        let base_point = spline_point(spline, base);
        let mut extra = 0.0;
        while (spline_point(spline, tip) - base_point).length() < ARROW_LENGTH - 0.01 && extra < ARROW_LENGTH {
            extra += 0.05;
            tip = spline_at_length(spline, middle + ARROW_LENGTH / 2.0 + extra);
        }
        EdgeCurve {
            edge,
            corner,
            tail,
            head,
            curve: spline_before(spline, base),
            tip: spline_point(spline, tip),
            rest: spline_after(spline, tip),
            whole: spline.to_vec(),
        }
    }

    /// Every point of the edge: its curve, its tip and the rest.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        self.curve.iter().chain(&self.rest).copied()
    }
}

/// One line of the legend: a stroke sample in the piece's style and a text.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LegendEntry {
    /// The piece (color).
    pub piece: usize,
    /// The piece's label (`#1` or its name).
    pub label: String,
    /// The piece's name, when the file gives one.
    pub name: Option<String>,
    /// Start and end of the stroke sample.
    pub sample: (Point, Point),
    /// `#1: 3+ 1+ 2+ 3-`: the piece label and its sides.
    pub text: String,
    /// Left end of the text, at the middle of its line.
    pub text_left: Point,
    /// Width reserved for the text.
    pub text_width: f64,
}

/// One line of the title, centred on `center`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TitleLine {
    /// The text.
    pub text: String,
    /// The middle of the line.
    pub center: Point,
}

/// The whole geometry of a recording-graph picture.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Layout {
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
    /// The title's lines, top to bottom (none until [`Layout::with_title`]).
    pub title: Vec<TitleLine>,
}

impl Layout {
    /// Lays out the recording graph of `puzzle`.
    pub fn new(puzzle: &Puzzle, graph: &RecordingGraph) -> Layout {
        let radius = vertex_radius(puzzle);
        let vertices = place_vertices(puzzle, graph);
        let centers: Vec<Point> = vertices.iter().map(|v| v.center).collect();
        let edges = edge_curves(graph, &vertices, radius);
        let content = edges.iter().fold(
            centers
                .iter()
                .fold(Bounds::at(centers[0]), |b, &c| b.with_disc(c, radius)),
            |b, e| b.with_curve(&e.curve).with_curve(&e.rest),
        );
        let mut layout = Layout {
            width: 0.0,
            height: 0.0,
            radius,
            vertices,
            edges,
            legend: vec![],
            title: vec![],
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

    /// The layout with `title` above the drawing, wrapped to the drawing's
    /// width (at `; ` first, then at spaces) with [`TITLE_LINE`] between
    /// lines; the drawing widens only for a word wider than itself.
    pub fn with_title(mut self, title: &str) -> Layout {
        let lines = wrap_title(title, self.width - TITLE_MARGIN);
        let widest = lines.iter().map(|l| text_width(l, TITLE_FONT)).fold(0.0, f64::max);
        self.widen(widest + TITLE_MARGIN);
        let band = TITLE_TOP + lines.len() as f64 * TITLE_LINE;
        self.shift(Point::new(0.0, band));
        self.height += band;
        let middle = self.width / 2.0;
        self.title = lines
            .into_iter()
            .enumerate()
            .map(|(i, text)| TitleLine {
                text,
                center: Point::new(middle, TITLE_TOP + (i as f64 + 0.5) * TITLE_LINE),
            })
            .collect();
        self
    }

    /// The layout without its legend, the drawing cut just below the graph
    /// (a panel of the small multiples, whose labels say what the legend would).
    pub(crate) fn without_legend(mut self) -> Layout {
        let radius = self.radius;
        let bottom = self
            .edges
            .iter()
            .flat_map(|e| e.points())
            .chain(self.vertices.iter().map(|v| v.center + Point::new(0.0, radius)))
            .map(|p| p.y)
            .fold(0.0, f64::max);
        self.legend.clear();
        self.height = bottom + MARGIN;
        self
    }

    /// Widens the drawing to at least `width`, keeping the content centred
    /// (room for a long title).
    pub(crate) fn widen(&mut self, width: f64) {
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
                    name: puzzle.piece_name(piece).map(str::to_string),
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
            e.curve
                .iter_mut()
                .chain(&mut e.rest)
                .chain(&mut e.whole)
                .for_each(|p| *p = *p + by);
            e.tip = e.tip + by;
        }
        for l in &mut self.legend {
            l.sample = (l.sample.0 + by, l.sample.1 + by);
            l.text_left = l.text_left + by;
        }
        for t in &mut self.title {
            t.center = t.center + by;
        }
    }
}

/// Room left and right of the title.
const TITLE_MARGIN: f64 = 40.0;
/// Room above the title.
const TITLE_TOP: f64 = 10.0;

/// Breaks a title into lines no wider than `width`: explicit newlines are
/// kept, then each line is filled greedily with its `; `-separated parts; a
/// part still too wide breaks before its parenthesized groups when each group
/// fits (so `(4 pieces)` stays whole), else word by word.
pub(crate) fn wrap_title(title: &str, width: f64) -> Vec<String> {
    let fits = |text: &str| text_width(text, TITLE_FONT) <= width;
    let fill = |pieces: Vec<String>, separator: &str| {
        let mut lines: Vec<String> = vec![];
        for piece in pieces {
            match lines.last_mut() {
                Some(last) if fits(&format!("{last}{separator}{piece}")) => {
                    last.push_str(separator);
                    last.push_str(&piece);
                }
                _ => lines.push(piece),
            }
        }
        lines
    };
    let owned = |pieces: std::str::Split<'_, &str>| pieces.map(str::to_string).collect::<Vec<_>>();
    title
        .lines()
        .flat_map(|line| fill(owned(line.split("; ")), "; "))
        .flat_map(|line| {
            let groups = parenthesized_groups(&line);
            if fits(&line) {
                vec![line]
            } else if groups.len() > 1 && groups.iter().all(|g| fits(g)) {
                fill(groups, " ")
            } else {
                fill(owned(line.split(" ")), " ")
            }
        })
        .collect()
}

/// `line` split at every space that comes before a `(`, the `(` kept.
fn parenthesized_groups(line: &str) -> Vec<String> {
    let mut groups: Vec<String> = line.split(" (").map(|g| format!("({g}")).collect();
    if let Some(first) = groups.first_mut() {
        first.remove(0);
    }
    groups
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
            let shapes: Vec<Vec<Point>> = if a == b {
                loop_shapes(va, edges.len(), loop_tilt(va, vertices), radius)
            } else {
                pair_controls(va, vb, edges.len(), radius)
                    .into_iter()
                    .map(Vec::from)
                    .collect()
            };
            edges.into_iter().zip(shapes).collect::<Vec<_>>()
        })
        .map(|(e, points)| {
            let (tail, head) = g.edge_endpoints(e).expect("edge of this graph");
            let corner = graph.corner(e);
            if tail == head {
                return EdgeCurve::cut(e, corner, (tail, head), &points, 0.5);
            }
            // Controls run from the group's first vertex; turn them for edges the other way.
            let [c1, c2] = if tail.index() <= head.index() {
                [points[0], points[1]]
            } else {
                [points[1], points[0]]
            };
            let (t, h) = (vertices[tail.index()].center, vertices[head.index()].center);
            let spline = [t + (c1 - t).unit() * radius, c1, c2, h + (c2 - h).unit() * radius];
            EdgeCurve::cut(e, corner, (tail, head), &spline, ARROW_AT)
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
fn loop_shapes(v: &Vertex, count: usize, tilt: f64, radius: f64) -> Vec<Vec<Point>> {
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
            vec![
                v.center + leave * radius,
                v.center + leave * shoulder,
                apex + left * half_width,
                apex,
                apex - left * half_width,
                v.center + enter * shoulder,
                v.center + enter * radius,
            ]
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_new_holds() {
        use crate::{Puzzle, RecordingGraph, render::layout::Layout};
        let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
        let layout = Layout::new(&puzzle, &RecordingGraph::new(&puzzle));
        // 2- and 1- on top, 2+ and 1+ below, larger patterns to the left.
        let at = |label: &str| layout.vertices.iter().find(|v| v.label == label).unwrap().center;
        assert!(at("2-").x < at("1-").x && at("2-").y < at("2+").y);
        assert_eq!(at("2-").x, at("2+").x);
    }

    #[test]
    fn the_example_of_with_title_holds() {
        use crate::{Puzzle, RecordingGraph, render::layout::Layout};
        let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
        let plain = Layout::new(&puzzle, &RecordingGraph::new(&puzzle));
        let long = "a title much longer than the drawing is wide; with a second part; and a third";
        let titled = plain.clone().with_title(long);
        assert!(titled.title.len() > 1);
        assert_eq!(titled.width, plain.width);
    }

    use super::*;
    use crate::render::geometry::spline_points;

    /// The point of an edge's curve farthest from `center` (sampled), for tests
    /// of loop visibility.
    fn farthest_from(curve: &[Point], center: Point) -> Point {
        spline_points(curve, 64)
            .max_by(|a, b| (*a - center).length().total_cmp(&(*b - center).length()))
            .expect("samples")
    }

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
            assert!(l.edges.iter().all(|e| e.points().all(inside) && inside(e.tip)));
            assert!(l.legend.iter().all(|e| inside(e.sample.0) && inside(e.text_left)));
            assert!(l.legend.iter().all(|e| e.text_left.x + e.text_width <= l.width));
        }
    }

    #[test]
    fn edges_run_from_circle_to_circle_with_the_arrowhead_on_the_way() {
        let (_, l) = layout(LOOPY);
        for e in &l.edges {
            let head = l.vertex(e.head).center;
            let tail = l.vertex(e.tail).center;
            assert!(((*e.rest.last().unwrap() - head).length() - l.radius).abs() < 1e-9);
            assert!(((e.curve[0] - tail).length() - l.radius).abs() < 1e-9);
            assert!((e.rest[0] - e.tip).length() < 1e-9);
            // The uncut spline has the same ends, after every shift.
            assert!((e.whole[0] - e.curve[0]).length() < 1e-9);
            assert!((*e.whole.last().unwrap() - *e.rest.last().unwrap()).length() < 1e-9);
            let arrow = (*e.curve.last().unwrap() - e.tip).length();
            assert!((arrow - ARROW_LENGTH).abs() < 0.05, "{:?}: arrow {arrow}", e.edge);
            // The arrowhead is well away from both circles.
            for center in [head, tail] {
                assert!((e.tip - center).length() > l.radius + ARROW_LENGTH, "{:?}", e.edge);
            }
        }
    }

    #[test]
    fn arrowheads_of_parallel_edges_are_apart() {
        for text in [PAPER, LOOPY] {
            let (_, l) = layout(text);
            let mut checked = 0;
            for (i, a) in l.edges.iter().enumerate() {
                for b in l.edges[i + 1..].iter().filter(|b| same_ends(a, b)) {
                    let apart = (a.tip - b.tip).length();
                    assert!(apart >= 9.0, "{:?} and {:?}: tips {apart} apart", a.edge, b.edge);
                    checked += 1;
                }
            }
            assert!(checked >= 6, "the fixture has many parallel pairs, found {checked}");
        }
    }

    fn same_ends(a: &EdgeCurve, b: &EdgeCurve) -> bool {
        (a.tail, a.head) == (b.tail, b.head) || (a.tail, a.head) == (b.head, b.tail)
    }

    #[test]
    fn parallel_edges_get_distinct_curves() {
        let (_, l) = layout(LOOPY);
        let mut checked = 0;
        for (i, a) in l.edges.iter().enumerate() {
            for b in &l.edges[i + 1..] {
                if same_ends(a, b) {
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
                    .chain(spline_points(&e.rest, 64))
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
    fn long_titles_wrap_at_their_semicolons_then_at_spaces() {
        let width = text_width("aaaa; bbbb", TITLE_FONT) + 1.0;
        assert_eq!(wrap_title("aaaa; bbbb; cccc", width), ["aaaa; bbbb", "cccc"]);
        assert_eq!(wrap_title("short", width), ["short"]);
        assert_eq!(wrap_title("one\ntwo; three", 1000.0), ["one", "two; three"]);
        assert_eq!(wrap_title("aa bb cc dd ee ff", width), ["aa bb cc", "dd ee ff"]);
        let width = text_width("Graph of paper2x2 (4", TITLE_FONT) + 1.0;
        assert_eq!(
            wrap_title("Graph of paper2x2 (4 pieces)", width),
            ["Graph of paper2x2", "(4 pieces)"]
        );
        assert_eq!(
            wrap_title("aaaaaaaa bbbbbbbb (cc) dd", 10.0),
            ["aaaaaaaa", "bbbbbbbb", "(cc)", "dd"]
        );
    }

    #[test]
    fn a_long_title_wraps_instead_of_widening_the_drawing() {
        let (_, plain) = layout(PAPER);
        let title =
            "subgraph [1] alone: fails (4) pseudo-connected; components {3+ 3-} and {1- 4+}; with a long witness";
        let titled = plain.clone().with_title(title);
        assert_eq!(titled.width, plain.width);
        assert!(titled.title.len() >= 2);
        let gaps: Vec<f64> = titled.title.windows(2).map(|w| w[1].center.y - w[0].center.y).collect();
        assert!(gaps.iter().all(|&g| g == TITLE_LINE), "{gaps:?}");
        assert!(
            titled
                .title
                .iter()
                .all(|t| text_width(&t.text, TITLE_FONT) <= titled.width)
        );
        let band = titled.height - plain.height;
        assert_eq!(band, TITLE_TOP + titled.title.len() as f64 * TITLE_LINE);
        assert_eq!(titled.vertices[0].center.y, plain.vertices[0].center.y + band);
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
