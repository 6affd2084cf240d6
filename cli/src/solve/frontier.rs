//! `scramble solve --method frontier`: the exact count of the frontier
//! counter (`scramble::solve::frontier`), with the first solution the
//! backtracker finds beside it. Asked for by name, or chosen for a count of
//! a puzzle from 5x5 up whose cards repeat, where it is the faster route
//! (then a refusal falls back to the backtracker); for a framed
//! edge-matching puzzle only by name, without a board shown. Counts past
//! 2^53 are JSON strings.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use scramble::puzzle::edge::EdgePuzzle;
use scramble::solve::frontier::{self, FrontierCount};
use scramble::solve::{Goal, Method as Search, Order};
use scramble::{Arrangement, Puzzle};
use serde::Serialize;

use super::{Args, Method, diagnosed, grid_text, stop, write_svg};
use crate::bounds::{MEMORY, thousands};
use crate::exit_codes::Exit;
use crate::pictures::grid_rows;
use crate::show::edge::Head;
use crate::{print_json_line, print_text, progress};

/// The smallest grid on which a count goes by the frontier unasked.
const CHOSEN_FROM: usize = 5;

/// What `solve --json` prints for a count by the frontier.
#[derive(Serialize)]
struct Report {
    puzzle: String,
    size: usize,
    #[serde(flatten)]
    outcome: Outcome,
    seconds: f64,
    /// The backtracker's first solution, rows of `piece@rotation`.
    solution: Option<Vec<Vec<String>>>,
    svg: Option<std::path::PathBuf>,
    diagnosis: Option<scramble::solve::diagnose::Diagnosis>,
}

/// What `solve --method frontier --json` prints for an edge-matching
/// puzzle: the keys of the row-scan search's report that a count by states
/// has, and the frontier's.
#[derive(Serialize)]
struct FramedReport {
    #[serde(flatten)]
    head: Head,
    hints: usize,
    grey_only_on_rim: bool,
    #[serde(flatten)]
    outcome: Outcome,
    symmetries: u64,
    seconds: f64,
}

/// What every frontier report says of its count: the method, whether the
/// count ended, and its numbers.
#[derive(Serialize)]
struct Outcome {
    method: Method,
    mode: &'static str,
    complete: bool,
    stopped: Option<&'static str>,
    /// `solutions`, `arrangements`, `looks`, `kinds`, `states`, `primes`: null when
    /// the count stopped (the frontier has no partial count).
    #[serde(flatten)]
    count: Counts,
}

impl Outcome {
    fn of(counted: Option<FrontierCount>, interrupted: &Arc<AtomicBool>) -> Outcome {
        Outcome {
            method: Method::Frontier,
            mode: "all",
            complete: counted.is_some(),
            stopped: counted.is_none().then(|| crate::signals::why_stopped(interrupted)),
            count: counted.map_or(Counts::stopped(), Counts::Done),
        }
    }

    /// The text of a stopped count.
    fn stopped_line(&self, puzzle: &str, seconds: f64) -> String {
        format!(
            "{puzzle}: stopped ({}) after {seconds:.3} s: the frontier count has no partial result\n",
            self.stopped.unwrap_or("early")
        )
    }

    /// The exit code: stopped, or whether a solution exists.
    fn exit(&self) -> Exit {
        match &self.count {
            Counts::Stopped { .. } => Exit::Stopped,
            Counts::Done(count) => Exit::found(count.solutions > 0u32.into()),
        }
    }
}

/// The frontier's numbers, or nulls under the same keys.
#[derive(Serialize)]
#[serde(untagged)]
enum Counts {
    Done(FrontierCount),
    Stopped {
        solutions: Option<u64>,
        arrangements: Option<u64>,
        looks: Option<u64>,
        kinds: Option<u64>,
        states: Option<u64>,
        primes: Option<u64>,
    },
}

/// Whether `solve` counts `puzzle` by the frontier: asked for by name, or
/// a plain count (no list, first, statistics or order asked for) of a
/// grid from 5x5 up where some card repeats.
pub(super) fn chosen(args: &Args, puzzle: &Puzzle) -> bool {
    match args.method {
        Some(method) => method == Method::Frontier,
        None => {
            let plain = !(args.first
                || args.list
                || args.list_looks
                || args.stats
                || args.wrong
                || !args.count.is_empty()
                || args.restarts);
            let order =
                args.order == Order::Spiral && args.cells.is_none() && args.pieces.is_none() && args.symmetry.is_none();
            plain && order && puzzle.size() >= CHOSEN_FROM && repeats(puzzle)
        }
    }
}

