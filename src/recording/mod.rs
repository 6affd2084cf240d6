//! The recording graph G(P) of Section 2.1 of the paper.
//!
//! One vertex per picture that occurs; each piece (its *color*) adds four
//! directed edges, one per corner: corner `i` is `s[i] -> s[(i+1) mod 4]`.
//! Parallel edges and loops are kept, so a piece is always a colored directed
//! 4-cycle. Building the graph is `O(P log P)` for `P` pieces.
//!
//! - [`subgraph`]: four-edge subgraphs and the enumerator of the 256
//!   four-color ones of a 2x2 puzzle.
//! - `kept`: the edges of G(P) an arrangement keeps (its corners between
//!   two inner sides), grouped by interior lattice point.
//! - [`gluing`]: twisted circuits glued at the lattice points into an
//!   `n x n` solution: the constructive half of the `n x n` theorem
//!   ([`crate::theorem::arrangement_form`]) and the graph solver's engine.

use std::collections::BTreeMap;

use petgraph::graph::{DiGraph, EdgeIndex, NodeIndex};
use petgraph::visit::EdgeRef;

use crate::{Picture, Puzzle};

pub mod gluing;
pub(crate) mod kept;
pub mod subgraph;

pub use subgraph::{Subgraph, four_color_subgraphs};

/// What an edge of the recording graph carries: which piece and which corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub(crate) struct Corner {
    /// The piece's index in the puzzle: its color.
    pub(crate) piece: usize,
    /// The corner, 0..4: from side `corner` to side `corner + 1`, clockwise.
    pub(crate) corner: usize,
}

/// The recording graph of a puzzle: a petgraph multigraph plus a lookup from
/// picture to vertex.
///
/// Edge `4 * piece + corner` is that piece's corner: edges are added piece by
/// piece, corner by corner, so the color classes are contiguous.
///
/// ```
/// use scramble::{Puzzle, RecordingGraph};
/// let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
/// let g = RecordingGraph::new(&puzzle);
/// assert_eq!(g.colors(), 4);
/// let (tail, head) = g.endpoints(g.edge(0, 1));
/// assert_eq!((tail.to_string(), head.to_string()), ("2+".into(), "1-".into()));
/// ```
#[derive(Clone, Debug)]
pub struct RecordingGraph {
    graph: DiGraph<Picture, Corner>,
    vertices: BTreeMap<Picture, NodeIndex>,
    pieces: usize,
}

impl RecordingGraph {
    /// Builds G(P): vertices in increasing picture order, then four edges per
    /// piece in corner order.
    pub fn new(puzzle: &Puzzle) -> Self {
        let mut graph = DiGraph::new();
        let vertices: BTreeMap<Picture, NodeIndex> = puzzle.pictures().map(|p| (p, graph.add_node(p))).collect();
        for (piece, p) in puzzle.pieces().iter().enumerate() {
            for (corner, tail, head) in p.corners() {
                graph.add_edge(vertices[&tail], vertices[&head], Corner { piece, corner });
            }
        }
        RecordingGraph {
            graph,
            vertices,
            pieces: puzzle.pieces().len(),
        }
    }

    /// The petgraph graph: node weights are pictures, edge weights corners.
    pub(crate) fn graph(&self) -> &DiGraph<Picture, Corner> {
        &self.graph
    }

    /// Number of pieces (colors).
    pub fn colors(&self) -> usize {
        self.pieces
    }

    /// The vertex of a picture, if it occurs.
    pub fn vertex(&self, picture: Picture) -> Option<NodeIndex> {
        self.vertices.get(&picture).copied()
    }

    /// The edge of `piece`'s corner `corner`.
    pub fn edge(&self, piece: usize, corner: usize) -> EdgeIndex {
        EdgeIndex::new(4 * piece + corner)
    }

    /// The edges of the chosen pieces (indices into the puzzle), all four
    /// corners of each, to show with
    /// [`Selection::Highlighted`](crate::render::Selection::Highlighted) or
    /// [`Selection::Alone`](crate::render::Selection::Alone). Indices past
    /// the puzzle's pieces are ignored. `O(pieces)`.
    ///
    /// ```
    /// use scramble::{Puzzle, RecordingGraph};
    /// let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
    /// let graph = RecordingGraph::new(&puzzle);
    /// assert_eq!(graph.piece_edges(&[0, 2, 9]).len(), 8);
    /// ```
    pub fn piece_edges(&self, pieces: &[usize]) -> Vec<EdgeIndex> {
        pieces
            .iter()
            .filter(|&&piece| piece < self.pieces)
            .flat_map(|&piece| self.color_class(piece))
            .collect()
    }

