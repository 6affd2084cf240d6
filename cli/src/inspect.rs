//! `scramble inspect`: the subgraph of the recording graph that a solution
//! of an `n x n` puzzle keeps (every piece's corners between two inner
//! sides), piece by piece and lattice point by lattice point: the first
//! solution in the spiral order, or the `N`-th with `--solution N` (the
//! numbering of `solve --list`).
//!
//! With `--subgraph FILE` it judges a subgraph H given as an edge list
//! instead (one edge per line, `1+ -> 2- #3`) by the `n x n`
//! theorem, condition by condition with witnesses, and draws it: exit 0
//! when H is the kept subgraph of a solution, 1 when it is not.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::output::{FileSet, Owns};
use scramble::render::Renderer;
use scramble::render::inspect::Inspection;
use scramble::solve::{Goal, Order, Search, Solver};
use scramble::{Context, Puzzle, RecordingGraph};

use super::exit_codes::Exit;
use super::pictures::note_fallback;
use super::signals::why_stopped;
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
    super::pictures::refuse_over_inputs(&args.pictures, &puzzle, sub, Owns::Folder)?;
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
    let mut report = Inspection::solution(&puzzle, &graph, &solution, args.solution);
    if !args.pictures.no_pictures {
        let dir = puzzle_folder(&args.pictures.out, &puzzle)?.join("inspect");
        let files = report.pictures(&puzzle, &graph, args.renderer, None)?;
        report.written(FileSet::new(&dir, Owns::Folder).write(&files)?);
        if let Some(used) = report.renderer() {
            note_fallback(args.renderer, used);
        }
    }
    print_report(args.json, &report, Inspection::text)?;
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
