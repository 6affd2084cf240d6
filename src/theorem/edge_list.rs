//! Subgraph files: a set of edges of a puzzle's recording graph as text,
//! read by `scramble inspect PUZZLE --subgraph FILE`.
//!
//! One edge per line: `TAIL -> HEAD COLOR`, where `TAIL` and `HEAD` are
//! pictures in the puzzle's notation (`1+`, `star-`) and `COLOR` is the
//! piece as `scramble` labels it (`#3` for the third piece, or the piece's
//! name). When a piece has two corners with the same tail and head (a piece
//! like `1+ 2+ 1+ 2+`, or loops from repeated pictures), the corner must be
//! named: `#3.2` is corner 2 of piece 3 (corner `i` runs from side `i` to
//! side `i + 1`, clockwise from the top). A `#` that does not start a color
//! starts a comment; blank lines are ignored. Reading is linear in the file.

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::error::excerpt;
use crate::recording::gluing::Edges;
use crate::{Error, Picture, Puzzle, Result};

/// Reads a subgraph of `puzzle`'s recording graph: edge numbers
/// `4 * piece + corner`. `file` names the source in error messages.
pub(crate) fn parse(puzzle: &Puzzle, text: &str, file: &str) -> Result<BTreeSet<usize>> {
    let edges = Edges::new(puzzle);
    let mut h = BTreeSet::new();
    for (i, line) in text.lines().enumerate() {
        let at = |column: usize, message: String| Error::Parse {
            file: file.to_string(),
            line: i + 1,
            column,
            message,
        };
        let tokens = tokens(line);
        let Some(&(column, _)) = tokens.first() else {
            continue;
        };
        let [(c1, tail), (c2, arrow), (c3, head), (c4, color)] = tokens[..] else {
            let (c, found) = tokens.get(4).map_or((column, "a short line"), |&(c, t)| (c, t));
            return Err(at(
                c,
                format!(
                    "expected `TAIL -> HEAD COLOR` (e.g. `1+ -> 2- #3`), found {}",
                    excerpt(found)
                ),
            ));
        };
        let tail = picture(puzzle, tail).ok_or_else(|| {
            at(
                c1,
                format!("expected a picture of the puzzle, found `{}`", excerpt(tail)),
            )
        })?;
        if arrow != "->" {
            return Err(at(c2, format!("expected `->`, found `{}`", excerpt(arrow))));
        }
        let head = picture(puzzle, head).ok_or_else(|| {
            at(
                c3,
                format!("expected a picture of the puzzle, found `{}`", excerpt(head)),
            )
        })?;
        let edge = corner(puzzle, &edges, color, tail, head).map_err(|m| at(c4, m))?;
        if !h.insert(edge) {
            return Err(at(column, format!("edge `{}` is listed twice", excerpt(line.trim()))));
        }
    }
    Ok(h)
}

/// Writes a subgraph in the format `parse` reads, naming the corner only
/// where the tail and head do not tell it.
///
/// ```
/// use scramble::Puzzle;
/// use scramble::theorem::edge_list::write;
/// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// assert_eq!(write(&puzzle, &[1, 6].into()), "1+ -> 2+ #1\n4+ -> 1- #2\n");
/// ```
pub fn write(puzzle: &Puzzle, h: &BTreeSet<usize>) -> String {
    let edges = Edges::new(puzzle);
    let mut out = String::new();
    for &e in h {
        let (piece, tail, head) = (e / 4, edges.tail(e), edges.head(e));
        let twins = (0..4)
            .filter(|c| edges.tail(4 * piece + c) == tail && edges.head(4 * piece + c) == head)
            .count();
        let corner = if twins > 1 {
            format!(".{}", e % 4)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "{} -> {} {}{corner}",
            puzzle.picture_label(tail),
            puzzle.picture_label(head),
            puzzle.piece_label(piece)
        );
    }
    out
}

