//! The data behind the page's Play section, where a reader places and turns
//! the pieces on an empty board and watches the kept subgraph of G(P) form.
//!
//! Every rule of geometry and matching the page applies is a table computed
//! here from [`crate::puzzle::grid`] and the recording graph, so the script
//! only looks things up: what each piece shows at each direction in each of
//! its four turns ([`TurnView`]), which inner boundaries there are
//! ([`BoundaryView`]), which corner of which cell touches each interior
//! lattice point ([`PointView`]), where a cell goes when the whole grid
//! turns, and the solutions to measure a partial placement against. The
//! tests below replay the page's lookups on random arrangements and compare
//! them with [`crate::recording::kept`] and [`Arrangement::mismatches`].

use serde::Serialize;

use crate::puzzle::grid::{BLOCK_CENTRE_DIRECTIONS, Grid, opposite};
use crate::{Arrangement, Puzzle, RecordingGraph};

/// At most this many solutions (modulo rotation) are embedded for the
/// "still reachable" count.
pub(crate) const PLAY_CAP: usize = 2000;

/// What the Play section reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PlayView {
    /// `turns[p][r]`: piece `p` turned `r` quarter turns clockwise.
    pub turns: Vec<[TurnView; 4]>,
    /// The inner boundaries, row-major, each right or bottom of its first cell.
    pub boundaries: Vec<BoundaryView>,
    /// The interior lattice points, row by row.
    pub points: Vec<PointView>,
    /// `turned_cell[c]`: where cell `c` goes when the whole grid turns a
    /// quarter turn clockwise (its piece then turns once more).
    pub turned_cell: Vec<usize>,
    /// The first solutions modulo rotation, `[piece, rotation]` per cell.
    pub solutions: Vec<Vec<[usize; 2]>>,
    /// How many solutions there are modulo rotation, when counted.
    pub count: Option<u64>,
}

/// One piece in one turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct TurnView {
    /// The vertex of G(P) (its picture) shown at each direction: top,
    /// right, bottom, left.
    pub sides: [usize; 4],
    /// The edge of G(P) (its corner) that starts at each direction and
    /// runs clockwise to the next.
    pub corners: [usize; 4],
}

/// An inner boundary: two cells and the directions at which they touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct BoundaryView {
    /// The cell and its right or bottom neighbour.
    pub cells: [usize; 2],
    /// Right or bottom, then the opposite direction.
    pub directions: [usize; 2],
}

/// An interior lattice point and the four corners that meet there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PointView {
    /// `(i, j)`: between rows `i-1` and `i`, columns `j-1` and `j`.
    pub point: (usize, usize),
    /// Top-left, top-right, bottom-left and bottom-right cells.
    pub cells: [usize; 4],
    /// The direction at which each cell's corner there starts.
    pub directions: [usize; 4],
    /// The four inner boundaries that end at the point (indices into
    /// [`PlayView::boundaries`]): above, left, right and below it.
    pub boundaries: [usize; 4],
}

/// The Play section's tables for `puzzle`, with the `found` solutions (of
/// `count`) to measure placements against.
///
/// # Complexity
/// `O(n^2)` for the tables plus the size of the embedded solutions.
pub(crate) fn view(puzzle: &Puzzle, graph: &RecordingGraph, found: &[Arrangement], count: Option<u64>) -> PlayView {
    let grid = Grid::new(puzzle.size());
    let boundaries: Vec<BoundaryView> = grid
        .inner_boundaries()
        .map(|(a, d, b)| BoundaryView {
            cells: [a, b],
            directions: [d, opposite(d)],
        })
        .collect();
    let boundary = |a: usize, b: usize| {
        boundaries
            .iter()
            .position(|x| x.cells == [a, b])
            .expect("neighbouring cells share a boundary")
    };
    PlayView {
        turns: (0..puzzle.pieces().len())
            .map(|p| std::array::from_fn(|r| turn(puzzle, graph, p, r)))
            .collect(),
        points: grid
            .lattice_points()
            .map(|point| {
                let cells = grid.block(point);
                PointView {
                    point,
                    cells,
                    directions: BLOCK_CENTRE_DIRECTIONS,
                    boundaries: [
                        boundary(cells[0], cells[1]),
                        boundary(cells[0], cells[2]),
                        boundary(cells[1], cells[3]),
                        boundary(cells[2], cells[3]),
                    ],
                }
            })
            .collect(),
        boundaries,
        turned_cell: grid.cells().map(|c| grid.turned_cell(c)).collect(),
        solutions: found
            .iter()
            .take(PLAY_CAP)
            .map(|a| a.cells().iter().map(|p| [p.piece, p.rotation]).collect())
            .collect(),
        count,
    }
}

