//! Criterion benchmarks of the fast solver: real 3x3 puzzles, a batch of
//! 10,000 random 3x3 puzzles, planted 4x4 to 6x6 puzzles (first solution
//! and full count). Run with `cargo bench --bench solve`.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use scramble::Rng;
use scramble::Threads;
use scramble::puzzle::generate::{PlantOptions, planted};
use scramble::solve::{Goal, Order, Search, Solver};
use scramble::{Pattern, Picture, Piece, Puzzle, Sign};

fn real(name: &str) -> Puzzle {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/real")
        .join(name);
    scramble::read_puzzle(&path, Default::default()).expect("real puzzle")
}

/// `count` 3x3 puzzles whose 36 sides are uniformly random over `patterns`.
fn random_3x3(count: usize, patterns: u32, seed: u64) -> Vec<Puzzle> {
    let mut rng = Rng::new(seed);
    let picture = |rng: &mut Rng| {
        let sign = if rng.coin() { Sign::Plus } else { Sign::Minus };
        Picture::new(Pattern::new(rng.below(patterns as usize) as u32 + 1), sign)
    };
    (0..count)
        .map(|_| {
            let pieces = (0..9)
                .map(|_| Piece::new(std::array::from_fn(|_| picture(&mut rng))))
                .collect();
            Puzzle::new(pieces).expect("nine pieces")
        })
        .collect()
}

fn real_3x3(c: &mut Criterion) {
    let mut group = c.benchmark_group("count_3x3_real");
    for name in [
        "monkey_puzzle.txt",
        "repeat_puzzle.txt",
        "wizards.txt",
        "no_solution.txt",
    ] {
        let puzzle = real(name);
        group.bench_function(name.trim_end_matches(".txt"), |b| {
            b.iter(|| {
                Solver::new(black_box(&puzzle), Order::Spiral, 0)
                    .unwrap()
                    .count()
                    .solutions
            })
        });
    }
    group.finish();
}

fn batch_3x3(c: &mut Criterion) {
    let puzzles = random_3x3(10_000, 4, 1);
    let mut group = c.benchmark_group("batch");
    group.sample_size(10);
    group.bench_function("count_10000_random_3x3_4_patterns", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| Solver::new(p, Order::Spiral, 0).unwrap().count().solutions)
                .sum::<u64>()
        })
    });
    group.finish();
}

/// Planted puzzles whose full counts take milliseconds to a second.
fn planted_sizes(c: &mut Criterion) {
    let mut group = c.benchmark_group("planted");
    group.sample_size(10);
    for (size, patterns) in [(4, 4), (5, 5), (6, 7)] {
        let (puzzle, _) = planted(size, patterns, &mut Rng::new(1), PlantOptions::default()).unwrap();
        let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
        group.bench_function(format!("first_{size}x{size}_{patterns}p"), |b| {
            b.iter(|| solver.run(&Search::new(Goal::First).on(Threads::One)).solutions > 0)
        });
        group.bench_function(format!("count_{size}x{size}_{patterns}p"), |b| {
            b.iter(|| solver.count().solutions)
        });
        group.bench_function(format!("count_parallel_{size}x{size}_{patterns}p"), |b| {
            b.iter(|| {
                solver
                    .run(&Search::new(Goal::Count { keep: 0 }).on(Threads::All))
                    .solutions
            })
        });
    }
    group.finish();
}

criterion_group!(benches, real_3x3, batch_3x3, planted_sizes);
criterion_main!(benches);
