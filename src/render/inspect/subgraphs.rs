//! The 256 four-color subgraphs of a 2x2 puzzle, each judged by Theorem 2.1
//! (condition by condition), by the twisted-graph criterion and by brute
//! force, with every disagreement flagged: the report of `scramble
//! subgraphs`.

use std::path::{Path, PathBuf};

use itertools::Itertools;
use serde::Serialize;

use super::{EdgeReport, Edges, File, Inspection, Pictures, grid_rows, labels, pictures_text};
use crate::error::plural;
use crate::render::UsedRenderer;
use crate::theorem::analysis::{Analysis, Row, analyse};
use crate::theorem::{Condition, ConditionReport};
use crate::{Puzzle, RecordingGraph, Result, Sign};

/// What `subgraphs --json` prints.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Report {
    puzzle: String,
    repetition_free: bool,
    /// The self-matching pictures (`2=`), outside Theorem 2.1's hypothesis.
    self_matching: Vec<String>,
    subgraphs: usize,
    solutions: usize,
    solution_graphs: usize,
    theorem_accepted: usize,
    theorem_mismatches: usize,
    twisted_accepted: usize,
    twisted_mismatches: usize,
    /// Conditions (1), (2), (3') and (4): the repaired theorem.
    repaired_accepted: usize,
    repaired_mismatches: usize,
    reconstruction_mismatches: usize,
    pub(super) counterexample: bool,
    findings: Vec<String>,
    pub(super) pictures: Vec<PathBuf>,
    pub(super) renderer: Option<UsedRenderer>,
    listed: Vec<RowReport>,
    /// Whether every listed row gets its explanation (text only).
    #[serde(skip)]
    explain_all: bool,
    /// The analysis behind the report (pictures only).
    #[serde(skip)]
    analysis: Analysis,
}

#[derive(Clone, Debug, Serialize)]
struct RowReport {
    index: usize,
    edges: Vec<EdgeReport>,
    conditions: Vec<ConditionReport>,
    theorem: bool,
    /// Conditions (1), (2), (3') and (4) hold.
    repaired: bool,
    /// Why (3') fails, when it does.
    repaired_witness: Option<String>,
    /// Whether a path's middle is self-matching (text only).
    #[serde(skip)]
    self_matching_middle: bool,
    twisted: bool,
    judge: bool,
    disagreement: bool,
    solutions: Vec<Vec<Vec<String>>>,
}

impl Inspection {
    /// The 256 four-color subgraphs of a 2x2 puzzle judged three ways, and
    /// the disagreements in words. Listed: every subgraph, or with
    /// `solutions` those the judge, the theorem or the twisted criterion
    /// accepts, or with `failing` those failing that condition; a short
    /// list (either given) explains every row.
    ///
    /// ```
    /// use scramble::{Puzzle, RecordingGraph, render::inspect::Inspection};
    /// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
    /// let found = Inspection::subgraphs(&puzzle, &RecordingGraph::new(&puzzle), true, None).unwrap();
    /// assert!(found.found());
    /// assert!(found.text().contains("Theorem 2.1 accepts 2, disagrees on 0;"), "{}", found.text());
    /// ```
    pub fn subgraphs(
        puzzle: &Puzzle,
        graph: &RecordingGraph,
        solutions: bool,
        failing: Option<Condition>,
    ) -> Result<Inspection> {
        let analysis = analyse(puzzle, graph)?;
        let lists = |row: &&Row| {
            let accepted = row.judge() || row.theorem() || row.twisted;
            (!solutions || accepted) && failing.is_none_or(|c| !row.verdict.holds(c))
        };
        let edges = Edges::new(puzzle, graph);
        let listed = analysis.rows.iter().filter(lists);
        let listed = listed.map(|r| row_report(puzzle, graph, &edges, r)).collect();
        let report = Report {
            puzzle: puzzle.name().to_string(),
            repetition_free: analysis.repetition_free,
            self_matching: self_matching_labels(puzzle),
            subgraphs: analysis.rows.len(),
            solutions: analysis.judgement.count(),
            solution_graphs: analysis.solution_graphs(),
            theorem_accepted: analysis.theorem_accepted(),
            theorem_mismatches: analysis.theorem_mismatches(),
            twisted_accepted: analysis.twisted_accepted(),
            twisted_mismatches: analysis.twisted_mismatches(),
            repaired_accepted: analysis.rows.iter().filter(|r| r.verdict.repaired_accepted()).count(),
            repaired_mismatches: analysis.repaired_mismatches(),
            reconstruction_mismatches: analysis.reconstruction_mismatches(),
            counterexample: analysis.counterexample(),
            findings: findings(puzzle, &analysis),
            pictures: Vec::new(),
            renderer: None,
            listed,
            explain_all: solutions || failing.is_some(),
            analysis,
        };
        Ok(Inspection {
            body: super::Body::Subgraphs(Box::new(report)),
        })
    }
}

