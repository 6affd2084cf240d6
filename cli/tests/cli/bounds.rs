//! The fourth attack, kept: bounds decided before any work (every run
//! here ends under a 3 GB address-space cap, refused with exit 2 naming
//! the option and the cap, or stopped by `--time-limit` with exit 3 while
//! it still builds its work), `export --cnf` streamed whole or not at all
//! (a file-size limit kills it mid-stream, a signal stops it, a link is in
//! the way), and outputs planned over an input refused before any work.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use crate::common::{assert_exit, snapshot};
use crate::cpu::run_within;

/// `scramble ARGS` run by `sh` under `limits` (`ulimit` options), in
/// `dir`, with the processor time it used (see [`crate::cpu`]: a bound on
/// it holds however loaded the machine is). A run past 60 s of processor
/// time is killed and fails.
fn limited(limits: &str, args: &[&str], dir: &Path) -> (Output, Duration) {
    let script = format!("{limits}; exec \"$0\" \"$@\"");
    let mut command = Command::new("sh");
    command
        .args(["-c", &script, env!("CARGO_BIN_EXE_scramble")])
        .args(args)
        .current_dir(dir);
    run_within(&mut command, Duration::from_secs(60))
}

/// 3 GB of address space, as the promise says.
const CAP: &str = "ulimit -v 3000000";

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// An `n x n` puzzle, each piece with its own four patterns (`4 n^2`
/// patterns, no solution), named `name` in `dir`.
fn distinct_puzzle(dir: &Path, name: &str, n: usize) -> PathBuf {
    let text: String = (0..n * n)
        .map(|i| format!("{}+ {}+ {}+ {}+\n", 4 * i + 1, 4 * i + 2, 4 * i + 3, 4 * i + 4))
        .collect();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Arguments that once held gigabytes or ran for many seconds before
/// looking at a cap: refused at once, naming the option and the cap.
#[test]
fn what_would_not_fit_is_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str); 6] = [
        (
            &["study", "uniqueness", "--patterns", "64", "--counts", "1"],
            "--patterns",
        ),
        (&["study", "uniqueness", "--patterns", "128"], "--patterns"),
        (&["study", "heuristics", "--count", "10000000"], "--count"),
        (
            &["study", "heuristics", "--factorial", "--shapes", "3:3:100000000"],
            "--shapes",
        ),
        (
            &["study", "heuristics", "--factorial", "--shapes", "2:1:10000000"],
            "--shapes",
        ),
        (
            &["study", "heuristics", "--sweep", "--sweep-counts", "5000000,5000000"],
            "--sweep-counts",
        ),
    ];
    for (args, option) in cases {
        let (output, took) = limited(CAP, args, dir.path());
        assert_exit(&output, 2);
        let message = stderr(&output);
        assert!(message.contains(option), "{args:?}: {message}");
        assert!(
            message.contains("a run may hold") || message.contains("at most 10000000"),
            "{args:?}: {message}"
        );
        assert!(
            took < Duration::from_secs(5),
            "{args:?} used {took:?} of processor time"
        );
    }
    // `export --cnf` of an allowed 16x16 grid over 1,024 patterns: a
    // billion clauses (the pairs of pictures on each boundary).
    let wide = distinct_puzzle(dir.path(), "wide.txt", 16);
    let (output, _) = limited(CAP, &["export", "--cnf", wide.to_str().unwrap()], dir.path());
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("more than the 50,000,000 exported"),
        "{}",
        stderr(&output)
    );
    assert!(output.stdout.is_empty());
    // `graph --per-piece` grows with the square of the pieces.
    let big = distinct_puzzle(dir.path(), "big.txt", 13);
    let args = ["graph", big.to_str().unwrap(), "--per-piece", "--renderer", "embedded"];
    let (output, _) = limited(CAP, &args, dir.path());
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("--per-piece") && stderr(&output).contains("at most 144"));
    assert!(!dir.path().join("out").exists());
}

