//! Command-line tests: the `scramble` binary run as a user would run it.
//! One test binary; one module per subcommand or topic.

mod bad_input;
mod bounds;
mod common;
mod completions;
mod cpu;
mod diagnosis;
mod edge_ids;
mod edge_matching;
mod exact;
mod explore;
mod files;
mod frontier;
mod generate;
mod graph;
mod graphviz_child;
mod hard;
mod inputs;
mod inspect;
mod installs;
mod json;
mod legespiel;
mod looks;
mod nxn;
mod pictures;
mod polarity;
mod printing;
mod reliability;
mod self_matching_populations;
mod shards;
mod show;
mod solutions;
mod solve;
mod staging_stop;
mod study;
mod subgraphs;
mod threads;
mod verify;
mod writes;

#[path = "../../../src/render/neato_check.rs"]
mod neato_check;

use assert_cmd::Command;

/// The repository root: the tests name fixtures from it, as README's
/// commands do, and run the binary there.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// `path` (relative to the repository root) as this test process reaches
/// it: tests run in the package's own folder, `cli/`.
pub fn at_root(path: &str) -> std::path::PathBuf {
    std::path::Path::new(ROOT).join(path)
}

/// The `scramble` binary, run from the repository root so fixture paths are short.
pub fn scramble() -> Command {
    let mut cmd = Command::cargo_bin("scramble").expect("the scramble binary is built");
    cmd.current_dir(crate::ROOT);
    cmd
}

/// Path of a real puzzle in `fixtures/real/`, relative to the crate root.
pub fn real(name: &str) -> String {
    format!("fixtures/real/{name}.txt")
}

/// Runs `scramble ARGS --json --out OUT`, expects exit 0 and returns the one
/// JSON object it prints.
pub fn json_report(args: &[&str], out: &std::path::Path) -> serde_json::Value {
    json_report_exiting(0, args, out)
}

/// [`json_report`] expecting exit code `code` (3: a partial run).
pub fn json_report_exiting(code: i32, args: &[&str], out: &std::path::Path) -> serde_json::Value {
    let output = scramble()
        .args(args)
        .args(["--json", "--out"])
        .arg(out)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(code),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}
