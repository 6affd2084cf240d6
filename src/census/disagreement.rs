//! Disagreements: a puzzle of the census and one of its four-colour
//! subgraphs on which Theorem 2.1 or the twisted criterion contradicts the
//! judge. Each is written as a puzzle file whose comments name the subgraph,
//! the verdicts and the witnesses of the failing conditions, plus DOT and
//! SVG of the recording graph with the subgraph highlighted and, for a
//! solution graph, the solution it stands for.

#[cfg(feature = "render")]
use std::path::PathBuf;

use super::verdict::Verdict;
#[cfg(feature = "render")]
use crate::render::{self, Renderer, Selection};
#[cfg(feature = "render")]
use crate::theorem::Subgraph;
#[cfg(feature = "render")]
use crate::{Piece, Puzzle, RecordingGraph};

/// One disagreement, by position in the census enumeration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Disagreement {
    /// The four pieces, as indices into the census's piece classes,
    /// non-decreasing.
    pub pieces: [usize; 4],
    /// For each piece (color), the corner 0..4 chosen as its edge.
    pub corners: [usize; 4],
    /// What the judge, the theorem and the twisted criterion said.
    pub verdict: Verdict,
}

impl Disagreement {
    /// The puzzle, its pieces drawn from `classes`.
    #[cfg(feature = "render")]
    pub(crate) fn puzzle(&self, classes: &[Piece]) -> Puzzle {
        Puzzle::new(self.pieces.iter().map(|&p| classes[p]).collect()).expect("four pieces make a 2x2 puzzle")
    }

    /// One line saying who disagrees with the judge, and why: the failing
    /// conditions are named when the theorem rejects a solution graph.
    #[cfg(feature = "render")]
    pub(crate) fn title(&self) -> String {
        let v = self.verdict;
        let judge = if v.is_solution_graph() {
            let plural = if v.solutions == 1 { "" } else { "s" };
            format!("a solution graph ({} solution{plural})", v.solutions)
        } else {
            "not a solution graph".to_string()
        };
        let theorem = if v.theorem_mismatch() {
            if v.theorem_accepts() {
                "Theorem 2.1 accepts it (conditions 1-4 hold)".to_string()
            } else {
                format!("Theorem 2.1 rejects it: {} fails", v.failed.describe())
            }
        } else {
            "Theorem 2.1 agrees".to_string()
        };
        let twisted = match (v.twisted_mismatch(), v.twisted) {
            (false, _) => "the twisted criterion agrees",
            (true, true) => "the twisted criterion accepts it",
            (true, false) => "the twisted criterion rejects it",
        };
        format!("{judge}; {theorem}; {twisted}")
    }

    /// The disagreement in a few words, for a picture's title: who is
    /// wrong about what, and the failing conditions.
    #[cfg(feature = "render")]
    pub(crate) fn headline(&self) -> String {
        let v = self.verdict;
        let mut parts = Vec::new();
        if v.theorem_mismatch() && v.is_solution_graph() {
            parts.push(format!(
                "Theorem 2.1 rejects this solution graph: {} fails",
                v.failed.describe()
            ));
        } else if v.theorem_mismatch() {
            parts.push("Theorem 2.1 accepts this non-solution".to_string());
        }
        if v.twisted_mismatch() {
            let what = if v.twisted {
                "accepts this non-solution"
            } else {
                "rejects this solution graph"
            };
            parts.push(format!("the twisted criterion {what}"));
        }
        parts.join("; ")
    }

    /// The subgraph in the puzzle's recording graph.
    #[cfg(feature = "render")]
    pub(crate) fn subgraph(&self, graph: &RecordingGraph) -> Subgraph {
        Subgraph::from_corners(graph, self.corners)
    }

    /// The puzzle file: comments naming the subgraph, the verdicts and the
    /// witnesses of the failing conditions, then the four pieces.
    #[cfg(feature = "render")]
    pub(crate) fn puzzle_file(&self, classes: &[Piece], heading: &str) -> String {
        let puzzle = self.puzzle(classes);
        let graph = RecordingGraph::new(&puzzle);
        let subgraph = self.subgraph(&graph);
        let verdict = crate::theorem::evaluate(&graph, &subgraph);
        let witnesses: String = verdict
            .failing()
            .into_iter()
            .filter_map(|c| verdict.witness(c, &puzzle).map(|w| format!("# {c} fails: {w}\n")))
            .collect();
        format!(
            "# {heading}\n# subgraph: {}\n# {}\n{witnesses}{puzzle}",
            subgraph.labeled(&puzzle, &graph),
            self.title()
        )
    }

