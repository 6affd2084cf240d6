//! Where do the second solutions of planted puzzles come from? For the
//! planted 3x3 puzzles with exactly two solutions (modulo rotation), aligns
//! the two (best of the four whole-grid rotations) and classifies how they
//! differ: one piece turned in place, two pieces swapped (identical up to
//! rotation or not), or more cells; and whether only border cells change.
//! Used for RESULTS.md (uniqueness).
//!
//! `cargo run --release --example second_solutions -- [patterns] [count] [seed]`
//! (defaults 8, 2000, 0: the first 2000 puzzles of `scramble study uniqueness`'s 3x3, K = 8 cell).

use std::collections::BTreeMap;

use scramble::puzzle::generate::{PlantOptions, Recipe};
use scramble::solve::{Goal, Order, Search, Solver};
use scramble::{Arrangement, Puzzle};

fn main() {
    let arg = |i: usize, default: u64| {
        std::env::args()
            .nth(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let recipe = Recipe {
        size: 3,
        patterns: arg(1, 8) as u32,
        seed: arg(3, 0),
        options: PlantOptions::default(),
    };
    let count = arg(2, 2000);
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for index in 0..count {
        let puzzle = recipe.draw(index).expect("planted").puzzle;
        let every = Search::new(Goal::List { limit: u64::MAX });
        let solutions = Solver::new(&puzzle, Order::Spiral, 0).expect("3x3").run(&every).kept;
        if let [a, b] = &solutions[..] {
            *kinds.entry(difference(&puzzle, a, b)).or_default() += 1;
        }
    }
    let total: usize = kinds.values().sum();
    println!(
        "{total} of {count} puzzles (3x3, K = {}) have exactly two solutions:",
        recipe.patterns
    );
    for (kind, n) in &kinds {
        println!("{n:>6}  {kind}");
    }
}

/// How `b` differs from `a` at the whole-grid rotation where fewest cells differ.
fn difference(puzzle: &Puzzle, a: &Arrangement, b: &Arrangement) -> String {
    let turns = std::iter::successors(Some(b.clone()), |x| Some(x.rotated())).take(4);
    let differing = turns
        .map(|b| {
            let cells: Vec<usize> = (0..9).filter(|&c| a.cells()[c] != b.cells()[c]).collect();
            (cells, b)
        })
        .min_by_key(|(cells, _)| cells.len())
        .expect("four rotations");
    let (cells, b) = differing;
    let border = if cells.contains(&4) {
        "centre involved"
    } else {
        "border only"
    };
    let same_piece = |c: &usize| a.cells()[*c].piece == b.cells()[*c].piece;
    let kind = match &cells[..] {
        [c] if same_piece(c) => "one piece turned in place".to_string(),
        [x, y] => {
            let (p, q) = (
                puzzle.pieces()[a.cells()[*x].piece],
                puzzle.pieces()[a.cells()[*y].piece],
            );
            let identical = (0..4).any(|r| p.rotated(r) == q);
            format!(
                "two pieces swapped ({})",
                if identical {
                    "identical up to rotation"
                } else {
                    "different pieces"
                }
            )
        }
        more => format!("{} cells differ", more.len().min(9)),
    };
    format!("{kind}, {border}")
}
