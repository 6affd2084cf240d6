//! `scramble solve` on an edge-matching puzzle (a grey frame, unsigned
//! colours, hints, rectangles): the row-scan search of `scramble::puzzle::edge`,
//! counted, first or listed, on `-j` threads under `--time-limit` and
//! Ctrl-C, reported as text or one JSON line with the community's
//! `board_edges` string and viewer link.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use scramble::puzzle::edge::{Board, Counted, EdgePuzzle, board_edges, viewer_link};
use serde::Serialize;

use crate::show::edge::Head;

use super::{Args, Method, stop};
use crate::exit_codes::Exit;
use crate::{plural, print_json_line, print_text, progress};

/// What `solve --json` prints for an edge-matching puzzle.
#[derive(Serialize)]
struct Report {
    #[serde(flatten)]
    head: Head,
    hints: usize,
    /// Grey (colour 0) lies only on the rim.
    grey_only_on_rim: bool,
    /// `row-scan`.
    order: &'static str,
    /// `all` or `first`.
    mode: &'static str,
    complete: bool,
    stopped: Option<&'static str>,
    /// Boards modulo the board's rotations (`symmetries` of them); with
    /// `first`, 1 or 0.
    solutions: u128,
    /// Every filled board, each rotation counted (null for `first`).
    arrangements: Option<u128>,
    symmetries: u64,
    /// The search covered every rotation (`--every-rotation`, or no corner
    /// piece to pin); else the lowest-numbered corner piece was pinned.
    every_rotation: bool,
    nodes: u64,
    candidate_tests: u64,
    nodes_per_depth: Vec<u64>,
    seconds: f64,
    nodes_per_second: f64,
    /// The first board found, rows of `piece@turn` (pieces numbered from 1
    /// in file order).
    solution: Option<Vec<Vec<String>>>,
    board_edges: Option<String>,
    viewer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    listed: Option<super::Listed>,
}

/// Refuses the options that belong to Scramble Squares searches.
fn refuse_other_options(args: &Args) -> anyhow::Result<()> {
    let refused = [
        (args.method == Some(Method::Graph), "--method graph"),
        (
            args.cells.is_some() || args.pieces.is_some() || args.symmetry.is_some(),
            "--cells, --pieces and --symmetry",
        ),
        (args.restarts, "--restarts"),
        (args.list_looks, "--list-looks"),
        (args.wrong, "--wrong"),
        (args.shard.is_some(), "--shard"),
    ];
    match refused.iter().find(|(given, _)| *given) {
        Some((_, option)) => {
            anyhow::bail!("{option}: not for edge-matching puzzles, which are searched in row-scan order")
        }
        None => Ok(()),
    }
}

/// Solves one edge-matching puzzle and prints its report.
pub(super) fn solve(args: &Args, puzzle: EdgePuzzle, interrupted: &Arc<AtomicBool>) -> anyhow::Result<Exit> {
    refuse_other_options(args)?;
    if args.method == Some(Method::Frontier) {
        return super::frontier::solve_framed(args, &puzzle, interrupted);
    }
    let stop = stop(args, interrupted);
    let bar = progress::bar(0, "counting subtrees");
    let context = args.threads.context().until(&stop).reporting(&bar);
    let counted = if args.first {
        scramble::puzzle::edge::first(&puzzle, &context)
    } else {
        let list = if args.list { args.list_limit as usize } else { 1 };
        scramble::puzzle::edge::count(&puzzle, args.every_rotation, list, &context)
    };
    bar.finish_and_clear();
    let report = report(args, &puzzle, &counted, interrupted);
    if args.json {
        print_json_line(&report)?;
    } else {
        print_text(&text(&report, args.stats))?;
    }
    Ok(match (report.complete, report.solution.is_some()) {
        (false, false) => Exit::Stopped,
        (false, true) if !args.first => Exit::Stopped,
        (_, found) => Exit::found(found),
    })
}

