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

/// `solve --shard I/N` of an edge-matching puzzle: one shard of the
/// row-scan count (`scramble::puzzle::edge::EdgeShard::count`), printed as one
/// JSON document, or written whole to `-o FILE` once the shard is done; a
/// rerun that finds FILE holding this shard's count does nothing. A
/// stopped shard writes nothing there (exit 3): the shards are the
/// count's restart points.
pub(super) fn shard(args: &Args, puzzle: EdgePuzzle, interrupted: &Arc<AtomicBool>) -> anyhow::Result<Exit> {
    refuse_other_options(args)?;
    let refused = [
        (args.first, "--first"),
        (args.list, "--list"),
        (args.method.is_some_and(|m| m != Method::Backtrack), "--method"),
    ];
    if let Some((_, option)) = refused.iter().find(|(given, _)| *given) {
        anyhow::bail!(
            "{option}: the shards of an edge-matching puzzle count its boards by the row-scan search; \
             a stopped shard is run again"
        );
    }
    let shard = args.shard.expect("checked by the caller");
    if let Some(path) = &args.output {
        scramble::output::Target::new(path).refuse()?;
        let done = crate::input::read_file(path)
            .ok()
            .and_then(|bytes| serde_json::from_slice::<EdgeShard>(&bytes).ok())
            .is_some_and(|done| done.answers(&puzzle, args.every_rotation, shard));
        if done {
            crate::note(&format!(
                "{}: shard {shard} is already done\n",
                scramble::output::shown_path(path)
            ));
            return Ok(Exit::Success);
        }
    }
    let resume = resume(args, &puzzle, shard)?;
    let stop = stop(args, interrupted);
    let bar = progress::bar(0, &format!("shard {shard}: subtrees"));
    let context = args.threads.context().until(&stop).reporting(&bar);
    let save = |doc: &EdgeShard| match &args.checkpoint {
        Some(path) => scramble::output::Target::new(path).write(&document(doc)),
        None => Ok(()),
    };
    let saving = args.checkpoint.as_ref().map(|_| (args.checkpoint_every, &save as _));
    let counted = EdgeShard::count(&puzzle, args.every_rotation, shard, resume.as_ref(), saving, &context)?;
    bar.finish_and_clear();
    let why = || crate::signals::why_stopped(interrupted);
    match (&args.output, &args.checkpoint) {
        (_, Some(path)) if !counted.complete() => {
            save(&counted)?;
            crate::note(&format!(
                "shard {shard} stopped ({}) before its end; its checkpoint {} continues it\n",
                why(),
                scramble::output::shown_path(path)
            ));
        }
        (Some(path), _) if counted.complete() => scramble::output::Target::new(path).write(&document(&counted))?,
        (Some(_), _) => crate::note(&format!(
            "shard {shard} stopped ({}) before its end; nothing was written\n",
            why()
        )),
        (None, _) => print_text(&String::from_utf8_lossy(&document(&counted)))?,
    }
    // The result is written: the checkpoint has nothing more to give.
    if let Some(path) = args.checkpoint.as_ref().filter(|_| counted.complete()) {
        match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                anyhow::bail!("{}: {e}", scramble::output::shown_path(path))
            }
            _ => {}
        }
    }
    Ok(if counted.complete() {
        Exit::Success
    } else {
        Exit::Stopped
    })
}

/// A shard's document as written: one JSON line.
fn document(doc: &EdgeShard) -> Vec<u8> {
    let mut bytes = serde_json::to_vec(doc).expect("a shard's document is JSON");
    bytes.push(b'\n');
    bytes
}

/// The checkpoint `--checkpoint FILE` continues, if FILE holds one (none
/// there: a fresh start). Refused before any work: FILE where no file
/// goes, over an input or the same file as `-o`, or a checkpoint of
/// another run.
fn resume(args: &Args, puzzle: &EdgePuzzle, shard: scramble::census::Shard) -> anyhow::Result<Option<EdgeShard>> {
    let Some(path) = &args.checkpoint else {
        return Ok(None);
    };
    scramble::output::Target::new(path).refuse()?;
    let shown = scramble::output::shown_path(path);
    if args.output.as_deref().is_some_and(|output| same_file(output, path)) {
        anyhow::bail!(
            "-o {} and --checkpoint {shown} are one file: the checkpoint is removed once the shard is done, \
             give them two names",
            scramble::output::shown_path(args.output.as_deref().unwrap_or(path))
        );
    }
    let Ok(bytes) = crate::input::read_file(path) else {
        return Ok(None);
    };
    let checkpoint: EdgeShard = serde_json::from_slice(&bytes)
        .map_err(|e| anyhow::anyhow!("{shown}: not a checkpoint of an edge count: {e}"))?;
    if !checkpoint.continues(puzzle, args.every_rotation, shard) {
        anyhow::bail!(
            "{shown}: a checkpoint of another run, not of shard {shard} of this search: give this run another \
             --checkpoint, or run it as that checkpoint was run"
        );
    }
    crate::note(&format!("{shown}: shard {shard} continues from its checkpoint\n"));
    Ok(Some(checkpoint))
}

/// Whether two paths name one file (the same path, or, where both exist,
/// the same place once links are followed).
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

/// `scramble merge` of the documents of every shard of one edge count: the
/// single run's report, as `solve` prints it.
pub fn merge(files: &[(String, Vec<u8>)], json: bool) -> anyhow::Result<Exit> {
    let (puzzle, counted) = EdgeShard::merge(files)?;
    let asked = Asked {
        first: false,
        frame_first: false,
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
    frame_first: bool,
    list: Option<u64>,
    interrupted: Option<&'a AtomicBool>,
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
    let list = if args.list { args.list_limit as usize } else { 1 };
    let counted = if args.first {
        puzzle.first(&context)
    } else if args.frame_first {
        puzzle.count_frame_first(args.every_rotation, list, &context)
    } else {
        puzzle.count(args.every_rotation, list, &context)
    };
    bar.finish_and_clear();
    let asked = Asked {
        first: args.first,
        frame_first: args.frame_first,
        list: args.list.then_some(args.list_limit),
        interrupted: Some(interrupted),
    };
    let report = report(&asked, &puzzle, &counted);
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
        order: if asked.frame_first { "frame-first" } else { "row-scan" },
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
