//! `solve --shard I/N`, its checkpoints and `merge` of solve shards, run as
//! a job list runs them: the merged answer is the single run's, also after
//! a shard was killed and the list run again.

use std::path::Path;
use std::time::{Duration, Instant};

use predicates::prelude::*;
use serde_json::Value;

use crate::scramble;

/// About 1e8 nodes: seconds of search, long enough to kill a shard in.
const HARD: &str = "fixtures/hard/s6-k6-seed13-0001.txt";

/// The JSON `args` print (exit 0).
fn json(args: &[&str]) -> Value {
    let output = scramble().args(args).output().unwrap();
    crate::common::assert_exit(&output, 0);
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The arguments of shard `i` of `n` writing into `dir`.
fn shard_args(puzzle: &str, (i, n): (usize, usize), dir: &Path, extra: &[&str]) -> Vec<String> {
    let at = |name: String| dir.join(name).display().to_string();
    let mut args: Vec<String> = ["solve", puzzle, "--shard", &format!("{i}/{n}"), "-o"]
        .map(String::from)
        .to_vec();
    args.push(at(format!("shard-{i}.json")));
    args.extend(["--checkpoint".into(), at(format!("shard-{i}.checkpoint"))]);
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

/// Runs every shard of `n` whose result is missing, then merges them.
fn job_list(puzzle: &str, n: usize, dir: &Path, extra: &[&str]) -> Value {
    for i in 1..=n {
        scramble().args(shard_args(puzzle, (i, n), dir, extra)).assert().code(0);
    }
    let mut merge = vec!["merge".to_string(), "--json".into()];
    merge.extend((1..=n).map(|i| dir.join(format!("shard-{i}.json")).display().to_string()));
    let output = scramble().args(&merge).output().unwrap();
    assert!(
        output.status.code().is_some_and(|c| c <= 1),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn merged_shards_give_the_single_run() {
    let dir = tempfile::tempdir().unwrap();
    let generated = dir.path().join("g");
    scramble()
        .args([
            "generate",
            "--size",
            "5",
            "--patterns",
            "6",
            "--seed",
            "7",
            "--count",
            "2",
            "--out",
        ])
        .arg(&generated)
        .assert()
        .success();
    let mut puzzles: Vec<String> = std::fs::read_dir(generated.join("generated"))
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .collect();
    puzzles.sort();
    puzzles.push("fixtures/cards3x3.txt".into());
    for puzzle in &puzzles {
        let single = json(&["solve", puzzle, "--list", "--list-limit", "3", "--json"]);
        let first = json(&["solve", puzzle, "--first", "--json"]);
        for n in [1, 2, 5] {
            let all = tempfile::tempdir().unwrap();
            let merged = job_list(puzzle, n, all.path(), &["--list", "--list-limit", "3"]);
            for key in ["solutions", "arrangements", "nodes", "solution"] {
                assert_eq!(merged[key], single[key], "{puzzle} N = {n}: {key}");
            }
            assert_eq!(merged["listed"], single["listed"]["solutions"], "{puzzle} N = {n}");
            let one = tempfile::tempdir().unwrap();
            let merged = job_list(puzzle, n, one.path(), &["--first"]);
            assert_eq!(merged["solution"], first["solution"], "{puzzle} N = {n}");
        }
    }
}

#[test]
fn a_killed_shard_continues_from_its_checkpoint() {
    let single = json(&["solve", HARD, "--json"]);
    let dir = tempfile::tempdir().unwrap();
    let every = ["--checkpoint-every", "0.05"];
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("scramble"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(shard_args(HARD, (2, 3), dir.path(), &every))
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let checkpoint = dir.path().join("shard-2.checkpoint");
    let started = Instant::now();
    while !checkpoint.exists() && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(100));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the shard ended before it could be killed"
    );
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        !dir.path().join("shard-2.json").exists(),
        "a killed shard writes no result"
    );
    let saved: Value = serde_json::from_slice(&std::fs::read(&checkpoint).unwrap()).unwrap();
    assert_eq!(saved["complete"], false);
    scramble()
        .args(shard_args(HARD, (2, 3), dir.path(), &every))
        .assert()
        .code(0)
        .stderr(predicate::str::contains("continues from its checkpoint"));
    assert!(!checkpoint.exists(), "a finished shard removes its checkpoint");
    scramble()
        .args(shard_args(HARD, (2, 3), dir.path(), &every))
        .assert()
        .code(0)
        .stderr(predicate::str::contains("already done"));
    let merged = job_list(HARD, 3, dir.path(), &every);
    assert_eq!(merged["solutions"], single["solutions"]);
    assert_eq!(merged["nodes"], single["nodes"]);
    assert_eq!(merged["solution"], single["solution"]);
}

#[test]
fn merge_refuses_missing_stopped_and_mixed_shards() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = "fixtures/cards3x3.txt";
    job_list(puzzle, 3, dir.path(), &[]);
    let file = |i: usize| dir.path().join(format!("shard-{i}.json"));
    scramble()
        .arg("merge")
        .args([file(1), file(2)])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("merge needs every shard exactly once"));
    scramble()
        .arg("merge")
        .args([file(1), file(2), file(2)])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("already given"));
    let stopped = scramble()
        .args(["solve", HARD, "--shard", "1/3", "--time-limit", "0.1"])
        .output()
        .unwrap();
    assert_eq!(stopped.status.code(), Some(3));
    let report: Value = serde_json::from_slice(&stopped.stdout).unwrap();
    assert_eq!(report["complete"], false);
    let census = dir.path().join("census.json");
    std::fs::write(&census, br#"{"patterns": 2}"#).unwrap();
    scramble()
        .arg("merge")
        .args([file(1), census])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not the JSON of `scramble solve --shard I/N`"));
}
