//! `scramble estimate PUZZLE`: how many nodes an exhaustive search would
//! visit, by Knuth's random probes ([`scramble::solve::Estimate`]), and how
//! long that is at the node rate this machine measures, before anyone waits
//! for it. `--rule` tries a pruning rule in the probes only.

use std::process::ExitCode;
use std::time::Duration;

use scramble::Context;
use scramble::solve::{Estimate, Goal, Order, Rule, Search, Solver, Stop, Threads};
use serde::Serialize;

use super::{PuzzleArg, print_report};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble estimate fixtures/cards3x3.txt\n  scramble estimate fixtures/cards3x3.txt --order row-major --probes 5000 --json"
)]
pub struct Args {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// Search order, as `solve --order`.
    #[arg(long, value_enum, default_value_t = Order::Spiral)]
    order: Order,
    /// Seed of the probes (and of the `random` order's piece order).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Random root-to-leaf probes to walk.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    probes: u64,
    /// A pruning rule to apply in the probes (the solver does not apply it):
    /// the estimate is then the size of the tree with that rule.
    #[arg(long, value_enum, default_value_t = Rule::None)]
    rule: Rule,
    /// Stop probing after this many seconds and estimate from the probes
    /// done (exit code 3).
    #[arg(long, value_name = "SECONDS", value_parser = super::solve::seconds)]
    time_limit: Option<Duration>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// What `estimate --json` prints.
#[derive(Serialize)]
struct Report {
    puzzle: String,
    size: usize,
    order: Order,
    seed: u64,
    #[serde(flatten)]
    estimate: Estimate,
    /// Placements per second of the real search on one core, measured by a
    /// count stopped after `RATE_SAMPLE` (or run to its end if shorter).
    nodes_per_second: f64,
    /// `nodes / nodes_per_second`: the estimated time of an exhaustive
    /// search on one core.
    exhaustive_seconds: f64,
}

/// How long the search runs to measure its rate.
const RATE_SAMPLE: Duration = Duration::from_millis(500);

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let puzzle = args.puzzle.read()?;
    let solver = Solver::new(&puzzle, args.order, args.seed)?;
    let stop = args
        .time_limit
        .map_or_else(Stop::never, |limit| Stop::never().after(limit));
    let bar = super::progress::bar(args.probes, "probes");
    let estimate = solver.estimate(
        args.probes,
        args.seed,
        args.rule,
        &Context::new().until(&stop).reporting(&bar),
    );
    bar.finish_and_clear();
    let sample = Stop::never().after(RATE_SAMPLE);
    let count = Search::new(Goal::Count { keep: 0 }).on(Threads::One).until(&sample);
    let rate = solver.run(&count).stats.nodes_per_second();
    let report = Report {
        puzzle: puzzle.name().to_string(),
        size: puzzle.size(),
        order: args.order,
        seed: args.seed,
        exhaustive_seconds: if rate > 0.0 { estimate.nodes / rate } else { 0.0 },
        estimate,
        nodes_per_second: rate,
    };
    print_report(args.json, &report, text)?;
    // Stopped by the time limit: an estimate from the probes done, exit 3.
    Ok(if report.estimate.stopped {
        super::exit_codes::Exit::Stopped.into()
    } else {
        ExitCode::SUCCESS
    })
}

fn text(report: &Report) -> String {
    let e = &report.estimate;
    let rule = match e.rule {
        Rule::None => String::new(),
        Rule::SupplyDemand => ", pruning by supply and demand in the probes".to_string(),
    };
    let mut out = format!(
        "{}: {} order{rule}, {} probes (seed {}) in {:.2} s{}\n",
        report.puzzle,
        report.order.name(),
        e.probes,
        report.seed,
        e.elapsed.as_secs_f64(),
        if e.stopped { ", stopped by the time limit" } else { "" },
    );
    out += &format!(
        "nodes of an exhaustive search: about {} (95%: {} to {}); {} probes reached a full grid\n",
        scientific(e.nodes),
        scientific(e.low),
        scientific(e.high),
        e.full
    );
    out += &format!(
        "search rate: {:.1} M nodes/s on one core (measured over {:.1} s), so about {} of search\n",
        report.nodes_per_second / 1e6,
        RATE_SAMPLE.as_secs_f64(),
        duration(report.exhaustive_seconds)
    );
    out
}

/// `3.1e13`, or the plain number below 10,000.
fn scientific(x: f64) -> String {
    if x < 1e4 { format!("{x:.0}") } else { format!("{x:.1e}") }
}

/// Seconds as the largest unit that keeps a number of at least 1.
fn duration(seconds: f64) -> String {
    let units = [
        (365.25 * 86400.0, "years"),
        (86400.0, "days"),
        (3600.0, "hours"),
        (60.0, "minutes"),
    ];
    units.iter().find(|(size, _)| seconds >= *size).map_or_else(
        || format!("{seconds:.2} s"),
        |(size, name)| format!("{:.1} {name}", seconds / size),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_pick_their_unit() {
        assert_eq!(duration(0.5), "0.50 s");
        assert_eq!(duration(90.0), "1.5 minutes");
        assert_eq!(duration(3.0 * 86400.0), "3.0 days");
        assert_eq!(scientific(1234.4), "1234");
        assert_eq!(scientific(31_000_000.0), "3.1e7");
    }
}
