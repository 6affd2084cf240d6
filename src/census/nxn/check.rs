//! The `n x n` census puzzle by puzzle (`scramble verify --size 3
//! --check`): the independent comparisons behind the fast totals and the
//! `n x n` theorem of RESULTS.md (open question 4.2).
//!
//! For every puzzle:
//! - the backtracker counts its solutions, one by one, and a count other
//!   than `super::count`'s is a `count_mismatches`;
//! - the graph solver ([`crate::solve::graph`]) counts them too, on every
//!   puzzle with at most `GRAPH_LIMIT` solutions (it is far slower on
//!   puzzles with many solutions); a different count is a mismatch;
//! - the theorem's checker ([`evaluate`]) judges every *candidate
//!   subgraph* ([`candidates`]) and is compared with [`keeping`], a brute
//!   force over the placements that keep exactly H: the checker must
//!   accept H exactly when some solution keeps it, and list exactly those
//!   solutions.

use std::collections::BTreeSet;
use std::ops::Range;

use itertools::Itertools;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::{NxnTotals, multisets};
use crate::census::{Census, Judged};
use crate::context::{Context, Stop, Threads};
use crate::recording::kept::{inner_corners, kept_corners};
use crate::solve::{Goal, Order, Search, Solver};
use crate::theorem::arrangement_form::{corner_moves, evaluate};
use crate::{Arrangement, Placement, Puzzle};

/// The graph solver is compared on the puzzles with at most this many
/// solutions modulo rotation (every 3x3 puzzle over K = 2 repetition-free
/// patterns has at most 362,880).
pub(crate) const GRAPH_LIMIT: u64 = 400_000;

/// The puzzle-by-puzzle comparisons of `verify --size 3 --check`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Checked {
    /// Puzzles checked (all of the run's unless it stopped early).
    pub checked: u64,
    /// Puzzles where the backtracker's count differs from the solved-grid
    /// count of [`super::count`].
    pub count_mismatches: u64,
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
    /// Candidates the theorem's checker accepts, and those where its
    /// verdict or solutions differ from the brute force's.
    #[serde(flatten, with = "crate::census::judged::theorem")]
    pub theorem: Judged,
}

impl Checked {
    /// Adds another part's counts.
    pub(crate) fn merge(&mut self, o: &Checked) {
        self.checked += o.checked;
        self.count_mismatches += o.count_mismatches;
        self.graph_compared += o.graph_compared;
        self.graph_solutions += o.graph_solutions;
        self.graph_mismatches += o.graph_mismatches;
        self.candidates += o.candidates;
        self.solution_subgraphs += o.solution_subgraphs;
        self.theorem.merge(&o.theorem);
    }

    /// Whether a mismatch (a counterexample to the theorem or to the code)
    /// was found.
    pub(crate) fn counterexample(&self) -> bool {
        self.count_mismatches > 0 || self.graph_mismatches > 0 || self.theorem.mismatches > 0
    }
}

/// What [`run`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct CheckOutcome {
    /// The comparisons over the puzzles checked.
    pub checked: Checked,
    /// The backtracker's totals over the same puzzles.
    pub totals: NxnTotals,
    /// The first mismatches: the puzzle's pieces and what disagreed.
    pub mismatches: Vec<String>,
}

/// Checks the puzzles of `range` (ranks in enumeration order) of the
/// `size x size` census, given their arrangement counts `arrangements`
/// (indexed by rank, from [`super::count::arrangements`]), keeping the
/// first `keep` mismatches. Puzzles not finished when `stop` is reached
/// are left out (`checked` says how many were); `stop` is polled by the
/// backtracker and between candidates, not inside the graph solver's count
/// of one puzzle (at most `GRAPH_LIMIT` solutions).
///
/// # Complexity
/// Per puzzle: two exhaustive solution counts (exponential in `n^2`) and
/// `O(n^4)` candidates, each judged by the checker and by a brute force
/// over at most `4^(n^2)` placements (2304 for 3x3).
pub(crate) fn run(
    census: &Census,
    size: usize,
    range: Range<usize>,
    arrangements: &[u64],
    keep: usize,
    context: &Context,
) -> CheckOutcome {
    let (stop, progress) = (context.stop(), context.progress());
    let classes = census.pieces();
    progress.start(range.len() as u64);
    let puzzles: Vec<(usize, Vec<usize>)> = multisets(census, size)
        .enumerate()
        .skip(range.start)
        .take(range.len())
        .collect();
    let parts: Vec<Option<(Checked, u64, Vec<String>)>> = puzzles
        .par_iter()
        .map(|(rank, ids)| {
            let puzzle = Puzzle::new(ids.iter().map(|&i| classes[i]).collect()).expect("a square puzzle");
            let part = check(&puzzle, arrangements[*rank] / 4, keep, stop);
            progress.advance(1);
            part
        })
        .collect();
    let mut outcome = CheckOutcome::default();
    for (checked, count, mismatches) in parts.into_iter().flatten() {
        outcome.checked.merge(&checked);
        outcome.totals.add(count);
        outcome.mismatches.extend(mismatches);
    }
    outcome.mismatches.truncate(keep);
    outcome
}

