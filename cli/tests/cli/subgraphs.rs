//! `scramble subgraphs`: the 256 four-color subgraphs of a 2x2 puzzle judged
//! by Theorem 2.1, the twisted criterion and brute force.

use predicates::prelude::*;
use serde_json::Value;

use crate::{json_report, scramble};

fn json(args: &[&str], out: &std::path::Path) -> Value {
    json_report(&[&["subgraphs"], args].concat(), out)
}

fn count(report: &Value, key: &str) -> u64 {
    report[key].as_u64().unwrap_or_else(|| panic!("no count {key}"))
}

fn listed(report: &Value) -> &Vec<Value> {
    report["listed"].as_array().expect("a list of subgraphs")
}

#[test]
fn every_2x2_fixture_has_matching_counts_and_rows() {
    let out = tempfile::tempdir().unwrap();
    for name in [
        "paper2x2",
        "named2x2",
        "several2x2",
        "unsolvable2x2",
        "repetition_mismatch2x2",
    ] {
        let report = json(&[&format!("fixtures/{name}.txt")], out.path());
        let rows = listed(&report);
        assert_eq!(count(&report, "subgraphs"), 256, "{name}");
        assert_eq!(rows.len(), 256, "{name}");
        let judged = rows.iter().filter(|r| r["judge"] == true).count() as u64;
        let theorem = rows.iter().filter(|r| r["theorem"] == true).count() as u64;
        assert_eq!(count(&report, "solution_graphs"), judged, "{name}");
        assert_eq!(count(&report, "theorem_accepted"), theorem, "{name}");
        assert_eq!(count(&report, "twisted_mismatches"), 0, "{name}");
        for row in rows {
            let conditions = row["conditions"].as_array().unwrap();
            assert_eq!(conditions.len(), 4);
            let all_hold = conditions.iter().all(|c| c["holds"] == true);
            assert_eq!(row["theorem"], all_hold, "{name} {row}");
            for c in conditions {
                assert_eq!(c["holds"] == true, c["witness"].is_null(), "{name} {c}");
            }
        }
        if report["repetition_free"] == true {
            assert_eq!(count(&report, "theorem_mismatches"), 0, "{name}");
        }
    }
}

#[test]
fn several2x2_has_five_solutions_on_four_solution_graphs() {
    let out = tempfile::tempdir().unwrap();
    let report = json(&["fixtures/several2x2.txt", "--solutions"], out.path());
    assert_eq!(count(&report, "solutions"), 5);
    assert_eq!(count(&report, "solution_graphs"), 4);
    assert_eq!(listed(&report).len(), 4);
    let solutions: usize = listed(&report)
        .iter()
        .map(|r| r["solutions"].as_array().unwrap().len())
        .sum();
    assert_eq!(solutions, 5);
}

#[test]
fn unsolvable2x2_has_no_solution_graph() {
    let out = tempfile::tempdir().unwrap();
    let report = json(&["fixtures/unsolvable2x2.txt"], out.path());
    assert_eq!(count(&report, "solutions"), 0);
    assert_eq!(count(&report, "theorem_accepted"), 0);
    assert_eq!(count(&report, "twisted_accepted"), 0);
}

#[test]
fn a_disagreement_on_a_puzzle_with_repetitions_is_a_finding_not_an_error() {
    let out = tempfile::tempdir().unwrap();
    let report = json(&["fixtures/repetition_mismatch2x2.txt"], out.path());
    assert_eq!(report["repetition_free"], false);
    assert_eq!(count(&report, "theorem_mismatches"), 1);
    assert_eq!(report["counterexample"], false);
    let finding = report["findings"][0].as_str().unwrap();
    assert!(finding.starts_with("finding: Theorem 2.1 disagrees"), "{finding}");
    scramble()
        .args([
            "subgraphs",
            "fixtures/repetition_mismatch2x2.txt",
            "--solutions",
            "--out",
        ])
        .arg(out.path())
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "theorem no twisted yes judge yes  <-- DISAGREEMENT",
        ))
        .stdout(predicate::str::contains(
            "(3) paths fails: path 3- -> 2+ -> 1+ (#4, #3)",
        ))
        .stdout(predicate::str::contains(
            "finding: Theorem 2.1 disagrees with the judge on 1 subgraph;",
        ));
}

