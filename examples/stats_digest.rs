//! Every statistic and result of the fast solver on many puzzles, one line
//! per (puzzle, order, entry point), to diff before and after a change to the
//! search: solutions, nodes per depth, candidate tests and a hash of the
//! solutions in search order must not move.
//!
//! `cargo run --release --example stats_digest > digest.txt`

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;

use scramble::Rng;
use scramble::puzzle::generate::{PlantOptions, planted};
use scramble::solve::{Goal, Order, Search, Solver};
use scramble::{Pattern, Picture, Piece, Puzzle, Sign};
use scramble::{Stats, Threads};

fn main() {
    for (name, puzzle) in puzzles() {
        for order in Order::ALL {
            let solver = Solver::new(&puzzle, order, 7).expect("supported size");
            let count = solver.count();
            let parallel = solver.run(&Search::new(Goal::Count { keep: 1 }).on(Threads::All));
            assert_eq!(
                (
                    &parallel.stats.nodes_per_depth,
                    parallel.stats.candidate_tests,
                    parallel.solutions
                ),
                (
                    &count.stats.nodes_per_depth,
                    count.stats.candidate_tests,
                    count.solutions
                ),
                "{name} {order:?}: parallel differs"
            );
            println!(
                "{name} {} count {} {}",
                order.name(),
                count.solutions,
                digest(&count.stats)
            );
            let first = solver.run(&Search::new(Goal::First).on(Threads::One));
            println!(
                "{name} {} first {:?} {}",
                order.name(),
                first.found().map(hash),
                digest(&first.stats)
            );
            if puzzle.size() <= 4 && count.solutions <= 10_000 {
                let all = solver.run(&Search::new(Goal::List { limit: u64::MAX }).on(Threads::One));
                println!("{name} {} all {} {}", order.name(), hash(&all.kept), digest(&all.stats));
            }
        }
    }
}

fn digest(stats: &Stats) -> String {
    format!("tests {} nodes {:?}", stats.candidate_tests, stats.nodes_per_depth)
}

fn hash<T: Hash>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// Planted puzzles of every size up to 6x6 with and without repetitions and
/// identical pieces, random 3x3 puzzles and the real ones.
fn puzzles() -> Vec<(String, Puzzle)> {
    let mut out = Vec::new();
    for seed in 0..6 {
        for (size, patterns) in [
            (2, 1),
            (2, 2),
            (3, 2),
            (3, 3),
            (3, 4),
            (4, 4),
            (4, 6),
            (5, 6),
            (5, 9),
            (6, 12),
        ] {
            for (repetition_free, identical) in [(false, 0), (true, 0), (false, 2)] {
                let options = PlantOptions {
                    repetition_free,
                    identical: if size == 2 { identical.min(1) } else { identical },
                };
                if let Ok((puzzle, _)) = planted(size, patterns, &mut Rng::new(seed), options) {
                    out.push((
                        format!("planted-{size}-{patterns}-{seed}-{repetition_free}-{identical}"),
                        puzzle,
                    ));
                }
            }
        }
    }
    out.push((
        "planted-5-5-1".into(),
        planted(5, 5, &mut Rng::new(1), PlantOptions::default()).unwrap().0,
    ));
    let mut rng = Rng::new(1);
    for i in 0..300 {
        out.push((format!("random-3x3-{i}"), random_3x3(&mut rng, 1 + i as u32 % 5)));
    }
    let real = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/real");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&real)
        .expect("real puzzles")
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    for path in names.into_iter().filter(|p| p.extension().is_some_and(|e| e == "txt")) {
        let puzzle = scramble::read_puzzle(&path, Default::default()).expect("real puzzle");
        out.push((path.file_name().unwrap().to_string_lossy().into_owned(), puzzle));
    }
    out
}

/// A 3x3 puzzle whose 36 sides are uniformly random over `patterns`.
fn random_3x3(rng: &mut Rng, patterns: u32) -> Puzzle {
    let mut picture = || {
        let sign = if rng.coin() { Sign::Plus } else { Sign::Minus };
        Picture::new(Pattern::new(rng.below(patterns as usize) as u32 + 1), sign)
    };
    let pieces = (0..9).map(|_| Piece::new(std::array::from_fn(|_| picture()))).collect();
    Puzzle::new(pieces).expect("nine pieces")
}
