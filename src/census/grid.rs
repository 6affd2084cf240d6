//! The `n x n` census (`scramble verify --size 3`): every 3x3 puzzle over
//! `K` patterns (every multiset of 9 piece classes) checked against the
//! `n x n` theorem of RESULTS.md (open question 4.2).
//!
//! For every puzzle:
//! - the backtracker counts its solutions (`puzzles`, `solvable`,
//!   `unique`, `solutions` as in the 2x2 census);
//! - the graph solver ([`crate::solve::graph`]) counts them too, on every
//!   puzzle with at most [`GRAPH_LIMIT`] solutions (it is far slower on
//!   puzzles with many solutions); a different count is a mismatch;
//! - the theorem's checker ([`evaluate`]) judges every *candidate
//!   subgraph* ([`candidates`]) and is compared with [`keeping`], a brute
//!   force over the placements that keep exactly H: the checker must
//!   accept H exactly when some solution keeps it, and list exactly those
//!   solutions.

use std::collections::BTreeSet;

use itertools::Itertools;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::Census;
use super::shard::Shard;
use crate::recording::kept::{inner_corners, kept_corners};
use crate::solve::{Order, Solver};
use crate::theorem::arrangement_form::{corner_moves, evaluate};
use crate::{Arrangement, Placement, Progress, Puzzle};

/// The graph solver is compared on the puzzles with at most this many
/// solutions modulo rotation (every 3x3 puzzle over K = 2 repetition-free
/// patterns has at most 362,880).
pub const GRAPH_LIMIT: u64 = 400_000;

/// The totals of the `n x n` census; the first four are the 2x2 census's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridTotals {
    /// Multisets of `n * n` pieces.
    pub puzzles: u64,
    /// Puzzles with at least one solution.
    pub solvable: u64,
    /// Puzzles with exactly one solution.
    pub unique: u64,
    /// Solutions (modulo rotation, backtracker) summed over the puzzles.
    pub solutions: u64,
    /// Puzzles on which the graph solver's count was compared.
    pub graph_compared: u64,
    /// Solutions the graph solver counted on those puzzles.
    pub graph_solutions: u64,
    /// Puzzles where the graph solver's count differs from the backtracker's.
    pub graph_mismatches: u64,
    /// Candidate subgraphs judged.
    pub candidates: u64,
    /// Candidates that some solution keeps (brute force).
    pub solution_subgraphs: u64,
    /// Candidates the theorem's checker accepts.
    pub theorem_accepted: u64,
    /// Candidates where the checker's verdict or solutions differ from the
    /// brute force's.
    pub theorem_mismatches: u64,
}

impl GridTotals {
    /// Adds another part's totals.
    pub fn merge(&mut self, o: &GridTotals) {
        self.puzzles += o.puzzles;
        self.solvable += o.solvable;
        self.unique += o.unique;
        self.solutions += o.solutions;
        self.graph_compared += o.graph_compared;
        self.graph_solutions += o.graph_solutions;
        self.graph_mismatches += o.graph_mismatches;
        self.candidates += o.candidates;
        self.solution_subgraphs += o.solution_subgraphs;
        self.theorem_accepted += o.theorem_accepted;
        self.theorem_mismatches += o.theorem_mismatches;
    }

    /// Whether a mismatch (a counterexample to the theorem or to the code)
    /// was found.
    pub fn counterexample(&self) -> bool {
        self.graph_mismatches > 0 || self.theorem_mismatches > 0
    }
}

/// What `verify --size 3 --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GridReport {
    /// `n`.
    pub size: usize,
    /// `K`.
    pub patterns: usize,
    /// Whether pieces with repetitions were included.
    pub repetitions: bool,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The totals.
    #[serde(flatten)]
    pub totals: GridTotals,
    /// The first mismatches: the puzzle's pieces and what disagreed.
    pub mismatches: Vec<String>,
    /// With `--shard`: which shard these totals are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

/// The number of `size x size` puzzles of the census: multisets of
/// `size^2` of its piece classes.
pub fn puzzle_count(census: &Census, size: usize) -> u64 {
    let (c, k) = (census.pieces().len() as u64, (size * size) as u64);
    (1..=k).fold(1u64, |acc, i| acc * (c + i - 1) / i)
}

