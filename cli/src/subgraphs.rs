//! `scramble subgraphs`: the 256 four-color subgraphs of a 2x2 puzzle, each
//! judged by Theorem 2.1 (condition by condition), by the twisted-graph
//! criterion and by brute force, with every disagreement flagged.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use itertools::Itertools;
use scramble::render::{Renderer, UsedRenderer};
use scramble::theorem::analysis::{Analysis, Row, analyse};
use scramble::theorem::{Condition, ConditionReport};
use scramble::{Puzzle, RecordingGraph, Sign};
use serde::Serialize;

use super::edges::{EdgeReport, Edges, labels};
use super::exit_codes::Exit;
use super::pictures::{File, Pictures, grid_rows, pictures_text, write_owned};
use super::{PicturesArg, PuzzleArg, plural, print_report, puzzle_folder};
use scramble::output::Owns;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble subgraphs fixtures/paper2x2.txt --solutions\n  scramble subgraphs fixtures/paper2x2.txt --failing 3 --no-pictures"
)]
pub struct Args {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// List only subgraphs that the judge, the theorem or the twisted
    /// criterion accepts (solution graphs and disagreements).
    #[arg(long)]
    solutions: bool,
    /// List only subgraphs failing this condition of Theorem 2.1 (1-4 or
    /// its name), with the witness.
    #[arg(long, value_parser = crate::choices::condition(), value_name = "CONDITION")]
    failing: Option<Condition>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Pictures of every solution graph go to `<out>/<puzzle>/solutions/`,
    /// replacing an earlier run's.
    #[command(flatten)]
    pictures: PicturesArg,
    /// Also draw subgraph number INDEX (0-255, as listed), with its failing
    /// conditions in the title, to `<out>/<puzzle>/subgraphs/` (replacing
    /// what an earlier `--draw` put there).
    #[arg(long, value_name = "INDEX", value_parser = clap::value_parser!(u16).range(0..256), conflicts_with = "no_pictures")]
    draw: Option<u16>,
    /// Who draws the SVG.
    #[arg(long, value_parser = crate::choices::renderer(), default_value = "auto")]
    renderer: Renderer,
}

/// What `subgraphs --json` prints.
#[derive(Serialize)]
struct Report {
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
    counterexample: bool,
    findings: Vec<String>,
    pictures: Vec<PathBuf>,
    renderer: Option<UsedRenderer>,
    listed: Vec<RowReport>,
}

#[derive(Serialize)]
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

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let puzzle = args.puzzle.read()?;
    let owned: &[&str] = if args.draw.is_some() {
        &["solutions", "subgraphs"]
    } else {
        &["solutions"]
    };
    super::pictures::refuse_over_inputs(&args.pictures, &puzzle, "", Owns::Names(owned))?;
    let graph = RecordingGraph::new(&puzzle);
    let analysis = analyse(&puzzle, &graph)?;
    let listed: Vec<&Row> = analysis.rows.iter().filter(|r| args.lists(r)).collect();
    let mut report = report(&puzzle, &graph, &analysis, &listed);
    let pictures = Pictures::new(&puzzle, &graph, args.renderer);
    if !args.pictures.no_pictures {
        let folder = puzzle_folder(&args.pictures.out, &puzzle)?;
        let solutions = folder.join("solutions");
        let files = analysis
            .rows
            .iter()
            .filter(|r| r.judge())
            .map(|r| subgraph_pictures(&pictures, r, &solutions))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let drawn = args
            .draw
            .map(|index| subgraph_pictures(&pictures, &analysis.rows[usize::from(index)], &folder.join("subgraphs")))
            .transpose()?;
        // Both folders change in one step: never new solutions beside old
        // subgraphs.
        let files = files.into_iter().flatten().chain(drawn.into_iter().flatten()).collect();
        report.pictures = write_owned(&folder, files, Owns::Names(owned))?;
    }
    report.renderer = pictures.used();
    print_report(args.json, &report, |r| text(r, args.explains()))?;
    Ok(Exit::found(!analysis.counterexample()).into())
}

impl Args {
    fn lists(&self, row: &Row) -> bool {
        let accepted = row.judge() || row.theorem() || row.twisted;
        let failing = self.failing.is_none_or(|c| !row.verdict.holds(c));
        (!self.solutions || accepted) && failing
    }

    /// Whether every listed row gets its explanation (short lists).
    fn explains(&self) -> bool {
        self.solutions || self.failing.is_some()
    }
}

