//! The fast solver against the plain reference backtracker: generated
//! puzzles with a planted solution (proptest and fixed seeds) and the real
//! commercial puzzles.

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::context::{Stop, Threads};
use crate::puzzle::generate::{PlantOptions, planted};
use crate::rng::Rng;
use crate::solve::{Goal, Order, Outcome, Search, Solver, plain};
use crate::{Arrangement, Puzzle};
use proptest::prelude::*;

/// One representative per rotation class, as a set.
fn classes(arrangements: &[Arrangement]) -> BTreeSet<Arrangement> {
    arrangements.iter().map(Arrangement::canonical).collect()
}

/// `goal` on `solver` on `threads`, until `stop`.
fn run(solver: &Solver, goal: Goal, threads: Threads, stop: &Stop) -> Outcome {
    solver.run(&Search::within(goal, &crate::context::Context::new().until(stop)).on(threads))
}

/// A count on every core, whatever the size.
fn count_parallel(solver: &Solver) -> Outcome {
    run(solver, Goal::Count { keep: 1 }, Threads::All, &Stop::never())
}

/// Every solution in search order, on one thread.
fn every_solution(solver: &Solver) -> Vec<Arrangement> {
    run(solver, Goal::List { limit: u64::MAX }, Threads::One, &Stop::never()).kept
}

/// The first solution in search order and the work up to it, on one
/// thread, until `stop`.
fn first_until(solver: &Solver, stop: &Stop) -> (Option<Arrangement>, crate::context::Stats) {
    let mut outcome = run(solver, Goal::First, Threads::One, stop);
    (outcome.kept.pop(), outcome.stats)
}

/// Checks every order and every entry point of the fast solver against the
/// plain backtracker; returns the count.
fn check_against_plain(puzzle: &Puzzle, seed: u64) -> u64 {
    let reference = plain::all_arrangements(puzzle);
    assert_eq!(reference.len() % 4, 0, "whole-grid rotations come in fours");
    let expected = reference.len() as u64 / 4;
    let reference_classes = classes(&reference);
    assert_eq!(reference_classes.len() as u64, expected, "{puzzle}");
    for order in Order::ALL {
        let solver = Solver::new(puzzle, order, seed).unwrap();
        let count = solver.count();
        assert_eq!(count.solutions, expected, "{order:?} on\n{puzzle}");
        assert_eq!(4 * count.solutions, reference.len() as u64);
        let parallel = count_parallel(&solver);
        assert_eq!(parallel.solutions, count.solutions, "{order:?} in parallel");
        assert_eq!(
            parallel.stats.nodes_per_depth, count.stats.nodes_per_depth,
            "same tree in parallel"
        );
        assert_eq!(parallel.stats.candidate_tests, count.stats.candidate_tests);
        let all = every_solution(&solver);
        assert!(all.iter().all(|a| a.is_solution(puzzle)), "{order:?}");
        assert_eq!(all.len() as u64, expected);
        assert_eq!(
            classes(&all),
            reference_classes,
            "{order:?}: one per class, every class"
        );
        check_keeping(&solver, &all);
        let (first, _) = first_until(&solver, &Stop::never());
        assert_eq!(first.is_some(), expected > 0);
        assert!(first.as_ref().is_none_or(|a| a.is_solution(puzzle)));
        assert_eq!(
            count.found(),
            first.as_ref(),
            "{order:?}: a count keeps the first solution"
        );
        let counted_first = count_parallel(&solver);
        assert_eq!(
            counted_first.found(),
            first.as_ref(),
            "{order:?}: so does a parallel count"
        );
        let parallel = run(&solver, Goal::First, Threads::All, &Stop::never());
        assert_eq!(
            parallel.found(),
            first.as_ref(),
            "{order:?}: the parallel first is the first in search order"
        );
        assert_eq!(parallel.solutions, u64::from(first.is_some()));
        assert!(!parallel.stats.stopped);
        check_without_stats(&solver, &count_parallel(&solver), first.as_ref());
    }
    expected
}

/// A search that keeps no statistics finds what one that keeps them finds,
/// on one thread and on every core, and its counters are zero.
fn check_without_stats(solver: &Solver, count: &Outcome, first: Option<&Arrangement>) {
    for threads in [Threads::One, Threads::All] {
        let bare = solver.run(&Search::new(Goal::Count { keep: 1 }).on(threads).without_stats());
        assert_eq!((bare.solutions, bare.found()), (count.solutions, count.found()));
        let found = solver.run(&Search::new(Goal::First).on(threads).without_stats());
        assert_eq!(found.found(), first);
        for stats in [&bare.stats, &found.stats] {
            assert_eq!((stats.nodes(), stats.candidate_tests, stats.stopped), (0, 0, false));
            assert_eq!(stats.nodes_per_depth.len(), count.stats.nodes_per_depth.len());
        }
    }
}

