//! `scramble study`: small runs of every study, their JSON, plots and
//! examples, re-checked against `scramble generate` and `scramble solve`.

use std::path::Path;

use predicates::prelude::*;

use crate::scramble;

fn json(args: &[&str], out: &Path) -> serde_json::Value {
    let output = scramble()
        .args(args)
        .arg("--json")
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).unwrap()
}

fn is_svg(path: &serde_json::Value) -> bool {
    std::fs::read_to_string(path.as_str().unwrap())
        .is_ok_and(|s| s.starts_with("<svg") && s.trim_end().ends_with("</svg>"))
}

/// Nodes of `scramble solve --first` on each generated puzzle.
fn first_nodes(size: &str, patterns: &str, count: usize, seed: &str, order: &str) -> Vec<f64> {
    nodes_with(size, patterns, count, seed, &["--first", "--order", order])
}

/// Nodes of `scramble solve <solve_args>` on each generated puzzle.
fn nodes_with(size: &str, patterns: &str, count: usize, seed: &str, solve_args: &[&str]) -> Vec<f64> {
    let dir = tempfile::tempdir().unwrap();
    let count = count.to_string();
    let args = [
        "generate",
        "--size",
        size,
        "--patterns",
        patterns,
        "--count",
        &count,
        "--seed",
        seed,
    ];
    scramble().args(args).arg("--out").arg(dir.path()).assert().success();
    let mut files: Vec<_> = std::fs::read_dir(dir.path().join("generated"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
        .iter()
        .map(|file| {
            let output = scramble()
                .args(["solve", "--json"])
                .args(solve_args)
                .arg("--out")
                .arg(dir.path())
                .arg(file)
                .output()
                .unwrap();
            let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            report["nodes"].as_f64().unwrap()
        })
        .collect()
}

#[test]
fn heuristics_numbers_are_the_solvers_numbers() {
    let out = tempfile::tempdir().unwrap();
    let args = [
        "study",
        "heuristics",
        "--count",
        "9",
        "--seed",
        "3",
        "--random-seeds",
        "2",
    ];
    let report = json(&args, out.path());
    let orders = report["study"]["orders"].as_array().unwrap();
    assert_eq!(orders[0]["order"], "center-max");
    assert_eq!(orders[0]["runs"], 9);
    assert_eq!(orders[1]["runs"], 18);
    for (i, order) in ["center-max", "random", "spiral", "row-major"].iter().enumerate() {
        assert_eq!(orders[i]["order"], *order);
    }
    for (i, order) in [(0, "center-max"), (2, "spiral"), (3, "row-major")] {
        let mut nodes = first_nodes("3", "4", 9, "3", order);
        nodes.sort_by(f64::total_cmp);
        let first = &orders[i]["first"];
        assert_eq!(first["min"], nodes[0], "{order}");
        assert_eq!(first["median"], nodes[4], "{order}");
        assert_eq!(first["max"], nodes[8], "{order}");
    }
    let versus = &report["study"]["versus"][0];
    assert_eq!(versus["against"], "random");
    let total = ["fewer", "ties", "more"]
        .iter()
        .map(|k| versus["first"][*k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(total, 18);
    let plots = report["plots"].as_array().unwrap();
    assert_eq!(plots.len(), 3);
    assert!(plots.iter().all(is_svg));
}

#[test]
fn heuristics_factorial_numbers_are_the_solvers_numbers() {
    let out = tempfile::tempdir().unwrap();
    let args = [
        "study",
        "heuristics",
        "--factorial",
        "--shapes",
        "3:4:9,4:6:3",
        "--populations",
        "planted,balanced",
        "--seed",
        "3",
        "--random-seeds",
        "2",
    ];
    let report = json(&args, out.path());
    assert_eq!(report, json(&args, out.path()), "deterministic");
    let samples = report["factorial"]["samples"].as_array().unwrap();
    assert_eq!(samples.len(), 4);
    assert_eq!(samples[0]["population"], "planted");
    let row = |sample: &serde_json::Value, label: &str| {
        sample["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["label"] == label)
            .unwrap_or_else(|| panic!("{label}"))
            .clone()
    };
    // `solve --first` on 4x4 searches on every core (its node count then
    // depends on the threads): 4x4 rows are checked to exhaustion.
    // The study searches every labelling of identical cards, as `solve
    // --list` does (a plain count searches identical cards once).
    let check = |sample: &serde_json::Value, label: &str, size: &str, k: &str, count: usize, solve: &[&str]| {
        let listed = [solve, &["--list"]].concat();
        let exhaustive = !solve.contains(&"--first");
        let mut nodes = nodes_with(size, k, count, "3", if exhaustive { &listed } else { solve });
        nodes.sort_by(f64::total_cmp);
        let summary = &row(sample, label)[if solve.contains(&"--first") { "first" } else { "all" }];
        let got = (&summary["min"], &summary["max"]);
        assert_eq!(got, (&nodes[0].into(), &nodes[count - 1].into()), "{label}");
    };
    check(
        &samples[0],
        "paper/value",
        "3",
        "4",
        9,
        &["--first", "--order", "paper"],
    );
    check(
        &samples[0],
        "spiral/file",
        "3",
        "4",
        9,
        &["--first", "--order", "spiral"],
    );
    let most = [
        "--cells",
        "most-constrained",
        "--pieces",
        "value",
        "--symmetry",
        "value",
    ];
    check(&samples[1], "most-constrained/value/value", "4", "6", 3, &most);
    check(&samples[1], "paper/value/value", "4", "6", 3, &["--order", "paper"]);
    check(&samples[1], "spiral/file/number", "4", "6", 3, &["--order", "spiral"]);
    let plots = report["plots"].as_array().unwrap();
    assert_eq!(plots.len(), 4);
    assert!(plots.iter().all(is_svg));
    scramble()
        .args([
            "study",
            "heuristics",
            "--factorial",
            "--shapes",
            "3:4:50",
            "--time-limit",
            "0.001",
            "--out",
        ])
        .arg(out.path())
        .assert()
        .code(3)
        .stdout(predicate::str::contains("(stopped early)"));
}

#[test]
fn heuristics_is_deterministic_and_sweeps() {
    let out = tempfile::tempdir().unwrap();
    let args = [
        "study",
        "heuristics",
        "--count",
        "6",
        "--sweep",
        "--sweep-sizes",
        "2,3",
        "--sweep-patterns",
        "3,5",
        "--sweep-counts",
        "8,4",
    ];
    let a = json(&args, out.path());
    assert_eq!(a, json(&args, out.path()));
    let cells = a["sweep"].as_array().unwrap();
    let keys: Vec<(u64, u64, u64)> = cells
        .iter()
        .map(|c| {
            (
                c["size"].as_u64().unwrap(),
                c["patterns"].as_u64().unwrap(),
                c["puzzles"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(keys, vec![(2, 3, 8), (2, 5, 8), (3, 3, 4), (3, 5, 4)]);
    assert!(out.path().join("study-heuristics/sweep-first.svg").exists());
}

#[test]
fn heuristics_text_table_and_bad_sweep() {
    let out = tempfile::tempdir().unwrap();
    scramble()
        .args(["study", "heuristics", "--count", "5", "--out"])
        .arg(out.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("center-max").and(predicate::str::contains("to the first solution")));
    scramble()
        .args(["study", "heuristics", "--count", "5", "--sweep", "--sweep-counts", "5"])
        .arg("--out")
        .arg(out.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("one number per size"));
}

#[test]
fn uniqueness_counts_match_solve() {
    let out = tempfile::tempdir().unwrap();
    let args = [
        "study",
        "uniqueness",
        "--sizes",
        "2,3",
        "--patterns",
        "3,5",
        "--counts",
        "12,6",
        "--sampled",
        "20,10",
        "--commercial",
        "4,3",
        "--seed",
        "4",
    ];
    let report = json(&args, out.path());
    let cells = report["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 5);
    for cell in cells {
        for key in [
            "p_unique_given_solvable",
            "p_solvable",
            "p_unique",
            "planted_unique_share",
        ] {
            let e = &cell[key];
            let (estimate, low, high) = (
                e["estimate"].as_f64().unwrap(),
                e["low"].as_f64().unwrap(),
                e["high"].as_f64().unwrap(),
            );
            assert!(
                0.0 <= low && low <= estimate && estimate <= high && high <= 1.0,
                "{key}: {e}"
            );
        }
    }
    let commercial = &cells[4];
    assert_eq!(commercial["population"], "commercial");
    assert_eq!(
        (commercial["planted"].as_u64(), commercial["sampled"].as_u64()),
        (Some(4), Some(3))
    );
    assert!(
        report["definitions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d[0] == "p_unique_given_solvable")
    );
    let dir = tempfile::tempdir().unwrap();
    scramble()
        .args([
            "generate",
            "--size",
            "3",
            "--patterns",
            "5",
            "--count",
            "6",
            "--seed",
            "4",
            "--out",
        ])
        .arg(dir.path())
        .assert()
        .success();
    let unique = std::fs::read_dir(dir.path().join("generated"))
        .unwrap()
        .filter(|e| {
            let path = e.as_ref().unwrap().path();
            let output = scramble()
                .args(["solve", "--json", "--out"])
                .arg(dir.path())
                .arg(&path)
                .output()
                .unwrap();
            let r: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            r["solutions"] == 1
        })
        .count();
    assert_eq!(cells[3]["size"], 3);
    assert_eq!(cells[3]["patterns"], 5);
    assert_eq!(cells[3]["planted_unique"], unique as u64);
    for cell in cells {
        let histogram: u64 = cell["planted_histogram"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_u64().unwrap())
            .sum();
        assert_eq!(histogram, cell["planted"].as_u64().unwrap());
    }
    let plots = report["plots"].as_array().unwrap();
    assert_eq!(plots.len(), 3, "share plot and one histogram per size");
    assert!(plots.iter().all(is_svg));
    scramble()
        .args(["study", "uniqueness", "--sizes", "2,3", "--counts", "5,5,5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("one per size"));
}

/// One number of --counts serves every size, --sampled follows it, and
/// no commercial row runs unless asked; with --repetition-free every row
/// (commercial too) is repetition-free, and the 2x2 K = 2 row carries the
/// exact rates over all 126 multisets.
#[test]
fn uniqueness_defaults_follow_the_sizes_and_repetition_free_reaches_every_row() {
    let out = tempfile::tempdir().unwrap();
    // `--size` and `--count`: the names `study heuristics` uses.
    let args = [
        "study",
        "uniqueness",
        "--size",
        "2,3",
        "--patterns",
        "2",
        "--count",
        "7",
    ];
    let report = json(&args, out.path());
    let cells = report["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 2, "no commercial row unless asked");
    assert!(cells.iter().all(|c| c["planted"] == 7 && c["sampled"] == 7));
    let mut free = args.to_vec();
    free.extend(["--repetition-free", "--commercial", "3,2"]);
    let report = json(&free, out.path());
    assert_eq!(report["repetition_free"], true);
    let cells = report["cells"].as_array().unwrap();
    assert_eq!(cells[2]["population"], "commercial");
    assert_eq!(cells[0]["exact"]["puzzles"], 126);
    assert_ne!(report["cells"][0], json(&args, out.path())["cells"][0]);
}

/// `--repetition-free` changes the factorial study's puzzles.
#[test]
fn heuristics_factorial_honours_repetition_free() {
    let out = tempfile::tempdir().unwrap();
    let args = [
        "study",
        "heuristics",
        "--factorial",
        "--shapes",
        "3:4:3",
        "--seed",
        "2",
        "--random-seeds",
        "2",
    ];
    let plain = json(&args, out.path());
    let mut free = args.to_vec();
    free.push("--repetition-free");
    let free = json(&free, out.path());
    assert_eq!(free["factorial"]["repetition_free"], true);
    assert_eq!(plain["factorial"]["repetition_free"], false);
    for (a, b) in plain["factorial"]["samples"]
        .as_array()
        .unwrap()
        .iter()
        .zip(free["factorial"]["samples"].as_array().unwrap())
    {
        assert_ne!(a["rows"], b["rows"], "{}", a["population"]);
    }
}

/// Options that do not apply to the chosen mode are refused, not ignored.
#[test]
fn study_options_that_do_not_apply_are_refused() {
    for args in [
        &["study", "heuristics", "--factorial", "--count", "5"][..],
        &["study", "heuristics", "--factorial", "--size", "4"],
        &["study", "heuristics", "--shapes", "3:4:5"],
        &["study", "heuristics", "--max-draws", "5"],
        &["study", "heuristics", "--sweep-counts", "5,5"],
        &[
            "study",
            "heuristics",
            "--puzzles",
            "fixtures/paper2x2.txt",
            "--repetition-free",
        ],
    ] {
        scramble().args(args).assert().code(2);
    }
    scramble()
        .args(["study", "uniqueness", "--patterns", "1,2", "--repetition-free"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("2 patterns or more"));
}

#[test]
fn repetitions_writes_failing_examples_that_subgraphs_confirms() {
    let out = tempfile::tempdir().unwrap();
    let args = [
        "study",
        "repetitions",
        "--exhaustive",
        "1",
        "--planted",
        "2",
        "--count",
        "30",
    ];
    let report = json(&args, out.path());
    assert_eq!(report["sources"][0][1], 126);
    assert_eq!(report["sources"][1][1], 30);
    let examples = report["examples"].as_array().unwrap();
    assert!(!examples.is_empty());
    for written in examples {
        let example = &written["example"];
        assert!(is_svg(&written["svg"]));
        let svg = std::fs::read_to_string(written["svg"].as_str().unwrap()).unwrap();
        let kind = example["kind"].as_str().unwrap();
        assert!(
            svg.contains(&kind.replace('>', "&gt;")) || svg.contains(kind),
            "title names {kind}"
        );
        // `scramble subgraphs` agrees that this subgraph is a disagreement.
        let file = written["file"].as_str().unwrap();
        let index = example["subgraph"].as_u64().unwrap() as usize;
        let pictures = tempfile::tempdir().unwrap();
        let output = scramble()
            .args(["subgraphs", file, "--json", "--out"])
            .arg(pictures.path())
            .output()
            .unwrap();
        let rows: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let row = rows["listed"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["index"] == index)
            .unwrap_or_else(|| panic!("row {index} in {rows}"));
        assert_ne!(row["theorem"], row["judge"], "{row}");
    }
}

#[test]
fn heuristics_on_puzzle_files_reports_each_puzzle() {
    let out = tempfile::tempdir().unwrap();
    let wizards = crate::real("wizards");
    let output = scramble()
        .args([
            "study",
            "heuristics",
            "--random-seeds",
            "3",
            "--json",
            "--puzzles",
            &wizards,
        ])
        .arg("fixtures/paper2x2.txt")
        .arg("--out")
        .arg(out.path())
        .output()
        .unwrap();
    assert!(output.status.success());
    // One JSON document per puzzle, one after the other.
    let runs: Vec<serde_json::Value> = serde_json::Deserializer::from_slice(&output.stdout)
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(runs.len(), 2);
    assert!(runs.iter().all(|run| run["schema"] == 3));
    assert_eq!(
        (runs[0]["puzzle"].as_str(), runs[0]["solutions"].as_u64()),
        (Some("wizards"), Some(1))
    );
    assert_eq!(runs[1]["solutions"], 3);
    assert_eq!(runs[0]["random"].as_array().unwrap().len(), 3);
    let solve = |order: &str| {
        let output = scramble()
            .args(["solve", &wizards, "--first", "--json", "--order", order, "--out"])
            .arg(out.path())
            .output()
            .unwrap();
        serde_json::from_slice::<serde_json::Value>(&output.stdout).unwrap()["nodes"].clone()
    };
    assert_eq!(runs[0]["center_max"]["first"], solve("center-max"));
    assert_eq!(runs[0]["row_major"]["first"], solve("row-major"));
}

/// `--cells` chooses the cell rules (the literal step 6 among them), every
/// row carries the unique-only and per-puzzle readings, and `--time` adds
/// wall times without changing a node count.
#[test]
fn heuristics_factorial_cells_readings_and_time() {
    let out = tempfile::tempdir().unwrap();
    let args = [
        "study",
        "heuristics",
        "--factorial",
        "--shapes",
        "3:5:8",
        "--populations",
        "planted",
        "--cells",
        "spiral,paper-last",
        "--seed",
        "4",
        "--random-seeds",
        "3",
    ];
    let report = json(&args, out.path());
    let sample = &report["factorial"]["samples"][0];
    let rows = sample["rows"].as_array().unwrap();
    let labels: Vec<&str> = rows.iter().map(|r| r["label"].as_str().unwrap()).collect();
    assert_eq!(
        labels,
        [
            "spiral/file",
            "spiral/random",
            "spiral/value",
            "paper-last/file",
            "paper-last/random",
            "paper-last/value"
        ]
    );
    let unique = sample["unique"].as_u64().unwrap();
    assert!(unique <= 8);
    for row in rows {
        assert!(row.get("time").is_none(), "no time unless asked");
        assert_eq!(row["first_vs_expected"]["puzzles"], 8);
        assert_eq!(row["unique_first_vs_expected"]["puzzles"], unique);
        let fewer = &row["unique_first_vs_baseline"]["fewer"];
        assert!(fewer["low"].as_f64() <= fewer["estimate"].as_f64());
        assert!(row["first_vs_expected"]["median_ratio"].as_f64().unwrap() > 0.0);
    }
    let mut nodes = nodes_with(
        "3",
        "5",
        8,
        "4",
        &[
            "--first",
            "--cells",
            "paper-last",
            "--pieces",
            "value",
            "--symmetry",
            "value",
        ],
    );
    nodes.sort_by(f64::total_cmp);
    assert_eq!(
        (&rows[5]["first"]["min"], &rows[5]["first"]["max"]),
        (&nodes[0].into(), &nodes[7].into())
    );
    let mut timed = args.to_vec();
    timed.push("--time");
    let timed = json(&timed, out.path());
    for (row, plain) in timed["factorial"]["samples"][0]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .zip(rows)
    {
        assert_eq!((&row["first"], &row["all"]), (&plain["first"], &plain["all"]));
        assert_eq!(row["time"]["first_nanos"]["n"], plain["first"]["n"]);
        assert!(row["time"]["setup_and_first_vs_baseline"]["fewer"]["estimate"].is_f64());
    }
    scramble()
        .args([
            "study",
            "heuristics",
            "--factorial",
            "--cells",
            "paper",
            "--shapes",
            "3:4:2",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("must include spiral"));
    for option in [&["--time"][..], &["--cells", "spiral"]] {
        scramble().args(["study", "heuristics"]).args(option).assert().code(2);
    }
}
