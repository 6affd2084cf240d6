//! Edges of G(P) in `--json` reports (`subgraphs`, `inspect`): each the
//! graph exports' own edge (its `id`, `source`, `target`, `key`, `piece`,
//! `corner`, `color` and `name`, as `graph --format json` writes it) with the
//! text's `label` beside it, so that a report's edge is found in the export
//! by its `id`. A report repeats an edge once per subgraph, so it keeps a
//! piece's `name` only when labels show it (a name short enough to be the
//! piece's label, `Puzzle::piece_label`); the export holds every name.

use petgraph::graph::EdgeIndex;
use scramble::render::export::{EdgeData, NodeLink};
use scramble::{Puzzle, RecordingGraph};
use serde::Serialize;

/// One edge as a report prints it.
#[derive(Serialize)]
pub struct EdgeReport {
    #[serde(flatten)]
    edge: EdgeData,
    /// `3+->1+ #1`, as the text shows it.
    pub label: String,
}

/// The edges of one puzzle's G(P), as the node-link export numbers them.
pub struct Edges<'a> {
    puzzle: &'a Puzzle,
    exported: Vec<EdgeData>,
}

impl<'a> Edges<'a> {
    pub fn new(puzzle: &'a Puzzle, graph: &RecordingGraph) -> Self {
        Edges {
            puzzle,
            exported: NodeLink::new(puzzle, graph).edges,
        }
    }

    /// Edge `id` of G(P), labelled `3+->1+ #1` (tail, head, piece).
    pub fn report(&self, id: EdgeIndex) -> EdgeReport {
        let mut edge = self.exported[id.index()].clone();
        let shown = self.puzzle.piece_label(edge.piece - 1);
        let label = format!("{}->{} {shown}", edge.source, edge.target);
        edge.name = edge.name.take().filter(|name| *name == shown);
        EdgeReport { edge, label }
    }
}

/// The labels of `edges`, joined by commas, as the text shows them.
pub fn labels(edges: &[EdgeReport]) -> String {
    edges.iter().map(|e| e.label.as_str()).collect::<Vec<_>>().join(", ")
}