/// The solutions kept by a count, on one thread and in parallel, and the
/// `k`-th alone, are the first ones of `all` (every solution in search
/// order), and the count stays whole.
fn check_keeping(solver: &Solver, all: &[Arrangement]) {
    let total = all.len() as u64;
    for keep in [0, 1, 2, 5] {
        let count = run(solver, Goal::Count { keep }, Threads::One, &Stop::never());
        assert_eq!(count.solutions, total);
        assert_eq!(count.kept[..], all[..all.len().min(keep as usize)], "keep {keep}");
        let parallel = run(solver, Goal::Count { keep }, Threads::All, &Stop::never());
        assert_eq!(parallel.solutions, total);
        assert_eq!(parallel.kept, count.kept, "keep {keep} in parallel");
        let listed = run(solver, Goal::List { limit: keep }, Threads::All, &Stop::never());
        assert_eq!(listed.kept, count.kept, "a list of {keep}");
    }
    for index in [0, 1, total.saturating_sub(1), total, total + 3] {
        let nth = run(solver, Goal::Nth(index), Threads::Auto, &Stop::never());
        assert_eq!(nth.found(), all.get(index as usize), "solution number {index}");
        assert_eq!(nth.solutions, (index + 1).min(total), "searched up to number {index}");
    }
}

fn plant(size: usize, patterns: u32, seed: u64, repetition_free: bool, identical: usize) -> Puzzle {
    let options = PlantOptions {
        repetition_free,
        identical,
    };
    planted(size, patterns, &mut Rng::new(seed), options).unwrap().0
}

#[test]
fn fixed_seeds_small_grids_many_solutions() {
    let mut multiple = 0;
    for seed in 0..40 {
        for (size, patterns) in [(2, 1), (2, 2), (3, 3), (3, 4)] {
            let count = check_against_plain(&plant(size, patterns, seed, false, 0), seed);
            assert!(count >= 1, "a planted solution is found");
            multiple += usize::from(count > 1);
        }
    }
    assert!(multiple > 20, "few patterns give several solutions ({multiple})");
}

#[test]
fn fixed_seeds_with_identical_pieces_and_no_repetitions() {
    for seed in 0..20 {
        check_against_plain(&plant(2, 2, seed, true, 1), seed);
        check_against_plain(&plant(3, 2, seed, true, 2), seed);
        check_against_plain(&plant(3, 3, seed, false, 3), seed);
    }
}

