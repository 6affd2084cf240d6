//! `scramble solve` on an edge-matching puzzle (a grey frame, unsigned
//! colours, hints, rectangles): the row-scan search of `scramble::puzzle::edge`,
//! counted, first or listed, on `-j` threads under `--time-limit` and
//! Ctrl-C, reported as text or one JSON line with the community's
//! `board_edges` string and viewer link.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use scramble::puzzle::edge::{Board, Counted, EdgePuzzle, EdgeShard};
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
    /// `row-scan` or `frame-first`.
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
    /// The shards added up (`merge`).
    #[serde(skip_serializing_if = "Option::is_none")]
    shards: Option<usize>,
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
    ];
    match refused.iter().find(|(given, _)| *given) {
        Some((_, option)) => {
            anyhow::bail!("{option}: not for edge-matching puzzles, which are searched in row-scan order")
        }
        None => Ok(()),
    }
}

/// Refuses what a count kept in files (a shard, or a count with a
/// checkpoint) does not take: it counts every board by the search, row by
/// row or frame first; `why` says so.
fn refuse_in_files(args: &Args, why: &str) -> anyhow::Result<()> {
    refuse_other_options(args)?;
    let refused = [
        (args.first, "--first"),
        (args.list, "--list"),
        (args.method.is_some_and(|m| m != Method::Backtrack), "--method"),
    ];
    match refused.iter().find(|(given, _)| *given) {
        Some((_, option)) => anyhow::bail!("{option}: {why}"),
        None => Ok(()),
    }
}

/// `solve --shard I/N` of an edge-matching puzzle: one shard of the
/// count, row by row or frame first (`scramble::puzzle::edge::EdgeShard::run`), printed as one
/// JSON document, or written whole to `-o FILE` once the shard is done; a
/// rerun that finds FILE holding this shard's count does nothing. A
/// stopped shard writes nothing there (exit 3): the shards are the
/// count's restart points, and `--checkpoint FILE` keeps a shard's place.
pub(super) fn shard(args: &Args, puzzle: EdgePuzzle, interrupted: &Arc<AtomicBool>) -> anyhow::Result<Exit> {
    refuse_in_files(
        args,
        "the shards of an edge-matching puzzle count its boards by the search (row-scan or frame-first); \
         a stopped shard is run again",
    )?;
    let shard = args.shard.expect("checked by the caller");
    let stop = stop(args, interrupted);
    let bar = progress::bar(0, &format!("shard {shard}: subtrees"));
    let context = args.threads.context().until(&stop).reporting(&bar);
    let checkpoint = args.checkpoint.as_deref().map(|path| (path, args.checkpoint_every));
    let ran = EdgeShard::run(
        &puzzle,
        args.every_rotation,
        args.frame_first,
        Some(shard),
        args.output.as_deref(),
        checkpoint,
        &context,
    );
    bar.finish_and_clear();
    let (counted, notes) = ran?;
    crate::note(&notes);
    // Without -o the document goes to standard output: the count's, or
    // a stopped shard's when no checkpoint keeps it.
    if args.output.is_none() && (counted.complete() || args.checkpoint.is_none()) {
        print_text(&(serde_json::to_string(&counted)? + "\n"))?;
    }
    Ok(if counted.complete() {
        Exit::Success
    } else {
        Exit::Stopped
    })
}

/// `solve --checkpoint FILE` of an edge-matching puzzle without `--shard`:
/// the whole count as one shard of one, its place kept in FILE
/// (`scramble::puzzle::edge::EdgeShard::run`), reported as a plain `solve`
/// reports it; a stopped count reports what it found so far (exit 3) and
/// a rerun continues it.
fn checkpointed(args: &Args, puzzle: &EdgePuzzle, interrupted: &Arc<AtomicBool>) -> anyhow::Result<Exit> {
    refuse_in_files(
        args,
        "a count with --checkpoint counts every board by the search (row-scan or frame-first); \
         its rerun continues it",
    )?;
    let stop = stop(args, interrupted);
    let bar = progress::bar(0, "counting subtrees");
    let context = args.threads.context().until(&stop).reporting(&bar);
    let checkpoint = args.checkpoint.as_deref().map(|path| (path, args.checkpoint_every));
    let ran = EdgeShard::run(
        puzzle,
        args.every_rotation,
        args.frame_first,
        None,
        None,
        checkpoint,
        &context,
    );
    bar.finish_and_clear();
    let (counted, notes) = ran?;
    crate::note(&notes);
    answer(args, puzzle, &counted.counted(puzzle), interrupted)
}

