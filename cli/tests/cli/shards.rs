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
        .current_dir(crate::ROOT)
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
    let shard = || {
        let mut command = scramble();
        command.args(["solve", HARD, "--shard", "1/3"]);
        command
    };
    let stopped = stopped_inside(&shard, 0.1);
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

/// The run of `command` (a shard's) stopped by `--time-limit`, from `limit` seconds
/// up. On a loaded machine the limit can fall while the search is still
/// being cut, which writes nothing (exit 3, said on stderr); the limit is
/// then doubled until the stop falls inside the search.
fn stopped_inside(command: &dyn Fn() -> assert_cmd::Command, mut limit: f64) -> std::process::Output {
    loop {
        let stopped = command().args(["--time-limit", &limit.to_string()]).output().unwrap();
        assert_eq!(stopped.status.code(), Some(3), "{limit} s");
        let said = String::from_utf8_lossy(&stopped.stderr);
        if !said.contains("before any subtree; nothing was written") {
            return stopped;
        }
        assert!(limit < 10.0, "still cutting the search after {limit} s");
        limit *= 2.0;
    }
}

/// Runs `args`, killing the run after `limit`: its output, or `None` when
/// it was still running (it hung).
fn within(args: &[String], limit: Duration) -> Option<std::process::Output> {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("scramble"))
        .current_dir(crate::ROOT)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while started.elapsed() < limit {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    None
}

/// A complete 1/1 shard of the 3x3 cards, as JSON.
fn one_shard(dir: &Path) -> Value {
    let file = dir.join("one.json");
    scramble()
        .args(["solve", "fixtures/cards3x3.txt", "--shard", "1/1", "-o"])
        .arg(&file)
        .assert()
        .code(0);
    serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap()
}

/// `merge` of the shard documents `reports`, written into `dir`.
fn merge_of(dir: &Path, reports: &[Value]) -> std::process::Output {
    let files: Vec<_> = reports
        .iter()
        .enumerate()
        .map(|(i, report)| {
            let file = dir.join(format!("forged-{i}.json"));
            std::fs::write(&file, serde_json::to_vec(report).unwrap()).unwrap();
            file
        })
        .collect();
    scramble().arg("merge").args(files).output().unwrap()
}

#[test]
fn one_file_for_result_and_checkpoint_is_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.json");
    let same = dir.path().join(".").join("s.json");
    for checkpoint in [&file, &same] {
        let output = scramble()
            .args(["solve", "fixtures/cards3x3.txt", "--shard", "1/2", "-o"])
            .arg(&file)
            .arg("--checkpoint")
            .arg(checkpoint)
            .output()
            .unwrap();
        crate::common::assert_exit(&output, 2);
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains("are one file"), "{message}");
        assert!(!file.exists(), "nothing was written");
    }
    let checkpoint = dir.path().join("s.checkpoint");
    scramble()
        .args(["solve", "fixtures/cards3x3.txt", "--shard", "1/1", "-o"])
        .arg(&file)
        .arg("--checkpoint")
        .arg(&checkpoint)
        .assert()
        .code(0);
    assert!(
        file.exists() && !checkpoint.exists(),
        "the result stays, the checkpoint goes"
    );
}

#[test]
fn shard_counts_are_capped_and_the_cut_obeys_the_time_limit() {
    let started = Instant::now();
    for (n, cap) in [
        ("1/4097", "N <= 4096"),
        ("1/65537", "N <= 65536"),
        ("1/100000000000", "N <= 65536"),
        ("1/99999999999999999999999", "N <= 65536"),
    ] {
        scramble()
            .args(["solve", "fixtures/cards3x3.txt", "--shard", n])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(cap));
    }
    scramble()
        .args(["verify", "--patterns", "2", "--shard", "1/100000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("N <= 65536"));
    assert!(started.elapsed() < Duration::from_secs(10), "refused before any work");
    let args: Vec<String> = [
        "solve",
        "fixtures/hard/s8-k8-seed13-0001.txt",
        "--shard",
        "1/4096",
        "--time-limit",
        "0.5",
    ]
    .map(String::from)
    .to_vec();
    let started = Instant::now();
    let output = within(&args, Duration::from_secs(60)).expect("the run ends");
    crate::common::assert_exit(&output, 3);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "--time-limit 0.5 ended the cut after {:?}",
        started.elapsed()
    );
}

#[test]
fn a_fifo_for_the_result_or_the_checkpoint_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    for flag in ["-o", "--checkpoint"] {
        let args: Vec<String> = [
            "solve",
            "fixtures/cards3x3.txt",
            "--shard",
            "1/2",
            "--time-limit",
            "1",
            flag,
        ]
        .map(String::from)
        .into_iter()
        .chain([fifo.display().to_string()])
        .collect();
        let output = within(&args, Duration::from_secs(20)).unwrap_or_else(|| panic!("{flag} FIFO hung"));
        crate::common::assert_exit(&output, 2);
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains("FIFO"), "{message}");
    }
}

