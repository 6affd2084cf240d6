//! SVG plots of the studies, drawn with plotters' SVG backend.
//!
//! Four kinds: step CDFs on a log x axis ([`cdf`]), a log-log scatter with
//! the diagonal ([`scatter`]), lines with points ([`lines`]) and grouped
//! bars over categories ([`bars`]). Each returns the SVG text; the caller
//! writes it with [`crate::output::write_atomic`]. Output is deterministic.

use plotters::prelude::*;

use crate::{Error, Result};

/// Picture size in pixels.
const SIZE: (u32, u32) = (860, 520);
/// Series colors, in order.
const PALETTE: [RGBColor; 6] = [
    RGBColor(214, 39, 40),
    RGBColor(31, 119, 180),
    RGBColor(44, 160, 44),
    RGBColor(127, 127, 127),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
];

/// A named series of `(x, y)` points.
pub type Series = (String, Vec<(f64, f64)>);

fn color(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// Draws into an SVG string, turning plotters' errors into [`Error::Plot`].
fn svg(
    title: &str,
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, plotters::coord::Shift>) -> PlotResult,
) -> Result<String> {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, SIZE).into_drawing_area();
        let drawn = root
            .fill(&WHITE)
            .map_err(|e| e.to_string())
            .and_then(|()| draw(&root))
            .and_then(|()| root.present().map_err(|e| e.to_string()));
        drawn.map_err(|message| Error::Plot {
            title: title.to_string(),
            message,
        })?;
    }
    Ok(text)
}

type PlotResult = std::result::Result<(), String>;

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// `(low, high)` of the positive values, widened to whole decades.
fn log_range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (low, high) = values
        .filter(|v| *v > 0.0)
        .fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
    if low > high {
        return (1.0, 10.0);
    }
    (
        10f64.powf(low.log10().floor()),
        10f64.powf(high.log10().ceil().max(low.log10().floor() + 1.0)),
    )
}

/// Step CDFs (`(value, share <= value)` points, see
/// [`super::stats::cdf`]) on a log x axis; the first series is drawn
/// widest.
///
/// ```
/// use scramble::study::{plot, stats};
/// let svg = plot::cdf("nodes", "nodes", &[("a".into(), stats::cdf([1u64, 10, 100]))]).unwrap();
/// assert!(svg.starts_with("<svg") && svg.contains("nodes"));
/// ```
pub fn cdf(title: &str, x_label: &str, series: &[Series]) -> Result<String> {
    let (low, high) = log_range(series.iter().flat_map(|(_, p)| p.iter().map(|q| q.0)));
    svg(title, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 20))
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(56)
            .build_cartesian_2d((low..high).log_scale(), 0f64..1f64)
            .map_err(err)?;
        chart
            .configure_mesh()
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 15))
            .x_desc(x_label)
            .y_desc("share of runs <= x")
            .x_label_formatter(&|x| format!("{x:e}"))
            .draw()
            .map_err(err)?;
        for (i, (name, points)) in series.iter().enumerate() {
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
        legend(&mut chart, SeriesLabelPosition::LowerRight)
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
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(err)
}

/// A log-log scatter of `(x, y)` points with the diagonal `y = x` drawn;
/// points below it mean `y < x`.
///
/// ```
/// let svg = scramble::study::plot::scatter("t", "x", "y", &[(1.0, 2.0), (30.0, 4.0)]).unwrap();
/// assert_eq!(svg.matches("<circle").count(), 2);
/// ```
pub fn scatter(title: &str, x_label: &str, y_label: &str, points: &[(f64, f64)]) -> Result<String> {
    let (low, high) = log_range(points.iter().flat_map(|&(x, y)| [x, y]));
    svg(title, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 20))
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .build_cartesian_2d((low..high).log_scale(), (low..high).log_scale())
            .map_err(err)?;
        chart
            .configure_mesh()
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 15))
            .x_desc(x_label)
            .y_desc(y_label)
            .x_label_formatter(&|x| format!("{x:e}"))
            .y_label_formatter(&|y| format!("{y:e}"))
            .draw()
            .map_err(err)?;
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
        legend(&mut chart, SeriesLabelPosition::UpperLeft)
    })
}

