//! `scramble graph`: the recording graph as DOT, SVG, node-link JSON or
//! GraphML, and the pieces.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::puzzle::edge::AnyPuzzle;
use scramble::render::{self, Renderer, Selection, UsedRenderer};
use scramble::{NodeLink, Puzzle, RecordingGraph};
use serde::Serialize;

use scramble::output::{FileSet, Owns};

use super::bounds::MAX_PER_PIECE;
use super::pictures::note_fallback;
use super::{PicturesArg, PuzzleArg, plural, print_report, puzzle_folder};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble graph fixtures/paper2x2.txt\n  scramble graph fixtures/cards3x3.txt --format json,graphml --out exports\n  scramble graph fixtures/paper2x2.txt --highlight 1,3 --renderer embedded"
)]
pub struct Args {
    #[command(flatten)]
    puzzle: PuzzleArg,
    #[command(flatten)]
    pictures: PicturesArg,
    /// Which files to write, comma-separated; a run replaces every name
    /// `graph` writes, so files of another format from an earlier run are
    /// removed.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "dot,svg",
        value_name = "FORMATS"
    )]
    format: Vec<PictureFormat>,
    /// Who draws the SVG.
    #[arg(long, value_parser = crate::choices::renderer(), default_value = "auto")]
    renderer: Renderer,
    /// Draw these pieces bold on the faded rest (numbers from 1 or names, comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "PIECES")]
    highlight: Vec<String>,
    /// Also write `per-piece.svg`: one small copy of G(P) per piece, only its 4-cycle in color, in grid order.
    #[arg(long)]
    per_piece: bool,
    /// Print one JSON object (files written, renderer used) instead of text.
    #[arg(long)]
    json: bool,
    /// Stop drawing after this many seconds (Graphviz is stopped too),
    /// writing no files (exit code 3).
    #[arg(long, value_name = "SECONDS", value_parser = super::solve::seconds)]
    time_limit: Option<std::time::Duration>,
}

/// The recording graph's file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum PictureFormat {
    /// `recording.dot`: the graph for Graphviz, one edge per edge of G(P).
    Dot,
    /// `recording.svg` and `pieces.svg`: the pictures.
    Svg,
    /// `recording.json`: node-link JSON, as networkx reads it.
    Json,
    /// `recording.graphml`: GraphML, for networkx, Gephi or yEd.
    Graphml,
    /// `dot` and `svg`.
    Both,
}

impl PictureFormat {
    fn wanted(formats: &[PictureFormat], format: PictureFormat) -> bool {
        formats.contains(&format)
            || (matches!(format, PictureFormat::Dot | PictureFormat::Svg) && formats.contains(&PictureFormat::Both))
    }
}

#[derive(Serialize)]
struct Written {
    files: Vec<PathBuf>,
    renderer: Option<UsedRenderer>,
    /// False when `--time-limit` stopped the drawing (no files written).
    complete: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<&'static str>,
}