/// Whether a backtracking count that failed with `error` goes to the
/// frontier: it passed 2^64 solutions, and the frontier was not asked
/// for or against.
pub(super) fn after_overflow(args: &Args, error: &anyhow::Error) -> bool {
    let too_many = matches!(error.downcast_ref(), Some(scramble::Error::TooManySolutions { .. }));
    let other = args.first || args.list || args.list_looks || args.wrong || !args.count.is_empty() || args.stats;
    too_many && args.method.is_none() && !other
}

/// Whether two cards of `puzzle` are equal up to a turn.
fn repeats(puzzle: &Puzzle) -> bool {
    let mut least: Vec<_> = puzzle.pieces().iter().map(scramble::Piece::canonical).collect();
    least.sort_unstable();
    least.windows(2).any(|w| w[0] == w[1])
}

/// The bytes the frontier's states may take: `--memory` MiB, refused
/// above the machine's memory (where `/proc/meminfo` tells it), or 1 GiB.
fn budget(args: &Args) -> anyhow::Result<u64> {
    let Some(mib) = args.memory else { return Ok(MEMORY) };
    let total = std::fs::read_to_string("/proc/meminfo").ok().and_then(|info| {
        let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
        line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib << 10)
    });
    let bytes = mib.checked_mul(1 << 20).filter(|&b| b > 0);
    match (bytes, total) {
        (Some(bytes), Some(total)) if bytes <= total => Ok(bytes),
        (Some(bytes), None) => Ok(bytes),
        _ => anyhow::bail!(
            "--memory {mib}: a budget from 1 MiB up to the machine's memory ({} MiB) is expected",
            total.map_or("unknown".to_string(), |t| thousands(t >> 20))
        ),
    }
}

/// Refuses the options a frontier count cannot honour.
pub(super) fn refuse_other_options(args: &Args) -> anyhow::Result<()> {
    let refused = [
        (args.first, "--first"),
        (args.list || args.list_looks, "--list and --list-looks"),
        (args.wrong, "--wrong"),
        (!args.count.is_empty(), "--count"),
        (args.stats, "--stats"),
        (args.restarts, "--restarts"),
        (args.shard.is_some(), "--shard"),
    ];
    match refused.iter().find(|(given, _)| *given) {
        Some((_, option)) => anyhow::bail!(
            "{option}: not with --method frontier, which counts by states and finds no solution of its own (use --method backtrack)"
        ),
        None => Ok(()),
    }
}

/// Counts `puzzle` by the frontier and prints the report. `None` when the
/// frontier was chosen unasked and refused the puzzle: the backtracker
/// takes it then.
pub(super) fn solve(args: &Args, puzzle: &Puzzle, interrupted: &Arc<AtomicBool>) -> anyhow::Result<Option<Exit>> {
    let stop = stop(args, interrupted);
    let cells = puzzle.size() * puzzle.size();
    let bar = progress::bar(cells as u64, "filling cells");
    let context = args.threads.context().until(&stop).reporting(&bar);
    let started = std::time::Instant::now();
    let memory = budget(args)?;
    let counted = frontier::count(puzzle, memory, &context);
    bar.finish_and_clear();
    let counted = match counted {
        Err(scramble::Error::Unsupported(_)) if args.method.is_none() => return Ok(None),
        Err(scramble::Error::Unsupported(why)) => {
            // Named once: most of the counter's reasons name the puzzle.
            let named = if why.starts_with(&format!("{}: ", puzzle.name())) {
                why
            } else {
                format!("{}: {why}", puzzle.name())
            };
            anyhow::bail!(
                "{named}; the budget was {} MiB (--memory MIB sets it); --method backtrack counts it piece by piece",
                thousands(memory >> 20)
            )
        }
        other => other?,
    };
    let seconds = started.elapsed().as_secs_f64();
    let found = counted
        .as_ref()
        .filter(|c| c.solutions > 0u32.into())
        .map(|_| first(puzzle, &stop))
        .transpose()?
        .flatten();
    let report = report(args, puzzle, counted, found.as_ref(), seconds, interrupted)?;
    if args.json {
        print_json_line(&report)?;
    } else {
        print_text(&text(puzzle, &report, found.as_ref()))?;
    }
    // The exit follows the count, not the solution shown: a stop during
    // the search for it leaves a complete count without a grid.
    Ok(Some(report.outcome.exit()))
}

