//! Edge-matching puzzles from the field (Brendan Owen's boards, the
//! Eternity II clue puzzles and 16x16), read as published and solved with
//! the community's agreed numbers.

use std::process::Output;

use serde_json::Value;

use crate::common::assert_exit;
use crate::scramble;

const BRENDAN6: &str = "fixtures/edge/brendan/brendan_06x06.txt";

fn json(args: &[&str]) -> Value {
    let out = scramble().args(args).arg("--json").output().unwrap();
    serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn brendan_six_has_65_solutions_and_the_published_69_284_103_nodes() {
    let pinned = json(&["solve", BRENDAN6, "-j", "2"]);
    assert_eq!(
        (&pinned["solutions"], &pinned["arrangements"]),
        (&Value::from(65), &Value::from(260))
    );
    assert_eq!(pinned["every_rotation"], Value::Bool(false));
    let every = json(&["solve", BRENDAN6, "--every-rotation", "-j", "2"]);
    assert_eq!(
        (&every["solutions"], &every["nodes"]),
        (&Value::from(65), &Value::from(69_284_103u64))
    );
    let depths = every["nodes_per_depth"].as_array().unwrap();
    assert_eq!((depths.len(), &depths[35]), (36, &Value::from(260)));
}

#[test]
fn a_solution_comes_with_the_communitys_board_edges_and_viewer_link() {
    let first = json(&["solve", BRENDAN6, "--first"]);
    let edges = first["board_edges"].as_str().unwrap();
    assert_eq!(edges.len(), 4 * 36);
    // The rim is grey ('a') all round: the top of the first row.
    assert!(edges.as_bytes().chunks(4).take(6).all(|cell| cell[0] == b'a'));
    let link = first["viewer"].as_str().unwrap();
    assert!(link.starts_with("https://e2.bucas.name/#puzzle=brendan_06x06&board_w=6&board_h=6&board_edges="));
    assert!(link.ends_with(edges));
}

#[test]
fn eternity_clue_puzzles_and_the_16x16_are_read_as_published() {
    let rectangle = json(&["solve", "fixtures/edge/e2/e2-clue-clue2.json", "--time-limit", "0.2"]);
    assert_eq!(
        (&rectangle["width"], &rectangle["height"]),
        (&Value::from(12), &Value::from(6))
    );
    assert_eq!(rectangle["symmetries"], Value::from(2));
    let big = json(&["solve", "fixtures/edge/e2/e2-16x16-v00.json", "--time-limit", "0.2"]);
    assert_eq!(
        (&big["hints"], &big["symmetries"], &big["complete"]),
        (&Value::from(8), &Value::from(1), &Value::Bool(false))
    );
}

#[test]
fn a_stopped_count_exits_3_and_says_it_is_partial() {
    let out = scramble()
        .args(["solve", "fixtures/edge/e2/e2-clue-clue1.json", "--time-limit", "0.3"])
        .output()
        .unwrap();
    assert_exit(&out, 3);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("stopped (time-limit)") && text.contains("(partial)"),
        "{text}"
    );
}

#[test]
fn heule_files_and_bad_edge_files_are_read_with_their_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let pieces = std::fs::read_to_string(crate::at_root(BRENDAN6)).unwrap();
    // Brendan's first piece pinned at the top-left corner, Heule's way.
    let heule = dir.path().join("em_6.txt");
    std::fs::write(&heule, format!("1\n1 1 1 3\n{pieces}")).unwrap();
    let pinned = json(&["solve", heule.to_str().unwrap()]);
    assert_eq!(
        (&pinned["solutions"], &pinned["symmetries"]),
        (&Value::from(65), &Value::from(1))
    );
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, pieces.replacen("0 0 1 3", "0 0 1 x3", 1)).unwrap();
    let out = scramble().args(["solve", bad.to_str().unwrap()]).output().unwrap();
    assert_exit(&out, 2);
    let message = String::from_utf8(out.stderr).unwrap();
    assert!(
        message.contains("bad.txt:2:7: expected a number, found `x3`"),
        "{message}"
    );
    let out = scramble()
        .args(["solve", BRENDAN6, "--method", "graph"])
        .output()
        .unwrap();
    assert_exit(&out, 2);
    let out = scramble().args(["subgraphs", BRENDAN6]).output().unwrap();
    assert_exit(&out, 2);
    let message = String::from_utf8(out.stderr).unwrap();
    assert!(
        message.contains("an edge-matching puzzle: `solve`, `estimate`, `show`, `export` and `graph` read it"),
        "{message}"
    );
}