/// Within the caps, `--time-limit` stops commands while they still build
/// their work (puzzles drawn, piece classes listed, census tables): exit 3
/// with a partial report, well within seconds, under the memory cap.
#[test]
fn the_time_limit_is_polled_while_work_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let runs: [&[&str]; 5] = [
        &[
            "study",
            "repetitions",
            "--exhaustive",
            "0",
            "--census",
            "0",
            "--planted",
            "2",
            "--count",
            "10000000",
        ],
        &["study", "heuristics", "--count", "500000"],
        &[
            "study",
            "uniqueness",
            "--sizes",
            "2",
            "--patterns",
            "40",
            "--counts",
            "10",
        ],
        &["verify", "--patterns", "5", "--no-symmetry"],
        &["verify", "--patterns", "5", "--repetitions", "--no-symmetry"],
    ];
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
    let cpu_bound = Duration::from_secs(2) * cores + Duration::from_secs(2);
    for args in runs {
        let mut all: Vec<&str> = args.to_vec();
        all.extend(["--time-limit", "1", "--json", "--no-pictures"]);
        let (output, took) = limited(CAP, &all, dir.path());
        assert_exit(&output, 3);
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["complete"], false, "{args:?}");
        assert_eq!(report["stopped"], "time-limit", "{args:?}");
        // At most 2x the limit on every core, plus 2 s for a debug build's
        // start and report (each used about 0.5 s of processor time at
        // load 7); without the limit each computes for longer.
        assert!(took < cpu_bound, "{args:?} used {took:?} of processor time");
    }
}

/// `graph --time-limit` stops the drawing: exit 3, nothing written.
#[test]
fn graph_stops_at_its_time_limit_writing_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let big = distinct_puzzle(dir.path(), "big.txt", 32);
    // Long enough to read the file (the limit bounds reading too), far
    // too short to draw it.
    let args = ["graph", big.to_str().unwrap(), "--time-limit", "0.3", "--json"];
    let (output, _) = limited(CAP, &args, dir.path());
    assert_exit(&output, 3);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (report["complete"].clone(), report["stopped"].clone()),
        (false.into(), "time-limit".into())
    );
    assert!(!dir.path().join("out").exists());
}

