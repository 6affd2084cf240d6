//! `scramble explore`: one self-contained interactive HTML page per puzzle:
//! the built page of `docs/app/` (the library compiled to WebAssembly) with
//! the puzzle entered. The report's numbers are the native library's.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::render::page::{Options, page};
use scramble::solve::Order;
use serde::Serialize;

use super::exit_codes::Exit;
use super::{PicturesArg, PuzzleArg, print_report, print_text};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble explore fixtures/paper2x2.txt\n  scramble explore fixtures/cards3x3.txt -o cards.html"
)]
pub struct Args {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// The HTML file to write [default: `<out>/<puzzle name>/explore.html`];
    /// `-` writes the page to standard output.
    #[arg(
        short = 'o',
        long = "output",
        value_name = "FILE.html",
        conflicts_with = "no_pictures"
    )]
    output: Option<PathBuf>,
    /// The page goes to `<out>/<puzzle name>/explore.html` when `-o` is not given.
    #[command(flatten)]
    pictures: PicturesArg,
    /// Order of the traced search (spiral, row-major or random).
    #[arg(long, value_parser = crate::choices::order(), default_value = "spiral")]
    order: Order,
    /// Seed of the `random` order.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// At most this many search steps are recorded.
    #[arg(long, default_value_t = Options::default().trace_cap as u32, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    trace_cap: u32,
    /// At most this many solutions are shown.
    #[arg(long, default_value_t = Options::default().solution_cap as u32, value_parser = clap::value_parser!(u32).range(0..=10_000))]
    solution_cap: u32,
    /// Stop searching solutions after this many seconds: the page is
    /// written with the partial count said on it, and the exit code is 3.
    #[arg(long, value_name = "SECONDS", value_parser = super::solve::seconds)]
    time_limit: Option<std::time::Duration>,
    /// Search the solutions of a puzzle of 4x4 or more on exactly N threads
    /// (default: every core; smaller grids search on one). The page is the
    /// same whatever N.
    #[command(flatten)]
    threads: super::threads::ThreadsArg,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// What `explore --json` prints.
#[derive(Serialize)]
struct Report {
    puzzle: String,
    file: Option<PathBuf>,
    bytes: usize,
    subgraphs: usize,
    solutions: Option<u64>,
    solutions_shown: usize,
    trace_steps: usize,
    notes: Vec<String>,
}

/// The page, as `web/build.sh` builds it (CI checks that it is current).
const PAGE: &str = include_str!("../../docs/app/scramble.html");

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let puzzle = args.puzzle.read()?;
    let options = Options {
        order: args.order,
        seed: args.seed,
        trace_cap: args.trace_cap as usize,
        solution_cap: args.solution_cap as usize,
    };
    super::refuse_larger(&puzzle, scramble::render::Drawing::MAX_SIZE, "explore")?;
    let to_stdout = args.output.as_deref() == Some(std::path::Path::new("-"));
    let file = match args.output {
        _ if to_stdout => None,
        Some(file) => Some(file),
        None if args.pictures.writes() => Some(super::puzzle_folder(&args.pictures.out, &puzzle)?.join("explore.html")),
        None => None,
    };
    // Before any work: the page may not replace the puzzle it shows.
    if let Some(file) = &file {
        scramble::output::Target::new(file).refuse()?;
    }
    let stop = super::signals::stop(args.time_limit, None);
    let bar = super::progress::Bar::spinner("exploring the puzzle");
    let context = args.threads.context().until(&stop).reporting(&bar);
    let page = context.install(|| page(&puzzle, &options, &context))?;
    bar.finish_and_clear();
    let page = page?;
    let html = page.html(PAGE)?;
    if to_stdout {
        print_text(&html)?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(file) = &file {
        scramble::output::Target::new(file).write(html.as_bytes())?;
    }
    let summary = page.summary();
    let report = Report {
        puzzle: summary.puzzle,
        file,
        bytes: html.len(),
        subgraphs: summary.subgraphs,
        solutions: summary.solutions,
        solutions_shown: summary.solutions_shown,
        trace_steps: summary.trace_steps,
        notes: summary.notes,
    };
    print_report(args.json, &report, |r| {
        let notes: String = r.notes.iter().map(|n| format!("note: {n}\n")).collect();
        match &r.file {
            Some(file) => format!(
                "wrote {} ({} bytes)\n{notes}",
                scramble::output::shown_path(file),
                r.bytes
            ),
            None => format!("page of {} bytes made, not written (--no-pictures)\n{notes}", r.bytes),
        }
    })?;
    Ok(if summary.stopped {
        Exit::Stopped.into()
    } else {
        ExitCode::SUCCESS
    })
}
