//! The judge: solutions found by trying arrangements, with no graph theory.
//!
//! For a 2x2 puzzle [`judge`] tries all 4! * 4^4 = 6144 arrangements, keeps
//! those [`Arrangement::is_solution`] accepts and records which four-color
//! subgraphs occur as their centre corners: the reference that Theorem 2.1
//! and the twisted-graph criterion are tested against.
//!
//! Geometry: a piece turned `r` times shows side `s[(d - r) mod 4]` at
//! direction `d`, so its corner `i` (from side `i` to side `i + 1`) runs from
//! direction `i + r` to `i + r + 1`. A corner lies inside the grid when both
//! of those directions face a neighbour; in a 2x2 grid every cell has one
//! such corner, its centre corner.
//!
//! [`kept_edges`] gives the edges of the recording graph a solution keeps and
//! [`blocks`] the same edges grouped by the interior lattice points where
//! four cells meet (each group the centre of a 2x2 block).

use std::collections::BTreeMap;

use itertools::Itertools;
use petgraph::graph::EdgeIndex;

use crate::theorem::Subgraph;
use crate::{Arrangement, Error, Placement, Puzzle, RecordingGraph, Result};

/// Which directions (top, right, bottom, left) of `cell` face a neighbour
/// in an `size x size` grid.
pub fn inner_directions(size: usize, cell: usize) -> [bool; 4] {
    let (row, column) = (cell / size, cell % size);
    [row > 0, column + 1 < size, row + 1 < size, column > 0]
}

/// The corners of a piece at `cell` turned `rotation` times whose two sides
/// both face neighbours: none, one, two or four of them, in increasing
/// direction order.
///
/// ```
/// // The top-left cell of a 2x2 grid keeps the corner from its right side
/// // to its bottom side: corner (1 - rotation) mod 4 of the piece.
/// assert_eq!(scramble::judge::inner_corners(2, 0, 0), vec![1]);
/// assert_eq!(scramble::judge::inner_corners(2, 0, 3), vec![2]);
/// assert_eq!(scramble::judge::inner_corners(3, 4, 0), vec![0, 1, 2, 3]);
/// ```
pub fn inner_corners(size: usize, cell: usize, rotation: usize) -> Vec<usize> {
    let inner = inner_directions(size, cell);
    (0..4)
        .filter(|&d| inner[d] && inner[(d + 1) % 4])
        .map(|d| (d + 4 - rotation % 4) % 4)
        .collect()
}

/// The direction the centre corner of a 2x2 `cell` starts from: right (1)
/// for the top-left cell, bottom (2) top-right, top (0) bottom-left, left (3)
/// bottom-right.
pub fn centre_direction(cell: usize) -> usize {
    [1, 2, 0, 3][cell]
}

/// The centre corner of a piece at 2x2 `cell` turned `rotation` times.
pub fn centre_corner(cell: usize, rotation: usize) -> usize {
    (centre_direction(cell) + 4 - rotation % 4) % 4
}

/// Every arrangement of a 2x2 puzzle: 4! orders times 4^4 rotations.
pub fn arrangements_2x2() -> impl Iterator<Item = Arrangement> {
    (0..4)
        .permutations(4)
        .cartesian_product(rotations())
        .map(|(pieces, turns)| {
            let cells = pieces
                .into_iter()
                .zip(turns)
                .map(|(piece, rotation)| Placement { piece, rotation })
                .collect();
            Arrangement::new(2, cells)
        })
}

fn rotations() -> Vec<Vec<usize>> {
    (0..4).map(|_| 0..4).multi_cartesian_product().collect()
}

/// The solutions of a 2x2 puzzle and the subgraphs their centres make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// Every solution arrangement, the four whole-grid rotations of each
    /// included, in the order tried.
    pub solutions: Vec<Arrangement>,
    /// Each solution graph with the solutions whose centre corners it is,
    /// one canonical arrangement per rotation class.
    pub solution_graphs: BTreeMap<Subgraph, Vec<Arrangement>>,
}

