//! The recording graph G(P) as data for graph tools: node-link JSON (as
//! networkx's `node_link_graph` reads it) and GraphML (networkx, Gephi,
//! yEd), both written from one [`NodeLink`] ([`NodeLink::json`],
//! [`NodeLink::graphml`]). The DOT form is [`super::Drawing::dot`].
//!
//! Both give one node per picture (`id` is its label, as in DOT, with its
//! `pattern` and `sign`) and one edge per edge of G(P), in edge order
//! (piece by piece, corner by corner), each with its number `id` (the edge
//! order, `4 * (piece - 1) + corner`; GraphML's edge `e{id}`), `piece` (from 1),
//! `corner` (0 to 3: from side `corner` to the next side clockwise) and
//! `color` (the piece's color in the pictures). Writing either is linear in
//! the size of the graph.

use serde::Serialize;

use super::style::piece_color;
use crate::{Puzzle, RecordingGraph};

/// A node of the export.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NodeData {
    /// The picture's label, `3+` or `star-`: the node's name.
    pub id: String,
    /// The pattern's label, `3` or `star`.
    pub pattern: String,
    /// `+` or `-`.
    pub sign: char,
}

/// An edge of the export.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EdgeData {
    /// The edge's number in edge order, `4 * (piece - 1) + corner`: its
    /// place in [`NodeLink::edges`] and GraphML's edge id `e{id}`.
    pub id: usize,
    /// The tail picture's label.
    pub source: String,
    /// The head picture's label.
    pub target: String,
    /// Which of the parallel edges from `source` to `target` this is, from
    /// 0 (networkx's multigraph key).
    pub key: usize,
    /// The piece, numbered from 1.
    pub piece: usize,
    /// The corner, 0 to 3.
    pub corner: usize,
    /// The piece's color, `#RRGGBB`.
    pub color: &'static str,
    /// The piece's name, when the file gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// G(P) as node-link data; serialised it is what
/// `networkx.node_link_graph(data)` reads into a `MultiDiGraph`.
#[derive(Clone, Debug, Serialize)]
pub struct NodeLink {
    /// The export's format version, [`crate::JSON_SCHEMA`].
    pub schema: u32,
    /// Always `true`.
    pub directed: bool,
    /// Always `true`: G(P) has parallel edges.
    pub multigraph: bool,
    /// The puzzle's name: the graph's one attribute, serialised as
    /// networkx reads graph attributes, `"graph": {"puzzle": NAME}`.
    #[serde(rename = "graph", serialize_with = "graph_attributes")]
    pub puzzle: String,
    /// The pictures.
    pub nodes: Vec<NodeData>,
    /// The edges, in edge order.
    pub edges: Vec<EdgeData>,
}

/// The attributes of the graph as a whole, as node-link data holds them.
fn graph_attributes<S: serde::Serializer>(puzzle: &str, serializer: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Attributes<'a> {
        puzzle: &'a str,
    }
    Attributes { puzzle }.serialize(serializer)
}

impl NodeLink {
    /// G(P) of `puzzle` as node-link data.
    ///
    /// ```
    /// use scramble::{NodeLink, Puzzle, RecordingGraph};
    /// let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
    /// let data = NodeLink::new(&puzzle, &RecordingGraph::new(&puzzle));
    /// assert_eq!((data.nodes.len(), data.edges.len()), (4, 16));
    /// assert_eq!((data.edges[0].source.as_str(), data.edges[0].target.as_str()), ("1+", "2+"));
    /// ```
    pub fn new(puzzle: &Puzzle, graph: &RecordingGraph) -> NodeLink {
        let nodes = graph
            .graph()
            .node_weights()
            .map(|&picture| NodeData {
                id: puzzle.picture_label(picture),
                pattern: puzzle.pattern_label(picture.pattern()),
                sign: picture.sign().symbol(),
            })
            .collect();
        let mut seen = std::collections::BTreeMap::new();
        let edges = graph
            .edges()
            .map(|(id, tail, head, corner)| {
                let key = seen.entry((tail, head)).or_insert(0);
                *key += 1;
                EdgeData {
                    id: id.index(),
                    source: puzzle.picture_label(tail),
                    target: puzzle.picture_label(head),
                    key: *key - 1,
                    piece: corner.piece + 1,
                    corner: corner.corner,
                    color: piece_color(corner.piece),
                    name: puzzle.piece_name(corner.piece).map(str::to_string),
                }
            })
            .collect();
        NodeLink {
            schema: crate::JSON_SCHEMA,
            directed: true,
            multigraph: true,
            puzzle: puzzle.name().to_string(),
            nodes,
            edges,
        }
    }