fn report(puzzle: &Puzzle, graph: &RecordingGraph, analysis: &Analysis, listed: &[&Row]) -> Report {
    Report {
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
        repaired_mismatches: repaired_mismatches(analysis),
        reconstruction_mismatches: analysis.reconstruction_mismatches(),
        counterexample: analysis.counterexample(),
        findings: findings(puzzle, analysis),
        pictures: Vec::new(),
        renderer: None,
        listed: {
            let edges = Edges::new(puzzle, graph);
            listed.iter().map(|r| row_report(puzzle, graph, &edges, r)).collect()
        },
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

/// One subgraph alone and highlighted, titled with its verdict, and the
/// grid of every solution it is the centre of.
fn subgraph_pictures(pictures: &Pictures, row: &Row, dir: &Path) -> anyhow::Result<Vec<File>> {
    let name = pictures.puzzle().name();
    let stem = format!("subgraph-{}", row.index);
    let title = format!("{name} [{}]: {}", row.index, verdict_title(pictures.puzzle(), row));
    let mut files = pictures.edges(&row.subgraph.edges(), &title, dir, &stem)?;
    for (k, solution) in row.solutions.iter().enumerate() {
        let rows: Vec<String> = grid_rows(pictures.puzzle(), solution)
            .iter()
            .map(|r| r.join(" "))
            .collect();
        let title = format!(
            "{name}: solution {} (centre: subgraph [{}])",
            rows.join(" / "),
            row.index
        );
        files.push(pictures.grid(solution, &title, dir.join(format!("{stem}-grid-{}.svg", k + 1))));
    }
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
    let repaired = repaired_mismatches(analysis);
    if repaired > 0 {
        found.push(format!(
            "COUNTEREXAMPLE: conditions (1), (2), (3') and (4) disagree with the judge on {}",
            subgraphs(repaired)
        ));
    }
    if analysis.twisted_mismatches() > 0 {
        found.push(format!(
            "COUNTEREXAMPLE: the twisted-graph criterion disagrees with the judge on {}",
            subgraphs(analysis.twisted_mismatches())
        ));
    }
    if analysis.reconstruction_mismatches() > 0 {
        found.push(format!(
            "COUNTEREXAMPLE: rebuilt arrangements differ from the judge's on {}",
            subgraphs(analysis.reconstruction_mismatches())
        ));
    }
    found
}

/// Subgraphs where conditions (1), (2), (3') and (4) and the judge disagree.
fn repaired_mismatches(analysis: &Analysis) -> usize {
    let rows = analysis.rows.iter();
    rows.filter(|r| r.verdict.repaired_accepted() != r.judge()).count()
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

fn text(report: &Report, explain_all: bool) -> String {
    let mut freedom = if report.repetition_free {
        "repetition-free"
    } else {
        "has repetitions"
    }
    .to_string();
    if !report.self_matching.is_empty() {
        freedom += &format!(", self-matching {}", report.self_matching.join(" "));
    }
    let mut out = format!(
        "{}: {} four-color subgraphs, {}; listing {}\n",
        report.puzzle,
        report.subgraphs,
        freedom,
        report.listed.len()
    );
    out += "  conditions (1) colors (2) degrees (3) paths (4) pseudo-connected: + holds, - fails\n";
    for row in &report.listed {
        out += &row_text(row, explain_all);
    }
    out += &format!(
        "solutions: {} (modulo whole-grid rotation); solution graphs (judge): {}\n",
        report.solutions, report.solution_graphs
    );
    out += &format!(
        "Theorem 2.1 accepts {}, disagrees on {}; twisted criterion accepts {}, disagrees on {}\n",
        report.theorem_accepted, report.theorem_mismatches, report.twisted_accepted, report.twisted_mismatches
    );
    out += &format!(
        "with (3') in place of (3) (exact with repetitions): accepts {}, disagrees on {}\n",
        report.repaired_accepted, report.repaired_mismatches
    );
    for finding in &report.findings {
        out += &format!("{finding}\n");
    }
    out + &pictures_text(&report.pictures)
}

fn row_text(row: &RowReport, explain_all: bool) -> String {
    let flags: String = row.conditions.iter().map(|c| if c.holds { '+' } else { '-' }).collect();
    let mark = if row.disagreement { "  <-- DISAGREEMENT" } else { "" };
    let mut out = format!(
        "  [{:>3}] {}  [{flags}] theorem {} twisted {} judge {}{mark}\n",
        row.index,
        labels(&row.edges),
        yes(row.theorem),
        yes(row.twisted),
        yes(row.judge),
    );
    if explain_all || row.judge || row.disagreement {
        for c in row.conditions.iter().filter(|c| !c.holds) {
            let witness = c.witness.as_deref().unwrap_or("");
            out += &format!("        ({}) {} fails: {witness}\n", c.number, c.name);
        }
        match (
            &row.repaired_witness,
            row.conditions.iter().any(|c| c.number == 3 && !c.holds),
        ) {
            (Some(w), _) => out += &format!("        (3') paths unless a loop at A^c or A matches itself fails: {w}\n"),
            (None, true) if row.self_matching_middle => {
                out += "        (3') holds: each such path has a self-matching middle A or a loop at A^c\n"
            }
            (None, true) => out += "        (3') holds: each such path has a loop at A^c\n",
            (None, false) => {}
        }
        for grid in &row.solutions {
            let rows: Vec<String> = grid.iter().map(|r| r.join(" ")).collect();
            out += &format!("        solution: {}\n", rows.join(" / "));
        }
    }
    out
}