/// Whitespace-separated tokens with their 1-based columns, up to a `#`
/// that does not start a color (`#` followed by a digit).
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    for (k, &(byte, ch)) in chars.iter().enumerate() {
        if start.is_none() && ch == '#' && !chars.get(k + 1).is_some_and(|&(_, c)| c.is_ascii_digit()) {
            break;
        }
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((k, byte)),
            (true, Some((col, from))) => {
                out.push((col + 1, &line[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((col, from)) = start {
        out.push((col + 1, &line[from..]));
    }
    out
}

fn picture(puzzle: &Puzzle, token: &str) -> Option<Picture> {
    puzzle.pictures().find(|&p| puzzle.picture_label(p) == token)
}

/// The edge `COLOR` names from `tail` to `head`.
fn corner(
    puzzle: &Puzzle,
    edges: &Edges,
    color: &str,
    tail: Picture,
    head: Picture,
) -> std::result::Result<usize, String> {
    let (label, named_corner) = match color.rsplit_once('.') {
        Some((l, c)) => (l, Some(c)),
        None => (color, None),
    };
    let piece = (0..puzzle.pieces().len())
        .find(|&p| puzzle.piece_label(p) == label || puzzle.piece_name(p) == Some(label))
        .ok_or_else(|| {
            format!(
                "expected a piece (`#1` to `#{}` or a piece name), found `{}`",
                puzzle.pieces().len(),
                excerpt(label)
            )
        })?;
    let matching: Vec<usize> = (0..4)
        .filter(|c| edges.tail(4 * piece + c) == tail && edges.head(4 * piece + c) == head)
        .collect();
    let arrow = format!("{} -> {}", puzzle.picture_label(tail), puzzle.picture_label(head));
    match (named_corner, matching.as_slice()) {
        (_, []) => Err(format!("piece {label} has no corner {arrow}")),
        (None, [c]) => Ok(4 * piece + c),
        (None, many) => Err(format!(
            "piece {label} has corners {many:?} from {arrow}; name one, e.g. `{label}.{}`",
            many[0]
        )),
        (Some(c), _) => match c.parse::<usize>() {
            Ok(c) if matching.contains(&c) => Ok(4 * piece + c),
            _ => Err(format!(
                "expected one of the corners {matching:?} of piece {label} from {arrow}, found `{}`",
                excerpt(c)
            )),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_it_writes_and_points_at_errors() {
        let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
        let h = parse(&puzzle, "1+ -> 2+ #1\n4+ -> 1- #2  # piece 2\n", "h.txt").unwrap();
        assert_eq!(h.into_iter().collect::<Vec<_>>(), vec![1, 6]);
        let err = parse(&puzzle, "1+ -> 2- #1\n", "h.txt").unwrap_err();
        // The error points at the piece number, which has no corner 1+ -> 2-.
        assert!(err.to_string().starts_with("h.txt:1:10:"));
        assert_eq!(
            parse(&puzzle, &write(&puzzle, &[1, 6].into()), "x").unwrap(),
            [1, 6].into()
        );
    }

    /// The counterexamples of `fixtures/nxn/` to the arrangement form's
    /// weaker forms, with their solutions modulo rotation: the plain
    /// backtracker finds no solution that keeps exactly H.
    #[test]
    fn the_backtracker_finds_no_solution_keeping_any_counterexample() {
        let fixtures = [
            ("shared-pair", 0),
            ("no-orientation", 6480),
            ("no-circuit-order", 0),
            ("separate-bijections", 0),
        ];
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/nxn");
        for (name, solutions) in fixtures {
            let puzzle = crate::read_puzzle(&root.join(format!("{name}.txt")), Default::default()).unwrap();
            let text = std::fs::read_to_string(root.join(format!("{name}.edges"))).unwrap();
            let h = parse(&puzzle, &text, name).unwrap();
            assert!(puzzle.is_repetition_free(), "{name}");
            let all = crate::solve::plain::all_arrangements(&puzzle);
            assert_eq!(all.len() as u64, 4 * solutions, "{name}");
            let kept = |a: &crate::Arrangement| -> BTreeSet<usize> {
                crate::recording::kept::kept_corners(a)
                    .map(|(p, c)| 4 * p + c)
                    .collect()
            };
            assert!(all.iter().all(|a| kept(a) != h), "{name}");
        }
    }
}
