//! The puzzle's solutions as the page shows them: each solved grid with the
//! edges of G(P) it keeps, grouped by interior lattice point
//! ([`crate::recording::kept::blocks`]), the n x n view of open question 4.2.

use serde::Serialize;

use crate::context::{Context, Threads};
use crate::recording::kept::{blocks, kept_edges};
use crate::solve::{Goal, Order, Outcome, Search, Solver};
use crate::{Arrangement, Placement, Puzzle, RecordingGraph, Result};

/// Grids up to this size are solved completely (every solution counted).
pub(crate) const COUNT_LIMIT: usize = 4;

/// The solutions section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct SolutionsView {
    /// Solutions modulo rotation; `None` when not counted (large grids).
    pub count: Option<u64>,
    /// Distinct-looking solutions ([`crate::solve::looks`]: identical cards not
    /// told apart); `None` when not counted.
    pub looks: Option<u64>,
    /// The first solutions in spiral search order, at most the cap.
    pub shown: Vec<SolutionView>,
    /// What the section leaves out, if anything.
    pub note: Option<String>,
    /// The search was stopped (time limit, interrupt): the count is missing.
    pub stopped: bool,
}

/// One solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct SolutionView {
    /// The placements, row-major.
    pub cells: Vec<Placement>,
    /// The edges it keeps, in cell order.
    pub kept: Vec<usize>,
    /// One block per interior lattice point.
    pub blocks: Vec<BlockView>,
}

/// The centre of the 2x2 block around an interior lattice point.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct BlockView {
    /// `(i, j)`: between rows `i-1` and `i`, columns `j-1` and `j`.
    pub point: (usize, usize),
    /// The four corners that meet there (edges of G(P)), cells top-left,
    /// top-right, bottom-left, bottom-right.
    pub edges: [usize; 4],
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// The first solutions in spiral search order, at most the number asked for.
    pub solutions: Vec<Arrangement>,
    /// How many there are modulo rotation (partial when `stopped`); `None`
    /// beyond [`COUNT_LIMIT`]`x`[`COUNT_LIMIT`].
    pub count: Option<u64>,
    /// Distinct-looking solutions, when counted to the end.
    pub looks: Option<u64>,
    /// The search was stopped (time limit, interrupt).
    pub stopped: bool,
}

/// Counts the solutions up to [`COUNT_LIMIT`]`x`[`COUNT_LIMIT`] (looks for
/// the first one beyond, searching identical cards once as
/// [`crate::solve::run`] does) and keeps the first `keep` of them in search
/// order: memory stays `O(keep)`, whatever the count and the threads.
/// Where the pool it is called in has several threads and the grid is 4x4
/// or larger ([`Threads::Auto`]), the first `keep` are listed on one thread
/// and then the count runs on every thread with none kept (a parallel
/// count that kept them would keep `keep` per subtree); the first solution
/// beyond 4x4 is searched on every thread. A search that runs to its end
/// finds the count and the solutions of one thread either way, so the page
/// is the same. The context's stop ends the search and its progress hears
/// of it at the polls.
///
/// # Complexity
/// As [`solutions`]; on several threads, plus the search up to the
/// `keep`-th solution on one.
pub(crate) fn find(puzzle: &Puzzle, keep: usize, context: &Context) -> Result<Found> {
    if puzzle.size() > COUNT_LIMIT {
        let solver = Solver::counting(puzzle, Order::Spiral.strategy(), 0)?;
        let outcome = solver.run(&Search::within(Goal::First, context));
        return Ok(Found {
            looks: None,
            solutions: outcome.kept,
            count: None,
            stopped: outcome.stats.stopped,
        });
    }
    let solver = Solver::new(puzzle, Order::Spiral, 0)?;
    let on_one = |goal| solver.run(&Search::within(goal, context).on(Threads::One));
    let keep = keep as u64;
    let outcome = if !Threads::Auto.parallel(puzzle.size()) {
        on_one(Goal::Count { keep })
    } else {
        let listed = on_one(Goal::List { limit: keep });
        if listed.stats.stopped {
            listed
        } else {
            let counted = solver.run(&Search::within(Goal::Count { keep: 0 }, context));
            Outcome {
                kept: listed.kept,
                ..counted
            }
        }
    };
    let complete = !outcome.stats.stopped;
    Ok(Found {
        looks: complete.then(|| crate::solve::looks::from_count(puzzle, outcome.solutions, outcome.symmetric)),
        solutions: outcome.kept,
        count: Some(outcome.solutions),
        stopped: outcome.stats.stopped,
    })
}

