//! Every Legespiel configuration of `fixtures/legespiel/` read as it is and
//! its counts judged: solutions and looks of the fast search against the
//! plain backtracker ([`plain`]) on every 2x2 and 3x3 grid; on the larger
//! grids, where the plain backtracker cannot finish, every order's count
//! must agree, every listed solution must be one, one per rotation class,
//! and the looks must be the distinct pictures of the listed solutions.
//! The 6x6 Ant Trails is read but not counted: Knuth's probes put its
//! solutions at about 2.6 x 10^33, beyond any exhaustive search, see
//! RESULTS.md. The counts here go through the twin search of
//! [`count`] wherever cards repeat, so these judges check it too.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::*;
use crate::puzzle::read::{Format, read_puzzle};
use crate::solve::{Goal, Search, plain};

/// The one configuration no search finishes in test time.
const UNCOUNTED: &str = "TheAntTrailsPuzzle.config.xml";

fn configurations() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/legespiel");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "xml"))
        .collect();
    files.sort();
    files
}

fn counted(puzzle: &Puzzle) -> (u64, u64) {
    let counted = count(puzzle, &Context::new()).unwrap();
    (counted.solutions, counted.looks.expect("a complete count has looks"))
}

/// Solutions and looks by the plain backtracker and the brute-force looks.
fn judged_by_plain(puzzle: &Puzzle) -> (u64, u64) {
    let all = plain::all_arrangements(puzzle);
    let looks: BTreeSet<Look> = all.iter().map(|a| Look::of(puzzle, a).canonical()).collect();
    (all.len() as u64 / 4, looks.len() as u64)
}

/// Solutions and looks from every order's listing, checked solution by
/// solution; the orders must agree.
fn judged_by_listing(puzzle: &Puzzle) -> (u64, u64) {
    let mut agreed = None;
    for order in Order::ALL {
        let solver = Solver::new(puzzle, order, 0).unwrap();
        let listed = solver.run(&Search::new(Goal::List { limit: u64::MAX })).kept;
        assert!(listed.iter().all(|a| a.is_solution(puzzle)), "{order:?}");
        let classes: BTreeSet<Look> = listed.iter().map(|a| Look::of(puzzle, a).canonical()).collect();
        let rotations: BTreeSet<Arrangement> = listed.iter().map(canonical_rotation).collect();
        assert_eq!(rotations.len(), listed.len(), "{order:?}: one per rotation class");
        let found = (listed.len() as u64, classes.len() as u64);
        assert_eq!(*agreed.get_or_insert(found), found, "{order:?}");
    }
    agreed.unwrap()
}

/// The least of an arrangement's four whole-grid rotations.
fn canonical_rotation(a: &Arrangement) -> Arrangement {
    std::iter::successors(Some(a.clone()), |r| Some(r.rotated()))
        .take(4)
        .min()
        .unwrap()
}

#[test]
fn every_legespiel_configuration_is_read_and_counted_as_its_judge_counts() {
    let files = configurations();
    assert_eq!(files.len(), 93, "the collection's 93 configurations");
    let judged: Vec<(String, usize)> = files
        .par_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let puzzle = read_puzzle(path, Format::Auto).unwrap_or_else(|e| panic!("{e}"));
            if name != UNCOUNTED {
                let judge = match puzzle.size() {
                    2 | 3 => judged_by_plain(&puzzle),
                    _ => judged_by_listing(&puzzle),
                };
                assert_eq!(counted(&puzzle), judge, "{name}");
            }
            (name, puzzle.size())
        })
        .collect();
    let larger = judged.iter().filter(|(_, n)| *n > 3).count();
    assert_eq!((judged.len(), larger), (93, 6));
}
