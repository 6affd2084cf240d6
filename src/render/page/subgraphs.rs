//! The 256 four-color subgraphs of a 2x2 puzzle as the page shows them:
//! each judged by [`crate::theorem::analysis`] (Theorem 2.1 condition by
//! condition, the twisted criterion, the judge), with every witness turned
//! into the edges and vertices to mark on G(P).

use serde::Serialize;

use crate::theorem::ConditionReport;
use crate::theorem::analysis::{Analysis, Row};
use crate::theorem::twisted::twist;
use crate::{Placement, Puzzle, RecordingGraph};

/// One subgraph, ready to draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct SubgraphView {
    /// Position in the enumeration, 0..256.
    pub index: usize,
    /// Its four edges (edge indices of G(P)), piece `i`'s at index `i`.
    pub edges: [usize; 4],
    /// `3+->1+ #1, ...`.
    pub label: String,
    /// The four conditions of Theorem 2.1.
    pub conditions: Vec<ConditionReport>,
    /// Conditions (1)-(4) all hold.
    pub theorem: bool,
    /// The twisted-graph criterion accepts it.
    pub twisted: bool,
    /// The judge finds it as the centre of a solution.
    pub judge: bool,
    /// Some method disagrees with the judge.
    pub disagreement: bool,
    /// The twisted edges `X -> Y^c`, as picture labels `[tail, head]`.
    pub twisted_edges: Vec<[String; 2]>,
    /// The solutions whose centre it is (one per rotation class).
    pub solutions: Vec<Vec<Placement>>,
}

/// Every row of `analysis` as the page shows it.
///
/// # Complexity
/// Constant work per subgraph: 256 rows.
pub(crate) fn views(puzzle: &Puzzle, graph: &RecordingGraph, analysis: &Analysis) -> Vec<SubgraphView> {
    analysis.rows.iter().map(|row| view(puzzle, graph, row)).collect()
}

fn view(puzzle: &Puzzle, graph: &RecordingGraph, row: &Row) -> SubgraphView {
    let edges = row.subgraph.resolve(graph);
    SubgraphView {
        index: row.index,
        edges: row.subgraph.edges().map(|e| e.index()),
        label: row.subgraph.labeled(puzzle, graph).to_string(),
        conditions: row.verdict.reports(puzzle, graph),
        theorem: row.theorem(),
        twisted: row.twisted,
        judge: row.judge(),
        disagreement: row.disagreement(),
        twisted_edges: edges
            .iter()
            .map(twist)
            .map(|(a, b)| [puzzle.picture_label(a), puzzle.picture_label(b)])
            .collect(),
        solutions: row.solutions.iter().map(|a| a.cells().to_vec()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theorem::analysis::analyse;

    fn paper_views() -> Vec<SubgraphView> {
        let puzzle: Puzzle = include_str!("../../../fixtures/paper2x2.txt").parse().unwrap();
        let graph = RecordingGraph::new(&puzzle);
        views(&puzzle, &graph, &analyse(&puzzle, &graph).unwrap())
    }

    #[test]
    fn every_failing_condition_marks_its_witness() {
        let views = paper_views();
        assert_eq!(views.len(), 256);
        let mut failing = [0; 4];
        for v in &views {
            for c in &v.conditions {
                assert_eq!(c.holds, c.witness.is_none());
                let marks = c.edge_ids.len() + c.vertex_ids.len() + c.classes.len();
                assert_eq!(c.holds, marks == 0, "{} ({})", v.index, c.name);
                if !c.holds {
                    failing[c.number - 1] += 1;
                }
                // A path or a repeated color names two of the subgraph's edges.
                assert!(c.edge_ids.iter().all(|e| v.edges.contains(e)));
                assert!(c.classes.is_empty() || c.classes.len() >= 2);
            }
            assert_eq!(v.theorem, v.conditions.iter().all(|c| c.holds));
        }
        assert_eq!(failing[0], 0, "four-color subgraphs never repeat a color");
        assert!(failing[1..].iter().all(|&f| f > 0), "{failing:?}");
    }

    #[test]
    fn solution_graphs_carry_their_solutions_and_a_closed_twisted_walk() {
        let views = paper_views();
        let solutions: Vec<&SubgraphView> = views.iter().filter(|v| v.judge).collect();
        assert!(!solutions.is_empty());
        for v in solutions {
            assert!(!v.solutions.is_empty() && v.twisted);
            // Each twisted edge's head is the next edge's tail somewhere.
            let tails: Vec<&String> = v.twisted_edges.iter().map(|[t, _]| t).collect();
            assert!(v.twisted_edges.iter().all(|[_, h]| tails.contains(&h)));
        }
    }
}
