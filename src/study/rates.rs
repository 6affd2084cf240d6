//! Named estimands of open question 4.3, each with a 95% interval.
//!
//! **Population.** A *puzzle* is what the 2x2 census counts: a multiset of
//! `n*n` piece classes (rotation classes of 4-tuples of the pictures of
//! patterns `1..=K`, repetition-free ones only when so stated). The
//! *uniform* population draws such a multiset uniformly ([`PieceSets`]);
//! *uniform solvable* conditions it on having a solution. The *commercial*
//! population is the uniform one over 3x3, K = 4 restricted to puzzles with
//! every pattern on exactly 9 of the 36 sides.
//!
//! **Estimands.** `P(solvable)` and `P(unique)` of a uniformly random puzzle
//! are estimated by direct sampling with Wilson intervals
//! ([`Share::wilson`]). `P(unique | solvable)` of a uniformly random
//! solvable puzzle is estimated from planted puzzles by importance
//! weighting: a planted puzzle (as an ordered list of turned pieces) is
//! drawn with probability proportional to its solution arrangements, i.e. to
//! `solutions * ordered_forms`, where `ordered_forms` counts the ordered,
//! turned lists that show the same multiset of classes. Weights
//! `1 / (solutions * ordered_forms)` make the sample uniform over solvable
//! multisets, and the self-normalised ratio [`Share::ratio`] (delta-method
//! interval) estimates the share of unique ones. This needs every solved grid
//! of the population to be equally likely under the generator, which holds
//! for [`crate::puzzle::generate::planted`] (per-cell redraws in row-major order
//! accept every repetition-free completion with the same probability, which
//! depends on the cell's position only) and for
//! [`crate::puzzle::generate::Style::NinePerPattern`].
//!
//! The share of unique puzzles among planted puzzles (unweighted) is a
//! different estimand: it weights every puzzle by its number of solutions.

use serde::Serialize;

use super::stats::wilson;
use crate::rng::Rng;
use crate::{Piece, Puzzle, Result};

/// A point estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub(crate) struct Share {
    /// The point estimate.
    pub estimate: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

use super::stats::Z95 as Z;

impl Share {
    /// The share `hits / n` with its Wilson interval (`n = 0`: 0 in `[0, 1]`).
    pub fn wilson(hits: usize, n: usize) -> Share {
        let (low, high) = wilson(hits, n);
        Share {
            estimate: hits as f64 / n.max(1) as f64,
            low,
            high,
        }
    }

