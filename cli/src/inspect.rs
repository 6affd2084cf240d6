//! `scramble inspect`: the subgraph of the recording graph that a solution
//! of an `n x n` puzzle keeps (every piece's corners between two inner
//! sides), piece by piece and lattice point by lattice point: the first
//! solution in the spiral order, or the `N`-th with `--solution N` (the
//! numbering of `solve --list`).
//!
//! With `--subgraph FILE` it judges a subgraph H given as an edge list
//! instead (format: [`scramble::theorem::edge_list`]) by the `n x n`
//! theorem, condition by condition with witnesses, and draws it: exit 0
//! when H is the kept subgraph of a solution, 1 when it is not.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::recording::kept::{blocks, inner_corners, kept_edges};
use scramble::render::{Renderer, UsedRenderer};
use scramble::solve::{Goal, Order, Search, Solver};
use scramble::theorem::{ConditionReport, evaluate, twisted_criterion};
use scramble::{Arrangement, Context, Puzzle, RecordingGraph};

use super::signals::why_stopped;
use serde::Serialize;

use super::edges::{EdgeReport, Edges, labels};
use super::exit_codes::Exit;
use super::pictures::{Pictures, grid_rows, pictures_text, write_all};
use super::{PicturesArg, PuzzleArg, puzzle_folder};
use super::{print_json, print_report, print_text};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble inspect fixtures/cards3x3.txt\n  scramble inspect fixtures/cards3x3.txt --solution 2 --json"
)]
pub struct Args {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Pictures go to `<out>/<puzzle>/inspect/`, replacing an earlier run's.
    #[command(flatten)]
    pictures: PicturesArg,
    /// Who draws the SVG.
    #[arg(long, value_parser = crate::choices::renderer(), default_value = "auto")]
    renderer: Renderer,
    /// Judge this subgraph (one edge per line, `1+ -> 2- #3`) by the n x n
    /// theorem instead of showing a solution's kept edges.
    #[arg(long, value_name = "FILE")]
    subgraph: Option<PathBuf>,
    /// Inspect the N-th solution (from 1) in the spiral search order, as
    /// `scramble solve PUZZLE --list` numbers them.
    #[arg(long, value_name = "N", conflicts_with = "subgraph", value_parser = clap::value_parser!(u64).range(1..))]
    solution: Option<u64>,
    /// Stop searching after this many seconds (exit code 3, nothing
    /// inspected): for the solution, or with --subgraph for the framed
    /// search of a 4x4 or larger grid. Ctrl-C stops the same way.
    #[arg(long, value_name = "SECONDS", value_parser = super::solve::seconds)]
    time_limit: Option<std::time::Duration>,
}

/// What `inspect --json` prints.
#[derive(Serialize)]
struct Report {
    puzzle: String,
    size: usize,
    solved: bool,
    solution: Vec<Vec<String>>,
    /// `--solution N`: which solution in the spiral order this is.
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<u64>,
    kept_edges: usize,
    recording_edges: usize,
    pieces: Vec<PieceReport>,
    lattice_points: Vec<PointReport>,
    pictures: Vec<PathBuf>,
    renderer: Option<UsedRenderer>,
}

#[derive(Serialize)]
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
#[derive(Serialize)]
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

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let puzzle = args.puzzle.read()?;
    if let Some(file) = &args.subgraph {
        scramble::output::mark_input(file);
    }
    let sub = if args.subgraph.is_some() {
        "inspect-subgraph"
    } else {
        "inspect"
    };
    super::pictures::refuse_over_inputs(&args.pictures, &puzzle, sub, scramble::output::Owns::Folder)?;
    let graph = RecordingGraph::new(&puzzle);
    let (stop, interrupted) = super::signals::interruptible(args.time_limit);
    let context = Context::new().until(&stop);
    if let Some(file) = &args.subgraph {
        let options = args_view(&args);
        return match super::inspect_subgraph::run(&options, &puzzle, &graph, file, &context)? {
            Some(code) => Ok(code),
            None => stopped(&args, &puzzle, "", why_stopped(&interrupted)),
        };
    }
    let number = args.solution.unwrap_or(1);
    let nth = Search::within(Goal::Nth(number - 1), &context).without_stats();
    let mut outcome = Solver::new(&puzzle, Order::Spiral, 0)?.run(&nth);
    let (found, met, stopped_early) = (outcome.kept.pop(), outcome.solutions, outcome.stats.stopped);
    if stopped_early {
        let after = format!(" after {} before solution {number}", super::plural(met, "solution"));
        return stopped(&args, &puzzle, &after, why_stopped(&interrupted));
    }
    if found.is_none() && met > 0 {
        anyhow::bail!(
            "--solution {number}: {} has {} modulo rotation, numbered 1 to {met} (see `scramble solve {} --list`)",
            puzzle.name(),
            super::plural(met, "solution"),
            scramble::output::shown_path(&args.puzzle.puzzle)
        );
    }
    let Some(solution) = found else {
        if args.json {
            print_json(&serde_json::json!({ "puzzle": puzzle.name(), "size": puzzle.size(), "solved": false }))?;
        } else {
            print_text(&format!("{}: no solution, nothing to inspect\n", puzzle.name()))?;
        }
        return Ok(Exit::NotFound.into());
    };
    let mut report = report(&puzzle, &graph, &solution);
    report.number = args.solution;
    if !args.pictures.no_pictures {
        let pictures = Pictures::new(&puzzle, &graph, args.renderer);
        let dir = puzzle_folder(&args.pictures.out, &puzzle)?.join("inspect");
        let title = format!(
            "{}: the {} edges a {n}x{n} solution keeps",
            puzzle.name(),
            report.kept_edges,
            n = puzzle.size()
        );
        let mut files = pictures.edges(&kept_edges(&graph, &solution), &title, &dir, "kept")?;
        let rows: Vec<String> = report.solution.iter().map(|r| r.join(" ")).collect();
        let grid_title = format!("{}: solution {}", puzzle.name(), rows.join(" / "));
        files.push(pictures.grid(&solution, &grid_title, dir.join("solution.svg")));
        report.pictures = write_all(&dir, files)?;
        report.renderer = pictures.used();
    }
    print_report(args.json, &report, text)?;
    Ok(ExitCode::SUCCESS)
}