#[test]
fn failing_lists_only_that_condition_with_its_witness() {
    let out = tempfile::tempdir().unwrap();
    for (condition, index) in [("1", 0), ("degrees", 1), ("3", 2), ("pseudo-connected", 3)] {
        let report = json(&["fixtures/paper2x2.txt", "--failing", condition], out.path());
        let rows = listed(&report);
        if condition == "1" {
            assert!(rows.is_empty(), "the enumerator takes one edge per color");
            continue;
        }
        assert!(!rows.is_empty(), "{condition}");
        for row in rows {
            let c = &row["conditions"][index];
            assert_eq!(c["holds"], false, "{row}");
            assert!(c["witness"].as_str().unwrap().len() > 10);
        }
    }
    scramble()
        .args(["subgraphs", "fixtures/paper2x2.txt", "--failing", "4", "--out"])
        .arg(out.path())
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "(4) pseudo-connected fails: no pseudo-path joins {",
        ));
}

#[test]
fn the_text_listing_shows_the_solution_graph_and_its_solution() {
    let out = tempfile::tempdir().unwrap();
    scramble()
        .args(["subgraphs", "fixtures/named2x2.txt", "--out"])
        .arg(out.path())
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "moon+->star+ north, cat+->moon- east, star-->fish+ west, fish-->cat- south  [++++] theorem yes twisted \
             yes judge yes\n        solution: north@0 east@0 / west@0 south@0\n",
        ))
        .stdout(predicate::str::contains("Theorem 2.1 accepts 1, disagrees on 0"))
        .stdout(predicate::str::contains("DISAGREEMENT").not());
}

