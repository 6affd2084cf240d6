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

/// The color of the `rank`-th pattern (in increasing order).
pub(crate) fn pattern_color(rank: usize) -> &'static str {
    PATTERN_COLORS[rank % PATTERN_COLORS.len()]
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