#[test]
fn a_finished_shard_leaves_no_temporary_checkpoint_of_a_killed_run() {
    let dir = tempfile::tempdir().unwrap();
    // What a run killed outright while saving its checkpoint leaves: a
    // temporary file named after a process that no longer runs.
    let left = dir.path().join(".s.checkpoint.tmp-2147483600-abcdef");
    std::fs::write(&left, "{\"half\":").unwrap();
    scramble()
        .args(["solve", "fixtures/cards3x3.txt", "--shard", "1/2", "-o"])
        .arg(dir.path().join("s.json"))
        .arg("--checkpoint")
        .arg(dir.path().join("s.checkpoint"))
        .assert()
        .code(0);
    assert!(!left.exists(), "the killed run's temporary checkpoint is gone");
}

#[test]
fn merge_sums_are_checked_and_exact() {
    let dir = tempfile::tempdir().unwrap();
    let mut report = one_shard(dir.path());
    // Arrangements are 4 per solution: past u64 for about 2^63 solutions.
    let many = u64::MAX / 2;
    report["covered"][0]["solutions"] = many.into();
    report["covered"][0]["nodes"] = many.into();
    let covered = report["covered"].as_array().unwrap().clone();
    let sum = |key: &str| covered.iter().map(|c| c[key].as_u64().unwrap()).sum::<u64>();
    let solutions = sum("solutions");
    report["solutions"] = solutions.into();
    report["nodes"] = sum("nodes").into();
    let output = merge_of(dir.path(), &[report.clone()]);
    crate::common::assert_exit(&output, 0);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains(&format!("{} arrangements", 4 * u128::from(solutions))),
        "{text}"
    );
    // Seconds that add up past f64 are refused, not printed as null.
    let two = tempfile::tempdir().unwrap();
    job_list("fixtures/cards3x3.txt", 2, two.path(), &[]);
    let forged: Vec<Value> = (1..=2)
        .map(|i| {
            let file = two.path().join(format!("shard-{i}.json"));
            let mut report: Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
            report["seconds"] = 1.5e308.into();
            report
        })
        .collect();
    let output = merge_of(two.path(), &forged);
    crate::common::assert_exit(&output, 2);
    assert!(String::from_utf8_lossy(&output.stderr).contains("the sums overflow"));
}

#[test]
fn merge_refuses_names_and_cells_no_real_shard_writes() {
    let dir = tempfile::tempdir().unwrap();
    let report = one_shard(dir.path());
    let mut named = report.clone();
    named["search"]["puzzle"] = "cards\u{1b}]0;owned\u{7}\u{202e}".into();
    let mut cell = report.clone();
    cell["found"][0]["solution"][0][0] = "\u{1b}[2J@0".into();
    let mut key = report.clone();
    key.as_object_mut().unwrap().insert("\u{1b}[31m".into(), 1.into());
    for forged in [named, cell, key] {
        let output = merge_of(dir.path(), &[forged]);
        crate::common::assert_exit(&output, 2);
        let all = [output.stdout, output.stderr].concat();
        assert!(
            !all.contains(&0x1b) && !all.contains(&0x07),
            "{}",
            String::from_utf8_lossy(&all)
        );
        assert!(!String::from_utf8_lossy(&all).contains('\u{202e}'));
    }
}

#[test]
fn a_checkpoint_of_another_run_is_refused_naming_the_file_and_the_option() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("c.checkpoint");
    // The larger hard puzzle: a third of its tree takes well over the time
    // limit on any machine (68 M nodes), so the first run is stopped.
    let command = |shard: &str, extra: &[&str]| {
        let mut command = scramble();
        command
            .args([
                "solve",
                "fixtures/hard/s6-k6-seed13-0002.txt",
                "--shard",
                shard,
                "--checkpoint",
            ])
            .arg(&checkpoint)
            .args(extra);
        command
    };
    let run = |shard: &str, extra: &[&str]| command(shard, extra).output().unwrap();
    stopped_inside(&|| command("1/3", &[]), 0.3);
    assert!(checkpoint.exists());
    for (shard, extra, what) in [
        ("2/3", &[][..], "a checkpoint of shard 1/3"),
        ("1/3", &["--seed", "5"][..], "a checkpoint of --seed 0"),
        ("1/3", &["--first"][..], "a checkpoint of a run without --first"),
    ] {
        let output = run(shard, extra);
        crate::common::assert_exit(&output, 2);
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains(what), "{message}");
        assert!(message.contains("c.checkpoint"), "names the file: {message}");
        assert!(!message.contains("continues from"), "{message}");
    }
}