#[test]
fn a_3x3_puzzle_is_refused_with_exit_2() {
    scramble()
        .args(["subgraphs", "fixtures/planted3x3.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr("scramble: error: planted3x3: a 3x3 puzzle; this command needs a 2x2 puzzle (4 pieces)\n");
}

#[test]
fn bad_arguments_exit_2() {
    scramble()
        .args(["subgraphs", "fixtures/paper2x2.txt", "--draw", "256"])
        .assert()
        .code(2);
    scramble()
        .args(["subgraphs", "fixtures/paper2x2.txt", "--failing", "5"])
        .assert()
        .code(2);
    scramble()
        .args(["subgraphs", "fixtures/bad/three_pictures.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("three_pictures.txt:3:9:"));
}

#[test]
fn pictures_of_every_solution_graph_and_of_a_drawn_failing_subgraph() {
    let out = tempfile::tempdir().unwrap();
    let report = json(
        &["fixtures/paper2x2.txt", "--renderer", "embedded", "--draw", "1"],
        out.path(),
    );
    assert_eq!(report["renderer"], "embedded");
    let solutions = out.path().join("paper2x2/solutions");
    let mut names: Vec<String> = std::fs::read_dir(&solutions)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "subgraph-213-alone.svg",
            "subgraph-213-grid-1.svg",
            "subgraph-213-grid-2.svg",
            "subgraph-213-highlighted.svg",
            "subgraph-99-alone.svg",
            "subgraph-99-grid-1.svg",
            "subgraph-99-highlighted.svg",
        ]
    );
    assert_eq!(report["pictures"].as_array().unwrap().len(), 9);
    let alone = std::fs::read_to_string(solutions.join("subgraph-99-alone.svg")).unwrap();
    assert_eq!(
        alone.matches("class=\"edge\"").count(),
        4,
        "only the four centre corners"
    );
    assert!(alone.contains("paper2x2 [99]: solution graph") && alone.contains("Theorem 2.1 holds"));
    let highlighted = std::fs::read_to_string(solutions.join("subgraph-99-highlighted.svg")).unwrap();
    assert_eq!(highlighted.matches("class=\"edge\"").count(), 16, "the whole graph");
    let grid = std::fs::read_to_string(solutions.join("subgraph-99-grid-1.svg")).unwrap();
    assert!(grid.contains("#1@0") && grid.contains("#4@0"));
    let failing = std::fs::read_to_string(out.path().join("paper2x2/subgraphs/subgraph-1-alone.svg")).unwrap();
    // A long title is broken into lines at its `; ` separators.
    for line in [
        "paper2x2 [1]: not a solution graph",
        "(2) degrees fails: in-degree of 1+ is 1 but out-degree of 1- is 0",
        "also fails (3) (4)",
    ] {
        assert!(failing.contains(line), "the title names the failing conditions: {line}");
    }
}

/// Condition (3) must read "path" as a walk of two distinct edges: on this
/// repetition-free puzzle the centre corners `1+->1-` (three times) and
/// `1-->1+` meet (1), (2) and (4), contain no path with three distinct
/// vertices, and are no solution graph; only the walk `1+ -> 1- -> 1+`
/// rejects them.
#[test]
fn condition_3_reads_paths_as_walks_with_repeated_vertices() {
    let out = tempfile::tempdir().unwrap();
    let report = json(&["fixtures/walk_reading2x2.txt"], out.path());
    assert_eq!(report["repetition_free"], true);
    let row = &listed(&report)[0];
    let labels: Vec<&str> = (row["edges"].as_array().unwrap().iter())
        .map(|e| e["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["1+->1- #1", "1+->1- #2", "1+->1- #3", "1-->1+ #4"]);
    let holds: Vec<bool> = row["conditions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["holds"] == true)
        .collect();
    assert_eq!(holds, [true, true, false, true]);
    let witness = row["conditions"][2]["witness"].as_str().unwrap();
    assert!(witness.starts_with("path 1+ -> 1- -> 1+"), "{witness}");
    assert_eq!(row["judge"], false);
    assert_eq!(row["twisted"], false);
}

/// A repetition-free puzzle with self-matching pictures: Theorem 2.1 rejects
/// a solution graph (a finding outside its hypothesis, exit 0), while the
/// repaired (3') and the twisted criterion agree with the judge.
#[test]
fn self_matching_pictures_are_a_finding_that_the_repair_covers() {
    let out = tempfile::tempdir().unwrap();
    let report = json(&["fixtures/self_matching2x2.txt"], out.path());
    assert_eq!(report["self_matching"], serde_json::json!(["2=", "3="]));
    assert_eq!(report["repetition_free"], true);
    assert!(count(&report, "theorem_mismatches") > 0);
    assert!(count(&report, "solution_graphs") > 0);
    for key in ["repaired_mismatches", "twisted_mismatches", "reconstruction_mismatches"] {
        assert_eq!(count(&report, key), 0, "{key}");
    }
    assert_eq!(count(&report, "repaired_accepted"), count(&report, "solution_graphs"));
    assert_eq!(report["counterexample"], false);
    scramble()
        .args(["subgraphs", "fixtures/self_matching2x2.txt", "--solutions", "--out"])
        .arg(out.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("repetition-free, self-matching 2= 3="))
        .stdout(predicate::str::contains(
            "(3') holds: each such path has a self-matching middle A",
        ))
        .stdout(predicate::str::contains(
            "has self-matching pictures (2=, 3=); (3') covers them",
        ));
}

/// Signed puzzles keep the report they had: no self-matching key content.
#[test]
fn signed_puzzles_list_no_self_matching_pictures() {
    let out = tempfile::tempdir().unwrap();
    let report = json(&["fixtures/paper2x2.txt"], out.path());
    assert_eq!(report["self_matching"], serde_json::json!([]));
}
