//! Tests of the factorial study.

use super::runs::puzzles;
use super::*;
use crate::context::{Context, Stop, Threads};
use crate::solve::{Cells, Goal, Pieces, Search, Solver, Strategy, Symmetry};
use crate::study::population::{Population, Source, random_order_seed};
use crate::study::rates::Share;

fn options(shapes: Vec<Shape>) -> Options {
    Options {
        shapes,
        populations: POPULATIONS.to_vec(),
        seed: 3,
        random_seeds: 3,
        max_draws_per_puzzle: 10_000,
        repetition_free: false,
        cells: Cells::STUDIED.to_vec(),
        time: false,
    }
}

fn design(shapes: Vec<Shape>) -> Design {
    Design::of(&options(shapes))
}

#[test]
fn numbers_match_direct_solver_calls() {
    let shapes = vec![
        Shape {
            size: 3,
            patterns: 4,
            count: 6,
        },
        Shape {
            size: 4,
            patterns: 6,
            count: 2,
        },
    ];
    let study = run(&design(shapes), &Context::new()).unwrap();
    assert!(study.complete);
    assert_eq!(study.samples.len(), 6);
    for sample in &study.samples {
        for runs in &sample.runs {
            let source = Source::new(sample.population, sample.size, sample.patterns, false, 3).unwrap();
            let puzzle = candidate(&source, runs.index).unwrap();
            let count = Solver::with_strategy(&puzzle, PAPER, 0).unwrap().count();
            assert!(count.solutions >= 1, "every population is solvable");
            assert_eq!(runs.solutions, count.solutions);
            for (strategy, nodes) in strategies(sample.size).iter().zip(&runs.nodes) {
                for (r, n) in nodes.iter().enumerate() {
                    let seed = if strategy.pieces == Pieces::Random {
                        random_order_seed(3, runs.index, r)
                    } else {
                        0
                    };
                    let solver = Solver::with_strategy(&puzzle, *strategy, seed).unwrap();
                    assert_eq!(
                        n.first,
                        solver.run(&Search::new(Goal::First).on(Threads::One)).stats.nodes(),
                        "{}",
                        strategy.name()
                    );
                    if let Some(all) = n.all {
                        assert_eq!(all, solver.count().stats.nodes(), "{}", strategy.name());
                    }
                    assert_eq!(n.all.is_none(), r > 0 && strategy.symmetry == Symmetry::Order);
                }
            }
        }
        // Against itself with independent orders: wins and losses alike.
        let baseline = sample.row(BASELINE).unwrap();
        assert!(baseline.first_vs_baseline.fewer.estimate < 0.7, "{baseline:?}");
        assert_eq!(baseline.all_vs_baseline.ties.estimate, 1.0, "one exhaustive tree");
    }
}

/// The unique-only and per-puzzle figures, recomputed from the runs by
/// hand; times only when asked, nodes the same either way.
#[test]
fn unique_and_per_puzzle_readings_and_time() {
    let shapes = vec![Shape {
        size: 3,
        patterns: 6,
        count: 40,
    }];
    let plain = Design::of(&Options {
        populations: vec![Population::Planted],
        cells: vec![Cells::Spiral, Cells::Paper, Cells::PaperLast],
        random_seeds: 6,
        ..options(shapes)
    });
    let study = run(&plain, &Context::new()).unwrap();
    let sample = &study.samples[0];
    let unique: Vec<&PuzzleRuns> = sample.runs.iter().filter(|r| r.solutions == 1).collect();
    assert_eq!(sample.unique, unique.len());
    assert!(!unique.is_empty() && unique.len() < 40, "{}", unique.len());
    let every = strategies_of(&plain.options.cells, 3);
    let (paper, base) = (
        every
            .iter()
            .position(|s| (s.cells, s.pieces) == (Cells::Paper, Pieces::Value))
            .unwrap(),
        1,
    );
    assert_eq!(every[base], BASELINE);
    let row = sample.row(PAPER).unwrap();
    assert!(row.time.is_none());
    // Per puzzle: the paper's one run against the mean of the R orders.
    let mean = |runs: &PuzzleRuns| runs.nodes[base].iter().map(|n| n.first as f64).sum::<f64>() / 6.0;
    let beats = |of: &[&PuzzleRuns]| of.iter().filter(|r| (r.nodes[paper][0].first as f64) < mean(r)).count();
    let all: Vec<&PuzzleRuns> = sample.runs.iter().collect();
    assert_eq!(row.first_vs_expected.fewer, Share::wilson(beats(&all), 40));
    assert_eq!(
        row.unique_first_vs_expected.fewer,
        Share::wilson(beats(&unique), unique.len())
    );
    // Unique only, by pairs: the share of the R orders beaten, per puzzle.
    let shares = unique.iter().map(|r| {
        let mine = r.nodes[paper][0].first;
        r.nodes[base].iter().filter(|n| mine < n.first).count() as f64 / 6.0
    });
    assert_eq!(row.unique_first_vs_baseline.fewer, Share::clustered(shares));
    let mut ratios: Vec<f64> = all.iter().map(|r| r.nodes[paper][0].first as f64 / mean(r)).collect();
    ratios.sort_by(f64::total_cmp);
    let middle = (ratios[19] + ratios[20]) / 2.0;
    assert!((row.first_vs_expected.median_ratio - middle).abs() < 1e-12);
    // With time: the same nodes, a time for every search.
    let timed = Design::of(&Options {
        time: true,
        ..plain.options.clone()
    });
    let timed = run(&timed, &Context::new()).unwrap();
    let timed_sample = &timed.samples[0];
    for (a, b) in sample.runs.iter().zip(&timed_sample.runs) {
        let firsts = |r: &PuzzleRuns| r.nodes.iter().flatten().map(|n| (n.first, n.all)).collect::<Vec<_>>();
        assert_eq!(firsts(a), firsts(b));
        assert!(b.nodes.iter().flatten().all(|n| n.time.is_some()));
    }
    let time = timed_sample.row(PAPER).unwrap().time.unwrap();
    assert_eq!(time.first_nanos.n, 40);
    assert!(time.first_nanos.min > 0.0);
}

