//! The hard suite harness: one solver configuration over every puzzle of
//! `fixtures/hard/` (README there) with a time limit per puzzle, as a
//! Markdown table of time, nodes and whether a first solution was found.
//!
//! ```text
//! cargo run --release --example suite -- [--order ORDER] [--threads N]
//!     [--time-limit SECONDS] [--only PREFIX] [--restarts UNIT] [--seed S]
//!     [--estimate PROBES]
//! ```
//!
//! `--order` is any `solve --order` value (default `spiral`); `--threads 1`
//! searches for the first solution ([`Solver::run`]) on one thread, more
//! on every core of a pool of that many (default 1); `--time-limit`
//! defaults to 30 s; `--only s8` keeps the files whose name starts so.
//! `--restarts UNIT` runs [`Restarts::first`] instead (Luby runs of random
//! piece orders, `UNIT` placements the shortest, `--threads` side by side,
//! seeded by `--seed`). `--estimate PROBES` searches nothing: it prints
//! [`Solver::estimate`]'s tree size for the order, with and without the
//! supply-and-demand rule, and the time that is at the measured rate.
//! Times are wall-clock on whatever else the machine is doing: compare
//! configurations by nodes where the machine is shared.

use std::path::{Path, PathBuf};
use std::time::Duration;

use scramble::solve::{Goal, Method, Order, Rule, Search, Solver};
use scramble::{Context, Stop, Threads};

struct Config {
    order: Order,
    threads: usize,
    limit: Duration,
    only: String,
    restarts: Option<u64>,
    seed: u64,
    estimate: Option<u64>,
}

fn config() -> Config {
    let mut config = Config {
        order: Order::Spiral,
        threads: 1,
        limit: Duration::from_secs(30),
        only: String::new(),
        restarts: None,
        seed: 0,
        estimate: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let [flag, value] = pair else {
            panic!("flags come with a value: {args:?}")
        };
        match flag.as_str() {
            "--order" => {
                config.order = Order::ALL
                    .into_iter()
                    .find(|o| o.name() == value)
                    .expect("an order: spiral, row-major, center-max, random, most-constrained")
            }
            "--threads" => config.threads = value.parse().expect("a thread count"),
            "--time-limit" => config.limit = Duration::from_secs_f64(value.parse().expect("seconds")),
            "--only" => config.only = value.clone(),
            "--restarts" => config.restarts = Some(value.parse().expect("placements")),
            "--seed" => config.seed = value.parse().expect("a seed"),
            "--estimate" => config.estimate = Some(value.parse().expect("a number of probes")),
            other => panic!("unknown flag {other}"),
        }
    }
    config
}

fn suite() -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/hard");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("fixtures/hard")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

fn main() {
    let config = config();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .expect("a thread pool");
    let files: Vec<PathBuf> = suite()
        .into_iter()
        .filter(|f| {
            f.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&config.only))
        })
        .collect();
    let puzzles = files
        .iter()
        .map(|file| scramble::read_puzzle(file, Default::default()).expect("a suite puzzle"));
    if let Some(probes) = config.estimate {
        println!(
            "order {}, {probes} probes per puzzle (seed {})\n",
            config.order.name(),
            config.seed
        );
        println!("| puzzle | nodes (95%) | with supply and demand | M nodes/s | exhaustive, one core |");
        println!("|---|---:|---:|---:|---:|");
        puzzles.for_each(|puzzle| estimate_row(&puzzle, &config, probes));
        return;
    }
    let how = match config.restarts {
        Some(unit) => format!("restarts (unit {unit}, seed {})", config.seed),
        None => format!("order {}", config.order.name()),
    };
    println!(
        "{how}, {} thread(s), time limit {:?} per puzzle\n",
        config.threads, config.limit
    );
    println!("| puzzle | found | seconds | nodes | M nodes/s |");
    println!("|---|---|---:|---:|---:|");
    let mut solved = 0;
    for puzzle in puzzles {
        let stop = Stop::never().after(config.limit);
        let context = Context::new().until(&stop);
        let threads = if config.threads == 1 {
            Threads::One
        } else {
            Threads::All
        };
        let search = Search::within(Goal::First, &context).on(threads);
        let outcome = match config.restarts {
            Some(unit) => {
                let restarts = Method::Restarts {
                    unit,
                    seed: config.seed,
                };
                pool.install(|| scramble::solve::run(&puzzle, restarts, &search))
                    .expect("at most 8x8")
            }
            None => {
                let solver = Solver::new(&puzzle, config.order, config.seed).expect("at most 8x8");
                pool.install(|| solver.run(&search))
            }
        };
        let (found, stats) = (outcome.kept.into_iter().next(), outcome.stats);
        if let Some(solution) = &found {
            assert!(solution.is_solution(&puzzle), "{}: not a solution", puzzle.name());
            solved += 1;
        }
        println!(
            "| {} | {} | {:.2} | {} | {:.1} |",
            puzzle.name(),
            match (&found, stats.stopped) {
                (Some(_), _) => "yes",
                (None, true) => "**no** (time limit)",
                (None, false) => "no solution",
            },
            stats.elapsed.as_secs_f64(),
            stats.nodes(),
            stats.nodes_per_second() / 1e6
        );
    }
    println!("\nsolved {solved} of {}", files.len());
}

/// One row of `--estimate`: the tree without and with supply and demand
/// (the same probes until the rule cuts one), and its time at the rate of
/// a half-second count on one core.
fn estimate_row(puzzle: &scramble::Puzzle, config: &Config, probes: u64) {
    let solver = Solver::new(puzzle, config.order, config.seed).expect("at most 8x8");
    let context = scramble::Context::new();
    let plain = solver.estimate(probes, config.seed, Rule::None, &context);
    let pruned = solver.estimate(probes, config.seed, Rule::SupplyDemand, &context);
    let sample = Stop::never().after(Duration::from_millis(500));
    let sampling = scramble::Context::new().until(&sample);
    let count = Search::within(Goal::Count { keep: 0 }, &sampling).on(Threads::One);
    let rate = solver.run(&count).stats.nodes_per_second();
    println!(
        "| {} | {:.1e} ({:.1e}-{:.1e}) | {:.1e} | {:.0} | {:.2e} s |",
        puzzle.name(),
        plain.nodes,
        plain.low,
        plain.high,
        pruned.nodes,
        rate / 1e6,
        plain.nodes / rate
    );
}
