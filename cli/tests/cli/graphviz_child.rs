//! No Graphviz outlives `scramble`: a `neato` that never ends (a script
//! earlier on PATH that writes its process id and sleeps) is killed and
//! reaped when `graph` gets SIGINT or SIGTERM (sent to `scramble` alone,
//! not its process group) or reaches `--time-limit`, and dies with it when
//! `scramble` is killed outright (SIGKILL).

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use rustix::process::{Pid, Signal, kill_process};

/// A folder holding a `neato` that writes its process id to `pid` in
/// that folder, then sleeps for a minute in the same process.
fn sleeping_neato(dir: &Path) {
    let script = format!("#!/bin/sh\necho $$ > '{}/pid'\nexec sleep 60\n", dir.display());
    std::fs::write(dir.join("neato"), script).unwrap();
    std::fs::set_permissions(dir.join("neato"), std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// `scramble graph` drawing with the `neato` in `dir`, plus `extra`.
fn graph(dir: &Path, extra: &[&str]) -> Child {
    let path = format!("{}:{}", dir.display(), std::env::var("PATH").unwrap_or_default());
    Command::new(env!("CARGO_BIN_EXE_scramble"))
        .args(["graph", "fixtures/paper2x2.txt", "--renderer", "graphviz", "--out"])
        .arg(dir.join("out"))
        .args(extra)
        .env("PATH", path)
        .current_dir(crate::ROOT)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The fake neato's process id, once it has started (at most a minute).
fn neato_pid(dir: &Path) -> i32 {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(60) {
        if let Some(pid) = std::fs::read_to_string(dir.join("pid"))
            .ok()
            .and_then(|text| text.trim().parse().ok())
        {
            return pid;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the fake neato never started");
}

/// Whether process `pid` is the fake neato's `sleep`, still running (not a
/// zombie waiting to be reaped, not gone).
fn sleeping(pid: i32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    let state = stat.rsplit_once(')').map(|(_, rest)| rest.trim_start());
    (stat.contains("(sleep)") || stat.contains("(neato)"))
        && !state.is_some_and(|s| s.starts_with('Z') || s.starts_with('X'))
}

/// Kills the fake neato if it is still there (so a failing test leaves
/// nothing behind) and says whether it was.
fn outlived(pid: i32) -> bool {
    let alive = sleeping(pid);
    if alive {
        let _ = kill_process(Pid::from_raw(pid).unwrap(), Signal::KILL);
    }
    alive
}

#[test]
fn a_signal_or_the_time_limit_kills_and_reaps_graphviz() {
    let cases: [(Option<Signal>, &[&str], i32); 3] = [
        (Some(Signal::INT), &[], 130),
        (Some(Signal::TERM), &[], 143),
        (None, &["--time-limit", "1"], 3),
    ];
    for (signal, extra, code) in cases {
        let dir = tempfile::tempdir().unwrap();
        sleeping_neato(dir.path());
        let child = graph(dir.path(), extra);
        // The signal goes to a running neato; the time limit may come
        // before the script has written its id (nothing runs then).
        let pid = signal.map(|signal| {
            let pid = neato_pid(dir.path());
            let _ = kill_process(Pid::from_child(&child), signal);
            pid
        });
        let output = child.wait_with_output().unwrap();
        let pid = pid.or_else(|| {
            std::fs::read_to_string(dir.path().join("pid"))
                .ok()?
                .trim()
                .parse()
                .ok()
        });
        // Reaped before scramble exits: no process left, not even a zombie.
        let left = pid.is_some_and(|pid| Path::new(&format!("/proc/{pid}")).exists());
        let survived = pid.is_some_and(outlived);
        crate::common::assert_exit(&output, code);
        assert!(
            !survived && !left,
            "{signal:?} {extra:?}: neato {pid:?} outlived scramble"
        );
        assert!(!dir.path().join("out").exists(), "{signal:?}: files written");
    }
}

#[test]
fn graphviz_dies_with_a_scramble_killed_outright() {
    let dir = tempfile::tempdir().unwrap();
    sleeping_neato(dir.path());
    let mut child = graph(dir.path(), &[]);
    let pid = neato_pid(dir.path());
    child.kill().unwrap();
    child.wait().unwrap();
    // The kernel sends SIGKILL at once; give a loaded machine 10 s (the
    // fake neato would sleep 60).
    let started = Instant::now();
    while sleeping(pid) && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(!outlived(pid), "neato {pid} outlived a killed scramble");
}