/// The columns and rows of the pieces in a `pieces.svg`: the distinct `x`
/// and `y` of the pieces' outlines.
fn drawn_board(svg: &str) -> (usize, usize) {
    let attribute = |tag: &str, name: &str| {
        let value = tag.split(&format!(" {name}=\"")).nth(1).expect("the attribute");
        value.split('"').next().unwrap().to_string()
    };
    let outlines: Vec<&str> = svg
        .split("<rect")
        .skip(1)
        .filter(|tag| tag.contains("fill=\"none\""))
        .collect();
    let distinct = |name| {
        let values: std::collections::BTreeSet<String> = outlines.iter().map(|t| attribute(t, name)).collect();
        values.len()
    };
    (distinct("x"), distinct("y"))
}

#[test]
fn graph_draws_edge_puzzles_square_or_not_with_the_frame_colour_in_grey() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let drawn = [
        ("e2/e2-16x16-v00", (16, 16), 23),
        ("e2/e2-clue-clue2", (12, 6), 9),
        ("small/planted-5x4-k3", (5, 4), 4),
    ];
    for (name, (width, height), colours) in drawn {
        let file = format!("fixtures/edge/{name}.json");
        let args = [
            "graph",
            &file,
            "--format",
            "dot,svg,json",
            "--renderer",
            "embedded",
            "--out",
            out,
        ];
        let written = json(&args);
        assert_eq!(written["files"].as_array().unwrap().len(), 4, "{written}");
        let folder = dir.path().join(name.split('/').nth(1).unwrap());
        let read = |file: &str| std::fs::read_to_string(folder.join(file)).unwrap();
        let graph: Value = serde_json::from_str(&read("recording.json")).unwrap();
        // A vertex per colour, grey among them; four edges per piece.
        let nodes = graph["nodes"].as_array().unwrap();
        assert_eq!(nodes.len(), colours, "{graph}");
        assert!(nodes.iter().any(|n| n["id"] == "grey="));
        assert_eq!(graph["edges"].as_array().unwrap().len(), 4 * width * height);
        let pieces = read("pieces.svg");
        assert_eq!(pieces.matches("<g class=\"piece\"").count(), width * height);
        assert_eq!(
            drawn_board(&pieces),
            (width, height),
            "{name}: the pieces on the board's shape"
        );
        assert!(
            read("recording.svg").contains("grey="),
            "the frame's colour is named in the drawing"
        );
        assert!(read("recording.dot").contains("grey"));
    }
    // One copy of G(P) per piece, a row per row of the board.
    let args = [
        "graph",
        "fixtures/edge/small/planted-5x4-k3.json",
        "--per-piece",
        "--out",
        out,
    ];
    assert_exit(&scramble().args(args).output().unwrap(), 0);
    let panels = std::fs::read_to_string(dir.path().join("planted-5x4-k3/per-piece.svg")).unwrap();
    assert_eq!(panels.matches("class=\"panel\"").count(), 20);
}

