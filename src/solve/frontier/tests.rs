//! The frontier count judged: against the backtracker's count and looks
//! ([`crate::solve::looks::count`]) on every counted real puzzle and on generated
//! puzzles with identical cards, signed and self-matching pictures, 2x2 to
//! 5x5; against the plain backtracker on the 2x2 census populations.

use std::collections::BTreeSet;
use std::path::Path;

use rayon::prelude::*;

use super::*;
use crate::Piece;
use crate::census::pieces::piece_classes;
use crate::context::Stop;
use crate::puzzle::read::{Format, read_puzzle};
use crate::rng::Rng;
use crate::solve::looks::{self, Look};
use crate::solve::plain;

const BUDGET: u64 = 256 << 20;

fn frontier(puzzle: &Puzzle) -> Result<FrontierCount> {
    Ok(count(puzzle, BUDGET, &Context::new())?.expect("never stopped"))
}

/// Whether the frontier agrees with the backtracker on `puzzle`: `None`
/// when the frontier refused it (state too wide or over the budget).
fn agrees(puzzle: &Puzzle) -> Option<()> {
    let counted = frontier(puzzle).ok()?;
    let judge = looks::count(puzzle, &Context::new()).unwrap();
    assert_eq!(counted.solutions, BigUint::from(judge.solutions), "{}", puzzle.name());
    assert_eq!(
        counted.arrangements,
        BigUint::from(4 * judge.solutions),
        "{}",
        puzzle.name()
    );
    if let Some(looks) = &counted.looks {
        assert_eq!(*looks, BigUint::from(judge.looks.unwrap()), "{}", puzzle.name());
    }
    Some(())
}

#[test]
fn every_counted_real_puzzle_with_repeated_cards_agrees_with_the_backtracker() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/legespiel");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files.retain(|p| p.extension().is_some_and(|e| e == "xml") && !p.ends_with("TheAntTrailsPuzzle.config.xml"));
    assert_eq!(files.len(), 92);
    let judged: Vec<(String, bool)> = files
        .par_iter()
        .map(|path| {
            let puzzle = read_puzzle(path, Format::Auto).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            (name, agrees(&puzzle).is_some())
        })
        .collect();
    let refused: Vec<&str> = judged.iter().filter(|(_, ok)| !ok).map(|(n, _)| n.as_str()).collect();
    // The two 6x6 puzzles of 36 different cards are the backtracker's.
    assert_eq!(refused, ["DangerPuzzle.config.xml", "WarningPuzzle.config.xml"]);
}

/// A random puzzle of `n x n` cards drawn from a few kinds over a few
/// patterns, some of them self-matching.
fn generated(seed: u64) -> Puzzle {
    let mut rng = Rng::stream(0x_f0_7e, seed);
    let n = [2, 2, 3, 3, 3, 4, 4, 5][rng.below(8)];
    generated_of(n, &mut rng).with_name(format!("generated {seed}"))
}

/// A random `n x n` puzzle of a few kinds over a few patterns.
fn generated_of(n: usize, rng: &mut Rng) -> Puzzle {
    // 5x5: signed pictures of three or four patterns, so that the
    // backtracker's tree stays small enough for test time; 6x6 (for the
    // frontier alone): two self-matching patterns and four to six kinds, as Ant Trails.
    let patterns = match n {
        5 => 3 + rng.below(2),
        6 => 2,
        _ => 1 + rng.below(4),
    } as u32;
    let same: Vec<bool> = (0..patterns).map(|_| n == 6 || (n < 5 && rng.below(4) == 0)).collect();
    let picture = |rng: &mut Rng| {
        let p = rng.below(patterns as usize);
        let pattern = crate::Pattern::new(p as u32 + 1);
        let sign = match (same[p], rng.coin()) {
            (true, _) => crate::Sign::Same,
            (false, true) => crate::Sign::Plus,
            (false, false) => crate::Sign::Minus,
        };
        Picture::new(pattern, sign)
    };
    let kinds: Vec<Piece> = (0..if n == 6 { 4 + rng.below(3) } else { 2 + rng.below(5) })
        .map(|_| Piece::new(std::array::from_fn(|_| picture(rng))))
        .collect();
    let pieces = (0..n * n)
        .map(|_| kinds[rng.below(kinds.len())].rotated(rng.below(4)))
        .collect();
    Puzzle::new(pieces).unwrap()
}

