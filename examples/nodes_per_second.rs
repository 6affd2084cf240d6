//! Placements per second of the fast solver on a planted puzzle.
//!
//! `cargo run --release --example nodes_per_second -- [SIZE] [PATTERNS] [SEED] [ORDER]`
//! (default 5 5 1) plants a puzzle, counts its solutions in every order on
//! one thread and in the default order on every core, and prints nodes,
//! candidate tests, time and rates. With ORDER (e.g. `spiral`), only that
//! order on one thread: handy under `valgrind --tool=callgrind`.

use scramble::Rng;
use scramble::Threads;
use scramble::puzzle::generate::{PlantOptions, planted};
use scramble::solve::{Goal, Order, Outcome, Search, Solver};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let only = (args.len() > 3).then(|| args.remove(3));
    let args: Vec<u64> = args.iter().map(|a| a.parse().expect("numbers")).collect();
    let size = args.first().copied().unwrap_or(5) as usize;
    let patterns = args.get(1).copied().unwrap_or(5) as u32;
    let seed = args.get(2).copied().unwrap_or(1);
    let (puzzle, _) = planted(size, patterns, &mut Rng::new(seed), PlantOptions::default()).expect("plantable");
    println!("{size}x{size}, {patterns} patterns, seed {seed}");
    for order in Order::ALL
        .into_iter()
        .filter(|o| only.as_ref().is_none_or(|name| o.name() == name))
    {
        let solver = Solver::new(&puzzle, order, seed).expect("solvable size");
        report(&format!("{} (1 thread)", order.name()), &solver.count());
    }
    if only.is_some() {
        return;
    }
    let solver = Solver::new(&puzzle, Order::Spiral, seed).expect("solvable size");
    let threads = rayon::current_num_threads();
    let parallel = solver.run(&Search::new(Goal::Count { keep: 1 }).on(Threads::All));
    report(&format!("spiral ({threads} threads)"), &parallel);
}

fn report(label: &str, count: &Outcome) {
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
