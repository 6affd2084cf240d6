//! The edges of G(P) an arrangement keeps.
//!
//! A piece at a cell keeps its corners whose two sides both face neighbours
//! ([`Grid::inner_corner_directions`], turned back by `unturned_side`): a
//! corner piece one edge, an edge piece a path of two, an inner piece its
//! whole 4-cycle. Each kept corner touches one interior lattice point, so
//! the kept edges fall into `(n - 1)^2` groups of four ([`blocks`]), each the
//! centre of the 2x2 block around its point; for a 2x2 solution the single
//! group is its solution graph (`solution_subgraph`).

use petgraph::graph::EdgeIndex;

use super::{RecordingGraph, Subgraph};
use crate::Arrangement;
use crate::puzzle::grid::{BLOCK_CENTRE_DIRECTIONS, Grid, unturned_side};

/// The corners of a piece at `cell` of an `size x size` grid, turned
/// `rotation` times, whose two sides both face neighbours: none, one, two
/// or four of them, in increasing direction order.
pub(crate) fn inner_corners(size: usize, cell: usize, rotation: usize) -> Vec<usize> {
    Grid::new(size)
        .inner_corner_directions(cell)
        .map(|d| unturned_side(rotation, d))
        .collect()
}

/// The corner of a piece turned `rotation` times that touches the centre of
/// a 2x2 block from position `k` (top-left, top-right, bottom-left,
/// bottom-right).
pub(crate) fn centre_corner(k: usize, rotation: usize) -> usize {
    unturned_side(rotation, BLOCK_CENTRE_DIRECTIONS[k])
}

/// The four centre corners of a 2x2 arrangement. The four whole-grid
/// rotations of an arrangement give the same subgraph, with its edges
/// sorted.
///
/// # Panics
/// If the arrangement is not 2x2.
pub(crate) fn solution_subgraph(graph: &RecordingGraph, arrangement: &Arrangement) -> Subgraph {
    assert_eq!(arrangement.size(), 2, "a 2x2 arrangement");
    let (_, block) = blocks(graph, arrangement).remove(0);
    let mut edges = block.edges();
    edges.sort();
    Subgraph::new(edges)
}

/// For every interior lattice point `(i, j)` of an `n x n` arrangement
/// (`1 <= i, j < n`, where four cells meet), the four corners that touch it,
/// in cell order top-left, top-right, bottom-left, bottom-right: the centre
/// of the 2x2 block around the point. `(n - 1)^2` blocks.
///
/// # Complexity
/// `O(n^2)`.
pub(crate) fn blocks(graph: &RecordingGraph, arrangement: &Arrangement) -> Vec<((usize, usize), Subgraph)> {
    let grid = Grid::new(arrangement.size());
    grid.lattice_points()
        .map(|point| {
            let cells = grid.block(point);
            let edges = std::array::from_fn(|k| {
                let p = arrangement.cells()[cells[k]];
                graph.edge(p.piece, centre_corner(k, p.rotation))
            });
            (point, Subgraph::new(edges))
        })
        .collect()
}

/// The edges an `n x n` arrangement keeps: every piece's corners between two
/// inner sides (a corner piece one edge, an edge piece a path of two, an
/// inner piece its whole 4-cycle), in cell order: `4(n - 1)^2` edges.
pub(crate) fn kept_edges(graph: &RecordingGraph, arrangement: &Arrangement) -> Vec<EdgeIndex> {
    kept_corners(arrangement)
        .map(|(piece, c)| graph.edge(piece, c))
        .collect()
}

/// The kept corners of [`kept_edges`] as `(piece, corner)`, without the
/// recording graph.
pub(crate) fn kept_corners(arrangement: &Arrangement) -> impl Iterator<Item = (usize, usize)> + '_ {
    let n = arrangement.size();
    arrangement.cells().iter().enumerate().flat_map(move |(cell, p)| {
        inner_corners(n, cell, p.rotation)
            .into_iter()
            .map(move |c| (p.piece, c))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::arrangements_2x2;
    use crate::{Placement, Puzzle};

    fn paper() -> Puzzle {
        "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap()
    }

    #[test]
    fn the_centre_corner_joins_the_two_inner_sides() {
        let puzzle = paper();
        let graph = RecordingGraph::new(&puzzle);
        let grid = Grid::new(2);
        for a in arrangements_2x2().take(2000) {
            for (cell, p) in a.cells().iter().enumerate() {
                let d = BLOCK_CENTRE_DIRECTIONS[cell];
                let inner = grid.inner_directions(cell);
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
    fn the_unturned_paper_solution_keeps_its_centre_corners() {
        let puzzle = paper();
        let graph = RecordingGraph::new(&puzzle);
        let planted = Arrangement::new(2, (0..4).map(|piece| Placement { piece, rotation: 0 }).collect());
        // Unturned: top-left keeps corner 1 (right -> bottom), top-right
        // corner 2 (bottom -> left), bottom-left corner 0 (top -> right),
        // bottom-right corner 3 (left -> top).
        let centre = Subgraph::from_corners(&graph, [1, 2, 0, 3]);
        assert_eq!(solution_subgraph(&graph, &planted), centre);
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
        // The top-left cell of a 2x2 grid keeps the corner from its right
        // side to its bottom side: corner (1 - rotation) mod 4 of the piece.
        assert_eq!(inner_corners(2, 0, 0), vec![1]);
        assert_eq!(inner_corners(2, 0, 3), vec![2]);
        assert_eq!(inner_corners(3, 4, 0), vec![0, 1, 2, 3]);
        let counts: Vec<usize> = (0..9).map(|cell| inner_corners(3, cell, cell % 4).len()).collect();
        assert_eq!(counts, vec![1, 2, 1, 2, 4, 2, 1, 2, 1]);
        let puzzle: Puzzle = std::iter::repeat_n("1+ 2+ 3+ 4+\n", 9)
            .collect::<String>()
            .parse()
            .unwrap();
        assert_eq!(kept_edges(&RecordingGraph::new(&puzzle), &a).len(), 16);
    }
}