#[test]
fn show_tells_the_frame_the_kinds_of_pieces_and_the_hints() {
    let out = scramble()
        .args(["show", "fixtures/edge/e2/e2-16x16-v00.json"])
        .output()
        .unwrap();
    assert_exit(&out, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text.lines().next().unwrap();
    assert_eq!(
        first,
        "e2-16x16-v00: 16 x 16 board with a grey frame, 256 pieces (4 corner, 56 edge, 196 inner), 22 colours besides grey"
    );
    assert!(
        text.contains("grey: only on the rim") && text.contains("hint: piece 139 turned 0 at row 9, column 8"),
        "{text}"
    );
    let summary = json(&["show", "fixtures/edge/macmahon24.json"]);
    assert_eq!(
        (&summary["kind"], &summary["grey_only_on_rim"]),
        (&Value::from("edge"), &Value::Bool(false))
    );
}

#[test]
fn estimate_projects_brendan_six_from_a_sample_of_subtrees() {
    let every = json(&["estimate", BRENDAN6, "--every-rotation", "--sample", "64", "-j", "2"]);
    assert_eq!(
        (&every["kind"], &every["sampled"]),
        (&Value::from("edge"), &Value::from(64))
    );
    assert!(every["subtrees"].as_u64().unwrap() >= 64 * 256);
    let (low, high) = (every["low"].as_f64().unwrap(), every["high"].as_f64().unwrap());
    // The published count lies in the interval (seed 0), which is not wide.
    assert!(low <= 69_284_103.0 && 69_284_103.0 <= high, "{low} to {high}");
    assert!(high < 2.0 * low);
    assert!(every["nodes_per_second"].as_f64().unwrap() > 0.0 && every["exhaustive_seconds"].as_f64().unwrap() > 0.0);
    // Options of the probes are refused, and the sample's are for edge puzzles.
    let out = scramble()
        .args(["estimate", BRENDAN6, "--probes", "10"])
        .output()
        .unwrap();
    assert_exit(&out, 2);
    let out = scramble()
        .args(["estimate", "fixtures/paper2x2.txt", "--sample", "10"])
        .output()
        .unwrap();
    assert_exit(&out, 2);
}

#[test]
fn a_projection_stops_at_its_time_limit_and_says_so() {
    let started = std::time::Instant::now();
    let out = scramble()
        .args([
            "estimate",
            "fixtures/edge/e2/e2-clue-clue3.json",
            "--time-limit",
            "0.3",
            "--json",
        ])
        .output()
        .unwrap();
    assert_exit(&out, 3);
    assert!(started.elapsed().as_secs_f64() < 2.5, "{:?}", started.elapsed());
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&report["complete"], &report["stopped"]),
        (&Value::Bool(false), &Value::from("time-limit"))
    );
    assert_eq!(report["nodes_per_second"], Value::Null, "no rate measured");
    assert_eq!(report["exhaustive_seconds"], Value::Null);
}

