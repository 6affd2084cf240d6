//! No output over an input: every command compares what it would write
//! with what it read (the same path under another spelling, a folder that
//! holds the input, the same inode) and refuses with exit 2, the input
//! left byte-identical.

use std::path::Path;

use crate::scramble;

fn refused(args: &[&str], cwd: &Path, input: &Path) {
    let before = std::fs::read(input).unwrap();
    let output = scramble().current_dir(cwd).args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.contains("an input of this run"), "{args:?}: {stderr}");
    assert_eq!(std::fs::read(input).unwrap(), before, "{args:?} changed its input");
}

fn puzzle_at(path: &Path) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let fixture = Path::new(crate::ROOT).join("fixtures/paper2x2.txt");
    std::fs::copy(fixture, path).unwrap();
}

#[test]
fn no_command_writes_over_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    puzzle_at(&d.join("p.txt"));
    refused(&["explore", "p.txt", "-o", "p.txt"], d, &d.join("p.txt"));
    refused(&["explore", "p.txt", "-o", "./sub/../p.txt"], d, &d.join("p.txt"));
    std::fs::hard_link(d.join("p.txt"), d.join("twin.txt")).unwrap();
    refused(&["explore", "p.txt", "-o", "twin.txt"], d, &d.join("p.txt"));
    // A set of names: graph's `recording.dot` in `<out>/recording/`.
    puzzle_at(&d.join("out/recording/recording.dot"));
    refused(
        &["graph", "out/recording/recording.dot", "--renderer", "embedded"],
        d,
        &d.join("out/recording/recording.dot"),
    );
    // A folder replaced whole: `<out>/p/inspect/` holds the input.
    puzzle_at(&d.join("out/p/inspect/p.txt"));
    refused(
        &["inspect", "out/p/inspect/p.txt", "--renderer", "embedded"],
        d,
        &d.join("out/p/inspect/p.txt"),
    );
    // One file: `solve` draws `<out>/solution/solution.svg`.
    puzzle_at(&d.join("out/solution/solution.svg"));
    refused(
        &["solve", "out/solution/solution.svg"],
        d,
        &d.join("out/solution/solution.svg"),
    );
    // A later file of a batch, not read yet when the first is drawn.
    puzzle_at(&d.join("later/p/solution.svg"));
    refused(
        &["solve", "p.txt", "later/p/solution.svg", "--out", "later"],
        d,
        &d.join("later/p/solution.svg"),
    );
    // Subgraph pictures go to `<out>/p/solutions/`.
    puzzle_at(&d.join("out/p/solutions/p.txt"));
    refused(
        &["subgraphs", "out/p/solutions/p.txt", "--renderer", "embedded"],
        d,
        &d.join("out/p/solutions/p.txt"),
    );
}

#[test]
fn an_input_beside_the_outputs_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    puzzle_at(&d.join("out/p/p.txt"));
    let output = scramble()
        .current_dir(d)
        .args(["graph", "out/p/p.txt", "--renderer", "embedded"])
        .output()
        .unwrap();
    crate::common::assert_exit(&output, 0);
    assert!(d.join("out/p/p.txt").exists() && d.join("out/p/recording.svg").exists());
}
