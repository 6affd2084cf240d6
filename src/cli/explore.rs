//! `scramble explore`: one self-contained interactive HTML page per puzzle.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::explore::{Options, page};
use scramble::solve::Order;
use serde::Serialize;

use super::{PuzzleArg, print_report};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble explore fixtures/paper2x2.txt\n  scramble explore fixtures/cards3x3.txt -o cards.html"
)]
pub struct Args {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// The HTML file to write [default: `<out>/<puzzle name>/explore.html`].
    #[arg(short = 'o', long = "output", value_name = "FILE.html")]
    output: Option<PathBuf>,
    /// Folder for the page when `-o` is not given.
    #[arg(long, default_value = "out")]
    out: PathBuf,
    /// Order of the traced search (spiral, row-major or random).
    #[arg(long, value_enum, default_value_t = Order::Spiral)]
    order: Order,
    /// Seed of the `random` order.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// At most this many search steps are recorded.
    #[arg(long, default_value_t = Options::default().trace_cap)]
    trace_cap: usize,
    /// At most this many solutions are shown.
    #[arg(long, default_value_t = Options::default().solution_cap)]
    solution_cap: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// What `explore --json` prints.
#[derive(Serialize)]
struct Report {
    puzzle: String,
    file: PathBuf,
    bytes: usize,
    subgraphs: usize,
    solutions: Option<u64>,
    solutions_shown: usize,
    trace_steps: usize,
    notes: Vec<String>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let puzzle = args.puzzle.read()?;
    let options = Options {
        order: args.order,
        seed: args.seed,
        trace_cap: args.trace_cap,
        solution_cap: args.solution_cap,
    };
    let page = page(&puzzle, &options)?;
    let file = args
        .output
        .unwrap_or_else(|| args.out.join(puzzle.name()).join("explore.html"));
    scramble::output::write_atomic(&file, page.html.as_bytes())?;
    let data = &page.data;
    let solutions = data.solutions.as_ref().ok();
    let notes = [
        data.solutions.as_ref().err().cloned(),
        solutions.and_then(|s| s.note.clone()),
        data.trace.as_ref().err().cloned(),
        data.trace
            .as_ref()
            .ok()
            .filter(|t| !t.complete)
            .map(|t| format!("the search trace is capped at {} steps", t.events.len())),
    ];
    let report = Report {
        puzzle: data.name.clone(),
        file,
        bytes: page.html.len(),
        subgraphs: data.subgraphs.as_ref().map_or(0, Vec::len),
        solutions: solutions.and_then(|s| s.count),
        solutions_shown: solutions.map_or(0, |s| s.shown.len()),
        trace_steps: data.trace.as_ref().map_or(0, |t| t.events.len()),
        notes: notes.into_iter().flatten().collect(),
    };
    print_report(args.json, &report, |r| {
        let notes: String = r.notes.iter().map(|n| format!("note: {n}\n")).collect();
        format!("wrote {} ({} bytes)\n{notes}", r.file.display(), r.bytes)
    })?;
    Ok(ExitCode::SUCCESS)
}
