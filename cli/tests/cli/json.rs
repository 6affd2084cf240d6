//! `--json` conventions shared by every command: `schema` first, the same
//! key for the same thing, one document per puzzle, JSON Lines for several
//! files (docs/json.md).

use crate::scramble;

/// The JSON documents `scramble ARGS` prints (exit 0 or 1), as raw text.
fn documents(args: &[&str]) -> Vec<(String, serde_json::Value)> {
    let output = scramble().args(args).output().unwrap();
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let mut stream = serde_json::Deserializer::from_str(&text).into_iter::<serde_json::Value>();
    let mut found = vec![];
    let mut start = 0;
    while let Some(value) = stream.next() {
        let end = stream.byte_offset();
        found.push((text[start..end].trim().to_string(), value.unwrap()));
        start = end;
    }
    found
}

#[test]
fn every_document_starts_with_its_schema_and_names_the_puzzle_and_seconds_alike() {
    let out = tempfile::tempdir().unwrap();
    let out = out.path().to_str().unwrap();
    let runs: Vec<(Vec<&str>, &[&str])> = vec![
        (vec!["show", "fixtures/paper2x2.txt"], &["puzzle"]),
        (
            vec!["solve", "fixtures/paper2x2.txt", "--out", out],
            &["puzzle", "seconds"],
        ),
        (
            vec!["estimate", "fixtures/paper2x2.txt", "--probes", "50"],
            &["puzzle", "seconds"],
        ),
        (vec!["subgraphs", "fixtures/paper2x2.txt", "--no-pictures"], &["puzzle"]),
        (vec!["inspect", "fixtures/paper2x2.txt", "--no-pictures"], &["puzzle"]),
        (vec!["explore", "fixtures/paper2x2.txt", "--out", out], &["puzzle"]),
        (vec!["verify", "--patterns", "2", "--out", out], &["seconds"]),
        (
            vec!["graph", "fixtures/paper2x2.txt", "--format", "dot", "--out", out],
            &["files"],
        ),
        (vec!["generate", "--count", "1", "--out", out], &["seed"]),
    ];
    for (mut args, keys) in runs {
        args.push("--json");
        let documents = documents(&args);
        assert_eq!(documents.len(), 1, "{args:?}");
        let (text, value) = &documents[0];
        // `solve` takes several files and prints JSON Lines.
        let first = if args[0] == "solve" {
            "{\"schema\":3,"
        } else {
            "{\n  \"schema\": 3,\n"
        };
        assert!(text.starts_with(first), "{args:?}: {text}");
        for key in keys {
            assert!(value.get(key).is_some(), "{args:?}: no `{key}`");
        }
        for old in ["name", "elapsed", "elapsed_seconds"] {
            assert!(value.get(old).is_none(), "{args:?}: `{old}`");
        }
    }
}

#[test]
fn several_puzzles_give_one_document_each_in_order() {
    let out = tempfile::tempdir().unwrap();
    let out = out.path().to_str().unwrap();
    let files = [
        "fixtures/paper2x2.txt",
        "fixtures/unsolvable2x2.txt",
        "fixtures/planted3x3.txt",
    ];
    let mut args = vec!["solve"];
    args.extend(files);
    args.extend(["--json", "--out", out]);
    let documents = documents(&args);
    let puzzles: Vec<&str> = documents.iter().map(|(_, v)| v["puzzle"].as_str().unwrap()).collect();
    assert_eq!(puzzles, ["paper2x2", "unsolvable2x2", "planted3x3"]);
    // JSON Lines: each document is one line.
    assert!(documents.iter().all(|(text, _)| !text.contains('\n')), "{documents:?}");
    // Each is what a run on that file alone prints, but for the time taken.
    for ((_, together), file) in documents.iter().zip(files) {
        let alone = &crate::scramble()
            .args(["solve", file, "--json", "--out", out])
            .output()
            .unwrap()
            .stdout;
        let mut alone: serde_json::Value = serde_json::from_slice(alone).unwrap();
        let mut together = together.clone();
        for doc in [&mut alone, &mut together] {
            for key in ["seconds", "nodes_per_second"] {
                doc[key] = serde_json::Value::Null;
            }
        }
        assert_eq!(together, alone, "{file}");
    }
}
