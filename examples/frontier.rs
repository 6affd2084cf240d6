//! Counts a puzzle by the frontier with a memory budget of your choice
//! (the command line holds it to 1 GiB), printing the count or how far the
//! states grew before the budget: how Ant Trails' growth was measured.
//!
//! `cargo run --release --example frontier -- PUZZLE [MEMORY_MIB] [THREADS]`

use std::num::NonZeroUsize;
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: frontier PUZZLE [MEMORY_MIB] [THREADS]");
        std::process::exit(2);
    };
    let mib: u64 = args.get(2).map_or(1024, |s| s.parse().expect("a number of MiB"));
    let threads = args.get(3).map_or(1, |s| s.parse().expect("a number of threads"));
    let puzzle = scramble::read_puzzle(Path::new(path), scramble::Format::Auto).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    let context = scramble::Context::new().on_threads(NonZeroUsize::new(threads).expect("at least one thread"));
    let started = std::time::Instant::now();
    match scramble::solve::frontier::count(&puzzle, mib << 20, &context) {
        Ok(Some(count)) => println!("{}", serde_json::to_string(&count).expect("serialisable")),
        Ok(None) => println!("stopped"),
        Err(e) => println!("{e}"),
    }
    eprintln!("{:.1} s", started.elapsed().as_secs_f64());
}
