//! All 256 four-color subgraphs of a 2x2 puzzle judged three ways: by
//! Theorem 2.1, by the twisted-graph criterion and by the brute-force
//! [`judge`](crate::Judgement), with every disagreement counted.
//!
//! Cost: the judge's plain backtracking (at most 4! * 4^4 = 6144 leaves)
//! plus constant work per subgraph.

use super::{Subgraph, Verdict, evaluate, four_color_subgraphs, solution_arrangements, twisted_criterion};
use crate::judge::{Judgement, judge};
use crate::{Arrangement, Picture, Puzzle, RecordingGraph, Result};

/// One four-color subgraph and what each method says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Row {
    /// Position in [`four_color_subgraphs`] order, 0..256.
    pub(crate) index: usize,
    /// The subgraph.
    pub(crate) subgraph: Subgraph,
    /// The four conditions of Theorem 2.1.
    pub(crate) verdict: Verdict,
    /// The twisted-graph criterion.
    pub(crate) twisted: bool,
    /// Solutions whose centre it is, one per rotation class (the judge).
    pub(crate) solutions: Vec<Arrangement>,
    /// Solutions rebuilt from its twisted circuits.
    pub(crate) rebuilt: Vec<Arrangement>,
}

impl Row {
    /// Whether Theorem 2.1's conditions all hold.
    pub(crate) fn theorem(&self) -> bool {
        self.verdict.accepted()
    }

    /// Whether the judge found it as the centre of a solution.
    pub(crate) fn judge(&self) -> bool {
        !self.solutions.is_empty()
    }

    /// Whether anything disagrees with the judge: the theorem, the twisted
    /// criterion or the reconstruction.
    pub(crate) fn disagreement(&self) -> bool {
        self.theorem() != self.judge() || self.twisted != self.judge() || self.rebuilt != self.solutions
    }
}

/// The 256 rows of a 2x2 puzzle with the judge's findings (their report,
/// row by row: [`crate::render::inspect::Inspection::subgraphs`]).
#[derive(Clone, Debug)]
pub struct Analysis {
    /// One row per four-color subgraph.
    pub(crate) rows: Vec<Row>,
    /// The brute-force solutions.
    pub judgement: Judgement,
    /// Whether the puzzle is repetition-free (Theorem 2.1's hypothesis).
    pub repetition_free: bool,
    /// Whether the puzzle has a self-matching picture (`X=`), outside
    /// Theorem 2.1's hypothesis too (docs/notes/self-matching.md).
    pub self_matching: bool,
}

impl Analysis {
    /// Subgraphs the judge finds as solution centres.
    pub fn solution_graphs(&self) -> usize {
        self.count(Row::judge)
    }

    /// Subgraphs meeting conditions (1)-(4).
    pub fn theorem_accepted(&self) -> usize {
        self.count(Row::theorem)
    }

    /// Subgraphs where Theorem 2.1 and the judge disagree.
    pub fn theorem_mismatches(&self) -> usize {
        self.count(|r| r.theorem() != r.judge())
    }

    /// Subgraphs the twisted criterion accepts.
    pub fn twisted_accepted(&self) -> usize {
        self.count(|r| r.twisted)
    }

    /// Subgraphs where the twisted criterion and the judge disagree.
    pub fn twisted_mismatches(&self) -> usize {
        self.count(|r| r.twisted != r.judge())
    }

    /// Subgraphs whose rebuilt solutions differ from the judge's.
    pub fn reconstruction_mismatches(&self) -> usize {
        self.count(|r| r.rebuilt != r.solutions)
    }

    /// Subgraphs where conditions (1), (2), (3') and (4) (the repaired
    /// theorem) and the judge disagree.
    pub(crate) fn repaired_mismatches(&self) -> usize {
        self.count(|r| r.verdict.repaired_accepted() != r.judge())
    }

    /// Whether Theorem 2.1's hypothesis holds: no repetitions and no
    /// self-matching pictures.
    pub(crate) fn in_theorem_scope(&self) -> bool {
        self.repetition_free && !self.self_matching
    }

