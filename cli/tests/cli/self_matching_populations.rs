//! `--self-matching L`: puzzles drawn from K signed and L self-matching
//! patterns (`generate`, `study heuristics`, `study uniqueness`) and the 2x2
//! census of a mixed palette (`verify --patterns K --self-matching L`),
//! with the combinations they refuse.

use std::collections::BTreeSet;

use scramble::Puzzle;
use scramble::solve::{Order, Solver};

use super::common::assert_exit;
use super::scramble;

fn json(args: &[&str]) -> serde_json::Value {
    let output = scramble().args(args).output().unwrap();
    assert_exit(&output, 0);
    serde_json::from_slice(&output.stdout).unwrap()
}

fn refused(args: &[&str], says: &str) {
    let output = scramble().args(args).output().unwrap();
    assert_exit(&output, 2);
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains(says), "{args:?}: {err}");
}

/// Every written puzzle shows self-matching pictures, of at most 2
/// patterns, numbered after the 2 signed ones; the signed pictures are
/// those of patterns 1 and 2; the header names the option.
#[test]
fn generated_puzzles_draw_from_the_mixed_palette() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let args = [
        "generate",
        "--size",
        "4",
        "--patterns",
        "2",
        "--self-matching",
        "2",
        "--count",
        "12",
        "--seed",
        "5",
        "--json",
        "--out",
        out,
    ];
    let report = json(&args);
    assert_eq!(report["self_matching"], 2);
    let mut same = BTreeSet::new();
    for written in report["puzzles"].as_array().unwrap() {
        assert!(
            written["puzzle"].as_str().unwrap().starts_with("s4-k2-l2-seed5-"),
            "{written}"
        );
        let text = std::fs::read_to_string(written["file"].as_str().unwrap()).unwrap();
        assert!(text.contains("--self-matching 2"), "{text}");
        let puzzle: Puzzle = text.parse().unwrap();
        let pictures: Vec<String> = puzzle
            .pieces()
            .iter()
            .flat_map(|p| p.sides())
            .map(|s| s.to_string())
            .collect();
        assert!(pictures.iter().any(|p| p.ends_with('=')), "{text}");
        for p in &pictures {
            let (number, sign) = p.split_at(p.len() - 1);
            let number: u32 = number.parse().unwrap();
            if sign == "=" {
                assert!((3..=4).contains(&number), "{p}");
                same.insert(number);
            } else {
                assert!((1..=2).contains(&number) && (sign == "+" || sign == "-"), "{p}");
            }
        }
        let solved = Solver::new(&puzzle, Order::default(), 0).unwrap().count();
        assert!(solved.solutions >= 1, "the planted solution solves {text}");
    }
    assert!(!same.is_empty() && same.len() <= 2, "{same:?}");
}

/// `--self-matching 0` is the signed generator, file for file.
#[test]
fn no_self_matching_patterns_keep_the_signed_puzzles() {
    let plain = json(&[
        "generate",
        "--patterns",
        "3",
        "--count",
        "3",
        "--seed",
        "9",
        "--no-pictures",
        "--json",
    ]);
    let zero = json(&[
        "generate",
        "--patterns",
        "3",
        "--count",
        "3",
        "--seed",
        "9",
        "--self-matching",
        "0",
        "--no-pictures",
        "--json",
    ]);
    assert_eq!(plain, zero);
    assert!(plain.get("self_matching").is_none());
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    for (dir, extra) in [(&a, None), (&b, Some("0"))] {
        let mut cmd = scramble();
        cmd.args(["generate", "--patterns", "3", "--count", "2", "--seed", "4", "--out"]);
        cmd.arg(dir.path());
        if let Some(l) = extra {
            cmd.args(["--self-matching", l]);
        }
        assert_exit(&cmd.output().unwrap(), 0);
    }
    assert_eq!(
        super::common::snapshot(a.path(), false),
        super::common::snapshot(b.path(), false)
    );
}

/// The 2x2 puzzles over `1+ 1- 2=` counted independently: piece classes as
/// the smallest rotation of every 4-tuple, every multiset of 4 classes,
/// each solved by the backtracker.
#[test]
fn the_mixed_census_counts_what_the_solver_counts() {
    let pictures = ["1+", "1-", "2="];
    let mut classes = BTreeSet::new();
    for code in 0..81usize {
        let sides = [code / 27, code / 9 % 3, code / 3 % 3, code % 3];
        let smallest = (0..4).map(|r| [0, 1, 2, 3].map(|i| sides[(i + r) % 4])).min().unwrap();
        classes.insert(smallest);
    }
    let classes: Vec<[usize; 4]> = classes.into_iter().collect();
    let (mut puzzles, mut solvable, mut unique, mut solutions) = (0u64, 0u64, 0u64, 0u64);
    let n = classes.len();
    for a in 0..n {
        for b in a..n {
            for c in b..n {
                for d in c..n {
                    let text: String = [a, b, c, d]
                        .iter()
                        .map(|&i| classes[i].map(|s| pictures[s]).join(" ") + "\n")
                        .collect();
                    let puzzle: Puzzle = text.parse().unwrap();
                    let count = Solver::new(&puzzle, Order::default(), 0).unwrap().count().solutions;
                    puzzles += 1;
                    solvable += u64::from(count > 0);
                    unique += u64::from(count == 1);
                    solutions += count;
                }
            }
        }
    }
    let report = json(&[
        "verify",
        "--patterns",
        "1",
        "--self-matching",
        "1",
        "--repetitions",
        "--json",
    ]);
    assert_eq!(report["self_matching"], 1);
    assert_eq!(report["patterns"], 1);
    assert_eq!(report["repetition_free"], false);
    assert_eq!(report["puzzles"], puzzles);
    assert_eq!(report["solvable"], solvable);
    assert_eq!(report["unique"], unique);
    assert_eq!(report["solutions"], solutions);
    // The repaired (3') and the twisted criterion agree with brute force;
    // Theorem 2.1, stated for signed pictures, rejects solution graphs by (3).
    assert_eq!(report["repaired_mismatches"], 0);
    assert_eq!(report["twisted_mismatches"], 0);
    assert_eq!(report["condition_failures"]["accepted_non_solutions"], 0);
    let rejected = &report["condition_failures"]["rejected_solution_graphs"];
    assert!(rejected.as_u64().unwrap() > 0);
    assert_eq!(&report["theorem_mismatches"], rejected);
    assert_eq!(
        &report["condition_failures"]["rejected_by_condition"]["condition_3"],
        rejected
    );
    // The signed census says nothing of self-matching patterns.
    let signed = json(&["verify", "--patterns", "1", "--repetitions", "--json"]);
    assert!(signed.get("self_matching").is_none());
}