/// What `--subgraph` needs of the arguments.
/// The report of an inspection that `why` stopped (`after`: how far it
/// got), exit code 3.
fn stopped(args: &Args, puzzle: &Puzzle, after: &str, why: &str) -> anyhow::Result<ExitCode> {
    if args.json {
        let size = puzzle.size();
        let report = serde_json::json!({ "puzzle": puzzle.name(), "size": size, "solved": false, "complete": false, "stopped": why });
        print_json(&report)?;
    } else {
        let by = if why == "time-limit" {
            "by --time-limit"
        } else {
            "(interrupted)"
        };
        print_text(&format!("{}: stopped {by}{after}: nothing inspected\n", puzzle.name()))?;
    }
    Ok(Exit::Stopped.into())
}

fn args_view(args: &Args) -> super::inspect_subgraph::Options {
    super::inspect_subgraph::Options {
        json: args.json,
        out: args.pictures.out.clone(),
        no_pictures: args.pictures.no_pictures,
        renderer: args.renderer,
    }
}

fn report(puzzle: &Puzzle, graph: &RecordingGraph, solution: &Arrangement) -> Report {
    let n = solution.size();
    let edges = Edges::new(puzzle, graph);
    let label = |e| edges.report(e);
    let pieces: Vec<PieceReport> = solution
        .cells()
        .iter()
        .enumerate()
        .map(|(cell, p)| {
            let corners = inner_corners(n, cell, p.rotation);
            PieceReport {
                piece: puzzle.piece_label(p.piece),
                cell: [cell / n + 1, cell % n + 1],
                rotation: p.rotation,
                role: ["corner piece", "corner piece", "edge piece", "", "inner piece"][corners.len()],
                edges: corners.iter().map(|&c| label(graph.edge(p.piece, c))).collect(),
            }
        })
        .collect();
    let lattice_points = blocks(graph, solution)
        .into_iter()
        .map(|((i, j), block)| {
            let verdict = evaluate(graph, &block);
            PointReport {
                point: [i, j],
                edges: block.edges().into_iter().map(label).collect(),
                twisted: twisted_criterion(&block.resolve(graph)),
                theorem: verdict.accepted(),
                failing: verdict.failing().iter().map(ToString::to_string).collect(),
                conditions: verdict.reports(puzzle, graph),
                repaired: verdict.repaired_accepted(),
            }
        })
        .collect();
    Report {
        puzzle: puzzle.name().to_string(),
        size: n,
        solved: true,
        solution: grid_rows(puzzle, solution),
        number: None,
        kept_edges: pieces.iter().map(|p| p.edges.len()).sum(),
        recording_edges: graph.graph().edge_count(),
        pieces,
        lattice_points,
        pictures: Vec::new(),
        renderer: None,
    }
}

fn text(r: &Report) -> String {
    let number = r.number.map_or_else(String::new, |n| format!(" {n} (spiral order)"));
    let mut out = format!("{}: {}x{} solution{number}\n", r.puzzle, r.size, r.size);
    for row in &r.solution {
        out += &format!("  {}\n", row.join(" "));
    }
    out += &format!(
        "kept edges: {} of {} (corners between two inner sides)\n",
        r.kept_edges, r.recording_edges
    );
    for p in &r.pieces {
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
    for p in &r.lattice_points {
        let theorem = if p.theorem {
            "Theorem 2.1 holds".to_string()
        } else {
            let repaired = if p.repaired { "holds" } else { "fails" };
            format!("Theorem 2.1 fails {}; (3') {repaired}", p.failing.join(", "))
        };
        let twisted = if p.twisted {
            "twisted circuit"
        } else {
            "NOT a twisted circuit"
        };
        let (i, j) = (p.point[0], p.point[1]);
        out += &format!("  ({i},{j}): {}  [{twisted}; {theorem}]\n", labels(&p.edges));
    }
    out + &pictures_text(&r.pictures)
}
