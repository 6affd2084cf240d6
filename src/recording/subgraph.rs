//! Four-edge subgraphs of the recording graph and their enumeration.
//!
//! A [`Subgraph`] is any four edges of a [`RecordingGraph`]; the
//! enumerator [`four_color_subgraphs`] yields the 4^4 = 256 four-color ones
//! of a 2x2 puzzle, the edge of piece `i` at index `i`.

use std::fmt;

use itertools::Itertools;
use petgraph::graph::EdgeIndex;

use crate::recording::Corner;
use crate::{Picture, Puzzle, RecordingGraph};

/// Four edges of a recording graph. The enumerator puts piece `i`'s edge at
/// index `i`, but any four edges are accepted (two of one color, even the
/// same edge twice), so the conditions can be evaluated honestly on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Subgraph {
    edges: [EdgeIndex; 4],
}

/// One edge of a subgraph with everything the conditions look at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct SubEdge {
    /// The edge in the recording graph.
    pub(crate) id: EdgeIndex,
    /// The picture the corner starts from.
    pub(crate) tail: Picture,
    /// The picture 90 degrees clockwise from the tail.
    pub(crate) head: Picture,
    /// Which piece (color) and which corner.
    pub(crate) corner: Corner,
}

impl Subgraph {
    /// The subgraph made of these four edges.
    pub fn new(edges: [EdgeIndex; 4]) -> Self {
        Subgraph { edges }
    }

    /// The four-color subgraph that takes corner `corners[i]` of piece `i`.
    pub fn from_corners(graph: &RecordingGraph, corners: [usize; 4]) -> Self {
        Subgraph::new(std::array::from_fn(|piece| graph.edge(piece, corners[piece])))
    }

    /// The four edges.
    pub fn edges(&self) -> [EdgeIndex; 4] {
        self.edges
    }

    /// The edges with their endpoints and corners.
    pub(crate) fn resolve(&self, graph: &RecordingGraph) -> [SubEdge; 4] {
        self.edges.map(|id| sub_edge(graph, id))
    }

    /// The subgraph written with the puzzle's labels: `3+->1+ #1, ...`.
    pub(crate) fn labeled<'a>(&'a self, puzzle: &'a Puzzle, graph: &'a RecordingGraph) -> impl fmt::Display + 'a {
        Labeled {
            puzzle,
            edges: self.resolve(graph),
        }
    }
}

/// The edge `id` of `graph` as a [`SubEdge`].
pub(crate) fn sub_edge(graph: &RecordingGraph, id: EdgeIndex) -> SubEdge {
    let (tail, head) = graph.endpoints(id);
    SubEdge {
        id,
        tail,
        head,
        corner: graph.corner(id),
    }
}

/// One edge written as `3+->1+ #1` with the puzzle's labels.
pub(crate) fn edge_label(puzzle: &Puzzle, edge: &SubEdge) -> String {
    format!(
        "{}->{} {}",
        puzzle.picture_label(edge.tail),
        puzzle.picture_label(edge.head),
        puzzle.piece_label(edge.corner.piece)
    )
}

struct Labeled<'a> {
    puzzle: &'a Puzzle,
    edges: [SubEdge; 4],
}

impl fmt::Display for Labeled<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.edges.iter().map(|e| edge_label(self.puzzle, e)).join(", ");
        f.write_str(&text)
    }
}

/// Every four-color subgraph of a 2x2 puzzle's recording graph: one edge of
/// each color class, 4^4 = 256 of them, piece 0's corner varying slowest.
/// The position in this order is the subgraph's number in `scramble
/// subgraphs`. `O(1)` per subgraph.
///
/// # Panics
/// If the graph does not have exactly four colors.
///
/// ```
/// use scramble::{Puzzle, RecordingGraph, theorem::four_color_subgraphs};
/// let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
/// let graph = RecordingGraph::new(&puzzle);
/// let all: Vec<_> = four_color_subgraphs(&graph).collect();
/// assert_eq!(all.len(), 256);
/// assert_eq!(all[1].edges()[3], graph.edge(3, 1));
/// ```
pub fn four_color_subgraphs(graph: &RecordingGraph) -> impl Iterator<Item = Subgraph> + '_ {
    assert_eq!(graph.colors(), 4, "four-color subgraphs are defined for 2x2 puzzles");
    (0..4)
        .map(|piece| graph.color_class(piece))
        .multi_cartesian_product()
        .map(|edges| Subgraph::new([edges[0], edges[1], edges[2], edges[3]]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paper() -> (Puzzle, RecordingGraph) {
        let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
        let graph = RecordingGraph::new(&puzzle);
        (puzzle, graph)
    }

    #[test]
    fn enumerates_every_choice_of_one_edge_per_color_once() {
        let (_, graph) = paper();
        let all: Vec<Subgraph> = four_color_subgraphs(&graph).collect();
        assert_eq!(all.len(), 256);
        assert_eq!(all.iter().collect::<std::collections::BTreeSet<_>>().len(), 256);
        for s in &all {
            for (piece, edge) in s.resolve(&graph).iter().enumerate() {
                assert_eq!(edge.corner.piece, piece);
            }
        }
        let corners = [2, 0, 3, 1];
        let position = corners.iter().fold(0, |n, c| 4 * n + c);
        assert_eq!(all[position], Subgraph::from_corners(&graph, corners));
    }

    #[test]
    fn labels_use_the_puzzle_notation() {
        let (puzzle, graph) = paper();
        let s = Subgraph::from_corners(&graph, [1, 2, 0, 1]);
        assert_eq!(
            s.labeled(&puzzle, &graph).to_string(),
            "1+->2+ #1, 4+->1- #2, 2-->4- #3, 3-->3+ #4"
        );
    }
}
