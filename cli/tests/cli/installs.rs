//! Installs whole under SIGKILL: every command that writes a set of more
//! than one file is killed at the first change of its destination a
//! watcher sees; the destination then holds the old set or the new one,
//! never a mix (the set appears in one rename). A set whose folders are
//! not there yet appears with them, so a kill before then leaves nothing.

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

/// `scramble ARGS --out OUT` started, its output dropped.
fn spawn(args: &[String], out: &Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_scramble"))
        .current_dir(crate::ROOT)
        .args(args)
        .arg("--out")
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
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
    let mut child = spawn(new, &out);
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

/// The names in `dir`, hidden ones included.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn sigkill_before_a_new_folder_is_installed_leaves_no_folder() {
    let dir = tempfile::tempdir().unwrap();
    let args = words("generate --size 2 --count 2000 --seed 3", Path::new(""));
    let whole = dir.path().join("whole");
    run(&args, &whole);
    let set = snapshot(&whole, false);
    let mut before_install = 0;
    for round in 0..3 {
        let here = dir.path().join(format!("round{round}"));
        std::fs::create_dir(&here).unwrap();
        // `out/generated/`, neither folder there yet.
        let out = here.join("out");
        let mut child = spawn(&args, &out);
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(60) && child.try_wait().unwrap().is_none() {
            if !entries(&here).is_empty() {
                let _ = child.kill();
                break;
            }
        }
        let status = child.wait().unwrap();
        let staged = entries(&here).iter().any(|n| n.starts_with(".out.staging-"));
        if out.exists() {
            assert_eq!(snapshot(&out, false), set, "round {round}: a partial set ({status:?})");
        } else {
            before_install += usize::from(staged && status.code().is_none());
        }
        // The next run removes the staging a killed one left.
        run(&args, &out);
        assert_eq!(entries(&here), ["out"], "round {round}");
        assert_eq!(snapshot(&out, false), set);
    }
    assert!(before_install >= 1, "no round was killed while it staged");
}
