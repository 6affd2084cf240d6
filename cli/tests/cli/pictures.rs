//! `scramble graph --highlight` and `--per-piece` (issue 15).

use crate::{real, scramble};

fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn highlight_draws_the_chosen_pieces_bold_on_the_faded_rest() {
    let out = tempfile::tempdir().unwrap();
    scramble()
        .args([
            "graph",
            &real("monkey_puzzle"),
            "--renderer",
            "embedded",
            "--highlight",
            "2,#5",
        ])
        .arg("--out")
        .arg(out.path())
        .assert()
        .success();
    let folder = out.path().join("monkey_puzzle");
    let svg = read(&folder.join("recording.svg"));
    assert!(svg.contains("pieces #2, #5 highlighted"), "the title names them");
    // Seven pieces faded (three strokes per edge: two parts and the arrowhead).
    assert_eq!(
        svg.matches("stroke=\"#D4D4D4\"").count(),
        7 * 4 * 3 + 7,
        "edges and legend samples"
    );
    let dot = read(&folder.join("recording.dot"));
    assert_eq!(
        dot.matches("penwidth=3.5").count(),
        8,
        "8 bold edges, one DOT edge each"
    );
    assert_eq!(dot.matches("color=\"#D4D4D4\"").count(), 7 * 4, "28 faded edges");
}

#[test]
fn an_unknown_piece_to_highlight_is_an_error_naming_it() {
    let out = tempfile::tempdir().unwrap();
    scramble()
        .args(["graph", "fixtures/paper2x2.txt", "--highlight", "5"])
        .arg("--out")
        .arg(out.path())
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "no piece `5` in paper2x2: expected a number from 1 to 4 or a piece name",
        ));
    assert!(!out.path().join("paper2x2").exists(), "nothing written");
}

#[test]
fn per_piece_writes_one_panel_per_piece() {
    let out = tempfile::tempdir().unwrap();
    scramble()
        .args(["graph", &real("repeat_puzzle"), "--format", "dot", "--per-piece"])
        .arg("--out")
        .arg(out.path())
        .assert()
        .success();
    let svg = read(&out.path().join("repeat_puzzle").join("per-piece.svg"));
    assert_eq!(svg.matches("class=\"panel\"").count(), 9);
    assert!(svg.contains("piece by piece"));
}