/// `export --cnf -o FILE` streams into a temporary file renamed at the
/// end: the same bytes as standard output; killed mid-stream (a file-size
/// limit) or stopped by a signal it leaves the old file (or, into new
/// folders, no folder); the next run clears the temporary left by the
/// kill; a link in the way is refused.
#[test]
fn exported_cnf_is_streamed_whole_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let puzzle = distinct_puzzle(d, "p.txt", 6);
    let p = puzzle.to_str().unwrap();
    let (printed, _) = limited("true", &["export", "--cnf", p], d);
    assert_exit(&printed, 0);
    let (written, _) = limited("true", &["export", "--cnf", p, "-o", "p.cnf"], d);
    assert_exit(&written, 0);
    assert_eq!(std::fs::read(d.join("p.cnf")).unwrap(), printed.stdout);
    assert!(printed.stdout.len() > 1 << 20, "a CNF longer than the file-size limit");
    // Killed by SIGXFSZ after 1 MiB: the old file stays.
    std::fs::write(d.join("p.cnf"), "old").unwrap();
    let (killed, _) = limited("ulimit -f 1024", &["export", "--cnf", p, "-o", "p.cnf"], d);
    assert_ne!(killed.status.code(), Some(0));
    assert_eq!(std::fs::read(d.join("p.cnf")).unwrap(), b"old");
    let (again, _) = limited("true", &["export", "--cnf", p, "-o", "p.cnf"], d);
    assert_exit(&again, 0);
    assert_eq!(std::fs::read(d.join("p.cnf")).unwrap(), printed.stdout);
    // Killed the same way into folders not there yet: no folder is left.
    let deep = ["export", "--cnf", p, "-o", "new/deep/p.cnf"];
    let (killed, _) = limited("ulimit -f 1024", &deep, d);
    assert_ne!(killed.status.code(), Some(0));
    assert!(!d.join("new").exists(), "an empty folder left");
    let (again, _) = limited("true", &deep, d);
    assert_exit(&again, 0);
    assert_eq!(std::fs::read(d.join("new/deep/p.cnf")).unwrap(), printed.stdout);
    let left: Vec<_> = snapshot(d, true)
        .into_keys()
        .filter(|k| k.to_string_lossy().starts_with('.'))
        .collect();
    assert!(left.is_empty(), "temporaries left: {left:?}");
    // Ctrl-C mid-stream (30 million clauses, under the cap): exit 130 at
    // once, the old file kept, no temporary left.
    // Processor time after the signal: at most 1 s (the whole export
    // takes many seconds more).
    let long = distinct_puzzle(d, "long.txt", 9);
    let child = Command::new(env!("CARGO_BIN_EXE_scramble"))
        .args(["export", "--cnf", long.to_str().unwrap(), "-o", "p.cnf"])
        .current_dir(d)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::fs::write(d.join("p.cnf"), "old").unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let before = crate::cpu::used(child.id()).unwrap();
    let _ = rustix::process::kill_process(rustix::process::Pid::from_child(&child), rustix::process::Signal::INT);
    let (stopped, _) = crate::cpu::finish_within(child, before + Duration::from_secs(1));
    assert_exit(&stopped, 130);
    assert_eq!(std::fs::read(d.join("p.cnf")).unwrap(), b"old");
    let left: Vec<_> = snapshot(d, true)
        .into_keys()
        .filter(|k| k.to_string_lossy().starts_with('.'))
        .collect();
    assert!(left.is_empty(), "temporaries left: {left:?}");
    // Standard output full: exit 2, said so.
    let full = Command::new(env!("CARGO_BIN_EXE_scramble"))
        .args(["export", "--cnf", p])
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    assert_exit(&full, 2);
    assert!(stderr(&full).contains("standard output: cannot write"));
    // A link where the file goes is refused; its target is untouched.
    std::fs::write(d.join("target"), "kept").unwrap();
    std::os::unix::fs::symlink(d.join("target"), d.join("link.cnf")).unwrap();
    let (linked, _) = limited("true", &["export", "--cnf", p, "-o", "link.cnf"], d);
    assert_exit(&linked, 2);
    assert_eq!(std::fs::read(d.join("target")).unwrap(), b"kept");
}

/// Outputs planned over an input are refused before any work: a solve
/// whose search takes seconds, a graph, an inspection and an export all
/// end at once with exit 2 and leave the input as it was.
#[test]
fn outputs_over_inputs_are_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let hard = std::fs::read(Path::new(crate::ROOT).join("fixtures/hard/s6-k6-seed13-0001.txt")).unwrap();
    let plant = |relative: &str| {
        let path = d.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &hard).unwrap();
        path
    };
    let solution = plant("solution/solution.svg");
    let recording = plant("recording/recording.dot");
    let inspect = plant("inspect/inspect");
    let cases: [(Vec<&str>, &PathBuf); 4] = [
        (vec!["solve", "solution/solution.svg", "--out", "."], &solution),
        (vec!["graph", "recording/recording.dot", "--out", "."], &recording),
        (vec!["inspect", "inspect/inspect", "--out", "."], &inspect),
        (
            vec![
                "export",
                "--cnf",
                "inspect/inspect",
                "-o",
                "./inspect/../inspect/inspect",
            ],
            &inspect,
        ),
    ];
    for (args, input) in cases {
        let (output, took) = limited(CAP, &args, d);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains("an input of this run"),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            took < Duration::from_secs(2),
            "{args:?} used {took:?} of processor time: work before the refusal"
        );
        assert_eq!(std::fs::read(input).unwrap(), hard, "{args:?}");
    }
}
