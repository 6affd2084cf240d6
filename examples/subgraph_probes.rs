//! How fast `inspect --subgraph` decides n x n probes, and whether it
//! agrees with the exhaustive gluing search (RESULTS.md, question 4.2).
//!
//! Probes, round the first solution of planted `n x n` puzzles over
//! `n + 1` patterns (half repetition-free, half not; seed 23): the
//! solution's kept subgraph H; every subgraph with one kept corner moved to
//! another corner of its color; every pair of colors whose kept corners
//! are exchanged; every color whose kept corners are turned by one, two or
//! three corners. Each probe is decided by `theorem::framed::decide` (the
//! conditions on H alone, then the framed search when they hold: the path
//! `inspect --subgraph` takes from 4x4 on) and by the arrangement form's
//! gluing search restricted to H (`recording::gluing`, every gluing, with a
//! time limit), which shares no code with it; the two lists of solutions
//! must be equal. Prints, per kind of probe, the probes, how many are kept,
//! how many meet every condition on H alone and are kept by no solution
//! (counterexamples to their sufficiency; the first is printed on stderr),
//! the decision's slowest and mean time and how many took over 1 s, the
//! gluing search's slowest time and how many it left undecided, and the
//! disagreements (the program exits 1 on any).
//!
//! ```sh
//! cargo run --release --example subgraph_probes -- [N] [PUZZLES_PER_VARIANT] [--patterns K] [--limit SECONDS]
//! ```
//! Defaults: `N = 5`, 10 puzzles per variant, `K = N + 1`, a 20 s limit
//! for the gluing search. A repetition-free variant that cannot be drawn
//! (too few patterns) is skipped and said so.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use scramble::census::nxn::check::kept;
use scramble::puzzle::generate::{PlantOptions, Recipe};
use scramble::recording::gluing::Gluer;
use scramble::theorem::arrangement_form::corner_moves;
use scramble::theorem::framed::decide;
use scramble::{Arrangement, Puzzle};
use scramble::{Context, Stop};

#[derive(Default)]
struct Tally {
    probes: usize,
    kept: usize,
    searched: usize,
    passed_not_kept: usize,
    slowest: Duration,
    total: Duration,
    over_a_second: usize,
    old_slowest: Duration,
    undecided: usize,
    disagreements: usize,
}

/// Every probe of one solution's kept subgraph, with its kind.
fn probes(h: &BTreeSet<usize>, pieces: usize) -> Vec<(&'static str, BTreeSet<usize>)> {
    let mut out = vec![("kept", h.clone())];
    out.extend(corner_moves(h).map(|p| ("corner moved", p)));
    for a in 0..pieces {
        for b in a + 1..pieces {
            let swapped: BTreeSet<usize> = h
                .iter()
                .map(|&e| match e / 4 {
                    p if p == a => 4 * b + e % 4,
                    p if p == b => 4 * a + e % 4,
                    _ => e,
                })
                .collect();
            if &swapped != h {
                out.push(("corners exchanged", swapped));
            }
        }
        for r in 1..4 {
            let turned: BTreeSet<usize> = h
                .iter()
                .map(|&e| if e / 4 == a { 4 * a + (e % 4 + r) % 4 } else { e })
                .collect();
            if &turned != h {
                out.push(("corners turned", turned));
            }
        }
    }
    out
}

