//! Long runs: `solve --time-limit`, Ctrl-C (SIGINT) and `export --cnf`.

use std::process::Stdio;
use std::time::Duration;

use predicates::prelude::*;

use crate::scramble;

/// An 8x8 puzzle whose full count takes far longer than any test.
const HARD: &str = "fixtures/hard/s8-k7-seed13-0001.txt";

#[test]
fn a_time_limit_reports_a_partial_count_and_exits_3() {
    let out = tempfile::tempdir().unwrap();
    let output = scramble()
        .args(["solve", HARD, "--time-limit", "0.2", "--json", "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["complete"], false);
    assert_eq!(report["stopped"], "time-limit");
    assert!(report["nodes"].as_u64().unwrap() > 0, "it searched before stopping");
    scramble()
        .args(["solve", HARD, "--time-limit", "0.2", "--out"])
        .arg(out.path())
        .assert()
        .code(3)
        .stdout(predicate::str::contains("stopped (time-limit)").and(predicate::str::contains("(partial)")));
}

#[test]
fn a_complete_search_says_so() {
    let out = tempfile::tempdir().unwrap();
    let report = crate::json_report(&["solve", "fixtures/paper2x2.txt", "--time-limit", "60"], out.path());
    assert_eq!(report["complete"], true);
    assert_eq!(report["stopped"], serde_json::Value::Null);
}

#[test]
fn a_time_limit_must_be_positive() {
    for bad in ["0", "soon", "inf"] {
        scramble()
            .args(["solve", "fixtures/paper2x2.txt", "--time-limit", bad])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("expected a positive number of seconds"));
    }
}

#[test]
fn ctrl_c_reports_what_was_found_so_far() {
    let out = tempfile::tempdir().unwrap();
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("scramble"))
        .current_dir(crate::ROOT)
        .args(["solve", HARD, "--json", "--out"])
        .arg(out.path())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(3));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["complete"], false);
    assert_eq!(report["stopped"], "interrupted");
}

#[test]
fn export_writes_dimacs_with_named_variables() {
    scramble()
        .args(["export", "--cnf", "fixtures/paper2x2.txt"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("\np cnf 216 612\n")
                .and(predicate::str::contains("\nc place 1 0 0 0\n"))
                .and(predicate::str::contains("\nc shows 65 0 1 1 ")),
        );
}

/// `estimate` on a puzzle small enough to count: the exhaustive count's
/// nodes lie near the estimate, and the JSON carries its keys.
#[test]
fn estimate_predicts_the_exhaustive_count() {
    let out = tempfile::tempdir().unwrap();
    let puzzle = "fixtures/hard/s6-k6-seed13-0004.txt";
    let counted = crate::json_report(&["solve", puzzle], out.path());
    let nodes = counted["nodes"].as_f64().unwrap();
    let output = scramble()
        .args(["estimate", puzzle, "--probes", "20000", "--seed", "3", "--json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let estimate: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let (low, high) = (estimate["low"].as_f64().unwrap(), estimate["high"].as_f64().unwrap());
    let se = estimate["standard_error"].as_f64().unwrap();
    assert!(
        (estimate["nodes"].as_f64().unwrap() - nodes).abs() <= 4.0 * se,
        "{nodes} against {estimate}"
    );
    assert!(low <= estimate["nodes"].as_f64().unwrap() && estimate["nodes"].as_f64().unwrap() <= high);
    assert_eq!(estimate["probes"], 20000);
    assert_eq!(estimate["rule"], "none");
    assert!(estimate["nodes_per_second"].as_f64().unwrap() > 0.0);
    assert_eq!(estimate["nodes_per_depth"].as_array().unwrap().len(), 36);
}

#[test]
fn estimate_text_names_the_order_the_rule_and_the_time() {
    scramble()
        .args(["estimate", HARD, "--probes", "2000", "--rule", "supply-demand"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("spiral order, pruning by supply and demand in the probes, 2000 probes")
                .and(predicate::str::contains("nodes of an exhaustive search: about"))
                .and(predicate::str::contains("of search")),
        );
    scramble().args(["estimate", HARD, "--probes", "0"]).assert().code(2);
}

#[test]
fn restarts_find_a_checked_solution_and_say_how_many_runs() {
    let out = tempfile::tempdir().unwrap();
    let args = [
        "solve",
        "fixtures/hard/s6-k5-seed13-0002.txt",
        "--first",
        "--restarts",
        "--restart-unit",
        "20000",
        "--seed",
        "4",
    ];
    let report = crate::json_report(&args, out.path());
    assert_eq!(report["solutions"], 1);
    assert!(report["runs"].as_u64().unwrap() >= 1);
    let again = crate::json_report(&args, out.path());
    assert_eq!(report["solution"], again["solution"], "the seed decides the answer");
    assert_eq!(report["nodes"], again["nodes"], "and the work");
    scramble()
        .args(["solve", "fixtures/paper2x2.txt", "--restarts"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--first"));
    scramble()
        .args([
            "solve",
            "fixtures/paper2x2.txt",
            "--first",
            "--restarts",
            "--order",
            "row-major",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}
