//! Plane geometry for the pictures: points and cubic Bezier curves.
//!
//! Coordinates are in points (1/72 inch) with the y axis pointing down, as in
//! SVG; the DOT writer flips y for Graphviz.

use std::ops::{Add, Mul, Sub};

/// A point or a vector of the plane.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Point {
    /// Rightwards.
    pub x: f64,
    /// Downwards.
    pub y: f64,
}

impl Point {
    /// The point `(x, y)`.
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }

    /// Euclidean length of the vector.
    pub fn length(self) -> f64 {
        self.x.hypot(self.y)
    }

    /// The vector scaled to length 1 (the zero vector stays zero).
    pub fn unit(self) -> Point {
        let length = self.length();
        if length == 0.0 { self } else { self * (1.0 / length) }
    }

    /// The vector turned a quarter turn (counterclockwise on screen).
    pub fn normal(self) -> Point {
        Point::new(self.y, -self.x)
    }

    /// The vector turned by `degrees` (clockwise on screen, y pointing down).
    pub fn rotated(self, degrees: f64) -> Point {
        let (sin, cos) = degrees.to_radians().sin_cos();
        Point::new(self.x * cos - self.y * sin, self.x * sin + self.y * cos)
    }
}

impl Add for Point {
    type Output = Point;
    fn add(self, other: Point) -> Point {
        Point::new(self.x + other.x, self.y + other.y)
    }
}

impl Sub for Point {
    type Output = Point;
    fn sub(self, other: Point) -> Point {
        Point::new(self.x - other.x, self.y - other.y)
    }
}

impl Mul<f64> for Point {
    type Output = Point;
    fn mul(self, factor: f64) -> Point {
        Point::new(self.x * factor, self.y * factor)
    }
}

/// A cubic Bezier curve: start, two control points, end.
pub(crate) type Bezier = [Point; 4];

/// The point of `curve` at parameter `t` in `0..=1`.
pub(crate) fn bezier_at(curve: &Bezier, t: f64) -> Point {
    let s = 1.0 - t;
    curve[0] * (s * s * s) + curve[1] * (3.0 * s * s * t) + curve[2] * (3.0 * s * t * t) + curve[3] * (t * t * t)
}

/// Points along a spline of cubic pieces (`3n + 1` points, the notation of
/// Graphviz's `pos` and of SVG's `C`), `per_piece + 1` points per piece.
pub(crate) fn spline_points(spline: &[Point], per_piece: usize) -> impl Iterator<Item = Point> + '_ {
    spline.windows(4).step_by(3).flat_map(move |piece| {
        let piece: Bezier = [piece[0], piece[1], piece[2], piece[3]];
        (0..=per_piece).map(move |i| bezier_at(&piece, i as f64 / per_piece as f64))
    })
}

/// The two halves of `curve` split at parameter `t` (de Casteljau).
pub(crate) fn split_bezier(curve: &Bezier, t: f64) -> (Bezier, Bezier) {
    let lerp = |a: Point, b: Point| a + (b - a) * t;
    let [p0, p1, p2, p3] = *curve;
    let (a, b, c) = (lerp(p0, p1), lerp(p1, p2), lerp(p2, p3));
    let (d, e) = (lerp(a, b), lerp(b, c));
    let m = lerp(d, e);
    ([p0, a, d, m], [m, e, c, p3])
}

/// A place on a spline: the index of a cubic piece and a parameter in it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SplineAt {
    /// Which cubic piece (0 for the first).
    pub piece: usize,
    /// Parameter in `0..=1` within that piece.
    pub t: f64,
}

/// Samples per cubic piece when measuring lengths along a spline.
const LENGTH_SAMPLES: usize = 64;

/// The place at arc length `s` from the start of a spline (`3n + 1`
/// points), measured on `LENGTH_SAMPLES` chords per piece; clamped to the
/// spline's ends. `O(n)` for `n` pieces.
pub(crate) fn spline_at_length(spline: &[Point], s: f64) -> SplineAt {
    let mut walked = 0.0;
    let pieces = spline.len().saturating_sub(1) / 3;
    for piece in 0..pieces {
        let bezier: Bezier = [0, 1, 2, 3].map(|i| spline[3 * piece + i]);
        let mut previous = bezier[0];
        for i in 1..=LENGTH_SAMPLES {
            let t = i as f64 / LENGTH_SAMPLES as f64;
            let point = bezier_at(&bezier, t);
            let step = (point - previous).length();
            if walked + step >= s && step > 0.0 {
                let back = (walked + step - s) / step / LENGTH_SAMPLES as f64;
                return SplineAt { piece, t: t - back };
            }
            walked += step;
            previous = point;
        }
    }
    SplineAt {
        piece: pieces.saturating_sub(1),
        t: 1.0,
    }
}

/// The length of a spline, measured as [`spline_at_length`] does.
pub(crate) fn spline_length(spline: &[Point]) -> f64 {
    spline_points(spline, LENGTH_SAMPLES)
        .collect::<Vec<_>>()
        .windows(2)
        .map(|w| (w[1] - w[0]).length())
        .sum()
}

/// The point of a spline at a place.
pub(crate) fn spline_point(spline: &[Point], at: SplineAt) -> Point {
    let bezier: Bezier = [0, 1, 2, 3].map(|i| spline[3 * at.piece + i]);
    bezier_at(&bezier, at.t)
}

