//! The factorial study's report: its tables, its JSON document and its
//! plots.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::*;
use crate::Result;
use crate::context::Context;
use crate::study::rates::Share;
use crate::study::report::{Document, Finished, Report, plots_text};

/// The JSON document of the factorial study.
#[derive(Debug, Serialize)]
pub(crate) struct Json {
    factorial: Factorial,
    plots: Vec<PathBuf>,
    #[serde(flatten)]
    finished: Finished,
}

/// The study's report, with its plots for `folder`.
pub(crate) fn report(options: &Options, folder: Option<&Path>, context: &Context) -> Result<Report> {
    let study = run(&Design::of(options), context)?;
    let finished = Finished::new(study.complete, context.stop());
    let (files, plots) = finished.files(folder, || plots(&study))?;
    let json = Json {
        factorial: study,
        plots,
        finished,
    };
    Ok(Report::of(
        factorial_text(&json),
        Document::Factorial(json),
        finished,
        files,
    ))
}

/// `62.1% (60.3-63.9)`, or `80.0% (no spread)` when the interval is a point.
fn estimate(e: &Share) -> String {
    e.percent(1, "")
}

fn factorial_text(report: &Json) -> String {
    let f = &report.factorial;
    let mut out = format!(
        "every strategy against {} ({} random piece orders per puzzle, seed {}{}); nodes to the first solution and to \
         exhaustion;\nfewer: mean over puzzles of the share of its comparisons with the baseline's orders (random \
         pieces: every pair of different orders) where the strategy needs fewer nodes; 95% interval with the orders \
         of a puzzle as one cluster\nunique: the same on the puzzles with one solution; per puzzle: share of puzzles where \
         the strategy's mean nodes (over its orders) is below the mean of the baseline's orders (Wilson 95%); ratio: \
         median over puzzles of the two means' ratio; time: wall time of each search on one thread (with setup: plus \
         building the solver), compared as the nodes are\n",
        f.baseline.name(),
        f.random_seeds,
        f.seed,
        if f.repetition_free {
            ", repetition-free pieces only"
        } else {
            ""
        },
    );
    for s in &f.samples {
        out += &format!(
            "\n{} {n}x{n}, K = {}: {} puzzles{} ({} drawn); solutions median {}, mean {:.2}{}\n",
            population_label(s.population),
            s.patterns,
            s.puzzles,
            if s.complete { "" } else { " (stopped early)" },
            s.drawn,
            s.solutions.median,
            s.solutions.mean,
            if s.size % 2 == 1 {
                "; odd grid: the centre's rotation is fixed, no symmetry rule"
            } else {
                ""
            },
            n = s.size
        );
        out += &format!(
            "{:<34} | {:>8} {:>9} {:>22} {:>6} | {:>8} {:>9} {:>22} {:>6}\n",
            "strategy", "median", "mean", "first: fewer (95%)", "ties", "median", "mean", "exhaustion: fewer", "ties"
        );
        for r in &s.rows {
            out += &format!(
                "{:<34} | {:>8.0} {:>9.1} {:>22} {:>5.1}% | {:>8.0} {:>9.1} {:>22} {:>5.1}%\n",
                r.label,
                r.first.median,
                r.first.mean,
                estimate(&r.first_vs_baseline.fewer),
                100.0 * r.first_vs_baseline.ties.estimate,
                r.all.median,
                r.all.mean,
                estimate(&r.all_vs_baseline.fewer),
                100.0 * r.all_vs_baseline.ties.estimate
            );
        }
        out += &readings_text(s);
    }
    out + &plots_text(&report.plots) + &report.finished.text("each sample covers the puzzles it names")
}

/// The other readings of one sample, to the first solution: the unique
/// puzzles alone, each puzzle against the baseline's mean, wall time.
fn readings_text(s: &Sample) -> String {
    let timed = s.rows.iter().any(|r| r.time.is_some());
    let mut out = format!(
        "{:<34} | {:>22} | {:>22} {:>6} | {:>22} {:>6}{}\n",
        format!("first solution ({} unique)", s.unique),
        "unique: fewer (95%)",
        "per puzzle: fewer (95%)",
        "ratio",
        "unique, per puzzle",
        "ratio",
        if timed {
            format!(
                " | {:>22} {:>22} {:>9}",
                "time: fewer (95%)", "with setup: fewer", "median us"
            )
        } else {
            String::new()
        }
    );
    for r in &s.rows {
        let time = r.time.map_or_else(String::new, |t| {
            format!(
                " | {:>22} {:>22} {:>9.1}",
                estimate(&t.first_vs_baseline.fewer),
                estimate(&t.setup_and_first_vs_baseline.fewer),
                t.first_nanos.median / 1000.0
            )
        });
        out += &format!(
            "{:<34} | {:>22} | {:>22} {:>6.2} | {:>22} {:>6.2}{}\n",
            r.label,
            estimate(&r.unique_first_vs_baseline.fewer),
            estimate(&r.first_vs_expected.fewer),
            r.first_vs_expected.median_ratio,
            estimate(&r.unique_first_vs_expected.fewer),
            r.unique_first_vs_expected.median_ratio,
            time
        );
    }
    out
}
