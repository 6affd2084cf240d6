//! Every write checked: help, version and reports on a full or closed
//! standard output fail with exit 2; a reader that stops early (`| head`)
//! ends the run quietly. File names in messages are escaped; a slow
//! standard input honours `--time-limit` and signals.

use std::process::{Command, Stdio};
use std::time::Duration;

/// `sh -c SCRIPT` with the binary as `$B`, from the crate root.
fn shell(script: &str) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("B", env!("CARGO_BIN_EXE_scramble"))
        .current_dir(crate::ROOT)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

const PRINTERS: [&str; 7] = [
    "--help",
    "-h",
    "help solve",
    "--version",
    "show fixtures/paper2x2.txt",
    "solve fixtures/paper2x2.txt --json",
    "graph fixtures/paper2x2.txt --no-pictures --json",
];

#[test]
fn a_full_stdout_fails_with_exit_2() {
    for args in PRINTERS {
        let output = shell(&format!("\"$B\" {args} >/dev/full"));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args} >/dev/full: {stderr}");
        assert!(
            stderr.contains("standard output: cannot write"),
            "{args} >/dev/full: {stderr}"
        );
        // /dev/null, write-only (a shell's `>`) or read-write (what Node's
        // and Python's "ignore this stream" open), wants nothing: fine.
        for null in [">/dev/null", "1<>/dev/null"] {
            let output = shell(&format!("\"$B\" {args} {null}"));
            assert_eq!(output.status.code(), Some(0), "{args} {null}");
        }
    }
}

#[test]
fn a_reader_that_stops_early_ends_the_run_quietly() {
    for args in ["--help", "show fixtures/paper2x2.txt"] {
        let output = shell(&format!("\"$B\" {args} | head -c 1 >/dev/null; echo \"$?\""));
        assert!(
            output.stderr.is_empty(),
            "{args}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let output = shell("\"$B\" help solve | head -n 1");
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 1);
    assert!(output.stderr.is_empty());
}

#[test]
fn file_names_reach_the_terminal_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let name = dir.path().join("bad\u{1b}[31m\u{7}\nname.txt");
    std::fs::write(&name, "1+ 2- 3+\n").unwrap();
    let output = crate::scramble().arg("show").arg(&name).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("bad\\u{1b}[31m\\u{7}\\u{a}name.txt"), "{stderr}");
    assert!(!stderr.contains('\u{1b}') && !stderr.contains('\u{7}'), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let missing = dir.path().join("gone\u{1b}.txt");
    let output = crate::scramble().arg("solve").arg(&missing).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("gone\\u{1b}.txt: cannot read"), "{stderr}");
}