#[test]
fn fixed_seeds_four_and_five() {
    for seed in 0..2 {
        check_against_plain(&plant(4, 7, seed, false, 0), seed);
        check_against_plain(&plant(4, 6, seed, true, 2), seed);
        check_against_plain(&plant(5, 12, seed, false, 0), seed);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn fast_matches_plain(
        size in 2usize..=3,
        patterns in 1u32..=4,
        seed in any::<u64>(),
        repetition_free in any::<bool>(),
        identical in 0usize..=2,
    ) {
        // One or two patterns on a 3x3 give up to millions of solutions:
        // too many for the plain backtracker in a debug test.
        let patterns = if size == 3 { patterns.max(3) } else { patterns };
        let repetition_free = repetition_free && patterns >= 2;
        // A 2x2 grid has room for one copy (a copy's neighbours stay free).
        let identical = if size == 2 { identical.min(1) } else { identical };
        let options = PlantOptions { repetition_free, identical };
        let (puzzle, planted_solution) = planted(size, patterns, &mut Rng::new(seed), options).unwrap();
        let count = check_against_plain(&puzzle, seed);
        prop_assert!(count >= 1);
        let all = every_solution(&Solver::new(&puzzle, Order::Spiral, 0).unwrap());
        prop_assert!(classes(&all).contains(&planted_solution.canonical()));
    }
}

fn real(name: &str) -> Puzzle {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/real")
        .join(name);
    crate::read_puzzle(&path, Default::default()).unwrap()
}

const REAL: [&str; 10] = [
    "africa_puzzle.txt",
    "bird_puzzle.txt",
    "cowboys.txt",
    "crazy_planes.txt",
    "lion_tiger.txt",
    "monkey_puzzle.txt",
    "no_solution.txt",
    "plant_puzzle.txt",
    "repeat_puzzle.txt",
    "wizards.txt",
];

#[test]
fn real_puzzles_agree_with_plain() {
    for name in REAL {
        let puzzle = real(name);
        let count = check_against_plain(&puzzle, 7);
        assert_eq!(count == 0, name == "no_solution.txt", "{name}: {count} solutions");
    }
}

/// `first` counts the candidates tested up to the solution it stops at: all
/// of `count`'s work when there is none, less when it stops early, and the
/// same whatever the search checks at once.
#[test]
fn first_counts_the_work_up_to_its_stop() {
    for order in Order::ALL {
        let none = Solver::new(&real("no_solution.txt"), order, 3).unwrap();
        let (first, stats) = first_until(&none, &Stop::never());
        assert!(first.is_none());
        let count = none.count().stats;
        assert_eq!(
            (stats.nodes_per_depth, stats.candidate_tests),
            (count.nodes_per_depth, count.candidate_tests)
        );
        for seed in 0..4 {
            let solver = Solver::new(&plant(4, 6, seed, false, 0), order, seed).unwrap();
            let (first, stats) = first_until(&solver, &Stop::never());
            assert!(first.is_some());
            let count = solver.count().stats;
            assert!(stats.candidate_tests < count.candidate_tests, "{order:?} seed {seed}");
            assert!(stats.nodes() < count.nodes());
            // Every placement found by `first` was one test that passed.
            assert!(stats.nodes() <= stats.candidate_tests);
            assert_eq!(*stats.nodes_per_depth.last().unwrap(), 1, "stops at the first solution");
        }
    }
}

/// A search stopped by its `Stop` says so and reports at most the full
/// count; one that is never stopped is complete.
#[test]
fn stopped_searches_report_partial_counts() {
    let puzzle = plant(4, 3, 1, false, 0);
    let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
    let full = solver.count();
    // Far more than the nodes of one poll, so a search stopped at its first
    // poll has work left.
    assert!(!full.stats.stopped && full.solutions > 0);
    assert!(
        full.stats.nodes() > 4 * u64::from(crate::context::POLL_EVERY),
        "{}",
        full.stats.nodes()
    );
    let expired = Stop::never().after(std::time::Duration::ZERO);
    let partial = run(&solver, Goal::Count { keep: 1 }, Threads::One, &expired);
    assert!(partial.stats.stopped);
    assert!(partial.solutions < full.solutions && partial.stats.nodes() < full.stats.nodes());
    let parallel = run(&solver, Goal::Count { keep: 1 }, Threads::All, &expired);
    assert!(parallel.stats.stopped && parallel.solutions < full.solutions);
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let cancelled = Stop::never().cancelled_by(flag);
    let (found, stats) = first_until(&solver, &cancelled);
    assert!(found.is_none() && stats.stopped);
    let parallel = run(&solver, Goal::First, Threads::All, &cancelled);
    assert!(parallel.found().is_none() && parallel.stats.stopped && parallel.solutions == 0);
}

/// Every cell rule x piece rule x symmetry rule counts what the plain
/// backtracker counts, one solution per rotation class, on even grids
/// (where the symmetry rule matters) and odd ones.
#[test]
fn every_strategy_is_exact_against_plain() {
    use crate::solve::{Cells, Pieces, Strategy, Symmetry};
    let puzzles: Vec<Puzzle> = (0..12)
        .map(|seed| plant(2, 2, seed, false, 0))
        .chain((0..3).map(|seed| plant(4, 6, seed, false, 0)))
        .chain((0..2).map(|seed| plant(4, 7, seed, true, 2)))
        .chain((0..3).map(|seed| plant(3, 3, seed, false, 0)))
        .collect();
    let cells = Cells::ALL;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let reference = plain::all_arrangements(puzzle);
        let expected = classes(&reference);
        for (cells, pieces, symmetry) in itertools::iproduct!(cells, Pieces::ALL, Symmetry::ALL) {
            let strategy = Strategy {
                cells,
                pieces,
                symmetry,
            };
            let solver = Solver::with_strategy(puzzle, strategy, i as u64).unwrap();
            let count = solver.count();
            assert_eq!(
                count.solutions,
                expected.len() as u64,
                "{} on\n{puzzle}",
                strategy.name()
            );
            let all = every_solution(&solver);
            assert!(all.iter().all(|a| a.is_solution(puzzle)));
            assert_eq!(classes(&all), expected, "{}: one per class", strategy.name());
            assert_eq!(
                count_parallel(&solver).stats.nodes_per_depth,
                count.stats.nodes_per_depth
            );
            assert_eq!(first_until(&solver, &Stop::never()).0.as_ref(), count.found());
        }
    }
}

/// A parallel first solution tells its progress of the placements made,
/// [`scramble::POLL_EVERY`] at a time, never more than the nodes it
/// counts.
#[test]
fn a_parallel_first_reports_its_placements() {
    use std::sync::atomic::{AtomicU64, Ordering};
    struct Placements(AtomicU64);
    impl crate::Progress for Placements {
        fn advance(&self, n: u64) {
            self.0.fetch_add(n, Ordering::Relaxed);
        }
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/hard/s8-k7-seed13-0001.txt");
    let puzzle = crate::read_puzzle(&path, Default::default()).unwrap();
    let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
    let stop = Stop::never().after(std::time::Duration::from_millis(300));
    let progress = Placements(AtomicU64::new(0));
    let context = crate::context::Context::new().until(&stop).reporting(&progress);
    let outcome = solver.run(&Search::within(Goal::First, &context).on(Threads::All));
    assert!(outcome.stats.stopped && outcome.found().is_none());
    let told = progress.0.into_inner();
    assert!(told > 0, "a 300 ms search polls");
    assert_eq!(told % u64::from(crate::context::POLL_EVERY), 0);
    assert!(told <= outcome.stats.nodes(), "{told} > {}", outcome.stats.nodes());
}