/// Runs shard `shard` of the census (puzzles split evenly in enumeration
/// order), keeping the first `keep` mismatches.
///
/// ```
/// use scramble::census::{Census, grid, shard::Shard};
/// let census = Census { patterns: 2, repetitions: false };
/// let (totals, _) = grid::run(&census, 3, Shard { index: 2000, count: 2002 }, 1, &());
/// assert_eq!(totals.puzzles, 1);
/// assert!(!totals.counterexample());
/// ```
///
/// # Complexity
/// Per puzzle: two exhaustive solution counts (exponential in `n^2`) and
/// `O(n^4)` candidates, each judged by the checker and by a brute force
/// over at most `4^(n^2)` placements (2304 for 3x3).
pub fn run(
    census: &Census,
    size: usize,
    shard: Shard,
    keep: usize,
    progress: &dyn Progress,
) -> (GridTotals, Vec<String>) {
    let classes = census.pieces();
    let total = puzzle_count(census, size) as usize;
    let range = shard.range(&vec![1; total]);
    progress.start(range.len() as u64);
    let multisets: Vec<Vec<usize>> = (0..classes.len())
        .combinations_with_replacement(size * size)
        .skip(range.start)
        .take(range.len())
        .collect();
    let parts: Vec<(GridTotals, Vec<String>)> = multisets
        .par_iter()
        .map(|ids| {
            let puzzle = Puzzle::new(ids.iter().map(|&i| classes[i]).collect()).expect("a square puzzle");
            let part = check(&puzzle, keep);
            progress.advance(1);
            part
        })
        .collect();
    let mut totals = GridTotals::default();
    let mut mismatches = Vec::new();
    for (t, m) in parts {
        totals.merge(&t);
        mismatches.extend(m);
    }
    mismatches.truncate(keep);
    (totals, mismatches)
}

/// One puzzle's totals and mismatches.
fn check(puzzle: &Puzzle, keep: usize) -> (GridTotals, Vec<String>) {
    let solver = Solver::new(puzzle, Order::Spiral, 0).expect("a square puzzle");
    let count = solver.count().solutions;
    let mut t = GridTotals {
        puzzles: 1,
        solvable: u64::from(count > 0),
        unique: u64::from(count == 1),
        solutions: count,
        ..GridTotals::default()
    };
    let mut mismatches = Vec::new();
    if count <= GRAPH_LIMIT {
        let graph = crate::solve::graph::count(puzzle).solutions;
        t.graph_compared = 1;
        t.graph_solutions = graph;
        if graph != count {
            t.graph_mismatches = 1;
            mismatches.push(format!("{}: backtracker {count}, graph {graph}", pieces_text(puzzle)));
        }
    }
    let mut seeds = vec![identity(puzzle)];
    seeds.extend(solver.first().0);
    for h in candidates(puzzle, &seeds) {
        let verdict = evaluate(puzzle, &h);
        let truth = keeping(puzzle, &h);
        t.candidates += 1;
        t.solution_subgraphs += u64::from(!truth.is_empty());
        t.theorem_accepted += u64::from(verdict.accepted());
        if verdict.accepted() == truth.is_empty() || verdict.solutions != truth {
            t.theorem_mismatches += 1;
            if mismatches.len() < keep {
                mismatches.push(format!("{}: subgraph {h:?}", pieces_text(puzzle)));
            }
        }
    }
    (t, mismatches)
}

fn pieces_text(puzzle: &Puzzle) -> String {
    puzzle.pieces().iter().map(ToString::to_string).join(" / ")
}

/// Piece `i` in cell `i`, unturned.
fn identity(puzzle: &Puzzle) -> Arrangement {
    let cells = (0..puzzle.pieces().len())
        .map(|piece| Placement { piece, rotation: 0 })
        .collect();
    Arrangement::new(puzzle.size(), cells)
}

/// The edges (`4 * piece + corner`) an arrangement keeps.
pub fn kept(arrangement: &Arrangement) -> BTreeSet<usize> {
    kept_corners(arrangement).map(|(piece, c)| 4 * piece + c).collect()
}

/// The candidate subgraphs of a puzzle, for `seeds` (the census uses the
/// identity arrangement and the backtracker's first solution): the kept
/// subgraph of each seed, of every arrangement one quarter turn of one
/// piece or one exchange of two cells' pieces (turns kept) away from it,
/// and every subgraph one kept corner of the seed's moved to another
/// corner of the same color. Up to `1 + 3n^2 + C(n^2, 2) + 12(n-1)^2` per
/// seed.
pub fn candidates(puzzle: &Puzzle, seeds: &[Arrangement]) -> BTreeSet<BTreeSet<usize>> {
    let cells = puzzle.pieces().len();
    let mut out = BTreeSet::new();
    for seed in seeds {
        let base = kept(seed);
        out.insert(base.clone());
        for cell in 0..cells {
            for turn in 1..4 {
                let mut turned = seed.cells().to_vec();
                turned[cell].rotation = (turned[cell].rotation + turn) % 4;
                out.insert(kept(&Arrangement::new(seed.size(), turned)));
            }
            for other in cell + 1..cells {
                let mut swapped = seed.cells().to_vec();
                let (a, b) = (swapped[cell].piece, swapped[other].piece);
                swapped[cell].piece = b;
                swapped[other].piece = a;
                out.insert(kept(&Arrangement::new(seed.size(), swapped)));
            }
        }
        out.extend(corner_moves(&base));
    }
    out
}