    /// Whether a claim is refuted: Theorem 2.1 on a repetition-free puzzle
    /// without self-matching pictures, or the repaired theorem, the twisted
    /// criterion or the reconstruction on any puzzle.
    pub fn counterexample(&self) -> bool {
        (self.in_theorem_scope() && self.theorem_mismatches() > 0)
            || self.repaired_mismatches() > 0
            || self.twisted_mismatches() > 0
            || self.reconstruction_mismatches() > 0
    }

    fn count(&self, keep: impl Fn(&Row) -> bool) -> usize {
        self.rows.iter().filter(|r| keep(r)).count()
    }
}

/// Judges every four-color subgraph of a 2x2 puzzle three ways.
///
/// ```
/// use scramble::{Puzzle, RecordingGraph, theorem::analysis::analyse};
/// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let a = analyse(&puzzle, &RecordingGraph::new(&puzzle)).unwrap();
/// assert_eq!(a.theorem_mismatches(), 0);
/// assert_eq!(a.theorem_accepted(), a.solution_graphs());
/// ```
pub fn analyse(puzzle: &Puzzle, graph: &RecordingGraph) -> Result<Analysis> {
    let judgement = judge(puzzle, graph)?;
    let rows = four_color_subgraphs(graph)
        .enumerate()
        .map(|(index, subgraph)| Row {
            index,
            verdict: evaluate(graph, &subgraph),
            twisted: twisted_criterion(graph, &subgraph),
            solutions: judgement.solution_graphs.get(&subgraph).cloned().unwrap_or_default(),
            rebuilt: solution_arrangements(graph, &subgraph),
            subgraph,
        })
        .collect();
    Ok(Analysis {
        rows,
        judgement,
        repetition_free: puzzle.is_repetition_free(),
        self_matching: puzzle.pictures().any(Picture::is_self_matching),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analysed(text: &str) -> Analysis {
        let puzzle: Puzzle = text.parse().unwrap();
        analyse(&puzzle, &RecordingGraph::new(&puzzle)).unwrap()
    }

    const PAPER: &str = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+";

    #[test]
    fn a_wrong_verdict_on_a_repetition_free_puzzle_is_a_counterexample() {
        let mut a = analysed(PAPER);
        assert!(!a.counterexample());
        let graph = RecordingGraph::new(&PAPER.parse().unwrap());
        let row = a.rows.iter_mut().find(|r| r.judge()).unwrap();
        let [first, second, ..] = row.subgraph.resolve(&graph);
        row.verdict.paths = Err(crate::theorem::BadPath { first, second });
        assert_eq!(a.theorem_mismatches(), 1);
        assert!(a.counterexample());
        a.repetition_free = false;
        assert!(!a.counterexample(), "with repetitions it is a finding");
        a.repetition_free = true;
        a.self_matching = true;
        assert!(!a.counterexample(), "with self-matching pictures it is a finding");
        a.rows[0].twisted = !a.rows[0].twisted;
        assert!(a.counterexample(), "the twisted criterion claims every puzzle");
    }

    #[test]
    fn a_wrong_reconstruction_is_a_counterexample() {
        let mut a = analysed(PAPER);
        let row = a.rows.iter_mut().find(|r| r.judge()).unwrap();
        row.rebuilt.clear();
        assert!(row.disagreement());
        assert_eq!(a.reconstruction_mismatches(), 1);
        assert!(a.counterexample());
    }

    /// The smallest repetition-free counterexample of
    /// docs/notes/self-matching.md: Theorem 2.1 rejects a solution graph,
    /// which is a finding, not a counterexample, and the repaired theorem
    /// and the twisted criterion agree with the judge.
    #[test]
    fn a_self_matching_middle_is_a_finding_that_the_repair_covers() {
        let a = analysed("1- 1+ 2= 3=\n1- 1+ 2= 3=\n1- 1+ 2= 3=\n1- 2= 3= 1+");
        assert!(a.repetition_free && a.self_matching && !a.in_theorem_scope());
        assert!(a.theorem_mismatches() > 0);
        assert_eq!(a.theorem_accepted() + a.theorem_mismatches(), a.solution_graphs());
        assert_eq!((a.repaired_mismatches(), a.twisted_mismatches()), (0, 0));
        assert!(!a.counterexample());
    }
}