/// The part of a spline before `at` (`3k + 1` points).
pub(crate) fn spline_before(spline: &[Point], at: SplineAt) -> Vec<Point> {
    let bezier: Bezier = [0, 1, 2, 3].map(|i| spline[3 * at.piece + i]);
    let (head, _) = split_bezier(&bezier, at.t);
    let mut points = spline[..3 * at.piece].to_vec();
    points.extend(head);
    points
}

/// The part of a spline after `at` (`3k + 1` points).
pub(crate) fn spline_after(spline: &[Point], at: SplineAt) -> Vec<Point> {
    let bezier: Bezier = [0, 1, 2, 3].map(|i| spline[3 * at.piece + i]);
    let (_, tail) = split_bezier(&bezier, at.t);
    let mut points = tail.to_vec();
    points.extend(&spline[3 * at.piece + 4..]);
    points
}

/// An axis-aligned box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Bounds {
    /// Top-left corner.
    pub min: Point,
    /// Bottom-right corner.
    pub max: Point,
}

impl Bounds {
    /// The box around one point.
    pub fn at(p: Point) -> Self {
        Bounds { min: p, max: p }
    }

    /// The smallest box holding this one and `p`.
    pub fn with(self, p: Point) -> Self {
        Bounds {
            min: Point::new(self.min.x.min(p.x), self.min.y.min(p.y)),
            max: Point::new(self.max.x.max(p.x), self.max.y.max(p.y)),
        }
    }

    /// The smallest box holding this one and a disc.
    pub(crate) fn with_disc(self, center: Point, radius: f64) -> Self {
        self.with(center - Point::new(radius, radius))
            .with(center + Point::new(radius, radius))
    }

    /// The smallest box holding this one and every control point of a
    /// spline (the curve lies in their convex hull, and Graphviz sizes its
    /// drawing the same way).
    pub(crate) fn with_curve(self, curve: &[Point]) -> Self {
        curve.iter().fold(self, |b, &p| b.with(p))
    }

    /// Width and height.
    pub fn size(&self) -> Point {
        self.max - self.min
    }
}

/// Estimated width of `text` in a sans-serif font of `size` points.
///
/// Generous on purpose: boxes sized from it never clip the text.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * 0.62 * size
}

/// Formats a coordinate with at most two decimals and no trailing zeros, so
/// pictures and snapshots stay short and stable.
pub fn num(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    let rounded = if rounded == 0.0 { 0.0 } else { rounded };
    format!("{rounded}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bezier_ends_at_its_end_points() {
        let c = [
            Point::new(0.0, 0.0),
            Point::new(1.0, 5.0),
            Point::new(3.0, 5.0),
            Point::new(4.0, 0.0),
        ];
        assert_eq!(bezier_at(&c, 0.0), c[0]);
        assert_eq!(bezier_at(&c, 1.0), c[3]);
        assert_eq!(bezier_at(&c, 0.5), Point::new(2.0, 3.75));
    }

    #[test]
    fn spline_points_follow_every_piece() {
        let line = |x: f64| Point::new(x, 0.0);
        let spline = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0].map(line);
        let points: Vec<Point> = spline_points(&spline, 2).collect();
        assert_eq!(points, [0.0, 1.5, 3.0, 3.0, 4.5, 6.0].map(line));
    }

    #[test]
    fn rotation_and_normal() {
        let up = Point::new(0.0, -1.0);
        let right = up.rotated(90.0);
        assert!((right.x - 1.0).abs() < 1e-12 && right.y.abs() < 1e-12);
        assert_eq!(Point::new(1.0, 0.0).normal(), Point::new(0.0, -1.0));
    }

    #[test]
    fn splitting_keeps_the_curve() {
        let c = [
            Point::new(0.0, 0.0),
            Point::new(1.0, 5.0),
            Point::new(3.0, 5.0),
            Point::new(4.0, 0.0),
        ];
        let (a, b) = split_bezier(&c, 0.25);
        assert_eq!(a[3], bezier_at(&c, 0.25));
        assert_eq!(b[0], a[3]);
        let close = |p: Point, q: Point| (p - q).length() < 1e-9;
        assert!(close(bezier_at(&a, 0.5), bezier_at(&c, 0.125)));
        assert!(close(bezier_at(&b, 0.5), bezier_at(&c, 0.625)));
    }

    #[test]
    fn places_along_a_spline_follow_its_length() {
        // Two straight pieces of length 6 each along the x axis.
        let line = |x: f64| Point::new(x, 0.0);
        let spline = [0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0].map(line);
        assert!((spline_length(&spline) - 12.0).abs() < 1e-9);
        let at = spline_at_length(&spline, 9.0);
        assert_eq!(at.piece, 1);
        assert!((spline_point(&spline, at).x - 9.0).abs() < 1e-6);
        let before = spline_before(&spline, at);
        let after = spline_after(&spline, at);
        assert_eq!((before.len(), after.len()), (7, 4));
        assert!((before[6].x - 9.0).abs() < 1e-6 && (after[0].x - 9.0).abs() < 1e-6);
        assert_eq!(spline_at_length(&spline, 99.0), SplineAt { piece: 1, t: 1.0 });
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(1.23456), "1.23");
    }
}
