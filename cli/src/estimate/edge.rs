//! `scramble estimate` on an edge-matching puzzle: the exhaustive
//! row-scan count projected from a sample of its subtrees
//! ([`scramble::puzzle::edge::EdgePuzzle::project`]), on `-j` threads under `--time-limit` and
//! Ctrl-C, as text or one JSON object.

use std::process::ExitCode;

use std::num::NonZeroUsize;

use scramble::Context;
use scramble::puzzle::edge::{EdgePuzzle, Projection};
use serde::Serialize;

use crate::show::edge::Head;

use super::{Args, Rate, exit, rate_stop, scientific};

const ONE: NonZeroUsize = NonZeroUsize::MIN;
use crate::print_report;

/// What `estimate --json` prints for an edge-matching puzzle.
#[derive(Serialize)]
struct Report {
    #[serde(flatten)]
    head: Head,
    /// `row-scan`.
    order: &'static str,
    seed: u64,
    #[serde(flatten)]
    projection: Projection,
    #[serde(flatten)]
    rate: Rate,
}

/// Projects one edge-matching puzzle's count and prints the report.
pub(super) fn run(args: &Args, puzzle: &EdgePuzzle) -> anyhow::Result<ExitCode> {
    let refused = [
        (args.order.is_some(), "--order"),
        (args.probes.is_some(), "--probes"),
        (args.rule.is_some(), "--rule"),
    ];
    if let Some((_, option)) = refused.iter().find(|(given, _)| *given) {
        anyhow::bail!(
            "{option}: not for edge-matching puzzles, which are projected from a sample of their row-scan subtrees (--sample)"
        );
    }
    let started = std::time::Instant::now();
    let (stop, interrupted) = crate::signals::interruptible(args.time_limit);
    let sample = args.sample.unwrap_or(256);
    let bar = crate::progress::bar(sample, "subtrees");
    let context = args.threads.context().until(&stop).reporting(&bar);
    let projection = puzzle.project(args.every_rotation, sample, args.seed, &context);
    bar.finish_and_clear();
    let sample = rate_stop(args, started).cancelled_by(interrupted.clone());
    let stopped = projection.stopped.then(|| crate::signals::why_stopped(&interrupted));
    let rate = Rate::of(stopped, projection.nodes, || {
        puzzle
            .count(args.every_rotation, 0, &Context::new().on_threads(ONE).until(&sample))
            .stats
            .nodes_per_second()
    });
    let report = Report {
        head: Head::of(puzzle),
        order: "row-scan",
        seed: args.seed,
        projection,
        rate,
    };
    print_report(args.json, &report, text)?;
    Ok(exit(&report.rate))
}

fn text(report: &Report) -> String {
    let p = &report.projection;
    let pinned = if p.every_rotation {
        "every rotation"
    } else {
        "first corner piece pinned"
    };
    let mut out = format!(
        "{}: row-scan, {pinned}; {} of {} subtrees below cell {} counted whole (seed {}) in {:.2} s{}\n",
        report.head.puzzle,
        p.sampled,
        p.subtrees,
        p.cut,
        report.seed,
        p.elapsed.as_secs_f64(),
        if p.stopped {
            ", stopped early: the figures lean low"
        } else {
            ""
        },
    );
    out += &format!(
        "nodes of an exhaustive search: about {} (95%: {} to {}); {} placed here\n",
        scientific(p.nodes),
        scientific(p.low),
        scientific(p.high),
        p.counted_nodes
    );
    out += &if p.solutions_high.is_finite() {
        format!(
            "solutions: about {} (95%: {} to {})\n",
            scientific(p.solutions),
            scientific(p.solutions_low),
            scientific(p.solutions_high)
        )
    } else {
        format!(
            "solutions: at least {}; the sample met none, too few to project (a larger --sample may)\n",
            scientific(p.solutions_low)
        )
    };
    out + &report.rate.line()
}