/// The most solutions a generated puzzle may have for the backtracker to
/// count it in test time (it walks the looks, the frontier does not).
const JUDGED_UP_TO: u64 = 10_000_000;

#[test]
fn generated_puzzles_with_identical_cards_agree_with_the_backtracker() {
    // (judged, looks counted through the half turn's second fill)
    let judged: Vec<(bool, bool)> = (0..600u64)
        .into_par_iter()
        .map(|seed| {
            let puzzle = generated(seed);
            let counted = frontier(&puzzle).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let judged = counted.solutions <= BigUint::from(JUDGED_UP_TO);
            if judged {
                agrees(&puzzle).unwrap();
            }
            (judged, Model::new(&puzzle).unwrap().kept() == Kept::HalfTurn)
        })
        .collect();
    let count = |f: fn(&(bool, bool)) -> bool| judged.iter().filter(|j| f(j)).count();
    assert!(count(|j| j.0) >= 500, "only {} of 600 judged", count(|j| j.0));
    assert!(
        count(|j| j.0 && j.1) >= 20,
        "{} half-turn looks judged",
        count(|j| j.0 && j.1)
    );
}

/// Every multiset of four piece classes of `census`, counted by the
/// frontier and by the plain backtracker (every arrangement, over 4).
fn census_agrees(patterns: usize, repetition_free: bool, stride: usize) -> usize {
    use itertools::Itertools;
    let classes = piece_classes(patterns, repetition_free);
    let puzzles: Vec<Vec<usize>> = (0..classes.len())
        .combinations_with_replacement(4)
        .step_by(stride)
        .collect();
    puzzles
        .par_iter()
        .map(|ids| {
            let puzzle = Puzzle::new(ids.iter().map(|&i| classes[i]).collect()).unwrap();
            let all = plain::all_arrangements(&puzzle);
            let counted = frontier(&puzzle).unwrap();
            assert_eq!(counted.arrangements, BigUint::from(all.len()), "{ids:?}");
            if let Some(looks) = counted.looks {
                let seen: BTreeSet<Look> = all.iter().map(|a| Look::of(&puzzle, a).canonical()).collect();
                assert_eq!(looks, BigUint::from(seen.len()), "{ids:?}");
            }
        })
        .count()
}

#[test]
fn the_2x2_census_populations_agree_with_the_plain_backtracker() {
    assert_eq!(census_agrees(1, false, 1), 126);
    assert_eq!(census_agrees(2, true, 1), 126);
    assert!(census_agrees(2, false, 97) > 11_000);
    assert!(census_agrees(3, true, 997) > 2_900);
}

#[test]
fn a_stopped_count_reports_nothing_and_a_small_budget_refuses() {
    let puzzle = generated(3);
    let stop = Stop::never().after(std::time::Duration::ZERO);
    assert_eq!(count(&puzzle, BUDGET, &Context::new().until(&stop)).unwrap(), None);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/legespiel/TheAntTrailsPuzzle.config.xml");
    let ants = read_puzzle(&dir, Format::Auto).unwrap();
    let refused = count(&ants, 1 << 20, &Context::new()).unwrap_err().to_string();
    assert!(refused.contains("states (its memory budget) at cell"), "{refused}");
}