/// A time limit: the whole census with `complete: true` when it is
/// generous, the first puzzles and exit 3 when it is spent at once.
#[test]
fn the_mixed_census_honours_its_time_limit() {
    let census = |limit| {
        [
            "verify",
            "--patterns",
            "1",
            "--self-matching",
            "1",
            "--repetitions",
            "--time-limit",
            limit,
            "--json",
        ]
    };
    let whole = json(&census("600"));
    assert_eq!(
        (&whole["complete"], &whole["puzzles"]),
        (&serde_json::json!(true), &serde_json::json!(17_550))
    );
    assert!(whole.get("stopped").is_none());
    let out = scramble().args(census("0.001")).output().unwrap();
    assert_exit(&out, 3);
    let stopped: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(stopped["complete"], false);
    assert_eq!(stopped["stopped"], "time-limit");
    assert!(stopped["puzzles"].as_u64().unwrap() < 17_550);
}

#[test]
fn the_mixed_census_refuses_what_it_does_not_do() {
    let base = ["verify", "--patterns", "1", "--self-matching", "2"];
    for flag in [
        &["--size", "3"][..],
        &["--corners"],
        &["--corners-only"],
        &["--exact"],
        &["--plain"],
        &["--no-symmetry"],
        &["--shard", "1/2"],
        &["--check"],
        &["--keep", "3"],
    ] {
        let args: Vec<&str> = base.iter().chain(flag).copied().collect();
        refused(&args, &format!("not {}", flag[0]));
    }
    refused(
        &["verify", "--patterns", "1", "--self-matching", "1"],
        "too few for a repetition-free piece",
    );
    refused(&["verify", "--patterns", "4", "--self-matching", "1"], "at most 8");
    // A mixed report is no shard: merge refuses it.
    let dir = tempfile::tempdir().unwrap();
    let report = scramble()
        .args(["verify", "--patterns", "1", "--self-matching", "2", "--json"])
        .output()
        .unwrap();
    assert_exit(&report, 0);
    let file = dir.path().join("mixed.json");
    std::fs::write(&file, &report.stdout).unwrap();
    let merged = scramble().arg("merge").arg(&file).output().unwrap();
    assert_exit(&merged, 2);
    assert!(String::from_utf8_lossy(&merged.stderr).contains("never sharded"));
}

#[test]
fn studies_take_self_matching_patterns_where_they_draw_planted_puzzles() {
    let heuristics = json(&[
        "study",
        "heuristics",
        "--size",
        "3",
        "--patterns",
        "2",
        "--self-matching",
        "1",
        "--count",
        "8",
        "--random-seeds",
        "1",
        "--no-pictures",
        "--json",
    ]);
    assert_eq!(heuristics["self_matching"], 1);
    assert_eq!(heuristics["study"]["puzzles"], 8);
    let signed = json(&[
        "study",
        "heuristics",
        "--size",
        "3",
        "--patterns",
        "2",
        "--count",
        "8",
        "--random-seeds",
        "1",
        "--no-pictures",
        "--json",
    ]);
    assert!(signed.get("self_matching").is_none());
    // Five pictures instead of four: other puzzles, and fewer solutions.
    assert_ne!(heuristics["study"]["solutions"], signed["study"]["solutions"]);
    let uniqueness = json(&[
        "study",
        "uniqueness",
        "--sizes",
        "2",
        "--patterns",
        "2",
        "--self-matching",
        "1",
        "--counts",
        "30",
        "--sampled",
        "30",
        "--no-pictures",
        "--json",
    ]);
    assert_eq!(uniqueness["self_matching"], 1);
    assert_eq!(uniqueness["cells"].as_array().unwrap().len(), 1);
    refused(
        &["study", "heuristics", "--factorial", "--self-matching", "1"],
        "does not go with --factorial",
    );
    refused(
        &[
            "study",
            "heuristics",
            "--puzzles",
            "fixtures/real/cowboys.txt",
            "--self-matching",
            "1",
        ],
        "does not go with --puzzles",
    );
    refused(
        &[
            "study",
            "uniqueness",
            "--sizes",
            "3",
            "--patterns",
            "4",
            "--self-matching",
            "1",
            "--commercial",
            "10,10",
        ],
        "does not go with --commercial",
    );
    refused(
        &["generate", "--style", "commercial", "--self-matching", "1"],
        "planted style only",
    );
}
