//! `scramble generate`: write puzzles with a planted solution.
//!
//! Puzzle `i` (from 0) of `--seed S` is drawn from its own random stream
//! `(S, i)` by [`Recipe::draw`], so files are byte-identical for the same
//! options and seed, whatever the number of threads. `--unique` draws
//! candidates until `--count` of them have exactly one solution modulo
//! rotation (counted with the fast solver) and says how many it drew.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::output::{FileSet, Owns};
use scramble::puzzle::generate::{Drawn, PlantOptions, Recipe, Style};
use serde::Serialize;

use super::{PicturesArg, print_report, progress};

/// The most puzzles one run writes: their files are kept in memory and
/// written as one set.
const MAX_COUNT: u64 = 1_000_000;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble generate --size 3 --patterns 4 --count 10 --seed 7\n  scramble generate --size 4 --patterns 6 --unique --json"
)]
pub struct Args {
    /// `n` of the `n x n` grid (2 to 8).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(2..=8))]
    size: u64,
    /// Number of patterns (pictures `1+ 1- ... K+ K-`).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=128))]
    patterns: u32,
    /// Also L self-matching patterns K+1..=K+L (pictures `X=`, each its
    /// own complement): every free side is drawn uniformly from the 2K + L
    /// pictures (planted style only).
    #[arg(long, value_name = "L", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=128))]
    self_matching: u32,
    /// How many puzzles to write (at most 1,000,000 per run).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=MAX_COUNT))]
    count: u64,
    /// Seed of the run.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The puzzle files go to `<out>/generated/`.
    #[command(flatten)]
    pictures: PicturesArg,
    /// Only pieces without a repeated picture (every style).
    #[arg(long)]
    repetition_free: bool,
    /// Only puzzles with exactly one solution modulo rotation.
    #[arg(long)]
    unique: bool,
    /// With `--unique`: give up after this many candidates (default 1000 per
    /// puzzle asked; at most 1000 per puzzle of the most `--count` takes).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1000 * MAX_COUNT))]
    max_draws: Option<u64>,
    /// How the solved grid is drawn: `planted` (every picture uniform) or
    /// `commercial` (3x3, 4 patterns, each pattern on 3 inner boundaries
    /// and 3 border sides, placed at random; signs by fair coins).
    #[arg(long, value_enum, default_value_t = StyleArg::Planted)]
    style: StyleArg,
    /// Stop drawing after this many seconds (Ctrl-C does the same): the
    /// puzzles kept among the candidates drawn so far are reported as
    /// partial, none is written, exit code 3.
    #[arg(long, value_name = "SECONDS", value_parser = super::solve::seconds)]
    time_limit: Option<std::time::Duration>,
    /// Run on exactly N threads (default: every core).
    #[command(flatten)]
    pub threads: super::threads::ThreadsArg,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// The `--style` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum StyleArg {
    Planted,
    Commercial,
}

impl StyleArg {
    fn style(self) -> Style {
        match self {
            StyleArg::Planted => Style::Planted,
            StyleArg::Commercial => Style::Commercial,
        }
    }
}

/// One written puzzle.
#[derive(Serialize)]
struct Written {
    /// The puzzle's name.
    puzzle: String,
    /// Where it was written (none with `--no-pictures`).
    file: Option<PathBuf>,
    /// Candidate index (the random stream `(seed, candidate)`).
    candidate: u64,
    /// Solutions modulo rotation, counted with `--unique` only.
    solutions: Option<u64>,
}

