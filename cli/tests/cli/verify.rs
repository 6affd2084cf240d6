//! `scramble verify` and `scramble merge`: the 2x2 census from the command
//! line.

use predicates::prelude::*;
use serde_json::Value;

use crate::{json_report, scramble};

/// Every key of `verify --json` (the exact path adds `exact` and the
/// probabilities).
pub(crate) const KEYS: [&str; 14] = [
    "patterns",
    "repetition_free",
    "seconds",
    "puzzles",
    "solvable",
    "unique",
    "solutions",
    "solution_subgraphs",
    "theorem_accepted",
    "theorem_mismatches",
    "twisted_accepted",
    "twisted_mismatches",
    "repaired_accepted",
    "repaired_mismatches",
];

fn verify_json(args: &[&str], out: &std::path::Path) -> Value {
    json_report(&[&["verify"], args].concat(), out)
}

fn without_seconds(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("seconds");
    v.as_object_mut().unwrap().remove("shard");
    v
}

#[test]
fn json_has_exactly_the_spec_keys() {
    let out = tempfile::tempdir().unwrap();
    let json = verify_json(&["--patterns", "2"], out.path());
    let mut keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    let mut expected = KEYS.to_vec();
    expected.push("schema");
    expected.sort_unstable();
    assert_eq!(keys, expected);
    assert_eq!(json["schema"], 3);
    assert_eq!(json["puzzles"], 126);
    assert_eq!(json["theorem_mismatches"], 0);
    assert_eq!(json["theorem_accepted"], json["solution_subgraphs"]);
}

#[test]
fn the_table_names_every_total() {
    let out = tempfile::tempdir().unwrap();
    let mut assert = scramble()
        .args(["verify", "--patterns", "2", "--out"])
        .arg(out.path())
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "2x2 census over K = 2 patterns, repetition-free\n",
        ));
    for key in &KEYS[3..] {
        assert = assert.stdout(predicate::str::contains(format!("\n{key} ")));
    }
}

#[test]
fn plain_and_fast_agree_on_two_patterns() {
    let out = tempfile::tempdir().unwrap();
    for flags in [&["--patterns", "2"][..], &["--patterns", "1", "--repetitions"]] {
        let fast = verify_json(flags, out.path());
        let plain = verify_json(&[flags, &["--plain"]].concat(), out.path());
        assert_eq!(without_seconds(fast), without_seconds(plain), "{flags:?}");
    }
}

#[test]
fn plain_and_fast_agree_on_a_shard_of_three_patterns() {
    let out = tempfile::tempdir().unwrap();
    let shard = ["--patterns", "3", "--shard", "5000/5000"];
    let fast = verify_json(&shard, out.path());
    let plain = verify_json(&[&shard[..], &["--plain"]].concat(), out.path());
    assert!(fast["puzzles"].as_u64().unwrap() > 100, "{fast}");
    assert_eq!(fast["shard"], serde_json::json!({"index": 5000, "count": 5000}));
    assert_eq!(without_seconds(fast), without_seconds(plain));
}

