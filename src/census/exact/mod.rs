//! Census totals for every `K`, exactly: each total is
//! `sum_j C(K, j) N_j`, where `N_j` counts (or sums over) the puzzles that
//! use exactly the patterns `1..=j` (`j <= 16`: four pieces show 16
//! pictures). The `N_j` are shipped as data (`coefficients`) and were
//! computed independently of the census's enumeration (`cargo run --release
//! --example exact_coefficients`):
//! - `puzzles` from Burnside's count of piece classes, `C(classes + 3, 4)`,
//!   by inclusion-exclusion over `K = 0..=16`;
//! - `solvable`, `unique` and `solutions` from the solved grids (`shapes`);
//! - the subgraph totals (and `solutions` again) by Burnside's lemma over
//!   corner tuples (`subgraphs`).

mod data;
pub(crate) mod shapes;
pub(crate) mod subgraphs;

use num_bigint::BigUint;
use serde::Serialize;

use super::pieces::burnside_count;
use subgraphs::binomial;

/// The totals, in the order and with the names of `scramble verify`:
/// `puzzles`, `solvable`, `unique`, `solutions`, `solution_subgraphs`, then
/// `theorem_accepted`, `theorem_mismatches` and the same two of `twisted`
/// and `repaired`.
pub(crate) const KEYS: [&str; 11] =
    super::judged::with_criteria(["puzzles", "solvable", "unique", "solutions", "solution_subgraphs"]);

/// The largest `j` with a non-zero `N_j`.
pub(crate) const MAX_J: usize = 16;

/// `N_j` for `j = 0..=16`, one row per [`KEYS`] entry.
pub(crate) type Coefficients = [[u128; MAX_J + 1]; KEYS.len()];

/// The shipped `N_j` of the census with or without repetitions.
pub(crate) fn coefficients(repetition_free: bool) -> &'static Coefficients {
    if repetition_free {
        &data::REPETITION_FREE
    } else {
        &data::WITH_REPETITIONS
    }
}

/// One total at `K` patterns: `sum_j C(K, j) N_j`, exactly.
pub(crate) fn evaluate(row: &[u128; MAX_J + 1], patterns: u64) -> BigUint {
    let mut choose = BigUint::from(1u32);
    let mut total = BigUint::from(0u32);
    for (j, &n) in row.iter().enumerate() {
        if j as u64 > patterns {
            break;
        }
        total += &choose * n;
        choose = choose * (patterns - j as u64) / (j as u64 + 1);
    }
    total
}

/// The census totals at `K` patterns from the shipped coefficients, named
/// as [`KEYS`].
///
/// # Complexity
/// `O(17 * 11)` big-integer products: microseconds for any `K`.
pub(crate) fn totals(patterns: u64, repetition_free: bool) -> Vec<(&'static str, BigUint)> {
    KEYS.iter()
        .zip(coefficients(repetition_free))
        .map(|(&key, row)| (key, evaluate(row, patterns)))
        .collect()
}

/// A total as a polynomial in `K` in the binomial basis, e.g.
/// `126 C(K,1) + 1087674 C(K,2) + ...`.
pub(crate) fn polynomial(row: &[u128; MAX_J + 1]) -> String {
    let terms: Vec<String> = row
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(j, n)| format!("{n} C(K,{j})"))
        .collect();
    if terms.is_empty() {
        "0".to_string()
    } else {
        terms.join(" + ")
    }
}

/// Piece classes over `K` patterns: Burnside's count with repetitions,
/// `2K(2K-1)(2K-2)(2K-3)/4` without.
fn piece_classes(patterns: usize, repetition_free: bool) -> u128 {
    let n = 2 * patterns as u128;
    if !repetition_free {
        u128::from(burnside_count(n as u64))
    } else if n < 4 {
        0
    } else {
        n * (n - 1) * (n - 2) * (n - 3) / 4
    }
}

/// `N_j` from the values of a polynomial total at `K = 0..=16`:
/// `N_j = sum_K (-1)^(j-K) C(j, K) total(K)`.
///
/// # Panics
/// If an `N_j` comes out negative (the values are not such a total).
pub(crate) fn inverse_binomial(values: &[u128]) -> Vec<u128> {
    (0..values.len())
        .map(|j| {
            let signed: i128 = (0..=j)
                .map(|k| {
                    let term = (binomial(j, k) * values[k]) as i128;
                    if (j - k) % 2 == 0 { term } else { -term }
                })
                .sum();
            u128::try_from(signed).expect("N_j >= 0")
        })
        .collect()
}

