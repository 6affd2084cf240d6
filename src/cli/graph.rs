//! `scramble graph`: the recording graph as DOT and SVG, and the pieces.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::render::{self, Renderer, Selection, UsedRenderer};
use scramble::{Puzzle, RecordingGraph};
use serde::Serialize;

use scramble::output::{Owns, write_set};

use super::{PuzzleArg, plural, print_json, print_text, puzzle_folder};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// Folder for the pictures; they go to `<out>/<puzzle name>/`.
    #[arg(long, default_value = "out")]
    out: PathBuf,
    /// Which files to write; a run replaces all three names, so files of
    /// another format from an earlier run are removed.
    #[arg(long, value_enum, default_value_t = PictureFormat::Both)]
    format: PictureFormat,
    /// Who draws the SVG.
    #[arg(long, value_enum, default_value_t = Renderer::Auto)]
    renderer: Renderer,
    /// Print one JSON object (files written, renderer used) instead of text.
    #[arg(long)]
    json: bool,
}

/// The recording graph's file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum PictureFormat {
    /// `recording.dot` only: no SVG at all.
    Dot,
    /// `recording.svg` and `pieces.svg`.
    Svg,
    /// All three.
    Both,
}

#[derive(Serialize)]
struct Written {
    files: Vec<PathBuf>,
    renderer: Option<UsedRenderer>,
}

/// The files `graph` owns in `<out>/<puzzle>/`; a run replaces them all.
const OWNED: [&str; 3] = ["recording.dot", "recording.svg", "pieces.svg"];

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let puzzle = args.puzzle.read()?;
    let graph = RecordingGraph::new(&puzzle);
    let title = format!(
        "Recording graph G(P) of {} ({})",
        puzzle.name(),
        plural(puzzle.pieces().len(), "piece")
    );
    // Draw everything first, then write the files as one set: a failing
    // renderer or a full disk leaves the earlier set in place.
    let mut files = vec![];
    let mut renderer = None;
    if args.format != PictureFormat::Svg {
        let dot = render::recording_dot(&puzzle, &graph, Selection::Full, &title);
        files.push((PathBuf::from(OWNED[0]), dot));
    }
    if args.format != PictureFormat::Dot {
        let picture = render::recording_svg(&puzzle, &graph, Selection::Full, &title, args.renderer)?;
        note_fallback(args.renderer, picture.renderer);
        renderer = Some(picture.renderer);
        files.push((PathBuf::from(OWNED[1]), picture.svg));
        let pieces = render::pieces_svg(&puzzle, None, &pieces_title(&puzzle));
        files.push((PathBuf::from(OWNED[2]), pieces));
    }
    let folder = puzzle_folder(&args.out, &puzzle)?;
    let written = Written {
        files: write_set(&folder, &files, Owns::Names(&OWNED))?,
        renderer,
    };
    if args.json {
        print_json(&written)?;
    } else {
        let lines: String = written
            .files
            .iter()
            .map(|p| format!("wrote {}\n", p.display()))
            .collect();
        print_text(&lines)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Says on stderr when `auto` had to do without Graphviz.
pub(super) fn note_fallback(asked: Renderer, used: UsedRenderer) {
    if asked == Renderer::Auto && used == UsedRenderer::Embedded {
        super::note("scramble: Graphviz not found; drawing with the embedded renderer\n");
    }
}

fn pieces_title(puzzle: &Puzzle) -> String {
    format!("Pieces of {} in file order", puzzle.name())
}
