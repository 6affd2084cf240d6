//! `scramble solve`: solve `n x n` puzzles with the fast backtracker,
//! print the solved grid, write it as SVG; several files are solved one
//! after the other, one report each (one JSON document each with `--json`).
//!
//! By default every solution is counted (modulo the four whole-grid
//! rotations, as docs/format.md counts) and the first one found is shown: counting
//! is what tells a unique puzzle from one with many answers. `--first` stops
//! at the first solution instead (on every core from 4x4 up, the same
//! solution as on one). Exit 1 when there is no solution.
//!
//! `--list` lists the solutions too, one line each in search order (the
//! numbering of `inspect --solution N` with the default order), at most
//! `--list-limit` of them; the count stays exact.
//!
//! `--time-limit SECONDS` and Ctrl-C stop the search early: what was found
//! so far is reported as partial (`"complete": false` and `"stopped"` in
//! JSON; counts are then lower bounds) and the exit code is 3, unless a
//! `--first` search had already found its solution.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use scramble::solve::{Cells, Goal, Order, Pieces, Search, Stats, Stop, Strategy, Symmetry, Threads};
use scramble::{Arrangement, Puzzle};
use serde::Serialize;

use super::exit_codes::Exit;
use super::pictures::grid_rows;
use super::signals::OnSignal;
use super::{PicturesArg, PuzzlesArg, print_json_line, print_text, progress};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble solve fixtures/cards3x3.txt\n  scramble solve fixtures/paper2x2.txt fixtures/cards3x3.txt --first --json\n  scramble solve fixtures/cards3x3.txt --list --time-limit 10"
)]
pub struct Args {
    #[command(flatten)]
    puzzles: PuzzlesArg,
    /// Count every solution (the default).
    #[arg(long, conflicts_with = "first")]
    all: bool,
    /// Stop at the first solution.
    #[arg(long)]
    first: bool,
    /// How to search: `backtrack` places pieces cell by cell; `graph`
    /// glues twisted circuits of the recording graph at the lattice points
    /// (the n x n theorem; `--order` and `--seed` do not apply).
    #[arg(long, value_enum, default_value_t = Method::Backtrack)]
    method: Method,
    /// Search order.
    #[arg(long, value_enum, default_value_t = Order::Spiral)]
    order: Order,
    /// Replace the order's cell rule (which cell is filled next).
    #[arg(long, value_enum)]
    cells: Option<Cells>,
    /// Replace the order's piece rule (in which order pieces are tried).
    #[arg(long, value_enum)]
    pieces: Option<Pieces>,
    /// Replace the order's symmetry rule (even grids: which central piece
    /// the upper-left central cell holds).
    #[arg(long, value_enum)]
    symmetry: Option<Symmetry>,
    /// Seed of the `random` order.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// With `--first`: search the spiral with a new random piece order
    /// (from `--seed`) after `luby(i) * --restart-unit` placements, run `i`
    /// on its own, several runs side by side from 4x4 up (the answer
    /// depends on the seed only). Takes no other order.
    #[arg(long, requires = "first", conflicts_with_all = ["method", "order", "cells", "pieces", "symmetry"])]
    restarts: bool,
    /// Placements of the shortest restart run.
    #[arg(long, value_name = "PLACEMENTS", default_value_t = 1 << 20, requires = "restarts",
          value_parser = clap::value_parser!(u64).range(1..))]
    restart_unit: u64,
    /// Also list the solutions, one line each (rows of `piece@rotation`), in
    /// search order, up to `--list-limit`; the count stays exact.
    #[arg(long, conflicts_with = "first")]
    list: bool,
    /// The most solutions `--list` shows (a note says when the list is cut).
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    list_limit: u64,
    /// Print nodes per depth, candidate tests, time and rate.
    #[arg(long)]
    stats: bool,
    /// Stop each puzzle's search after this many seconds and report what
    /// was found so far as partial (exit code 3; Ctrl-C does the same and
    /// skips the puzzles after it). With `--method graph` the limit bounds
    /// the whole run.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time_limit: Option<Duration>,
    /// Run on exactly N threads (default: every core).
    #[command(flatten)]
    pub threads: super::threads::ThreadsArg,
    /// Print JSON Lines instead of text: one JSON object per puzzle file, each on one line.
    #[arg(long)]
    json: bool,
    /// Pictures: the solution shown goes to `<out>/<puzzle>/solution.svg`.
    #[command(flatten)]
    pictures: PicturesArg,
}

