//! One polarity for repetitions in every JSON document: `repetition_free`
//! (true when no piece shows a picture twice), never a key `repetitions`
//! with the opposite meaning beside it.

use serde_json::Value;

use crate::scramble;

/// The one JSON document `scramble ARGS --json` prints (exit 0 or 1).
fn json_report(args: &[&str], out: &std::path::Path) -> Value {
    let takes_out = !["show", "merge"].contains(&args[0]);
    let mut command = scramble();
    command.args(args).arg("--json");
    if takes_out {
        command.arg("--out").arg(out);
    }
    let output = command.output().unwrap();
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

/// Every key of `value`, at any depth, with its path.
fn keys(value: &Value, path: &str, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                let here = format!("{path}.{key}");
                found.push(here.clone());
                keys(inner, &here, found);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| keys(item, &format!("{path}[]"), found)),
        _ => {}
    }
}

/// Asserts that no key of `document` is named `repetitions`, and that its
/// `repetition_free` (at `pointer`) is `expected`.
fn one_polarity(args: &[&str], document: &Value, pointer: &str, expected: bool) {
    let mut found = vec![];
    keys(document, "", &mut found);
    let opposite: Vec<&String> = found.iter().filter(|k| k.ends_with(".repetitions")).collect();
    assert!(opposite.is_empty(), "{args:?}: {opposite:?}");
    assert_eq!(
        document.pointer(pointer),
        Some(&Value::Bool(expected)),
        "{args:?}: {pointer}"
    );
}

#[test]
fn every_json_document_says_repetition_free_and_never_repetitions() {
    let out = tempfile::tempdir().unwrap();
    let runs: [(&[&str], &str, bool); 11] = [
        (&["show", "fixtures/paper2x2.txt"], "/repetition_free", true),
        (&["show", "fixtures/cards3x3.txt"], "/repetition_free", false),
        (
            &["subgraphs", "fixtures/paper2x2.txt", "--no-pictures"],
            "/repetition_free",
            true,
        ),
        (&["verify", "--patterns", "2"], "/repetition_free", true),
        (
            &["verify", "--patterns", "1", "--repetitions"],
            "/repetition_free",
            false,
        ),
        (
            &["verify", "--patterns", "2", "--corners-only", "--repetitions"],
            "/repetition_free",
            false,
        ),
        (
            &["verify", "--exact", "--patterns", "3", "--repetitions"],
            "/repetition_free",
            false,
        ),
        (&["verify", "--size", "3", "--patterns", "2"], "/repetition_free", true),
        (
            &["verify", "--size", "3", "--patterns", "1", "--repetitions"],
            "/repetition_free",
            false,
        ),
        (
            &[
                "generate",
                "--count",
                "1",
                "--patterns",
                "3",
                "--repetition-free",
                "--no-pictures",
            ],
            "/repetition_free",
            true,
        ),
        (
            &[
                "study",
                "uniqueness",
                "--size",
                "2",
                "--patterns",
                "2",
                "--count",
                "5",
                "--repetition-free",
            ],
            "/repetition_free",
            true,
        ),
    ];
    for (args, pointer, expected) in runs {
        let document = json_report(args, out.path());
        one_polarity(args, &document, pointer, expected);
    }
}

/// Shard files carry the key too, `merge` reads it and prints it back, and
/// a shard of the other census is refused by name.
#[test]
fn shards_and_their_merge_say_repetition_free() {
    let out = tempfile::tempdir().unwrap();
    let mut files = vec![];
    for i in 1..=2 {
        let shard = format!("{i}/2");
        let args = ["verify", "--patterns", "1", "--repetitions", "--shard", &shard];
        let document = json_report(&args, out.path());
        one_polarity(&args, &document, "/repetition_free", false);
        let file = out.path().join(format!("shard-{i}.json"));
        std::fs::write(&file, document.to_string()).unwrap();
        files.push(file.to_str().unwrap().to_string());
    }
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    let merged = json_report(&args, out.path());
    one_polarity(&args, &merged, "/repetition_free", false);
    let free = json_report(&["verify", "--patterns", "2", "--shard", "2/2"], out.path());
    std::fs::write(&files[1], free.to_string()).unwrap();
    let refused = scramble().args(&args).output().unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("(repetition-free: true) does not belong with"),
        "{stderr}"
    );
}
