//! `scramble show`: one line per fixture, plus the figures it prints.

use predicates::prelude::*;

use crate::{real, scramble};

fn shows(path: &str, header: &str) {
    scramble()
        .args(["show", path])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(header));
}

#[test]
fn paper2x2() {
    shows("fixtures/paper2x2.txt", "paper2x2: 2x2 grid, 4 pieces, 4 patterns\n");
}

#[test]
fn named2x2() {
    shows(
        "fixtures/named2x2.txt",
        "named2x2: 2x2 grid, 4 pieces, 6 patterns\n  north  sun+ moon+ star+ tree-\n",
    );
}

#[test]
fn planted3x3() {
    shows(
        "fixtures/planted3x3.txt",
        "planted3x3: 3x3 grid, 9 pieces, 4 patterns\n",
    );
}

#[test]
fn cards3x3() {
    shows(
        "fixtures/cards3x3.txt",
        "cards3x3: 3x3 grid, 9 pieces, 4 patterns\n  0  BLUE- RED- RED- RED-\n",
    );
}

#[test]
fn every_real_puzzle_reads_as_3x3() {
    for name in [
        "africa_puzzle",
        "bird_puzzle",
        "cowboys",
        "crazy_planes",
        "lion_tiger",
        "monkey_puzzle",
    ] {
        shows(&real(name), &format!("{name}: 3x3 grid, 9 pieces, 4 patterns\n"));
    }
}

#[test]
fn json_has_indices_and_repetitions() {
    let out = scramble()
        .args(["show", "--json", &real("repeat_puzzle")])
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["size"], 3);
    assert_eq!(json["repetition_free"], false);
    assert_eq!(
        json["picture_indices"][0],
        serde_json::json!({"picture": "1-", "index": 7})
    );
    let reps = json["repeated"].as_array().unwrap();
    assert!(
        reps.iter()
            .any(|r| r["piece"] == "#3" && r["picture"] == "2-" && r["times"] == 2),
        "{reps:?}"
    );
}

#[test]
fn text_names_repetitions() {
    scramble()
        .args(["show", "fixtures/cards3x3.txt"])
        .assert()
        .success()
        .stdout(predicate::str::contains("repetitions: 0 has RED- 3 times;"));
}

#[test]
fn repetitions_are_called_normal() {
    scramble()
        .args(["show", "fixtures/legespiel/AbsolutKnifflig.config.xml"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "repetitions: #1 has Pippi+ 2 times; #2 has Monkey- 2 times; #5 has Horse- 2 times; #6 has Pippi+ 2 times \
             (normal: a card may show a picture more than once, as many real puzzles do)\n",
        ));
}
