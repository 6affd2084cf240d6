//! `scramble graph`: the recording graph as DOT and SVG, and the pieces.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::render::{self, Renderer, Selection, UsedRenderer};
use scramble::{Puzzle, RecordingGraph};
use serde::Serialize;

use super::{PuzzleArg, print_json};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// Folder for the pictures; they go to `<out>/<puzzle name>/`.
    #[arg(long, default_value = "out")]
    out: PathBuf,
    /// Which pictures of the recording graph to write.
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
    /// `recording.dot` only.
    Dot,
    /// `recording.svg` only.
    Svg,
    /// Both.
    Both,
}

#[derive(Serialize)]
struct Written {
    files: Vec<PathBuf>,
    renderer: Option<UsedRenderer>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let puzzle = args.puzzle.read()?;
    let graph = RecordingGraph::new(&puzzle);
    let title = format!(
        "Recording graph G(P) of {} ({} pieces)",
        puzzle.name(),
        puzzle.pieces().len()
    );
    // Draw everything first, so a failing renderer leaves no partial output.
    let mut files = vec![];
    let mut renderer = None;
    if args.format != PictureFormat::Svg {
        let dot = render::recording_dot(&puzzle, &graph, Selection::Full, &title);
        files.push(("recording.dot", dot));
    }
    if args.format != PictureFormat::Dot {
        let picture = render::recording_svg(&puzzle, &graph, Selection::Full, &title, args.renderer)?;
        note_fallback(args.renderer, picture.renderer);
        renderer = Some(picture.renderer);
        files.push(("recording.svg", picture.svg));
    }
    files.push(("pieces.svg", render::pieces_svg(&puzzle, None, &pieces_title(&puzzle))));
    let folder = args.out.join(puzzle.name());
    let mut written = Written {
        files: vec![],
        renderer,
    };
    for (name, text) in files {
        let path = folder.join(name);
        scramble::output::write_atomic(&path, text.as_bytes())?;
        if !args.json {
            println!("wrote {}", path.display());
        }
        written.files.push(path);
    }
    if args.json {
        print_json(&written)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Says on stderr when `auto` had to do without Graphviz.
pub(super) fn note_fallback(asked: Renderer, used: UsedRenderer) {
    if asked == Renderer::Auto && used == UsedRenderer::Embedded {
        eprintln!("scramble: Graphviz not found; drawing with the embedded renderer");
    }
}

fn pieces_title(puzzle: &Puzzle) -> String {
    format!("Pieces of {} in file order", puzzle.name())
}
