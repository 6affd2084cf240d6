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
//! Beside `solutions` (identical cards told apart), a count reports `looks`:
//! the solutions a person can tell apart (`scramble::solve::looks`);
//! `--list-looks` lists one solution per look, the look's representative.
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

pub mod edge;
mod frontier;

use scramble::census::Shard;
use scramble::puzzle::edge::AnyPuzzle;
use scramble::solve::diagnose::{Diagnosis, Edits};
use scramble::solve::shards;
use scramble::solve::{Cells, Goal, Order, Pieces, Search, Strategy, Symmetry};
use scramble::{Arrangement, Puzzle};
use scramble::{Context, Stats, Stop};
use serde::Serialize;

use super::exit_codes::Exit;
use super::pictures::grid_rows;
use super::signals::OnSignal;
use super::{PicturesArg, PuzzlesArg, note, print_json_line, print_text, progress};

/// The examples under `solve -h` and `solve --help`.
macro_rules! examples {
    () => {
        "Examples:\n  scramble solve fixtures/cards3x3.txt\n  scramble solve fixtures/paper2x2.txt fixtures/cards3x3.txt --first --json\n  scramble solve fixtures/cards3x3.txt --list --time-limit 10\n  scramble solve fixtures/cards3x3.txt --shard 1/4 -o shard-1.json --checkpoint shard-1.ckpt"
    };
}

/// The words of the report in research terms, then the examples, under
/// `solve --help`.
const WORDS_AND_EXAMPLES: &str = concat!(
    "Words:\n  \
    A solution counts the four turns of the whole board as one (research: solutions modulo rotation;\n  \
    `arrangements` in JSON counts the turns, 4 per solution). Solutions that differ only by swapping\n  \
    identical cards look alike (research: `looks`, the distinct-looking solutions; docs/format.md).\n  \
    With no solution, the single-picture fixes most likely to undo a typo come first (--all-fixes lists\n  \
    every one); when an answer fails on the table, --wrong lists the single-picture changes that give\n  \
    another answer (docs/typos.md).\n\n",
    examples!()
);