impl Judgement {
    /// Solutions counted modulo the four whole-grid rotations.
    pub fn count(&self) -> usize {
        self.solutions.len() / 4
    }

    /// Whether `subgraph` is the centre of some solution.
    pub fn is_solution_graph(&self, subgraph: &Subgraph) -> bool {
        self.solution_graphs.contains_key(subgraph)
    }
}

/// Tries every arrangement of a 2x2 puzzle: 6144 calls of
/// [`Arrangement::is_solution`].
///
/// ```
/// use scramble::{Puzzle, RecordingGraph, judge::judge};
/// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let j = judge(&puzzle, &RecordingGraph::new(&puzzle)).unwrap();
/// assert_eq!(j.solutions.len() % 4, 0);
/// assert!(j.count() >= 1);
/// assert!(j.solution_graphs.len() <= j.count());
/// ```
pub fn judge(puzzle: &Puzzle, graph: &RecordingGraph) -> Result<Judgement> {
    require_2x2(puzzle)?;
    let solutions: Vec<Arrangement> = arrangements_2x2().filter(|a| a.is_solution(puzzle)).collect();
    let mut solution_graphs: BTreeMap<Subgraph, Vec<Arrangement>> = BTreeMap::new();
    for solution in solutions.iter().filter(|s| **s == s.canonical()) {
        solution_graphs
            .entry(solution_subgraph(graph, solution))
            .or_default()
            .push(solution.clone());
    }
    Ok(Judgement {
        solutions,
        solution_graphs,
    })
}

/// Fails with a clear message unless the puzzle is 2x2.
pub fn require_2x2(puzzle: &Puzzle) -> Result<()> {
    match puzzle.size() {
        2 => Ok(()),
        size => Err(Error::NotTwoByTwo {
            puzzle: puzzle.name().to_string(),
            size,
        }),
    }
}

/// The four centre corners of a 2x2 arrangement, piece `i`'s edge at index
/// `i`. The four whole-grid rotations of an arrangement give the same
/// subgraph.
pub fn solution_subgraph(graph: &RecordingGraph, arrangement: &Arrangement) -> Subgraph {
    let (_, block) = blocks(graph, arrangement)
        .into_iter()
        .next()
        .expect("a 2x2 grid has a centre");
    let mut edges = block.edges();
    edges.sort();
    Subgraph::new(edges)
}

/// For every interior lattice point `(i, j)` of an `n x n` arrangement
/// (`1 <= i, j < n`, where four cells meet), the four corners that touch it,
/// in cell order top-left, top-right, bottom-left, bottom-right: the centre
/// of the 2x2 block around the point. `(n - 1)^2` blocks.
pub fn blocks(graph: &RecordingGraph, arrangement: &Arrangement) -> Vec<((usize, usize), Subgraph)> {
    let n = arrangement.size();
    (1..n)
        .cartesian_product(1..n)
        .map(|(i, j)| {
            let cells = [(i - 1) * n + j - 1, (i - 1) * n + j, i * n + j - 1, i * n + j];
            let edges = std::array::from_fn(|k| {
                let p = arrangement.cells()[cells[k]];
                graph.edge(p.piece, centre_corner(k, p.rotation))
            });
            ((i, j), Subgraph::new(edges))
        })
        .collect()
}

