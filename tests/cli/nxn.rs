//! The n x n theorem on the command line: `inspect --subgraph` and
//! `solve --method graph`.

use std::collections::BTreeSet;

use predicates::prelude::*;
use scramble::recording::kept::kept_edges;
use scramble::solve::{Order, Solver};
use scramble::theorem::edge_list;
use scramble::{RecordingGraph, read_puzzle};

use crate::{json_report, real, scramble};

#[test]
fn the_kept_subgraph_of_a_real_solution_is_accepted_with_its_solution() {
    let out = tempfile::tempdir().unwrap();
    let path = real("wizards");
    let puzzle = read_puzzle(path.as_ref(), Default::default()).unwrap();
    let graph = RecordingGraph::new(&puzzle);
    let (solution, _) = Solver::new(&puzzle, Order::Spiral, 0).unwrap().first();
    let solution = solution.unwrap();
    let h: BTreeSet<usize> = kept_edges(&graph, &solution).into_iter().map(|e| e.index()).collect();
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
