//! Installs whole under SIGKILL: every command that writes a set of more
//! than one file is killed at the first change of its destination a
//! watcher sees; the destination then holds the old set or the new one,
//! never a mix (the set appears in one rename).

use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{assert_exit, snapshot};

fn run(args: &[String], out: &Path) {
    let output = Command::new(env!("CARGO_BIN_EXE_scramble"))
        .current_dir(crate::ROOT)
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    assert_exit(&output, 0);
}

/// What a watcher sees of a folder: its inode, its change time and its
/// entries' names.
fn look(folder: &Path) -> Option<(u64, i64, i64, Vec<std::ffi::OsString>)> {
    let meta = std::fs::metadata(folder).ok()?;
    let mut names: Vec<_> = std::fs::read_dir(folder)
        .ok()?
        .flatten()
        .map(|e| e.file_name())
        .collect();
    names.retain(|n| !n.to_string_lossy().starts_with('.'));
    names.sort();
    Some((meta.ino(), meta.mtime(), meta.mtime_nsec(), names))
}

/// Runs `old` to the end into a fresh folder, then `new` killed at the
/// first change of `set`; returns (killed mid-run, left old or new).
fn kill_at_first_change(old: &[String], new: &[String], set: &str, dir: &Path) -> bool {
    let (old_out, new_out, out) = (dir.join("old"), dir.join("new"), dir.join("run"));
    run(old, &old_out);
    run(old, &out);
    // The new set is what the new run leaves over the old one.
    run(old, &new_out);
    run(new, &new_out);
    let before = snapshot(&old_out.join(set), false);
    let after = snapshot(&new_out.join(set), false);
    assert!(before != after, "{new:?}: two distinct sets");
    let seen = look(&out.join(set));
    let mut child = Command::new(env!("CARGO_BIN_EXE_scramble"))
        .current_dir(crate::ROOT)
        .args(new)
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let mut killed = false;
    while started.elapsed() < Duration::from_secs(60) {
        if look(&out.join(set)) != seen {
            killed = child.kill().is_ok();
            break;
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
    }
    let status = child.wait().unwrap();
    let left = snapshot(&out.join(set), false);
    assert!(
        left == before || left == after,
        "{new:?}: a mix after SIGKILL ({status:?})"
    );
    killed && status.code().is_none()
}

fn words(line: &str, puzzle: &Path) -> Vec<String> {
    line.split_whitespace()
        .map(|w| {
            if w == "P" {
                puzzle.display().to_string()
            } else {
                w.to_string()
            }
        })
        .collect()
}

#[test]
fn sigkill_at_the_first_change_leaves_the_old_set_or_the_new_one() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(crate::ROOT);
    let (a, b) = (dir.path().join("a/p.txt"), dir.path().join("b/p.txt"));
    for (path, source) in [(&a, "fixtures/paper2x2.txt"), (&b, "fixtures/several2x2.txt")] {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::copy(root.join(source), path).unwrap();
    }
    let cases = [
        (
            "generate --count 300 --seed 1",
            "generate --count 300 --seed 2",
            "generated",
        ),
        (
            "graph A --renderer embedded",
            "graph B --renderer embedded --per-piece",
            "p",
        ),
        (
            "subgraphs A --renderer embedded --draw 3",
            "subgraphs B --renderer embedded --draw 5",
            "p",
        ),
    ];
    let mut killed = 0;
    for (k, (old, new, set)) in cases.iter().enumerate() {
        for round in 0..3 {
            let old = words(&old.replace('A', "P"), &a);
            let new = words(&new.replace('B', "P"), &b);
            let here = dir.path().join(format!("case{k}-{round}"));
            killed += usize::from(kill_at_first_change(&old, &new, set, &here));
        }
    }
    // Most rounds are killed mid-run (the watcher is faster than the run's end).
    assert!(killed >= 3, "only {killed} of 9 rounds killed before the end");
}
