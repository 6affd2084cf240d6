//! SVG plots of the studies, drawn with plotters' SVG backend.
//!
//! Four kinds: step CDFs on a log x axis (`cdf`), a log-log scatter with
//! the diagonal (`scatter`), lines with points ([`lines`], one color per
//! series or per pair of series, see [`LineColors`]), and grouped bars
//! over categories (`bars`). All share one frame (`chart`): a title
//! wrapped to the picture's width, readable axis labels (log axes read
//! `1, 10, 100, 1,000`), axis descriptions. Each returns the SVG text: the
//! studies put theirs among their reports' files, and [`lines`] draws
//! other figures in the same style. Output is deterministic.

use plotters::coord::ranged1d::{AsRangedCoord, Ranged, ValueFormatter};
use plotters::prelude::*;

use crate::render::layout::wrap_title;
use crate::{Error, Result};

/// Picture size in pixels.
const SIZE: (u32, u32) = (860, 520);
/// Font size of the title, and the distance between its lines.
const TITLE_FONT: u32 = 18;
const TITLE_LINE: u32 = 24;
/// Series colors, in order: Okabe and Ito's palette, safe for color-blind
/// readers, darkest tones first.
const PALETTE: [RGBColor; 7] = [
    RGBColor(213, 94, 0),
    RGBColor(0, 114, 178),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(0, 0, 0),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
];
/// Two CDFs whose largest vertical gap is below this are said to overlap.
pub(crate) const OVERLAP: f64 = 0.02;
/// Bars get their value written on them when there are at most this many.
const LABELLED_BARS: usize = 16;

/// A named series of `(x, y)` points.
pub(crate) type Series = (String, Vec<(f64, f64)>);

/// A drawn plot: the file name it is written under and its SVG text. The
/// studies draw every plot first; the command line writes them as one set.
pub(crate) type Plot = (String, String);

fn color(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

type PlotResult = std::result::Result<(), String>;
type Chart<'a, X, Y> = ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, Y>>;
type Formatter<'f> = &'f dyn Fn(&f64) -> String;

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// What the frame of every plot shows: title, axis descriptions and how the
/// axes label their ticks.
pub(crate) struct Axes<'f> {
    /// The title, wrapped to the picture's width.
    pub title: &'f str,
    /// The x axis's description.
    pub x_desc: &'f str,
    /// The y axis's description.
    pub y_desc: &'f str,
    /// Tick labels of the x axis.
    pub x_format: Formatter<'f>,
    /// Tick labels of the y axis.
    pub y_format: Formatter<'f>,
    /// How many x ticks to aim for (plotters' default when `None`).
    pub x_ticks: Option<usize>,
}

impl<'f> Axes<'f> {
    /// A frame with plain number labels on both axes.
    pub fn new(title: &'f str, x_desc: &'f str, y_desc: &'f str) -> Self {
        Axes {
            title,
            x_desc,
            y_desc,
            x_format: &number_label,
            y_format: &number_label,
            x_ticks: None,
        }
    }
}

/// The one chart builder: a white picture with the wrapped title, axes over
/// `x` and `y` with the frame's labels, and whatever `draw` adds. Plotters'
/// errors become [`Error::Plot`].
pub(crate) fn chart<X, Y>(
    frame: &Axes<'_>,
    x: X,
    y: Y,
    draw: impl FnOnce(&mut Chart<'_, X::CoordDescType, Y::CoordDescType>) -> PlotResult,
) -> Result<String>
where
    X: AsRangedCoord<Value = f64>,
    Y: AsRangedCoord<Value = f64>,
    X::CoordDescType: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y::CoordDescType: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let lines = wrap_title(frame.title, f64::from(SIZE.0) - 40.0);
    let band = 10 + TITLE_LINE * lines.len() as u32;
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, SIZE).into_drawing_area();
        let drawn =
            (|| -> PlotResult {
                root.fill(&WHITE).map_err(err)?;
                let (top, body) = root.split_vertically(band);
                for (i, line) in lines.iter().enumerate() {
                    let style = ("sans-serif", TITLE_FONT).into_font().color(&BLACK).pos(
                        plotters::style::text_anchor::Pos::new(
                            plotters::style::text_anchor::HPos::Center,
                            plotters::style::text_anchor::VPos::Center,
                        ),
                    );
                    let y = 10 + TITLE_LINE * i as u32 + TITLE_LINE / 2;
                    top.draw_text(line, &style, (SIZE.0 as i32 / 2, y as i32))
                        .map_err(err)?;
                }
                let mut chart = ChartBuilder::on(&body)
                    .margin(16)
                    .margin_top(4)
                    .x_label_area_size(48)
                    .y_label_area_size(64)
                    .build_cartesian_2d(x, y)
                    .map_err(err)?;
                let mut mesh = chart.configure_mesh();
                mesh.label_style(("sans-serif", 14))
                    .axis_desc_style(("sans-serif", 15))
                    .x_desc(frame.x_desc)
                    .y_desc(frame.y_desc)
                    .x_label_formatter(frame.x_format)
                    .y_label_formatter(frame.y_format)
                    .light_line_style(WHITE.mix(0.0));
                if let Some(ticks) = frame.x_ticks {
                    mesh.x_labels(ticks).disable_x_mesh();
                }
                mesh.draw().map_err(err)?;
                draw(&mut chart)?;
                root.present().map_err(err)
            })();
        drawn.map_err(|message| Error::Plot {
            title: frame.title.to_string(),
            message,
        })?;
    }
    Ok(text)
}

