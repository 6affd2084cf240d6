//! The twin count judged: on generated puzzles full of identical cards
//! (cards copied, turned copies, one or two patterns, self-matching
//! pictures), every order's and symmetry rule's twin count equals the
//! count of the kernel that tells every card apart, and on 2x2 and 3x3
//! grids the plain brute force's solutions and looks.

use std::collections::BTreeSet;

use super::*;
use crate::context::Context;
use crate::context::{Stop, Threads};
use crate::rng::Rng;
use crate::solve::looks::{self, Look};
use crate::solve::{Goal, Order, Outcome, Search, Solver, Strategy, Symmetry, plain};
use crate::{Picture, Piece};

/// A planted `n x n` puzzle over `patterns` patterns (the last one
/// self-matching when `same`) whose picture grid a turn of `4 / order`
/// quarter turns keeps, so cells a turn maps onto each other hold one card
/// type (`order` 1: no symmetry asked): each side's picture is drawn once
/// and copied to its turns, its neighbour across an inner boundary gets the
/// complement. Cards turned at random and shuffled; `None` when the copies
/// disagree.
fn generated(n: usize, patterns: usize, same: bool, order: usize, rng: &mut Rng) -> Option<Puzzle> {
    let picture = |i: usize| {
        let p = Picture::from_dense(i);
        if same && p.pattern().number() as usize == patterns {
            Picture::new(p.pattern(), crate::Sign::Same)
        } else {
            p
        }
    };
    let look = crate::solve::looks::tests::symmetric_grid(n, order, rng, |rng| picture(rng.below(2 * patterns)))?;
    let mut cards: Vec<Piece> = look
        .into_iter()
        .map(|sides| Piece::new(sides).rotated(rng.below(4)))
        .collect();
    rng.shuffle(&mut cards);
    Some(Puzzle::new(cards).expect("a square"))
}

/// The generated puzzles of the judge on `n x n` over `patterns`
/// patterns: `count` tries, a third each kept by no turn, a half turn and
/// a quarter turn, every other one with a self-matching picture.
fn puzzles(n: usize, patterns: std::ops::Range<usize>, count: u64) -> impl Iterator<Item = Puzzle> {
    (0..count).filter_map(move |i| {
        let mut rng = Rng::stream(2800 + n as u64, i);
        let k = patterns.start + (i / 6) as usize % patterns.len();
        generated(n, k, i % 2 == 1, [1, 2, 4][(i / 2 % 3) as usize], &mut rng)
    })
}

/// The count of the kernel without twins when it ends within `limit`.
fn small(puzzle: &Puzzle, limit: std::time::Duration) -> Option<Outcome> {
    let stop = Stop::never().after(limit);
    let context = Context::new().until(&stop);
    let search = Search::within(Goal::Count { keep: 0 }, &context).on(Threads::One);
    let every = Solver::new(puzzle, Order::Spiral, 0).unwrap().run(&search);
    (!every.stats.stopped).then_some(every)
}

/// The twin count of every order and symmetry rule, checked against the
/// count of the kernel that tells every card apart; the agreed count.
fn judged_by_the_kernel(puzzle: &Puzzle, every: &Outcome, orders: &[Order]) {
    for &order in orders {
        for symmetry in Symmetry::ALL {
            let strategy = Strategy {
                symmetry,
                ..order.strategy()
            };
            let twins = Solver::counting(puzzle, strategy, 3).unwrap().count();
            let what = format!("{order:?} {symmetry:?}\n{puzzle}");
            assert_eq!(
                (twins.solutions, twins.symmetric),
                (every.solutions, every.symmetric),
                "{what}"
            );
            assert!(!twins.too_many);
        }
    }
}

/// How many of the judged puzzles had twins, twins in the central cells
/// of an even grid, turned copies, and solutions.
#[derive(Default, Debug)]
struct Seen {
    twins: usize,
    central: usize,
    turned: usize,
    solvable: usize,
}

impl Seen {
    fn note(&mut self, puzzle: &Puzzle, solutions: u64) {
        let Some(twins) = Twins::of(puzzle) else {
            return;
        };
        self.twins += 1;
        self.solvable += usize::from(solutions > 0);
        self.turned += usize::from(twins.offset.iter().any(|&o| o != 0));
        let kept = Solver::counting(puzzle, Order::Spiral.strategy(), 0)
            .unwrap()
            .run(&Search::new(Goal::List { limit: u64::MAX }))
            .kept;
        let n = puzzle.size();
        let weights = kept.iter().map(|a| twins.weight(n, |c| a.cells()[c].piece));
        self.central += usize::from(weights.clone().any(|w| w < 12));
    }
}

