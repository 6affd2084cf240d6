//! `scramble inspect`: the subgraph a solution of an n x n puzzle keeps.

use predicates::prelude::*;
use serde_json::Value;

use crate::{json_report, real, scramble};

fn json(path: &str, out: &std::path::Path) -> Value {
    json_report(&["inspect", path], out)
}

fn roles(report: &Value) -> Vec<&str> {
    let mut roles: Vec<&str> = report["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["role"].as_str().unwrap())
        .collect();
    roles.sort();
    roles
}

#[test]
fn a_3x3_solution_keeps_16_edges_around_4_lattice_points() {
    let out = tempfile::tempdir().unwrap();
    for path in ["fixtures/planted3x3.txt".to_string(), real("wizards"), real("cowboys")] {
        let report = json(&path, out.path());
        assert_eq!(report["kept_edges"], 16, "{path}");
        assert_eq!(report["recording_edges"], 36, "{path}");
        let mut expected = vec!["corner piece"; 4];
        expected.extend(["edge piece"; 4]);
        expected.push("inner piece");
        assert_eq!(roles(&report), expected, "{path}");
        let points = report["lattice_points"].as_array().unwrap();
        assert_eq!(points.len(), 4);
        assert!(points.iter().all(|p| p["twisted"] == true), "{path}");
    }
}

#[test]
fn on_a_repetition_free_puzzle_every_lattice_point_meets_theorem_2_1() {
    let out = tempfile::tempdir().unwrap();
    let report = json(&real("wizards"), out.path());
    for p in report["lattice_points"].as_array().unwrap() {
        assert_eq!(p["theorem"], true, "{p}");
    }
}

#[test]
fn a_2x2_solution_keeps_its_four_centre_corners() {
    let out = tempfile::tempdir().unwrap();
    let report = json("fixtures/named2x2.txt", out.path());
    assert_eq!(report["kept_edges"], 4);
    assert_eq!(roles(&report), vec!["corner piece"; 4]);
    let edges = report["lattice_points"][0]["edges"].as_array().unwrap();
    let labels: Vec<&str> = edges.iter().map(|e| e["label"].as_str().unwrap()).collect();
    assert_eq!(
        labels,
        [
            "moon+->star+ north",
            "cat+->moon- east",
            "star-->fish+ west",
            "fish-->cat- south"
        ]
    );
    // Piece 1 (north), corner 1: from its right side to its bottom.
    assert_eq!(
        edges[0],
        serde_json::json!({"id": 1, "source": "moon+", "target": "star+", "key": 0, "piece": 1, "corner": 1,
                           "color": edges[0]["color"], "name": "north", "label": "moon+->star+ north"})
    );
}

#[test]
fn the_text_names_each_piece_and_lattice_point() {
    let out = tempfile::tempdir().unwrap();
    scramble()
        .args(["inspect", "fixtures/planted3x3.txt", "--out"])
        .arg(out.path())
        .assert()
        .success()
        .stdout(predicate::str::starts_with("planted3x3: 3x3 solution\n"))
        .stdout(predicate::str::contains("kept edges: 16 of 36"))
        .stdout(predicate::str::contains("inner piece: "))
        .stdout(predicate::str::contains("  (1,1): "));
}

#[test]
fn no_solution_exits_1() {
    let out = tempfile::tempdir().unwrap();
    scramble()
        .args(["inspect", &real("no_solution"), "--out"])
        .arg(out.path())
        .assert()
        .code(1)
        .stdout("no_solution: no solution, nothing to inspect\n");
    scramble()
        .args(["inspect", "fixtures/unsolvable2x2.txt", "--json", "--out"])
        .arg(out.path())
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\"solved\": false"));
}

#[test]
fn pictures_of_the_kept_subgraph_and_the_solved_grid() {
    let out = tempfile::tempdir().unwrap();
    let output = scramble()
        .args(["inspect", &real("wizards"), "--json", "--renderer", "embedded", "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    assert!(output.status.success());
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["pictures"].as_array().unwrap().len(), 3);
    let dir = out.path().join("wizards/inspect");
    let alone = std::fs::read_to_string(dir.join("kept-alone.svg")).unwrap();
    assert_eq!(alone.matches("class=\"edge\"").count(), 16);
    assert!(alone.contains("wizards: the 16 edges a 3x3 solution keeps"));
    let highlighted = std::fs::read_to_string(dir.join("kept-highlighted.svg")).unwrap();
    assert_eq!(highlighted.matches("class=\"edge\"").count(), 36);
    let grid = std::fs::read_to_string(dir.join("solution.svg")).unwrap();
    assert_eq!(grid.matches("class=\"piece\"").count(), 9);
}

/// With self-matching pictures Theorem 2.1 may reject the centre of a
/// solution; the repaired (3') and the twisted criterion accept every one.
#[test]
fn a_self_matching_centre_fails_condition_3_but_meets_the_repair() {
    let out = tempfile::tempdir().unwrap();
    let report = json("fixtures/self_matching2x2.txt", out.path());
    let points = report["lattice_points"].as_array().unwrap();
    assert_eq!(points.len(), 1);
    // Theorem 2.1 accepts none of this puzzle's solution graphs.
    assert!(
        points
            .iter()
            .all(|p| p["theorem"] == false && p["failing"] == serde_json::json!(["(3) paths"]))
    );
    assert!(points.iter().all(|p| p["twisted"] == true && p["repaired"] == true));
}
