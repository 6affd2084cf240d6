//! The judge: solutions found by trying arrangements, with no graph theory.
//!
//! For a 2x2 puzzle [`judge`] finds every solution arrangement with the
//! plain backtracker ([`crate::solve::plain`], tested here against trying all
//! 4! * 4^4 = 6144 arrangements with [`Arrangement::is_solution`]) and records which four-color
//! subgraphs occur as their centre corners: the reference that Theorem 2.1
//! and the twisted-graph criterion are tested against.
//!
//! Which corners a solution keeps is grid geometry, in
//! [`crate::recording::kept`]; this module only finds solutions.

use std::collections::BTreeMap;

use crate::recording::Subgraph;
use crate::recording::kept::solution_subgraph;
use crate::solve;
use crate::{Arrangement, Error, Puzzle, RecordingGraph, Result};

#[cfg(test)]
/// Every arrangement of a 2x2 puzzle: 4! orders times 4^4 rotations.
pub(crate) fn arrangements_2x2() -> impl Iterator<Item = Arrangement> {
    use crate::Placement;
    use itertools::Itertools;
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

#[cfg(test)]
fn rotations() -> Vec<Vec<usize>> {
    use itertools::Itertools;
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

/// Every solution of a 2x2 puzzle, found by the plain backtracker, and the
/// solution graphs their centre corners make.
///
/// # Complexity
/// The plain backtracker's search tree, at most `4! * 4^4 = 6144` leaves.
///
/// ```
/// use scramble::{Puzzle, RecordingGraph, judge};
/// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let j = judge(&puzzle, &RecordingGraph::new(&puzzle)).unwrap();
/// assert_eq!(j.solutions.len() % 4, 0);
/// assert!(j.count() >= 1);
/// assert!(j.solution_graphs.len() <= j.count());
/// ```
pub fn judge(puzzle: &Puzzle, graph: &RecordingGraph) -> Result<Judgement> {
    require_2x2(puzzle)?;
    let solutions = solve::plain::all_arrangements(puzzle);
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
pub(crate) fn require_2x2(puzzle: &Puzzle) -> Result<()> {
    match puzzle.square()? {
        2 => Ok(()),
        size => Err(Error::NotTwoByTwo {
            puzzle: puzzle.name().to_string(),
            size,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paper() -> Puzzle {
        "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap()
    }

    #[test]
    fn the_backtracker_finds_exactly_the_solutions_among_all_6144_arrangements() {
        let mut rng = crate::rng::Rng::new(7);
        for round in 0..200 {
            let patterns = 1 + round % 3;
            let text: String = (0..4)
                .map(|_| {
                    let sides: Vec<String> = (0..4)
                        .map(|_| format!("{}{}", 1 + rng.below(patterns), if rng.coin() { '+' } else { '-' }))
                        .collect();
                    sides.join(" ") + "\n"
                })
                .collect();
            let puzzle: Puzzle = text.parse().unwrap();
            let mut exhaustive: Vec<Arrangement> = arrangements_2x2().filter(|a| a.is_solution(&puzzle)).collect();
            let mut backtracked = solve::plain::all_arrangements(&puzzle);
            exhaustive.sort();
            backtracked.sort();
            assert_eq!(exhaustive, backtracked, "{puzzle}");
        }
    }

    #[test]
    fn tries_every_arrangement_once() {
        let all: Vec<Arrangement> = arrangements_2x2().collect();
        assert_eq!(all.len(), 24 * 256);
        assert_eq!(all.iter().collect::<std::collections::BTreeSet<_>>().len(), 6144);
    }

    #[test]
    fn the_planted_paper_solution_is_found_with_its_centre() {
        let puzzle = paper();
        let graph = RecordingGraph::new(&puzzle);
        let j = judge(&puzzle, &graph).unwrap();
        let planted = Arrangement::new(2, (0..4).map(|piece| crate::Placement { piece, rotation: 0 }).collect());
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
}
