//! The field's puzzle formats, read as published:
//!
//! - the eternity2.dev Puzzle JSON: `width`, `height`, `pieces` as
//!   `[U, R, D, L]` (grey `0`), `hints` as `{pos, piece, rot}` (other keys
//!   are ignored);
//! - `e2pieces.txt`-style lines: `U R D L` per line, or `id U R D L` (the
//!   id column is dropped), `#` comments; the board's shape follows from
//!   the frame (4 corner pieces, `2(w + h) - 8` edge pieces, the shorter
//!   side as the height);
//! - Heule's `em_*.txt`: a first line with the number of hints, that many
//!   `row column piece turn` lines (1-based row, column and piece), then
//!   the pieces as above.

use std::path::Path;

use serde::Deserialize;

use super::{Blame, EdgePuzzle, GREY, Hint, HintFault, MAX_SIDE, Quad, greys_astray};
use crate::puzzle::read::{Format, is_edge_text, parse, read_text};
use crate::{Error, Puzzle, Result};

/// The most colours a puzzle may use (Eternity II uses 23).
pub(crate) const MAX_COLOURS: usize = 64;

/// How to read an edge-matching file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum EdgeFormat {
    /// JSON when the file starts with `{`, Heule's when its first line holds
    /// one number, piece lines otherwise.
    #[default]
    Auto,
    /// The eternity2.dev Puzzle JSON.
    Json,
    /// `U R D L` (or `id U R D L`) per line.
    Lines,
    /// Heule's `em_*.txt`: hints first.
    Heule,
}

impl EdgeFormat {
    /// The format `Auto` picks for `text`.
    fn of(text: &str) -> EdgeFormat {
        let first = text.lines().map(strip).find(|l| !l.is_empty()).unwrap_or("");
        if first.starts_with('{') {
            EdgeFormat::Json
        } else if first.split_whitespace().count() == 1 {
            EdgeFormat::Heule
        } else {
            EdgeFormat::Lines
        }
    }
}

/// A puzzle of either kind.
#[derive(Debug)]
pub enum AnyPuzzle {
    /// A Scramble Squares puzzle (signed pictures, a square grid, no frame).
    Squares(Puzzle),
    /// An edge-matching puzzle with a grey frame.
    Edge(EdgePuzzle),
}

impl AnyPuzzle {
    /// Reads the puzzle in `path` (`-`: standard input), of either kind:
    /// `Format::Auto` tells an edge-matching file by `is_edge_text`,
    /// `Format::Edge` asks for one.
    pub fn read(path: &Path, format: Format) -> Result<AnyPuzzle> {
        let (text, file, name) = read_text(path)?;
        if format == Format::Edge || (format == Format::Auto && is_edge_text(&text)) {
            let puzzle = parse_edge(&text, &file, EdgeFormat::Auto)?.with_name(name);
            return Ok(AnyPuzzle::Edge(puzzle));
        }
        Ok(AnyPuzzle::Squares(parse(&text, &file, format)?.with_name(name)))
    }
}

/// Parses `text` (from `file`, for messages) as an edge-matching puzzle.
pub(crate) fn parse_edge(text: &str, file: &str, format: EdgeFormat) -> Result<EdgePuzzle> {
    let format = match format {
        EdgeFormat::Auto => EdgeFormat::of(text),
        f => f,
    };
    match format {
        EdgeFormat::Json => json(text, file),
        EdgeFormat::Heule => lines(text, file, true),
        _ => lines(text, file, false),
    }
}

fn parse_error(file: &str, line: usize, column: usize, message: String) -> Error {
    Error::Parse {
        file: file.into(),
        line,
        column,
        message,
    }
}

/// The eternity2.dev Puzzle JSON (the keys read).
#[derive(Deserialize)]
struct PuzzleJson {
    width: usize,
    height: usize,
    #[serde(rename = "numColors")]
    colours: Option<usize>,
    pieces: Vec<[u8; 4]>,
    #[serde(default)]
    hints: Vec<HintJson>,
}

#[derive(Deserialize)]
struct HintJson {
    pos: usize,
    piece: usize,
    rot: u8,
}

