//! Placements per second of the fast solver on a planted puzzle.
//!
//! `cargo run --release --example nodes_per_second -- [SIZE] [PATTERNS] [SEED]`
//! (default 5 5 1) plants a puzzle, counts its solutions in every order on
//! one thread and in the default order on every core, and prints nodes,
//! candidate tests, time and rates.

use scramble::generate::{PlantOptions, planted};
use scramble::rng::Rng;
use scramble::solve::{Count, Order, Solver};

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let size = args.first().copied().unwrap_or(5) as usize;
    let patterns = args.get(1).copied().unwrap_or(5) as u32;
    let seed = args.get(2).copied().unwrap_or(1);
    let (puzzle, _) = planted(size, patterns, &mut Rng::new(seed), PlantOptions::default()).expect("plantable");
    println!("{size}x{size}, {patterns} patterns, seed {seed}");
    for order in Order::ALL {
        let solver = Solver::new(&puzzle, order, seed).expect("solvable size");
        report(&format!("{} (1 thread)", order.name()), &solver.count());
    }
    let solver = Solver::new(&puzzle, Order::Spiral, seed).expect("solvable size");
    let threads = rayon::current_num_threads();
    report(&format!("spiral ({threads} threads)"), &solver.count_parallel());
}

fn report(label: &str, count: &Count) {
    let s = &count.stats;
    let seconds = s.elapsed.as_secs_f64();
    println!(
        "{label:<24} solutions {:>8}  nodes {:>12}  tests {:>12}  {:>8.3} s  {:>7.1} M nodes/s  {:>7.1} M tests/s",
        count.solutions,
        s.nodes(),
        s.candidate_tests,
        seconds,
        s.nodes() as f64 / seconds / 1e6,
        s.candidate_tests as f64 / seconds / 1e6,
    );
}
