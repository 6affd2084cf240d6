//! The n x n theorem on the command line: `inspect --subgraph`,
//! `solve --method graph` and the 3x3 census `verify --size 3`.

use std::collections::BTreeSet;

use predicates::prelude::*;
use scramble::census::nxn::check::kept;
use scramble::read_puzzle;
use scramble::solve::{Goal, Order, Search, Solver};
use scramble::theorem::edge_list;

use crate::{json_report, real, scramble};

#[test]
fn the_kept_subgraph_of_a_real_solution_is_accepted_with_its_solution() {
    let out = tempfile::tempdir().unwrap();
    let path = real("wizards");
    let puzzle = read_puzzle(&crate::at_root(path.as_ref()), Default::default()).unwrap();
    let first = Solver::new(&puzzle, Order::Spiral, 0)
        .unwrap()
        .run(&Search::new(Goal::First));
    let solution = first.found().unwrap().clone();
    let h: BTreeSet<usize> = kept(&solution);
    let file = out.path().join("kept.h");
    std::fs::write(&file, edge_list::write(&puzzle, &h)).unwrap();
    let report = json_report(&["inspect", &path, "--subgraph", file.to_str().unwrap()], out.path());
    assert_eq!(report["accepted"], true);
    assert_eq!(report["edges"], 16);
    assert!(
        report["conditions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["holds"] == true)
    );
    let rows: Vec<Vec<String>> = serde_json::from_value(report["solutions"][0].clone()).unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(report["pictures"].as_array().unwrap().len(), 3);
}

#[test]
fn a_bad_subgraph_file_names_file_line_and_column() {
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("bad.h");
    std::fs::write(&file, "# a comment\n1+ => 2- #1\n").unwrap();
    scramble()
        .args(["inspect", "fixtures/planted3x3.txt", "--subgraph"])
        .arg(&file)
        .arg("--out")
        .arg(out.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bad.h:2:4: expected `->`, found `=>`"));
}

#[test]
fn the_graph_method_counts_what_the_backtracker_counts_on_real_puzzles() {
    let out = tempfile::tempdir().unwrap();
    for name in ["wizards", "cowboys"] {
        let path = real(name);
        let graph = json_report(&["solve", &path, "--method", "graph"], out.path());
        let backtrack = json_report(&["solve", &path], out.path());
        assert_eq!(graph["method"], "graph");
        assert_eq!(graph["solutions"], backtrack["solutions"], "{name}");
        assert!(graph["solution"].is_array());
    }
}

/// The counterexamples of `fixtures/nxn/`: the condition each must fail and
/// a piece of its witness, and the solutions its puzzle has.
const COUNTEREXAMPLES: [(&str, &str, &str); 4] = [
    (
        "shared-pair",
        "(C1) incidence",
        "colors #8 and #9 both keep two edges and join the same two circuits",
    ),
    (
        "no-orientation",
        "(C1)+(C2) orientation",
        "fails at color #1 in cell (1, 1)",
    ),
    (
        "no-circuit-order",
        "(C1)+(C3) circuit order",
        "head 1- of #7 does not meet tail 2+ of #6",
    ),
    (
        "separate-bijections",
        "(C) gluing",
        "(C2) and (C3) each hold under some bijection, never both under one",
    ),
];

#[test]
fn inspect_names_the_failing_condition_of_every_counterexample_and_exits_1() {
    let out = tempfile::tempdir().unwrap();
    for (name, condition, witness) in COUNTEREXAMPLES {
        let report = inspect_rejected(name, out.path());
        let conditions = report["conditions"].as_array().unwrap();
        let holds = |c: &str| conditions.iter().find(|x| x["condition"] == c).unwrap()["holds"] == true;
        assert!(holds("(A) shapes") && holds("(B) circuits"), "{name}: {conditions:?}");
        let failing = conditions.iter().find(|c| c["condition"] == condition).unwrap();
        assert_eq!(failing["holds"], false, "{name}");
        assert!(
            failing["witness"].as_str().unwrap().contains(witness),
            "{name}: {failing}"
        );
        // The weaker form the fixture refutes holds.
        match name {
            "no-orientation" => assert!(holds("(C1)+(C3) circuit order")),
            "no-circuit-order" => assert!(holds("(C1)+(C2) orientation")),
            "separate-bijections" => assert!(holds("(C1)+(C2) orientation") && holds("(C1)+(C3) circuit order")),
            _ => {}
        }
        let (puzzle, edges) = (format!("fixtures/nxn/{name}.txt"), format!("fixtures/nxn/{name}.edges"));
        scramble()
            .args(["inspect", &puzzle, "--subgraph", &edges, "--no-pictures", "--out"])
            .arg(out.path())
            .assert()
            .code(1)
            .stdout(
                predicate::str::contains("is NOT the kept subgraph of any solution")
                    .and(predicate::str::contains(witness)),
            );
    }
}

#[test]
fn verify_size_3_counts_both_censuses_from_solved_grids() {
    let out = tempfile::tempdir().unwrap();
    let k2 = json_report(&["verify", "--size", "3", "--patterns", "2"], out.path());
    // The totals the backtracker gave puzzle by puzzle (RESULTS.md).
    assert_eq!(
        [&k2["puzzles"], &k2["solvable"], &k2["unique"], &k2["solutions"]],
        [2002, 1782, 0, 7_990_480]
    );
    assert_eq!(k2["complete"], true);
    assert!(k2.get("graph_compared").is_none() && k2.get("candidates").is_none());
    let k1 = json_report(
        &["verify", "--size", "3", "--patterns", "1", "--repetitions"],
        out.path(),
    );
    assert_eq!(
        [&k1["puzzles"], &k1["solvable"], &k1["unique"], &k1["solutions"]],
        [2002, 1384, 0, 8_873_335_904u64]
    );
}

#[test]
fn verify_size_3_checks_a_shard_of_the_k2_census_against_the_backtracker() {
    let out = tempfile::tempdir().unwrap();
    let args = [
        "verify",
        "--size",
        "3",
        "--patterns",
        "2",
        "--shard",
        "7/200",
        "--check",
    ];
    let report = json_report(&args, out.path());
    assert_eq!(report["size"], 3);
    assert_eq!(report["puzzles"], 10);
    assert_eq!(report["checked"], 10);
    assert_eq!(report["count_mismatches"], 0);
    assert_eq!(report["graph_compared"], 10);
    assert_eq!(report["graph_solutions"], report["solutions"]);
    assert_eq!(report["graph_mismatches"], 0);
    assert_eq!(report["theorem_mismatches"], 0);
    assert_eq!(report["theorem_accepted"], report["solution_subgraphs"]);
    assert!(report["candidates"].as_u64().unwrap() > 500);
    assert_eq!(report["shard"]["index"], 7);
    let text = scramble().args(&args[..7]).arg("--check").assert().success();
    let text = String::from_utf8_lossy(&text.get_output().stdout).to_string();
    assert!(
        text.contains("3x3 census over K = 2 patterns, repetition-free, shard 7/200"),
        "{text}"
    );
    assert!(text.contains("count_mismatches"), "{text}");
}

#[test]
fn verify_size_3_stops_at_its_time_limit_with_what_it_finished() {
    let output = scramble()
        .args(["verify", "--size", "3", "--patterns", "1", "--repetitions", "--check"])
        .args(["--time-limit", "0.5", "--json"])
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["complete"], false);
    assert_eq!(report["stopped"], "time-limit");
    let checked = report.get("checked").map_or(0, |c| c.as_u64().unwrap());
    assert!(checked < 2002, "{report}");
}

#[test]
fn verify_size_3_refuses_the_options_of_the_2x2_census() {
    scramble()
        .args(["verify", "--size", "3", "--patterns", "2", "--corners"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--size 3 takes --patterns"));
    scramble()
        .args(["verify", "--size", "4", "--patterns", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--size 4: expected 2 or 3"));
    scramble()
        .args(["verify", "--size", "3", "--patterns", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--size 3 --patterns 3: expected K = 1 or 2"));
    scramble()
        .args(["verify", "--patterns", "2", "--check"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--check goes with --size 3"));
}

/// The fixtures of the conditions on H alone: the conditions each fails
/// ((H6) for every one: no solution keeps any of them, and on 3x3 the
/// conditions are exact).
#[test]
fn inspect_reports_the_conditions_on_h_alone_of_every_frame_fixture() {
    let out = tempfile::tempdir().unwrap();
    for (name, failing) in [
        ("h-only-h2", Some("(H2) typed balance")),
        ("h-only-h5", Some("(H5) local circuits")),
        ("h-only-h4", Some("(H4) ring")),
        ("h-all-five", None),
    ] {
        let report = inspect_rejected(name, out.path());
        assert_eq!(report["frame_exact"], true, "{name}");
        let conditions = report["frame_conditions"].as_array().unwrap();
        assert_eq!(conditions.len(), 6, "{name}");
        for c in conditions {
            let condition = c["condition"].as_str().unwrap();
            let expected = Some(condition) != failing && condition != "(H6) ring and core";
            assert_eq!(c["holds"], expected, "{name}: {c}");
            assert_eq!(c["witness_edges"].is_array(), !expected, "{name}: {c}");
        }
    }
}

/// (H6) on the command line: a real puzzle's solution passes it with one
/// ring order per solution keeping H, in text and JSON alike; the fixture
/// meeting (H1)-(H5) fails it.
#[test]
fn inspect_reports_ring_and_core_on_3x3() {
    let out = tempfile::tempdir().unwrap();
    let path = real("wizards");
    let puzzle = read_puzzle(&crate::at_root(path.as_ref()), Default::default()).unwrap();
    let solution = Solver::new(&puzzle, Order::Spiral, 0)
        .unwrap()
        .run(&Search::new(Goal::First))
        .kept
        .pop()
        .unwrap();
    let h: BTreeSet<usize> = kept(&solution);
    let file = out.path().join("kept.h");
    std::fs::write(&file, edge_list::write(&puzzle, &h)).unwrap();
    let args = ["inspect", &path, "--subgraph", file.to_str().unwrap(), "--no-pictures"];
    let report = json_report(&args, out.path());
    let h6 = &report["frame_conditions"][5];
    assert_eq!(h6["condition"], "(H6) ring and core");
    assert_eq!(h6["holds"], true);
    assert!(
        h6["witness"]
            .as_str()
            .unwrap()
            .starts_with("1 ring order with the inner piece turned"),
        "{h6}"
    );
    scramble()
        .args(args)
        .arg("--out")
        .arg(out.path())
        .assert()
        .code(0)
        .stdout(predicate::str::contains("on H alone (exact for 2x2 and 3x3):"))
        .stdout(predicate::str::contains("(H6) ring and core holds: 1 ring order"));
    // A subgraph meeting (H1)-(H5) that no solution keeps: (H6) fails
    // with the border and inner pieces' edges as its witness.
    scramble()
        .args([
            "inspect",
            "fixtures/nxn/h-all-five.txt",
            "--subgraph",
            "fixtures/nxn/h-all-five.edges",
        ])
        .args(["--no-pictures", "--out"])
        .arg(out.path())
        .assert()
        .code(1)
        .stdout(predicate::str::contains("(H5) local circuits holds"))
        .stdout(predicate::str::contains("(H6) ring and core FAILS"));
}

/// `inspect fixtures/nxn/NAME.txt --subgraph fixtures/nxn/NAME.edges --json`
/// for a subgraph no solution keeps: exit 1 and `accepted: false`; its
/// report.
fn inspect_rejected(name: &str, out: &std::path::Path) -> serde_json::Value {
    let (puzzle, edges) = (format!("fixtures/nxn/{name}.txt"), format!("fixtures/nxn/{name}.edges"));
    let output = scramble()
        .args(["inspect", &puzzle, "--subgraph", &edges, "--json", "--out"])
        .arg(out)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{name}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["accepted"], false, "{name}");
    report
}
