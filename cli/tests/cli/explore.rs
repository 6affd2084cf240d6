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
    // The built page, with the puzzle entered where it is read from.
    let entered = html
        .split(r#"<script type="application/json" id="entered">"#)
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .unwrap();
    let entered: serde_json::Value = serde_json::from_str(entered).unwrap();
    let puzzle = std::fs::read_to_string(crate::at_root("fixtures/paper2x2.txt")).unwrap();
    let pieces: Vec<&str> = puzzle
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert_eq!(entered["text"].as_str().unwrap().lines().collect::<Vec<_>>(), pieces);
    assert_eq!(entered["name"], "paper2x2");
    let prebuilt = std::fs::read_to_string(crate::at_root("docs/app/scramble.html")).unwrap();
    let [before, after] = prebuilt.split(r#"id="entered">null</script>"#).collect::<Vec<_>>()[..] else {
        panic!("the prebuilt page has one place for a puzzle");
    };
    assert!(html.starts_with(before) && html.ends_with(after), "the same page");
    // The page speaks to its reader, not of scramble's source code (the
    // engine's base64 aside, which is no text).
    let engine = r#"<script type="text/plain" id="engine-wasm">"#;
    let (text, rest) = html.split_once(engine).unwrap();
    let text = format!("{text}{}", rest.split_once("</script>").unwrap().1);
    for code in ["src/", ".rs", "crate::"] {
        assert!(!text.contains(code), "the page names `{code}`");
    }
}

#[test]
fn a_real_3x3_page_stays_within_two_megabytes() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["wizards", "monkey_puzzle", "repeat_puzzle"] {
        let file = dir.path().join(format!("{name}.html"));
        let report = explore_json(&[&real(name), "-o", file.to_str().unwrap()]);
        let bytes = report["bytes"].as_u64().unwrap();
        assert!(bytes <= 2_000_000, "{name}: {bytes} bytes");
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

#[test]
fn a_4x4_page_is_the_same_on_one_thread_and_on_two() {
    // 5,962 solutions, more than the page keeps: the first ones in search
    // order are kept whatever the threads.
    let dir = tempfile::tempdir().unwrap();
    let status = scramble()
        .args(["generate", "--size", "4", "--patterns", "3", "--seed", "3", "--out"])
        .arg(dir.path())
        .output()
        .unwrap()
        .status;
    assert!(status.success());
    let puzzle = dir.path().join("generated/s4-k3-seed3-0001.txt");
    let pages: Vec<Vec<u8>> = ["1", "2"]
        .iter()
        .map(|threads| {
            let file = dir.path().join(format!("j{threads}.html"));
            let report = explore_json(&[puzzle.to_str().unwrap(), "-j", threads, "-o", file.to_str().unwrap()]);
            assert_eq!(report["solutions"], 5962);
            std::fs::read(&file).unwrap()
        })
        .collect();
    assert!(pages[0] == pages[1], "the pages differ");
    scramble()
        .args(["explore", "fixtures/paper2x2.txt", "-j", "0", "--no-pictures"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expected a number of threads from 1 to 256"));
}
