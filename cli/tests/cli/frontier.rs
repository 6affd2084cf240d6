//! `solve --method frontier` and the frontier chosen unasked: the same
//! counts as the backtracker where both count, exact counts past 2^64 as
//! JSON strings, and the options it cannot honour refused.

use super::{json_report, scramble};

#[test]
fn the_frontier_counts_a_real_puzzle_as_the_backtracker_does() {
    let out = tempfile::tempdir().unwrap();
    let sheep = "fixtures/legespiel/CrazySheepGame.config.xml";
    let frontier = json_report(&["solve", sheep, "--method", "frontier"], out.path());
    let backtrack = json_report(&["solve", sheep], out.path());
    assert_eq!(frontier["method"], "frontier");
    assert_eq!(backtrack["method"], "backtrack", "a 4x4 is the backtracker's unasked");
    for key in ["solutions", "arrangements", "looks", "solution"] {
        assert_eq!(frontier[key], backtrack[key], "{key}");
    }
    assert_eq!(
        (frontier["solutions"].as_u64(), frontier["kinds"].as_u64()),
        (Some(220), Some(14))
    );
}

#[test]
fn a_5x5_count_with_repeated_cards_goes_by_the_frontier_past_2_to_the_64() {
    let out = tempfile::tempdir().unwrap();
    let trails = "fixtures/frontier/trails5x5.txt";
    let report = json_report(&["solve", trails], out.path());
    assert_eq!(report["method"], "frontier");
    assert_eq!(report["solutions"], "7927540083942397166223360000");
    assert_eq!(report["arrangements"], "31710160335769588664893440000");
    assert_eq!(report["looks"], 2_174_746);
    assert_eq!(report["kinds"], 3);
    assert_eq!(
        report["solution"].as_array().unwrap().len(),
        5,
        "the backtracker's first solution"
    );
    let text = scramble().args(["solve", trails, "--no-pictures"]).output().unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.starts_with("trails5x5: 7927540083942397166223360000 solutions"),
        "{text}"
    );
    assert!(text.contains("counted by the frontier over 3 kinds of card"), "{text}");
    // Asking for a list is asking for the backtracker, which cannot count this far.
    let listed = scramble()
        .args([
            "solve",
            trails,
            "--list",
            "--time-limit",
            "0.5",
            "--no-pictures",
            "--json",
        ])
        .output()
        .unwrap();
    let listed: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
    assert_eq!(listed["method"], "backtrack");
}

#[test]
fn options_the_frontier_cannot_honour_are_refused() {
    for (options, named) in [
        (&["--first"][..], "--first"),
        (&["--list"], "--list"),
        (&["--stats"], "--stats"),
        (&["--shard", "1/2"], "--shard"),
    ] {
        let output = scramble()
            .args(["solve", "fixtures/cards3x3.txt", "--method", "frontier"])
            .args(options)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{options:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains(named) && stderr.contains("--method backtrack"),
            "{stderr}"
        );
    }
    // A puzzle the counter refuses: named once, with the way around.
    let output = scramble()
        .args(["solve", "fixtures/hard/s8-k8-seed13-0001.txt", "--method", "frontier"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.matches("s8-k8-seed13-0001").count(), 1, "{stderr}");
    assert!(stderr.contains("--method backtrack counts it"), "{stderr}");
}

/// A framed edge-matching rectangle counted by the frontier: the row-scan
/// search's solutions and boards, and a budget over the machine's memory
/// refused before any work.
#[test]
fn the_frontier_counts_a_framed_rectangle_as_the_search_does() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("frame3x2.json");
    let pieces = "[[0,1,2,0],[0,2,1,1],[0,0,1,2],[2,1,0,0],[1,2,0,1],[1,0,0,2]]";
    std::fs::write(&path, format!(r#"{{"width": 3, "height": 2, "pieces": {pieces}}}"#)).unwrap();
    let path = path.to_str().unwrap();
    let out = tempfile::tempdir().unwrap();
    let frontier = json_report(&["solve", path, "--method", "frontier", "--memory", "64"], out.path());
    let search = json_report(&["solve", path, "--every-rotation"], out.path());
    assert_eq!(frontier["method"], "frontier");
    assert_eq!(frontier["width"], 3);
    for key in ["solutions", "arrangements", "symmetries"] {
        assert_eq!(frontier[key], search[key], "{key}");
    }
    assert!(frontier["solutions"].as_u64().unwrap() > 0);
    let refused = scramble()
        .args(["solve", path, "--method", "frontier", "--memory", "1000000000000"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        String::from_utf8(refused.stderr)
            .unwrap()
            .contains("--memory 1000000000000: a budget")
    );
    let other = scramble()
        .args([
            "solve",
            "fixtures/paper2x2.txt",
            "--method",
            "backtrack",
            "--memory",
            "64",
        ])
        .output()
        .unwrap();
    assert_eq!(other.status.code(), Some(2));
    assert!(
        String::from_utf8(other.stderr)
            .unwrap()
            .contains("--memory: the budget of a count by the frontier")
    );
}

/// Pinned pieces (the community's `hints`): the frontier counts the boards
/// that keep them, as the search does, and identifies no rotation.
#[test]
fn the_frontier_counts_a_pinned_puzzle_as_the_search_does() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(super::at_root("fixtures/edge/small/planted-5x4-k3.json")).unwrap();
    let mut puzzle: serde_json::Value = serde_json::from_str(&text).unwrap();
    let out = tempfile::tempdir().unwrap();
    let path = dir.path().join("unpinned.json");
    std::fs::write(&path, &text).unwrap();
    let first = json_report(&["solve", path.to_str().unwrap(), "--first"], out.path());
    let cells: Vec<&str> = first["solution"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter().map(|c| c.as_str().unwrap()))
        .collect();
    let hints: Vec<serde_json::Value> = [0, 7, 19]
        .into_iter()
        .map(|pos| {
            let (piece, rot) = cells[pos].split_once('@').unwrap();
            serde_json::json!({"pos": pos, "piece": piece.parse::<u64>().unwrap() - 1, "rot": rot.parse::<u64>().unwrap()})
        })
        .collect();
    puzzle["hints"] = serde_json::Value::Array(hints);
    let path = dir.path().join("pinned.json");
    std::fs::write(&path, puzzle.to_string()).unwrap();
    let path = path.to_str().unwrap();
    let frontier = json_report(&["solve", path, "--method", "frontier"], out.path());
    let search = json_report(&["solve", path], out.path());
    assert_eq!(frontier["method"], "frontier");
    assert_eq!(frontier["hints"], 3);
    for key in ["solutions", "arrangements", "symmetries"] {
        assert_eq!(frontier[key], search[key], "{key}");
    }
    assert_eq!(frontier["symmetries"], 1);
    assert!(
        frontier["solutions"].as_u64().unwrap() >= 1,
        "the board pinned from is one"
    );
}

#[test]
fn a_stopped_frontier_count_reports_no_partial_count_and_exits_3() {
    let out = tempfile::tempdir().unwrap();
    let ants = "fixtures/legespiel/TheAntTrailsPuzzle.config.xml";
    let args = ["solve", ants, "--method", "frontier", "--time-limit", "0.3"];
    let report = super::json_report_exiting(3, &args, out.path());
    assert_eq!(
        (report["complete"].as_bool(), report["stopped"].as_str()),
        (Some(false), Some("time-limit"))
    );
    for key in ["solutions", "arrangements", "looks", "kinds", "states", "solution"] {
        assert!(report[key].is_null(), "{key}: {}", report[key]);
    }
}