    /// The weighted share `sum w y / sum w` of `(weight, y)` samples, with
    /// the delta-method interval of a ratio estimator: variance
    /// `sum w^2 (y - R)^2 / (sum w)^2`, clamped to `[0, 1]`. When every
    /// sample agrees (`R` is 0 or 1) that variance is 0 and says nothing;
    /// the interval is then Wilson's on the Kish effective sample size
    /// (`effective_size`), which does not shrink to a point. `O(n)`.
    pub fn ratio(samples: impl IntoIterator<Item = (f64, bool)>) -> Share {
        let samples: Vec<(f64, f64)> = samples.into_iter().map(|(w, y)| (w, f64::from(u8::from(y)))).collect();
        let total: f64 = samples.iter().map(|s| s.0).sum();
        if samples.is_empty() || total <= 0.0 {
            return Share {
                estimate: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let r = samples.iter().map(|(w, y)| w * y).sum::<f64>() / total;
        if r == 0.0 || r == 1.0 {
            let (low, high) = super::stats::wilson_share(r, effective_size(samples.iter().map(|s| s.0)));
            return Share { estimate: r, low, high };
        }
        let variance = samples.iter().map(|(w, y)| (w * (y - r)).powi(2)).sum::<f64>() / (total * total);
        let spread = Z * variance.sqrt();
        Share {
            estimate: r,
            low: (r - spread).max(0.0),
            high: (r + spread).min(1.0),
        }
    }

    /// The mean of per-cluster shares (e.g. per puzzle, the share of its
    /// `R` random piece orders that a heuristic beats) with a 95% interval
    /// `mean +- z s / sqrt(N)`, `s` the sample standard deviation of the
    /// `N` cluster shares, clamped to `[0, 1]`. The orders of one puzzle
    /// are not independent; treating each puzzle as one observation (its
    /// share) is the cluster-robust interval of a mean with equal cluster
    /// sizes. With one order per puzzle it is the Wald interval. `O(N)`.
    pub fn clustered(shares: impl IntoIterator<Item = f64>) -> Share {
        let shares: Vec<f64> = shares.into_iter().collect();
        let n = shares.len() as f64;
        if shares.is_empty() {
            return Share {
                estimate: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let mean = shares.iter().sum::<f64>() / n;
        let variance = if shares.len() > 1 {
            shares.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        // Shares that all agree leave only rounding error in the variance:
        // that is no spread, and the interval is the point.
        let spread = if variance < 1e-20 {
            0.0
        } else {
            Z * (variance / n).sqrt()
        };
        Share {
            estimate: mean,
            low: (mean - spread).max(0.0),
            high: (mean + spread).min(1.0),
        }
    }

    /// Whether `value` lies in the interval.
    #[cfg(test)]
    pub fn covers(&self, value: f64) -> bool {
        self.low <= value && value <= self.high
    }

    /// Whether the interval has a width. A cluster interval over shares
    /// that all agree (one puzzle, or every puzzle at the same share) is a
    /// point: it shows no spread and says nothing about sampling error.
    pub(crate) fn has_spread(&self) -> bool {
        self.high > self.low
    }

    /// The estimate as a percentage with its interval, `decimals` digits
    /// after the point, `unit` after the interval's upper end:
    /// `62.1% (60.3-63.9)`, or `80.0% (no spread)` when the interval is a
    /// point (`Share::has_spread`). `0.0%` only for an exact zero: a
    /// positive share that rounds to zero prints `< 0.1%` (a share below
    /// one that rounds to 100, `> 99.9%`), and an interval whose ends
    /// round alike takes more decimals, as many as it needs to show a
    /// width, so a printed interval never has zero width. `O(1)`.
    pub fn percent(&self, decimals: usize, unit: &str) -> String {
        format!("{} {}", self.point(decimals), self.interval(decimals, unit))
    }

    /// The estimate alone in percent with `decimals` digits: `62.1%`,
    /// `0.0%` only for an exact zero, `< 0.1%` for a positive share that
    /// rounds to zero and `> 99.9%` for a share below one that rounds to
    /// 100. `O(1)`.
    fn point(&self, decimals: usize) -> String {
        let percent = 100.0 * self.estimate;
        let step = 10f64.powi(-(decimals as i32));
        let shown = format!("{percent:.decimals$}");
        if percent > 0.0 && shown.parse::<f64>() == Ok(0.0) {
            format!("< {step:.decimals$}%")
        } else if percent < 100.0 && shown.parse::<f64>() == Ok(100.0) {
            format!("> {:.decimals$}%", 100.0 - step)
        } else {
            format!("{shown}%")
        }
    }

    /// The interval in percent, `(60.3-63.9)` followed by `unit` inside
    /// the brackets, or `(no spread)` when it is a point. When its ends
    /// print alike with `decimals` digits it takes more (`(0.00-0.02)`
    /// rather than `(0.0-0.0)`). `O(1)`.
    fn interval(&self, decimals: usize, unit: &str) -> String {
        if !self.has_spread() {
            return "(no spread)".to_string();
        }
        let (low, high) = (100.0 * self.low, 100.0 * self.high);
        let digits = (decimals..MAX_DECIMALS)
            .find(|&d| format!("{low:.d$}") != format!("{high:.d$}"))
            .unwrap_or(MAX_DECIMALS);
        format!("({low:.digits$}-{high:.digits$}{unit})")
    }
}

/// The most decimals an interval takes to show its width: beyond that, the
/// ends of an interval with a width differ in the last digits of an `f64`.
const MAX_DECIMALS: usize = 15;

/// The Kish effective sample size `(sum w)^2 / sum w^2` of weights.
pub(crate) fn effective_size(weights: impl IntoIterator<Item = f64>) -> f64 {
    let (sum, squares) = weights.into_iter().fold((0.0, 0.0), |(s, q), w| (s + w, q + w * w));
    if squares == 0.0 { 0.0 } else { sum * sum / squares }
}

/// How many ordered lists of turned pieces show the same multiset of piece
/// classes as `puzzle`, divided by `(n*n)!`: the product of the pieces'
/// numbers of distinct rotations over the product of the factorials of the
/// multiplicities of the classes. `O(n^2 log n)`.
pub(crate) fn ordered_forms(puzzle: &Puzzle) -> f64 {
    let mut classes: Vec<(Piece, usize)> = puzzle
        .pieces()
        .iter()
        .map(|p| {
            let symmetries = crate::puzzle::grid::symmetries(p.sides());
            (p.canonical(), 4 / symmetries)
        })
        .collect();
    classes.sort();
    let orbits: f64 = classes.iter().map(|c| c.1 as f64).product();
    let multiplicities: f64 = classes
        .chunk_by(|a, b| a.0 == b.0)
        .map(|run| (1..=run.len()).map(|m| m as f64).product::<f64>())
        .product();
    orbits / multiplicities
}

/// Uniformly random multisets of `size*size` piece classes over patterns
/// `1..=patterns`: the *uniform* population.
#[derive(Clone, Debug)]
pub(crate) struct PieceSets {
    size: usize,
    classes: Vec<Piece>,
}

impl PieceSets {
    /// The population of `size x size` puzzles over `patterns` patterns
    /// (every piece class, or repetition-free ones only). Lists the
    /// classes: `O(K^4)`.
    #[cfg(test)]
    pub fn new(size: usize, patterns: u32, repetition_free: bool) -> PieceSets {
        Self::new_until(size, patterns, repetition_free, &crate::context::Stop::never()).expect("never stopped")
    }

    /// [`PieceSets::new`] until `stop` (`None` when it came first).
    pub(crate) fn new_until(
        size: usize,
        patterns: u32,
        repetition_free: bool,
        stop: &crate::context::Stop,
    ) -> Option<PieceSets> {
        Some(PieceSets {
            size,
            classes: crate::census::pieces::piece_classes_until(patterns as usize, repetition_free, stop)?,
        })
    }

    /// The population of `size x size` puzzles over the piece classes
    /// `classes` (listed once, in any fixed order).
    pub(crate) fn of_classes(size: usize, classes: Vec<Piece>) -> PieceSets {
        PieceSets { size, classes }
    }

    /// The bytes the population's list of classes takes, known before
    /// listing it (`census::pieces::class_count` classes).
    pub fn bytes(patterns: u32, repetition_free: bool) -> u64 {
        let classes = crate::census::pieces::class_count(patterns as usize, repetition_free);
        classes.saturating_mul(std::mem::size_of::<Piece>() as u64)
    }

    /// A uniformly random multiset: `n*n` distinct positions among
    /// `classes + n*n - 1` (Floyd's sampling), sorted, position `i` minus
    /// `i` naming the `i`-th class (stars and bars). Each piece is given a
    /// random turn. `O(n^2 log n)`.
    pub fn draw(&self, rng: &mut Rng) -> Puzzle {
        let k = self.size * self.size;
        let total = self.classes.len() + k - 1;
        let mut chosen: Vec<usize> = Vec::with_capacity(k);
        for j in total - k..total {
            let t = rng.below(j + 1);
            chosen.push(if chosen.contains(&t) { j } else { t });
        }
        chosen.sort_unstable();
        let pieces = chosen
            .iter()
            .enumerate()
            .map(|(i, &position)| self.classes[position - i].rotated(rng.below(4)))
            .collect();
        Puzzle::new(pieces).expect("n*n pieces")
    }
}

/// Whether every pattern of `puzzle` is on exactly `sides` of its sides and
/// it uses `patterns` patterns.
pub(crate) fn balanced(puzzle: &Puzzle, patterns: usize, sides: usize) -> bool {
    let mut counts = std::collections::BTreeMap::new();
    for piece in puzzle.pieces() {
        for picture in piece.sides() {
            *counts.entry(picture.pattern()).or_insert(0) += 1;
        }
    }
    counts.len() == patterns && counts.values().all(|&c| c == sides)
}

/// A uniformly random commercial-population puzzle (3x3, K = 4, every
/// pattern on 9 sides) by rejection from [`PieceSets`], with the number of
/// draws it took (about 1 in 220 is kept). Errors after `max_draws`.
pub(crate) fn commercial_set(sets: &PieceSets, rng: &mut Rng, max_draws: u64) -> Result<(Puzzle, u64)> {
    for draws in 1..=max_draws {
        let puzzle = sets.draw(rng);
        if balanced(&puzzle, 4, 9) {
            return Ok((puzzle, draws));
        }
    }
    Err(crate::Error::Impossible(format!(
        "no puzzle with every pattern on 9 sides in {max_draws} draws"
    )))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_share_wilson_holds() {
        use crate::study::rates::Share;
        let e = Share::wilson(8, 10);
        assert_eq!(e.estimate, 0.8);
        assert!(e.low < 0.8 && 0.8 < e.high);
    }

    #[test]
    fn the_example_of_ratio_holds() {
        use crate::study::rates::Share;
        // Equal weights give the plain share.
        let e = Share::ratio([(1.0, true), (1.0, false), (1.0, true), (1.0, true)]);
        assert_eq!(e.estimate, 0.75);
        // Weight 1/3 on the misses: 3 hits of weight 1 against 1 miss of weight 1/3.
        let e = Share::ratio([(1.0, true), (1.0 / 3.0, false), (1.0, true), (1.0, true)]);
        assert!((e.estimate - 0.9).abs() < 1e-12);
        // No hit at all: an interval from 0 that does not shrink to a point.
        let e = Share::ratio([(1.0, false), (0.5, false), (0.25, false)]);
        assert!(e.estimate == 0.0 && e.low == 0.0 && e.high > 0.3);
    }

    #[test]
    fn the_example_of_clustered_holds() {
        use crate::study::rates::Share;
        let e = Share::clustered([0.0, 0.5, 1.0, 0.5]);
        assert_eq!(e.estimate, 0.5);
        // s = sqrt(1/6), half-width 1.96 * s / 2 = 0.4001.
        assert!((e.low - 0.0999).abs() < 1e-4 && (e.high - 0.9001).abs() < 1e-4);
    }

    #[test]
    fn the_example_of_percent_holds() {
        use crate::study::rates::Share;
        assert_eq!(Share::clustered([0.8, 0.8]).percent(1, ""), "80.0% (no spread)");
        assert_eq!(Share::wilson(1, 2).percent(0, ""), "50% (9-91)");
        assert_eq!(Share::wilson(8, 10).percent(1, "%"), "80.0% (49.0-94.3%)");
        // 2 of 40,000: 0.005%, Wilson interval 0.0014-0.018%.
        assert_eq!(Share::wilson(2, 40_000).percent(1, ""), "< 0.1% (0.00-0.02)");
        assert_eq!(Share::wilson(0, 40_000).percent(1, ""), "0.0% (0.00-0.01)");
        assert_eq!(Share::wilson(99_999, 100_000).percent(1, ""), "> 99.9% (99.99-100.00)");
    }

    #[test]
    fn the_example_of_piece_sets_draw_holds() {
        use crate::study::rates::PieceSets;
        let sets = PieceSets::new(3, 4, true);
        let puzzle = sets.draw(&mut crate::Rng::new(1));
        assert_eq!(puzzle.size(), 3);
        assert!(puzzle.is_repetition_free());
    }

    #[test]
    fn the_example_of_effective_size_holds() {
        assert_eq!(crate::study::rates::effective_size([1.0, 1.0, 1.0]), 3.0);
        assert_eq!(crate::study::rates::effective_size([1.0, 0.0]), 1.0);
    }

    #[test]
    fn the_example_of_ordered_forms_holds() {
        use crate::study::rates::ordered_forms;
        // four classes; the second piece looks the same after a half turn
        let distinct: crate::Puzzle = "1+ 2+ 1- 2-\n1+ 2+ 1+ 2+\n1+ 1- 2+ 2-\n2+ 1- 2- 1-".parse().unwrap();
        assert_eq!(ordered_forms(&distinct), 4.0 * 2.0 * 4.0 * 4.0);
        // one class twice (4 rotations each), a half-turn-symmetric class twice
        let twins: crate::Puzzle = "1+ 2+ 1- 2-\n2+ 1- 2- 1+\n1+ 2+ 1+ 2+\n2+ 1+ 2+ 1+".parse().unwrap();
        assert_eq!(ordered_forms(&twins), (4.0 * 4.0) / 2.0 * (2.0 * 2.0) / 2.0);
    }

    use super::*;
    use crate::census::pieces::piece_classes;

    #[test]
    fn ordered_forms_count_the_ordered_lists() {
        // Brute force on 2x2 puzzles over 1 pattern: count ordered, turned
        // 4-tuples of pieces showing the same multiset of classes.
        let classes = piece_classes(1, false);
        let all: Vec<Piece> = classes
            .iter()
            .flat_map(|c| (0..4).map(|r| c.rotated(r)))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let mut rng = Rng::new(5);
        let sets = PieceSets::new(2, 1, false);
        for _ in 0..20 {
            let puzzle = sets.draw(&mut rng);
            let mut key: Vec<Piece> = puzzle.pieces().iter().map(Piece::canonical).collect();
            key.sort();
            let mut same = 0u64;
            for a in &all {
                for b in &all {
                    for c in &all {
                        for d in &all {
                            let mut other: Vec<Piece> = [a, b, c, d].iter().map(|p| p.canonical()).collect();
                            other.sort();
                            same += u64::from(other == key);
                        }
                    }
                }
            }
            assert_eq!(same as f64, 24.0 * ordered_forms(&puzzle), "{puzzle}");
        }
    }

    #[test]
    fn piece_sets_are_uniform_multisets() {
        // 2x2 over 1 pattern with repetitions: 6 classes, C(9, 4) = 126
        // multisets, each drawn about 1/126 of the time.
        let sets = PieceSets::new(2, 1, false);
        let mut rng = Rng::new(9);
        let mut seen = std::collections::BTreeMap::new();
        let draws = 25_200;
        for _ in 0..draws {
            let mut key: Vec<Piece> = sets.draw(&mut rng).pieces().iter().map(Piece::canonical).collect();
            key.sort();
            *seen.entry(key).or_insert(0usize) += 1;
        }
        assert_eq!(seen.len(), 126);
        // 200 expected per multiset; 5 standard deviations is about 71.
        assert!(seen.values().all(|&c| (129..=271).contains(&c)), "{seen:?}");
    }

    #[test]
    fn clustered_interval_is_wider_when_orders_agree_within_puzzles() {
        // 200 puzzles, 5 orders each, 100 hits in 1000 pairs either way:
        // spread over puzzles (each puzzle 1 of 5) or bunched (a fifth of
        // the puzzles 5 of 5). Bunched hits are fewer independent facts.
        let spread = Share::clustered((0..200).map(|_| 0.2));
        assert!(!spread.has_spread(), "no spread between puzzles: {spread:?}");
        assert_eq!(spread.percent(1, ""), "20.0% (no spread)");
        let bunched = Share::clustered((0..200).map(|i| if i % 5 == 0 { 1.0 } else { 0.0 }));
        assert!((bunched.estimate - 0.2).abs() < 1e-12);
        // Wald on 200 puzzles: 1.96 * sqrt(0.2 * 0.8 / 199 * 200 / 200).
        let half = Z * (0.2f64 * 0.8 * 200.0 / 199.0 / 200.0).sqrt();
        assert!((bunched.high - 0.2 - half).abs() < 1e-12, "{bunched:?}");
        let wilson = Share::wilson(200, 1000);
        assert!(bunched.high - bunched.low > 2.0 * (wilson.high - wilson.low));
    }

    #[test]
    fn ratio_interval_covers_a_known_weighted_share() {
        // Half the samples hit with weight 1, half miss with weight 3: R = 1/4.
        let e = Share::ratio((0..400).map(|i| if i % 2 == 0 { (1.0, true) } else { (3.0, false) }));
        assert!((e.estimate - 0.25).abs() < 1e-12);
        assert!(e.low < 0.25 && e.high > 0.25 && e.high - e.low < 0.1, "{e:?}");
        assert_eq!(
            Share::ratio([]),
            Share {
                estimate: 0.0,
                low: 0.0,
                high: 1.0
            }
        );
    }
}