#[derive(Debug, clap::Args)]
#[command(after_help = examples!(), after_long_help = WORDS_AND_EXAMPLES)]
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
    /// (the n x n theorem; `--order` and `--seed` do not apply); `frontier`
    /// counts exactly over the kinds of card, past 2^64, with no list
    /// (docs/frontier.md). Default: `backtrack`, or `frontier` for a count
    /// from 5x5 up where cards repeat, when it fits in 1 GiB. An
    /// edge-matching puzzle is searched in row-scan order, or counted by
    /// `frontier` when asked for.
    #[arg(help_heading = "Search method (research)", long, value_enum)]
    method: Option<Method>,
    /// The most memory a count by the frontier may hold, in MiB (default:
    /// 1024; at most the machine's memory).
    #[arg(help_heading = "Search method (research)", long, value_name = "MIB")]
    memory: Option<u64>,
    /// Search order.
    #[arg(help_heading = "Search method (research)", long, value_parser = crate::choices::order(), default_value = "spiral")]
    order: Order,
    /// Replace the order's cell rule (which cell is filled next).
    #[arg(help_heading = "Search method (research)", long, value_parser = crate::choices::cells())]
    cells: Option<Cells>,
    /// Replace the order's piece rule (in which order pieces are tried).
    #[arg(help_heading = "Search method (research)", long, value_parser = crate::choices::pieces())]
    pieces: Option<Pieces>,
    /// Replace the order's symmetry rule (even grids: which central piece
    /// the upper-left central cell holds).
    #[arg(help_heading = "Search method (research)", long, value_parser = crate::choices::symmetry())]
    symmetry: Option<Symmetry>,
    /// Seed of the `random` order.
    #[arg(help_heading = "Search method (research)", long, default_value_t = 0)]
    seed: u64,
    /// With `--first`: search the spiral with a new random piece order
    /// (from `--seed`) after `luby(i) * --restart-unit` placements, run `i`
    /// on its own, several runs side by side from 4x4 up (the answer
    /// depends on the seed only). Takes no other order.
    #[arg(help_heading = "Search method (research)", long, requires = "first", conflicts_with_all = ["method", "order", "cells", "pieces", "symmetry"])]
    restarts: bool,
    /// Placements of the shortest restart run.
    #[arg(help_heading = "Search method (research)", long, value_name = "PLACEMENTS", default_value_t = 1 << 20, requires = "restarts",
          value_parser = clap::value_parser!(u64).range(1..))]
    restart_unit: u64,
    /// Also list the solutions, one line each (rows of `piece@rotation`), in
    /// search order, up to `--list-limit`; the count stays exact.
    #[arg(long, conflicts_with = "first")]
    list: bool,
    /// Also list one solution per look (distinct-looking solutions: see
    /// docs/format.md), one line each, up to `--list-limit`.
    #[arg(long, conflicts_with = "first")]
    list_looks: bool,
    /// The most solutions `--list` and looks `--list-looks` show (a note
    /// says when the list is cut).
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=scramble::solve::MAX_LIST))]
    list_limit: u64,
    /// With no solution: list every single-picture fix, not only the
    /// likeliest few.
    #[arg(long)]
    all_fixes: bool,
    /// The answer fails on the real cards: also list the single-picture
    /// changes that give another answer, the likeliest typo first (bounded
    /// by `--time-limit`, 10 s without it; docs/typos.md).
    #[arg(long, conflicts_with = "first")]
    wrong: bool,
    /// How often PICTURE shows on your real cards (`--count 3-=5`; repeat
    /// for more pictures): the fixes that would leave it otherwise are
    /// dropped, and the picture worth counting next is named. On a puzzle
    /// that solves, it lists, as --wrong, the changes that give another
    /// answer. One puzzle file only.
    #[arg(long, value_name = "PICTURE=N", value_parser = picture_count, conflicts_with_all = ["first", "shard"])]
    count: Vec<(String, usize)>,
    /// Edge-matching puzzles: search every rotation of the board instead
    /// of pinning the first corner piece (the field's published node
    /// counts search so; the count is the same).
    #[arg(help_heading = "Search method (research)", long, conflicts_with = "first")]
    every_rotation: bool,
    /// Edge-matching puzzles: fill the rim first, clockwise from the
    /// top-left corner, then the inside row by row (the same boards,
    /// another node count), instead of the row-scan order.
    #[arg(help_heading = "Search method (research)", long, conflicts_with = "first")]
    frame_first: bool,
    /// Print nodes per depth, candidate tests, time and rate.
    #[arg(help_heading = "Search method (research)", long)]
    stats: bool,
    /// Stop each puzzle's search after this many seconds and report what
    /// was found so far as partial (exit code 3; Ctrl-C does the same and
    /// skips the puzzles after it). With `--method graph` the limit bounds
    /// the whole run. When there is no solution, it also bounds the search
    /// for the smallest edit that makes one (10 s without it).
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time_limit: Option<Duration>,
    /// Run on exactly N threads (default: every core).
    #[command(flatten)]
    pub threads: super::threads::ThreadsArg,
    /// Print JSON Lines instead of text: one JSON object per puzzle file, each on one line.
    #[arg(long)]
    json: bool,
    /// Search only shard I of N: the tree is cut into many more subtrees
    /// than shards, dealt by estimated work; the shard searches its own on
    /// one thread and prints one JSON document. Add up with `scramble merge`.
    /// An edge-matching puzzle's shard counts every N-th subtree of its
    /// search (row-scan, or with --frame-first), from the I-th, on -j
    /// threads.
    #[arg(help_heading = "Shards (one long search on several machines)", long, value_name = "I/N", conflicts_with_all = ["restarts", "stats"])]
    shard: Option<Shard>,
    /// With --shard: write the shard's document to FILE, whole or not at all,
    /// once the shard is done; a rerun that finds it there does nothing.
    #[arg(
        help_heading = "Shards (one long search on several machines)",
        short = 'o',
        long = "output",
        value_name = "FILE",
        requires = "shard"
    )]
    output: Option<PathBuf>,
    /// With --shard: save the search's position to FILE every
    /// --checkpoint-every seconds and when stopped; a run that finds FILE
    /// continues from it (removed once the shard is done). An
    /// edge-matching puzzle's count takes it without --shard too, as one
    /// shard of one, and reports as without it.
    #[arg(
        help_heading = "Shards (one long search on several machines)",
        long,
        value_name = "FILE"
    )]
    checkpoint: Option<PathBuf>,
    /// Seconds between two checkpoints.
    #[arg(help_heading = "Shards (one long search on several machines)", long, value_name = "SECONDS", default_value = "300", value_parser = seconds, requires = "checkpoint")]
    checkpoint_every: Duration,
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
    /// The frontier counter: states of the cells' edge over the kinds of
    /// card used.
    Frontier,
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
    arrangements: Option<u128>,
    /// Distinct-looking solutions (`all` when complete; null otherwise).
    looks: Option<u64>,
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
    /// `--list-looks`: one solution per look, each as rows.
    #[serde(skip_serializing_if = "Option::is_none")]
    listed_looks: Option<ListedLooks>,
    /// Why there is no solution (null when there is one or the search
    /// stopped).
    diagnosis: Option<Diagnosis>,
    /// `--wrong`: the single-picture changes that give another answer, the
    /// likeliest typo first.
    #[serde(skip_serializing_if = "Option::is_none")]
    alternatives: Option<Edits>,
}

