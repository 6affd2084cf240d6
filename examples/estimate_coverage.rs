//! How often the 95% interval of `scramble estimate` (Knuth's probes)
//! holds the exact node count: every real puzzle of `fixtures/legespiel/`
//! and `fixtures/real/` the backtracker counts in seconds (all but the
//! three 6x6), and `GENERATED` planted puzzles (3x3 and 4x4, 3 to 6
//! patterns; none by default), each estimated with `PROBES` probes under
//! `SEEDS` seeds, spiral order. The real puzzles at 1,000 probes and 20
//! seeds take about 8 minutes on one core.
//!
//! `cargo run --release --example estimate_coverage -- [PROBES] [SEEDS] [GENERATED]`
//! (`NO_REAL=1` leaves the real puzzles out).

use std::path::Path;

use scramble::Rng;
use scramble::solve::{Order, Rule};
use scramble::{Context, PlantOptions, Puzzle, Solver};

/// Seeds (out of `seeds`) whose interval holds the exact nodes of
/// `puzzle`, the exact nodes, and each seed's error in standard errors.
fn covered(puzzle: &Puzzle, probes: u64, seeds: u64) -> Option<(u64, f64, Vec<f64>)> {
    let solver = Solver::new(puzzle, Order::Spiral, 0).ok()?;
    let exact = solver.count().stats.nodes() as f64;
    let (mut held, mut errors) = (0, vec![]);
    for seed in 0..seeds {
        let e = solver.estimate(probes, seed, Rule::None, &Context::new());
        held += u64::from(e.low <= exact && exact <= e.high);
        errors.push(if e.standard_error > 0.0 {
            (exact - e.nodes).abs() / e.standard_error
        } else if exact == e.nodes {
            0.0
        } else {
            f64::INFINITY
        });
    }
    Some((held, exact, errors))
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let (probes, seeds, generated) = (
        args.first().copied().unwrap_or(1000),
        args.get(1).copied().unwrap_or(20),
        args.get(2).copied().unwrap_or(0),
    );
    let mut real = vec![];
    let dirs: &[&str] = if std::env::var_os("NO_REAL").is_some() {
        &[]
    } else {
        &["fixtures/legespiel", "fixtures/real"]
    };
    for dir in dirs {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("run from the repository root")
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        for path in files {
            let name = path.to_string_lossy().to_string();
            // The 6x6 puzzles: Ant Trails cannot be counted, the two others take minutes.
            if name.contains("AntTrails") || name.contains("Danger") || name.contains("Warning") {
                continue;
            }
            if let Ok(puzzle) = scramble::read_puzzle(Path::new(&path), scramble::Format::Auto) {
                real.push(puzzle);
            }
        }
    }
    let mut rng = Rng::new(2026);
    let mut made = vec![];
    for i in 0..generated {
        let size = 3 + (i % 2) as usize;
        let patterns = 3 + ((i / 3) % 4) as u32;
        if let Ok((puzzle, _)) = scramble::planted(size, patterns, &mut rng, PlantOptions::default()) {
            made.push(puzzle);
        }
    }
    for (label, puzzles) in [("real", &real), ("generated", &made)] {
        let (mut held, mut runs, mut under, mut errors) = (0, 0, 0, vec![]);
        for puzzle in puzzles.iter() {
            let Some((h, exact, e)) = covered(puzzle, probes, seeds) else {
                continue;
            };
            errors.extend(e);
            held += h;
            runs += seeds;
            if (h as f64) < 0.9 * seeds as f64 {
                under += 1;
                eprintln!("{label} {}: {h} of {seeds} intervals hold {exact}", puzzle.name());
            }
        }
        println!(
            "{label}: {} puzzles, {held} of {runs} intervals hold the exact nodes ({:.1}%); {under} puzzles below 90%",
            puzzles.len(),
            100.0 * held as f64 / runs.max(1) as f64
        );
        errors.sort_by(f64::total_cmp);
        let quantile = |q: f64| {
            errors
                .get(((errors.len() as f64 * q) as usize).min(errors.len().saturating_sub(1)))
                .copied()
        };
        println!(
            "{label}: error in standard errors: 90% of runs within {:?}, 95% within {:?}, 99% within {:?}",
            quantile(0.90),
            quantile(0.95),
            quantile(0.99)
        );
    }
}