/// Lines with a dot at every point, y from `y_range`.
///
/// ```
/// let series = vec![("n = 3".to_string(), vec![(3.0, 0.1), (4.0, 0.5)])];
/// let svg = scramble::study::plot::lines("t", "K", "share", 0.0..1.0, &series).unwrap();
/// assert!(svg.contains("n = 3"));
/// ```
pub fn lines(
    title: &str,
    x_label: &str,
    y_label: &str,
    y_range: std::ops::Range<f64>,
    series: &[Series],
) -> Result<String> {
    let xs = series.iter().flat_map(|(_, p)| p.iter().map(|q| q.0));
    let (low, high) = xs.fold((f64::MAX, f64::MIN), |(l, h), x| (l.min(x), h.max(x)));
    let (low, high) = if low > high {
        (0.0, 1.0)
    } else {
        (low - 0.5, high + 0.5)
    };
    svg(title, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 20))
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(56)
            .build_cartesian_2d(low..high, y_range)
            .map_err(err)?;
        chart
            .configure_mesh()
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 15))
            .x_desc(x_label)
            .y_desc(y_label)
            .x_label_formatter(&integer_label)
            .draw()
            .map_err(err)?;
        for (i, (name, points)) in series.iter().enumerate() {
            let c = color(i);
            chart
                .draw_series(LineSeries::new(points.iter().copied(), c.stroke_width(2)))
                .map_err(err)?
                .label(name.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], c.stroke_width(2)));
            chart
                .draw_series(points.iter().map(|&p| Circle::new(p, 4, c.filled())))
                .map_err(err)?;
        }
        legend(&mut chart, SeriesLabelPosition::LowerRight)
    })
}

/// Whole numbers as themselves, other tick positions left blank.
fn integer_label(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round())
    } else {
        String::new()
    }
}

/// Grouped bars: one group per category, one bar per series (`values[i]`
/// for category `i`).
///
/// ```
/// let series = vec![("K = 3".to_string(), vec![5.0, 2.0]), ("K = 4".to_string(), vec![1.0, 7.0])];
/// let svg = scramble::study::plot::bars("t", "solutions", "puzzles", &["1".into(), "2".into()], &series).unwrap();
/// assert!(svg.matches("<rect").count() >= 4);
/// ```
pub fn bars(
    title: &str,
    x_label: &str,
    y_label: &str,
    categories: &[String],
    series: &[(String, Vec<f64>)],
) -> Result<String> {
    // Headroom above the highest bar for the legend.
    let top = series.iter().flat_map(|(_, v)| v.iter().copied()).fold(0.0, f64::max) * 1.45;
    let top = if top > 0.0 { top } else { 1.0 };
    let width = 0.8 / series.len().max(1) as f64;
    svg(title, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 20))
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .build_cartesian_2d(-0.5f64..categories.len() as f64 - 0.5, 0f64..top)
            .map_err(err)?;
        chart
            .configure_mesh()
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 15))
            .disable_x_mesh()
            .x_labels(categories.len() * 2 + 1)
            .x_label_formatter(&|x| category(categories, *x))
            .x_desc(x_label)
            .y_desc(y_label)
            .draw()
            .map_err(err)?;
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
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)
    })
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
    use super::*;

    #[test]
    fn log_ranges_are_whole_decades() {
        assert_eq!(log_range([3.0, 420.0].into_iter()), (1.0, 1000.0));
        assert_eq!(log_range([10.0].into_iter()), (10.0, 100.0));
        assert_eq!(log_range([0.0].into_iter()), (1.0, 10.0));
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
