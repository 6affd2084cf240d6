//! The hard suite harness: one solver configuration over every puzzle of
//! `fixtures/hard/` (README there) with a time limit per puzzle, as a
//! Markdown table of time, nodes and whether a first solution was found.
//!
//! ```text
//! cargo run --release --example suite -- [--order ORDER] [--threads N]
//!     [--time-limit SECONDS] [--only PREFIX]
//! ```
//!
//! `--order` is any `solve --order` value (default `spiral`); `--threads 1`
//! runs [`Solver::first_until`] on one thread, more runs
//! [`Solver::first_parallel`] on that many (default 1); `--time-limit`
//! defaults to 30 s; `--only s8` keeps the files whose name starts so.
//! Times are wall-clock on whatever else the machine is doing: compare
//! configurations by nodes where the machine is shared.

use std::path::{Path, PathBuf};
use std::time::Duration;

use scramble::solve::{Order, Solver, Stop};

struct Config {
    order: Order,
    threads: usize,
    limit: Duration,
    only: String,
}

fn config() -> Config {
    let mut config = Config {
        order: Order::Spiral,
        threads: 1,
        limit: Duration::from_secs(30),
        only: String::new(),
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
    println!(
        "order {}, {} thread(s), time limit {:?} per puzzle\n",
        config.order.name(),
        config.threads,
        config.limit
    );
    println!("| puzzle | found | seconds | nodes | M nodes/s |");
    println!("|---|---|---:|---:|---:|");
    let mut solved = 0;
    let files: Vec<PathBuf> = suite()
        .into_iter()
        .filter(|f| {
            f.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&config.only))
        })
        .collect();
    for file in &files {
        let puzzle = scramble::read_puzzle(file, Default::default()).expect("a suite puzzle");
        let solver = Solver::new(&puzzle, config.order, 0).expect("at most 8x8");
        let stop = Stop::never().after(config.limit);
        let (found, stats) = if config.threads == 1 {
            solver.first_until(&stop)
        } else {
            pool.install(|| solver.first_parallel(&stop))
        };
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