    /// The data as node-link JSON, pretty-printed, ending in a newline.
    pub fn json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("plain data serialises");
        text.push('\n');
        text
    }

    /// The data as GraphML: a directed graph whose nodes carry `pattern`
    /// and `sign` and whose edges carry `piece`, `corner`, `color` and the
    /// piece's `name` (when it has one), all declared with their types.
    ///
    /// ```
    /// use scramble::{NodeLink, Puzzle, RecordingGraph};
    /// let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
    /// let xml = NodeLink::new(&puzzle, &RecordingGraph::new(&puzzle)).graphml();
    /// assert_eq!(xml.matches("<edge ").count(), 16);
    /// ```
    pub fn graphml(&self) -> String {
        let mut xml = String::from(concat!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
            "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n",
            "  <key id=\"pattern\" for=\"node\" attr.name=\"pattern\" attr.type=\"string\"/>\n",
            "  <key id=\"sign\" for=\"node\" attr.name=\"sign\" attr.type=\"string\"/>\n",
            "  <key id=\"piece\" for=\"edge\" attr.name=\"piece\" attr.type=\"int\"/>\n",
            "  <key id=\"corner\" for=\"edge\" attr.name=\"corner\" attr.type=\"int\"/>\n",
            "  <key id=\"color\" for=\"edge\" attr.name=\"color\" attr.type=\"string\"/>\n",
            "  <key id=\"name\" for=\"edge\" attr.name=\"name\" attr.type=\"string\"/>\n",
        ));
        xml += &format!("  <graph id=\"{}\" edgedefault=\"directed\">\n", escape(&self.puzzle));
        for node in &self.nodes {
            xml += &format!(
                "    <node id=\"{}\"><data key=\"pattern\">{}</data><data key=\"sign\">{}</data></node>\n",
                escape(&node.id),
                escape(&node.pattern),
                node.sign
            );
        }
        for edge in &self.edges {
            xml += &format!(
                "    <edge id=\"e{}\" source=\"{}\" target=\"{}\"><data key=\"piece\">{}</data><data key=\"corner\">{}</data><data key=\"color\">{}</data>{}</edge>\n",
                edge.id,
                escape(&edge.source),
                escape(&edge.target),
                edge.piece,
                edge.corner,
                edge.color,
                edge.name
                    .as_ref()
                    .map(|n| format!("<data key=\"name\">{}</data>", escape(n)))
                    .unwrap_or_default()
            );
        }
        xml += "  </graph>\n</graphml>\n";
        xml
    }
}

/// Text as XML or HTML character data or a double-quoted attribute value.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Checks that `edges`, read back from an export as `(tail, head, piece
/// from 1, corner)`, are G(P) of `puzzle`: four edges per piece, one per
/// corner, each from side `corner` to the next side, so that every
/// picture's in- and out-degree is the number of times it occurs. Computed
/// from the pieces, not from [`RecordingGraph`].
#[cfg(test)]
pub(crate) fn assert_recording_graph(puzzle: &Puzzle, edges: &[(String, String, usize, usize)]) {
    use std::collections::BTreeMap;
    let pieces = puzzle.pieces();
    assert_eq!(edges.len(), 4 * pieces.len(), "four edges per piece");
    let mut expected: Vec<(String, String, usize, usize)> = vec![];
    let (mut outs, mut ins) = (BTreeMap::new(), BTreeMap::new());
    for (p, piece) in pieces.iter().enumerate() {
        for corner in 0..4 {
            let (tail, head) = (piece.side(corner), piece.side((corner + 1) % 4));
            let (tail, head) = (puzzle.picture_label(tail), puzzle.picture_label(head));
            *outs.entry(tail.clone()).or_insert(0) += 1;
            *ins.entry(head.clone()).or_insert(0) += 1;
            expected.push((tail, head, p + 1, corner));
        }
    }
    let mut got = edges.to_vec();
    got.sort();
    expected.sort();
    assert_eq!(got, expected);
    let (mut read_outs, mut read_ins) = (BTreeMap::new(), BTreeMap::new());
    for (tail, head, _, _) in edges {
        *read_outs.entry(tail.clone()).or_insert(0) += 1;
        *read_ins.entry(head.clone()).or_insert(0) += 1;
    }
    assert_eq!((read_outs, read_ins), (outs, ins), "out- and in-degrees");
}