fn json(text: &str, file: &str) -> Result<EdgePuzzle> {
    let read: PuzzleJson = serde_json::from_str(text).map_err(|e| {
        parse_error(
            file,
            e.line().max(1),
            e.column().max(1),
            format!(
                "{}: expected the Puzzle JSON (width, height, pieces as [U, R, D, L], hints as {{pos, piece, rot}})",
                crate::error::json_said(&e)
            ),
        )
    })?;
    let at = |blame: Blame, message: String| {
        use crate::error::place::{Step, json_at};
        let path = match blame {
            Blame::Width => vec![Step::Key("width")],
            Blame::Height => vec![Step::Key("height")],
            Blame::Pieces => vec![Step::Key("pieces")],
            Blame::Piece(i) => vec![Step::Key("pieces"), Step::Index(i)],
            Blame::Hint(k, _) => vec![Step::Key("hints"), Step::Index(k)],
        };
        let (line, column) = json_at(text, &path).unwrap_or((1, 1));
        parse_error(file, line, column, message)
    };
    // numColors counts the colours besides grey (the 16x16 says 22 and uses 1 to 22).
    let limit = read
        .colours
        .map_or(MAX_COLOURS, |n| n.saturating_add(1))
        .min(MAX_COLOURS);
    if let Some((i, piece)) = read
        .pieces
        .iter()
        .enumerate()
        .find(|(_, p)| p.iter().any(|&c| usize::from(c) >= limit))
    {
        return Err(at(
            Blame::Piece(i),
            format!(
                "piece {i} ({}) has a colour over {} (numColors, or the limit)",
                Quad(*piece),
                limit - 1
            ),
        ));
    }
    let hints = read
        .hints
        .iter()
        .map(|h| Hint {
            cell: h.pos,
            piece: h.piece,
            turn: h.rot,
        })
        .collect();
    EdgePuzzle::checked(read.width, read.height, read.pieces, hints).map_err(|f| at(f.blame, f.message))
}

fn strip(line: &str) -> &str {
    line.split('#').next().unwrap_or("").trim()
}

/// Numbers of one line with their columns.
fn numbers(file: &str, number: usize, line: &str) -> Result<Vec<(usize, u64)>> {
    let mut found = vec![];
    let mut column = 0;
    for word in line.split(|c: char| c.is_whitespace() || c == ',') {
        let at = line[column..].find(word).map_or(column, |k| column + k);
        column = at + word.len();
        if word.is_empty() {
            continue;
        }
        let value = word.parse::<u64>().map_err(|_| {
            let shown = crate::error::excerpt(word);
            parse_error(
                file,
                number,
                line[..at].chars().count() + 1,
                format!("expected a number, found `{shown}`"),
            )
        })?;
        found.push((line[..at].chars().count() + 1, value));
    }
    Ok(found)
}