#[test]
fn export_cnf_writes_the_frame_and_pins_a_corner_and_text_reads_back() {
    let six = "fixtures/edge/brendan/brendan_06x06.txt";
    let output = scramble().args(["export", "--cnf", six]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let dimacs = String::from_utf8(output.stdout).unwrap();
    assert!(
        dimacs.starts_with(
            "c scramble CNF of brendan_06x06: 6 x 6 framed board; models are solutions modulo the board's rotations"
        ),
        "{}",
        &dimacs[..200]
    );
    let header = dimacs.lines().find(|l| l.starts_with("p cnf")).unwrap();
    let clauses: usize = header.split(' ').nth(3).unwrap().parse().unwrap();
    let clause_lines = dimacs.lines().filter(|l| !l.starts_with(['c', 'p']));
    assert_eq!(clause_lines.filter(|l| l.ends_with('0')).count(), clauses);
    // Only placements that fit the frame: 4 corner pieces in 4 corners and
    // 16 edge pieces on 16 edge cells, one turn each; 16 inner pieces in 16
    // inner cells, four turns each.
    let places = dimacs
        .lines()
        .filter(|l| l.starts_with("c place ") && !l.contains(':'))
        .count();
    assert_eq!(places, 4 * 4 + 16 * 16 + 16 * 16 * 4);
    // The text export is the field's `em` lines here (a square framed
    // board), and solves as the original does.
    let dir = tempfile::tempdir().unwrap();
    let written = dir.path().join("six.txt");
    let text = scramble()
        .args(["export", "--text", six, "-o"])
        .arg(&written)
        .output()
        .unwrap();
    assert_exit(&text, 0);
    assert!(std::fs::read_to_string(&written).unwrap().starts_with("0\n0 0 1 1\n"));
    let solve = |file: &std::path::Path| {
        let out = scramble().arg("solve").arg(file).arg("--json").output().unwrap();
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (
            report["solutions"].clone(),
            report["nodes"].clone(),
            report["board_edges"].clone(),
        )
    };
    assert_eq!(solve(&written), solve(std::path::Path::new(six)));
}

/// Runs `run` stopped at 0.15 s, saving every 0.05 s, with `extra`, up to
/// three times or until it ends; `stopped` checks each stopped run and
/// what it said. The runs that continued a checkpoint.
fn stopped_runs(run: &dyn Fn(&[&str]) -> Output, extra: &[&str], stopped: &dyn Fn(&Output, &str)) -> usize {
    let mut continued = 0;
    for _ in 0..3 {
        let out = run(&[&["--time-limit", "0.15", "--checkpoint-every", "0.05"], extra].concat());
        let said = String::from_utf8_lossy(&out.stderr);
        continued += usize::from(said.contains("continues from its checkpoint"));
        if out.status.code() == Some(0) {
            break;
        }
        assert_exit(&out, 3);
        stopped(&out, &said);
    }
    continued
}

#[test]
fn shards_of_an_edge_count_merge_into_the_published_count() {
    let dir = tempfile::tempdir().unwrap();
    let shard = |i: usize| dir.path().join(format!("s{i}.json"));
    for i in 1..=3 {
        let out = scramble()
            .args([
                "solve",
                BRENDAN6,
                "--every-rotation",
                "--shard",
                &format!("{i}/3"),
                "-o",
            ])
            .arg(shard(i))
            .output()
            .unwrap();
        assert_exit(&out, 0);
    }
    // A rerun finds its shard done.
    let out = scramble()
        .args(["solve", BRENDAN6, "--every-rotation", "--shard", "2/3", "-o"])
        .arg(shard(2))
        .output()
        .unwrap();
    assert_exit(&out, 0);
    assert!(String::from_utf8_lossy(&out.stderr).contains("shard 2/3 is already done"));
    let merged = scramble()
        .arg("merge")
        .args((1..=3).map(shard))
        .arg("--json")
        .output()
        .unwrap();
    assert_exit(&merged, 0);
    let merged: Value = serde_json::from_slice(&merged.stdout).unwrap();
    assert_eq!(merged["solutions"], 65);
    assert_eq!(merged["nodes"], 69_284_103, "the published node count");
    assert_eq!(merged["shards"], 3);
    let out = scramble().arg("merge").args([shard(1), shard(3)]).output().unwrap();
    assert_exit(&out, 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("shard 2/3 is missing"));
    // A shard of a Scramble Squares search among them is named as such.
    let square = dir.path().join("square.json");
    let out = scramble()
        .args(["solve", "fixtures/paper2x2.txt", "--shard", "1/1", "-o"])
        .arg(&square)
        .output()
        .unwrap();
    assert_exit(&out, 0);
    let out = scramble().arg("merge").arg(shard(1)).arg(&square).output().unwrap();
    assert_exit(&out, 2);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("square.json: not a shard of an edge count") && stderr.contains("the shards of one search"),
        "{stderr}"
    );
    let out = scramble()
        .args(["solve", BRENDAN6, "--shard", "1/2", "--first"])
        .output()
        .unwrap();
    assert_exit(&out, 2);
}

