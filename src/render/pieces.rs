//! The pieces as squares: each split into four triangles (top, right,
//! bottom, left), one color per pattern, the `+` half solid and the `-` half
//! hatched in a light tint of the same hue, every triangle labelled with its
//! picture (`3+`, `3-`), and the piece's label in the middle.
//!
//! Without an arrangement the pieces stand apart on the puzzle's board
//! (`n x n`, or a rectangle's) in puzzle order; with one, they fill the cells as placed and turned, so a
//! solution shows its matching halves side by side.

use svg::Document;
use svg::node::element::{Definitions, Group, Line, Pattern as SvgPattern, Polygon, Rectangle, Text, Title};

use super::geometry::{Point, num, text_width};
use super::style::{pattern_colors, text_color_on};
use crate::{Arrangement, Pattern, Picture, Placement, Puzzle, Sign};

const SIDE: f64 = 140.0;
const GAP: f64 = 28.0;
const MARGIN: f64 = 20.0;
const TITLE_BAND: f64 = 34.0;
const CAPTION_BAND: f64 = 30.0;
const FONT: &str = "Helvetica,Arial,sans-serif";
const LABEL_FONT: f64 = 14.0;

/// The SVG of the pieces, titled `title`.
pub fn write(puzzle: &Puzzle, arrangement: Option<&Arrangement>, title: &str) -> String {
    let (columns, rows) = arrangement.map_or(puzzle.shape(), |a| (a.size(), a.size()));
    let cells: Vec<Placement> = arrangement.map_or_else(
        || {
            (0..puzzle.pieces().len())
                .map(|piece| Placement { piece, rotation: 0 })
                .collect()
        },
        |a| a.cells().to_vec(),
    );
    let gap = if arrangement.is_some() { 0.0 } else { GAP };
    let span = |cells: usize| cells as f64 * SIDE + (cells as f64 - 1.0) * gap;
    let grid = span(columns);
    let width = (grid + 2.0 * MARGIN).max(text_width(title, 18.0) + 2.0 * MARGIN);
    let height = TITLE_BAND + span(rows) + 2.0 * MARGIN + CAPTION_BAND;
    let left = (width - grid) / 2.0;
    let patterns = puzzle.patterns();
    let squares = cells
        .iter()
        .enumerate()
        .fold(Group::new().set("class", "pieces"), |g, (cell, &placement)| {
            let corner = Point::new(
                left + (cell % columns) as f64 * (SIDE + gap),
                TITLE_BAND + MARGIN + (cell / columns) as f64 * (SIDE + gap),
            );
            g.add(square(puzzle, &patterns, placement, corner, arrangement.is_some()))
        });
    let caption = "solid: the + half of a pattern; hatched: the - half";
    let document = Document::new()
        .set("width", format!("{}pt", num(width)))
        .set("height", format!("{}pt", num(height)))
        .set("viewBox", format!("0 0 {} {}", num(width), num(height)))
        .add(Title::new(title))
        .add(hatches(&pattern_colors(puzzle)))
        .add(
            Rectangle::new()
                .set("width", "100%")
                .set("height", "100%")
                .set("fill", "white"),
        )
        .add(label(
            title,
            Point::new(width / 2.0, TITLE_BAND / 2.0 + 6.0),
            18.0,
            "#000000",
        ))
        .add(squares)
        .add(label(
            caption,
            Point::new(width / 2.0, height - CAPTION_BAND / 2.0),
            11.0,
            "#333333",
        ));
    format!("{document}\n")
}