/// What `--list-looks` shows: the first `limit` looks, one representative
/// solution each, in search order.
#[derive(Serialize)]
struct ListedLooks {
    limit: u64,
    /// Fewer are listed than there are looks (the cap cut the list).
    truncated: bool,
    looks: Vec<Vec<Vec<String>>>,
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
            scramble::output::excerpt(text)
        )),
    }
}

/// `PICTURE=N` of `--count`: a picture as the puzzle file writes it and a
/// count; the library checks both against the puzzle (`check_counts`).
fn picture_count(text: &str) -> Result<(String, usize), String> {
    let expected = || {
        format!(
            "expected PICTURE=N, such as 3-=5; found `{}`",
            scramble::output::excerpt(text)
        )
    };
    let (picture, count) = text.rsplit_once('=').ok_or_else(expected)?;
    let count = count.trim().parse::<usize>().map_err(|_| expected())?;
    if picture.trim().is_empty() {
        return Err(expected());
    }
    Ok((picture.trim().to_string(), count))
}

/// Refuses, before any search, a `--count` of a picture `puzzle` does not
/// have, one counted twice, or a count above its number of sides.
fn check_counts(args: &Args, puzzle: &Puzzle) -> anyhow::Result<()> {
    Edits::default().counted(puzzle, &args.count)?;
    Ok(())
}

/// Why `puzzle` has no solution, bounded by [`diagnosis_stop`], the fixes
/// narrowed by `--count`.
pub(super) fn diagnosed(args: &Args, puzzle: &Puzzle, interrupted: &Arc<AtomicBool>) -> anyhow::Result<Diagnosis> {
    let found = scramble::solve::diagnose::diagnose(puzzle, &Context::new().until(&diagnosis_stop(args, interrupted)))?;
    Ok(found.counted(puzzle, &args.count)?)
}

/// `--wrong`'s changes (`--count` asks for them too), narrowed by
/// `--count`; `None` when neither is given.
fn alternatives(args: &Args, puzzle: &Puzzle, interrupted: &Arc<AtomicBool>) -> anyhow::Result<Option<Edits>> {
    if !args.wrong && args.count.is_empty() {
        return Ok(None);
    }
    let found =
        scramble::solve::diagnose::alternatives(puzzle, &Context::new().until(&diagnosis_stop(args, interrupted)))?;
    Ok(Some(found.counted(puzzle, &args.count)?))
}

/// The flag a signal (Ctrl-C, SIGTERM, SIGHUP) raises; every method polls
/// it and reports what it found.
fn interrupt_flag() -> Arc<AtomicBool> {
    super::signals::install(OnSignal::Report)
}

/// The stop of one puzzle's search: the time limit from now if any, and
/// the signal flag.
fn stop(args: &Args, interrupted: &Arc<AtomicBool>) -> Stop {
    super::signals::stop(args.time_limit, Some(interrupted))
}

