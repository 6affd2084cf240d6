//! SIGINT while `generate` writes a large set: the run ends at once with
//! 130 (the write no longer runs to its end first), the old set stays
//! whole, and no staging outlives the next run.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rustix::process::{Pid, Signal, kill_process};

use crate::common::{assert_exit, snapshot};
use crate::cpu::{finish_within, used};

fn generate(out: &Path, count: &str, seed: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_scramble"));
    command
        .args(["generate", "--size", "2", "--count", count, "--seed", seed, "--out"])
        .arg(out)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// The hidden entries (staging folders) in `out`.
fn hidden(out: &Path) -> Vec<String> {
    std::fs::read_dir(out)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with('.'))
        .collect()
}

#[test]
fn a_signal_while_generate_writes_its_set_ends_it_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    assert_exit(&generate(&out, "3", "1").output().unwrap(), 0);
    let old = snapshot(&out.join("generated"), false);
    // 50,000 files: staged one by one, each synced, for seconds to minutes.
    let child = generate(&out, "50000", "0").spawn().unwrap();
    let started = Instant::now();
    while hidden(&out).is_empty() && started.elapsed() < Duration::from_secs(300) {
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(!hidden(&out).is_empty(), "the staging never appeared");
    let before = used(child.id()).unwrap();
    let _ = kill_process(Pid::from_child(&child), Signal::INT);
    // Giving up: at most one more file, then the cleanup (under a second).
    let (output, after) = finish_within(child, before + Duration::from_secs(2));
    assert_exit(&output, 130);
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("stopped by SIGINT"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    eprintln!("processor time after the signal: {:?}", after.saturating_sub(before));
    assert_eq!(snapshot(&out.join("generated"), false), old, "not the old set");
    // A staging too large to remove in time is left, named for the run
    // that made it; the next run writing the set removes it.
    assert_exit(&generate(&out, "3", "1").output().unwrap(), 0);
    assert_eq!(hidden(&out), Vec::<String>::new());
    assert_eq!(snapshot(&out.join("generated"), false), old);
}
