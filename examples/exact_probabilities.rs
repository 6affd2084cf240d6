//! Exact `P(solvable)`, `P(unique)` and `P(unique | solvable)` for a
//! uniformly random 2x2 puzzle of the census (uniform over its multisets of
//! 4 pieces) over K = 2..16 patterns, both variants, from the shipped
//! coefficients: prints the Markdown table of RESULTS.md and writes
//! `out/exact/probabilities.svg`.
//!
//! ```sh
//! cargo run --release --example exact_probabilities
//! ```

use std::path::Path;

use scramble::census::exact::probabilities;
use scramble::output::write_atomic;
use scramble::study::plot;

fn main() -> scramble::Result<()> {
    println!(
        "| K | P(solvable) | P(unique) | P(unique given solvable) | with repetitions: P(solvable) | P(unique) | P(unique given solvable) |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    let mut series: Vec<plot::Series> = Vec::new();
    for repetitions in [false, true] {
        let kind = if repetitions {
            "with repetitions"
        } else {
            "repetition-free"
        };
        let rows: Vec<_> = (2..=16).map(|k| probabilities(k, repetitions)).collect();
        let line = |name: &str, f: fn(&scramble::census::exact::Probabilities) -> f64| {
            (
                format!("{name}, {kind}"),
                rows.iter().map(|p| (p.patterns as f64, f(p))).collect(),
            )
        };
        series.push(line("P(solvable)", |p| p.p_solvable));
        series.push(line("P(unique)", |p| p.p_unique));
        series.push(line("P(unique | solvable)", |p| p.p_unique_given_solvable));
    }
    for k in 2..=16 {
        let (a, b) = (probabilities(k, false), probabilities(k, true));
        println!(
            "| {k} | {:.6} | {:.6} | {:.6} | {:.6} | {:.6} | {:.6} |",
            a.p_solvable, a.p_unique, a.p_unique_given_solvable, b.p_solvable, b.p_unique, b.p_unique_given_solvable
        );
    }
    let svg = plot::lines(
        "uniformly random 2x2 puzzle (exact)",
        "patterns K",
        "probability",
        0.0..1.0,
        &series,
    )?;
    write_atomic(Path::new("out/exact/probabilities.svg"), svg.as_bytes())
}
