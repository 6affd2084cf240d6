//! The theorems: Theorem 2.1 of the paper and the twisted-graph criterion
//! for 2x2 puzzles, and their `n x n` analogue (circuits glued at the
//! interior lattice points).
//!
//! - four-edge subgraphs and their enumerator live with the recording graph
//!   ([`crate::recording::subgraph`]) and are re-exported here.
//! - `conditions`: the four conditions of Theorem 2.1, each with a witness.
//! - `twisted`: the twisted-graph criterion (edge `X -> Y` becomes
//!   `X -> Y^c`; a solution graph is one Eulerian circuit) and the
//!   reconstruction of arrangements from a solution graph.
//! - [`analysis`]: all 256 four-color subgraphs of a 2x2 puzzle judged by
//!   both criteria and by the judge.
//!
//! - [`frame`]: what a subgraph H of an `n x n` puzzle says on its own (a
//!   frame: each piece's kind and outward turn) and the conditions on H
//!   alone, checked in linear time (open question 4.2); `ring_core`:
//!   condition (H6), ring and core, the exact condition on H alone for 3x3;
//!   [`arrangement_form`]: the reformulation of "a solution keeps exactly
//!   H" as a gluing of circuits (it quantifies over arrangements), whose
//!   constructive half is [`crate::recording::gluing`]; [`edge_list`]
//!   reads and writes subgraph files. `crate::render::inspect` reports on
//!   a subgraph with all of them.
//! - `reduction`: the kept-subgraph question is NP-complete for every
//!   `n`; `bounded`: with at most `n + 4` patterns it still is, and
//!   with a fixed number of patterns it is not unless P = NP.
//!
//! [`evaluate`] gathers the four conditions in a [`Verdict`] whose
//! [`explain`](Verdict::explain) says why a subgraph is or is not accepted.
//! The brute-force reference that needs no graph theory is
//! [`crate::Judgement`].

pub mod analysis;
pub mod arrangement_form;
#[cfg(test)]
mod bounded;
pub(crate) mod conditions;
pub mod edge_list;
pub mod frame;
mod frame_shape;
pub mod framed;
#[cfg(test)]
mod one_pattern;
#[cfg(test)]
mod reduction;
pub(crate) mod ring_core;
pub(crate) mod twisted;

use std::fmt;

use serde::Serialize;

pub(crate) use crate::recording::subgraph::SubEdge;
pub use crate::recording::subgraph::{Subgraph, four_color_subgraphs};
pub(crate) use conditions::{BadPath, NotPseudoConnected, SameColor, Unbalanced};
pub(crate) use twisted::solution_arrangements;
pub use twisted::twisted_criterion;

use crate::{Puzzle, RecordingGraph};

/// One of the four conditions of Theorem 2.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Condition {
    /// (1) each edge has a different color.
    Colors,
    /// (2) in-degree of every vertex equals out-degree of its complement.
    Degrees,
    /// (3) every path `X -> A -> Y` has `Y = X^c`.
    Paths,
    /// (4) the subgraph is pseudo-connected.
    PseudoConnected,
}

impl Condition {
    /// The four conditions in the paper's order.
    pub const ALL: [Condition; 4] = [
        Condition::Colors,
        Condition::Degrees,
        Condition::Paths,
        Condition::PseudoConnected,
    ];

    /// 1, 2, 3 or 4.
    pub fn number(self) -> usize {
        self as usize + 1
    }

    /// A short name: `colors`, `degrees`, `paths`, `pseudo-connected`.
    pub fn name(self) -> &'static str {
        ["colors", "degrees", "paths", "pseudo-connected"][self as usize]
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}) {}", self.number(), self.name())
    }
}

