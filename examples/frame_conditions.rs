//! The conditions on H alone (`theorem::frame`, RESULTS.md open question
//! 4.2) judged against brute force, family by family.
//!
//! For every subgraph H of every family: the frame check's verdict, and the
//! truth: some solution keeps exactly H. The truth comes from
//! `census::nxn::check::keeping` (every arrangement with H's frame, tested side
//! by side) for 2x2 and 3x3, and from `theorem::arrangement_form::evaluate`
//! (the gluing search restricted to H, which shares no code with the frame
//! check) for 4x4 and 5x5, where the brute force is too slow. A false
//! rejection (H kept, a condition fails) would refute a necessity proof; on
//! 2x2 any disagreement refutes exactness. Families:
//!
//! - `2x2-K2`: every four-color subgraph of every 2x2 multiset of
//!   repetition-free pieces over 2 patterns, and `2x2-K1-rep` over 1 pattern
//!   with repetitions;
//! - `3x3-K2`: the census's candidates of every 3x3 multiset of
//!   repetition-free pieces over 2 patterns (the kept subgraphs of the
//!   identity and of the first solution, one quarter turn or one exchange
//!   away, and one kept corner moved);
//! - `NxN-planted`: planted puzzles (repetition-free and not) with the
//!   candidates round the planted solution, two colors' kept corners
//!   swapped, and random frames.
//!
//! ```sh
//! cargo run --release --example frame_conditions -- [PLANTED_PER_SIZE] [--every K] [--write DIR]
//! ```
//! `--every K` takes every K-th puzzle of the 3x3 enumeration (default all).
//! With `--write DIR` the first subgraph of the `3x3-K2` family failing
//! exactly one condition (for each condition), and the first meeting all
//! five and kept by no solution, are written as `DIR/h-NAME.txt` and
//! `DIR/h-NAME.edges`.

use std::collections::{BTreeMap, BTreeSet};

use itertools::Itertools;
use scramble::census::nxn::check::{candidates, keeping};
use scramble::census::pieces::piece_classes;
use scramble::generate::{PlantOptions, Recipe};
use scramble::rng::Rng;
use scramble::theorem::arrangement_form::{corner_moves, evaluate};
use scramble::theorem::edge_list;
use scramble::theorem::frame::{CONDITIONS, FrameVerdict, check};
use scramble::{Arrangement, Placement, Puzzle};

#[derive(Default)]
struct Tally {
    subgraphs: u64,
    kept: u64,
    passed: u64,
    false_rejections: u64,
    passed_not_kept: u64,
    /// Per condition: subgraphs it rejects, and subgraphs only it rejects.
    rejects: [u64; 5],
    only: [u64; 5],
}

impl Tally {
    fn add(&mut self, v: &FrameVerdict, kept: bool) {
        self.subgraphs += 1;
        self.kept += u64::from(kept);
        self.passed += u64::from(v.passes());
        self.false_rejections += u64::from(kept && !v.passes());
        self.passed_not_kept += u64::from(!kept && v.passes());
        let failing: Vec<usize> = (0..5).filter(|&i| v.checks[i].finding.is_err()).collect();
        for &i in &failing {
            self.rejects[i] += 1;
        }
        if let [i] = failing[..] {
            self.only[i] += 1;
        }
    }

    fn print(&self, family: &str) {
        println!(
            "{family}: {} subgraphs, {} kept by a solution, {} pass (H1)-(H5), {} false rejections, {} pass but are kept by none",
            self.subgraphs, self.kept, self.passed, self.false_rejections, self.passed_not_kept
        );
        for (i, condition) in CONDITIONS.iter().enumerate() {
            println!(
                "    {condition}: rejects {}, the only one failing on {}",
                self.rejects[i], self.only[i]
            );
        }
    }
}

/// Every multiset of `n * n` piece classes over `k` patterns.
fn multisets(n: usize, k: usize, repetitions: bool) -> impl Iterator<Item = Puzzle> {
    let classes = piece_classes(k, repetitions);
    (0..classes.len())
        .combinations_with_replacement(n * n)
        .map(move |idx| Puzzle::new(idx.iter().map(|&i| classes[i]).collect()).expect("a square"))
}

/// Every four-color subgraph of a 2x2 puzzle.
fn four_color() -> impl Iterator<Item = BTreeSet<usize>> {
    (0..4usize.pow(4)).map(|m| (0..4).map(|p| 4 * p + (m >> (2 * p)) % 4).collect())
}

/// H with the kept corners of colors `a` and `b` exchanged.
fn swapped(h: &BTreeSet<usize>, a: usize, b: usize) -> BTreeSet<usize> {
    h.iter()
        .map(|&e| match e / 4 {
            p if p == a => 4 * b + e % 4,
            p if p == b => 4 * a + e % 4,
            _ => e,
        })
        .collect()
}

/// A random frame: a random arrangement's kept subgraph.
fn random_frame(n: usize, rng: &mut Rng) -> BTreeSet<usize> {
    scramble::census::nxn::check::kept(&Arrangement::random(n, rng))
}