/// Counts a framed edge-matching puzzle by the frontier (asked for by
/// name) and prints the report; a refusal is an error.
pub(super) fn solve_framed(args: &Args, puzzle: &EdgePuzzle, interrupted: &Arc<AtomicBool>) -> anyhow::Result<Exit> {
    refuse_other_options(args)?;
    let stop = stop(args, interrupted);
    // The counter sets the bar's length (the cells it fills).
    let bar = progress::bar(0, "filling cells");
    let context = args.threads.context().until(&stop).reporting(&bar);
    let started = std::time::Instant::now();
    let memory = budget(args)?;
    let counted = frontier::count_framed(puzzle, memory, &context);
    bar.finish_and_clear();
    let counted = match counted {
        Err(scramble::Error::Unsupported(why)) => anyhow::bail!(
            "{why}; the budget was {} MiB (--memory MIB sets it); without --method frontier the search counts it board by board",
            thousands(memory >> 20)
        ),
        other => other?,
    };
    let report = FramedReport {
        head: Head::of(puzzle),
        hints: puzzle.hints().len(),
        grey_only_on_rim: puzzle.grey_only_on_rim(),
        outcome: Outcome::of(counted, interrupted),
        symmetries: puzzle.symmetries(),
        seconds: started.elapsed().as_secs_f64(),
    };
    if args.json {
        print_json_line(&report)?;
    } else {
        print_text(&framed_text(&report))?;
    }
    Ok(report.outcome.exit())
}

fn framed_text(report: &FramedReport) -> String {
    let name = &report.head.puzzle;
    let Counts::Done(count) = &report.outcome.count else {
        return report.outcome.stopped_line(name, report.seconds);
    };
    format!(
        "{name}: {} solutions modulo the board's {} turns ({} boards counting them; {} x {} board); counted by the frontier over {} kinds of piece ({}, {:.3} s)\n",
        thousands(&count.solutions),
        report.symmetries,
        thousands(&count.arrangements),
        report.head.width,
        report.head.height,
        count.kinds,
        held(count),
        report.seconds
    )
}

/// What the count held: its states, or the dense route's entries and primes.
fn held(count: &FrontierCount) -> String {
    match count.primes {
        0 => format!("{} states at most", thousands(count.states)),
        primes => format!(
            "{} table entries, counted modulo {primes} primes",
            thousands(count.states)
        ),
    }
}

impl Counts {
    /// The nulls of a stopped count.
    fn stopped() -> Counts {
        Counts::Stopped {
            solutions: None,
            arrangements: None,
            looks: None,
            kinds: None,
            states: None,
            primes: None,
        }
    }
}

/// The backtracker's first solution, to show beside the count.
fn first(puzzle: &Puzzle, stop: &scramble::Stop) -> anyhow::Result<Option<Arrangement>> {
    let context = scramble::Context::new().until(stop);
    let search = scramble::solve::Search::within(Goal::First, &context);
    let method = Search::Backtrack {
        strategy: Order::Spiral.strategy(),
        seed: 0,
    };
    Ok(scramble::solve::run(puzzle, method, &search)?.kept.into_iter().next())
}

fn report(
    args: &Args,
    puzzle: &Puzzle,
    counted: Option<FrontierCount>,
    found: Option<&Arrangement>,
    seconds: f64,
    interrupted: &Arc<AtomicBool>,
) -> anyhow::Result<Report> {
    let none = counted.as_ref().is_some_and(|c| c.solutions == 0u32.into());
    let diagnosis = none.then(|| diagnosed(args, puzzle, interrupted)).transpose()?;
    let svg = found
        .filter(|_| args.pictures.writes())
        .map(|a| write_svg(puzzle, a, &args.pictures.out))
        .transpose()?;
    Ok(Report {
        puzzle: puzzle.name().to_string(),
        size: puzzle.size(),
        outcome: Outcome::of(counted, interrupted),
        seconds,
        solution: found.map(|a| grid_rows(puzzle, a)),
        svg,
        diagnosis,
    })
}

fn text(puzzle: &Puzzle, report: &Report, found: Option<&Arrangement>) -> String {
    let Counts::Done(count) = &report.outcome.count else {
        return report.outcome.stopped_line(&report.puzzle, report.seconds);
    };
    let how = format!(
        "counted by the frontier over {} kinds of card ({}, {:.3} s)",
        count.kinds,
        held(count),
        report.seconds
    );
    let mut out = match found {
        None if count.solutions == 0u32.into() => format!(
            "{}: no solution ({how})\n{}",
            report.puzzle,
            report.diagnosis.as_ref().map_or(String::new(), |d| d.text(false))
        ),
        None => format!("{}: {}; {how}\n", report.puzzle, count.words()),
        Some(solution) => format!(
            "{}: {}; {how}; the first (spiral order):\n{}",
            report.puzzle,
            count.words(),
            grid_text(puzzle, solution)
        ),
    };
    if let Some(svg) = &report.svg {
        out += &format!("picture: {}\n", scramble::output::shown_path(svg));
    }
    out
}