/// The whole computation, independent of the census: see the module
/// documentation. `max_shape_patterns` (12 for all) bounds the solved grids
/// enumerated; `N_j` of `solvable` and `unique` for larger `j` are left 0.
///
/// # Complexity
/// Dominated by the shapes: 487 million solved grids for
/// `max_shape_patterns = 12` (a minute or so on 2 cores), a few hundred
/// thousand for 2.
pub(crate) fn compute(max_shape_patterns: usize) -> [Coefficients; 2] {
    let shapes = shapes::shape_sums(max_shape_patterns);
    [true, false].map(|repetition_free| {
        let mut c: Coefficients = [[0; MAX_J + 1]; KEYS.len()];
        let puzzles: Vec<u128> = (0..=MAX_J)
            .map(|k| {
                let p = piece_classes(k, repetition_free);
                (p + 3) * (p + 2) * (p + 1) * p / 24
            })
            .collect();
        c[0].copy_from_slice(&inverse_binomial(&puzzles));
        #[allow(clippy::needless_range_loop)] // j indexes three rows and the shapes
        for j in 1..=max_shape_patterns.min(shapes::MAX_PATTERNS) {
            let labellings = (1..=j as u128).product::<u128>() << j;
            for s in 1..=shapes::MAX_SOLUTIONS {
                let w = labellings * u128::from(shapes.get(repetition_free, j, s));
                assert_eq!(w % (4 * s as u128), 0, "each puzzle counted a whole number of times");
                c[1][j] += w / (4 * s as u128);
                c[3][j] += w / 4;
                if s == 1 {
                    c[2][j] += w / 4;
                }
            }
        }
        let rows = subgraphs::subgraph_totals(repetition_free, MAX_J);
        for (f, (name, _)) in subgraphs::FIGURES.iter().enumerate() {
            let values: Vec<u128> = rows.iter().map(|r| r[f]).collect();
            let n = inverse_binomial(&values);
            let key = KEYS.iter().position(|k| k == name).expect("a census key");
            if key == 3 {
                for j in 1..=max_shape_patterns.min(shapes::MAX_PATTERNS) {
                    assert_eq!(c[3][j], n[j], "solutions from shapes and from corners, j = {j}");
                }
            }
            c[key].copy_from_slice(&n);
        }
        c
    })
}

/// The Rust source of `src/census/exact/data.rs`: the coefficients
/// computed again, independently of the census's enumeration, with the
/// solved grids over at most `max_shape_patterns` patterns (12 for every
/// grid, the shipped file: about 2 CPU-minutes; below that, `N_j` of
/// `solvable` and `unique` for larger `j` are 0). `cargo run --release
/// --example exact_coefficients` prints it.
pub fn data_file(max_shape_patterns: usize) -> String {
    render(&compute(max_shape_patterns))
}

/// The Rust source of the data file holding `coefficients`.
fn render([free, with]: &[Coefficients; 2]) -> String {
    let mut out = String::from(
        "//! The census coefficients `N_j` (puzzles using exactly the patterns
//! `1..=j`), generated by `cargo run --release --example exact_coefficients`;
//! do not edit. Rows follow `KEYS`, columns `j = 0..=16`. A row that
//! stands more than once in a table (the criteria that agree with the
//! solution subgraphs, the mismatches that are all 0) is written once, as a
//! constant.

use super::{Coefficients, MAX_J};

/// One row: `N_j` for `j = 0..=16`.
type Row = [u128; MAX_J + 1];

/// A row of zeros.
const ZERO: Row = [0; MAX_J + 1];
",
    );
    write_table(&mut out, "REPETITION_FREE", "Repetition-free census.", free);
    write_table(&mut out, "WITH_REPETITIONS", "Census with repetitions.", with);
    out
}