#[test]
fn the_repetitions_message_names_the_right_patterns() {
    let output = crate::scramble()
        .args(["verify", "--size", "3", "--patterns", "2", "--repetitions"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("expected K = 1 with --repetitions"), "{stderr}");
    assert!(!stderr.contains("1 or 2"), "{stderr}");
}

/// `sleep 3 | scramble ARGS` with `THEN` run beside it; returns the
/// output (with `rc=CODE` on stdout) and how long the binary ran.
fn slow_stdin(args: &str, then: &str) -> (std::process::Output, Duration) {
    let script = format!(
        "sleep 3 | {{ exec 3<&0; t0=$(date +%s%N); \"$B\" {args} <&3 3<&- & p=$!; {then}; wait $p; \
         rc=$?; t1=$(date +%s%N); echo \"rc=$rc ms=$(( (t1 - t0) / 1000000 ))\"; }}"
    );
    let output = shell(&script);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let ms: u64 = stdout.rsplit("ms=").next().and_then(|m| m.trim().parse().ok()).unwrap();
    (output, Duration::from_millis(ms))
}

#[test]
fn a_slow_stdin_honours_the_time_limit_and_signals() {
    let (output, took) = slow_stdin("solve - --time-limit 0.5", "true");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stdout.contains("rc=3"), "{stdout} {stderr}");
    assert!(
        stderr.contains("stopped by --time-limit while reading standard input"),
        "{stderr}"
    );
    assert!(took < Duration::from_millis(2500), "{took:?}");
    // With --json, a line says which file was stopped, before rc=.
    let (output, _) = slow_stdin("solve - --time-limit 0.5 --json", "true");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    assert_eq!(
        (&line["file"], &line["complete"], &line["stopped"]),
        (&"-".into(), &false.into(), &"time-limit".into()),
        "{stdout}"
    );
    // Each run waits for its `sleep 3` to end: the six run side by side.
    let signals = [("INT", "SIGINT", 130), ("TERM", "SIGTERM", 143), ("HUP", "SIGHUP", 129)];
    let cases: Vec<_> = signals
        .into_iter()
        .flat_map(|case| ["solve -", "graph -"].map(|command| (case, command)))
        .collect();
    std::thread::scope(|scope| {
        let runs: Vec<_> = cases
            .iter()
            .map(|&((signal, _, _), command)| {
                scope.spawn(move || slow_stdin(command, &format!("sleep 0.5; kill -{signal} $p")))
            })
            .collect();
        for (((_, name, code), command), run) in cases.iter().zip(runs) {
            let (output, took) = run.join().unwrap();
            let stdout = String::from_utf8_lossy(&output.stdout);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(
                stdout.contains(&format!("rc={code}")),
                "{command} {name}: {stdout} {stderr}"
            );
            assert!(stderr.contains(&format!("stopped by {name};")), "{command}: {stderr}");
            assert!(took < Duration::from_millis(2500), "{took:?}");
        }
    });
}

#[test]
fn a_fifo_as_the_puzzle_honours_the_time_limit_and_signals() {
    // A FIFO with no writer (its open blocks), and a process substitution
    // whose producer is slow; the run is killed after 10 s if it hangs. The
    // watchdog and the producer write nowhere, so the test's pipes close
    // when the command ends, not when they do.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("puzzle.fifo");
    let run = |args: &str, then: &str| {
        let script = format!(
            "mkfifo '{fifo}' 2>/dev/null; t0=$(date +%s%N); \"$B\" {args} & p=$!; {then}; \
             ( sleep 10; kill -9 $p ) >/dev/null 2>&1 & w=$!; wait $p; rc=$?; kill $w 2>/dev/null; \
             t1=$(date +%s%N); echo \"rc=$rc ms=$(( (t1 - t0) / 1000000 ))\"",
            fifo = fifo.display()
        );
        let output = shell(&script);
        let stdout = String::from_utf8_lossy(&output.stdout).to_string();
        let ms: u64 = stdout.rsplit("ms=").next().and_then(|m| m.trim().parse().ok()).unwrap();
        (stdout, String::from_utf8_lossy(&output.stderr).to_string(), ms)
    };
    let fifo_args = format!("solve '{}' --time-limit 0.5", fifo.display());
    let (stdout, stderr, ms) = run(&fifo_args, "true");
    assert!(stdout.contains("rc=3"), "{stdout} {stderr}");
    assert!(stderr.contains("stopped by --time-limit while reading"), "{stderr}");
    assert!(ms < 2500, "{ms} ms");
    let (stdout, stderr, ms) = run(&format!("solve '{}'", fifo.display()), "sleep 0.5; kill -INT $p");
    assert!(stdout.contains("rc=130"), "{stdout} {stderr}");
    assert!(ms < 2500, "{ms} ms");
    let script = "t0=$(date +%s%N); bash -c '\"$B\" solve <(exec 2>/dev/null; sleep 3; cat fixtures/cards3x3.txt) --time-limit 0.5'; \
                  rc=$?; t1=$(date +%s%N); echo \"rc=$rc ms=$(( (t1 - t0) / 1000000 ))\"";
    let output = shell(script);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("rc=3"),
        "{stdout} {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn verify_keep_is_bounded_before_any_work() {
    let output = crate::scramble()
        .args(["verify", "--patterns", "3", "--repetitions", "--keep", "100000"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--keep") && stderr.contains("at most 1000"), "{stderr}");
}
