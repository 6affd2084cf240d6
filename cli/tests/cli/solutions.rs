//! Every solution, not only the first (issue 10, item 15): `solve --list`
//! (capped, the count exact) and `inspect --solution N`, numbered the same
//! way: the backtracker's search order.

use predicates::prelude::*;
use scramble::Threads;
use scramble::solve::{Goal, Order, Search, Solver};
use scramble::{Arrangement, Placement, Puzzle};
use serde_json::Value;

use crate::{json_report, real, scramble};

/// `solve PUZZLE --list ARGS --json`.
fn listed(puzzle: &str, args: &[&str]) -> Value {
    let out = tempfile::tempdir().unwrap();
    let mut all = vec!["solve", puzzle, "--list"];
    all.extend(args);
    json_report(&all, out.path())
}

/// Rows of `#piece@rotation` as an arrangement.
fn arrangement(rows: &Value) -> Arrangement {
    let rows = rows.as_array().unwrap();
    let cells = rows
        .iter()
        .flat_map(|row| row.as_array().unwrap().clone())
        .map(|cell| {
            let (label, rotation) = cell.as_str().unwrap().split_once('@').unwrap();
            Placement {
                piece: label.trim_start_matches('#').parse::<usize>().unwrap() - 1,
                rotation: rotation.parse().unwrap(),
            }
        })
        .collect();
    Arrangement::new(rows.len(), cells)
}

fn read(path: &str) -> Puzzle {
    let path = std::path::Path::new(crate::ROOT).join(path);
    scramble::read_puzzle(&path, Default::default()).unwrap()
}

/// Checks that `report` lists the first `limit` of `puzzle`'s solutions in
/// the library's search order (one thread), each a real solution, with the
/// whole count.
fn check_list(report: &Value, puzzle: &Puzzle, order: Order, limit: usize) {
    let solver = Solver::new(puzzle, order, 0).unwrap();
    let count = solver.run(&Search::new(Goal::Count { keep: limit as u64 }).on(Threads::One));
    let first = count.kept.clone();
    let listed: Vec<Arrangement> = report["listed"]["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(arrangement)
        .collect();
    assert_eq!(report["solutions"], count.solutions, "the count is exact");
    assert_eq!(listed, first, "{}", puzzle.name());
    assert!(listed.iter().all(|a| a.is_solution(puzzle)));
    assert_eq!(report["listed"]["truncated"], count.solutions > limit as u64);
    assert_eq!(report["listed"]["limit"], limit);
    assert_eq!(
        report["solution"], report["listed"]["solutions"][0],
        "the first is shown"
    );
}

#[test]
fn list_shows_every_solution_in_search_order() {
    for (path, name, order) in [
        ("fixtures/paper2x2.txt", "spiral", Order::Spiral),
        ("fixtures/paper2x2.txt", "center-max", Order::CenterMax),
        ("fixtures/real/monkey_puzzle.txt", "row-major", Order::RowMajor),
    ] {
        let report = listed(path, &["--order", name]);
        check_list(&report, &read(path), order, 100);
        let count = scramble::solve::plain::count_solutions(&read(path));
        assert_eq!(report["listed"]["solutions"].as_array().unwrap().len() as u64, count);
    }
}

#[test]
fn the_cap_cuts_the_list_not_the_count() {
    let report = listed("fixtures/paper2x2.txt", &["--list-limit", "2"]);
    check_list(&report, &read("fixtures/paper2x2.txt"), Order::Spiral, 2);
    assert_eq!(report["listed"]["truncated"], true);
    let out = tempfile::tempdir().unwrap();
    scramble()
        .args(["solve", "fixtures/paper2x2.txt", "--list", "--list-limit", "2", "--out"])
        .arg(out.path())
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "paper2x2: 3 solutions (12 counting the board's turns)",
        ))
        .stdout(predicate::str::ends_with(
            "solutions in spiral order (the first 2 of 3; --list-limit N lists more):\n  \
             1  #1@0 #2@0 / #3@0 #4@0\n  2  #1@2 #3@1 / #4@3 #2@2\n",
        ));
}