/// Three fixtures and 20 planted puzzles of 2x2 to 4x4 over 2 to 4
/// patterns: the puzzles the exports are read back on.
#[cfg(test)]
pub(crate) fn sample_puzzles() -> Vec<Puzzle> {
    let mut puzzles: Vec<Puzzle> = [
        include_str!("../../fixtures/paper2x2.txt"),
        include_str!("../../fixtures/cards3x3.txt"),
        include_str!("../../fixtures/named2x2.txt"),
    ]
    .iter()
    .map(|text| text.parse().unwrap())
    .collect();
    let options = crate::puzzle::generate::PlantOptions {
        repetition_free: false,
        identical: 0,
    };
    for seed in 0..20 {
        let mut rng = crate::rng::Rng::new(seed);
        let size = 2 + (seed as usize % 3);
        puzzles.push(
            crate::puzzle::generate::planted(size, 2 + seed as u32 % 3, &mut rng, options)
                .unwrap()
                .0,
        );
    }
    puzzles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_read_back_as_the_recording_graph() {
        for puzzle in sample_puzzles() {
            let text = NodeLink::new(&puzzle, &RecordingGraph::new(&puzzle)).json();
            let value: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(value["schema"], crate::JSON_SCHEMA);
            assert_eq!(
                (value["directed"].as_bool(), value["multigraph"].as_bool()),
                (Some(true), Some(true))
            );
            let nodes: Vec<&str> = value["nodes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n["id"].as_str().unwrap())
                .collect();
            let edges: Vec<(String, String, usize, usize)> = value["edges"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| {
                    let text = |k: &str| e[k].as_str().unwrap().to_string();
                    let number = |k: &str| e[k].as_u64().unwrap() as usize;
                    assert!(nodes.contains(&text("source").as_str()) && nodes.contains(&text("target").as_str()));
                    assert_eq!(number("id"), 4 * (number("piece") - 1) + number("corner"));
                    (text("source"), text("target"), number("piece"), number("corner"))
                })
                .collect();
            assert_recording_graph(&puzzle, &edges);
        }
    }

    #[test]
    fn parallel_edges_get_distinct_keys() {
        let puzzle: Puzzle = "1+ 2+ 1+ 2+\n1+ 2+ 1+ 2+\n1- 2- 1- 2-\n1- 2- 1- 2-".parse().unwrap();
        let data = NodeLink::new(&puzzle, &RecordingGraph::new(&puzzle));
        let mut keys: Vec<(&str, &str, usize)> = data
            .edges
            .iter()
            .map(|e| (e.source.as_str(), e.target.as_str(), e.key))
            .collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), 16, "no two edges share source, target and key");
        assert!(data.edges.iter().any(|e| e.key == 3));
    }

    #[test]
    fn graphml_is_read_back_as_the_recording_graph() {
        use svg::node::element::tag::Type;
        use svg::parser::Event;
        for puzzle in sample_puzzles() {
            let xml = NodeLink::new(&puzzle, &RecordingGraph::new(&puzzle)).graphml();
            // A small XML read: the edge elements' ends and their data, by key.
            let (mut edges, mut current, mut key) = (vec![], None, None);
            let mut nodes = 0;
            let mut element = String::new();
            for event in svg::read(&xml).unwrap() {
                match event {
                    Event::Tag("edge", Type::Start, a) => {
                        current = Some((a["source"].to_string(), a["target"].to_string(), 0, 0));
                    }
                    Event::Tag("edge", Type::End, _) => edges.push(current.take().unwrap()),
                    Event::Tag("node", Type::Start, _) => nodes += 1,
                    Event::Tag("data", Type::Start, a) => {
                        key = Some(a["key"].to_string());
                        element = "data".into();
                    }
                    Event::Tag(name, _, _) => element = name.to_string(),
                    Event::Text(text) if element == "data" => {
                        if let (Some(edge), Some(key)) = (current.as_mut(), key.as_deref()) {
                            match key {
                                "piece" => edge.2 = text.trim().parse().unwrap(),
                                "corner" => edge.3 = text.trim().parse().unwrap(),
                                _ => {}
                            }
                        }
                    }
                    Event::Error(e) => panic!("not well-formed: {e}"),
                    _ => {}
                }
            }
            assert_eq!(nodes, RecordingGraph::new(&puzzle).graph().node_count());
            assert_recording_graph(&puzzle, &edges);
        }
    }

    #[test]
    fn names_are_escaped_in_graphml() {
        assert_eq!(escape("a<&\"b\">"), "a&lt;&amp;&quot;b&quot;&gt;");
        let puzzle: Puzzle = include_str!("../../fixtures/named2x2.txt").parse().unwrap();
        let xml = NodeLink::new(&puzzle, &RecordingGraph::new(&puzzle)).graphml();
        assert!(
            xml.contains("<node id=\"sun+\"><data key=\"pattern\">sun</data>"),
            "{xml}"
        );
    }
}