#[test]
fn repetitions_summarise_the_failing_conditions_and_keep_disagreements() {
    let out = tempfile::tempdir().unwrap();
    let args = [
        "--patterns",
        "1",
        "--repetitions",
        "--keep",
        "2",
        "--renderer",
        "embedded",
    ];
    let json = verify_json(&args, out.path());
    let failures = &json["condition_failures"];
    assert_eq!(failures["rejected_solution_graphs"], json["theorem_mismatches"]);
    assert!(json["theorem_mismatches"].as_u64().unwrap() > 0);
    let dir = out.path().join("verify-k1-repetitions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    files.sort();
    let expected = [
        "001-solution.svg",
        "001.dot",
        "001.svg",
        "001.txt",
        "002-solution.svg",
        "002.dot",
        "002.svg",
        "002.txt",
    ];
    assert_eq!(files, expected);
    let svg = std::fs::read_to_string(dir.join("001.svg")).unwrap();
    assert!(
        svg.contains("Theorem 2.1 rejects this solution graph: condition 3 (paths) fails"),
        "{svg}"
    );
    let first = std::fs::read_to_string(dir.join("001.txt")).unwrap();
    assert!(first.contains("Theorem 2.1 rejects it: condition"), "{first}");
    // The file is a puzzle the other commands read.
    scramble()
        .args(["show"])
        .arg(dir.join("001.txt"))
        .assert()
        .success()
        .stdout(predicate::str::contains("2x2 grid, 4 pieces"));
}

#[test]
fn corners_add_a_nested_key() {
    let out = tempfile::tempdir().unwrap();
    let json = verify_json(&["--patterns", "2", "--corners"], out.path());
    assert_eq!(json["corners"]["tuples"], 12u64.pow(4));
    assert_eq!(json["corners"]["theorem_mismatches"], 0);
    let only = verify_json(&["--patterns", "2", "--corners-only"], out.path());
    assert_eq!(only["corners"], json["corners"]);
    assert!(only.get("puzzles").is_none());
}

#[test]
fn symmetry_changes_no_figure() {
    let out = tempfile::tempdir().unwrap();
    for flags in [&["--patterns", "3"][..], &["--patterns", "2", "--repetitions"]] {
        let orbits = verify_json(flags, out.path());
        let direct = verify_json(&[flags, &["--no-symmetry"]].concat(), out.path());
        assert_eq!(without_seconds(orbits), without_seconds(direct), "{flags:?}");
    }
}

#[test]
fn shards_merge_into_the_whole_census() {
    let out = tempfile::tempdir().unwrap();
    let whole = verify_json(&["--patterns", "3"], out.path());
    let files: Vec<_> = (1..=3)
        .map(|i| {
            let json = verify_json(&["--patterns", "3", "--shard", &format!("{i}/3")], out.path());
            let path = out.path().join(format!("shard-{i}.json"));
            std::fs::write(&path, json.to_string()).unwrap();
            path
        })
        .collect();
    let merged = scramble().arg("merge").args(&files).arg("--json").output().unwrap();
    assert!(merged.status.success(), "{}", String::from_utf8_lossy(&merged.stderr));
    let merged: Value = serde_json::from_slice(&merged.stdout).unwrap();
    assert_eq!(without_seconds(merged), without_seconds(whole));
    scramble()
        .arg("merge")
        .args(&files[..2])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("shard 1/3 of 3, but 2 files given"));
    let bad = out.path().join("bad.json");
    std::fs::write(&bad, "{\"patterns\": 3,\n \"repetition_free\": fals }").unwrap();
    scramble()
        .arg("merge")
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "bad.json:2:25: not the JSON of `scramble verify --shard I/N --json`: expected ident",
        ));
}

#[test]
fn bad_arguments_exit_2_with_a_reason() {
    for (args, reason) in [
        (&["--patterns", "0"][..], "--patterns 0: expected 1 to 8"),
        (&["--patterns", "9"], "--patterns 9: expected 1 to 8"),
        (&["--patterns", "6", "--shard", "1/2"], "go up to 5 patterns"),
        (&["--patterns", "2", "--shard", "4/3"], "expected I/N with 1 <= I <= N"),
    ] {
        scramble()
            .arg("verify")
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(reason));
    }
}

/// `verify --time-limit` on the 2x2 census: stopped between chunks of first
/// pieces, the totals cover the first pieces reported (`"complete": false`),
/// no pictures, exit 3.
#[test]
fn a_time_limit_reports_a_partial_2x2_census() {
    let out = tempfile::tempdir().unwrap();
    let args = ["verify", "--patterns", "3", "--time-limit", "0.001"];
    let report = crate::json_report_exiting(3, &args, out.path());
    assert_eq!(report["complete"], false);
    assert_eq!(report["stopped"], "time-limit");
    assert_eq!(report["first_pieces"]["start"], 0);
    assert!(report["puzzles"].as_u64().unwrap() < 2_919_735);
    assert!(std::fs::read_dir(out.path()).unwrap().next().is_none());
}