/// A 4x4 puzzle is counted on every core: the list must still be the first
/// solutions in search order.
#[test]
fn the_parallel_count_lists_in_search_order_too() {
    let dir = tempfile::tempdir().unwrap();
    let options = scramble::puzzle::generate::PlantOptions {
        repetition_free: false,
        identical: 0,
    };
    let mut rng = scramble::Rng::new(3);
    let (puzzle, _) = scramble::puzzle::generate::planted(4, 3, &mut rng, options).unwrap();
    let path = dir.path().join("four.txt");
    std::fs::write(&path, puzzle.to_string()).unwrap();
    let path = path.to_str().unwrap();
    let report = listed(path, &["--list-limit", "7"]);
    let puzzle = scramble::read_puzzle(path.as_ref(), Default::default()).unwrap();
    let count = report["solutions"].as_u64().unwrap();
    assert!(count > 7, "a puzzle with more solutions than listed ({count})");
    check_list(&report, &puzzle, Order::Spiral, 7);
}

#[test]
fn text_lists_all_when_the_cap_is_not_reached() {
    let out = tempfile::tempdir().unwrap();
    let output = scramble()
        .args(["solve", "fixtures/paper2x2.txt", "--list", "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let text = text.replace(out.path().to_str().unwrap(), "[OUT]");
    insta::assert_snapshot!("solve_list_paper2x2", text);
}

#[test]
fn list_conflicts_and_bad_limits_exit_2() {
    for args in [
        &["--list", "--first"][..],
        &["--list", "--list-limit", "0"],
        &["--list", "--list-limit", "many"],
        &["--list", "--method", "graph"],
    ] {
        scramble()
            .args(["solve", "fixtures/paper2x2.txt", "--out", "/nonexistent"])
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("list"));
    }
}

#[test]
fn inspect_solution_n_is_the_n_th_of_the_list() {
    let out = tempfile::tempdir().unwrap();
    let list = listed("fixtures/paper2x2.txt", &[]);
    for n in 1..=3 {
        let args = ["inspect", "fixtures/paper2x2.txt", "--solution", &n.to_string()];
        let report = json_report(&args, out.path());
        assert_eq!(report["solution"], list["listed"]["solutions"][n - 1], "solution {n}");
        assert_eq!(report["number"], n);
        let grid = std::fs::read_to_string(out.path().join("paper2x2/inspect/solution.svg")).unwrap();
        let rows: Vec<String> = report["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| {
                row.as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert!(grid.contains(&rows.join(" / ")), "the picture draws solution {n}");
    }
    let first = json_report(&["inspect", "fixtures/paper2x2.txt"], out.path());
    assert_eq!(
        first["solution"], list["listed"]["solutions"][0],
        "the default is the first"
    );
}

#[test]
fn inspect_solution_text() {
    let output = scramble()
        .args(["inspect", "fixtures/paper2x2.txt", "--solution", "3", "--no-pictures"])
        .output()
        .unwrap();
    assert!(output.status.success());
    insta::assert_snapshot!("inspect_solution_3_paper2x2", String::from_utf8(output.stdout).unwrap());
}

#[test]
fn inspect_solution_out_of_range_exits_2() {
    scramble()
        .args(["inspect", "fixtures/paper2x2.txt", "--solution", "4", "--no-pictures"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--solution 4: paper2x2 has 3 solutions modulo rotation, numbered 1 to 3",
        ));
    scramble()
        .args(["inspect", "fixtures/paper2x2.txt", "--solution", "0", "--no-pictures"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--solution"));
    scramble()
        .args(["inspect", &real("no_solution"), "--solution", "2", "--no-pictures"])
        .assert()
        .code(1)
        .stdout("no_solution: no solution, nothing to inspect\n");
}
