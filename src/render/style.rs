//! How things look: piece colors and line styles, pattern colors, and the
//! strokes a [`Selection`] gives each edge.

use super::Selection;
use super::layout::{EdgeCurve, Layout};

/// One color per piece, cycled: eight dark tones from Paul Tol's muted,
/// vibrant and medium-contrast schemes, each at least 3:1 against white (the
/// contrast WCAG asks of graphics), chosen so that every pair stays at least
/// 16 CIELAB units apart for normal, deuteranope and protanope vision
/// (Machado et al. 2009 simulation); neighbours in piece order differ most.
pub(crate) const PIECE_COLORS: [&str; 8] = [
    "#332288", "#997700", "#009988", "#EE3377", "#117733", "#6699CC", "#882255", "#AA4499",
];

/// How much wider than its edge the white halo under it is (a point each side).
pub(crate) const HALO: f64 = 2.0;

/// Okabe and Ito's palette, safe for color-blind readers: one per pattern.
pub(crate) const PATTERN_COLORS: [&str; 8] = [
    "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000",
];

/// Color of everything drawn faded (the rest of the graph when some edges
/// are highlighted).
pub(crate) const FADED: &str = "#D4D4D4";

/// A line pattern: the second channel, after color; past eight pieces the
/// palette repeats dashed. There is no dotted style: thin dots vanish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Dash {
    /// A continuous line.
    Solid,
    /// Long dashes.
    Dashed,
}

impl Dash {
    /// The Graphviz `style` value.
    #[cfg(feature = "render")]
    pub(crate) fn dot_style(self) -> &'static str {
        match self {
            Dash::Solid => "solid",
            Dash::Dashed => "dashed",
        }
    }

    /// The SVG `stroke-dasharray` Graphviz writes for this style.
    pub fn dasharray(self) -> Option<&'static str> {
        match self {
            Dash::Solid => None,
            Dash::Dashed => Some("5,2"),
        }
    }
}

/// How one edge or legend sample is stroked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// `#RRGGBB`.
    pub color: &'static str,
    /// Line width in points.
    pub width: f64,
    /// Line pattern.
    pub dash: Dash,
}

/// The color of a piece: the palette cycled by piece index.
pub(crate) fn piece_color(piece: usize) -> &'static str {
    PIECE_COLORS[piece % PIECE_COLORS.len()]
}

/// The line pattern of a piece: solid for the first eight, dashed for the
/// next eight, and so on, so that 16 pieces in a row never share both.
/// Past 16 pieces colors name no piece on their own: `graph --per-piece`
/// and `--highlight` do.
pub(crate) fn piece_dash(piece: usize) -> Dash {
    if (piece / PIECE_COLORS.len()).is_multiple_of(2) {
        Dash::Solid
    } else {
        Dash::Dashed
    }
}

/// The white halo drawn under an edge drawn with `stroke`, so that crossing
/// edges stay apart.
pub fn halo(stroke: Stroke) -> Stroke {
    Stroke {
        color: "#FFFFFF",
        width: stroke.width + HALO,
        dash: Dash::Solid,
    }
}

/// Color names in English and German (lower case, `ß` and umlauts as
/// typed or spelled out) and the color each is drawn in: clear, saturated
/// tones, so that a pattern named `red` is red.
const NAMED_COLORS: [(&[&str], &str); 11] = [
    (&["red", "rot"], "#D7191C"),
    (&["blue", "blau"], "#2166AC"),
    (&["green", "grün", "gruen"], "#1A9850"),
    (&["yellow", "gelb"], "#F5D000"),
    (&["orange"], "#F28E1C"),
    (&["purple", "violet", "lila", "violett"], "#7B3294"),
    (&["pink", "rosa"], "#F781BF"),
    (&["brown", "braun"], "#8C510A"),
    (&["black", "schwarz"], "#000000"),
    (&["white", "weiß", "weiss"], "#FFFFFF"),
    (&["grey", "gray", "grau"], "#999999"),
];

/// The hue of each color of [`PATTERN_COLORS`], as the first name of its
/// entry in [`NAMED_COLORS`]: a palette color is left out when a pattern is
/// named for its hue, so that no two patterns look alike.
const PATTERN_HUES: [&str; 8] = ["orange", "blue", "green", "yellow", "blue", "red", "pink", "black"];

/// The entry of [`NAMED_COLORS`] a name is, if any.
fn color_entry(name: &str) -> Option<&'static (&'static [&'static str], &'static str)> {
    let name = name.trim().to_lowercase();
    NAMED_COLORS.iter().find(|(names, _)| names.contains(&name.as_str()))
}

/// The color a pattern's name asks for, if it is a color name.
#[cfg(test)]
fn named_color(name: &str) -> Option<&'static str> {
    color_entry(name).map(|&(_, color)| color)
}

/// The color of every pattern of `puzzle`, in increasing order: a color
/// name is drawn in that color, every other pattern takes the next color
/// of Okabe and Ito's palette (safe for color-blind readers)
/// that no pattern uses yet, so that patterns stay apart.
pub(crate) fn pattern_colors(puzzle: &crate::Puzzle) -> Vec<&'static str> {
    let entries: Vec<_> = puzzle
        .patterns()
        .into_iter()
        .map(|p| color_entry(&puzzle.pattern_label(p)))
        .collect();
    let hues: Vec<&str> = entries.iter().flatten().map(|(names, _)| names[0]).collect();
    let unnamed: Vec<&'static str> = PATTERN_COLORS
        .iter()
        .zip(PATTERN_HUES)
        .filter(|(_, hue)| !hues.contains(hue))
        .map(|(&c, _)| c)
        .collect();
    let mut free = if unnamed.is_empty() {
        PATTERN_COLORS.to_vec()
    } else {
        unnamed
    }
    .into_iter()
    .cycle();
    entries
        .iter()
        .map(|e| e.map_or_else(|| free.next().expect("a cycled palette"), |&(_, color)| color))
        .collect()
}