/// Writes the rows of `c` that stand more than once as constants, then the
/// table, which names them.
fn write_table(out: &mut String, name: &str, doc: &str, c: &Coefficients) {
    use std::fmt::Write;
    let cells = |row: &[u128]| row.iter().map(u128::to_string).collect::<Vec<_>>().join(", ");
    let shared = |i: usize| c.iter().filter(|row| **row == c[i]).count() > 1;
    let first = |i: usize| c.iter().position(|row| *row == c[i]).expect("itself");
    let constant = |i: usize| format!("{name}_{}", KEYS[first(i)].to_uppercase());
    for i in (0..c.len()).filter(|&i| shared(i) && first(i) == i && c[i].iter().any(|&n| n > 0)) {
        let keys: Vec<String> = (0..c.len())
            .filter(|&k| c[k] == c[i])
            .map(|k| format!("`{}`", KEYS[k]))
            .collect();
        let _ = writeln!(out, "\n/// {}: {}.", doc.trim_end_matches('.'), keys.join(", "));
        let _ = writeln!(out, "#[rustfmt::skip]");
        let _ = writeln!(out, "const {}: Row = [{}];", constant(i), cells(&c[i]));
    }
    let _ = writeln!(out, "\n/// {doc}");
    let _ = writeln!(out, "#[rustfmt::skip]");
    let _ = writeln!(out, "pub(super) const {name}: Coefficients = [");
    for (i, (key, row)) in KEYS.iter().zip(c).enumerate() {
        let value = if row.iter().all(|&n| n == 0) {
            "ZERO".to_string()
        } else if shared(i) {
            constant(i)
        } else {
            format!("[{}]", cells(row))
        };
        let _ = writeln!(out, "    // {key}");
        let _ = writeln!(out, "    {value},");
    }
    let _ = writeln!(out, "];");
}

/// Exact probabilities for a uniformly random puzzle of the census over `K`
/// patterns (uniform over its multisets): `P(solvable)`, `P(unique)`,
/// `P(unique | solvable)`, as `f64`.
pub(crate) fn probabilities(patterns: u64, repetition_free: bool) -> Probabilities {
    let t = totals(patterns, repetition_free);
    let ratio = |a: &BigUint, b: &BigUint| ratio(a, b);
    Probabilities {
        patterns,
        repetition_free,
        p_solvable: ratio(&t[1].1, &t[0].1),
        p_unique: ratio(&t[2].1, &t[0].1),
        p_unique_given_solvable: ratio(&t[2].1, &t[1].1),
    }
}

/// `a / b` as a float (0 when `b` is 0), exact to double precision.
fn ratio(a: &BigUint, b: &BigUint) -> f64 {
    if *b == BigUint::from(0u32) {
        return 0.0;
    }
    let shift = b.bits().saturating_sub(100);
    let (a, b) = (a >> shift, b >> shift);
    let to_f = |x: &BigUint| x.to_string().parse::<f64>().expect("digits");
    to_f(&a) / to_f(&b)
}