/// The four conditions of Theorem 2.1 evaluated separately on one subgraph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// (1) each edge a different color.
    pub(crate) colors: Result<(), SameColor>,
    /// (2) `in(v) = out(v^c)` everywhere.
    pub(crate) degrees: Result<(), Unbalanced>,
    /// (3) paths turn back to the complement.
    pub(crate) paths: Result<(), BadPath>,
    /// (4) pseudo-connected.
    pub(crate) pseudo_connected: Result<(), NotPseudoConnected>,
    /// (3') paths turn back to the complement unless the middle's
    /// complement carries a loop or the middle matches itself: replaces (3)
    /// with repetitions and self-matching pictures.
    pub(crate) paths_unless_loop: Result<(), BadPath>,
}

/// Evaluates the four conditions on any four edges of `graph`. Constant
/// time.
///
/// ```
/// use scramble::{Puzzle, RecordingGraph, theorem::{Condition, Subgraph, evaluate}};
/// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let g = RecordingGraph::new(&puzzle);
/// // The centre corners of the planted solution: 1+->2+, 4+->1-, 2-->4-, 4+->4-.
/// let solution = Subgraph::from_corners(&g, [1, 2, 0, 3]);
/// assert!(evaluate(&g, &solution).accepted());
/// let other = Subgraph::from_corners(&g, [0, 0, 0, 0]);
/// assert_eq!(evaluate(&g, &other).failing(), vec![Condition::Degrees, Condition::Paths]);
/// ```
pub fn evaluate(graph: &RecordingGraph, subgraph: &Subgraph) -> Verdict {
    evaluate_edges(&subgraph.resolve(graph))
}

/// [`evaluate`] on edges already resolved.
pub(crate) fn evaluate_edges(edges: &[SubEdge; 4]) -> Verdict {
    Verdict {
        colors: conditions::distinct_colors(edges),
        degrees: conditions::degrees_match(edges),
        paths: conditions::paths_turn_back(edges),
        pseudo_connected: conditions::pseudo_connected(edges),
        paths_unless_loop: conditions::paths_turn_back_unless_loop(edges),
    }
}

impl Verdict {
    /// Whether all four conditions hold: Theorem 2.1 calls the subgraph a
    /// solution graph (for repetition-free puzzles).
    pub fn accepted(&self) -> bool {
        self.failing().is_empty()
    }

    /// Whether conditions (1), (2), (3') and (4) hold: the repaired theorem,
    /// exact for every 2x2 puzzle, with or without repetitions and
    /// self-matching pictures.
    pub fn repaired_accepted(&self) -> bool {
        self.paths_unless_loop.is_ok()
            && [Condition::Colors, Condition::Degrees, Condition::PseudoConnected]
                .into_iter()
                .all(|c| self.holds(c))
    }

    /// Whether one condition holds.
    pub fn holds(&self, condition: Condition) -> bool {
        match condition {
            Condition::Colors => self.colors.is_ok(),
            Condition::Degrees => self.degrees.is_ok(),
            Condition::Paths => self.paths.is_ok(),
            Condition::PseudoConnected => self.pseudo_connected.is_ok(),
        }
    }

    /// The conditions that fail, in order.
    pub fn failing(&self) -> Vec<Condition> {
        Condition::ALL.into_iter().filter(|&c| !self.holds(c)).collect()
    }

    /// The witness of a failing condition in words, `None` when it holds.
    pub fn witness(&self, condition: Condition, puzzle: &Puzzle) -> Option<String> {
        match condition {
            Condition::Colors => self.colors.as_ref().err().map(|w| w.describe(puzzle)),
            Condition::Degrees => self.degrees.as_ref().err().map(|w| w.describe(puzzle)),
            Condition::Paths => self.paths.as_ref().err().map(|w| w.describe(puzzle)),
            Condition::PseudoConnected => self.pseudo_connected.as_ref().err().map(|w| w.describe(puzzle)),
        }
    }

    /// Why (3') fails in words, `None` when it holds.
    pub fn repaired_witness(&self, puzzle: &Puzzle) -> Option<String> {
        self.paths_unless_loop.as_ref().err().map(|w| w.describe(puzzle))
    }

