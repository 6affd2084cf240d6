//! Searches random 3x3 puzzles for subgraphs H that meet weaker forms of
//! the `n x n` theorem's gluing condition (C) but are no solution's kept
//! subgraph, and checks the theorem's verdict against the backtracker on
//! every candidate it looks at.
//!
//! Candidates: every H that meets (A) and (B), built from a centre color
//! and four disjoint twisted circuits through its four edges.
//!
//! ```sh
//! cargo run --release --example nxn_counterexamples -- 200 3 [--repetitions] [--write DIR]
//! ```
//! (puzzles per K, largest K). Prints, for each weaker form, the first
//! counterexample found with the fewest patterns, and writes it to `DIR`
//! as `<form>.txt` (the puzzle) and `<form>.h` (the subgraph).

use std::collections::BTreeSet;

use scramble::recording::kept::kept_edges;
use scramble::rng::Rng;
use scramble::theorem::edge_list;
use scramble::theorem::gluing::{Circuits, Edges};
use scramble::theorem::grid::{GridVerdict, evaluate, shapes};
use scramble::{Puzzle, RecordingGraph};

const FORMS: [&str; 4] = ["no-incidence", "no-orientation", "no-circuit-order", "separate"];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let per_k: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let max_k: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(3);
    let repetitions = args.iter().any(|a| a == "--repetitions");
    let write = args.iter().position(|a| a == "--write").map(|i| args[i + 1].clone());
    let mut found: [Option<(Puzzle, BTreeSet<usize>)>; 4] = Default::default();
    let (mut candidates, mut mismatches) = (0u64, 0u64);
    for k in 1..=max_k {
        for index in 0..per_k {
            let puzzle = random_puzzle(k, index, repetitions);
            let truth: BTreeSet<BTreeSet<usize>> = scramble::solve::plain::all_arrangements(&puzzle)
                .iter()
                .map(|a| {
                    let g = RecordingGraph::new(&puzzle);
                    kept_edges(&g, a).into_iter().map(|e| e.index()).collect()
                })
                .collect();
            for h in candidates_of(&puzzle).into_iter().take(20_000) {
                candidates += 1;
                let verdict = evaluate(&puzzle, &h);
                let real = truth.contains(&h);
                if verdict.accepted() != real {
                    mismatches += 1;
                    eprintln!("MISMATCH on {puzzle}\n{}", edge_list::write(&puzzle, &h));
                }
                if real {
                    continue;
                }
                for (slot, form) in found.iter_mut().zip(FORMS) {
                    if slot.is_none() && meets(&verdict, form) {
                        println!("{form}: K = {k}, puzzle {index}");
                        *slot = Some((puzzle.clone().with_name(form), h.clone()));
                    }
                }
            }
        }
    }
    println!("candidates meeting (A) and (B): {candidates}; theorem vs backtracker mismatches: {mismatches}");
    for (slot, form) in found.iter().zip(FORMS) {
        let Some((puzzle, h)) = slot else {
            println!("{form}: none found");
            continue;
        };
        println!("== {form}\n{puzzle}\n{}", edge_list::write(puzzle, h));
        for (name, finding) in evaluate(puzzle, h).findings() {
            println!("  {name}: {finding:?}");
        }
        if let Some(dir) = &write {
            std::fs::write(format!("{dir}/{form}.txt"), format!("{puzzle}\n")).expect("write puzzle");
            std::fs::write(format!("{dir}/{form}.h"), edge_list::write(puzzle, h)).expect("write subgraph");
        }
    }
}

/// Whether a non-solution H shows that a weaker form of (C) is not enough.
fn meets(v: &GridVerdict, form: &str) -> bool {
    match form {
        "no-incidence" => v.incidence.is_err(),
        "no-orientation" => v.circuit_order.is_ok() && v.orientation.is_err(),
        "no-circuit-order" => v.orientation.is_ok() && v.circuit_order.is_err(),
        _ => v.orientation.is_ok() && v.circuit_order.is_ok(),
    }
}

fn random_puzzle(k: u32, index: u64, repetitions: bool) -> Puzzle {
    let mut rng = Rng::stream(u64::from(k) * 1_000_003, index);
    let mut piece = || loop {
        let sides: [String; 4] =
            std::array::from_fn(|_| format!("{}{}", 1 + rng.below(k as usize), if rng.coin() { '+' } else { '-' }));
        let repeated = (0..4).any(|a| (a + 1..4).any(|b| sides[a] == sides[b]));
        if repetitions || !repeated {
            return sides.join(" ");
        }
    };
    let text: Vec<String> = (0..9).map(|_| piece()).collect();
    text.join("\n").parse().expect("puzzle")
}

/// Every H meeting (A) and (B): a centre color and four disjoint circuits
/// through its edges whose union has the 3x3 shapes.
fn candidates_of(puzzle: &Puzzle) -> Vec<BTreeSet<usize>> {
    let edges = Edges::new(puzzle);
    let circuits = Circuits::new(&edges, &vec![true; edges.len()]);
    let sets: BTreeSet<[usize; 4]> = circuits
        .all()
        .map(|c| {
            let mut s = *c;
            s.sort_unstable();
            s
        })
        .collect();
    let mut out = BTreeSet::new();
    for centre in 0..9 {
        let through: Vec<Vec<[usize; 4]>> = (0..4)
            .map(|c| {
                let e = 4 * centre + c;
                sets.iter().filter(|s| s.contains(&e)).copied().collect()
            })
            .collect();
        extend(puzzle, &through, &mut Vec::new(), &mut out);
    }
    out.into_iter().collect()
}

fn extend(
    puzzle: &Puzzle,
    through: &[Vec<[usize; 4]>],
    chosen: &mut Vec<[usize; 4]>,
    out: &mut BTreeSet<BTreeSet<usize>>,
) {
    let h: BTreeSet<usize> = chosen.iter().flatten().copied().collect();
    if h.len() != 4 * chosen.len() || !plausible(&h) || out.len() > 50_000 {
        return;
    }
    let Some(options) = through.get(chosen.len()) else {
        if shapes(puzzle, &h).is_ok() {
            out.insert(h);
        }
        return;
    };
    for set in options {
        chosen.push(*set);
        extend(puzzle, through, chosen, out);
        chosen.pop();
    }
}

/// At most two edges of any color but one, consecutive.
fn plausible(h: &BTreeSet<usize>) -> bool {
    let mut big = 0;
    for piece in 0..9 {
        let corners: Vec<usize> = (0..4).filter(|c| h.contains(&(4 * piece + c))).collect();
        match corners.len() {
            0 | 1 => {}
            2 if (corners[1] - corners[0]) % 2 == 1 => {}
            4 => big += 1,
            _ => return false,
        }
    }
    big <= 1
}