fn turn(puzzle: &Puzzle, graph: &RecordingGraph, piece: usize, rotation: usize) -> TurnView {
    let turned = puzzle.pieces()[piece].rotated(rotation);
    TurnView {
        sides: turned
            .sides()
            .map(|picture| graph.vertex(picture).expect("a picture of the puzzle").index()),
        corners: std::array::from_fn(|d| {
            graph
                .edge(piece, crate::puzzle::grid::unturned_side(rotation, d))
                .index()
        }),
    }
}

#[cfg(test)]
mod tests {
    //! The page's lookups, replayed in Rust line by line from the script's
    //! Play section, against the library on random arrangements.
    use super::*;

    #[test]
    fn the_example_of_view_holds() {
        use crate::{Puzzle, RecordingGraph, render::page::play::view};
        let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
        let play = view(&puzzle, &RecordingGraph::new(&puzzle), &[], Some(0));
        assert_eq!((play.boundaries.len(), play.points.len()), (4, 1));
        assert_eq!(play.turns[0][1].sides[0], play.turns[0][0].sides[3]);
    }

    use crate::Placement;
    use crate::recording::kept::{blocks, kept_edges};
    use crate::render::page::solutions::{Found, find};
    use crate::rng::Rng;

    type Cells = Vec<Option<Placement>>;

    /// The script's `boundaryState`: open, matched or mismatched.
    fn boundary_state(play: &PlayView, complement: &[Option<usize>], cells: &Cells, b: &BoundaryView) -> Option<bool> {
        let [a, c] = b.cells.map(|cell| cells[cell]);
        let (a, c) = (a?, c?);
        let x = play.turns[a.piece][a.rotation].sides[b.directions[0]];
        let y = play.turns[c.piece][c.rotation].sides[b.directions[1]];
        Some(complement[x] == Some(y))
    }

    /// The script's `pointEdges`: the corner each placed cell has at the point.
    fn point_edges(play: &PlayView, cells: &Cells, point: &PointView) -> [Option<usize>; 4] {
        std::array::from_fn(|k| {
            cells[point.cells[k]].map(|p| play.turns[p.piece][p.rotation].corners[point.directions[k]])
        })
    }

    /// The script's `reachable`: embedded solutions some whole-grid turn of
    /// which agrees with every placed cell.
    fn reachable(play: &PlayView, cells: &Cells) -> usize {
        play.solutions
            .iter()
            .filter(|s| {
                (0..4).any(|t| {
                    let mut turned: Vec<[usize; 2]> = s.to_vec();
                    for _ in 0..t {
                        let mut next = turned.clone();
                        for (c, [p, r]) in turned.iter().enumerate() {
                            next[play.turned_cell[c]] = [*p, (r + 1) % 4];
                        }
                        turned = next;
                    }
                    cells
                        .iter()
                        .zip(&turned)
                        .all(|(c, &[piece, rotation])| c.is_none_or(|c| c == Placement { piece, rotation }))
                })
            })
            .count()
    }

    fn random_arrangement(rng: &mut Rng, n: usize) -> Arrangement {
        Arrangement::random(n, rng)
    }

