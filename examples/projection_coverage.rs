//! How often the 95% interval of `scramble estimate` on an edge-matching
//! puzzle (a sample of subtrees, `EdgePuzzle::project`) holds the exact node
//! count: generated framed puzzles with a planted solution (5x5 and 6x6,
//! 4 to 6 inner colours, grey on the rim only), each counted whole and
//! projected under `SEEDS` seeds from `SAMPLE` subtrees. Prints the share
//! of intervals that hold and how many standard errors 95% of the runs
//! err by.
//!
//! `cargo run --release --example projection_coverage -- [SAMPLE] [SEEDS] [PUZZLES]`

use scramble::Context;
use scramble::Rng;
use scramble::puzzle::edge::EdgePuzzle;

/// A `w x w` framed board: random inner colours, pieces shuffled and turned.
fn planted(rng: &mut Rng, w: usize, colours: usize) -> EdgePuzzle {
    let mut colour = || 1 + rng.below(colours) as u8;
    let across: Vec<u8> = (0..w * (w - 1)).map(|_| colour()).collect();
    let down: Vec<u8> = (0..(w - 1) * w).map(|_| colour()).collect();
    let mut pieces: Vec<[u8; 4]> = (0..w * w)
        .map(|cell| {
            let (r, c) = (cell / w, cell % w);
            let top = if r == 0 { 0 } else { down[(r - 1) * w + c] };
            let bottom = if r + 1 == w { 0 } else { down[r * w + c] };
            let left = if c == 0 { 0 } else { across[r * (w - 1) + c - 1] };
            let right = if c + 1 == w { 0 } else { across[r * (w - 1) + c] };
            [top, right, bottom, left]
        })
        .collect();
    for piece in &mut pieces {
        piece.rotate_left(rng.below(4));
    }
    rng.shuffle(&mut pieces);
    EdgePuzzle::new(w, w, pieces, vec![]).expect("a planted frame")
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let (sample, seeds, puzzles) = (
        args.first().copied().unwrap_or(256),
        args.get(1).copied().unwrap_or(20),
        args.get(2).copied().unwrap_or(60),
    );
    let mut rng = Rng::new(2026);
    let (mut held, mut runs, mut errors) = (0u64, 0u64, vec![]);
    for i in 0..puzzles {
        let (w, colours) = (5 + (i % 2) as usize, 4 + ((i / 2) % 3) as usize);
        let puzzle = planted(&mut rng, w, colours);
        let exact = puzzle.count(false, 0, &Context::new()).stats.nodes() as f64;
        for seed in 0..seeds {
            let p = puzzle.project(false, sample, seed, &Context::new());
            held += u64::from(p.low <= exact && exact <= p.high);
            runs += 1;
            // The interval is 1.96 standard errors above the point.
            let error = (p.high - p.nodes) / 1.96;
            errors.push(if error > 0.0 {
                (exact - p.nodes).abs() / error
            } else {
                0.0
            });
        }
    }
    errors.sort_by(f64::total_cmp);
    let at = |q: f64| errors[((errors.len() as f64 * q) as usize).min(errors.len() - 1)];
    println!(
        "{puzzles} puzzles, {held} of {runs} intervals hold the exact nodes ({:.1}%); 90%, 95%, 99% of runs err by at most {:.2}, {:.2}, {:.2} standard errors",
        100.0 * held as f64 / runs as f64,
        at(0.90),
        at(0.95),
        at(0.99)
    );
}