fn row_report(puzzle: &Puzzle, graph: &RecordingGraph, edges: &Edges, row: &Row) -> RowReport {
    RowReport {
        index: row.index,
        edges: row.subgraph.edges().iter().map(|&id| edges.report(id)).collect(),
        conditions: row.verdict.reports(puzzle, graph),
        theorem: row.theorem(),
        repaired: row.verdict.repaired_accepted(),
        repaired_witness: row.verdict.repaired_witness(puzzle),
        self_matching_middle: row.subgraph.resolve(graph).iter().any(|e| e.head.sign() == Sign::Same),
        twisted: row.twisted,
        judge: row.judge(),
        disagreement: row.disagreement(),
        solutions: row.solutions.iter().map(|a| grid_rows(puzzle, a)).collect(),
    }
}

impl Report {
    /// Every solution graph to `solutions/`, and subgraph number `draw` to
    /// `subgraphs/`.
    pub(super) fn pictures(&self, pictures: &Pictures, draw: Option<usize>) -> Result<Vec<File>> {
        let rows = &self.analysis.rows;
        let solutions = rows.iter().filter(|r| r.judge());
        let mut files: Vec<File> = Vec::new();
        for row in solutions {
            files.extend(subgraph_pictures(pictures, row, Path::new("solutions"))?);
        }
        if let Some(index) = draw {
            files.extend(subgraph_pictures(pictures, &rows[index], Path::new("subgraphs"))?);
        }
        Ok(files)
    }

    pub(super) fn text(&self) -> String {
        let mut freedom = if self.repetition_free {
            "repetition-free"
        } else {
            "has repetitions"
        }
        .to_string();
        if !self.self_matching.is_empty() {
            freedom += &format!(", self-matching {}", self.self_matching.join(" "));
        }
        let mut out = format!(
            "{}: {} four-color subgraphs, {}; listing {}\n",
            self.puzzle,
            self.subgraphs,
            freedom,
            self.listed.len()
        );
        out += "  conditions (1) colors (2) degrees (3) paths (4) pseudo-connected: + holds, - fails\n";
        for row in &self.listed {
            out += &row.text(self.explain_all);
        }
        out += &format!(
            "solutions: {} (modulo whole-grid rotation); solution graphs (judge): {}\n",
            self.solutions, self.solution_graphs
        );
        out += &format!(
            "Theorem 2.1 accepts {}, disagrees on {}; twisted criterion accepts {}, disagrees on {}\n",
            self.theorem_accepted, self.theorem_mismatches, self.twisted_accepted, self.twisted_mismatches
        );
        out += &format!(
            "with (3') in place of (3) (exact with repetitions): accepts {}, disagrees on {}\n",
            self.repaired_accepted, self.repaired_mismatches
        );
        for finding in &self.findings {
            out += &format!("{finding}\n");
        }
        out + &pictures_text(&self.pictures)
    }
}

/// One subgraph alone and highlighted, titled with its verdict, and the
/// grid of every solution it is the centre of.
fn subgraph_pictures(pictures: &Pictures, row: &Row, dir: &Path) -> Result<Vec<File>> {
    let name = pictures.puzzle.name();
    let stem = format!("subgraph-{}", row.index);
    let title = format!("{name} [{}]: {}", row.index, verdict_title(pictures.puzzle, row));
    let mut files = pictures.edges(&row.subgraph.edges(), &title, dir, &stem)?;
    let grid_title = |rows: &str| format!("{name}: solution {rows} (centre: subgraph [{}])", row.index);
    files.extend(pictures.grids(&row.solutions, dir, &stem, grid_title));
    Ok(files)
}

/// What the judge and the theorem say, for a picture's title: the first
/// failing condition with its witness, the others by number.
fn verdict_title(puzzle: &Puzzle, row: &Row) -> String {
    let judged = if row.judge() {
        "solution graph"
    } else {
        "not a solution graph"
    };
    let failing = row.verdict.failing();
    let Some((&first, others)) = failing.split_first() else {
        return format!("{judged}; Theorem 2.1 holds");
    };
    let witness = row.verdict.witness(first, puzzle).unwrap_or_default();
    let also = if others.is_empty() {
        String::new()
    } else {
        format!(
            "; also fails {}",
            others.iter().map(|c| format!("({})", c.number())).join(" ")
        )
    };
    format!("{judged}; {first} fails: {witness}{also}")
}

