//! The subgraph of the recording graph that a solution of an `n x n`
//! puzzle keeps (every piece's corners between two inner sides), piece by
//! piece and lattice point by lattice point: the report of `scramble
//! inspect`.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{EdgeReport, Edges, File, Inspection, Pictures, grid_rows, labels, pictures_text};
use crate::recording::kept::{blocks, inner_corners, kept_edges};
use crate::render::UsedRenderer;
use crate::theorem::{ConditionReport, evaluate, twisted_criterion};
use crate::{Arrangement, Puzzle, RecordingGraph};

/// What `inspect --json` prints.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Report {
    puzzle: String,
    size: usize,
    solved: bool,
    solution: Vec<Vec<String>>,
    /// Which solution in the spiral order this is, when asked for by number.
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<u64>,
    kept_edges: usize,
    recording_edges: usize,
    pieces: Vec<PieceReport>,
    lattice_points: Vec<PointReport>,
    pub(super) pictures: Vec<PathBuf>,
    pub(super) renderer: Option<UsedRenderer>,
    /// The solution inspected (pictures only).
    #[serde(skip)]
    arrangement: Arrangement,
}

#[derive(Clone, Debug, Serialize)]
struct PieceReport {
    piece: String,
    /// `[row, column]`, each from 1 (docs/json.md).
    cell: [usize; 2],
    rotation: usize,
    role: &'static str,
    edges: Vec<EdgeReport>,
}

/// The four corners meeting at one interior lattice point: a 2x2 solution
/// graph of the four pieces around it.
#[derive(Clone, Debug, Serialize)]
struct PointReport {
    point: [usize; 2],
    edges: Vec<EdgeReport>,
    twisted: bool,
    theorem: bool,
    failing: Vec<String>,
    /// The four conditions with their witnesses (the shape of
    /// `subgraphs --json`).
    conditions: Vec<ConditionReport>,
    /// Conditions (1), (2), (3') and (4): exact with repetitions and
    /// self-matching pictures, where Theorem 2.1 may reject a solution.
    repaired: bool,
}

impl Inspection {
    /// The edges `solution` keeps, piece by piece, and the four corners at
    /// each interior lattice point judged as a 2x2 solution graph;
    /// `number`: which solution in the spiral order it is, to say so.
    ///
    /// ```
    /// use scramble::{Arrangement, Placement, Puzzle, RecordingGraph, render::inspect::Inspection};
    /// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
    /// let planted = Arrangement::new(2, (0..4).map(|piece| Placement { piece, rotation: 0 }).collect());
    /// let found = Inspection::solution(&puzzle, &RecordingGraph::new(&puzzle), &planted, None);
    /// assert!(found.text().contains("kept edges: 4 of 16"), "{}", found.text());
    /// ```
    pub fn solution(
        puzzle: &Puzzle,
        graph: &RecordingGraph,
        solution: &Arrangement,
        number: Option<u64>,
    ) -> Inspection {
        let n = solution.size();
        let edges = Edges::new(puzzle, graph);
        let cells = solution.cells().iter().enumerate();
        let pieces: Vec<PieceReport> = cells
            .map(|(cell, p)| {
                let corners = inner_corners(n, cell, p.rotation);
                PieceReport {
                    piece: puzzle.piece_label(p.piece),
                    cell: [cell / n + 1, cell % n + 1],
                    rotation: p.rotation,
                    role: ["corner piece", "corner piece", "edge piece", "", "inner piece"][corners.len()],
                    edges: corners.iter().map(|&c| edges.report(graph.edge(p.piece, c))).collect(),
                }
            })
            .collect();
        let lattice_points = blocks(graph, solution)
            .into_iter()
            .map(|((i, j), block)| {
                let verdict = evaluate(graph, &block);
                PointReport {
                    point: [i, j],
                    edges: block.edges().into_iter().map(|e| edges.report(e)).collect(),
                    twisted: twisted_criterion(graph, &block),
                    theorem: verdict.accepted(),
                    failing: verdict.failing().iter().map(ToString::to_string).collect(),
                    conditions: verdict.reports(puzzle, graph),
                    repaired: verdict.repaired_accepted(),
                }
            })
            .collect();
        let report = Report {
            puzzle: puzzle.name().to_string(),
            size: n,
            solved: true,
            solution: grid_rows(puzzle, solution),
            number,
            kept_edges: pieces.iter().map(|p| p.edges.len()).sum(),
            recording_edges: graph.graph().edge_count(),
            pieces,
            lattice_points,
            pictures: Vec::new(),
            renderer: None,
            arrangement: solution.clone(),
        };
        Inspection {
            body: super::Body::Solution(Box::new(report)),
        }
    }
}

impl Report {
    /// The kept edges alone and highlighted, and the solved grid.
    pub(super) fn pictures(&self, pictures: &Pictures) -> crate::Result<Vec<File>> {
        let title = format!(
            "{}: the {} edges a {n}x{n} solution keeps",
            self.puzzle,
            self.kept_edges,
            n = self.size
        );
        let kept = kept_edges(pictures.graph, &self.arrangement);
        let mut files = pictures.edges(&kept, &title, Path::new(""), "kept")?;
        let rows: Vec<String> = self.solution.iter().map(|r| r.join(" ")).collect();
        let grid_title = format!("{}: solution {}", self.puzzle, rows.join(" / "));
        files.push(pictures.grid(&self.arrangement, &grid_title, PathBuf::from("solution.svg")));
        Ok(files)
    }

    pub(super) fn text(&self) -> String {
        let number = self.number.map_or_else(String::new, |n| format!(" {n} (spiral order)"));
        let mut out = format!("{}: {}x{} solution{number}\n", self.puzzle, self.size, self.size);
        for row in &self.solution {
            out += &format!("  {}\n", row.join(" "));
        }
        out += &format!(
            "kept edges: {} of {} (corners between two inner sides)\n",
            self.kept_edges, self.recording_edges
        );
        for p in &self.pieces {
            let (row, column) = (p.cell[0], p.cell[1]);
            out += &format!(
                "  ({row},{column}) {}@{} {}: {}\n",
                p.piece,
                p.rotation,
                p.role,
                labels(&p.edges)
            );
        }
        out += "lattice points (each the centre of a 2x2 block of the solution):\n";
        for p in &self.lattice_points {
            out += &p.text();
        }
        out + &pictures_text(&self.pictures)
    }
}

impl PointReport {
    fn text(&self) -> String {
        let theorem = if self.theorem {
            "Theorem 2.1 holds".to_string()
        } else {
            let repaired = if self.repaired { "holds" } else { "fails" };
            format!("Theorem 2.1 fails {}; (3') {repaired}", self.failing.join(", "))
        };
        let twisted = if self.twisted {
            "twisted circuit"
        } else {
            "NOT a twisted circuit"
        };
        let (i, j) = (self.point[0], self.point[1]);
        format!("  ({i},{j}): {}  [{twisted}; {theorem}]\n", labels(&self.edges))
    }
}