/// A number as people write it: whole numbers with thousands separators
/// (`1,000`), others with up to two decimals (`0.25`).
fn number_label(x: &f64) -> String {
    let rounded = x.round();
    if (x - rounded).abs() < 1e-9 {
        let digits = format!("{}", rounded.abs() as u64);
        let grouped: Vec<String> = digits
            .as_bytes()
            .rchunks(3)
            .rev()
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect();
        let sign = if rounded < 0.0 { "-" } else { "" };
        format!("{sign}{}", grouped.join(","))
    } else {
        let text = format!("{x:.2}");
        text.trim_end_matches('0').to_string()
    }
}

/// Tick labels of a log axis: only at 1, 2 and 5 times a power of ten,
/// written as [`number_label`] does; blank elsewhere.
fn log_label(x: &f64) -> String {
    let decade = 10f64.powf(x.log10().floor());
    let lead = x / decade;
    if [1.0, 2.0, 5.0].iter().any(|l| (lead - l).abs() < 1e-6) {
        number_label(&(lead.round() * decade))
    } else {
        String::new()
    }
}

/// Whole numbers as themselves, other tick positions left blank.
fn integer_label(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        number_label(&x.round())
    } else {
        String::new()
    }
}

/// `(low, high)` of the positive values: from just below the smallest (so a
/// log axis starts at the data) to the next whole decade above the largest.
fn log_range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (low, high) = values
        .filter(|v| *v > 0.0)
        .fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
    if low > high {
        return (1.0, 10.0);
    }
    let top = 10f64.powf(high.log10().ceil());
    (low * 0.9, if top > low { top } else { low * 10.0 })
}

/// The share `<= x` of a step CDF given as `(value, share <= value)` points.
fn cdf_at(points: &[(f64, f64)], x: f64) -> f64 {
    let after = points.partition_point(|p| p.0 <= x);
    if after == 0 { 0.0 } else { points[after - 1].1 }
}

/// The largest vertical gap between two step CDFs (the Kolmogorov-Smirnov
/// distance of their samples). `O((n + m) log(n + m))`.
pub(crate) fn cdf_gap(a: &[(f64, f64)], b: &[(f64, f64)]) -> f64 {
    a.iter()
        .chain(b)
        .map(|&(x, _)| (cdf_at(a, x) - cdf_at(b, x)).abs())
        .fold(0.0, f64::max)
}

/// The legend names of CDF series, each later series that overlaps an
/// earlier one (gap below [`OVERLAP`]) noting which and how closely.
fn cdf_names(series: &[Series]) -> Vec<String> {
    series
        .iter()
        .enumerate()
        .map(|(i, (name, points))| {
            let twin = series[..i].iter().find(|(_, other)| cdf_gap(points, other) < OVERLAP);
            match twin {
                Some((other, other_points)) => format!(
                    "{name} (hidden under {other}: within {:.1} points everywhere)",
                    100.0 * cdf_gap(points, other_points)
                ),
                None => name.clone(),
            }
        })
        .collect()
}

/// Step CDFs (`(value, share <= value)` points, see
/// [`super::stats::cdf`]) on a log x axis that starts at the data; the first
/// series is drawn widest, and a series that overlaps an earlier one says
/// so in the legend.
#[cfg(test)]
pub(crate) fn cdf(title: &str, x_label: &str, series: &[Series]) -> Result<String> {
    cdf_with(title, x_label, "share of runs with at most x nodes", series)
}

