//! `scramble estimate PUZZLE`: how many nodes an exhaustive search would
//! visit, by Knuth's random probes ([`scramble::solve::Estimate`]), and how
//! long that is at the node rate this machine measures, before anyone waits
//! for it. `--rule` tries a pruning rule in the probes only. An
//! edge-matching puzzle is projected from a sample of its subtrees
//! instead ([`edge`]).

mod edge;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use scramble::Context;
use scramble::solve::{Estimate, Goal, Order, Rule, Search, Solver};
use scramble::{Stop, Threads};
use serde::Serialize;

use super::{PuzzleArg, print_report};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble estimate fixtures/cards3x3.txt\n  scramble estimate fixtures/cards3x3.txt --order row-major --probes 5000 --json\n  scramble estimate fixtures/edge/brendan/brendan_06x06.txt --sample 512"
)]
pub struct Args {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// Search order, as `solve --order` (default: spiral).
    #[arg(long, value_parser = crate::choices::order())]
    order: Option<Order>,
    /// Seed of the probes (and of the `random` order's piece order).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Random root-to-leaf probes to walk (default: 100,000; at most
    /// 1,000,000,000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_PROBES))]
    probes: Option<u64>,
    /// A pruning rule to apply in the probes (the solver does not apply it):
    /// the estimate is then the size of the tree with that rule.
    #[arg(long, value_parser = crate::choices::rule())]
    rule: Option<Rule>,
    /// Edge-matching puzzles: subtrees to count whole, drawn at random
    /// (default: 256; the tree is cut where it has 256 times as many).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=scramble::puzzle::edge::MAX_SAMPLE))]
    sample: Option<u64>,
    /// Edge-matching puzzles: project the search of every rotation (as the
    /// published node counts do) instead of pinning the first corner piece.
    #[arg(long)]
    every_rotation: bool,
    /// Edge-matching puzzles: count the sample on exactly N threads.
    #[command(flatten)]
    threads: super::threads::ThreadsArg,
    /// Stop probing after this many seconds and estimate from the probes
    /// done (exit code 3).
    #[arg(long, value_name = "SECONDS", value_parser = super::solve::seconds)]
    time_limit: Option<Duration>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// The most probes `--probes` takes: hours of probing on an 8x8 grid,
/// where the estimate's error shrinks with the square root of the probes.
const MAX_PROBES: u64 = 1_000_000_000;

/// What `estimate --json` prints.
#[derive(Serialize)]
struct Report {
    puzzle: String,
    size: usize,
    order: Order,
    seed: u64,
    #[serde(flatten)]
    estimate: Estimate,
    #[serde(flatten)]
    rate: Rate,
}

/// How a report of `estimate` ended, and the search rate it measured.
#[derive(Serialize)]
struct Rate {
    /// Whether the estimate ran to its end.
    complete: bool,
    /// Why not: `time-limit` or `interrupted`.
    stopped: Option<&'static str>,
    /// Placements per second of the real search on one core, measured by a
    /// count stopped after `RATE_SAMPLE` (or run to its end if shorter);
    /// none when the estimate was stopped.
    nodes_per_second: Option<f64>,
    /// `nodes / nodes_per_second`: the estimated time of an exhaustive
    /// search on one core.
    exhaustive_seconds: Option<f64>,
}

impl Rate {
    /// The rate `measured` (none when the estimate `stopped`, and why) of a
    /// search of about `nodes`.
    fn of(stopped: Option<&'static str>, nodes: f64, measured: impl FnOnce() -> f64) -> Rate {
        let rate = stopped.is_none().then(measured).filter(|r| *r > 0.0);
        Rate {
            complete: stopped.is_none(),
            stopped,
            nodes_per_second: rate,
            exhaustive_seconds: rate.map(|r| nodes / r),
        }
    }

    /// The line of the search rate and the time it gives.
    fn line(&self) -> String {
        match (self.nodes_per_second, self.exhaustive_seconds) {
            (Some(rate), Some(seconds)) => format!(
                "search rate: {:.1} M nodes/s on one core (measured over {:.1} s), so about {} of search\n",
                rate / 1e6,
                RATE_SAMPLE.as_secs_f64(),
                duration(seconds)
            ),
            _ if !self.complete => "search rate: not measured (the estimate was stopped)\n".to_string(),
            _ => "search rate: not measured (the search ended too soon to be timed)\n".to_string(),
        }
    }
}

/// How long the search runs to measure its rate.
const RATE_SAMPLE: Duration = Duration::from_millis(500);

/// The stop of the count that measures the rate: `RATE_SAMPLE`, or what
/// is left of `--time-limit` since `started` when that is less. (A stopped
/// estimate measures no rate.)
fn rate_stop(args: &Args, started: Instant) -> Stop {
    let left = args.time_limit.map_or(RATE_SAMPLE, |limit| {
        limit.saturating_sub(started.elapsed()).min(RATE_SAMPLE)
    });
    super::signals::stop(Some(left), None)
}

/// Stopped (time limit or Ctrl-C): an estimate from the work done, exit 3.
fn exit(rate: &Rate) -> ExitCode {
    if rate.complete {
        ExitCode::SUCCESS
    } else {
        super::exit_codes::Exit::Stopped.into()
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let puzzle = match args.puzzle.read_any()? {
        scramble::puzzle::edge::AnyPuzzle::Squares(puzzle) => puzzle,
        scramble::puzzle::edge::AnyPuzzle::Edge(puzzle) => return edge::run(&args, &puzzle),
    };
    if args.sample.is_some() || args.every_rotation || args.threads.threads.is_some() {
        anyhow::bail!(
            "--sample, --every-rotation and -j are for edge-matching puzzles; Scramble Squares puzzles are estimated by random probes on one thread"
        );
    }
    let order = args.order.unwrap_or(Order::Spiral);
    let probes = args.probes.unwrap_or(100_000);
    let solver = Solver::new(&puzzle, order, args.seed)?;
    let started = Instant::now();
    let stop = super::signals::stop(args.time_limit, None);
    let bar = super::progress::bar(probes, "probes");
    let estimate = solver.estimate(
        probes,
        args.seed,
        args.rule.unwrap_or(Rule::None),
        &Context::new().until(&stop).reporting(&bar),
    );
    bar.finish_and_clear();
    let sample = rate_stop(&args, started);
    let sampling = Context::new().until(&sample);
    let count = Search::within(Goal::Count { keep: 0 }, &sampling).on(Threads::One);
    // A signal ends this command at once: only the time limit stops it.
    let stopped = estimate.stopped.then_some("time-limit");
    let rate = Rate::of(stopped, estimate.nodes, || solver.run(&count).stats.nodes_per_second());
    let report = Report {
        puzzle: puzzle.name().to_string(),
        size: puzzle.size(),
        order,
        seed: args.seed,
        estimate,
        rate,
    };
    print_report(args.json, &report, text)?;
    Ok(exit(&report.rate))
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
    out + &report.rate.line()
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
