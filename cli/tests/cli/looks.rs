//! Look-alike counts in `solve`: `looks` beside `solutions` in text and
//! JSON, and `--list-looks`, judged against every arrangement of the real
//! puzzles mapped to its picture grid.

use std::collections::BTreeSet;

use scramble::solve::plain;
use scramble::{Arrangement, Picture, Placement, Puzzle};

use crate::{json_report, real, scramble};

/// What a person sees of an arrangement: its grid of turned pictures,
/// row-major.
type Look = Vec<[Picture; 4]>;

/// The least look of `arrangement`'s four whole-grid turns: one per look.
fn look(puzzle: &Puzzle, arrangement: &Arrangement) -> Look {
    let turns = std::iter::successors(Some(arrangement.clone()), |a| Some(a.rotated())).take(4);
    let shown = |a: Arrangement| -> Look {
        (0..a.cells().len())
            .map(|cell| std::array::from_fn(|d| a.side(puzzle, cell, d)))
            .collect()
    };
    turns.map(shown).min().expect("four turns")
}

/// The distinct looks of every solution arrangement (the brute force).
fn brute_force(puzzle: &Puzzle) -> BTreeSet<Look> {
    plain::all_arrangements(puzzle)
        .iter()
        .map(|a| look(puzzle, a))
        .collect()
}

/// An arrangement from JSON rows of `#piece@rotation`.
fn arrangement(rows: &serde_json::Value) -> Arrangement {
    let cells: Vec<Placement> = rows
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter())
        .map(|cell| {
            let (piece, rotation) = cell.as_str().unwrap().trim_start_matches('#').split_once('@').unwrap();
            Placement {
                piece: piece.parse::<usize>().unwrap() - 1,
                rotation: rotation.parse().unwrap(),
            }
        })
        .collect();
    Arrangement::new(cells.len().isqrt(), cells)
}

#[test]
fn real_puzzles_list_one_solution_per_look() {
    for name in [
        "africa_puzzle",
        "crazy_planes",
        "plant_puzzle",
        "repeat_puzzle",
        "monkey_puzzle",
    ] {
        let puzzle = scramble::read_puzzle(&crate::at_root(&real(name)), Default::default()).unwrap();
        let looks = brute_force(&puzzle);
        let out = tempfile::tempdir().unwrap();
        let r = json_report(&["solve", &real(name), "--list-looks", "--no-pictures"], out.path());
        assert_eq!(r["looks"], looks.len(), "{name}");
        let listed = &r["listed_looks"];
        assert_eq!(listed["truncated"], false);
        let shown: Vec<Arrangement> = listed["looks"].as_array().unwrap().iter().map(arrangement).collect();
        assert!(shown.iter().all(|a| a.is_solution(&puzzle)), "{name}");
        let seen: BTreeSet<Look> = shown.iter().map(|a| look(&puzzle, a)).collect();
        assert_eq!((seen, shown.len()), (looks.clone(), looks.len()), "{name}");
    }
}

#[test]
fn repeated_cards_make_seven_looks_of_1680_solutions() {
    scramble()
        .args(["solve", &real("repeat_puzzle"), "--list-looks", "--list-limit", "2", "--no-pictures"])
        .assert()
        .success()
        .stdout(predicates::str::starts_with(
            "repeat_puzzle: 1680 solutions (6720 counting the board's turns); they look like 7 different ones (identical cards swapped); the first (spiral order):",
        ))
        .stdout(predicates::str::contains(
            "looks, one solution each (the first 2 of 7; --list-limit N lists more):\n  1  #1@0 #2@0 #3@0 / #4@0 #5@0 #6@0 / #7@0 #8@0 #9@0\n  2  ",
        ));
}

#[test]
fn the_graph_method_counts_looks_but_lists_none() {
    let out = tempfile::tempdir().unwrap();
    let r = json_report(
        &["solve", &real("repeat_puzzle"), "--method", "graph", "--no-pictures"],
        out.path(),
    );
    assert_eq!((r["solutions"].as_u64(), r["looks"].as_u64()), (Some(1680), Some(7)));
    scramble()
        .args(["solve", &real("repeat_puzzle"), "--method", "graph", "--list-looks"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--list-looks"));
    let first = json_report(
        &["solve", &real("repeat_puzzle"), "--first", "--no-pictures"],
        out.path(),
    );
    assert!(first["looks"].is_null(), "a first solution counts no looks");
}