/// `scramble merge` of the documents of every shard of one edge count: the
/// single run's report, as `solve` prints it.
pub fn merge(files: &[(String, Vec<u8>)], json: bool) -> anyhow::Result<Exit> {
    let (puzzle, counted) = EdgeShard::merge(files)?;
    let asked = Asked {
        first: false,
        list: None,
        interrupted: None,
    };
    let report = Report {
        shards: Some(files.len()),
        ..report(&asked, &puzzle, &counted)
    };
    if json {
        print_json_line(&report)?;
    } else {
        print_text(&text(&report, true))?;
    }
    Ok(Exit::found(report.solution.is_some()))
}

/// What the user asked of a report: a first board or a count, a list
/// (its limit), and the flag a signal raises.
struct Asked<'a> {
    first: bool,
    list: Option<u64>,
    interrupted: Option<&'a AtomicBool>,
}

/// Solves one edge-matching puzzle and prints its report.
pub(super) fn solve(args: &Args, puzzle: EdgePuzzle, interrupted: &Arc<AtomicBool>) -> anyhow::Result<Exit> {
    refuse_other_options(args)?;
    if args.checkpoint.is_some() {
        return checkpointed(args, &puzzle, interrupted);
    }
    if args.method == Some(Method::Frontier) {
        return super::frontier::solve_framed(args, &puzzle, interrupted);
    }
    let stop = stop(args, interrupted);
    let bar = progress::bar(0, "counting subtrees");
    let context = args.threads.context().until(&stop).reporting(&bar);
    let list = if args.list { args.list_limit as usize } else { 1 };
    let counted = if args.first {
        puzzle.first(&context)
    } else if args.frame_first {
        puzzle.count_frame_first(args.every_rotation, list, &context)
    } else {
        puzzle.count(args.every_rotation, list, &context)
    };
    bar.finish_and_clear();
    answer(args, &puzzle, &counted, interrupted)
}

/// Prints the report of `counted` as `args` ask and gives the exit code.
fn answer(args: &Args, puzzle: &EdgePuzzle, counted: &Counted, interrupted: &AtomicBool) -> anyhow::Result<Exit> {
    let asked = Asked {
        first: args.first,
        list: args.list.then_some(args.list_limit),
        interrupted: Some(interrupted),
    };
    let report = report(&asked, puzzle, counted);
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

fn report(asked: &Asked, puzzle: &EdgePuzzle, counted: &Counted) -> Report {
    let stats = &counted.stats;
    let complete = !stats.stopped || (asked.first && !counted.boards.is_empty());
    // A stopped count shows no board: its first may not be the first.
    let shown = counted.boards.first().filter(|_| complete);
    Report {
        head: Head::of(puzzle),
        hints: puzzle.hints().len(),
        grey_only_on_rim: puzzle.grey_only_on_rim(),
        order: if counted.frame_first { "frame-first" } else { "row-scan" },
        mode: if asked.first { "first" } else { "all" },
        complete,
        stopped: (!complete).then(|| asked.interrupted.map_or("time-limit", crate::signals::why_stopped)),
        solutions: counted.solutions,
        arrangements: (!asked.first).then_some(counted.arrangements),
        symmetries: counted.symmetries,
        every_rotation: counted.every_rotation,
        nodes: stats.nodes(),
        candidate_tests: stats.candidate_tests,
        nodes_per_depth: stats.nodes_per_depth.clone(),
        seconds: stats.elapsed.as_secs_f64(),
        nodes_per_second: stats.nodes_per_second(),
        solution: shown.map(|b| rows(puzzle, b)),
        board_edges: shown.map(|b| puzzle.board_edges(b)),
        viewer: shown.map(|b| puzzle.viewer_link(b)),
        shards: None,
        listed: asked.list.map(|limit| super::Listed {
            limit,
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