    /// Why the subgraph is or is not accepted, with the puzzle's labels.
    pub fn explain<'a>(&'a self, puzzle: &'a Puzzle) -> impl fmt::Display + 'a {
        Explained { verdict: self, puzzle }
    }
}

/// One condition of Theorem 2.1 on one subgraph, in the one shape every
/// report gives it (the command line's `subgraphs --json` and `inspect
/// --json`, the page, Python): number and name, whether it holds, and the
/// witness of a failure, in words and as what it names in G(P).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct ConditionReport {
    /// 1..4.
    pub(crate) number: usize,
    /// `colors`, `degrees`, `paths`, `pseudo-connected`.
    pub(crate) name: &'static str,
    /// Whether it holds.
    pub(crate) holds: bool,
    /// The witness in words (`None` when it holds).
    pub(crate) witness: Option<String>,
    /// Edges the witness names, by their ids in G(P) (the `id` of the
    /// edge objects): the two edges of a repeated color or of a path that
    /// does not turn back.
    pub(crate) edge_ids: Vec<usize>,
    /// Vertices the witness names, by their node indices in G(P): an
    /// unbalanced vertex and its complement.
    pub(crate) vertex_ids: Vec<usize>,
    /// For pseudo-connectedness: the vertices of each pseudo-class.
    pub(crate) classes: Vec<Vec<usize>>,
}

impl Verdict {
    /// The four conditions as reports, in order, witnesses named with
    /// `puzzle`'s labels and `graph`'s indices.
    pub(crate) fn reports(&self, puzzle: &Puzzle, graph: &RecordingGraph) -> Vec<ConditionReport> {
        Condition::ALL.map(|c| self.report(puzzle, graph, c)).to_vec()
    }

    fn report(&self, puzzle: &Puzzle, graph: &RecordingGraph, c: Condition) -> ConditionReport {
        let nodes = |pictures: &mut dyn Iterator<Item = crate::Picture>| -> Vec<usize> {
            pictures.filter_map(|p| graph.vertex(p)).map(|v| v.index()).collect()
        };
        let two = |a: &SubEdge, b: &SubEdge| (vec![a.id.index(), b.id.index()], vec![], vec![]);
        let (edge_ids, vertex_ids, classes) = match c {
            Condition::Colors => self.colors.as_ref().err().map(|w| two(&w.first, &w.second)),
            Condition::Degrees => self.degrees.as_ref().err().map(|w| {
                let both = [w.vertex, w.vertex.complement()];
                (vec![], nodes(&mut both.into_iter()), vec![])
            }),
            Condition::Paths => self.paths.as_ref().err().map(|w| two(&w.first, &w.second)),
            Condition::PseudoConnected => self.pseudo_connected.as_ref().err().map(|w| {
                let classes = w
                    .classes
                    .iter()
                    .map(|class| nodes(&mut class.iter().flatten().copied()))
                    .collect();
                (vec![], vec![], classes)
            }),
        }
        .unwrap_or_default();
        ConditionReport {
            number: c.number(),
            name: c.name(),
            holds: self.holds(c),
            witness: self.witness(c, puzzle),
            edge_ids,
            vertex_ids,
            classes,
        }
    }
}

struct Explained<'a> {
    verdict: &'a Verdict,
    puzzle: &'a Puzzle,
}

impl fmt::Display for Explained<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let failing = self.verdict.failing();
        if failing.is_empty() {
            return f.write_str("meets conditions (1)-(4): Theorem 2.1 accepts it");
        }
        let reasons: Vec<String> = failing
            .iter()
            .map(|&c| {
                format!(
                    "{c} fails: {}",
                    self.verdict.witness(c, self.puzzle).unwrap_or_default()
                )
            })
            .collect();
        write!(f, "Theorem 2.1 rejects it: {}", reasons.join("; "))
    }
}

#[cfg(test)]
mod agreement;
#[cfg(test)]
pub(crate) mod brute;