#[test]
fn a_stopped_edge_shard_continues_from_its_checkpoint_to_the_published_count() {
    let dir = tempfile::tempdir().unwrap();
    let (out_file, checkpoint) = (dir.path().join("s1.json"), dir.path().join("s1.ckpt"));
    let run = |extra: &[&str]| {
        scramble()
            .args(["solve", BRENDAN6, "--every-rotation", "--shard", "1/1", "-j", "2", "-o"])
            .arg(&out_file)
            .arg("--checkpoint")
            .arg(&checkpoint)
            .args(extra)
            .output()
            .unwrap()
    };
    // Stopped part-way, every time: each run leaves a checkpoint that the
    // next continues, and never a result.
    let continued = stopped_runs(&run, &[], &|_, said| {
        assert!(said.contains("its checkpoint"), "{said}");
        assert!(checkpoint.exists() && !out_file.exists());
    });
    assert!(continued >= 1, "a second run continues the first one's checkpoint");
    let out = run(&[]);
    assert_exit(&out, 0);
    assert!(!checkpoint.exists(), "the checkpoint goes once the shard is done");
    let merged = scramble().arg("merge").arg(&out_file).arg("--json").output().unwrap();
    assert_exit(&merged, 0);
    let merged: Value = serde_json::from_slice(&merged.stdout).unwrap();
    assert_eq!(
        (&merged["solutions"], &merged["nodes"]),
        (&Value::from(65), &Value::from(69_284_103u64)),
        "the published counts, across the runs"
    );
    // A checkpoint of another run is refused before any work.
    std::fs::write(&checkpoint, std::fs::read(&out_file).unwrap()).unwrap();
    std::fs::remove_file(&out_file).unwrap();
    let out = run(&[]);
    assert_exit(&out, 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("a checkpoint of another run"));
    let out = scramble()
        .args(["solve", BRENDAN6, "--shard", "1/2", "-o"])
        .arg(&checkpoint)
        .arg("--checkpoint")
        .arg(&checkpoint)
        .output()
        .unwrap();
    assert_exit(&out, 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("are one file"));
}

#[test]
fn a_count_with_a_checkpoint_stopped_and_resumed_reports_as_one_plain_run() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("count.ckpt");
    let run = |extra: &[&str]| {
        scramble()
            .args(["solve", BRENDAN6, "--every-rotation", "-j", "2", "--checkpoint"])
            .arg(&checkpoint)
            .args(extra)
            .output()
            .unwrap()
    };
    let continued = stopped_runs(&run, &["--json"], &|out, said| {
        let partial: Value = serde_json::from_slice(&out.stdout).unwrap();
        let stopped = (&partial["complete"], &partial["stopped"]);
        assert_eq!(stopped, (&Value::from(false), &Value::from("time-limit")));
        assert!(
            said.contains("the count stopped (time-limit) before its end; its checkpoint"),
            "{said}"
        );
        assert!(checkpoint.exists());
    });
    assert!(continued >= 1, "a second run continues the first one's checkpoint");
    let out = run(&["--json"]);
    assert_exit(&out, 0);
    assert!(!checkpoint.exists(), "the checkpoint goes once the count is done");
    let resumed: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&resumed["solutions"], &resumed["nodes"]),
        (&Value::from(65), &Value::from(69_284_103u64)),
        "the published counts, across the runs"
    );
    let plain = json(&["solve", BRENDAN6, "--every-rotation"]);
    let without_time = |mut report: Value| {
        let object = report.as_object_mut().unwrap();
        object.remove("seconds");
        object.remove("nodes_per_second");
        report
    };
    assert_eq!(without_time(resumed), without_time(plain), "the plain run's report");
    // Text: the plain run's lines, the checkpoint gone at once.
    let small = "fixtures/edge/small/planted-5x4-k3.json";
    let text = scramble()
        .args(["solve", small, "--checkpoint"])
        .arg(&checkpoint)
        .output()
        .unwrap();
    assert_exit(&text, 0);
    let plain = scramble().args(["solve", small]).output().unwrap();
    assert_eq!(text.stdout, plain.stdout);
    // Refused before any work: another search's checkpoint, a Scramble
    // Squares puzzle, a list, the checkpoint over its input.
    let _ = run(&["--time-limit", "0.05"]);
    let out = scramble()
        .args(["solve", BRENDAN6, "--checkpoint"])
        .arg(&checkpoint)
        .output()
        .unwrap();
    assert_exit(&out, 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("a checkpoint of another run, not of this count"));
    for args in [
        &["solve", "fixtures/cards3x3.txt", "--checkpoint"][..],
        &["solve", BRENDAN6, "--list", "--checkpoint"],
    ] {
        assert_exit(&scramble().args(args).arg(&checkpoint).output().unwrap(), 2);
    }
    let out = scramble()
        .args(["solve", BRENDAN6, "--checkpoint", BRENDAN6])
        .output()
        .unwrap();
    assert_exit(&out, 2);
}

