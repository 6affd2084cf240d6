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
        .current_dir(env!("CARGO_MANIFEST_DIR"))
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
