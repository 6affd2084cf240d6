//! `scramble subgraphs`: the 256 four-color subgraphs of a 2x2 puzzle, each
//! judged by Theorem 2.1 (condition by condition), by the twisted-graph
//! criterion and by brute force, with every disagreement flagged.

use std::process::ExitCode;

use scramble::RecordingGraph;
use scramble::output::{FileSet, Owns};
use scramble::render::Renderer;
use scramble::render::inspect::Inspection;
use scramble::theorem::Condition;

use super::exit_codes::Exit;
use super::pictures::note_fallback;
use super::{PicturesArg, PuzzleArg, print_report, puzzle_folder};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble subgraphs fixtures/paper2x2.txt --solutions\n  scramble subgraphs fixtures/paper2x2.txt --failing 3 --no-pictures"
)]
pub struct Args {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// List only subgraphs that the judge, the theorem or the twisted
    /// criterion accepts (solution graphs and disagreements).
    #[arg(long)]
    solutions: bool,
    /// List only subgraphs failing this condition of Theorem 2.1 (1-4 or
    /// its name), with the witness.
    #[arg(long, value_parser = crate::choices::condition(), value_name = "CONDITION")]
    failing: Option<Condition>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Pictures of every solution graph go to `<out>/<puzzle>/solutions/`,
    /// replacing an earlier run's.
    #[command(flatten)]
    pictures: PicturesArg,
    /// Also draw subgraph number INDEX (0-255, as listed), with its failing
    /// conditions in the title, to `<out>/<puzzle>/subgraphs/` (replacing
    /// what an earlier `--draw` put there).
    #[arg(long, value_name = "INDEX", value_parser = clap::value_parser!(u16).range(0..256), conflicts_with = "no_pictures")]
    draw: Option<u16>,
    /// Who draws the SVG.
    #[arg(long, value_parser = crate::choices::renderer(), default_value = "auto")]
    renderer: Renderer,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let puzzle = args.puzzle.read()?;
    let owned: &[&str] = if args.draw.is_some() {
        &["solutions", "subgraphs"]
    } else {
        &["solutions"]
    };
    super::pictures::refuse_over_inputs(&args.pictures, &puzzle, "", Owns::Names(owned))?;
    let graph = RecordingGraph::new(&puzzle);
    let mut report = Inspection::subgraphs(&puzzle, &graph, args.solutions, args.failing)?;
    if !args.pictures.no_pictures {
        let folder = puzzle_folder(&args.pictures.out, &puzzle)?;
        let draw = args.draw.map(usize::from);
        let files = report.pictures(&puzzle, &graph, args.renderer, draw)?;
        // Both folders change in one step: never new solutions beside old
        // subgraphs.
        report.written(FileSet::new(&folder, Owns::Names(owned)).write(&files)?);
        if let Some(used) = report.renderer() {
            note_fallback(args.renderer, used);
        }
    }
    print_report(args.json, &report, Inspection::text)?;
    Ok(Exit::found(report.found()).into())
}