fn report(args: &Args, puzzle: &EdgePuzzle, counted: &Counted, interrupted: &Arc<AtomicBool>) -> Report {
    let stats = &counted.stats;
    let complete = !stats.stopped || (args.first && !counted.boards.is_empty());
    // A stopped count shows no board: its first may not be the first.
    let shown = counted.boards.first().filter(|_| complete);
    Report {
        head: Head::of(puzzle),
        hints: puzzle.hints().len(),
        grey_only_on_rim: puzzle.grey_only_on_rim(),
        order: "row-scan",
        mode: if args.first { "first" } else { "all" },
        complete,
        stopped: (!complete).then(|| crate::signals::why_stopped(interrupted)),
        solutions: counted.solutions,
        arrangements: (!args.first).then_some(counted.arrangements),
        symmetries: counted.symmetries,
        every_rotation: counted.every_rotation,
        nodes: stats.nodes(),
        candidate_tests: stats.candidate_tests,
        nodes_per_depth: stats.nodes_per_depth.clone(),
        seconds: stats.elapsed.as_secs_f64(),
        nodes_per_second: stats.nodes_per_second(),
        solution: shown.map(|b| rows(puzzle, b)),
        board_edges: shown.map(|b| board_edges(puzzle, b)),
        viewer: shown.map(|b| viewer_link(puzzle, b)),
        listed: args.list.then(|| super::Listed {
            limit: args.list_limit,
            truncated: (counted.boards.len() as u128) < counted.arrangements,
            solutions: counted.boards.iter().map(|b| rows(puzzle, b)).collect(),
        }),
    }
}

/// A board as rows of `piece@turn`, pieces numbered from 1.
fn rows(puzzle: &EdgePuzzle, board: &Board) -> Vec<Vec<String>> {
    board
        .chunks(puzzle.width())
        .map(|row| row.iter().map(|(p, t)| format!("{}@{t}", p + 1)).collect())
        .collect()
}

fn text(report: &Report, stats: bool) -> String {
    let name = &report.head.puzzle;
    let shape = format!(
        "{} x {} board{}",
        report.head.width,
        report.head.height,
        match report.hints {
            0 => String::new(),
            n => format!(", {}", plural(n as u64, "hint")),
        }
    );
    let mut out = match (&report.solution, report.complete, report.mode) {
        (None, false, _) => format!(
            "{name}: stopped ({}) after {:.3} s: {} boards found so far (partial)\n",
            report.stopped.unwrap_or("early"),
            report.seconds,
            report.arrangements.unwrap_or(0)
        ),
        (None, true, _) => format!("{name}: no solution ({shape})\n"),
        (Some(_), _, "first") => format!("{name}: a solution ({shape}, row-scan search)\n"),
        (Some(_), _, _) => format!(
            "{name}: {} ({} boards counting the board's turns; {shape}); the first:\n",
            plural_u128(report.solutions, "solution"),
            report.arrangements.unwrap_or(0)
        ),
    };
    if let Some(rows) = &report.solution {
        out += &rows
            .iter()
            .map(|row| format!("  {}\n", row.join(" ")))
            .collect::<String>();
        out += &format!(
            "board_edges: {}\nviewer: {}\n",
            report.board_edges.as_deref().unwrap_or(""),
            report.viewer.as_deref().unwrap_or("")
        );
    }
    if stats || !report.complete {
        out += &format!(
            "nodes: {} in {:.3} s ({:.1} M nodes/s){}\n",
            report.nodes,
            report.seconds,
            report.nodes_per_second / 1e6,
            if report.every_rotation {
                ", every rotation searched"
            } else {
                ", first corner piece pinned"
            }
        );
    }
    if let Some(listed) = &report.listed {
        out += &format!(
            "listed: {} of {}\n",
            listed.solutions.len(),
            report.arrangements.unwrap_or(0)
        );
        out += &super::numbered(&listed.solutions);
    }
    out
}

fn plural_u128(n: u128, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}
