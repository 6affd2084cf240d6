//! `scramble explore`: one self-contained HTML page per puzzle.

use predicates::prelude::*;

use crate::{real, scramble};

fn explore_json(args: &[&str]) -> serde_json::Value {
    let output = scramble().arg("explore").args(args).arg("--json").output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

#[test]
fn writes_one_offline_page_for_the_paper_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("paper.html");
    let report = explore_json(&["fixtures/paper2x2.txt", "-o", file.to_str().unwrap()]);
    assert_eq!(report["subgraphs"], 256);
    assert_eq!(report["notes"], serde_json::json!([]));
    let html = std::fs::read_to_string(&file).unwrap();
    assert_eq!(report["bytes"], html.len());
    assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"));
    assert!(html.contains("default-src 'none'"));
    assert_eq!(html.matches("class=\"edge\" data-edge=").count(), 16);
    // The page speaks to its reader, not of scramble's source code.
    for code in ["src/", ".rs", "crate::"] {
        assert!(!html.contains(code), "the page names `{code}`");
    }
}

#[test]
fn a_real_3x3_page_stays_under_a_megabyte() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["wizards", "monkey_puzzle", "repeat_puzzle"] {
        let file = dir.path().join(format!("{name}.html"));
        let report = explore_json(&[&real(name), "-o", file.to_str().unwrap()]);
        let bytes = report["bytes"].as_u64().unwrap();
        assert!(bytes < 1_000_000, "{name}: {bytes} bytes");
        assert_eq!(report["subgraphs"], 0, "subgraphs are a 2x2 notion");
        assert!(report["trace_steps"].as_u64().unwrap() > 0);
        assert_eq!(std::fs::metadata(&file).unwrap().len(), bytes);
    }
}

#[test]
fn the_page_goes_to_the_output_folder_by_default_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let expected = dir.path().join("planted3x3").join("explore.html");
    scramble()
        .args(["explore", "fixtures/planted3x3.txt", "--out"])
        .arg(dir.path())
        .assert()
        .success()
        .stdout(predicate::str::starts_with(format!("wrote {} (", expected.display())))
        .stderr("");
    assert!(expected.exists());
}

#[test]
fn a_capped_trace_and_an_untraceable_order_are_notes_not_errors() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("x.html");
    let path = file.to_str().unwrap();
    let capped = explore_json(&["fixtures/planted3x3.txt", "-o", path, "--trace-cap", "10"]);
    assert_eq!(capped["trace_steps"], 10);
    assert!(capped["notes"][0].as_str().unwrap().contains("capped at 10 steps"));
    let center = explore_json(&["fixtures/planted3x3.txt", "-o", path, "--order", "center-max"]);
    assert_eq!(center["trace_steps"], 0);
    assert!(center["notes"][0].as_str().unwrap().contains("center-max"));
}

#[test]
fn bad_input_exits_2_with_the_place_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.html");
    scramble()
        .args(["explore", "fixtures/bad/three_pictures.txt", "-o"])
        .arg(&file)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "scramble: error: fixtures/bad/three_pictures.txt:3:9: only 3 pictures",
        ))
        .stderr(predicate::str::contains("panicked").not());
    assert!(!file.exists());
    scramble()
        .args(["explore", "fixtures/no_such_puzzle.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "fixtures/no_such_puzzle.txt: cannot read the file",
        ));
}

#[test]
fn an_unwritable_output_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    std::fs::write(&blocker, b"").unwrap();
    scramble()
        .args(["explore", "fixtures/paper2x2.txt", "-o"])
        .arg(blocker.join("page.html"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot write"));
}