/// One puzzle's comparisons, its backtracker count and its mismatches, or
/// `None` if `stop` came first. `expected` is the solved-grid count.
fn check(puzzle: &Puzzle, expected: u64, keep: usize, stop: &Stop) -> Option<(Checked, u64, Vec<String>)> {
    if stop.reached() {
        return None;
    }
    let solver = Solver::new(puzzle, Order::Spiral, 0).expect("a square puzzle");
    let only_stop = Context::new().until(stop);
    let search = Search::within(Goal::Count { keep: 1 }, &only_stop);
    let counted = solver.run(&search.on(Threads::One).without_stats());
    if counted.stats.stopped {
        return None;
    }
    let count = counted.solutions;
    let mut t = Checked {
        checked: 1,
        count_mismatches: u64::from(count != expected),
        ..Checked::default()
    };
    let mut mismatches = Vec::new();
    if count != expected {
        mismatches.push(format!(
            "{}: backtracker {count}, solved grids {expected}",
            pieces_text(puzzle)
        ));
    }
    if count <= GRAPH_LIMIT {
        let search = Search::within(Goal::Count { keep: 0 }, &Context::new().until(stop));
        let glued = crate::solve::graph::run(puzzle, &search).expect("the graph method counts");
        if glued.stats.stopped {
            return None;
        }
        let graph = glued.solutions;
        t.graph_compared = 1;
        t.graph_solutions = graph;
        if graph != count {
            t.graph_mismatches = 1;
            mismatches.push(format!("{}: backtracker {count}, graph {graph}", pieces_text(puzzle)));
        }
    }
    let mut seeds = vec![identity(puzzle)];
    seeds.extend(counted.kept);
    for h in candidates(puzzle, &seeds) {
        if stop.reached() {
            return None;
        }
        let verdict = evaluate(puzzle, &h);
        let truth = keeping(puzzle, &h);
        t.candidates += 1;
        t.solution_subgraphs += u64::from(!truth.is_empty());
        t.theorem.accepted += u64::from(verdict.accepted());
        if verdict.accepted() == truth.is_empty() || verdict.solutions != truth {
            t.theorem.mismatches += 1;
            if mismatches.len() < keep {
                mismatches.push(format!("{}: subgraph {h:?}", pieces_text(puzzle)));
            }
        }
    }
    mismatches.truncate(keep);
    Some((t, count, mismatches))
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
    use crate::recording::gluing::tests::planted;

    #[test]
    fn run_as_documented() {
        use crate::census::{
            Census,
            nxn::{check, count},
        };
        use crate::context::Context;
        let census = Census {
            patterns: 2,
            repetition_free: true,
        };
        let all = count::arrangements(&census, 3, &Context::new()).unwrap();
        let outcome = check::run(&census, 3, 2000..2001, &all, 1, &Context::new());
        assert_eq!(outcome.checked.checked, 1);
        assert!(!outcome.checked.counterexample());
    }

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
    fn a_slice_of_the_k2_census_agrees_with_the_theorem_and_the_counts() {
        let census = Census {
            patterns: 2,
            repetition_free: true,
        };
        let all = crate::census::nxn::count::arrangements(&census, 3, &Context::new()).unwrap();
        let outcome = run(&census, 3, 70..80, &all, 5, &Context::new());
        let t = &outcome.checked;
        assert_eq!(t.checked, 10);
        assert!(outcome.mismatches.is_empty(), "{:?}", outcome.mismatches);
        assert_eq!(outcome.totals, NxnTotals::of(&all, 70..80));
        assert_eq!(t.graph_compared, 10);
        assert_eq!(t.graph_solutions, outcome.totals.solutions);
        assert!(t.candidates > 10 * 50);
        assert!(t.solution_subgraphs >= outcome.totals.solvable);
        assert_eq!(t.theorem.accepted, t.solution_subgraphs);
    }

    #[test]
    fn a_wrong_expected_count_is_a_mismatch_and_a_stop_skips_puzzles() {
        let puzzle = planted(3, 3, 1).next().unwrap();
        let count = Solver::new(&puzzle, Order::Spiral, 0).unwrap().count().solutions;
        let (t, counted, mismatches) = check(&puzzle, count + 1, 3, &Stop::never()).unwrap();
        assert_eq!((t.count_mismatches, counted), (1, count));
        assert!(mismatches[0].contains("solved grids"), "{mismatches:?}");
        assert!(t.counterexample());
        let stopped = Stop::never().after(std::time::Duration::ZERO);
        assert_eq!(check(&puzzle, count, 3, &stopped), None);
    }
}