/// The edges an `n x n` arrangement keeps: every piece's corners between two
/// inner sides (a corner piece one edge, an edge piece a path of two, an
/// inner piece its whole 4-cycle), in cell order.
pub fn kept_edges(graph: &RecordingGraph, arrangement: &Arrangement) -> Vec<EdgeIndex> {
    let n = arrangement.size();
    arrangement
        .cells()
        .iter()
        .enumerate()
        .flat_map(|(cell, p)| {
            inner_corners(n, cell, p.rotation)
                .into_iter()
                .map(|c| graph.edge(p.piece, c))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paper() -> Puzzle {
        "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap()
    }

    #[test]
    fn tries_every_arrangement_once() {
        let all: Vec<Arrangement> = arrangements_2x2().collect();
        assert_eq!(all.len(), 24 * 256);
        assert_eq!(all.iter().collect::<std::collections::BTreeSet<_>>().len(), 6144);
    }

    #[test]
    fn the_centre_corner_joins_the_two_inner_sides() {
        let puzzle = paper();
        let graph = RecordingGraph::new(&puzzle);
        for a in arrangements_2x2().take(2000) {
            for (cell, p) in a.cells().iter().enumerate() {
                let d = centre_direction(cell);
                let inner = inner_directions(2, cell);
                assert!(inner[d] && inner[(d + 1) % 4]);
                let edge = graph.edge(p.piece, centre_corner(cell, p.rotation));
                let (tail, head) = graph.endpoints(edge);
                assert_eq!((tail, head), (a.side(&puzzle, cell, d), a.side(&puzzle, cell, d + 1)));
                assert_eq!(
                    inner_corners(2, cell, p.rotation),
                    vec![centre_corner(cell, p.rotation)]
                );
            }
        }
    }

    #[test]
    fn the_planted_paper_solution_is_found_with_its_centre() {
        let puzzle = paper();
        let graph = RecordingGraph::new(&puzzle);
        let j = judge(&puzzle, &graph).unwrap();
        let planted = Arrangement::new(2, (0..4).map(|piece| Placement { piece, rotation: 0 }).collect());
        assert!(j.solutions.contains(&planted));
        // Unturned: top-left keeps corner 1 (right -> bottom), top-right
        // corner 2 (bottom -> left), bottom-left corner 0 (top -> right),
        // bottom-right corner 3 (left -> top).
        let centre = Subgraph::from_corners(&graph, [1, 2, 0, 3]);
        assert_eq!(solution_subgraph(&graph, &planted), centre);
        assert!(j.solution_graphs[&centre].contains(&planted.canonical()));
        for turned in [planted.rotated(), planted.rotated().rotated()] {
            assert_eq!(solution_subgraph(&graph, &turned), centre);
        }
    }

    #[test]
    fn the_kept_edges_are_the_corners_at_the_interior_lattice_points() {
        let puzzle: Puzzle = std::iter::repeat_n("1+ 2+ 3+ 4+\n", 16)
            .collect::<String>()
            .parse()
            .unwrap();
        let graph = RecordingGraph::new(&puzzle);
        let a = Arrangement::new(
            4,
            (0..16)
                .map(|piece| Placement {
                    piece,
                    rotation: piece * 7 % 4,
                })
                .collect(),
        );
        let mut kept = kept_edges(&graph, &a);
        let mut at_points: Vec<EdgeIndex> = blocks(&graph, &a).iter().flat_map(|(_, s)| s.edges()).collect();
        assert_eq!(at_points.len(), 9 * 4);
        kept.sort();
        at_points.sort();
        assert_eq!(kept, at_points);
    }

    #[test]
    fn a_3x3_keeps_the_inner_corners_of_every_piece() {
        let a = Arrangement::new(
            3,
            (0..9)
                .map(|piece| Placement {
                    piece,
                    rotation: piece % 4,
                })
                .collect(),
        );
        let counts: Vec<usize> = (0..9).map(|cell| inner_corners(3, cell, cell % 4).len()).collect();
        assert_eq!(counts, vec![1, 2, 1, 2, 4, 2, 1, 2, 1]);
        let puzzle: Puzzle = std::iter::repeat_n("1+ 2+ 3+ 4+\n", 9)
            .collect::<String>()
            .parse()
            .unwrap();
        assert_eq!(kept_edges(&RecordingGraph::new(&puzzle), &a).len(), 16);
    }
}