/// The disagreements in words: findings on puzzles with repetitions,
/// counterexamples otherwise.
fn findings(puzzle: &Puzzle, analysis: &Analysis) -> Vec<String> {
    let mut found = Vec::new();
    let theorem = analysis.theorem_mismatches();
    if theorem > 0 && analysis.repetition_free && !analysis.self_matching {
        found.push(format!(
            "COUNTEREXAMPLE: Theorem 2.1 disagrees with the judge on {} of a repetition-free puzzle",
            subgraphs(theorem)
        ));
    } else if theorem > 0 && analysis.self_matching {
        found.push(format!(
            "finding: Theorem 2.1 disagrees with the judge on {}; the theorem assumes that every picture has a \
             complement of the other sign and this puzzle has self-matching pictures ({}); (3') covers them",
            subgraphs(theorem),
            self_matching_labels(puzzle).join(", ")
        ));
    } else if theorem > 0 {
        let repeated: Vec<String> = puzzle
            .repetitions()
            .into_iter()
            .map(|(i, p)| format!("{} repeats {}", puzzle.piece_label(i), puzzle.picture_label(p)))
            .collect();
        found.push(format!(
            "finding: Theorem 2.1 disagrees with the judge on {}; the theorem assumes no repetitions and this \
             puzzle has some ({})",
            subgraphs(theorem),
            repeated.join(", ")
        ));
    }
    let counterexamples = [
        (
            analysis.repaired_mismatches(),
            "conditions (1), (2), (3') and (4) disagree with the judge",
        ),
        (
            analysis.twisted_mismatches(),
            "the twisted-graph criterion disagrees with the judge",
        ),
        (
            analysis.reconstruction_mismatches(),
            "rebuilt arrangements differ from the judge's",
        ),
    ];
    for (count, what) in counterexamples.into_iter().filter(|(count, _)| *count > 0) {
        found.push(format!("COUNTEREXAMPLE: {what} on {}", subgraphs(count)));
    }
    found
}

/// The puzzle's self-matching pictures as it names them (`2=`).
fn self_matching_labels(puzzle: &Puzzle) -> Vec<String> {
    let pictures = puzzle.pictures().filter(|p| p.sign() == Sign::Same);
    pictures.map(|p| puzzle.picture_label(p)).collect()
}

fn subgraphs(n: usize) -> String {
    plural(n, "subgraph")
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

impl RowReport {
    fn text(&self, explain_all: bool) -> String {
        let flags: String = self
            .conditions
            .iter()
            .map(|c| if c.holds { '+' } else { '-' })
            .collect();
        let mark = if self.disagreement { "  <-- DISAGREEMENT" } else { "" };
        let mut out = format!(
            "  [{:>3}] {}  [{flags}] theorem {} twisted {} judge {}{mark}\n",
            self.index,
            labels(&self.edges),
            yes(self.theorem),
            yes(self.twisted),
            yes(self.judge),
        );
        if explain_all || self.judge || self.disagreement {
            out += &self.explanation();
        }
        out
    }

    /// The failing conditions with their witnesses, (3') and the solutions.
    fn explanation(&self) -> String {
        let mut out = String::new();
        for c in self.conditions.iter().filter(|c| !c.holds) {
            let witness = c.witness.as_deref().unwrap_or("");
            out += &format!("        ({}) {} fails: {witness}\n", c.number, c.name);
        }
        let paths_fail = self.conditions.iter().any(|c| c.number == 3 && !c.holds);
        match (&self.repaired_witness, paths_fail) {
            (Some(w), _) => out += &format!("        (3') paths unless a loop at A^c or A matches itself fails: {w}\n"),
            (None, true) if self.self_matching_middle => {
                out += "        (3') holds: each such path has a self-matching middle A or a loop at A^c\n"
            }
            (None, true) => out += "        (3') holds: each such path has a loop at A^c\n",
            (None, false) => {}
        }
        for grid in &self.solutions {
            let rows: Vec<String> = grid.iter().map(|r| r.join(" ")).collect();
            out += &format!("        solution: {}\n", rows.join(" / "));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_what_the_flags_ask_and_explains_short_lists() {
        let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
        let graph = RecordingGraph::new(&puzzle);
        let all = Inspection::subgraphs(&puzzle, &graph, false, None).unwrap();
        let json = serde_json::to_value(&all).unwrap();
        assert_eq!(json["listed"].as_array().unwrap().len(), 256);
        let failing = Inspection::subgraphs(&puzzle, &graph, false, Some(Condition::Paths)).unwrap();
        let json = serde_json::to_value(&failing).unwrap();
        let listed = json["listed"].as_array().unwrap();
        assert!(!listed.is_empty() && listed.len() < 256);
        assert!(listed.iter().all(|r| r["conditions"][2]["holds"] == false));
        assert_eq!(failing.text().matches("(3) paths fails: ").count(), listed.len());
    }
}
