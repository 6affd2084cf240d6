//! Disagreements: a puzzle of the census and one of its four-colour
//! subgraphs on which Theorem 2.1 or the twisted criterion contradicts the
//! judge. Each is written as a puzzle file whose comments name the subgraph
//! and the verdicts.

use std::path::{Path, PathBuf};

use super::verdict::Verdict;
use crate::{Piece, Puzzle, Result};

/// One disagreement, by position in the census enumeration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Disagreement {
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
    pub fn puzzle(&self, classes: &[Piece]) -> Puzzle {
        Puzzle::new(self.pieces.iter().map(|&p| classes[p]).collect()).expect("four pieces make a 2x2 puzzle")
    }

    /// One line saying who disagrees with the judge, and why: the failing
    /// conditions are named when the theorem rejects a solution graph.
    pub fn title(&self) -> String {
        let v = self.verdict;
        let judge = if v.is_solution_graph() {
            format!("a solution graph ({} solutions)", v.solutions)
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

    /// The puzzle file: comments naming the subgraph and the verdicts, then
    /// the four pieces.
    pub fn puzzle_file(&self, classes: &[Piece], heading: &str) -> String {
        let puzzle = self.puzzle(classes);
        let edges: Vec<String> = (0..4)
            .map(|piece| {
                let k = self.corners[piece];
                let p = puzzle.pieces()[piece];
                format!("#{} corner {k} ({} -> {})", piece + 1, p.side(k), p.side(k + 1))
            })
            .collect();
        format!(
            "# {heading}\n# subgraph: {}\n# {}\n{puzzle}",
            edges.join(", "),
            self.title()
        )
    }

    /// Writes `<dir>/<stem>.txt` (the puzzle file) and returns its path.
    pub fn write(&self, dir: &Path, stem: &str, classes: &[Piece], heading: &str) -> Result<PathBuf> {
        let path = dir.join(format!("{stem}.txt"));
        crate::output::write_atomic(&path, self.puzzle_file(classes, heading).as_bytes())?;
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::verdict::Failed;

    #[test]
    fn the_file_reads_back_as_the_puzzle_and_names_the_failure() {
        let classes = crate::census::pieces::piece_classes(2, true);
        let d = Disagreement {
            pieces: [0, 3, 3, 9],
            corners: [1, 0, 2, 3],
            verdict: Verdict {
                solutions: 1,
                failed: Failed::PATHS,
                twisted: true,
            },
        };
        let text = d.puzzle_file(&classes, "verify --patterns 2 --repetitions: 1");
        let read: Puzzle = text.parse().unwrap();
        assert_eq!(read.pieces(), d.puzzle(&classes).pieces());
        assert!(
            text.contains("Theorem 2.1 rejects it: condition 3 (paths) fails"),
            "{text}"
        );
        assert!(text.contains("# subgraph: #1 corner 1"), "{text}");
    }
}