/// Solves every puzzle named, in order, after reading them all (a bad file
/// stops the run before any search). The exit code is the gravest of the
/// puzzles' (see `Exit::graver`). `--time-limit` bounds each puzzle's
/// search.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.method == Some(Method::Frontier) {
        frontier::refuse_other_options(&args)?;
    }
    if args.memory.is_some() && matches!(args.method, Some(Method::Backtrack | Method::Graph)) {
        anyhow::bail!("--memory: the budget of a count by the frontier, not of --method backtrack or graph");
    }
    if (args.list || args.list_looks) && args.method == Some(Method::Graph) {
        anyhow::bail!("--list and --list-looks list the backtracker's solutions: they need --method backtrack");
    }
    // Every file named is an input from the start: a picture written for
    // an earlier puzzle may not replace a later one before it is read.
    args.puzzles.mark_inputs();
    args.puzzles.refuse_shared_folders(&args.pictures)?;
    if args.shard.is_some() {
        let puzzles = match args.puzzles.puzzles.as_slice() {
            [path] => match super::input::read_any(path, args.puzzles.input_format)? {
                AnyPuzzle::Edge(puzzle) => return edge::shard(&args, puzzle, &interrupt_flag()).map(Into::into),
                AnyPuzzle::Squares(puzzle) => {
                    super::warn_typos(path, &puzzle);
                    vec![puzzle]
                }
            },
            _ => args.puzzles.read()?,
        };
        let puzzle = puzzles.first().expect("one puzzle or more");
        refuse_over_inputs(&args, puzzle)?;
        return shard(&args, puzzles, &interrupt_flag()).map(Into::into);
    }
    if args.checkpoint.is_some() && args.puzzles.puzzles.len() != 1 {
        anyhow::bail!("--checkpoint keeps the place of one puzzle's count: give one file");
    }
    if !args.count.is_empty() && args.puzzles.puzzles.len() != 1 {
        anyhow::bail!("--count counts the pictures on one puzzle's cards: give one file");
    }
    let interrupted = interrupt_flag();
    let mut exit = Exit::Success;
    for (i, path) in args.puzzles.puzzles.iter().enumerate() {
        if interrupted.load(Ordering::Relaxed) {
            break;
        }
        if i > 0 && !args.json {
            print_text("\n")?;
        }
        let read = super::input::read_any(path, args.puzzles.input_format).and_then(|read| match read {
            AnyPuzzle::Squares(p) => {
                super::warn_typos(path, &p);
                refuse_over_inputs(&args, &p).map(|()| AnyPuzzle::Squares(p))
            }
            edge => Ok(edge),
        });
        let solved = match read {
            Ok(AnyPuzzle::Squares(puzzle)) => squares(&args, puzzle, &interrupted),
            Ok(AnyPuzzle::Edge(puzzle)) if !args.count.is_empty() => Err(anyhow::anyhow!(
                "--count: for a Scramble Squares puzzle with a typo; {} is an edge-matching puzzle",
                puzzle.name()
            )),
            Ok(AnyPuzzle::Edge(puzzle)) => edge::solve(&args, puzzle, &interrupted),
            // A stop while reading ends the run as a stop (exit 3 or the
            // signal's code), not as a bad file; with `--json`, a line
            // says so.
            Err(error) if stops_the_run(&error) => {
                if args.json && error.is::<super::StoppedReading>() {
                    print_json_line(&StoppedFile {
                        file: scramble::output::shown_path(path),
                        complete: false,
                        stopped: "time-limit",
                    })?;
                }
                return Err(error);
            }
            Err(error) => bad_file(&args, path, &error),
        };
        exit = exit.graver(match solved {
            Err(error) if beyond_the_solver(&error) => bad_file(&args, path, &error)?,
            other => other?,
        });
    }
    Ok(exit.into())
}

/// Solves one Scramble Squares puzzle: by the frontier when it is chosen
/// and takes the puzzle, else by the search `--method` names; a plain
/// backtracking count that passes 2^64 goes to the frontier then.
fn squares(args: &Args, puzzle: Puzzle, interrupted: &Arc<AtomicBool>) -> anyhow::Result<Exit> {
    check_counts(args, &puzzle)?;
    for (given, option) in [
        (args.every_rotation, "--every-rotation"),
        (args.frame_first, "--frame-first"),
    ] {
        if given {
            anyhow::bail!(
                "{option}: for edge-matching puzzles; {} is a Scramble Squares puzzle (see --order)",
                puzzle.name()
            );
        }
    }
    if args.checkpoint.is_some() {
        anyhow::bail!(
            "--checkpoint without --shard: for edge-matching puzzles; {} is a Scramble Squares puzzle, \
             whose shards keep checkpoints (--shard 1/1)",
            puzzle.name()
        );
    }
    if frontier::chosen(args, &puzzle)
        && let Some(exit) = frontier::solve(args, &puzzle, interrupted)?
    {
        return Ok(exit);
    }
    match solve(args, puzzle.clone(), interrupted) {
        Err(e) if frontier::after_overflow(args, &e) => match frontier::solve(args, &puzzle, interrupted)? {
            Some(exit) => Ok(exit),
            None => Err(e),
        },
        other => other,
    }
}

