//! Every print goes through one safe printer: a reader that stops early is
//! a quiet stop (exit 0), a stdout or stderr that cannot be written is exit
//! 2 with a message naming it, never a panic.

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use predicates::prelude::*;

use assert_cmd::assert::OutputAssertExt;

/// The `scramble` binary as a plain `std::process::Command`, whose stdout
/// and stderr can be any file or pipe.
fn scramble() -> std::process::Command {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin!("scramble"));
    cmd.current_dir(crate::ROOT);
    cmd
}

/// A `side x side` puzzle file whose `show` output is far beyond a pipe's
/// buffer.
fn big_puzzle(dir: &std::path::Path, side: usize) -> std::path::PathBuf {
    let text: String = (0..side * side)
        .map(|i| format!("{}+ {}- {}+ {}-\n", i % 7 + 1, i % 5 + 1, i % 3 + 1, i % 11 + 1))
        .collect();
    let path = dir.join("big.txt");
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `scramble ARGS`, reads one line of stdout, closes it, and returns
/// the exit code and stderr.
fn read_one_line_then_close(args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let mut child = scramble()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty());
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_reader_that_stops_early_is_a_quiet_stop() {
    let dir = tempfile::tempdir().unwrap();
    let big = big_puzzle(dir.path(), 64);
    let (code, stderr) = read_one_line_then_close(&["show".as_ref(), big.as_os_str()]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("error") && !stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_full_stdout_is_an_error_naming_stdout() {
    scramble()
        .args(["show", "fixtures/paper2x2.txt"])
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .assert()
        .code(2)
        .stderr("scramble: error: standard output: cannot write: No space left on device (os error 28)\n");
}

#[test]
fn a_full_stderr_does_not_panic() {
    for args in [
        &["show", "fixtures/bad/no_sign.txt"][..],
        &[
            "graph",
            "fixtures/paper2x2.txt",
            "--renderer",
            "embedded",
            "--out",
            "/dev/null/x",
        ],
    ] {
        scramble()
            .args(args)
            .stderr(std::fs::File::create("/dev/full").unwrap())
            .assert()
            .code(2)
            .stdout("");
    }
}

#[test]
fn graph_with_a_closed_stdout_writes_the_whole_set() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = scramble()
        .args(["graph", "fixtures/paper2x2.txt", "--renderer", "embedded", "--out"])
        .arg(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut names: Vec<_> = std::fs::read_dir(dir.path().join("paper2x2"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["pieces.svg", "recording.dot", "recording.svg"]);
    assert!(
        predicate::str::contains("panicked")
            .not()
            .eval(&String::from_utf8_lossy(&output.stderr))
    );
}