/// Framed edge-matching puzzles (squares and rectangles from 2x2 to 5x4,
/// grey only on the rim or inside too, few colours so that pieces repeat):
/// the frontier's filled boards are the plain judge's (every piece in every
/// turn in every cell, `edge::judge`) up to 9 cells, and the row-scan
/// search's with every rotation above.
#[test]
fn framed_puzzles_agree_with_the_edge_judge() {
    use crate::puzzle::edge::{self, tests::planted};
    let shapes = [
        (2, 2),
        (3, 2),
        (2, 3),
        (3, 3),
        (4, 3),
        (3, 4),
        (4, 4),
        (5, 3),
        (5, 4),
        (4, 5),
    ];
    let mut repeated = 0;
    for seed in 0..200u64 {
        let (w, h) = shapes[seed as usize % shapes.len()];
        // More colours on the larger boards, whose counts grow fast.
        let colours = 2 + (seed as usize / shapes.len()) % 3 + usize::from(w * h > 9) + usize::from(w * h > 12);
        let puzzle = planted(seed, w, h, colours, seed % 3 == 2);
        let counted = count_framed(&puzzle, BUDGET, &Context::new()).unwrap().unwrap();
        let boards = if w * h <= 9 {
            edge::judge::judge(&puzzle).0
        } else {
            puzzle.count(true, 0, &Context::new()).arrangements
        };
        assert_eq!(counted.arrangements, BigUint::from(boards), "seed {seed}: {w}x{h}");
        assert_eq!(
            counted.solutions,
            BigUint::from(boards / puzzle.symmetries() as u128),
            "seed {seed}"
        );
        assert_eq!(counted.looks, None);
        repeated += usize::from(counted.kinds < w * h);
    }
    assert!(repeated >= 50, "only {repeated} puzzles with repeated pieces");
}

/// Pinned pieces (hints): generated framed puzzles with one to three cells
/// pinned as a filled board has them (first cells, a middle one, the last
/// one) or to a piece and turn no board may have there; the frontier's
/// boards are the plain judge's up to 9 cells and the row-scan search's
/// above, zero included.
#[test]
fn pinned_pieces_agree_with_the_edge_judge() {
    use crate::puzzle::edge::{self, EdgePuzzle, Hint, tests::planted};
    let shapes = [(2, 2), (3, 2), (2, 3), (3, 3), (4, 3), (3, 4), (4, 4), (5, 3)];
    let (mut checked, mut zero) = (0, 0);
    for seed in 0..80u64 {
        let (w, h) = shapes[seed as usize % shapes.len()];
        let colours = 2 + (seed as usize / shapes.len()) % 3 + usize::from(w * h > 9);
        let puzzle = planted(seed, w, h, colours, seed % 4 == 3);
        let board = puzzle.count(true, 1, &Context::new()).boards.remove(0);
        let cells = w * h;
        let from_board = |at: &[usize]| -> Vec<Hint> {
            at.iter()
                .map(|&cell| Hint {
                    cell,
                    piece: board[cell].0,
                    turn: board[cell].1,
                })
                .collect()
        };
        // Pieces of the board moved to other cells and turned other ways,
        // where the frame lets them stand: most have no board.
        let moved = (0..cells).flat_map(|cell| (0..4).map(move |turn| (cell, turn)));
        let others: Vec<Vec<Hint>> = moved
            .filter(|&(cell, turn)| cell != 0 && turn != board[0].1)
            .map(|(cell, turn)| {
                vec![Hint {
                    cell,
                    piece: board[0].0,
                    turn,
                }]
            })
            .filter(|hints| EdgePuzzle::new(w, h, puzzle.pieces().to_vec(), hints.clone()).is_ok())
            .take(2)
            .collect();
        let from_solution = [
            from_board(&[0]),
            from_board(&[0, 1]),
            from_board(&[0, 1, w]),
            from_board(&[cells / 2]),
            from_board(&[cells - 1, cells / 2]),
        ];
        for hints in from_solution.into_iter().chain(others) {
            let pinned = EdgePuzzle::new(w, h, puzzle.pieces().to_vec(), hints.clone()).unwrap();
            let counted = count_framed(&pinned, BUDGET, &Context::new()).unwrap().unwrap();
            let boards = if cells <= 9 {
                edge::judge::judge(&pinned).0
            } else {
                pinned.count(true, 0, &Context::new()).arrangements
            };
            assert_eq!(
                counted.arrangements,
                BigUint::from(boards),
                "seed {seed}: {w}x{h} {hints:?}"
            );
            assert_eq!(
                counted.solutions, counted.arrangements,
                "pinned: no rotation is identified"
            );
            checked += 1;
            zero += usize::from(boards == 0);
        }
    }
    assert!(checked >= 400 && zero >= 40, "{checked} checked, {zero} with no board");
}