/// The files `graph` owns in `<out>/<puzzle>/`; a run replaces them all.
const OWNED: [&str; 6] = [
    "recording.dot",
    "recording.svg",
    "pieces.svg",
    "per-piece.svg",
    "recording.json",
    "recording.graphml",
];

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    // An edge-matching puzzle is drawn as its self-matching pictures, grey
    // named so that the frame's colour is drawn grey, on its board (a
    // rectangle too).
    let (puzzle, shape) = match args.puzzle.read_any()? {
        AnyPuzzle::Squares(puzzle) => (puzzle, None),
        AnyPuzzle::Edge(puzzle) => (puzzle.pictures()?, Some((puzzle.width(), puzzle.height()))),
    };
    let max = render::Drawing::MAX_SIZE;
    match shape {
        Some((width, height)) if width != height && width.max(height) > max => anyhow::bail!(
            "{}: a {width} x {height} board; graph takes boards up to {max}x{max} (the output grows with the grid)",
            puzzle.name()
        ),
        Some((width, height)) if width != height => {}
        _ => super::refuse_larger(&puzzle, max, "graph")?,
    }
    let pieces = puzzle.pieces().len();
    if args.per_piece && pieces > MAX_PER_PIECE {
        anyhow::bail!(
            "--per-piece: {} has {pieces} pieces; one copy of G(P) per piece grows with the square of the pieces, so it draws at most {MAX_PER_PIECE} (12x12)",
            puzzle.name()
        );
    }
    super::pictures::refuse_over_inputs(&args.pictures, &puzzle, "", Owns::Names(&OWNED))?;
    let stop = super::signals::stop(args.time_limit, None);
    let graph = RecordingGraph::new(&puzzle);
    let chosen = chosen_pieces(&puzzle, &args.highlight)?;
    let edges = graph.piece_edges(&chosen);
    let (selection, highlighted) = if chosen.is_empty() {
        (Selection::Full, String::new())
    } else {
        let labels: Vec<String> = chosen.iter().map(|&p| puzzle.piece_label(p)).collect();
        (
            Selection::Highlighted(&edges),
            format!("; pieces {} highlighted", labels.join(", ")),
        )
    };
    let title = format!(
        "Recording graph G(P) of {} ({}){highlighted}",
        puzzle.name(),
        plural(puzzle.pieces().len(), "piece")
    );
    // Draw everything first, then write the files as one set: a failing
    // renderer or a full disk leaves the earlier set in place.
    let mut files = vec![];
    let mut renderer = None;
    let drawing = render::Drawing::new(&puzzle, &graph, &title);
    let wanted = |format| PictureFormat::wanted(&args.format, format);
    if wanted(PictureFormat::Dot) {
        files.push((PathBuf::from(OWNED[0]), drawing.dot(selection)));
    }
    if wanted(PictureFormat::Svg) {
        let picture = match drawing.svg(selection, args.renderer, &scramble::Context::new().until(&stop)) {
            Err(scramble::Error::Interrupted) if stop.reached() => return stopped(&puzzle, args.json),
            drawn => drawn?,
        };
        note_fallback(args.renderer, picture.renderer);
        renderer = Some(picture.renderer);
        files.push((PathBuf::from(OWNED[1]), picture.svg));
        let pieces = render::pieces_svg(&puzzle, None, &pieces_title(&puzzle));
        files.push((PathBuf::from(OWNED[2]), pieces));
    }
    if args.per_piece {
        let title = format!(
            "G(P) of {}, piece by piece: each piece's 4-cycle in color, pieces in grid order",
            puzzle.name()
        );
        files.push((PathBuf::from(OWNED[3]), render::per_piece_svg(&puzzle, &graph, &title)));
    }
    if wanted(PictureFormat::Json) || wanted(PictureFormat::Graphml) {
        let data = NodeLink::new(&puzzle, &graph);
        if wanted(PictureFormat::Json) {
            files.push((PathBuf::from(OWNED[4]), data.json()));
        }
        if wanted(PictureFormat::Graphml) {
            files.push((PathBuf::from(OWNED[5]), data.graphml()));
        }
    }
    if stop.reached() {
        return stopped(&puzzle, args.json);
    }
    let files = if args.pictures.writes() {
        let folder = puzzle_folder(&args.pictures.out, &puzzle)?;
        FileSet::new(&folder, Owns::Names(&OWNED)).write(&files)?
    } else {
        Vec::new()
    };
    let written = Written {
        files,
        renderer,
        complete: true,
        stopped: None,
    };
    print_report(args.json, &written, |w| {
        w.files
            .iter()
            .map(|p| format!("wrote {}\n", scramble::output::shown_path(p)))
            .collect()
    })?;
    Ok(ExitCode::SUCCESS)
}

/// The report of a drawing stopped by `--time-limit`: no files, exit 3.
fn stopped(puzzle: &Puzzle, json: bool) -> anyhow::Result<ExitCode> {
    let written = Written {
        files: Vec::new(),
        renderer: None,
        complete: false,
        stopped: Some("time-limit"),
    };
    print_report(json, &written, |_| {
        format!(
            "partial: stopped (time-limit) while drawing {}, no files written\n",
            puzzle.name()
        )
    })?;
    Ok(super::exit_codes::Exit::Stopped.into())
}

/// The pieces named by `--highlight`: numbers from 1, or piece labels
/// (`#2` or a name from the file), in the order given, without repeats.
fn chosen_pieces(puzzle: &Puzzle, names: &[String]) -> anyhow::Result<Vec<usize>> {
    let count = puzzle.pieces().len();
    let mut chosen = vec![];
    for name in names.iter().map(|n| n.trim()) {
        let by_number = name
            .trim_start_matches('#')
            .parse::<usize>()
            .ok()
            .filter(|k| (1..=count).contains(k))
            .map(|k| k - 1);
        let piece = by_number
            .or_else(|| (0..count).find(|&p| puzzle.piece_label(p) == name))
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "--highlight: no piece `{name}` in {}: expected a number from 1 to {count} or a piece name",
                    puzzle.name()
                )
            })?;
        if !chosen.contains(&piece) {
            chosen.push(piece);
        }
    }
    Ok(chosen)
}

fn pieces_title(puzzle: &Puzzle) -> String {
    format!("Pieces of {} in file order", puzzle.name())
}