    /// The four edges of one color, in corner order.
    pub(crate) fn color_class(&self, piece: usize) -> [EdgeIndex; 4] {
        std::array::from_fn(|corner| self.edge(piece, corner))
    }

    /// `(tail, head)` pictures of an edge.
    pub fn endpoints(&self, edge: EdgeIndex) -> (Picture, Picture) {
        let (a, b) = self.graph.edge_endpoints(edge).expect("edge of this graph");
        (self.graph[a], self.graph[b])
    }

    /// The corner an edge stands for.
    pub(crate) fn corner(&self, edge: EdgeIndex) -> Corner {
        self.graph[edge]
    }

    /// Every edge as `(index, tail, head, corner)`, in index order.
    pub(crate) fn edges(&self) -> impl Iterator<Item = (EdgeIndex, Picture, Picture, Corner)> + '_ {
        self.graph
            .edge_references()
            .map(|e| (e.id(), self.graph[e.source()], self.graph[e.target()], *e.weight()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Pattern, Piece, Sign};
    use petgraph::Direction;
    use proptest::prelude::*;

    fn picture() -> impl Strategy<Value = Picture> {
        (1u32..=4, any::<bool>())
            .prop_map(|(n, plus)| Picture::new(Pattern::new(n), if plus { Sign::Plus } else { Sign::Minus }))
    }

    fn puzzle() -> impl Strategy<Value = Puzzle> {
        (2usize..=4).prop_flat_map(|n| {
            proptest::collection::vec(proptest::array::uniform4(picture()), n * n)
                .prop_map(|sides| Puzzle::new(sides.into_iter().map(Piece::new).collect()).unwrap())
        })
    }

    proptest! {
        /// Every piece gives exactly one directed 4-cycle, in clockwise order,
        /// and nothing else is in the graph.
        #[test]
        fn each_piece_is_one_clockwise_4_cycle(puzzle in puzzle()) {
            let g = RecordingGraph::new(&puzzle);
            prop_assert_eq!(g.graph().edge_count(), 4 * puzzle.pieces().len());
            prop_assert_eq!(g.graph().node_count(), puzzle.picture_indices().len());
            for (piece, p) in puzzle.pieces().iter().enumerate() {
                let class = g.color_class(piece);
                for (corner, &e) in class.iter().enumerate() {
                    prop_assert_eq!(g.corner(e), Corner { piece, corner });
                    prop_assert_eq!(g.endpoints(e), (p.side(corner), p.side(corner + 1)));
                    // Consecutive corners chain head to tail and close the cycle.
                    let (_, next_tail) = g.graph().edge_endpoints(class[(corner + 1) % 4]).unwrap();
                    let (_, head) = g.graph().edge_endpoints(e).unwrap();
                    let (tail_of_next, _) = g.graph().edge_endpoints(class[(corner + 1) % 4]).unwrap();
                    prop_assert_eq!(head, tail_of_next);
                    let _ = next_tail;
                }
                let same_color = g.edges().filter(|(_, _, _, c)| c.piece == piece).count();
                prop_assert_eq!(same_color, 4);
            }
            // Degrees: every occurrence of a picture is one tail and one head.
            for (picture, index) in puzzle.picture_indices() {
                let v = g.vertex(picture).unwrap();
                prop_assert_eq!(g.graph().edges_directed(v, Direction::Outgoing).count(), index);
                prop_assert_eq!(g.graph().edges_directed(v, Direction::Incoming).count(), index);
            }
        }
    }

    #[test]
    fn loops_and_parallel_edges_are_kept() {
        let puzzle: Puzzle = "1+ 1+ 2- 2-\n1+ 1+ 2- 2-\n1- 2+ 1- 2+\n1- 2+ 1- 2+".parse().unwrap();
        let g = RecordingGraph::new(&puzzle);
        let loops = g.edges().filter(|(_, t, h, _)| t == h).count();
        assert_eq!(loops, 4);
        let parallel = g
            .edges()
            .filter(|(_, t, h, _)| (*t, *h) == (Picture::minus(1), Picture::plus(2)))
            .count();
        assert_eq!(parallel, 4);
    }
}
