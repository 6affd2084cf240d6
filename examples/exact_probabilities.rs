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

use scramble::Context;
use scramble::census::Options;
use scramble::output::Target;
use scramble::study::plot;

/// `P(solvable)`, `P(unique)` and `P(unique | solvable)` over `patterns`
/// patterns, from the report of `scramble verify --exact`.
fn probabilities(patterns: u64, repetition_free: bool) -> [f64; 3] {
    let options = Options {
        patterns,
        repetition_free,
        exact: true,
        ..Options::default()
    };
    let report = scramble::census::run(&options, &Context::new()).expect("the exact totals of any K");
    let report = serde_json::to_value(&report).expect("a JSON document");
    ["p_solvable", "p_unique", "p_unique_given_solvable"].map(|key| report[key].as_f64().expect("a probability"))
}

fn main() -> scramble::Result<()> {
    println!(
        "| K | P(solvable) | P(unique) | P(unique given solvable) | with repetitions: P(solvable) | P(unique) | P(unique given solvable) |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    // Pairs for `LineColors::Paired`: each measure repetition-free (solid) and with repetitions (dashed).
    let measures = ["P(solvable)", "P(unique)", "P(unique | solvable)"];
    let series: Vec<(String, Vec<(f64, f64)>)> = measures
        .iter()
        .enumerate()
        .flat_map(|(i, name)| {
            [(true, "repetition-free"), (false, "with repetitions")].map(|(repetition_free, kind)| {
                let points = (2..=16).map(|k| (k as f64, probabilities(k, repetition_free)[i]));
                (format!("{name}, {kind}"), points.collect())
            })
        })
        .collect();
    for k in 2..=16 {
        let (a, b) = (probabilities(k, true), probabilities(k, false));
        println!(
            "| {k} | {:.6} | {:.6} | {:.6} | {:.6} | {:.6} | {:.6} |",
            a[0], a[1], a[2], b[0], b[1], b[2]
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
    Target::new(&Path::new(&out).join("exact/probabilities.svg")).write(svg.as_bytes())
}
