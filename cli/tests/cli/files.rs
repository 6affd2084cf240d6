//! Output files: only inside `--out`, written as whole sets, a run replacing
//! the set it owns, `--no-pictures` writing nothing, no temporary leftovers.

use std::path::Path;

use crate::scramble;

/// Every path under `dir`, relative, sorted (hidden files included).
fn tree(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            out.push(path.strip_prefix(root).unwrap().display().to_string());
            if path.is_dir() {
                walk(root, &path, out);
            }
        }
    }
    let mut out = Vec::new();
    if dir.exists() {
        walk(dir, dir, &mut out);
    }
    out.sort();
    out
}

#[test]
fn names_from_files_stay_inside_out() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("in");
    std::fs::create_dir(&puzzles).unwrap();
    let out = dir.path().join("sandbox/out");
    for name in ["...txt", "..txt", ".hidden.txt", "a b?.txt"] {
        std::fs::copy(crate::at_root("fixtures/paper2x2.txt"), puzzles.join(name)).unwrap();
        scramble()
            .args(["graph", "--format", "dot", "--out"])
            .arg(&out)
            .arg(puzzles.join(name))
            .assert()
            .success();
    }
    assert_eq!(
        tree(&dir.path().join("sandbox")),
        [
            "out",
            "out/a_b_",
            "out/a_b_/recording.dot",
            "out/hidden",
            "out/hidden/recording.dot",
            "out/puzzle",
            "out/puzzle/recording.dot",
        ]
    );
}

#[test]
fn a_second_run_replaces_the_set_it_owns() {
    let out = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        scramble()
            .args(args)
            .args(["--renderer", "embedded", "--out"])
            .arg(out.path())
            .assert()
            .success();
    };
    run(&["subgraphs", "fixtures/paper2x2.txt"]);
    assert_eq!(tree(&out.path().join("paper2x2/solutions")).len(), 7);
    // Same name, another puzzle with one solution graph: its 3 files only.
    let other = out.path().join("in/paper2x2.txt");
    std::fs::create_dir_all(other.parent().unwrap()).unwrap();
    std::fs::copy(crate::at_root("fixtures/repetition_mismatch2x2.txt"), &other).unwrap();
    run(&["subgraphs", other.to_str().unwrap()]);
    assert_eq!(
        tree(&out.path().join("paper2x2/solutions")),
        [
            "subgraph-248-alone.svg",
            "subgraph-248-grid-1.svg",
            "subgraph-248-highlighted.svg",
        ]
    );
    // graph owns its three names only: --format dot drops the old SVGs and
    // leaves the subgraphs folder alone.
    run(&["graph", "fixtures/paper2x2.txt"]);
    run(&["graph", "fixtures/paper2x2.txt", "--format", "dot"]);
    assert_eq!(
        tree(&out.path().join("paper2x2")),
        [
            "recording.dot",
            "solutions",
            "solutions/subgraph-248-alone.svg",
            "solutions/subgraph-248-grid-1.svg",
            "solutions/subgraph-248-highlighted.svg",
        ]
    );
}

#[test]
fn verify_keep_replaces_the_earlier_disagreements() {
    let out = tempfile::tempdir().unwrap();
    let keep = |n: &str| {
        scramble()
            .args([
                "verify",
                "--patterns",
                "1",
                "--repetitions",
                "--renderer",
                "embedded",
                "--keep",
                n,
                "--out",
            ])
            .arg(out.path())
            .assert()
            .success();
        tree(&out.path().join("verify-k1-repetitions"))
    };
    assert_eq!(keep("3").len(), 12);
    assert_eq!(keep("1"), ["001-solution.svg", "001.dot", "001.svg", "001.txt"]);
    assert!(keep("0").is_empty());
    assert!(tree(out.path()).is_empty(), "no empty folder: {:?}", tree(out.path()));
}

#[test]
fn a_failed_write_leaves_no_half_set_and_no_temporary() {
    let out = tempfile::tempdir().unwrap();
    // A file where the puzzle's folder must go: the set cannot be written.
    std::fs::write(out.path().join("paper2x2"), "in the way").unwrap();
    let folder = out.path().join("paper2x2");
    scramble()
        .args(["subgraphs", "fixtures/paper2x2.txt", "--renderer", "embedded", "--out"])
        .arg(out.path())
        .assert()
        .code(2)
        .stderr(format!(
            "scramble: error: {}: cannot write: a file is there, not a folder\n",
            folder.display()
        ));
    assert_eq!(tree(out.path()), ["paper2x2"]);
}

#[test]
fn no_pictures_writes_nothing() {
    let out = tempfile::tempdir().unwrap();
    for args in [
        &["subgraphs", "fixtures/paper2x2.txt"][..],
        &["inspect", "fixtures/paper2x2.txt"],
        &["verify", "--patterns", "1", "--repetitions"],
    ] {
        scramble()
            .args(args)
            .args(["--no-pictures", "--out"])
            .arg(out.path())
            .assert()
            .success();
    }
    assert!(tree(out.path()).is_empty(), "{:?}", tree(out.path()));
}

#[test]
fn out_means_the_root_for_every_command() {
    let out = tempfile::tempdir().unwrap();
    scramble()
        .args(["generate", "--count", "1", "--out"])
        .arg(out.path())
        .assert()
        .success();
    assert_eq!(tree(out.path()), ["generated", "generated/s3-k4-seed0-0001.txt"]);
}

#[test]
fn graph_format_dot_writes_dot_only() {
    let out = tempfile::tempdir().unwrap();
    scramble()
        .args(["graph", "fixtures/paper2x2.txt", "--format", "dot", "--out"])
        .arg(out.path())
        .assert()
        .success()
        .stdout(format!(
            "wrote {}\n",
            out.path().join("paper2x2/recording.dot").display()
        ));
}
