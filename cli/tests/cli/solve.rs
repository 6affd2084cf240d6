//! `scramble solve`: counts, first solutions, JSON, pictures, exit codes.

use predicates::prelude::*;
use scramble::solve::plain;

use crate::{real, scramble};

/// The JSON report of `solve` with extra arguments.
fn report(puzzle: &str, extra: &[&str]) -> serde_json::Value {
    let out = tempfile::tempdir().unwrap();
    let output = scramble()
        .args(["solve", puzzle, "--json", "--out"])
        .arg(out.path())
        .args(extra)
        .output()
        .unwrap();
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn counts_agree_with_the_plain_backtracker_in_every_order() {
    for name in ["monkey_puzzle", "repeat_puzzle", "wizards"] {
        let puzzle = scramble::read_puzzle(&crate::at_root(&real(name)), Default::default());
        let expected = plain::count_solutions(&puzzle.unwrap());
        for order in ["spiral", "row-major", "center-max", "random"] {
            let r = report(&real(name), &["--order", order, "--seed", "5"]);
            assert_eq!(r["solutions"], expected, "{name} {order}");
            assert_eq!(r["arrangements"], 4 * expected);
            assert_eq!(r["order"], order);
            assert!(r["nodes"].as_u64().unwrap() > 0);
        }
    }
}

#[test]
fn text_shows_the_grid_and_writes_the_svg() {
    let out = tempfile::tempdir().unwrap();
    scramble()
        .args(["solve", &real("monkey_puzzle"), "--stats", "--out"])
        .arg(out.path())
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "monkey_puzzle: 2 solutions (8 counting the board's turns); every solution looks different; the first (spiral order):\n+---",
        ))
        .stdout(predicate::str::contains("nodes per depth: 9 "));
    let svg = std::fs::read_to_string(out.path().join("monkey_puzzle/solution.svg")).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
}

#[test]
fn first_reports_a_solution_that_checks() {
    let r = report(&real("bird_puzzle"), &["--first", "--order", "center-max"]);
    assert_eq!(r["mode"], "first");
    assert_eq!(r["solutions"], 1);
    assert!(r["arrangements"].is_null(), "a first solution is not a count");
    let puzzle = scramble::read_puzzle(&crate::at_root(&real("bird_puzzle")), Default::default()).unwrap();
    let cells: Vec<scramble::Placement> = r["solution"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().clone())
        .map(|cell| {
            let (label, rotation) = cell.as_str().unwrap().split_once('@').unwrap();
            scramble::Placement {
                piece: label.trim_start_matches('#').parse::<usize>().unwrap() - 1,
                rotation: rotation.parse().unwrap(),
            }
        })
        .collect();
    assert!(scramble::Arrangement::new(3, cells).is_solution(&puzzle));
}

#[test]
fn no_solution_exits_1() {
    let out = tempfile::tempdir().unwrap();
    scramble()
        .args(["solve", &real("no_solution"), "--out"])
        .arg(out.path())
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(
            "no_solution: no solution\nwhy:\n  counting: ",
        ));
    assert!(!out.path().join("no_solution").exists());
}

#[test]
fn all_and_first_conflict_and_bad_files_exit_2() {
    scramble()
        .args(["solve", &real("monkey_puzzle"), "--all", "--first"])
        .assert()
        .code(2);
    scramble()
        .args(["solve", "no/such/file.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no/such/file.txt: cannot read"));
}

/// `--stats` says how many candidates the checks turned down: the tests
/// that did not become nodes.
#[test]
fn stats_count_the_rejected_candidates() {
    let out = tempfile::tempdir().unwrap();
    let report = crate::json_report(&["solve", &real("wizards")], out.path());
    let rejected = report["candidate_tests"].as_u64().unwrap() - report["nodes"].as_u64().unwrap();
    assert!(rejected > 0);
    scramble()
        .args(["solve", &real("wizards"), "--stats", "--out"])
        .arg(out.path())
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "rejected: {rejected} candidates from the tables"
        )));
}

#[test]
fn several_files_are_solved_in_turn_with_the_gravest_exit_code() {
    let out = tempfile::tempdir().unwrap();
    let assert = scramble()
        .args(["solve", "fixtures/paper2x2.txt", "fixtures/unsolvable2x2.txt", "--out"])
        .arg(out.path())
        .assert()
        .code(1);
    let text = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let (first, second) = text.split_once("\n\n").expect("a blank line between reports");
    assert!(
        first.starts_with("paper2x2: 3 solutions (12 counting the board's turns)"),
        "{first}"
    );
    assert!(
        second.starts_with("unsolvable2x2: no solution\nwhy:\n  one picture changed makes it solvable (25 ways, the likeliest typo first):\n"),
        "{second}"
    );
    scramble()
        .args([
            "solve",
            "fixtures/paper2x2.txt",
            "fixtures/paper2x2.txt",
            "--first",
            "--out",
        ])
        .arg(out.path())
        .assert()
        .code(0);
}

#[test]
fn a_bad_file_among_several_is_reported_and_the_others_are_solved() {
    scramble()
        .args([
            "solve",
            "fixtures/bad/three_pictures.txt",
            "fixtures/paper2x2.txt",
            "--no-pictures",
        ])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("paper2x2: 3 solutions"))
        .stderr(predicate::str::starts_with(
            "scramble: error: fixtures/bad/three_pictures.txt:3:9: only 3 pictures",
        ));
}

#[test]
fn many_identical_cards_without_a_solution_have_no_solution() {
    // 36 copies of a card that fits no copy of itself: 36! relabellings
    // pass 128 bits, the count is 0 all the same (exit 1).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("same.txt");
    std::fs::write(&path, "1+ 1+ 1+ 1+\n".repeat(36)).unwrap();
    let output = scramble().arg("solve").arg(&path).arg("--json").output().unwrap();
    crate::common::assert_exit(&output, 1);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["solutions"], 0);
}

#[test]
fn a_batch_reports_every_good_file_and_every_bad_one_as_json_lines() {
    let bad = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(bad.path(), "1+ 2+ 3+\n").unwrap();
    // Read well, but larger than any solver here takes.
    let big = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(big.path(), "1+ 2- 1- 2+\n".repeat(81)).unwrap();
    let assert = scramble()
        .args(["solve", "fixtures/paper2x2.txt"])
        .arg(bad.path())
        .args(["fixtures/unsolvable2x2.txt", "--json", "--no-pictures"])
        .arg(big.path())
        .assert()
        .code(2);
    let text = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4, "{text}");
    let message = lines[3]["error"]["message"].as_str().unwrap();
    assert!(message.starts_with(&big.path().display().to_string()), "{message}");
    assert!(message.contains("up to 8x8 grids"), "{message}");
    assert_eq!(lines[0]["solutions"], 3);
    assert_eq!(lines[1]["error"]["exit_code"], 2);
    assert!(
        lines[1]["error"]["message"]
            .as_str()
            .unwrap()
            .contains(":1:9: only 3 pictures"),
        "{text}"
    );
    assert_eq!(lines[2]["solutions"], 0);
}
