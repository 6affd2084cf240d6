//! Descriptive statistics for the studies: quantiles, five-number
//! summaries, empirical CDFs and head-to-head comparisons.
//!
//! Quantiles interpolate linearly between order statistics (type 7 of
//! Hyndman & Fan, the default of R and NumPy): for sorted `x[0..n]` the
//! `q`-quantile is at position `q * (n - 1)`. Sorting costs `O(n log n)`.

use serde::Serialize;

/// The `q`-quantile (`0 <= q <= 1`) of `sorted` (ascending), `None` when empty.
pub(crate) fn quantile(sorted: &[f64], q: f64) -> Option<f64> {
    let last = sorted.len().checked_sub(1)?;
    let position = q.clamp(0.0, 1.0) * last as f64;
    let below = position.floor() as usize;
    let above = (below + 1).min(last);
    let fraction = position - below as f64;
    Some(sorted[below] + fraction * (sorted[above] - sorted[below]))
}

/// Minimum, quartiles, maximum and mean of a sample.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub(crate) struct Summary {
    /// Sample size.
    pub n: usize,
    /// Smallest value.
    pub min: f64,
    /// First quartile.
    pub q1: f64,
    /// Median.
    pub median: f64,
    /// Third quartile.
    pub q3: f64,
    /// Largest value.
    pub max: f64,
    /// Mean.
    pub mean: f64,
}

impl Summary {
    /// The summary of `values` (all zero for an empty sample).
    pub fn of(values: impl IntoIterator<Item = u64>) -> Summary {
        let sorted = sorted(values);
        let at = |q| quantile(&sorted, q).unwrap_or(0.0);
        Summary {
            n: sorted.len(),
            min: at(0.0),
            q1: at(0.25),
            median: at(0.5),
            q3: at(0.75),
            max: at(1.0),
            mean: if sorted.is_empty() {
                0.0
            } else {
                sorted.iter().sum::<f64>() / sorted.len() as f64
            },
        }
    }
}

fn sorted(values: impl IntoIterator<Item = u64>) -> Vec<f64> {
    let mut sorted: Vec<f64> = values.into_iter().map(|v| v as f64).collect();
    sorted.sort_by(f64::total_cmp);
    sorted
}

/// The empirical CDF of `values`: one `(value, share of values <= value)`
/// point per distinct value, ascending.
pub(crate) fn cdf(values: impl IntoIterator<Item = u64>) -> Vec<(f64, f64)> {
    let sorted = sorted(values);
    let n = sorted.len() as f64;
    let mut points: Vec<(f64, f64)> = Vec::new();
    for (i, &v) in sorted.iter().enumerate() {
        let share = (i + 1) as f64 / n;
        match points.last_mut() {
            Some(last) if last.0 == v => last.1 = share,
            _ => points.push((v, share)),
        }
    }
    points
}

/// How often one method needs less than, as much as, or more than another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub(crate) struct HeadToHead {
    /// Pairs where the first method needs fewer.
    pub fewer: usize,
    /// Pairs with equal counts.
    pub ties: usize,
    /// Pairs where the first method needs more.
    pub more: usize,
}

impl HeadToHead {
    /// Compares `(first, second)` pairs.
    pub fn of(pairs: impl IntoIterator<Item = (u64, u64)>) -> HeadToHead {
        pairs.into_iter().fold(HeadToHead::default(), |mut h, (a, b)| {
            match a.cmp(&b) {
                std::cmp::Ordering::Less => h.fewer += 1,
                std::cmp::Ordering::Equal => h.ties += 1,
                std::cmp::Ordering::Greater => h.more += 1,
            }
            h
        })
    }

    /// Number of pairs.
    pub fn total(&self) -> usize {
        self.fewer + self.ties + self.more
    }

    fn share(&self, part: usize) -> f64 {
        if self.total() == 0 {
            0.0
        } else {
            part as f64 / self.total() as f64
        }
    }

    /// Share of pairs where the first method needs fewer.
    pub fn share_fewer(&self) -> f64 {
        self.share(self.fewer)
    }

    /// Share of ties.
    pub fn share_ties(&self) -> f64 {
        self.share(self.ties)
    }

    /// Share of pairs where the first method needs more.
    pub fn share_more(&self) -> f64 {
        self.share(self.more)
    }
}

/// The 97.5% quantile of the standard normal distribution: every 95%
/// interval of the studies is built with it.
pub(crate) const Z95: f64 = 1.959_963_984_540_054;