/// The search behind `solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
enum Method {
    /// The fast backtracker over cells and rotations.
    Backtrack,
    /// The graph solver: twisted circuits of the recording graph glued at
    /// the grid's lattice points.
    Graph,
}

/// What `solve --json` prints.
#[derive(Serialize)]
struct Report {
    puzzle: String,
    size: usize,
    method: Method,
    order: Order,
    /// The cell, piece and symmetry rules searched by: `order`'s unless
    /// `--cells`, `--pieces` or `--symmetry` replaced one.
    strategy: Strategy,
    seed: u64,
    /// `all` or `first`.
    mode: &'static str,
    /// Whether the search ran to its end (or found its first solution);
    /// `false`: stopped early, `solutions` is a lower bound.
    complete: bool,
    /// Why it stopped early: `time-limit` or `interrupted`.
    stopped: Option<&'static str>,
    /// Solutions modulo rotation (`all`), or 1 / 0 found (`first`).
    solutions: u64,
    /// Solution arrangements: 4 per solution (`all`; null for `first`).
    arrangements: Option<u64>,
    nodes: u64,
    candidate_tests: u64,
    nodes_per_depth: Vec<u64>,
    seconds: f64,
    nodes_per_second: f64,
    /// `--restarts`: the runs started.
    #[serde(skip_serializing_if = "Option::is_none")]
    runs: Option<u64>,
    /// The solution shown, rows of `piece@rotation`.
    solution: Option<Vec<Vec<String>>>,
    svg: Option<PathBuf>,
    /// `--list`: the solutions, in search order, each as rows.
    #[serde(skip_serializing_if = "Option::is_none")]
    listed: Option<Listed>,
}

/// What `--list` shows: the first `limit` solutions in search order.
#[derive(Serialize)]
struct Listed {
    limit: u64,
    /// Fewer are listed than were counted (the cap cut the list).
    truncated: bool,
    solutions: Vec<Vec<Vec<String>>>,
}

/// A positive number of seconds.
pub(crate) fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() => Ok(Duration::from_secs_f64(s.min(1e9))),
        _ => Err(format!(
            "expected a positive number of seconds, found `{}`",
            scramble::error::excerpt(text)
        )),
    }
}

/// The flag a signal (Ctrl-C, SIGTERM, SIGHUP) raises; every method polls
/// it and reports what it found.
fn interrupt_flag() -> Arc<AtomicBool> {
    super::signals::install(OnSignal::Report)
}

/// The stop of one puzzle's search: the time limit from now if any, and
/// the signal flag.
fn stop(args: &Args, interrupted: &Arc<AtomicBool>) -> Stop {
    let stop = Stop::never().cancelled_by(interrupted.clone());
    match args.time_limit {
        Some(limit) => stop.after(limit),
        None => stop,
    }
}

/// Solves every puzzle named, in order, after reading them all (a bad file
/// stops the run before any search). The exit code is the gravest of the
/// puzzles' (see `Exit::graver`). `--time-limit` bounds each puzzle's
/// search.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.list && args.method == Method::Graph {
        anyhow::bail!("--list lists the backtracker's solutions: it needs --method backtrack");
    }
    let puzzles = args.puzzles.read()?;
    let interrupted = interrupt_flag();
    let mut exit = Exit::Success;
    for (i, puzzle) in puzzles.into_iter().enumerate() {
        if interrupted.load(Ordering::Relaxed) {
            break;
        }
        if i > 0 && !args.json {
            print_text("\n")?;
        }
        exit = exit.graver(solve(&args, puzzle, &interrupted)?);
    }
    Ok(exit.into())
}