/// The dense route's arrangements and looks, when its plan takes at most
/// `bytes`; `None` above.
fn dense_count(model: &Model, bytes: u64) -> Option<(BigUint, Option<BigUint>)> {
    let (cells, half) = model.cells_to_fill();
    let plan = dense::Plan::new(model, cells, !half).filter(|p| p.bytes <= bytes)?;
    Some(by_dense(model, &plan, (cells, half, model.kept()), &Context::new()).expect("never stopped"))
}

/// The dense route (residues modulo primes, rebuilt) against the hashed
/// tables (exact integers), arrangements and looks, on the generated
/// puzzles of both kinds whose dense tables are small.
#[test]
fn the_dense_route_agrees_with_the_hashed_tables() {
    const SMALL: u64 = 32 << 20;
    let signed = (0..300u64).into_par_iter().filter(|&seed| {
        let puzzle = generated(seed);
        let model = Model::new(&puzzle).unwrap();
        let Some(dense) = dense_count(&model, SMALL) else {
            return false;
        };
        let hashed = frontier(&puzzle).unwrap();
        assert_eq!((dense.0, dense.1), (hashed.arrangements, hashed.looks), "seed {seed}");
        true
    });
    assert!(signed.count() >= 200);
    // 6x6, as Ant Trails: self-matching patterns, meeting in the middle.
    let six = (0..16u64).into_par_iter().filter(|&seed| {
        let mut rng = Rng::stream(0x_5e_c5, seed);
        let puzzle = generated_of(6, &mut rng);
        let model = Model::new(&puzzle).unwrap();
        let Some(dense) = dense_count(&model, 4 * SMALL) else {
            return false;
        };
        let hashed = frontier(&puzzle).unwrap();
        assert_eq!(
            (dense.0, dense.1),
            (hashed.arrangements, hashed.looks),
            "6x6 seed {seed}"
        );
        true
    });
    assert!(six.count() >= 6);
    let framed = (0..100u64).into_par_iter().filter(|&seed| {
        let (w, h) = [(2, 2), (3, 2), (3, 3), (4, 3), (4, 4), (5, 4)][seed as usize % 6];
        let puzzle = crate::puzzle::edge::tests::planted(seed, w, h, 2 + seed as usize % 3, seed % 3 == 2);
        let model = Model::framed(&puzzle).unwrap();
        let Some(dense) = dense_count(&model, SMALL) else {
            return false;
        };
        let hashed = count_framed(&puzzle, BUDGET, &Context::new()).unwrap().unwrap();
        assert_eq!(dense.0, hashed.arrangements, "seed {seed}");
        true
    });
    assert!(framed.count() >= 60);
}

#[test]
fn past_an_eighth_of_the_dense_bytes_the_dense_route_counts() {
    let puzzle = generated(7);
    let hashed = frontier(&puzzle).unwrap();
    let model = Model::new(&puzzle).unwrap();
    let (cells, half) = model.cells_to_fill();
    let plan = dense::Plan::new(&model, cells, !half).unwrap();
    // A budget the dense tables fit, an eighth of which the hashed ones pass.
    let counted = run_with(&model, 4, (plan.bytes, 0), &Context::new()).unwrap().unwrap();
    assert!(
        counted.primes > 0,
        "{} states, dense {} entries",
        hashed.states,
        plan.entries
    );
    assert_eq!(
        (counted.arrangements, counted.looks),
        (hashed.arrangements, hashed.looks)
    );
    assert_eq!(hashed.primes, 0);
}

#[test]
fn a_stopped_dense_count_reports_nothing() {
    let model = Model::new(&generated(7)).unwrap();
    let (cells, half) = model.cells_to_fill();
    let plan = dense::Plan::new(&model, cells, !half).unwrap();
    let stop = Stop::never().after(std::time::Duration::ZERO);
    let context = Context::new().until(&stop);
    assert_eq!(by_dense(&model, &plan, (cells, half, model.kept()), &context), None);
    assert!(by_dense(&model, &plan, (cells, half, model.kept()), &Context::new()).is_some());
}
