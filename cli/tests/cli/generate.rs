//! `scramble generate`: planted puzzle files, byte-identical for a seed,
//! `--unique` and `--repetition-free` honoured, errors exit 2.

use std::collections::BTreeMap;
use std::path::Path;

use predicates::prelude::*;

use crate::scramble;

/// Runs `generate` into `out` and returns its JSON report.
fn generate(out: &Path, extra: &[&str]) -> serde_json::Value {
    let output = scramble()
        .args(["generate", "--json", "--out"])
        .arg(out)
        .args(extra)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Every file of a folder by name.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir.join("generated"))
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// Solutions modulo rotation that `scramble solve` counts.
fn solutions(file: &Path) -> u64 {
    let out = tempfile::tempdir().unwrap();
    let output = scramble()
        .args(["solve", "--json", "--out"])
        .arg(out.path())
        .arg(file)
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    report["solutions"].as_u64().unwrap()
}

#[test]
fn the_same_seed_writes_byte_identical_files() {
    let (a, b, c) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );
    let args = ["--size", "3", "--patterns", "4", "--count", "5", "--seed", "7"];
    generate(a.path(), &args);
    generate(b.path(), &args);
    let first = files(a.path());
    assert_eq!(first.len(), 5);
    assert!(first.contains_key("s3-k4-seed7-0001.txt"), "{:?}", first.keys());
    assert_eq!(first, files(b.path()));
    generate(
        c.path(),
        &["--size", "3", "--patterns", "4", "--count", "5", "--seed", "8"],
    );
    assert!(files(c.path()).values().all(|text| !first.values().any(|t| t == text)));
}

#[test]
fn files_say_how_they_were_made_and_their_planted_solution_solves_them() {
    let out = tempfile::tempdir().unwrap();
    let report = generate(
        out.path(),
        &["--size", "4", "--patterns", "5", "--count", "3", "--seed", "2"],
    );
    assert_eq!(report["drawn"], 3);
    for written in report["puzzles"].as_array().unwrap() {
        let path = Path::new(written["file"].as_str().unwrap());
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.starts_with("# s4-k5-seed2-"), "{text}");
        assert!(
            text.contains("scramble generate --size 4 --patterns 5 --seed 2`"),
            "{text}"
        );
        let puzzle = scramble::read_puzzle(path, Default::default()).unwrap();
        assert_eq!(puzzle.size(), 4);
        let planted = text.lines().find(|l| l.contains("planted solution")).unwrap();
        let cells: Vec<scramble::Placement> = planted
            .split(": ")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .filter(|w| *w != "/")
            .map(|w| {
                let (piece, rotation) = w.trim_start_matches('#').split_once('@').unwrap();
                scramble::Placement {
                    piece: piece.parse::<usize>().unwrap() - 1,
                    rotation: rotation.parse().unwrap(),
                }
            })
            .collect();
        assert!(scramble::Arrangement::new(4, cells).is_solution(&puzzle), "{text}");
    }
}