/// `repetition_free` draws repetition-free puzzles in every population
/// of the factorial study, and other puzzles than without it.
#[test]
fn repetition_free_designs_draw_repetition_free_puzzles() {
    let shapes = vec![Shape {
        size: 3,
        patterns: 4,
        count: 8,
    }];
    let free = Design::of(&Options {
        repetition_free: true,
        random_seeds: 2,
        ..options(shapes.clone())
    });
    let study = run(&free, &Context::new()).unwrap();
    let plain = run(
        &Design::of(&Options {
            random_seeds: 2,
            ..options(shapes)
        }),
        &Context::new(),
    )
    .unwrap();
    assert!(study.repetition_free && study.complete);
    for (sample, other) in study.samples.iter().zip(&plain.samples) {
        let source = Source::new(sample.population, 3, 4, true, 3).unwrap();
        for runs in &sample.runs {
            assert!(candidate(&source, runs.index).unwrap().is_repetition_free());
        }
        assert_ne!(sample.runs, other.runs, "{:?}", sample.population);
    }
}

#[test]
fn the_piece_order_does_not_change_the_exhaustive_tree_of_any_cell_rule() {
    for (size, patterns) in [(3, 4), (4, 6)] {
        for index in 0..4 {
            let source = Source::new(Population::Planted, size, patterns, false, 5).unwrap();
            let puzzle = candidate(&source, index).unwrap();
            for (cells, symmetry) in itertools::iproduct!(Cells::ALL, [Symmetry::Number, Symmetry::Value]) {
                let nodes: Vec<u64> = [Pieces::File, Pieces::Value]
                    .into_iter()
                    .map(|pieces| (pieces, 0))
                    .chain((0..3).map(|r| (Pieces::Random, r + 10)))
                    .map(|(pieces, seed)| {
                        let strategy = Strategy {
                            cells,
                            pieces,
                            symmetry,
                        };
                        Solver::with_strategy(&puzzle, strategy, seed)
                            .unwrap()
                            .count()
                            .stats
                            .nodes()
                    })
                    .collect();
                assert!(
                    nodes.windows(2).all(|w| w[0] == w[1]),
                    "{cells:?} {symmetry:?}: {nodes:?}"
                );
            }
        }
    }
}

#[test]
fn uniform_solvable_keeps_solvable_candidates_in_index_order() {
    let shape = Shape {
        size: 3,
        patterns: 5,
        count: 4,
    };
    let source = Source::new(Population::Uniform, shape.size, shape.patterns, false, 1).unwrap();
    let (kept, drawn) = puzzles(&source, shape.count, 0, 100_000, &Stop::never()).unwrap();
    assert_eq!(kept.len(), 4);
    assert!(kept.windows(2).all(|w| w[0].0 < w[1].0));
    assert_eq!(drawn, kept[3].0 + 1);
    let solvable = |i| {
        let puzzle = candidate(&source, i).unwrap();
        crate::solve::plain::count_solutions(&puzzle) > 0
    };
    assert_eq!((0..drawn).filter(|&i| solvable(i)).count(), 4);
}

#[test]
fn a_stopped_study_keeps_nothing_and_says_so() {
    let shapes = vec![Shape {
        size: 3,
        patterns: 4,
        count: 5,
    }];
    let stop = Stop::never().after(std::time::Duration::ZERO);
    let study = run(&design(shapes), &Context::new().until(&stop)).unwrap();
    assert!(!study.complete);
    assert!(study.samples.iter().all(|s| s.puzzles == 0));
}