/// Solves one puzzle and prints its report.
fn solve(args: &Args, puzzle: Puzzle, interrupted: &Arc<AtomicBool>) -> anyhow::Result<Exit> {
    let preset = args.order.strategy();
    let strategy = Strategy {
        cells: args.cells.unwrap_or(preset.cells),
        pieces: args.pieces.unwrap_or(preset.pieces),
        symmetry: args.symmetry.unwrap_or(preset.symmetry),
    };
    let method = match args.method {
        Method::Graph => scramble::solve::Method::Graph,
        Method::Backtrack if args.restarts => scramble::solve::Method::Restarts {
            unit: args.restart_unit,
            seed: args.seed,
        },
        Method::Backtrack => scramble::solve::Method::Backtrack {
            strategy,
            seed: args.seed,
        },
    };
    let (goal, bar) = if args.first {
        let what = if args.restarts {
            "searching with restarts"
        } else {
            "searching"
        };
        (Goal::First, progress::nodes(what))
    } else {
        let keep = if args.list { args.list_limit } else { 1 };
        (Goal::Count { keep }, progress::bar(0, "counting subtrees"))
    };
    let stop = stop(args, interrupted);
    let search = Search {
        goal,
        stop: &stop,
        progress: &bar,
        threads: Threads::Auto,
        stats: true,
    };
    let outcome = scramble::solve::run(&puzzle, method, &search);
    bar.finish_and_clear();
    let outcome = outcome?;
    let stats = &outcome.stats;
    // A stopped count shows no solution: its first may not be the first.
    let shown = outcome.found().cloned().filter(|_| !stats.stopped || args.first);
    let complete = !stats.stopped;
    let stopped = (!complete).then(|| {
        if interrupted.load(Ordering::Relaxed) {
            "interrupted"
        } else {
            "time-limit"
        }
    });
    let svg = shown
        .as_ref()
        .filter(|_| args.pictures.writes())
        .map(|a| write_svg(&puzzle, a, &args.pictures.out))
        .transpose()?;
    let report = Report {
        puzzle: puzzle.name().to_string(),
        size: puzzle.size(),
        method: args.method,
        order: args.order,
        strategy,
        seed: args.seed,
        mode: if args.first { "first" } else { "all" },
        complete,
        stopped,
        solutions: outcome.solutions,
        arrangements: (!args.first).then_some(4 * outcome.solutions),
        nodes: stats.nodes(),
        candidate_tests: stats.candidate_tests,
        nodes_per_depth: stats.nodes_per_depth.clone(),
        seconds: stats.elapsed.as_secs_f64(),
        nodes_per_second: stats.nodes_per_second(),
        runs: outcome.runs,
        solution: shown.as_ref().map(|a| grid_rows(&puzzle, a)),
        svg,
        listed: args.list.then(|| Listed {
            limit: args.list_limit,
            truncated: (outcome.kept.len() as u64) < outcome.solutions,
            solutions: outcome.kept.iter().map(|a| grid_rows(&puzzle, a)).collect(),
        }),
    };
    if args.json {
        print_json_line(&report)?;
    } else {
        print_text(&text(&puzzle, &report, shown.as_ref(), args.stats.then_some(stats)))?;
    }
    Ok(if complete {
        Exit::found(shown.is_some())
    } else {
        Exit::Stopped
    })
}

fn write_svg(puzzle: &Puzzle, solution: &Arrangement, out: &Path) -> anyhow::Result<PathBuf> {
    let path = super::puzzle_folder(out, puzzle)?.join("solution.svg");
    let title = format!("{}: a solution", puzzle.name());
    scramble::output::write_atomic(
        &path,
        scramble::render::pieces_svg(puzzle, Some(solution), &title).as_bytes(),
    )?;
    Ok(path)
}