/// See [`probabilities`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Probabilities {
    /// `K`.
    pub patterns: u64,
    /// Which census: repetition-free pieces only, or every piece.
    pub repetition_free: bool,
    /// `solvable / puzzles`.
    pub p_solvable: f64,
    /// `unique / puzzles`.
    pub p_unique: f64,
    /// `unique / solvable`.
    pub p_unique_given_solvable: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::{Census, symmetric};
    use crate::context::Context;

    #[test]
    fn keys_as_documented() {
        use crate::census::exact::KEYS;
        assert_eq!(
            KEYS[4..7],
            ["solution_subgraphs", "theorem_accepted", "theorem_mismatches"]
        );
        assert_eq!(KEYS[10], "repaired_mismatches");
    }

    #[test]
    fn coefficients_as_documented() {
        use crate::census::exact::coefficients;
        // Repetition-free puzzles need 4 pictures, so 2 patterns: N_1 = 0.
        assert_eq!(coefficients(true)[0][1], 0);
        // One pattern with repetitions: the 126 puzzles of the K = 1 census.
        assert_eq!(coefficients(false)[0][1], 126);
    }

    #[test]
    fn totals_as_documented() {
        use crate::census::exact::totals;
        let t = totals(4, true);
        assert_eq!(t[0], ("puzzles", 1_315_142_955u64.into()));
        assert_eq!(t[2], ("unique", 275_417_904u64.into()));
    }

    fn row(repetition_free: bool, key: &str) -> &'static [u128; MAX_J + 1] {
        &coefficients(repetition_free)[KEYS.iter().position(|k| *k == key).expect("a key")]
    }

    /// What is cheap to recompute (puzzles and the subgraph totals for
    /// every `j`, the shapes over at most 2 patterns), computed once for the
    /// tests that compare it with the data.
    fn recomputed() -> &'static [Coefficients; 2] {
        static ONCE: std::sync::OnceLock<[Coefficients; 2]> = std::sync::OnceLock::new();
        ONCE.get_or_init(|| compute(2))
    }

    #[test]
    fn shipped_coefficients_match_a_recomputation() {
        for (repetition_free, c) in [true, false].into_iter().zip(recomputed()) {
            for (key, (fresh, shipped)) in KEYS.iter().zip(c.iter().zip(coefficients(repetition_free))) {
                let upto = if ["solvable", "unique"].contains(key) { 2 } else { MAX_J };
                assert_eq!(
                    fresh[..=upto],
                    shipped[..=upto],
                    "{key}, repetition_free {repetition_free}"
                );
            }
        }
    }

    /// The generated file, from solved grids over at most 2 patterns,
    /// differs from the shipped one only in the rows the larger grids
    /// fill (`solvable`, `unique`, `solutions`).
    #[test]
    fn the_data_file_is_generated_as_shipped() {
        let shipped = include_str!("data.rs");
        let generated = super::render(recomputed());
        let (a, b): (Vec<&str>, Vec<&str>) = (shipped.lines().collect(), generated.lines().collect());
        assert_eq!(a.len(), b.len());
        let differ: Vec<&str> = a
            .iter()
            .zip(&b)
            .filter(|(x, y)| x != y)
            .map(|(x, _)| &x[..x.len().min(40)])
            .collect();
        assert!(differ.len() <= 6, "{differ:?}");
        assert!(differ.iter().all(|l| l.trim_start().starts_with('[')), "{differ:?}");
    }

    /// A solvable puzzle uses at most 12 patterns, and with 12 every picture
    /// is its own pattern: `12! 2^12` solved grids, one puzzle per 4
    /// (whole-grid turns), each with one solution.
    #[test]
    fn top_coefficients_have_closed_forms() {
        let twelve: u128 = (1..=12).product::<u128>() << 12;
        for repetition_free in [false, true] {
            for key in ["solvable", "unique", "solutions"] {
                let r = row(repetition_free, key);
                assert_eq!(r[12], twelve / 4, "{key}");
                assert!(r[13..].iter().all(|&n| n == 0), "{key}");
            }
            assert!(row(repetition_free, "theorem_accepted")[13..].iter().all(|&n| n == 0));
            assert!(row(repetition_free, "repaired_mismatches").iter().all(|&n| n == 0));
            assert!(row(repetition_free, "twisted_mismatches").iter().all(|&n| n == 0));
        }
        assert!(row(true, "theorem_mismatches").iter().all(|&n| n == 0));
    }

    /// The polynomial against the census enumeration, every key.
    #[test]
    fn polynomial_equals_the_enumerated_census() {
        for (patterns, repetition_free) in [(1, true), (2, true), (3, true), (1, false), (2, false)] {
            let census = Census {
                patterns,
                repetition_free,
            };
            let t = symmetric::run(&census, 0, &Context::new()).unwrap().tally.totals();
            let enumerated = [
                t.puzzles,
                t.solvable,
                t.unique,
                t.solutions,
                t.solution_subgraphs,
                t.theorem.accepted,
                t.theorem.mismatches,
                t.twisted.accepted,
                t.twisted.mismatches,
                t.repaired.accepted,
                t.repaired.mismatches,
            ];
            let exact: Vec<BigUint> = totals(patterns as u64, repetition_free)
                .into_iter()
                .map(|(_, v)| v)
                .collect();
            let enumerated: Vec<BigUint> = enumerated.into_iter().map(BigUint::from).collect();
            assert_eq!(exact, enumerated, "K = {patterns}, repetition_free {repetition_free}");
        }
    }

    /// Every census total RESULTS.md lists (K = 1..7 repetition-free,
    /// K = 1..5 with repetitions): puzzles, solvable, unique, solutions,
    /// solution subgraphs, theorem accepted (and mismatches with
    /// repetitions), as printed by `scramble verify --patterns K`.
    #[test]
    fn polynomial_reproduces_every_enumerated_total_in_results() {
        #[rustfmt::skip]
        let free: [[u64; 6]; 7] = [
            [0, 0, 0, 0, 0, 0],
            [126, 120, 0, 878, 582, 582],
            [2_919_735, 1_783_467, 800_772, 3_461_478, 3_074_040, 3_074_040],
            [1_315_142_955, 371_495_508, 275_417_904, 493_322_052, 466_362_444, 466_362_444],
            [105_520_561_965, 13_933_885_830, 11_948_083_080, 16_213_311_140, 15_688_004_040, 15_688_004_040],
            [3_248_565_095_655, 219_296_249_100, 199_773_585_840, 240_698_440_290, 235_535_786_370, 235_535_786_370],
            [54_270_502_912_626, 2_038_421_760_585, 1_914_988_771_500, 2_170_350_984_858, 2_137_254_007_392, 2_137_254_007_392],
        ];
        #[rustfmt::skip]
        let with: [[u64; 7]; 5] = [
            [126, 88, 0, 10_212, 5_784, 2_346, 3_438],
            [1_088_430, 775_901, 23_724, 6_440_080, 5_564_088, 2_358_820, 3_205_268],
            [540_597_876, 249_701_436, 86_068_020, 638_834_172, 598_453_260, 322_080_930, 276_372_330],
            [49_783_326_615, 11_556_047_226, 7_153_259_112, 18_651_068_256, 17_973_309_824, 11_179_494_680, 6_793_815_144],
            [1_711_198_204_045, 198_506_585_660, 151_373_163_960, 262_736_996_020, 256_544_942_720, 174_779_190_810, 81_765_751_910],
        ];
        let check = |k: usize, repetition_free: bool, expected: &[u64]| {
            let t = totals(k as u64 + 1, repetition_free);
            for (i, &e) in expected.iter().enumerate() {
                assert_eq!(
                    t[i].1,
                    BigUint::from(e),
                    "K = {}, {}, repetition_free {repetition_free}",
                    k + 1,
                    t[i].0
                );
            }
            // Twisted and repaired criteria are exact; the theorem is exact without repetitions.
            assert_eq!(t[7].1, t[4].1);
            assert_eq!(t[9].1, t[4].1);
            assert_eq!(&t[8].1 + &t[10].1, BigUint::from(0u32));
        };
        free.iter().enumerate().for_each(|(k, e)| check(k, true, e));
        with.iter().enumerate().for_each(|(k, e)| check(k, false, e));
    }

    /// The probabilities are the ratios of enumerated census totals (RESULTS
    /// section 4's table; K = 4 repetition-free gives 74.1%).
    #[test]
    fn probabilities_are_ratios_of_the_enumerated_totals() {
        // (K, repetition-free, puzzles, solvable, unique) from `scramble verify --patterns K [--repetitions]`.
        let cases: [(u64, bool, f64, f64, f64); 4] = [
            (2, true, 126.0, 120.0, 0.0),
            (4, true, 1_315_142_955.0, 371_495_508.0, 275_417_904.0),
            (7, true, 54_270_502_912_626.0, 2_038_421_760_585.0, 1_914_988_771_500.0),
            (5, false, 1_711_198_204_045.0, 198_506_585_660.0, 151_373_163_960.0),
        ];
        for (k, repetition_free, puzzles, solvable, unique) in cases {
            let p = probabilities(k, repetition_free);
            let close = |a: f64, b: f64| (a - b).abs() <= 1e-15 * b.max(1e-300);
            assert!(close(p.p_solvable, solvable / puzzles), "K = {k}: {p:?}");
            assert!(close(p.p_unique, unique / puzzles), "K = {k}: {p:?}");
            if unique > 0.0 {
                assert!(close(p.p_unique_given_solvable, unique / solvable), "K = {k}: {p:?}");
            } else {
                assert_eq!(p.p_unique_given_solvable, 0.0);
            }
        }
        assert_eq!(
            format!("{:.6}", probabilities(4, true).p_unique_given_solvable),
            "0.741376"
        );
        // P(solvable) ~ 96 / K^4 for both censuses.
        for repetition_free in [false, true] {
            let k4 = probabilities(1000, repetition_free).p_solvable * 1e12;
            assert!((k4 - 96.0).abs() < 0.01, "K^4 P(solvable) at K = 1000: {k4}");
        }
    }

    /// For large K, `puzzles` is still Burnside's `C(p + 3, 4)`.
    #[test]
    fn puzzles_for_large_k_match_the_formula() {
        for k in [8u64, 100, 10_000] {
            for repetition_free in [false, true] {
                let n = BigUint::from(2 * k);
                let p = if !repetition_free {
                    (n.pow(4) + n.pow(2) + &n * 2u32) / 4u32
                } else {
                    &n * (&n - 1u32) * (&n - 2u32) * (&n - 3u32) / 4u32
                };
                let expected = (&p + 3u32) * (&p + 2u32) * (&p + 1u32) * &p / 24u32;
                assert_eq!(evaluate(row(repetition_free, "puzzles"), k), expected);
            }
        }
    }

    #[test]
    fn inverse_binomial_inverts_evaluate() {
        let values: Vec<u128> = (0..=MAX_J as u64)
            .map(|k| u128::try_from(evaluate(row(false, "solvable"), k)).expect("small"))
            .collect();
        assert_eq!(inverse_binomial(&values), row(false, "solvable").to_vec());
    }
}