/// [`cdf`] with the y axis described as `y_label`.
pub(crate) fn cdf_with(title: &str, x_label: &str, y_label: &str, series: &[Series]) -> Result<String> {
    let (low, high) = log_range(series.iter().flat_map(|(_, p)| p.iter().map(|q| q.0)));
    let names = cdf_names(series);
    let mut frame = Axes::new(title, x_label, y_label);
    frame.x_format = &log_label;
    chart(&frame, (low..high).log_scale(), 0f64..1f64, |chart| {
        for (i, ((_, points), name)) in series.iter().zip(&names).enumerate() {
            let steps = points.iter().scan(0.0, |previous, &(x, y)| {
                let step = [(x.max(low), *previous), (x.max(low), y)];
                *previous = y;
                Some(step)
            });
            // Earlier series are drawn wider, so one hidden under a later one still shows.
            let (c, width) = (color(i), 2 + (series.len() - 1 - i) as u32);
            chart
                .draw_series(LineSeries::new(steps.flatten(), c.stroke_width(width)))
                .map_err(err)?
                .label(name.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], c.stroke_width(width)));
        }
        legend(chart, SeriesLabelPosition::LowerRight)
    })
}

fn legend<'a, DB: DrawingBackend + 'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
) -> PlotResult {
    chart
        .configure_series_labels()
        .label_font(("sans-serif", 14))
        .position(position)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()
        .map_err(err)
}

/// A log-log scatter of `(x, y)` points with the diagonal `y = x` drawn;
/// points below it mean `y < x`.
pub(crate) fn scatter(title: &str, x_label: &str, y_label: &str, points: &[(f64, f64)]) -> Result<String> {
    let (low, high) = log_range(points.iter().flat_map(|&(x, y)| [x, y]));
    let mut frame = Axes::new(title, x_label, y_label);
    frame.x_format = &log_label;
    frame.y_format = &log_label;
    chart(&frame, (low..high).log_scale(), (low..high).log_scale(), |chart| {
        chart
            .draw_series(LineSeries::new([(low, low), (high, high)], BLACK.stroke_width(1)))
            .map_err(err)?
            .label("y = x")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLACK));
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&(x, y)| Circle::new((x.max(low), y.max(low)), 2, color(1).mix(0.35).filled())),
            )
            .map_err(err)?;
        legend(chart, SeriesLabelPosition::UpperLeft)
    })
}

/// How [`lines`] colors its series.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineColors {
    /// One color per series, every line solid.
    PerSeries,
    /// Series come in pairs (two measures of one group): both of a pair in
    /// the pair's color, the first solid, the second dashed.
    Paired,
}

impl LineColors {
    /// The color of series `i`, and whether it is dashed.
    fn style(self, i: usize) -> (RGBColor, bool) {
        match self {
            LineColors::PerSeries => (color(i), false),
            LineColors::Paired => (color(i / 2), i % 2 == 1),
        }
    }
}

