//! A subgraph H of G(P) judged first by the conditions on H alone
//! (`theorem::frame`), then by the arrangement form
//! (`theorem::arrangement_form`), which decides, condition by condition
//! with witnesses: the report of `scramble inspect PUZZLE --subgraph FILE`.
//! Its pictures: H alone and highlighted in G(P), the first failing
//! condition's witness edges too, and the grid of every solution whose
//! kept subgraph H is.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use petgraph::graph::EdgeIndex;
use serde::Serialize;

use super::{File, Inspection, Pictures, grid_rows, pictures_text};
use crate::context::Context;
use crate::error::shown_path;
use crate::render::UsedRenderer;
use crate::theorem::arrangement_form::{self, ArrangementVerdict, Finding};
use crate::theorem::frame::{self, FrameVerdict};
use crate::theorem::{edge_list, framed};
use crate::{Arrangement, Puzzle, Result};

/// What `inspect --subgraph --json` prints.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Report {
    puzzle: String,
    size: usize,
    subgraph: PathBuf,
    edges: usize,
    /// Whether H is the kept subgraph of a solution: (A), (B) and (C).
    pub(super) accepted: bool,
    /// The conditions on H alone, (H1)-(H5) and for 3x3 (H6), with the
    /// witness edges of each failure; exact for 2x2 and 3x3.
    frame_conditions: Vec<ConditionReport>,
    /// Whether the conditions on H alone decide the question (2x2, 3x3).
    frame_exact: bool,
    /// What gave the verdict: `arrangement form` (n <= 3), `conditions on
    /// H alone` (a necessary condition fails) or `framed search` (n >= 4).
    decided_by: &'static str,
    /// The arrangement form's conditions: all six for n <= 3 and for a
    /// kept subgraph; (A) alone otherwise (the rest are searches the
    /// verdict does not need).
    conditions: Vec<ConditionReport>,
    /// The solutions (modulo rotation) that keep exactly H.
    solutions: Vec<Vec<Vec<String>>>,
    pub(super) pictures: Vec<PathBuf>,
    pub(super) renderer: Option<UsedRenderer>,
    /// H, its first failing condition on H alone with witness edges, and
    /// the solutions keeping it (pictures only).
    #[serde(skip)]
    drawn: Drawn,
}