/// One piece in its square with top-left `corner`.
fn square(puzzle: &Puzzle, patterns: &[Pattern], placement: Placement, corner: Point, turned: bool) -> Group {
    let Placement { piece, rotation } = placement;
    let corners = [
        corner,
        corner + Point::new(SIDE, 0.0),
        corner + Point::new(SIDE, SIDE),
        corner + Point::new(0.0, SIDE),
    ];
    let center = corner + Point::new(SIDE / 2.0, SIDE / 2.0);
    let name = if turned {
        format!("{}@{rotation}", puzzle.piece_label(piece))
    } else {
        puzzle.piece_label(piece)
    };
    let tooltip = format!("{}: {}", puzzle.piece_label(piece), puzzle.piece_text(piece));
    let group = Group::new().set("class", "piece").add(Title::new(tooltip));
    let group = (0..4).fold(group, |g, d| {
        let picture = puzzle.pieces()[piece].side_turned(rotation, d);
        let triangle = [corners[d], corners[(d + 1) % 4], center];
        g.add(half(puzzle, patterns, picture, triangle))
    });
    let box_width = text_width(&name, 12.0) + 10.0;
    group
        .add(
            Rectangle::new()
                .set("x", num(center.x - box_width / 2.0))
                .set("y", num(center.y - 10.0))
                .set("width", num(box_width))
                .set("height", "20")
                .set("rx", "4")
                .set("fill", "white")
                .set("stroke", "#333333"),
        )
        .add(label(&name, center, 12.0, "#000000").set("font-weight", "bold"))
        .add(
            Rectangle::new()
                .set("x", num(corner.x))
                .set("y", num(corner.y))
                .set("width", num(SIDE))
                .set("height", num(SIDE))
                .set("fill", "none")
                .set("stroke", "#000000")
                .set("stroke-width", "2"),
        )
}

/// One triangle: filled by pattern and sign, labelled with its picture.
fn half(puzzle: &Puzzle, patterns: &[Pattern], picture: Picture, [a, b, center]: [Point; 3]) -> Group {
    let rank = patterns.iter().position(|&p| p == picture.pattern()).unwrap_or(0);
    let color = pattern_colors(puzzle)[rank];
    let (fill, ink) = match picture.sign() {
        // A self-matching picture is whole: drawn like a `+` half, its label
        // ends in `=`.
        Sign::Plus | Sign::Same => (color.to_string(), text_color_on(color)),
        Sign::Minus => (format!("url(#minus-{rank})"), "#000000"),
    };
    let text = puzzle.picture_label(picture);
    let middle = (a + b) * 0.5;
    let at = middle + (center - middle) * 0.38;
    let size = LABEL_FONT.min(0.45 * SIDE / (text.chars().count() as f64 * 0.62));
    let mut caption = label(&text, at, size, ink);
    if picture.sign() == Sign::Minus {
        caption = caption
            .set("stroke", "white")
            .set("stroke-width", "3")
            .set("stroke-linejoin", "round")
            .set("paint-order", "stroke");
    }
    Group::new()
        .add(
            Polygon::new()
                .set(
                    "points",
                    [a, b, center].map(|p| format!("{},{}", num(p.x), num(p.y))).join(" "),
                )
                .set("fill", fill)
                .set("stroke", "#333333")
                .set("stroke-width", "0.75"),
        )
        .add(caption)
}

/// One hatch pattern per pattern color: stripes of the hue on a light tint.
fn hatches(colors: &[&str]) -> Definitions {
    colors
        .iter()
        .enumerate()
        .fold(Definitions::new(), |defs, (rank, &color)| {
            defs.add(
                SvgPattern::new()
                    .set("id", format!("minus-{rank}"))
                    .set("patternUnits", "userSpaceOnUse")
                    .set("width", "8")
                    .set("height", "8")
                    .set("patternTransform", "rotate(45)")
                    .add(
                        Rectangle::new()
                            .set("width", "8")
                            .set("height", "8")
                            .set("fill", tint(color)),
                    )
                    .add(
                        Line::new()
                            .set("x1", "2")
                            .set("y1", "0")
                            .set("x2", "2")
                            .set("y2", "8")
                            .set("stroke", color)
                            .set("stroke-width", "2.5"),
                    ),
            )
        })
}

/// `color` mixed three parts white to one part color.
fn tint(color: &str) -> String {
    let channel = |i: usize| u8::from_str_radix(&color[i..i + 2], 16).unwrap_or(0);
    let mix = |c: u8| 255 - (255 - u16::from(c)) / 4;
    format!("#{:02X}{:02X}{:02X}", mix(channel(1)), mix(channel(3)), mix(channel(5)))
}

/// A centred text whose line is centred vertically on `at.y`.
fn label(content: &str, at: Point, size: f64, color: &str) -> Text {
    Text::new(content)
        .set("x", num(at.x))
        .set("y", num(at.y + 0.35 * size))
        .set("text-anchor", "middle")
        .set("font-family", FONT)
        .set("font-size", num(size))
        .set("fill", color.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tints_are_lighter_than_their_color() {
        assert_eq!(tint("#000000"), "#C0C0C0");
        assert_eq!(tint("#FFFFFF"), "#FFFFFF");
    }
}