/// Lines with a dot at every point, y from `y_range`, x labelled at whole
/// numbers, colored as `colors` says.
///
/// ```
/// use scramble::study::plot::{lines, LineColors};
/// let series = vec![("n = 3".to_string(), vec![(3.0, 0.1), (4.0, 0.5)])];
/// let svg = lines("t", "K", "share", 0.0..1.0, &series, LineColors::PerSeries).unwrap();
/// assert!(svg.contains("n = 3"));
/// let pairs = vec![
///     ("3x3 first".to_string(), vec![(3.0, 0.1), (4.0, 0.5)]),
///     ("3x3 all".to_string(), vec![(3.0, 0.2), (4.0, 0.6)]),
/// ];
/// let svg = lines("t", "K", "share", 0.0..1.0, &pairs, LineColors::Paired).unwrap();
/// // Both of the pair share the first color; the dashed one is drawn as
/// // many short strokes.
/// let strokes = svg.matches("<polyline fill=\"none\" opacity=\"1\" stroke=\"#D55E00\"").count();
/// assert!(strokes > 10);
/// ```
pub fn lines(
    title: &str,
    x_label: &str,
    y_label: &str,
    y_range: std::ops::Range<f64>,
    series: &[(String, Vec<(f64, f64)>)],
    colors: LineColors,
) -> Result<String> {
    let xs = series.iter().flat_map(|(_, p)| p.iter().map(|q| q.0));
    let (low, high) = xs.fold((f64::MAX, f64::MIN), |(l, h), x| (l.min(x), h.max(x)));
    let (low, high) = if low > high {
        (0.0, 1.0)
    } else {
        (low - 0.5, high + 0.5)
    };
    let mut frame = Axes::new(title, x_label, y_label);
    frame.x_format = &integer_label;
    chart(&frame, low..high, y_range.clone(), |chart| {
        for (i, (name, points)) in series.iter().enumerate() {
            let (c, dashed) = colors.style(i);
            let line = c.stroke_width(2);
            let drawn = if dashed {
                chart.draw_series(DashedLineSeries::new(points.iter().copied(), 8, 5, line))
            } else {
                chart.draw_series(LineSeries::new(points.iter().copied(), line))
            };
            drawn.map_err(err)?.label(name.as_str()).legend(move |(x, y)| {
                let to = if dashed { x + 8 } else { x + 20 };
                PathElement::new(vec![(x, y), (to, y)], line)
            });
            chart
                .draw_series(points.iter().map(|&p| Circle::new(p, 4, c.filled())))
                .map_err(err)?;
        }
        let (bottom, top) = (y_range.start, y_range.end);
        let marks: Vec<Mark> = series
            .iter()
            .flat_map(|(_, points)| points.iter())
            .map(|&(x, y)| {
                let y = (y - bottom) / (top - bottom);
                ((x - low) / (high - low), y, y)
            })
            .collect();
        let (entries, longest) = legend_size(series);
        use SeriesLabelPosition::*;
        let place = legend_spot(
            &marks,
            entries,
            longest,
            [LowerRight, MiddleRight, UpperRight, UpperLeft, LowerLeft],
        );
        legend(chart, place)
    })
}

/// Grouped bars: one group per category, one bar per series (`values[i]`
/// for category `i`). When every value lies in `0..=1` they are shares and
/// the y axis stops at 1. With at most 16 bars each carries its value, so a
/// chart where most bars are zero still shows every one of them.
pub(crate) fn bars(
    title: &str,
    x_label: &str,
    y_label: &str,
    categories: &[String],
    series: &[(String, Vec<f64>)],
) -> Result<String> {
    let values = || series.iter().flat_map(|(_, v)| v.iter().copied());
    let highest = values().fold(0.0, f64::max);
    let shares = values().all(|v| (0.0..=1.0).contains(&v));
    // Headroom above the highest bar for the legend.
    let top = match highest * 1.45 {
        top if top <= 0.0 => 1.0,
        top if shares => top.min(1.0),
        top => top,
    };
    let labelled = values().count() <= LABELLED_BARS;
    let width = 0.8 / series.len().max(1) as f64;
    let x_format = |x: &f64| category(categories, *x);
    let mut frame = Axes::new(title, x_label, y_label);
    frame.x_format = &x_format;
    frame.x_ticks = Some(categories.len() * 2 + 1);
    chart(&frame, -0.5f64..categories.len() as f64 - 0.5, 0f64..top, |chart| {
        for (s, (name, values)) in series.iter().enumerate() {
            let c = color(s);
            let left = |i: usize| i as f64 - 0.4 + s as f64 * width;
            chart
                .draw_series(
                    values
                        .iter()
                        .enumerate()
                        .map(|(i, &v)| Rectangle::new([(left(i), 0.0), (left(i) + width, v)], c.filled())),
                )
                .map_err(err)?
                .label(name.as_str())
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], c.filled()));
            if labelled {
                let text = |i: usize, v: f64| {
                    let label = if shares {
                        format!("{:.0}%", 100.0 * v)
                    } else {
                        number_label(&v)
                    };
                    Text::new(label, (left(i) + width / 2.0, v), value_style())
                };
                chart
                    .draw_series(values.iter().enumerate().map(|(i, &v)| text(i, v)))
                    .map_err(err)?;
            }
        }
        let marks: Vec<Mark> = series
            .iter()
            .enumerate()
            .flat_map(|(s, (_, values))| {
                values.iter().enumerate().map(move |(i, &v)| {
                    let centre = i as f64 - 0.4 + (s as f64 + 0.5) * width;
                    ((centre + 0.5) / categories.len().max(1) as f64, 0.0, v / top)
                })
            })
            .collect();
        let (entries, longest) = legend_size(series);
        use SeriesLabelPosition::*;
        let place = legend_spot(&marks, entries, longest, [UpperRight, UpperLeft, UpperMiddle]);
        legend(chart, place)
    })
}

