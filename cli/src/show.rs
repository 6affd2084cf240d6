//! `scramble show`: what a puzzle is made of.

pub(crate) mod edge;

use std::process::ExitCode;

use scramble::Puzzle;
use scramble::puzzle::edge::AnyPuzzle;
use serde::Serialize;

use super::{PuzzleArg, print_report};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble show fixtures/paper2x2.txt\n  scramble show fixtures/cards3x3.txt --json"
)]
pub struct Args {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// The figures `show` prints, as text or JSON.
#[derive(Serialize)]
struct Summary {
    puzzle: String,
    size: usize,
    pieces: Vec<PieceRow>,
    patterns: Vec<String>,
    picture_indices: Vec<PictureIndex>,
    repetition_free: bool,
    repeated: Vec<Repetition>,
}

#[derive(Serialize)]
struct PieceRow {
    label: String,
    sides: String,
}

#[derive(Serialize)]
struct PictureIndex {
    picture: String,
    index: usize,
}

#[derive(Serialize)]
struct Repetition {
    piece: String,
    picture: String,
    times: usize,
}

fn summarize(puzzle: &Puzzle) -> Summary {
    let pieces = puzzle.pieces();
    Summary {
        puzzle: puzzle.name().to_string(),
        size: puzzle.size(),
        pieces: (0..pieces.len())
            .map(|i| PieceRow {
                label: puzzle.piece_label(i),
                sides: puzzle.piece_text(i),
            })
            .collect(),
        patterns: puzzle.patterns().into_iter().map(|p| puzzle.pattern_label(p)).collect(),
        picture_indices: puzzle
            .picture_indices()
            .into_iter()
            .map(|(p, index)| PictureIndex {
                picture: puzzle.picture_label(p),
                index,
            })
            .collect(),
        repetition_free: puzzle.is_repetition_free(),
        repeated: puzzle
            .repetitions()
            .into_iter()
            .map(|(i, p)| Repetition {
                piece: puzzle.piece_label(i),
                picture: puzzle.picture_label(p),
                times: pieces[i].sides().iter().filter(|&&q| q == p).count(),
            })
            .collect(),
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.puzzle.read_any()? {
        AnyPuzzle::Squares(puzzle) => print_report(args.json, &summarize(&puzzle), text)?,
        AnyPuzzle::Edge(puzzle) => print_report(args.json, &edge::summarize(&puzzle), edge::text)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn text(s: &Summary) -> String {
    let mut out = format!(
        "{}: {}x{} grid, {}, {}\n",
        s.puzzle,
        s.size,
        s.size,
        super::plural(s.pieces.len(), "piece"),
        super::plural(s.patterns.len(), "pattern")
    );
    let width = super::column(s.pieces.iter().map(|p| p.label.len()).max().unwrap_or(0));
    for p in &s.pieces {
        out += &format!("  {:<width$}  {}\n", p.label, p.sides);
    }
    let indices: Vec<String> = s
        .picture_indices
        .iter()
        .map(|p| format!("{}:{}", p.picture, p.index))
        .collect();
    out += &format!("picture indices: {}\n", indices.join(" "));
    if s.repetition_free {
        out += "repetitions: none (repetition-free)\n";
    } else {
        let reps: Vec<String> = s
            .repeated
            .iter()
            .map(|r| format!("{} has {} {} times", r.piece, r.picture, r.times))
            .collect();
        out += &format!(
            "repetitions: {} (normal: a card may show a picture more than once, as many real puzzles do)\n",
            reps.join("; ")
        );
    }
    out
}
