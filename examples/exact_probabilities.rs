//! Exact `P(solvable)`, `P(unique)` and `P(unique | solvable)` for a
//! uniformly random 2x2 puzzle of the census (uniform over its multisets of
//! 4 pieces) over K = 2..16 patterns, both variants, from the shipped
//! coefficients: prints the Markdown table of RESULTS.md and writes
//! `<OUT>/exact/probabilities.svg` (`OUT` is the first argument, `out` by
//! default; `docs/img/regenerate.sh` passes `docs/img`).
//!
//! ```sh
//! cargo run --release --example exact_probabilities [-- OUT]
//! ```

use std::path::Path;

use scramble::census::exact::{Probabilities, probabilities};
use scramble::output::write_atomic;
use scramble::study::plot;

fn main() -> scramble::Result<()> {
    println!(
        "| K | P(solvable) | P(unique) | P(unique given solvable) | with repetitions: P(solvable) | P(unique) | P(unique given solvable) |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    // Pairs for `LineColors::Paired`: each measure repetition-free (solid) and with repetitions (dashed).
    type Measure = fn(&Probabilities) -> f64;
    let measures: [(&str, Measure); 3] = [
        ("P(solvable)", |p| p.p_solvable),
        ("P(unique)", |p| p.p_unique),
        ("P(unique | solvable)", |p| p.p_unique_given_solvable),
    ];
    let series: Vec<(String, Vec<(f64, f64)>)> = measures
        .iter()
        .flat_map(|&(name, f)| {
            [(true, "repetition-free"), (false, "with repetitions")].map(|(repetition_free, kind)| {
                let points = (2..=16).map(|k| (k as f64, f(&probabilities(k, repetition_free))));
                (format!("{name}, {kind}"), points.collect())
            })
        })
        .collect();
    for k in 2..=16 {
        let (a, b) = (probabilities(k, true), probabilities(k, false));
        println!(
            "| {k} | {:.6} | {:.6} | {:.6} | {:.6} | {:.6} | {:.6} |",
            a.p_solvable, a.p_unique, a.p_unique_given_solvable, b.p_solvable, b.p_unique, b.p_unique_given_solvable
        );
    }
    let svg = plot::lines(
        "Uniformly random 2x2 puzzle over K patterns, exact; repetition-free solid, with repetitions dashed",
        "patterns K",
        "probability (exact)",
        0.0..1.0,
        &series,
        plot::LineColors::Paired,
    )?;
    let out = std::env::args().nth(1).unwrap_or_else(|| "out".to_string());
    write_atomic(&Path::new(&out).join("exact/probabilities.svg"), svg.as_bytes())
}