    fn check(puzzle: &Puzzle, rng: &mut Rng, trials: usize) {
        let graph = RecordingGraph::new(puzzle);
        let Found {
            solutions: found,
            count,
            ..
        } = find(puzzle, PLAY_CAP, &crate::context::Context::new()).unwrap();
        let play = view(puzzle, &graph, &found, count);
        let complement: Vec<Option<usize>> = graph
            .graph()
            .node_indices()
            .map(|v| graph.vertex(graph.graph()[v].complement()).map(|c| c.index()))
            .collect();
        let n = puzzle.size();
        let embedded = &found[..found.len().min(PLAY_CAP)];
        for trial in 0..trials {
            // Half the trials start from a solution, so that matches occur.
            let arrangement = match (trial % 2, found.first()) {
                (0, Some(_)) => {
                    let mut a = found[rng.below(found.len())].clone();
                    for _ in 0..rng.below(4) {
                        a = a.rotated();
                    }
                    a
                }
                _ => random_arrangement(rng, n),
            };
            let full: Cells = arrangement.cells().iter().copied().map(Some).collect();
            let mismatched: Vec<(usize, usize, usize)> = play
                .boundaries
                .iter()
                .filter(|b| boundary_state(&play, &complement, &full, b) == Some(false))
                .map(|b| (b.cells[0], b.directions[0], b.cells[1]))
                .collect();
            assert_eq!(mismatched, arrangement.mismatches(puzzle));
            assert_eq!(mismatched.is_empty(), arrangement.is_solution(puzzle));
            let page_blocks: Vec<[usize; 4]> = play
                .points
                .iter()
                .map(|p| point_edges(&play, &full, p).map(Option::unwrap))
                .collect();
            let library: Vec<[usize; 4]> = blocks(&graph, &arrangement)
                .into_iter()
                .map(|(_, s)| s.edges().map(|e| e.index()))
                .collect();
            assert_eq!(page_blocks, library);
            let mut kept: Vec<usize> = page_blocks.concat();
            let mut library_kept: Vec<usize> = kept_edges(&graph, &arrangement).iter().map(|e| e.index()).collect();
            kept.sort_unstable();
            library_kept.sort_unstable();
            assert_eq!(kept, library_kept);
            // A random part of the arrangement left on the board.
            let mut partial = full.clone();
            for cell in partial.iter_mut() {
                if rng.coin() {
                    *cell = None;
                }
            }
            let expected = embedded
                .iter()
                .filter(|s| {
                    let mut t = (*s).clone();
                    (0..4).any(|_| {
                        t = t.rotated();
                        partial.iter().zip(t.cells()).all(|(c, s)| c.is_none_or(|c| c == *s))
                    })
                })
                .count();
            assert_eq!(reachable(&play, &partial), expected, "{arrangement}");
            if arrangement.is_solution(puzzle) && count.is_some_and(|c| c as usize <= PLAY_CAP) {
                assert!(reachable(&play, &full) == 1);
            }
        }
    }

    #[test]
    fn the_pages_lookups_agree_with_the_library_on_random_arrangements() {
        let mut rng = Rng::new(24);
        for text in [
            include_str!("../../../fixtures/paper2x2.txt"),
            include_str!("../../../fixtures/several2x2.txt"),
            include_str!("../../../fixtures/repetition_mismatch2x2.txt"),
            include_str!("../../../fixtures/planted3x3.txt"),
            include_str!("../../../fixtures/cards3x3.txt"),
            include_str!("../../../fixtures/nxn/no-orientation.txt"),
        ] {
            let puzzle: Puzzle = text.parse().unwrap();
            check(&puzzle, &mut rng, 300);
        }
        for (n, k) in [(2, 3), (3, 4), (4, 5)] {
            let (puzzle, _) = crate::puzzle::generate::planted(n, k, &mut rng, Default::default()).unwrap();
            check(&puzzle, &mut rng, 100);
        }
    }

    #[test]
    fn every_lattice_point_sees_its_four_boundaries() {
        let puzzle: Puzzle = include_str!("../../../fixtures/planted3x3.txt").parse().unwrap();
        let play = view(&puzzle, &RecordingGraph::new(&puzzle), &[], None);
        for p in &play.points {
            let touched: Vec<usize> = p.boundaries.iter().flat_map(|&b| play.boundaries[b].cells).collect();
            for cell in p.cells {
                assert_eq!(touched.iter().filter(|&&c| c == cell).count(), 2, "{:?}", p.point);
            }
        }
    }
}