fn lines(text: &str, file: &str, heule: bool) -> Result<EdgePuzzle> {
    let mut rows = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, strip(l)))
        .filter(|(_, l)| !l.is_empty());
    let mut raw_hints = vec![];
    if heule {
        let (number, line) = rows
            .next()
            .ok_or_else(|| parse_error(file, 1, 1, "expected the number of hints".into()))?;
        let count = numbers(file, number, line)?[0].1;
        for _ in 0..count.min(MAX_SIDE as u64 * MAX_SIDE as u64 + 1) {
            let (number, line) = rows
                .next()
                .ok_or_else(|| parse_error(file, number, 1, format!("expected {count} hint lines")))?;
            let values = numbers(file, number, line)?;
            if values.len() != 4 {
                return Err(parse_error(
                    file,
                    number,
                    1,
                    "expected a hint: row column piece turn".into(),
                ));
            }
            raw_hints.push((number, [values[0].1, values[1].1, values[2].1, values[3].1]));
        }
    }
    let (mut pieces, mut piece_lines) = (vec![], vec![]);
    for (number, line) in rows {
        if pieces.len() >= MAX_SIDE * MAX_SIDE {
            return Err(parse_error(
                file,
                number,
                1,
                format!("more than {} pieces", MAX_SIDE * MAX_SIDE),
            ));
        }
        let values = numbers(file, number, line)?;
        let quad = match values.len() {
            4 => &values[..],
            5 => &values[1..],
            n => {
                return Err(parse_error(
                    file,
                    number,
                    1,
                    format!("expected `U R D L` or `id U R D L`, found {n} numbers"),
                ));
            }
        };
        let mut piece = [GREY; 4];
        for (k, &(column, value)) in quad.iter().enumerate() {
            if value >= MAX_COLOURS as u64 {
                return Err(parse_error(
                    file,
                    number,
                    column,
                    format!("colour {value}: expected 0 to {}", MAX_COLOURS - 1),
                ));
            }
            piece[k] = value as u8;
        }
        pieces.push(piece);
        piece_lines.push(number);
    }
    // A fault of the list as a whole is shown at its first piece.
    let list_line = piece_lines.first().copied().unwrap_or(1);
    let (width, height) = shape(&pieces).ok_or_else(|| {
        parse_error(
            file,
            list_line,
            1,
            format!(
                "{} pieces make no framed board: expected 4 corner pieces (two grey sides), \
                 2(w + h) - 8 edge pieces (one) and w * h pieces in all",
                pieces.len()
            ),
        )
    })?;
    let (mut hints, mut hint_lines) = (vec![], vec![]);
    for (number, [row, column, piece, turn]) in raw_hints {
        let inside = (1..=height as u64).contains(&row) && (1..=width as u64).contains(&column);
        if !inside || !(1..=pieces.len() as u64).contains(&piece) || turn > 3 {
            return Err(parse_error(
                file,
                number,
                1,
                format!(
                    "expected row 1-{height}, column 1-{width}, piece 1-{} and turn 0-3",
                    pieces.len()
                ),
            ));
        }
        hints.push(Hint {
            cell: (row as usize - 1) * width + column as usize - 1,
            piece: piece as usize - 1,
            turn: turn as u8,
        });
        hint_lines.push((number, [row, column, piece, turn]));
    }
    let quads = pieces.clone();
    EdgePuzzle::checked(width, height, pieces, hints).map_err(|f| match f.blame {
        Blame::Piece(i) => parse_error(file, piece_lines[i], 1, greys_astray(i + 1, quads[i])),
        Blame::Hint(k, why) => {
            let (line, written) = hint_lines[k];
            let message = heule_hint_fault(k, why, written).unwrap_or(f.message);
            parse_error(file, line, 1, message)
        }
        Blame::Width | Blame::Height | Blame::Pieces => parse_error(file, list_line, 1, f.message),
    })
}

/// A hint refused by the model, in the terms of Heule's file: rows,
/// columns and pieces counted from 1. `None` for the faults of range,
/// which reading has already refused in those terms.
fn heule_hint_fault(k: usize, why: HintFault, [row, column, piece, turn]: [u64; 4]) -> Option<String> {
    let what = match why {
        HintFault::CellTaken => format!("row {row}, column {column} is already pinned"),
        HintFault::PieceTaken => format!("piece {piece} is already pinned"),
        HintFault::NoFit => {
            format!("piece {piece} turned {turn} does not fit the frame at row {row}, column {column}")
        }
        HintFault::OffBoard | HintFault::NoSuchPiece | HintFault::BadTurn => return None,
    };
    Some(format!("hint {}: {what}", k + 1))
}

/// The board a list of pieces frames: the shape whose rim the corner and
/// edge pieces fill, the shorter side as the height; a square when grey
/// also lies inside and the count is a square.
fn shape(pieces: &[[u8; 4]]) -> Option<(usize, usize)> {
    let n = pieces.len();
    let greys = |p: &[u8; 4]| p.iter().filter(|&&c| c == GREY).count();
    let edges = pieces.iter().filter(|p| greys(p) == 1).count();
    let framed = (2..=MAX_SIDE).find(|&h| {
        let w = (edges / 2 + 4).checked_sub(h);
        w.is_some_and(|w| w >= h && w * h == n && 2 * (w + h) - 8 == edges)
    });
    if let Some(h) = framed {
        return Some((n / h, h));
    }
    let side = (2..=MAX_SIDE).find(|&s| s * s == n)?;
    Some((side, side))
}
