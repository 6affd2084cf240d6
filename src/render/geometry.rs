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
pub type Bezier = [Point; 4];

/// The point of `curve` at parameter `t` in `0..=1`.
pub fn bezier_at(curve: &Bezier, t: f64) -> Point {
    let s = 1.0 - t;
    curve[0] * (s * s * s) + curve[1] * (3.0 * s * s * t) + curve[2] * (3.0 * s * t * t) + curve[3] * (t * t * t)
}

/// Points along a spline of cubic pieces (`3n + 1` points, the notation of
/// Graphviz's `pos` and of SVG's `C`), `per_piece + 1` points per piece.
pub fn spline_points(spline: &[Point], per_piece: usize) -> impl Iterator<Item = Point> + '_ {
    spline.windows(4).step_by(3).flat_map(move |piece| {
        let piece: Bezier = [piece[0], piece[1], piece[2], piece[3]];
        (0..=per_piece).map(move |i| bezier_at(&piece, i as f64 / per_piece as f64))
    })
}

/// An axis-aligned box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
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
    pub fn with_disc(self, center: Point, radius: f64) -> Self {
        self.with(center - Point::new(radius, radius))
            .with(center + Point::new(radius, radius))
    }

    /// The smallest box holding this one and every control point of a
    /// spline (the curve lies in their convex hull, and Graphviz sizes its
    /// drawing the same way).
    pub fn with_curve(self, curve: &[Point]) -> Self {
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
pub fn text_width(text: &str, size: f64) -> f64 {
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
    fn numbers_are_short() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(1.23456), "1.23");
    }
}