struct Fixtures {
    dir: Option<String>,
    written: BTreeSet<String>,
}

impl Fixtures {
    fn offer(&mut self, puzzle: &Puzzle, index: usize, h: &BTreeSet<usize>, v: &FrameVerdict, kept: bool) {
        let failing: Vec<usize> = (0..5).filter(|&i| v.checks[i].finding.is_err()).collect();
        let name = match failing[..] {
            [] if !kept => "all-five".to_string(),
            [i] if i > 0 => format!("only-h{}", i + 1),
            _ => return,
        };
        if !self.written.insert(name.clone()) {
            return;
        }
        println!("== {name}: puzzle {index} of the 3x3 K = 2 enumeration\n{puzzle}");
        print!("{}", edge_list::write(puzzle, h));
        for c in &v.checks {
            println!("  {}: {:?}", c.condition, c.finding);
        }
        if let Some(dir) = &self.dir {
            let header = format!(
                "# h-{name}: puzzle {index} of the 3x3 repetition-free K = 2 enumeration\n\
                 # found by `cargo run --release --example frame_conditions -- --write {dir}`\n"
            );
            std::fs::write(format!("{dir}/h-{name}.txt"), format!("{header}{puzzle}\n")).expect("write puzzle");
            std::fs::write(format!("{dir}/h-{name}.edges"), edge_list::write(puzzle, h)).expect("write H");
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let planted_per_size: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let dir = args.iter().position(|a| a == "--write").map(|i| args[i + 1].clone());
    let every: usize = args
        .iter()
        .position(|a| a == "--every")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .unwrap_or(1);
    let mut fixtures = Fixtures {
        dir,
        written: BTreeSet::new(),
    };
    for (family, k, repetitions) in [("2x2-K2", 2, false), ("2x2-K1-rep", 1, true)] {
        let mut t = Tally::default();
        let mut disagreements = 0;
        for puzzle in multisets(2, k, repetitions) {
            for h in four_color() {
                let v = check(&puzzle, &h);
                let kept = !keeping(&puzzle, &h).is_empty();
                disagreements += u64::from(v.passes() != kept);
                t.add(&v, kept);
            }
        }
        t.print(family);
        println!("    exact on 2x2: {disagreements} disagreements");
    }
    let mut t = Tally::default();
    for (index, puzzle) in multisets(3, 2, false).enumerate().step_by(every) {
        let solver = scramble::solve::Solver::new(&puzzle, scramble::solve::Order::Spiral, 0).expect("square");
        let mut seeds = vec![Arrangement::new(
            3,
            (0..9).map(|piece| Placement { piece, rotation: 0 }).collect(),
        )];
        seeds.extend(
            solver
                .run(&scramble::solve::Search::new(scramble::solve::Goal::First))
                .kept,
        );
        for h in candidates(&puzzle, &seeds) {
            let v = check(&puzzle, &h);
            let kept = !keeping(&puzzle, &h).is_empty();
            t.add(&v, kept);
            fixtures.offer(&puzzle, index, &h, &v, kept);
        }
    }
    t.print(&format!("3x3-K2 (census candidates, every {every}th puzzle)"));
    for n in 3..=5 {
        let mut per: BTreeMap<&str, Tally> = BTreeMap::new();
        for repetition_free in [true, false] {
            let recipe = Recipe {
                size: n,
                patterns: n as u32 + 1,
                seed: 23,
                options: PlantOptions {
                    repetition_free,
                    identical: 0,
                },
            };
            for i in 0..planted_per_size {
                let drawn = recipe.draw(i).expect("planted");
                let puzzle = drawn.puzzle;
                let base = scramble::census::nxn::check::kept(&drawn.solution);
                let mut rng = Rng::stream(23, 1000 + i);
                let mut subgraphs: Vec<(&str, BTreeSet<usize>)> = vec![("kept", base.clone())];
                subgraphs.extend(corner_moves(&base).map(|h| ("edge moved", h)));
                for _ in 0..3 * n {
                    let (a, b) = (rng.below(n * n), rng.below(n * n));
                    if a != b {
                        subgraphs.push(("colors swapped", swapped(&base, a, b)));
                    }
                    subgraphs.push(("random frame", random_frame(n, &mut rng)));
                }
                if n == 3 {
                    subgraphs.extend(
                        candidates(&puzzle, std::slice::from_ref(&drawn.solution))
                            .into_iter()
                            .map(|h| ("turn or exchange", h)),
                    );
                }
                for (kind, h) in subgraphs {
                    let v = check(&puzzle, &h);
                    let kept = if n == 3 {
                        !keeping(&puzzle, &h).is_empty()
                    } else {
                        evaluate(&puzzle, &h).accepted()
                    };
                    per.entry(kind).or_default().add(&v, kept);
                }
            }
        }
        for (kind, t) in &per {
            t.print(&format!("{n}x{n} planted, {kind}"));
        }
    }
}