/// Refuses a run whose `solution.svg` would overwrite the puzzle's file.
fn refuse_over_inputs(args: &Args, puzzle: &Puzzle) -> anyhow::Result<()> {
    let owns = scramble::output::Owns::Names(&["solution.svg"]);
    super::pictures::refuse_over_inputs(&args.pictures, puzzle, "", owns)
}

/// A file of the batch that could not be read, or solved by no solver
/// here: its error on stderr, naming the file (and,
/// with `--json`, as an `error` object on stdout), then the batch goes on.
fn bad_file(args: &Args, path: &Path, error: &anyhow::Error) -> anyhow::Result<Exit> {
    let file = scramble::output::shown_path(path);
    let mut message = format!("{error:#}");
    if !message.starts_with(&file) {
        message = format!("{file}: {message}");
    }
    super::note(&format!("scramble: error: {message}\n"));
    if args.json {
        let line = BadFile {
            file,
            error: ErrorObject {
                message,
                exit_code: Exit::Error as u8,
            },
        };
        print_json_line(&line)?;
    }
    Ok(Exit::Error)
}

/// The JSON line of a file that could not be read.
#[derive(Serialize)]
struct BadFile {
    /// The file as named.
    file: String,
    error: ErrorObject,
}

/// The JSON line of a file whose reading the time limit stopped.
#[derive(Serialize)]
struct StoppedFile {
    /// The file as named.
    file: String,
    /// Always false.
    complete: bool,
    /// Always `time-limit`.
    stopped: &'static str,
}

/// What went wrong with a file.
#[derive(Serialize)]
struct ErrorObject {
    /// The message `scramble: error: ...` prints on stderr.
    message: String,
    /// The exit code the file alone would give (2).
    exit_code: u8,
}

/// Whether `error` says that a puzzle, read well, is one no solver here
/// takes (larger than 8x8, say): a bad file of the batch, not the end of
/// the run.
fn beyond_the_solver(error: &anyhow::Error) -> bool {
    matches!(
        error.downcast_ref(),
        Some(scramble::Error::Unsupported(_) | scramble::Error::InvalidPuzzle(_))
    )
}

/// Whether a reading error is the run being stopped (time limit or signal)
/// rather than a bad file.
fn stops_the_run(error: &anyhow::Error) -> bool {
    error.is::<super::StoppedReading>()
        || error.is::<super::Stopped>()
        || matches!(error.downcast_ref(), Some(scramble::Error::Interrupted))
}

/// `--shard I/N`: one shard of one puzzle's backtracking search, for a job
/// list run by GNU parallel or a Slurm array, added up by `scramble merge`.
/// It prints its JSON document (`-o FILE`: writes it there, whole or not
/// at all, and a rerun that finds FILE holding this shard's complete
/// result does nothing); `--checkpoint FILE` saves the search's position
/// every `--checkpoint-every` seconds and when the shard is stopped, and a
/// run that finds FILE continues from it. Exit 0 when the shard is done
/// (whether or not its subtrees hold a solution: the merge says), 3 when
/// it was stopped, 2 on an error.
fn shard(args: &Args, mut puzzles: Vec<Puzzle>, interrupted: &Arc<AtomicBool>) -> anyhow::Result<Exit> {
    if puzzles.len() != 1 || args.method.is_some_and(|m| m != Method::Backtrack) {
        anyhow::bail!("--shard searches one puzzle with --method backtrack");
    }
    if args.frame_first {
        anyhow::bail!("--frame-first: for edge-matching puzzles; a Scramble Squares shard follows --order");
    }
    let options = shards::Options {
        shard: args.shard.expect("checked by the caller"),
        strategy: strategy(args),
        seed: args.seed,
        first: args.first,
        keep: if args.list { args.list_limit } else { 1 },
        list: args.list,
        output: args.output.clone(),
        checkpoint: args.checkpoint.clone(),
        every: args.checkpoint_every,
    };
    let puzzle = puzzles.pop().expect("one puzzle");
    let stop = stop(args, interrupted);
    let bar = progress::bar(0, &format!("shard {}: subtrees", options.shard));
    let ran = shards::run(&puzzle, &options, &Context::new().until(&stop).reporting(&bar));
    bar.finish_and_clear();
    let ran = ran?;
    note(&ran.notes(super::signals::why_stopped(interrupted)));
    if let (None, Some(document)) = (&options.output, ran.document()) {
        print_text(&String::from_utf8_lossy(document))?;
    }
    Ok(if ran.complete() { Exit::Success } else { Exit::Stopped })
}