    /// Draws `<stem>.txt` (the puzzle file), `<stem>.dot` and `<stem>.svg`
    /// (the recording graph, the subgraph highlighted, the verdicts in the
    /// title) and, for a solution graph, `<stem>-solution.svg` (a solution
    /// with that centre): file names and contents, for
    /// [`crate::output::FileSet`].
    #[cfg(feature = "render")]
    pub(crate) fn files(
        &self,
        stem: &str,
        classes: &[Piece],
        heading: &str,
        renderer: Renderer,
    ) -> crate::Result<Vec<(PathBuf, String)>> {
        let puzzle = self.puzzle(classes).with_name(stem);
        let graph = RecordingGraph::new(&puzzle);
        let subgraph = self.subgraph(&graph);
        let edges = subgraph.edges();
        let title = format!("{heading}; {}", self.headline());
        let selection = Selection::Highlighted(&edges);
        let (dot, svg) = render::Drawing::new(&puzzle, &graph, &title).dot_and_svg(
            selection,
            renderer,
            &crate::context::Context::new(),
        )?;
        let mut files = vec![
            ("txt", self.puzzle_file(classes, heading)),
            ("dot", dot),
            ("svg", svg.svg),
        ];
        if let Some(solution) = crate::theorem::solution_arrangements(&graph, &subgraph).first() {
            let solution_title = format!("{heading}: a solution with this centre");
            files.push((
                "solution.svg",
                render::pieces_svg(&puzzle, Some(solution), &solution_title),
            ));
        }
        Ok(files
            .into_iter()
            .map(|(extension, text)| {
                let separator = if extension == "solution.svg" { "-" } else { "." };
                (PathBuf::from(format!("{stem}{separator}{extension}")), text)
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::verdict::Failed;

    #[test]
    fn pictures_highlight_the_subgraph_and_name_the_failure() {
        let classes = crate::census::pieces::piece_classes(1, false);
        // A census disagreement with repetitions: two 1- -> 1- loops and two
        // 1+ -> 1+ loops round the centre; condition 3 rejects it.
        let d = Disagreement {
            pieces: [0, 0, 5, 5],
            corners: [0, 0, 2, 2],
            verdict: Verdict {
                solutions: 2,
                failed: Failed::PATHS,
                twisted: true,
                repaired: true,
            },
        };
        assert_eq!(classes[0].to_string(), "1- 1- 1- 1-");
        assert_eq!(classes[5].to_string(), "1+ 1+ 1+ 1+");
        let files = d.files("001", &classes, "K=1", Renderer::Embedded).unwrap();
        let names: Vec<String> = files.iter().map(|(p, _)| p.display().to_string()).collect();
        assert_eq!(names, ["001.txt", "001.dot", "001.svg", "001-solution.svg"]);
        assert!(files[2].1.contains("condition 3 (paths) fails"), "{}", files[2].1);
        assert!(files[0].1.contains("# (3) paths fails: path"), "{}", files[0].1);
    }

    #[test]
    fn the_file_reads_back_as_the_puzzle_and_names_the_failure() {
        let classes = crate::census::pieces::piece_classes(2, false);
        let d = Disagreement {
            pieces: [0, 3, 3, 9],
            corners: [1, 0, 2, 3],
            verdict: Verdict {
                solutions: 1,
                failed: Failed::PATHS,
                twisted: true,
                repaired: true,
            },
        };
        let text = d.puzzle_file(&classes, "verify --patterns 2 --repetitions: 1");
        let read: Puzzle = text.parse().unwrap();
        assert_eq!(read.pieces(), d.puzzle(&classes).pieces());
        assert!(
            text.contains("Theorem 2.1 rejects it: condition 3 (paths) fails"),
            "{text}"
        );
        assert!(text.contains("# subgraph: "), "{text}");
    }
}