#[test]
fn frame_first_finds_the_same_boards_with_its_own_node_count() {
    let small = "fixtures/edge/small/planted-5x5-k4.json";
    let row_scan = json(&["solve", small, "--every-rotation"]);
    let frame_first = json(&["solve", small, "--every-rotation", "--frame-first"]);
    assert_eq!(frame_first["order"], "frame-first");
    assert_eq!(row_scan["order"], "row-scan");
    let boards = |r: &Value| (r["solutions"].clone(), r["arrangements"].clone());
    assert_eq!(boards(&frame_first), boards(&row_scan));
    assert!(row_scan["solutions"].as_u64().unwrap() >= 1);
    assert_ne!(frame_first["nodes"], row_scan["nodes"], "another order, another tree");
    let out = scramble()
        .args(["solve", "fixtures/cards3x3.txt", "--frame-first"])
        .output()
        .unwrap();
    assert_exit(&out, 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--frame-first: for edge-matching puzzles"));
}

#[test]
fn frame_first_shards_and_threads_give_the_single_runs_count() {
    // Brendan Owen's 6x6, first corner piece pinned: 128 M nodes in the
    // frame-first order, a few seconds.
    let whole = json(&["solve", BRENDAN6, "--frame-first", "-j", "1"]);
    assert_eq!(
        (&whole["solutions"], &whole["order"]),
        (&Value::from(65), &Value::from("frame-first"))
    );
    let dir = tempfile::tempdir().unwrap();
    let shard = |i: usize, order: &[&str]| {
        let path = dir.path().join(format!("s{i}-{}.json", order.len()));
        let out = scramble()
            .args(["solve", BRENDAN6, "--shard", &format!("{i}/3"), "-j", "2", "-o"])
            .arg(&path)
            .args(order)
            .output()
            .unwrap();
        assert_exit(&out, 0);
        path
    };
    let shards: Vec<_> = (1..=3).map(|i| shard(i, &["--frame-first"])).collect();
    let merged = scramble().arg("merge").args(&shards).arg("--json").output().unwrap();
    assert_exit(&merged, 0);
    let merged: Value = serde_json::from_slice(&merged.stdout).unwrap();
    for key in [
        "solutions",
        "arrangements",
        "nodes",
        "candidate_tests",
        "nodes_per_depth",
        "order",
    ] {
        assert_eq!(merged[key], whole[key], "{key}");
    }
    assert_eq!(merged["shards"], 3);
    // A row-scan shard is another search.
    let mixed = [shards[0].clone(), shard(2, &[]), shards[2].clone()];
    let out = scramble().arg("merge").args(&mixed).output().unwrap();
    assert_exit(&out, 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("a shard of another search"));
    // Two threads: the same count, nodes and first board as one.
    let small = "fixtures/edge/small/planted-4x4-k3-grey-inside.json";
    let one = json(&["solve", small, "--frame-first", "-j", "1"]);
    let two = json(&["solve", small, "--frame-first", "-j", "2"]);
    for key in ["solutions", "nodes_per_depth", "candidate_tests", "board_edges"] {
        assert_eq!(one[key], two[key], "{key}");
    }
}