/// A 95% Wilson score interval for a share of `hits` in `n` trials.
pub(crate) fn wilson(hits: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    wilson_share(hits as f64 / n as f64, n as f64)
}

/// The 95% Wilson score interval of a share `p` observed on `n` trials,
/// `n` possibly fractional (an effective sample size); `n <= 0` gives
/// `[0, 1]`.
pub(crate) fn wilson_share(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = Z95;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z * z / n;
    // The interval always contains p; clamping removes rounding (a low end
    // of 3e-17 for 0 hits).
    (
        ((centre - spread) / scale).clamp(0.0, p),
        ((centre + spread) / scale).clamp(p, 1.0),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_quantile_holds() {
        use crate::study::stats::quantile;
        assert_eq!(quantile(&[1.0, 2.0, 3.0, 4.0], 0.5), Some(2.5));
        assert_eq!(quantile(&[1.0, 2.0, 3.0, 4.0], 0.25), Some(1.75));
        assert_eq!(quantile(&[], 0.5), None);
    }

    #[test]
    fn the_example_of_summary_of_holds() {
        use crate::study::stats::Summary;
        let s = Summary::of([4u64, 1, 3, 2, 10]);
        assert_eq!((s.n, s.min, s.median, s.max, s.mean), (5, 1.0, 3.0, 10.0, 4.0));
        assert_eq!((s.q1, s.q3), (2.0, 4.0));
    }

    #[test]
    fn the_example_of_head_to_head_of_holds() {
        use crate::study::stats::HeadToHead;
        let h = HeadToHead::of([(1, 2), (3, 3), (5, 4), (0, 9)]);
        assert_eq!((h.fewer, h.ties, h.more), (2, 1, 1));
        assert_eq!(h.share_fewer(), 0.5);
    }

    #[test]
    fn the_example_of_wilson_holds() {
        use crate::study::stats::wilson;
        let (low, high) = wilson(50, 100);
        assert!(low < 0.5 && 0.5 < high && high - low < 0.2);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn the_example_of_cdf_holds() {
        use crate::study::stats::cdf;
        assert_eq!(cdf([3u64, 1, 3, 2]), vec![(1.0, 0.25), (2.0, 0.5), (3.0, 1.0)]);
    }

    #[test]
    fn the_example_of_wilson_share_holds() {
        use crate::study::stats::{wilson, wilson_share};
        assert_eq!(wilson_share(0.3, 10.0), wilson(3, 10));
        let (low, high) = wilson_share(0.0, 87.0);
        assert!(low == 0.0 && high > 0.04 && high < 0.05);
    }

    use super::*;

    #[test]
    fn quantiles_of_known_data() {
        // R: quantile(c(7, 15, 36, 39, 40, 41)) = 7 20.25 37.5 39.75 41
        let data = [7.0, 15.0, 36.0, 39.0, 40.0, 41.0];
        let got: Vec<f64> = [0.0, 0.25, 0.5, 0.75, 1.0]
            .iter()
            .map(|&q| quantile(&data, q).unwrap())
            .collect();
        assert_eq!(got, vec![7.0, 20.25, 37.5, 39.75, 41.0]);
        assert_eq!(quantile(&[5.0], 0.3), Some(5.0));
    }

    #[test]
    fn summary_of_one_to_a_hundred() {
        let s = Summary::of(1..=100);
        assert_eq!((s.min, s.max, s.mean), (1.0, 100.0, 50.5));
        assert_eq!((s.q1, s.median, s.q3), (25.75, 50.5, 75.25));
        assert_eq!(Summary::of([]), Summary::default());
    }

    #[test]
    fn cdf_ends_at_one_and_rises() {
        let points = cdf([5u64, 5, 5, 1, 9, 9]);
        assert_eq!(points.last(), Some(&(9.0, 1.0)));
        assert!(points.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 < w[1].1));
        assert_eq!(points[0], (1.0, 1.0 / 6.0));
        assert!(cdf([]).is_empty());
    }

    #[test]
    fn wilson_known_value() {
        // 8 of 10: Wilson 95% interval (0.4902, 0.9433).
        let (low, high) = wilson(8, 10);
        assert!(
            (low - 0.4902).abs() < 1e-4 && (high - 0.9433).abs() < 1e-4,
            "{low} {high}"
        );
    }
}