#[derive(Clone, Debug)]
struct Drawn {
    h: BTreeSet<usize>,
    witness: Option<(&'static str, Vec<usize>)>,
    solutions: Vec<Arrangement>,
}

#[derive(Clone, Debug, Serialize)]
struct ConditionReport {
    condition: &'static str,
    holds: bool,
    witness: String,
    /// The edges the witness names, as `TAIL -> HEAD COLOR` lines.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    witness_edges: Vec<String>,
}

/// The exact verdict and the arrangement form's findings.
struct Verdict {
    accepted: bool,
    solutions: Vec<Arrangement>,
    findings: Vec<(&'static str, Finding)>,
    decided_by: &'static str,
}

impl Inspection {
    /// The subgraph H that `text` lists (one edge per line, `1+ -> 2- #3`;
    /// `file` names it in errors and in the report) judged by the `n x n`
    /// theorem: the conditions on H alone first; up to 3x3 the arrangement
    /// form (every condition with its witness) decides; from 4x4 on a
    /// failing condition on H alone decides at once, and otherwise the
    /// framed search does, without the arrangement form's searches over
    /// splits and bijections. `None` when the context stopped the framed
    /// search before its end (its list of solutions would be partial).
    ///
    /// ```
    /// use std::path::Path;
    /// use scramble::{Context, Puzzle, RecordingGraph, render::inspect::Inspection};
    /// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
    /// let h = "1+ -> 2+ #1\n4+ -> 1- #2\n2- -> 4- #3\n4+ -> 4- #4\n";
    /// let found = Inspection::subgraph(&puzzle, h, Path::new("h.edges"), &Context::new()).unwrap().unwrap();
    /// assert!(found.found());
    /// assert!(found.text().contains(": h.edges (4 edges) is the kept subgraph of a solution"), "{}", found.text());
    /// ```
    pub fn subgraph(puzzle: &Puzzle, text: &str, file: &Path, context: &Context) -> Result<Option<Inspection>> {
        let h = edge_list::parse(puzzle, text, &shown_path(file))?;
        let Some((on_h, verdict)) = judge(puzzle, &h, context) else {
            return Ok(None);
        };
        let report = Report {
            puzzle: puzzle.name().to_string(),
            size: puzzle.size(),
            subgraph: file.to_path_buf(),
            edges: h.len(),
            accepted: verdict.accepted,
            frame_conditions: on_h
                .checks
                .iter()
                .map(|c| ConditionReport {
                    condition: c.condition,
                    holds: c.finding.is_ok(),
                    witness: c.finding.clone().unwrap_or_else(|e| e),
                    witness_edges: edge_list::write(puzzle, &c.edges.iter().copied().collect())
                        .lines()
                        .map(str::to_string)
                        .collect(),
                })
                .collect(),
            frame_exact: on_h.exact,
            decided_by: verdict.decided_by,
            conditions: verdict
                .findings
                .iter()
                .map(|(condition, finding)| ConditionReport {
                    condition,
                    holds: finding.is_ok(),
                    witness: finding.clone().unwrap_or_else(|e| e),
                    witness_edges: Vec::new(),
                })
                .collect(),
            solutions: verdict.solutions.iter().map(|s| grid_rows(puzzle, s)).collect(),
            pictures: Vec::new(),
            renderer: None,
            drawn: Drawn {
                witness: on_h.first_failure().map(|c| (c.condition, c.edges.clone())),
                h,
                solutions: verdict.solutions,
            },
        };
        Ok(Some(Inspection {
            body: super::Body::Subgraph(Box::new(report)),
        }))
    }
}

/// The conditions on H alone and the exact verdict; `None` when the
/// context stopped the framed search.
fn judge(puzzle: &Puzzle, h: &BTreeSet<usize>, context: &Context) -> Option<(FrameVerdict, Verdict)> {
    let owned = |v: ArrangementVerdict, decided_by| Verdict {
        accepted: v.accepted(),
        findings: v.findings().into_iter().map(|(c, f)| (c, f.clone())).collect(),
        solutions: v.solutions,
        decided_by,
    };
    if puzzle.size() <= 3 {
        return Some((
            frame::check(puzzle, h),
            owned(arrangement_form::evaluate(puzzle, h), "arrangement form"),
        ));
    }
    let decision = framed::decide(puzzle, h, context);
    if decision.stopped {
        return None;
    }
    let verdict = if decision.kept() {
        owned(
            arrangement_form::kept_verdict(puzzle, h, decision.solutions),
            "framed search",
        )
    } else {
        let decided_by = if decision.searched {
            "framed search"
        } else {
            "conditions on H alone"
        };
        Verdict {
            accepted: false,
            solutions: Vec::new(),
            findings: vec![("(A) shapes", arrangement_form::shapes(puzzle, h))],
            decided_by,
        }
    };
    Some((decision.conditions, verdict))
}

impl Report {
    /// H alone and highlighted, the first failing condition's witness
    /// edges, and the grid of every solution keeping H.
    pub(super) fn pictures(&self, pictures: &Pictures) -> Result<Vec<File>> {
        // File names inside the set are fixed: nothing derived from the
        // subgraph file's name can lead outside the folder.
        let stem = "subgraph";
        let here = Path::new("");
        let edges = |set: &mut dyn Iterator<Item = usize>| -> Vec<EdgeIndex> { set.map(EdgeIndex::new).collect() };
        let judged = if self.accepted {
            "kept by a solution"
        } else {
            "kept by no solution"
        };
        let title = format!(
            "{}: {} ({} edges): {judged}",
            self.puzzle,
            shown_path(&self.subgraph),
            self.edges
        );
        let mut files = pictures.edges(&edges(&mut self.drawn.h.iter().copied()), &title, here, stem)?;
        if let Some((condition, witness)) = self.drawn.witness.as_ref().filter(|(_, w)| !w.is_empty()) {
            let title = format!("{}: witness of {condition} failing", self.puzzle);
            files.extend(pictures.edges(&edges(&mut witness.iter().copied()), &title, here, "witness")?);
        }
        let grid_title = |rows: &str| format!("{}: solution {rows} keeping {stem}", self.puzzle);
        files.extend(pictures.grids(&self.drawn.solutions, here, stem, grid_title));
        Ok(files)
    }

    pub(super) fn text(&self) -> String {
        let verdict = if self.accepted {
            "the kept subgraph of a solution"
        } else {
            "NOT the kept subgraph of any solution"
        };
        let mut out = format!(
            "{}: {} ({} edges) is {verdict} ({}x{})\n",
            self.puzzle,
            shown_path(&self.subgraph),
            self.edges,
            self.size,
            self.size
        );
        let exact = if self.frame_exact {
            "exact for 2x2 and 3x3"
        } else {
            "necessary only"
        };
        out += &format!("  on H alone ({exact}):\n");
        for c in &self.frame_conditions {
            out += &c.text();
            for e in &c.witness_edges {
                out += &format!("      {e}\n");
            }
        }
        out += &match self.decided_by {
            "arrangement form" => "  arrangement form (decides, by a search over gluings):\n".to_string(),
            by if self.accepted => format!("  arrangement form (the {by} decided; its first solution witnesses):\n"),
            by => format!("  arrangement form ((B) and (C) not evaluated: the {by} decided):\n"),
        };
        for c in &self.conditions {
            out += &c.text();
        }
        for (k, rows) in self.solutions.iter().enumerate() {
            let rows: Vec<String> = rows.iter().map(|row| row.join(" ")).collect();
            out += &format!("  solution {}: {}\n", k + 1, rows.join(" / "));
        }
        out + &pictures_text(&self.pictures)
    }
}

impl ConditionReport {
    fn text(&self) -> String {
        let mark = if self.holds { "holds" } else { "FAILS" };
        format!("    {} {mark}: {}\n", self.condition, self.witness)
    }
}
