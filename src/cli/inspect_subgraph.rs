//! `scramble inspect PUZZLE --subgraph FILE`: a subgraph H of G(P) judged
//! by the `n x n` theorem (`scramble::theorem::grid`), condition by
//! condition with witnesses, drawn alone and highlighted in G(P), with the
//! grid of every solution whose kept subgraph it is.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use petgraph::graph::EdgeIndex;
use scramble::render::{Renderer, UsedRenderer};
use scramble::theorem::{edge_list, grid};
use scramble::{Error, Puzzle, RecordingGraph};
use serde::Serialize;

use super::pictures::{Pictures, grid_rows, pictures_text, write_all};
use super::{print_json, print_text};

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
}

pub fn run(options: &Options, puzzle: &Puzzle, graph: &RecordingGraph, file: &Path) -> anyhow::Result<ExitCode> {
    // The same size cap as puzzle files: `/dev/zero` is refused at once.
    let bytes = scramble::puzzle::read::read_limited(file)?;
    let text = String::from_utf8(bytes).map_err(|_| Error::Read {
        path: file.to_path_buf(),
        reason: std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text: expected an edge list"),
    })?;
    let h = edge_list::parse(puzzle, &text, &file.display().to_string())?;
    let verdict = grid::evaluate(puzzle, &h);
    // File names inside the set are fixed: nothing derived from the
    // subgraph file's name can lead outside `<out>/<puzzle>/`.
    let stem = "subgraph";
    let dir = super::puzzle_folder(&options.out, puzzle)?.join("inspect-subgraph");
    let pictures = Pictures::new(puzzle, graph, options.renderer);
    let edges: Vec<EdgeIndex> = h.iter().map(|&e| EdgeIndex::new(e)).collect();
    let judged = if verdict.accepted() {
        "kept by a solution"
    } else {
        "kept by no solution"
    };
    let title = format!("{}: {} ({} edges): {judged}", puzzle.name(), file.display(), h.len());
    let mut files = pictures.edges(&edges, &title, &dir, stem)?;
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
        accepted: verdict.accepted(),
        conditions: verdict
            .findings()
            .into_iter()
            .map(|(condition, finding)| ConditionReport {
                condition,
                holds: finding.is_ok(),
                witness: finding.clone().unwrap_or_else(|e| e),
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
    if options.json {
        print_json(&report)?;
    } else {
        print_text(&text_of(&report))?;
    }
    Ok(super::exit_codes::Exit::found(report.accepted).into())
}

fn text_of(r: &Report) -> String {
    let verdict = if r.accepted {
        "the kept subgraph of a solution"
    } else {
        "NOT the kept subgraph of any solution"
    };
    let mut out = format!(
        "{}: {} ({} edges) is {verdict} ({}x{} theorem)\n",
        r.puzzle,
        r.subgraph.display(),
        r.edges,
        r.size,
        r.size
    );
    for c in &r.conditions {
        let mark = if c.holds { "holds" } else { "FAILS" };
        out += &format!("  {} {mark}: {}\n", c.condition, c.witness);
    }
    for (k, rows) in r.solutions.iter().enumerate() {
        let rows: Vec<String> = rows.iter().map(|row| row.join(" ")).collect();
        out += &format!("  solution {}: {}\n", k + 1, rows.join(" / "));
    }
    out + &pictures_text(&r.pictures)
}