fn text(puzzle: &Puzzle, report: &Report, shown: Option<&Arrangement>, stats: Option<&Stats>) -> String {
    let mut out = match (report.mode, shown) {
        (_, None) if !report.complete => format!(
            "{}: stopped ({}) after {:.3} s: {} solution{} found so far (partial)\n",
            report.puzzle,
            report.stopped.unwrap_or("early"),
            report.seconds,
            report.solutions,
            if report.solutions == 1 { "" } else { "s" },
        ),
        (_, None) => format!("{}: no solution\n", report.puzzle),
        ("first", Some(_)) => format!("{}: a solution ({})\n", report.puzzle, search_name(report)),
        (_, Some(_)) => format!(
            "{}: {} solution{} modulo rotation ({} arrangements), {}; the first:\n",
            report.puzzle,
            report.solutions,
            if report.solutions == 1 { "" } else { "s" },
            report.arrangements.unwrap_or(0),
            search_name(report)
        ),
    };
    if let Some(solution) = shown {
        out += &grid_text(puzzle, solution);
    }
    if let Some(svg) = &report.svg {
        out += &format!("picture: {}\n", svg.display());
    }
    if let Some(stats) = stats {
        out += &stats_text(stats);
    }
    if let Some(listed) = &report.listed {
        out += &list_text(report, listed);
    }
    out
}

/// `--list`'s lines: a heading that says whether the list is whole, then
/// one numbered line per solution, rows separated by `/`.
fn list_text(report: &Report, listed: &Listed) -> String {
    let shown = listed.solutions.len();
    let which = match (report.complete, listed.truncated) {
        (false, _) => format!("{shown} found before the search stopped"),
        (true, false) => format!("all {shown}"),
        (true, true) => format!("the first {shown} of {}; --list-limit N lists more", report.solutions),
    };
    let mut out = format!("solutions in {} ({which}):\n", search_name(report));
    for (i, rows) in listed.solutions.iter().enumerate() {
        let rows: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
        out += &format!(
            "  {:>width$}  {}\n",
            i + 1,
            rows.join(" / "),
            width = shown.to_string().len()
        );
    }
    out
}

/// `spiral order`, or `graph method`.
fn search_name(report: &Report) -> String {
    match report.method {
        Method::Graph => "graph method".to_string(),
        Method::Backtrack if report.runs.is_some() => {
            let runs = report.runs.unwrap_or(0);
            format!("random order, {runs} restart run{}", if runs == 1 { "" } else { "s" })
        }
        Method::Backtrack if report.strategy != report.order.strategy() => {
            format!("{} strategy", report.strategy.name())
        }
        Method::Backtrack => format!("{} order", report.order.name()),
    }
}

/// The solved grid, each cell a box with its turned sides around the
/// piece's label and rotation (`#3@1`: piece 3 turned once clockwise).
pub fn grid_text(puzzle: &Puzzle, solution: &Arrangement) -> String {
    let side = |cell, d| puzzle.picture_label(solution.side(puzzle, cell, d));
    let label = |cell: usize| {
        let p = solution.cells()[cell];
        format!("{}@{}", puzzle.piece_label(p.piece), p.rotation)
    };
    let cells = solution.cells().len();
    let middle = |cell| format!("{} {} {}", side(cell, 3), label(cell), side(cell, 1));
    let width = super::column((0..cells).map(|c| middle(c).chars().count()).max().unwrap_or(0) + 2);
    let rule = format!("+{}\n", format!("{}+", "-".repeat(width)).repeat(solution.size()));
    let mut out = rule.clone();
    for row in (0..cells).collect::<Vec<_>>().chunks(solution.size()) {
        for line in [
            row.iter().map(|&c| side(c, 0)).collect::<Vec<_>>(),
            row.iter().map(|&c| middle(c)).collect(),
            row.iter().map(|&c| side(c, 2)).collect(),
        ] {
            let boxes: String = line.iter().map(|s| format!("{s:^width$}|")).collect();
            out += &format!("|{boxes}\n");
        }
        out += &rule;
    }
    out
}

fn stats_text(stats: &Stats) -> String {
    let depths: Vec<String> = stats.nodes_per_depth.iter().map(u64::to_string).collect();
    format!(
        "nodes: {} ({} candidate tests) in {:.6} s, {:.1} M nodes/s\nnodes per depth: {}\n\
         rejected: {} candidates from the tables (piece used, a third or fourth neighbour, or the symmetry rule)\n",
        stats.nodes(),
        stats.candidate_tests,
        stats.elapsed.as_secs_f64(),
        stats.nodes_per_second() / 1e6,
        depths.join(" "),
        stats.candidate_tests.saturating_sub(stats.nodes()),
    )
}