#[test]
fn unique_puzzles_have_one_solution_and_the_draws_are_counted() {
    let out = tempfile::tempdir().unwrap();
    let report = generate(
        out.path(),
        &[
            "--size",
            "3",
            "--patterns",
            "4",
            "--count",
            "3",
            "--seed",
            "1",
            "--unique",
        ],
    );
    let puzzles = report["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 3);
    let last = puzzles[2]["candidate"].as_u64().unwrap();
    assert_eq!(report["drawn"], last + 1);
    for written in puzzles {
        assert_eq!(written["solutions"], 1);
        let path = Path::new(written["file"].as_str().unwrap());
        assert_eq!(solutions(path), 1);
        assert!(
            std::fs::read_to_string(path)
                .unwrap()
                .contains("solutions modulo rotation (fast solver): 1")
        );
    }
    // Rejected candidates really have several solutions.
    let all = tempfile::tempdir().unwrap();
    let every = generate(
        all.path(),
        &[
            "--size",
            "3",
            "--patterns",
            "4",
            "--count",
            &(last + 1).to_string(),
            "--seed",
            "1",
        ],
    );
    let kept: Vec<u64> = puzzles.iter().map(|p| p["candidate"].as_u64().unwrap()).collect();
    for (i, written) in every["puzzles"].as_array().unwrap().iter().enumerate() {
        let count = solutions(Path::new(written["file"].as_str().unwrap()));
        assert_eq!(
            count == 1,
            kept.contains(&(i as u64)),
            "candidate {i} has {count} solutions"
        );
    }
}

#[test]
fn repetition_free_pieces_when_asked() {
    let out = tempfile::tempdir().unwrap();
    let report = generate(
        out.path(),
        &["--size", "3", "--patterns", "3", "--count", "4", "--repetition-free"],
    );
    for written in report["puzzles"].as_array().unwrap() {
        let path = written["file"].as_str().unwrap();
        assert!(path.ends_with(".txt") && path.contains("-rf-"), "{path}");
        assert!(
            scramble::read_puzzle(path.as_ref(), Default::default())
                .unwrap()
                .is_repetition_free()
        );
    }
}

#[test]
fn impossible_requests_exit_2_with_the_fix() {
    let out = tempfile::tempdir().unwrap();
    scramble()
        .args([
            "generate",
            "--size",
            "2",
            "--patterns",
            "1",
            "--count",
            "2",
            "--unique",
            "--max-draws",
            "20",
        ])
        .arg("--out")
        .arg(out.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("only 0 of 2 puzzles").and(predicate::str::contains("--max-draws")));
    scramble()
        .args(["generate", "--size", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--size"));
    scramble()
        .args(["generate", "--patterns", "1", "--repetition-free", "--out"])
        .arg(out.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("use at least 2"));
}

#[test]
fn commercial_style_puts_every_pattern_on_nine_sides() {
    let out = tempfile::tempdir().unwrap();
    let report = generate(out.path(), &["--style", "commercial", "--count", "4", "--seed", "3"]);
    for written in report["puzzles"].as_array().unwrap() {
        let path = Path::new(written["file"].as_str().unwrap());
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.starts_with("# commercial-s3-k4-seed3-"), "{text}");
        assert!(text.contains("--seed 3 --style commercial`"), "{text}");
        let puzzle = scramble::read_puzzle(path, Default::default()).unwrap();
        let mut sides = BTreeMap::new();
        for picture in puzzle.pieces().iter().flat_map(|p| p.sides()) {
            *sides.entry(picture.pattern().number()).or_insert(0) += 1;
        }
        assert_eq!(sides.into_values().collect::<Vec<_>>(), vec![9; 4], "{text}");
        assert!(solutions(path) >= 1, "{text}");
    }
    scramble()
        .args(["generate", "--style", "commercial", "--size", "4", "--out"])
        .arg(out.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("3x3 over 4 patterns"));
}

#[test]
fn commercial_style_honours_repetition_free() {
    let out = tempfile::tempdir().unwrap();
    let args = ["--style", "commercial", "--count", "5", "--repetition-free"];
    let report = generate(out.path(), &args);
    for written in report["puzzles"].as_array().unwrap() {
        let path = written["file"].as_str().unwrap();
        let puzzle = scramble::read_puzzle(path.as_ref(), Default::default()).unwrap();
        assert!(puzzle.is_repetition_free(), "{path}");
    }
}

/// `--time-limit` stops the drawing: the candidates drawn so far are
/// reported as partial (`"complete": false`), nothing is written, exit 3.
#[test]
fn a_time_limit_reports_a_partial_run_and_writes_nothing() {
    let out = tempfile::tempdir().unwrap();
    let args = ["generate", "--count", "500000", "--time-limit", "0.001"];
    let report = crate::json_report_exiting(3, &args, out.path());
    assert_eq!(report["complete"], false);
    assert_eq!(report["stopped"], "time-limit");
    let drawn = report["drawn"].as_u64().unwrap();
    assert!(drawn < 500_000);
    assert_eq!(report["puzzles"].as_array().unwrap().len() as u64, drawn);
    assert!(
        report["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["file"].is_null())
    );
    assert!(!out.path().join("generated").exists());
}