#[test]
fn twin_counts_equal_the_plain_brute_force_on_2x2_and_3x3() {
    let mut seen = Seen::default();
    for puzzle in puzzles(2, 1..4, 240).chain(puzzles(3, 2..5, 240)) {
        let Some(every) = small(&puzzle, std::time::Duration::from_secs(1)).filter(|every| every.solutions <= 10_000)
        else {
            continue; // The brute force keeps every arrangement.
        };
        judged_by_the_kernel(&puzzle, &every, &Order::ALL);
        let all = plain::all_arrangements(&puzzle);
        assert_eq!(every.solutions, all.len() as u64 / 4, "{puzzle}");
        let brute: BTreeSet<Look> = all.iter().map(|a| Look::of(&puzzle, a).canonical()).collect();
        let counted = looks::count(&puzzle, &Context::new()).unwrap();
        assert_eq!(
            (counted.solutions, counted.looks),
            (every.solutions, Some(brute.len() as u64)),
            "{puzzle}"
        );
        seen.note(&puzzle, every.solutions);
    }
    eprintln!("2x2 and 3x3: {seen:?}");
    assert!(
        seen.twins >= 150 && seen.solvable >= 150 && seen.central >= 30 && seen.turned >= 100,
        "{seen:?}"
    );
}

#[test]
fn twin_counts_equal_the_kernel_on_4x4_and_5x5_on_every_core() {
    let mut seen = Seen::default();
    for puzzle in puzzles(4, 3..5, 60).chain(puzzles(5, 4..6, 18)) {
        // A count past 100 ms gives up there: the judge would take minutes.
        let Some(every) = small(&puzzle, std::time::Duration::from_millis(100)) else {
            continue;
        };
        judged_by_the_kernel(
            &puzzle,
            &every,
            &[Order::Spiral, Order::RowMajor, Order::MostConstrained],
        );
        let search = Search::new(Goal::Count { keep: 0 }).on(Threads::All);
        let parallel = Solver::counting(&puzzle, Order::Spiral.strategy(), 0)
            .unwrap()
            .run(&search);
        assert_eq!(
            (parallel.solutions, parallel.symmetric),
            (every.solutions, every.symmetric)
        );
        seen.note(&puzzle, every.solutions);
    }
    eprintln!("4x4 and 5x5: {seen:?}");
    assert!(seen.twins >= 5 && seen.solvable >= 5 && seen.central >= 5, "{seen:?}");
}

#[test]
fn the_kept_solutions_are_solutions_one_per_relabelling() {
    for puzzle in puzzles(3, 2..4, 60) {
        let solver = Solver::counting(&puzzle, Order::Spiral.strategy(), 0).unwrap();
        let kept = solver.run(&Search::new(Goal::List { limit: u64::MAX })).kept;
        assert!(kept.iter().all(|a| a.is_solution(&puzzle)), "{puzzle}");
        let relabelled: BTreeSet<Vec<(u8, usize)>> = kept
            .iter()
            .map(|a| {
                let twins = Twins::of(&puzzle).unwrap_or_default();
                let kind = |p: usize| twins.type_of.get(p).copied().unwrap_or(p as u8);
                a.cells().iter().map(|c| (kind(c.piece), c.rotation)).collect()
            })
            .collect();
        assert_eq!(relabelled.len(), kept.len(), "no two differ by twins alone\n{puzzle}");
    }
}

#[test]
fn types_copies_and_turns() {
    let puzzle: Puzzle = "1+ 2+ 1- 2-\n2+ 1- 2- 1+\n1+ 1+ 1- 1-\n2- 1+ 2+ 1-".parse().unwrap();
    let twins = Twins::of(&puzzle).unwrap();
    // Cards 0, 1 and 3 are one card turned: 1+ 2+ 1- 2- is least.
    assert_eq!(twins.copies, vec![0b1011]);
    assert_eq!(twins.type_of, vec![0, 0, 1, 0]);
    // Each copy turned by its offset shows the same card.
    let shown = |p: usize| puzzle.pieces()[p].rotated(usize::from(twins.offset[p]));
    assert_eq!([shown(1), shown(3)], [shown(0); 2]);
    assert_eq!(shown(0), puzzle.pieces()[0].canonical());
    assert_ne!(twins.offset[0], twins.offset[1]);
    assert_eq!(twins.relabellings, Some(6));
    assert_eq!(Twins::blocked(&twins.copies, 0), 0b1010);
    assert_eq!(Twins::blocked(&twins.copies, 0b0001), 0b1000);
    let distinct: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
    assert!(Twins::of(&distinct).is_none());
}

#[test]
fn no_solution_stays_zero_when_the_relabellings_pass_128_bits() {
    // 36 copies of a card that fits no copy of itself: 36! relabellings
    // do not fit in u128, the count is 0 all the same.
    let puzzle: Puzzle = "1+ 1+ 1+ 1+\n".repeat(36).parse().unwrap();
    assert_eq!(Twins::of(&puzzle).unwrap().relabellings, None);
    let search = Search::new(Goal::Count { keep: 1 }).on(Threads::One);
    let outcome = Solver::counting(&puzzle, Order::Spiral.strategy(), 0)
        .unwrap()
        .run(&search);
    let outcome = outcome.checked(&puzzle).expect("no overflow on a count of 0");
    assert_eq!(outcome.solutions, 0);
    assert!(outcome.found().is_none());
}

#[test]
fn a_puzzle_beyond_the_solver_is_refused_before_its_twins_are_sought() {
    // 81 identical cards: more than a 64-bit piece set holds.
    let puzzle: Puzzle = "1+ 2- 1- 2+\n".repeat(81).parse().unwrap();
    assert!(Twins::of(&puzzle).is_none());
    let err = Solver::counting(&puzzle, Order::Spiral.strategy(), 0).unwrap_err();
    assert!(err.to_string().contains("up to 8x8"), "{err}");
}
