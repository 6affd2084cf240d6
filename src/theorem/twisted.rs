//! The twisted-graph criterion and arrangements rebuilt from solution graphs.
//!
//! Twist every edge `X -> Y` into `X -> Y^c`. Going round the centre of a
//! 2x2 solution counterclockwise (top-left, bottom-left, bottom-right,
//! top-right), each centre corner `X -> Y` is followed by the corner whose
//! tail is `Y^c`, the picture that meets `Y`: the twisted edges of a
//! solution graph form one closed walk through all four edges. Conversely
//! any such circuit, laid out in that order, is a solution. So a
//! four-color subgraph is a solution graph exactly when its twisted graph is
//! balanced and connected (one Eulerian circuit), with or without
//! repetitions. Everything here is constant time (four edges).

use itertools::Itertools;

use super::conditions::distinct_colors;
use crate::partition::connected;
use crate::puzzle::grid::{BLOCK_CENTRE_DIRECTIONS, rotation_bringing};
use crate::recording::subgraph::{SubEdge, Subgraph};
use crate::{Arrangement, Picture, Placement, RecordingGraph};

/// The cells of a 2x2 grid in the order the twisted circuit visits them:
/// counterclockwise round the centre.
pub(crate) const CIRCUIT_CELLS: [usize; 4] = [0, 2, 3, 1];

/// The twisted edge `X -> Y^c` of an edge `X -> Y`.
pub(crate) fn twist(edge: &SubEdge) -> (Picture, Picture) {
    (edge.tail, edge.head.complement())
}

/// The twisted-graph criterion on four edges of `graph`: the twisted graph
/// is balanced (in-degree = out-degree at every vertex) and connected. For
/// a four-color subgraph this says it is a solution graph; the criterion
/// itself does not look at colors.
///
/// ```
/// use scramble::{Puzzle, RecordingGraph, theorem::{Subgraph, twisted_criterion}};
/// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let g = RecordingGraph::new(&puzzle);
/// assert!(twisted_criterion(&g, &Subgraph::from_corners(&g, [1, 2, 0, 3])));
/// assert!(!twisted_criterion(&g, &Subgraph::from_corners(&g, [0, 0, 0, 0])));
/// ```
pub fn twisted_criterion(graph: &RecordingGraph, subgraph: &Subgraph) -> bool {
    is_twisted(&subgraph.resolve(graph))
}

/// [`twisted_criterion`] on edges already resolved.
pub(crate) fn is_twisted(edges: &[SubEdge; 4]) -> bool {
    let twisted = edges.map(|e| twist(&e));
    let vertices: Vec<Picture> = twisted.iter().flat_map(|&(a, b)| [a, b]).sorted().dedup().collect();
    let balanced = vertices.iter().all(|&v| {
        let out = twisted.iter().filter(|e| e.0 == v).count();
        let into = twisted.iter().filter(|e| e.1 == v).count();
        out == into
    });
    let at = |p: Picture| vertices.binary_search(&p).expect("twisted vertex");
    let links = twisted.iter().map(|&(a, b)| (at(a), at(b)));
    balanced && connected(vertices.len(), links)
}

/// Every order of the four edges, starting with `edges[0]`, in which each
/// twisted edge ends where the next one starts, cyclically: the Eulerian
/// circuits of the twisted graph. At most 3! = 6 candidates are tried.
pub(crate) fn circuits(edges: &[SubEdge; 4]) -> Vec<[SubEdge; 4]> {
    (1..4)
        .permutations(3)
        .map(|rest| [edges[0], edges[rest[0]], edges[rest[1]], edges[rest[2]]])
        .filter(|order| (0..4).all(|k| twist(&order[k]).1 == order[(k + 1) % 4].tail))
        .collect()
}

/// The arrangement a circuit describes: its edges go to the cells of
/// [`CIRCUIT_CELLS`] in turn, each piece turned so the edge's corner is its
/// centre corner.
pub(crate) fn arrangement_from_circuit(circuit: &[SubEdge; 4]) -> Arrangement {
    let mut cells = [Placement { piece: 0, rotation: 0 }; 4];
    for (edge, cell) in circuit.iter().zip(CIRCUIT_CELLS) {
        cells[cell] = Placement {
            piece: edge.corner.piece,
            rotation: rotation_bringing(edge.corner.corner, BLOCK_CENTRE_DIRECTIONS[cell]),
        };
    }
    Arrangement::new(2, cells.to_vec())
}

/// The solutions whose centre corners are `subgraph`, one canonical
/// arrangement per rotation class, rebuilt from the twisted circuits;
/// empty when `subgraph` is not a four-color solution graph.
pub(crate) fn solution_arrangements(graph: &RecordingGraph, subgraph: &Subgraph) -> Vec<Arrangement> {
    let edges = subgraph.resolve(graph);
    if distinct_colors(&edges).is_err() {
        return Vec::new();
    }
    circuits(&edges)
        .iter()
        .map(|c| arrangement_from_circuit(c).canonical())
        .sorted()
        .dedup()
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_solution_arrangements_holds() {
        use crate::{
            Puzzle, RecordingGraph,
            theorem::{Subgraph, solution_arrangements},
        };
        let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
        let g = RecordingGraph::new(&puzzle);
        let found = solution_arrangements(&g, &Subgraph::from_corners(&g, [1, 2, 0, 3]));
        assert_eq!(found.len(), 1);
        assert!(found[0].is_solution(&puzzle));
    }

    use super::*;
    use crate::Puzzle;
    use crate::recording::kept::solution_subgraph;

    #[test]
    fn a_figure_eight_gives_two_solutions_with_one_centre() {
        // Twisted: two loops at 1+ (1+ -> 1-) and a 2-cycle 1+ <-> 2+.
        let puzzle: Puzzle = "1+ 1- 3+ 4+\n1+ 1- 3- 4-\n1+ 2- 3+ 4-\n2+ 1- 3- 4+".parse().unwrap();
        let graph = RecordingGraph::new(&puzzle);
        let centre = Subgraph::from_corners(&graph, [0, 0, 0, 0]);
        let edges = centre.resolve(&graph);
        assert!(is_twisted(&edges));
        assert_eq!(circuits(&edges).len(), 2);
        let found = solution_arrangements(&graph, &centre);
        assert_eq!(found.len(), 2);
        for a in &found {
            assert!(a.is_solution(&puzzle), "{a}");
            assert_eq!(solution_subgraph(&graph, a), centre);
        }
    }

    #[test]
    fn a_disconnected_twisted_graph_is_rejected() {
        // Two twisted 2-cycles: 1+ <-> 2+ and 3+ <-> 4+.
        let puzzle: Puzzle = "1+ 2- 3+ 4+\n2+ 1- 3- 4-\n3+ 4- 1+ 2+\n4+ 3- 1- 2-".parse().unwrap();
        let graph = RecordingGraph::new(&puzzle);
        let edges = Subgraph::from_corners(&graph, [0, 0, 0, 0]).resolve(&graph);
        assert!(!is_twisted(&edges));
        assert!(circuits(&edges).is_empty());
    }
}