/// The solutions keeping exactly `h` by the gluing search restricted to H
/// (canonical, sorted), or `None` at the time limit.
fn glued(puzzle: &Puzzle, h: &BTreeSet<usize>, limit: Duration) -> Option<Vec<Arrangement>> {
    let n = puzzle.size();
    if h.len() != 4 * (n - 1) * (n - 1) {
        return Some(Vec::new());
    }
    let allowed: Vec<bool> = (0..4 * n * n).map(|e| h.contains(&e)).collect();
    let stop = Stop::never().after(limit);
    let (gluings, stats) = Gluer::new(puzzle, Some(&allowed))
        .within(&Context::new().until(&stop))
        .all();
    if stats.stopped {
        return None;
    }
    let set: BTreeSet<Arrangement> = gluings.into_iter().map(|g| g.arrangement.canonical()).collect();
    Some(set.into_iter().collect())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let positional: Vec<usize> = args
        .iter()
        .take_while(|a| !a.starts_with("--"))
        .filter_map(|a| a.parse().ok())
        .collect();
    let n = positional.first().copied().unwrap_or(5);
    let per_variant = positional.get(1).copied().unwrap_or(10) as u64;
    let patterns = args
        .iter()
        .position(|a| a == "--patterns")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .unwrap_or(n as u32 + 1);
    let limit = args
        .iter()
        .position(|a| a == "--limit")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .map_or(Duration::from_secs(20), Duration::from_secs);
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    for repetition_free in [true, false] {
        let recipe = Recipe {
            size: n,
            patterns,
            seed: 23,
            options: PlantOptions {
                repetition_free,
                identical: 0,
            },
        };
        for i in 0..per_variant {
            let Ok(drawn) = recipe.draw(i) else {
                eprintln!("no planted puzzle: {n}x{n}, K = {patterns}, repetition-free {repetition_free}: skipped");
                break;
            };
            let puzzle = &drawn.puzzle;
            for (kind, h) in probes(&kept(&drawn.solution), puzzle.pieces().len()) {
                let t = tallies.entry(kind).or_default();
                let start = Instant::now();
                let decision = decide(puzzle, &h, &Context::new());
                let took = start.elapsed();
                let old_start = Instant::now();
                let old = glued(puzzle, &h, limit);
                t.old_slowest = t.old_slowest.max(old_start.elapsed());
                t.probes += 1;
                t.kept += usize::from(decision.kept());
                t.searched += usize::from(decision.searched);
                if decision.searched && !decision.kept() {
                    t.passed_not_kept += 1;
                    if t.passed_not_kept == 1 {
                        eprintln!(
                            "(H1)-(H5) hold, no solution keeps it: puzzle {i} (repetition-free {repetition_free}), {kind}\n{}\n{}",
                            puzzle,
                            scramble::theorem::edge_list::write(puzzle, &h)
                        );
                    }
                }
                t.slowest = t.slowest.max(took);
                t.total += took;
                t.over_a_second += usize::from(took > Duration::from_secs(1));
                match old {
                    None => t.undecided += 1,
                    Some(solutions) if solutions != decision.solutions => {
                        t.disagreements += 1;
                        eprintln!("disagreement: puzzle {i} (repetition-free {repetition_free}), {kind}: {h:?}");
                    }
                    Some(_) => {}
                }
            }
        }
    }
    println!(
        "{n}x{n} planted, K = {patterns}, {per_variant} repetition-free and {per_variant} with repetitions (seed 23)"
    );
    println!(
        "{:<18} {:>7} {:>5} {:>8} {:>15} {:>11} {:>10} {:>6} {:>13} {:>10} {:>13}",
        "probe",
        "probes",
        "kept",
        "searched",
        "pass, not kept",
        "slowest ms",
        "mean ms",
        ">1 s",
        "glue slowest",
        "undecided",
        "disagreements"
    );
    let mut wrong = 0;
    for (kind, t) in &tallies {
        println!(
            "{kind:<18} {:>7} {:>5} {:>8} {:>15} {:>11.2} {:>10.3} {:>6} {:>11.0}ms {:>10} {:>13}",
            t.probes,
            t.kept,
            t.searched,
            t.passed_not_kept,
            t.slowest.as_secs_f64() * 1e3,
            t.total.as_secs_f64() * 1e3 / t.probes.max(1) as f64,
            t.over_a_second,
            t.old_slowest.as_secs_f64() * 1e3,
            t.undecided,
            t.disagreements
        );
        wrong += t.disagreements;
    }
    if wrong > 0 {
        std::process::exit(1);
    }
}