/// The order's strategy with the rules `--cells`, `--pieces` and
/// `--symmetry` replace.
fn strategy(args: &Args) -> Strategy {
    let preset = args.order.strategy();
    Strategy {
        cells: args.cells.unwrap_or(preset.cells),
        pieces: args.pieces.unwrap_or(preset.pieces),
        symmetry: args.symmetry.unwrap_or(preset.symmetry),
    }
}

/// Solves one puzzle and prints its report.
fn solve(args: &Args, puzzle: Puzzle, interrupted: &Arc<AtomicBool>) -> anyhow::Result<Exit> {
    let strategy = strategy(args);
    let method = match args.method {
        Some(Method::Graph) => scramble::solve::Method::Graph,
        _ if args.restarts => scramble::solve::Method::Restarts {
            unit: args.restart_unit,
            seed: args.seed,
        },
        _ => scramble::solve::Method::Backtrack {
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
    let context = Context::new().until(&stop).reporting(&bar);
    let search = Search::within(goal, &context);
    let outcome = scramble::solve::run(&puzzle, method, &search);
    bar.finish_and_clear();
    let outcome = outcome?;
    let stats = &outcome.stats;
    // A stopped count shows no solution: its first may not be the first.
    let shown = outcome.found().cloned().filter(|_| !stats.stopped || args.first);
    let complete = !stats.stopped;
    let stopped = (!complete).then(|| crate::signals::why_stopped(interrupted));
    let svg = shown
        .as_ref()
        .filter(|_| args.pictures.writes())
        .map(|a| write_svg(&puzzle, a, &args.pictures.out))
        .transpose()?;
    let looks = (complete && !args.first).then(|| outcome.looks(&puzzle));
    let listed_looks = args
        .list_looks
        .then(|| list_looks(args, &puzzle, &stop, looks))
        .transpose()?;
    let complete = complete && listed_looks.as_ref().is_none_or(|(_, complete)| *complete);
    let diagnosis = (complete && shown.is_none())
        .then(|| diagnosed(args, &puzzle, interrupted))
        .transpose()?;
    let alternatives = if complete && shown.is_some() {
        alternatives(args, &puzzle, interrupted)?
    } else {
        None
    };
    let report = Report {
        puzzle: puzzle.name().to_string(),
        size: puzzle.size(),
        method: args.method.unwrap_or(Method::Backtrack),
        order: args.order,
        strategy,
        seed: args.seed,
        mode: if args.first { "first" } else { "all" },
        complete,
        stopped,
        solutions: outcome.solutions,
        arrangements: (!args.first).then_some(4 * u128::from(outcome.solutions)),
        looks,
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
        listed_looks: listed_looks.map(|(listed, _)| listed),
        diagnosis,
        alternatives,
    };
    if args.json {
        print_json_line(&report)?;
    } else {
        let shown = Shown {
            solution: shown.as_ref(),
            stats: args.stats.then_some(stats),
            all_fixes: args.all_fixes,
        };
        print_text(&text(&puzzle, &report, &shown))?;
    }
    Ok(if complete {
        Exit::found(shown.is_some())
    } else {
        Exit::Stopped
    })
}

/// The stop of the search for fixes or alternatives: `--time-limit`, or
/// the default budget, and Ctrl-C.
fn diagnosis_stop(args: &Args, interrupted: &Arc<AtomicBool>) -> Stop {
    let budget = args.time_limit.unwrap_or(scramble::solve::diagnose::BUDGET);
    super::signals::stop(Some(budget), Some(interrupted))
}

/// What the text report shows beside the report itself.
struct Shown<'a> {
    /// The solution drawn.
    solution: Option<&'a Arrangement>,
    /// `--stats`.
    stats: Option<&'a Stats>,
    /// `--all-fixes`.
    all_fixes: bool,
}

/// `--list-looks`: one representative per look, the first `--list-limit`
/// in search order, and whether that search ran to its end.
fn list_looks(args: &Args, puzzle: &Puzzle, stop: &Stop, looks: Option<u64>) -> anyhow::Result<(ListedLooks, bool)> {
    let limit = usize::try_from(args.list_limit).unwrap_or(usize::MAX);
    let listed = scramble::solve::looks::list(puzzle, &Context::new().until(stop), limit)?;
    let shown = listed.kept.len() as u64;
    Ok((
        ListedLooks {
            limit: args.list_limit,
            truncated: looks.is_some_and(|looks| shown < looks),
            looks: listed.kept.iter().map(|a| grid_rows(puzzle, a)).collect(),
        },
        !listed.stats.stopped,
    ))
}

fn write_svg(puzzle: &Puzzle, solution: &Arrangement, out: &Path) -> anyhow::Result<PathBuf> {
    let path = super::puzzle_folder(out, puzzle)?.join("solution.svg");
    let title = format!("{}: a solution", puzzle.name());
    scramble::output::Target::new(&path)
        .write(scramble::render::pieces_svg(puzzle, Some(solution), &title).as_bytes())?;
    Ok(path)
}

fn text(puzzle: &Puzzle, report: &Report, what: &Shown) -> String {
    let (shown, stats, all_fixes) = (what.solution, what.stats, what.all_fixes);
    let mut out = match (report.mode, shown) {
        (_, None) if !report.complete => format!(
            "{}: stopped ({}) after {:.3} s: {} solution{} found so far (partial)\n",
            report.puzzle,
            report.stopped.unwrap_or("early"),
            report.seconds,
            report.solutions,
            if report.solutions == 1 { "" } else { "s" },
        ),
        (_, None) => format!(
            "{}: no solution\n{}",
            report.puzzle,
            report.diagnosis.as_ref().map_or(String::new(), |d| d.text(all_fixes))
        ),
        ("first", Some(_)) => format!("{}: a solution ({})\n", report.puzzle, search_name(report)),
        (_, Some(_)) => format!(
            "{}: {}; the first ({}):\n",
            report.puzzle,
            scramble::solve::looks::count_words(report.solutions, report.looks),
            search_name(report)
        ),
    };
    if let Some(solution) = shown {
        out += &grid_text(puzzle, solution);
    }
    if let Some(svg) = &report.svg {
        out += &format!("picture: {}\n", scramble::output::shown_path(svg));
    }
    if let Some(stats) = stats {
        out += &stats_text(stats);
    }
    if let Some(listed) = &report.listed {
        out += &list_text(report, listed);
    }
    if let Some(listed) = &report.listed_looks {
        out += &looks_text(report, listed);
    }
    if let Some(alternatives) = &report.alternatives {
        out += &alternatives.text(all_fixes);
    }
    out
}

/// `--list-looks`'s lines, as `--list`'s.
fn looks_text(report: &Report, listed: &ListedLooks) -> String {
    let which = which(
        report.complete,
        listed.truncated,
        listed.looks.len(),
        report.looks.unwrap_or(0),
    );
    format!("looks, one solution each ({which}):\n{}", numbered(&listed.looks))
}

/// Whether a list of `shown` of `total` is whole, cut by the limit or cut
/// by a stop.
fn which(complete: bool, truncated: bool, shown: usize, total: u64) -> String {
    match (complete, truncated) {
        (false, _) => format!("{shown} found before the search stopped"),
        (true, false) => format!("all {shown}"),
        (true, true) => format!("the first {shown} of {total}; --list-limit N lists more"),
    }
}

/// One numbered line per grid, rows separated by `/`.
fn numbered(grids: &[Vec<Vec<String>>]) -> String {
    let width = grids.len().to_string().len();
    let mut out = String::new();
    for (i, rows) in grids.iter().enumerate() {
        let rows: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
        out += &format!("  {:>width$}  {}\n", i + 1, rows.join(" / "));
    }
    out
}

/// `--list`'s lines: a heading that says whether the list is whole, then
/// one numbered line per solution, rows separated by `/`.
fn list_text(report: &Report, listed: &Listed) -> String {
    let which = which(
        report.complete,
        listed.truncated,
        listed.solutions.len(),
        report.solutions,
    );
    format!(
        "solutions in {} ({which}):\n{}",
        search_name(report),
        numbered(&listed.solutions)
    )
}

/// `spiral order`, or `graph method`.
fn search_name(report: &Report) -> String {
    match report.method {
        Method::Graph => "graph method".to_string(),
        Method::Frontier => "frontier".to_string(),
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