/// The section for what was `found`, showing at most `cap` solutions.
pub(crate) fn shown(graph: &RecordingGraph, found: &Found, cap: usize) -> SolutionsView {
    let Found {
        count, looks, stopped, ..
    } = *found;
    let note = match count {
        Some(c) if stopped => Some(format!(
            "the search was stopped (time limit or interrupt) after {c} solutions: the count is partial"
        )),
        None if stopped => Some("the search was stopped (time limit or interrupt) before a first solution".into()),
        None => Some(format!(
            "grids larger than {COUNT_LIMIT}x{COUNT_LIMIT} are not solved completely: the first solution found is shown, not counted"
        )),
        Some(c) if c as usize > cap => Some(format!("the first {cap} of {c} solutions are shown")),
        Some(_) => None,
    };
    SolutionsView {
        count: count.filter(|_| !stopped),
        looks,
        shown: found.solutions.iter().take(cap).map(|a| view(graph, a)).collect(),
        note,
        stopped,
    }
}

fn view(graph: &RecordingGraph, arrangement: &Arrangement) -> SolutionView {
    SolutionView {
        cells: arrangement.cells().to_vec(),
        kept: kept_edges(graph, arrangement).iter().map(|e| e.index()).collect(),
        blocks: blocks(graph, arrangement)
            .into_iter()
            .map(|(point, subgraph)| BlockView {
                point,
                edges: subgraph.edges().map(|e| e.index()),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_3x3_solution_keeps_twelve_edges_in_four_blocks() {
        let puzzle: Puzzle = include_str!("../../../fixtures/planted3x3.txt").parse().unwrap();
        let graph = RecordingGraph::new(&puzzle);
        let view = shown(&graph, &find(&puzzle, 1, &Context::new()).unwrap(), 1);
        let count = view.count.unwrap();
        assert!(count >= 1);
        assert_eq!(view.shown.len(), 1);
        assert_eq!(view.note.is_some(), count > 1);
        let s = &view.shown[0];
        // 4 corner pieces keep 1 edge, 4 edge pieces 2, the centre 4.
        assert_eq!(s.kept.len(), 4 + 8 + 4);
        assert_eq!(s.blocks.len(), 4);
        // Every kept corner lies at exactly one interior lattice point.
        let mut kept = s.kept.clone();
        let mut at_points: Vec<usize> = s.blocks.iter().flat_map(|b| b.edges).collect();
        kept.sort_unstable();
        at_points.sort_unstable();
        assert_eq!(kept, at_points);
        let arrangement = Arrangement::new(3, s.cells.clone());
        assert!(arrangement.is_solution(&puzzle));
    }

    #[test]
    fn several_threads_find_what_one_finds() {
        // 5,962 solutions modulo rotation (`scramble generate --size 4
        // --patterns 3 --seed 3`).
        let puzzle: Puzzle = "1- 1- 2+ 2+\n3- 1- 3- 2-\n1- 1- 1- 3+\n1+ 3+ 2+ 1-\n1- 1+ 1+ 3-\n2+ 1+ 2- 1-\n\
                              3- 1- 2- 2-\n3- 3- 1+ 3+\n1- 2- 1- 3+\n1+ 3- 3- 1-\n1+ 1+ 2- 2-\n1+ 3- 1- 1+\n\
                              2+ 2- 3+ 1-\n1+ 2+ 2+ 1-\n2+ 2- 2- 2+\n2+ 3+ 1+ 1-"
            .parse()
            .unwrap();
        let on = |threads: usize| {
            let context = Context::new().on_threads(threads.try_into().unwrap());
            context.install(|| find(&puzzle, 40, &context).unwrap()).unwrap()
        };
        let (one, two) = (on(1), on(2));
        assert_eq!((one.count, one.looks, one.stopped), (Some(5962), Some(2981), false));
        assert_eq!((two.count, two.looks, two.stopped), (one.count, one.looks, one.stopped));
        assert_eq!(one.solutions.len(), 40);
        assert_eq!(two.solutions, one.solutions, "the first 40 in search order");
    }
}
