//! `scramble inspect PUZZLE --subgraph FILE`: a subgraph H of G(P) judged
//! first by the conditions on H alone (`scramble::theorem::frame`), then by
//! the arrangement form (`scramble::theorem::arrangement_form`), which
//! decides, condition by condition with witnesses; drawn alone and
//! highlighted in G(P), the first failing condition's witness edges drawn
//! too, with the grid of every solution whose kept subgraph it is.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use petgraph::graph::EdgeIndex;
use scramble::render::{Renderer, UsedRenderer};
use scramble::theorem::{arrangement_form, edge_list, frame, framed};
use scramble::{Context, Error, Puzzle, RecordingGraph};
use serde::Serialize;

use super::pictures::{Pictures, grid_rows, pictures_text, write_all};
use super::print_report;

/// The options of `inspect` that `--subgraph` uses.
pub struct Options {
    pub json: bool,
    pub out: PathBuf,
    pub no_pictures: bool,
    pub renderer: Renderer,
}

/// What `inspect --subgraph --json` prints.
#[derive(Serialize)]
struct Report {
    puzzle: String,
    size: usize,
    subgraph: PathBuf,
    edges: usize,
    /// Whether H is the kept subgraph of a solution: (A), (B) and (C).
    accepted: bool,
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
    pictures: Vec<PathBuf>,
    renderer: Option<UsedRenderer>,
}

#[derive(Serialize)]
struct ConditionReport {
    condition: &'static str,
    holds: bool,
    witness: String,
    /// The edges the witness names, as `TAIL -> HEAD COLOR` lines.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    witness_edges: Vec<String>,
}

/// The inspection of the subgraph in `file`, or `None` when the context
/// stopped the framed search before its end.
pub fn run(
    options: &Options,
    puzzle: &Puzzle,
    graph: &RecordingGraph,
    file: &Path,
    context: &Context,
) -> anyhow::Result<Option<ExitCode>> {
    // The same size cap as puzzle files: `/dev/zero` is refused at once.
    scramble::output::mark_input(file);
    let bytes = super::input::read_file(file)?;
    let text = String::from_utf8(bytes).map_err(|_| Error::Read {
        path: file.to_path_buf(),
        reason: std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text: expected an edge list"),
    })?;
    let h = edge_list::parse(puzzle, &text, &scramble::output::shown_path(file))?;
    let Some((on_h, verdict)) = judge(puzzle, &h, context) else {
        return Ok(None);
    };
    // File names inside the set are fixed: nothing derived from the
    // subgraph file's name can lead outside `<out>/<puzzle>/`.
    let stem = "subgraph";
    let dir = super::puzzle_folder(&options.out, puzzle)?.join("inspect-subgraph");
    let pictures = Pictures::new(puzzle, graph, options.renderer);
    let edges: Vec<EdgeIndex> = h.iter().map(|&e| EdgeIndex::new(e)).collect();
    let judged = if verdict.accepted {
        "kept by a solution"
    } else {
        "kept by no solution"
    };
    let title = format!(
        "{}: {} ({} edges): {judged}",
        puzzle.name(),
        scramble::output::shown_path(file),
        h.len()
    );
    let mut files = pictures.edges(&edges, &title, &dir, stem)?;
    if let Some(failed) = on_h.first_failure().filter(|c| !c.edges.is_empty()) {
        let witness: Vec<EdgeIndex> = failed.edges.iter().map(|&e| EdgeIndex::new(e)).collect();
        let title = format!("{}: witness of {} failing", puzzle.name(), failed.condition);
        files.extend(pictures.edges(&witness, &title, &dir, "witness")?);
    }
    for (k, solution) in verdict.solutions.iter().enumerate() {
        let rows: Vec<String> = grid_rows(puzzle, solution).iter().map(|r| r.join(" ")).collect();
        let title = format!("{}: solution {} keeping {stem}", puzzle.name(), rows.join(" / "));
        files.push(pictures.grid(solution, &title, dir.join(format!("{stem}-grid-{}.svg", k + 1))));
    }
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
        pictures: if options.no_pictures {
            Vec::new()
        } else {
            write_all(&dir, files)?
        },
        renderer: pictures.used(),
    };
    print_report(options.json, &report, text_of)?;
    Ok(Some(super::exit_codes::Exit::found(report.accepted).into()))
}

/// The exact verdict and the arrangement form's findings.
struct Verdict {
    accepted: bool,
    solutions: Vec<scramble::Arrangement>,
    findings: Vec<(&'static str, arrangement_form::Finding)>,
    decided_by: &'static str,
}

/// The conditions on H alone first. Up to 3x3 the arrangement form (every
/// condition with its witness) is instant and decides; from 4x4 on a
/// failing condition on H alone decides at once, and otherwise the framed
/// search does (`scramble::theorem::framed`), without the arrangement
/// form's searches over splits and bijections. `None` when the context
/// stopped the framed search before its end (its list of solutions would
/// be partial).
fn judge(
    puzzle: &Puzzle,
    h: &std::collections::BTreeSet<usize>,
    context: &Context,
) -> Option<(frame::FrameVerdict, Verdict)> {
    let owned = |v: arrangement_form::ArrangementVerdict, decided_by| Verdict {
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

fn text_of(r: &Report) -> String {
    let verdict = if r.accepted {
        "the kept subgraph of a solution"
    } else {
        "NOT the kept subgraph of any solution"
    };
    let mut out = format!(
        "{}: {} ({} edges) is {verdict} ({}x{})\n",
        r.puzzle,
        scramble::output::shown_path(&r.subgraph),
        r.edges,
        r.size,
        r.size
    );
    let exact = if r.frame_exact {
        "exact for 2x2 and 3x3"
    } else {
        "necessary only"
    };
    out += &format!("  on H alone ({exact}):\n");
    for c in &r.frame_conditions {
        let mark = if c.holds { "holds" } else { "FAILS" };
        out += &format!("    {} {mark}: {}\n", c.condition, c.witness);
        for e in &c.witness_edges {
            out += &format!("      {e}\n");
        }
    }
    out += &match r.decided_by {
        "arrangement form" => "  arrangement form (decides, by a search over gluings):\n".to_string(),
        by if r.accepted => format!("  arrangement form (the {by} decided; its first solution witnesses):\n"),
        by => format!("  arrangement form ((B) and (C) not evaluated: the {by} decided):\n"),
    };
    for c in &r.conditions {
        let mark = if c.holds { "holds" } else { "FAILS" };
        out += &format!("    {} {mark}: {}\n", c.condition, c.witness);
    }
    for (k, rows) in r.solutions.iter().enumerate() {
        let rows: Vec<String> = rows.iter().map(|row| row.join(" ")).collect();
        out += &format!("  solution {}: {}\n", k + 1, rows.join(" / "));
    }
    out + &pictures_text(&r.pictures)
}