/// A mark a legend should not hide, in fractions of the plot area: at `x`,
/// from height `low` up to `high` (a point has `low == high`, a bar `low = 0`).
type Mark = (f64, f64, f64);

/// Of `candidates`, the legend position that covers the fewest marks (the
/// first on ties), for a legend of `entries` lines whose longest name has
/// `longest` characters.
fn legend_spot(
    marks: &[Mark],
    entries: usize,
    longest: usize,
    candidates: impl IntoIterator<Item = SeriesLabelPosition>,
) -> SeriesLabelPosition {
    use SeriesLabelPosition::*;
    // The plot area in pixels, and the legend's estimated size: 7 px a character plus 40 px of sample and
    // margins wide, 20 px a line plus 10 px high.
    let (width, height) = (f64::from(SIZE.0) - 96.0, f64::from(SIZE.1) - 140.0);
    let w = ((40.0 + 7.0 * longest as f64) / width).min(1.0);
    let h = ((10.0 + 20.0 * entries as f64) / height).min(1.0);
    let span = |from: f64, size: f64, place: u8| match place {
        0 => (from, from + size),
        1 => (0.5 - size / 2.0, 0.5 + size / 2.0),
        _ => (1.0 - size, 1.0),
    };
    let covered = |position: &SeriesLabelPosition| {
        let (column, row) = match position {
            UpperLeft => (0, 2),
            UpperMiddle => (1, 2),
            UpperRight => (2, 2),
            MiddleLeft => (0, 1),
            MiddleRight => (2, 1),
            LowerLeft => (0, 0),
            LowerMiddle => (1, 0),
            _ => (2, 0),
        };
        let ((left, right), (bottom, top)) = (span(0.0, w, column), span(0.0, h, row));
        marks
            .iter()
            .filter(|&&(x, low, high)| (left..=right).contains(&x) && low <= top && high >= bottom)
            .count()
    };
    candidates.into_iter().min_by_key(covered).unwrap_or(UpperRight)
}

/// The legend's entries and the length of its longest name.
fn legend_size<T>(series: &[(String, T)]) -> (usize, usize) {
    let longest = series.iter().map(|(name, _)| name.chars().count()).max().unwrap_or(0);
    (series.len(), longest)
}

/// Bar values: centred just above the bar.
fn value_style() -> TextStyle<'static> {
    ("sans-serif", 13)
        .into_font()
        .color(&BLACK)
        .pos(plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Center,
            plotters::style::text_anchor::VPos::Bottom,
        ))
}