fn piece_stroke(piece: usize, width: f64) -> Stroke {
    Stroke {
        color: piece_color(piece),
        width,
        dash: piece_dash(piece),
    }
}

fn faded(piece: usize) -> Stroke {
    Stroke {
        color: FADED,
        width: 1.2,
        dash: piece_dash(piece),
    }
}

/// The edges to draw, in drawing order (faded ones first, so the chosen
/// edges lie on top), with their strokes.
pub(crate) fn drawn_edges<'l>(layout: &'l Layout, selection: &Selection<'_>) -> Vec<(&'l EdgeCurve, Stroke)> {
    let edges = layout.edges.iter();
    match *selection {
        Selection::Full => edges.map(|e| (e, piece_stroke(e.corner.piece, 2.0))).collect(),
        Selection::Alone(chosen) => edges
            .filter(|e| chosen.contains(&e.edge))
            .map(|e| (e, piece_stroke(e.corner.piece, 3.0)))
            .collect(),
        Selection::Highlighted(chosen) => {
            let (bold, rest): (Vec<_>, Vec<_>) = edges.partition(|e| chosen.contains(&e.edge));
            let rest = rest.into_iter().map(|e| (e, faded(e.corner.piece)));
            rest.chain(bold.into_iter().map(|e| (e, piece_stroke(e.corner.piece, 3.5))))
                .collect()
        }
    }
}

/// The stroke of a piece's legend sample: its own when some of its edges are
/// drawn in color, faded otherwise.
pub(crate) fn legend_stroke(layout: &Layout, selection: &Selection<'_>, piece: usize) -> Stroke {
    let colored = match *selection {
        Selection::Full => true,
        Selection::Alone(chosen) | Selection::Highlighted(chosen) => layout
            .edges
            .iter()
            .any(|e| e.corner.piece == piece && chosen.contains(&e.edge)),
    };
    if colored {
        piece_stroke(piece, 3.0)
    } else {
        faded(piece)
    }
}

/// Black or white, whichever reads better on `background` (`#RRGGBB`).
pub(crate) fn text_color_on(background: &str) -> &'static str {
    if luminance(background) > 0.18 {
        "#000000"
    } else {
        "#FFFFFF"
    }
}

/// The relative luminance (WCAG) of `#RRGGBB`.
fn luminance(color: &str) -> f64 {
    let channel = |i: usize| {
        let c = f64::from(u8::from_str_radix(&color[i..i + 2], 16).unwrap_or(255)) / 255.0;
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/// `#1 corner 0: 3+ -> 1+`.
pub(crate) fn edge_tooltip(layout: &Layout, e: &EdgeCurve) -> String {
    let (tail, head) = (&layout.vertex(e.tail).label, &layout.vertex(e.head).label);
    format!(
        "piece {} corner {}: {tail} -> {head}",
        e.corner.piece + 1,
        e.corner.corner
    )
}

/// The WCAG contrast ratio of `#RRGGBB` against white (1 to 21).
#[cfg(test)]
fn contrast_on_white(color: &str) -> f64 {
    1.05 / (luminance(color) + 0.05)
}

#[cfg(test)]
mod tests {

    #[test]
    fn patterns_named_for_colors_are_drawn_in_them_and_the_rest_stay_apart() {
        let puzzle: crate::Puzzle =
            "Rot+ blue+ star- moon-\nRot- blue- star+ moon+\nRot+ blue+ star- moon-\nRot- blue- star+ moon+"
                .parse()
                .unwrap();
        let colors = pattern_colors(&puzzle);
        let label = |i: usize| puzzle.pattern_label(puzzle.patterns()[i]);
        let of = |name: &str| colors[(0..4).find(|&i| label(i) == name).unwrap()];
        assert_eq!(of("Rot"), "#D7191C");
        assert_eq!(of("blue"), "#2166AC");
        for name in ["star", "moon"] {
            let hue = PATTERN_HUES[PATTERN_COLORS.iter().position(|&c| c == of(name)).unwrap()];
            assert!(!["red", "blue"].contains(&hue), "{name}: {hue}");
        }
        assert_ne!(of("star"), of("moon"));
        for (names, color) in NAMED_COLORS {
            for name in names {
                assert_eq!(named_color(&name.to_uppercase()), Some(color), "{name}");
            }
        }
        assert_eq!(named_color("star"), None);
    }
    use super::*;

    #[test]
    fn pieces_past_the_palette_change_line_style() {
        assert_eq!(piece_color(0), piece_color(8));
        assert_ne!(piece_dash(0), piece_dash(8));
        assert_eq!(piece_dash(16), Dash::Solid);
        let styles: std::collections::BTreeSet<_> = (0..16).map(|p| (piece_color(p), piece_dash(p))).collect();
        assert_eq!(styles.len(), 16);
    }

    #[test]
    fn piece_colors_are_dark_enough_for_white_paper() {
        for color in PIECE_COLORS {
            let contrast = contrast_on_white(color);
            assert!(contrast >= 3.0, "{color}: {contrast:.2}:1");
        }
        assert!(contrast_on_white(FADED) < 1.5, "faded edges stay in the background");
        assert!((contrast_on_white("#000000") - 21.0).abs() < 1e-9);
    }

    #[test]
    fn text_stays_readable() {
        assert_eq!(text_color_on("#000000"), "#FFFFFF");
        assert_eq!(text_color_on("#0072B2"), "#FFFFFF");
        assert_eq!(text_color_on("#F0E442"), "#000000");
        assert_eq!(text_color_on("#E69F00"), "#000000");
    }
}