/// What `generate --json` prints.
#[derive(Serialize)]
struct Report {
    size: u64,
    patterns: u32,
    /// Self-matching patterns (omitted when 0).
    #[serde(skip_serializing_if = "is_zero")]
    self_matching: u32,
    seed: u64,
    repetition_free: bool,
    unique: bool,
    /// Candidates drawn (equals the count without `--unique`): the
    /// candidates `0..drawn`.
    drawn: u64,
    /// False when the run was stopped (time limit or signal) before it
    /// kept `--count` puzzles: the puzzles are those kept among the
    /// candidates drawn, and none was written.
    complete: bool,
    /// Why an incomplete run stopped: `interrupted` or `time-limit`.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<&'static str>,
    puzzles: Vec<Written>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Bytes one kept puzzle holds until the set is written: its pieces and
/// planted solution, and its file's text (about 24 characters a piece in
/// the rows and the header), plus its names, its header and its entry in
/// the report (measured: 1,000,000 3x3 puzzles peak at 1.73 GB).
fn bytes_per_puzzle(size: u64) -> u64 {
    let cells = size * size;
    let piece = (std::mem::size_of::<scramble::Piece>() + std::mem::size_of::<scramble::Placement>()) as u64;
    cells * (piece + 24) + 1100
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    crate::bounds::refuse_memory(
        "--count",
        &format!("{} puzzles of {n}x{n}", args.count, n = args.size),
        args.count * bytes_per_puzzle(args.size),
        "use fewer puzzles per run (each run's set is written whole)",
    )?;
    if args.self_matching > 0 && args.style != StyleArg::Planted {
        anyhow::bail!(
            "--self-matching goes with the planted style only: the commercial style lays out 4 signed patterns"
        );
    }
    let recipe = Recipe {
        size: args.size as usize,
        patterns: args.patterns,
        seed: args.seed,
        options: PlantOptions {
            repetition_free: args.repetition_free,
            identical: 0,
        },
    };
    let max_draws = if args.unique {
        args.max_draws.unwrap_or(1000 * args.count)
    } else {
        args.count
    };
    let bar = progress::bar(max_draws.min(args.count), "drawing");
    let (stop, interrupted) = super::signals::interruptible(args.time_limit);
    // Unique: the search stops at a second solution instead of counting
    // all, or at the stop (the candidate is then not kept, and the run is
    // not complete).
    let cut = std::sync::atomic::AtomicBool::new(false);
    let context = scramble::Context::new().until(&stop);
    let unique = |d: &Drawn| {
        !args.unique
            || match scramble::solve::unique(&d.puzzle, &context) {
                Ok(Some(unique)) => unique,
                Ok(None) => {
                    cut.store(true, std::sync::atomic::Ordering::Relaxed);
                    false
                }
                Err(_) => false,
            }
    };
    let style = args.style.style();
    let (kept, drawn) = if args.self_matching > 0 {
        recipe.keep_in(
            args.self_matching,
            args.count as usize,
            max_draws,
            unique,
            &context.reporting(&bar),
        )?
    } else {
        recipe.keep_styled(style, args.count as usize, max_draws, unique, &context.reporting(&bar))?
    };
    bar.finish_and_clear();
    let complete = !cut.into_inner() && (kept.len() as u64 == args.count || drawn == max_draws);
    let puzzles = write(&args, &kept, complete)?;
    let stopped = (!complete).then(|| super::signals::why_stopped(&interrupted));
    let report = Report {
        size: args.size,
        patterns: args.patterns,
        self_matching: args.self_matching,
        seed: args.seed,
        repetition_free: args.repetition_free,
        unique: args.unique,
        drawn,
        complete,
        stopped,
        puzzles,
    };
    print_report(args.json, &report, text)?;
    if !complete {
        return Ok(super::exit_codes::Exit::Stopped.into());
    }
    if (report.puzzles.len() as u64) < args.count {
        anyhow::bail!(
            "only {} of {} puzzles with a unique solution among {drawn} candidates: \
             raise --max-draws, or use more patterns or a smaller grid",
            report.puzzles.len(),
            args.count
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the puzzle files with their headers as one set into
/// `<out>/generated/` (all or none; other files there stay); with `--unique`
/// each header also gives the solution count, 1: the count that accepted
/// the puzzle. A stopped run (`complete` false) writes nothing; a signal
/// while the set is written ends the process, the old set kept.
fn write(args: &Args, kept: &[Drawn], complete: bool) -> anyhow::Result<Vec<Written>> {
    let mut files = Vec::with_capacity(kept.len());
    let mut puzzles = Vec::with_capacity(kept.len());
    for drawn in kept {
        let solutions = args.unique.then_some(1);
        let name = PathBuf::from(format!("{}.txt", drawn.puzzle.name()));
        files.push((name, header(args, drawn, solutions) + &drawn.puzzle.to_string()));
        puzzles.push((drawn.index, solutions));
    }
    let folder = args.pictures.out.join("generated");
    let paths = if args.pictures.writes() && complete {
        super::signals::before_writing();
        FileSet::new(&folder, Owns::Names(&[]))
            .write(&files)?
            .into_iter()
            .map(Some)
            .collect()
    } else {
        vec![None; files.len()]
    };
    Ok(paths
        .into_iter()
        .zip(puzzles)
        .zip(kept)
        .map(|((file, (candidate, solutions)), drawn)| Written {
            puzzle: drawn.puzzle.name().to_string(),
            file,
            candidate,
            solutions,
        })
        .collect())
}

/// The comment lines saying how the puzzle was made.
fn header(args: &Args, drawn: &Drawn, solutions: Option<u64>) -> String {
    let commercial = args.style == StyleArg::Commercial;
    let self_matching = format!(" --self-matching {}", args.self_matching);
    let flags = [
        (args.self_matching > 0, self_matching.as_str()),
        (commercial, " --style commercial"),
        (args.repetition_free, " --repetition-free"),
        (args.unique, " --unique"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, flag)| *flag)
    .collect::<String>();
    let n = args.size as usize;
    let rows: Vec<String> = drawn
        .solution
        .cells()
        .chunks(n)
        .map(|row| {
            row.iter()
                .map(|p| format!("{}@{}", drawn.puzzle.piece_label(p.piece), p.rotation))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let mut out = format!(
        "# {}: made by `scramble generate --size {n} --patterns {} --seed {}{flags}`, candidate {} \
         (random stream ({}, {}))\n\
         # a {n}x{n} {}\n\
         # planted solution, rows of piece@quarter-turns clockwise: {}\n",
        drawn.puzzle.name(),
        args.patterns,
        args.seed,
        drawn.index,
        args.seed,
        drawn.index,
        if commercial {
            "commercial-style puzzle: each of 4 patterns on 3 inner boundaries (complementary) and 3 border sides, \
             signs by fair coins, pieces turned and shuffled"
        } else if args.self_matching > 0 {
            "planted puzzle: inner sides complementary (a self-matching picture X= faces itself), border sides random, \
             every side uniform over the signed and self-matching pictures, pieces turned and shuffled"
        } else {
            "planted puzzle: inner sides complementary, border sides random, pieces turned and shuffled"
        },
        rows.join(" / ")
    );
    if let Some(count) = solutions {
        out += &format!("# solutions modulo rotation (fast solver): {count}\n");
    }
    out
}

fn text(report: &Report) -> String {
    let mut out = match report.stopped {
        Some(why) => format!(
            "partial: stopped ({why}) after drawing candidates 0..{}; the puzzles below are those kept among them, none written\n",
            report.drawn
        ),
        None => String::new(),
    };
    out += &format!(
        "{} puzzle{} {} ({} candidate{} drawn)\n",
        report.puzzles.len(),
        if report.puzzles.len() == 1 { "" } else { "s" },
        if report.puzzles.iter().any(|w| w.file.is_some()) {
            "written"
        } else if !report.complete {
            "kept, not written (stopped)"
        } else {
            "kept, not written (--no-pictures)"
        },
        report.drawn,
        if report.drawn == 1 { "" } else { "s" },
    );
    for written in &report.puzzles {
        match &written.file {
            Some(file) => out += &format!("{}\n", scramble::output::shown_path(file)),
            None => out += &format!("{}\n", written.puzzle),
        }
    }
    out
}