/// The category at a whole-number tick, blank elsewhere.
fn category(categories: &[String], x: f64) -> String {
    let i = x.round();
    if (x - i).abs() < 1e-9 && i >= 0.0 {
        categories.get(i as usize).cloned().unwrap_or_default()
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_cdf_holds() {
        use crate::study::{plot, stats};
        let svg = plot::cdf("nodes", "nodes", &[("a".into(), stats::cdf([1u64, 10, 100]))]).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("nodes"));
    }

    #[test]
    fn the_example_of_cdf_with_holds() {
        use crate::study::{plot, stats};
        let svg = plot::cdf_with("t", "nodes", "P(nodes <= x)", &[("a".into(), stats::cdf([9u64, 90]))]).unwrap();
        assert!(svg.contains("P(nodes &lt;= x)"));
    }

    #[test]
    fn the_example_of_scatter_holds() {
        let svg = crate::study::plot::scatter("t", "x", "y", &[(1.0, 2.0), (30.0, 4.0)]).unwrap();
        assert_eq!(svg.matches("<circle").count(), 2);
    }

    #[test]
    fn the_example_of_bars_holds() {
        let series = vec![
            ("K = 3".to_string(), vec![5.0, 2.0]),
            ("K = 4".to_string(), vec![1.0, 7.0]),
        ];
        let svg = crate::study::plot::bars("t", "solutions", "puzzles", &["1".into(), "2".into()], &series).unwrap();
        assert!(svg.matches("<rect").count() >= 4);
    }

    use super::*;

    #[test]
    fn log_ranges_start_at_the_data_and_end_at_a_decade() {
        assert_eq!(log_range([9.0, 420.0].into_iter()), (8.1, 1000.0));
        assert_eq!(log_range([10.0].into_iter()), (9.0, 100.0));
        assert_eq!(log_range([0.0].into_iter()), (1.0, 10.0));
    }

    #[test]
    fn axis_labels_read_as_numbers() {
        assert_eq!(number_label(&1000.0), "1,000");
        assert_eq!(number_label(&12345678.0), "12,345,678");
        assert_eq!(number_label(&0.25), "0.25");
        assert_eq!(number_label(&0.5), "0.5");
        assert_eq!(log_label(&100.0), "100");
        assert_eq!(log_label(&5000.0), "5,000");
        assert_eq!(log_label(&30.0), "");
    }

    #[test]
    fn overlapping_cdfs_are_noted_and_distinct_ones_are_not() {
        let a = vec![(1.0, 0.5), (2.0, 1.0)];
        let close = vec![(1.0, 0.49), (2.0, 1.0)];
        let far = vec![(1.0, 0.1), (2.0, 1.0)];
        assert!((cdf_gap(&a, &close) - 0.01).abs() < 1e-12);
        assert!((cdf_gap(&a, &far) - 0.4).abs() < 1e-12);
        let series = vec![("random".to_string(), a), ("spiral".into(), close), ("row".into(), far)];
        let names = cdf_names(&series);
        assert_eq!(names[0], "random");
        assert_eq!(names[1], "spiral (hidden under random: within 1.0 points everywhere)");
        assert_eq!(names[2], "row");
    }

    #[test]
    fn share_bars_stop_at_one_and_carry_their_values() {
        let categories = vec!["(1)".to_string(), "(2)".to_string()];
        let svg = bars("t", "x", "y", &categories, &[("s".into(), vec![0.9, 0.0])]).unwrap();
        // plotters puts a text's content on a line of its own.
        let svg = svg.replace('\n', "");
        assert!(
            svg.contains(">90%<") && svg.contains(">0%<"),
            "values on the bars: {svg}"
        );
        assert!(svg.contains(">1<") && !svg.contains(">1.2<"), "the axis ends at 1");
    }

    #[test]
    fn legends_go_where_they_hide_the_fewest_marks() {
        use SeriesLabelPosition::*;
        let bars = |values: &[f64]| -> Vec<Mark> {
            let n = values.len() as f64;
            values
                .iter()
                .enumerate()
                .map(|(i, &v)| ((i as f64 + 0.5) / n, 0.0, v))
                .collect()
        };
        let spot = |marks: &[Mark]| legend_spot(marks, 6, 5, [UpperRight, UpperLeft, UpperMiddle]);
        assert!(matches!(
            spot(&bars(&[0.8, 0.1, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0])),
            UpperMiddle
        ));
        assert!(matches!(spot(&bars(&[1.0, 0.5, 0.2, 0.1, 0.0])), UpperRight));
        // A wide legend (40 characters) over five categories: only the left is free.
        let wide = legend_spot(
            &bars(&[0.0, 0.1, 1.0, 0.1, 0.9]),
            6,
            40,
            [UpperRight, UpperLeft, UpperMiddle],
        );
        assert!(matches!(wide, UpperLeft));
        // Points low on the right push a lower-right legend to the middle.
        let low_right: Vec<Mark> = (0..10).map(|i| (0.5 + 0.05 * i as f64, 0.01, 0.01)).collect();
        assert!(matches!(
            legend_spot(&low_right, 6, 40, [LowerRight, MiddleRight]),
            MiddleRight
        ));
        assert!(matches!(legend_spot(&[], 6, 40, [LowerRight, MiddleRight]), LowerRight));
    }

    #[test]
    fn long_titles_wrap_within_the_picture() {
        let title =
            "Nodes to the first solution of center-max, random, spiral and row-major orders over planted puzzles";
        let svg = lines(title, "K", "share", 0.0..1.0, &[], LineColors::PerSeries).unwrap();
        assert!(!svg.contains(title), "split over lines");
        assert!(svg.contains("Nodes to the first solution"));
    }

    #[test]
    fn plots_name_their_series_and_are_deterministic() {
        let series = vec![("center-max".to_string(), vec![(5.0, 0.5), (50.0, 1.0)])];
        let a = cdf("nodes to the first solution", "nodes", &series).unwrap();
        assert!(a.contains("center-max") && a.contains("nodes to the first solution"));
        assert_eq!(a, cdf("nodes to the first solution", "nodes", &series).unwrap());
        let categories = vec!["1".to_string(), "2-4".to_string()];
        let b = bars("h", "x", "y", &categories, &[("s".into(), vec![1.0, 2.0])]).unwrap();
        assert!(b.contains("\n2-4\n"), "category labels are drawn");
    }
}