/// The solutions (canonical, sorted) that keep exactly `h`, by brute
/// force: every color goes to a cell and turn whose kept corners are its
/// corners in `h`, and every such arrangement is tested side by side.
/// Independent of the theorem's code.
///
/// # Complexity
/// The product over colors of their possible placements (for 3x3 at most
/// `4! * 4! * 4 = 2304` arrangements), each tested in `O(n^2)`.
pub fn keeping(puzzle: &Puzzle, h: &BTreeSet<usize>) -> Vec<Arrangement> {
    let n = puzzle.size();
    let options: Vec<Vec<Placement>> = (0..puzzle.pieces().len())
        .map(|piece| {
            let mine: Vec<usize> = (0..4).filter(|c| h.contains(&(4 * piece + c))).collect();
            (0..n * n)
                .flat_map(|cell| (0..4).map(move |rotation| (cell, rotation)))
                .filter(|&(cell, rotation)| {
                    let mut corners = inner_corners(n, cell, rotation);
                    corners.sort_unstable();
                    corners == mine
                })
                .map(|(cell, rotation)| Placement { piece: cell, rotation })
                .collect()
        })
        .collect();
    let mut found = BTreeSet::new();
    let mut cells: Vec<Option<Placement>> = vec![None; n * n];
    place(puzzle, &options, 0, &mut cells, &mut found);
    found.into_iter().collect()
}

/// Gives color `piece` each of its options (`Placement::piece` holds the
/// cell there) on a free cell.
fn place(
    puzzle: &Puzzle,
    options: &[Vec<Placement>],
    piece: usize,
    cells: &mut Vec<Option<Placement>>,
    found: &mut BTreeSet<Arrangement>,
) {
    let Some(these) = options.get(piece) else {
        let placed: Vec<Placement> = cells.iter().map(|c| c.expect("every cell filled")).collect();
        let arrangement = Arrangement::new(puzzle.size(), placed);
        if arrangement.is_solution(puzzle) {
            found.insert(arrangement.canonical());
        }
        return;
    };
    for option in these {
        let cell = option.piece;
        if cells[cell].is_some() {
            continue;
        }
        cells[cell] = Some(Placement {
            piece,
            rotation: option.rotation,
        });
        place(puzzle, options, piece + 1, cells, found);
        cells[cell] = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theorem::gluing::tests::planted;

    #[test]
    fn keeping_finds_every_solution_by_its_kept_subgraph() {
        for puzzle in planted(3, 3, 2) {
            let all = crate::solve::plain::all_arrangements(&puzzle);
            assert!(!all.is_empty());
            for a in &all {
                let found = keeping(&puzzle, &kept(a));
                assert!(found.contains(&a.canonical()), "{puzzle}");
                assert!(found.iter().all(|s| s.is_solution(&puzzle) && kept(s) == kept(a)));
            }
        }
    }

    #[test]
    fn candidates_hold_the_seeds_kept_subgraph_and_its_neighbours() {
        let puzzle = planted(3, 3, 1).next().unwrap();
        let seed = identity(&puzzle);
        let found = candidates(&puzzle, std::slice::from_ref(&seed));
        assert!(found.contains(&kept(&seed)));
        assert!(found.len() > 50 && found.len() <= 1 + 27 + 36 + 48, "{}", found.len());
    }

    #[test]
    fn a_shard_of_the_k2_census_agrees_with_the_theorem() {
        let census = Census {
            patterns: 2,
            repetitions: false,
        };
        assert_eq!(puzzle_count(&census, 3), 2002);
        let (totals, mismatches) = run(&census, 3, Shard { index: 7, count: 200 }, 5, &());
        assert_eq!(totals.puzzles, 10);
        assert!(mismatches.is_empty(), "{mismatches:?}");
        assert_eq!(totals.graph_compared, 10);
        assert_eq!(totals.graph_solutions, totals.solutions);
        assert!(totals.candidates > 10 * 50);
        assert!(totals.solution_subgraphs >= totals.solvable);
        assert_eq!(totals.theorem_accepted, totals.solution_subgraphs);
    }
}
