//! Every bad input gives exit code 2 and one message with file, line and
//! column and what was expected; never a panic.

use predicates::prelude::*;

use crate::scramble;

fn rejects(file: &str, message: &str) {
    let path = format!("fixtures/bad/{file}");
    scramble()
        .args(["show", &path])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(format!("scramble: error: {path}{message}")))
        .stderr(predicate::str::contains("panicked").not())
        .stderr(predicate::function(|s: &str| s.lines().count() == 1));
}

#[test]
fn three_pictures() {
    rejects(
        "three_pictures.txt",
        ":3:9: only 3 pictures: a piece has exactly 4 pictures",
    );
}

#[test]
fn five_pictures() {
    rejects(
        "five_pictures.txt",
        ":2:13: a 5th picture: a piece has exactly 4 pictures",
    );
}

#[test]
fn picture_without_sign() {
    rejects(
        "no_sign.txt",
        ":3:4: `4` has no sign: expected a picture such as `4+` or `4-`, or `4=` for one that matches itself",
    );
}

#[test]
fn count_that_is_no_square() {
    rejects(
        "not_square.txt",
        ":6:1: 5 pieces do not fill a square grid: expected 4 or 9 pieces",
    );
}

#[test]
fn empty_file() {
    rejects("empty.txt", ":1:1: no pieces: expected one piece per line");
}

#[test]
fn name_used_twice() {
    rejects(
        "name_twice.txt",
        ":3:1: the piece name `red` is used twice (first on line 1)",
    );
}

#[test]
fn bytes_that_are_not_utf8() {
    rejects(
        "not_utf8.txt",
        ":3:7: byte 0xe9 is not UTF-8: expected a text file in UTF-8",
    );
}

#[test]
fn card_side_that_is_neither_head_nor_tail() {
    rejects(
        "card_side.txt",
        ":3:16: `BODY` is neither HEAD nor TAIL: expected HEAD-COLOR or TAIL-COLOR",
    );
}

#[test]
fn numbers_and_identifiers_mixed() {
    rejects(
        "mixed_names.txt",
        ":2:7: `star-`: pattern names are all numbers or all identifiers",
    );
}

#[test]
fn pattern_zero() {
    rejects("pattern_zero.txt", ":2:7: `0-`: pattern numbers start at 1");
}

#[test]
fn file_that_does_not_exist() {
    rejects("missing.txt", ": cannot read the file: No such file or directory");
}

#[test]
fn wrong_format_forced() {
    scramble()
        .args(["show", "--input-format", "card", "fixtures/paper2x2.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "fixtures/paper2x2.txt:3:12: a card has 1 field, expected 5",
        ));
}

#[test]
fn endless_input_is_refused_at_the_size_limit() {
    scramble().args(["show", "/dev/zero"]).assert().code(2).stderr(
        "scramble: error: /dev/zero: cannot read the file: larger than 16 MiB, the most scramble reads: \
             expected a puzzle file\n",
    );
}

#[test]
fn a_dash_reads_standard_input() {
    let text = std::fs::read_to_string(crate::at_root("fixtures/named2x2.txt")).unwrap();
    scramble()
        .args(["show", "-"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(predicate::str::starts_with("stdin: 2x2 grid, 4 pieces, 6 patterns\n"));
    scramble()
        .args(["show", "-"])
        .write_stdin("1+ 2+ 3+\n")
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "scramble: error: <stdin>:1:9: only 3 pictures",
        ));
}

#[test]
fn a_count_beyond_the_bound_is_refused() {
    for count in ["18446744073709551615", "1000000000000", "0"] {
        scramble()
            .args(["generate", "--count", count])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--count").and(predicate::str::contains("panicked").not()));
    }
}

/// `scramble merge` on a shard file of `fixtures/bad/` and the good other
/// shard: exit 2, the message naming the file and what is wrong.
fn merge_rejects(file: &str, message: &str) {
    let path = format!("fixtures/bad/{file}");
    scramble()
        .args(["merge", &path, "fixtures/bad/shard-2-of-2.json"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(format!(
            "scramble: error: {path}: {message}"
        )))
        .stderr(predicate::str::contains("panicked").not());
}

#[test]
fn merge_validates_what_it_reads() {
    // The good pair merges.
    scramble()
        .args([
            "merge",
            "fixtures/bad/shard-1-of-2.json",
            "fixtures/bad/shard-2-of-2.json",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("puzzles                           126"));
    merge_rejects("shard_index_zero.json", "shard 0/2, expected I/N with 1 <= I <= N");
    merge_rejects("shard_index_beyond.json", "shard 3/2, expected I/N with 1 <= I <= N");
    merge_rejects("shard_count_zero.json", "shard 0/0, expected I/N");
    merge_rejects(
        "shard_count_huge.json",
        "shard 1/18446744073709551615, expected I/N with 1 <= I <= N <= 65536",
    );
    merge_rejects(
        "shard_solvable_beyond_puzzles.json",
        "solvable = 1000 exceeds puzzles = 91",
    );
    merge_rejects("shard_mismatch_edited.json", "theorem_mismatches = 1 cannot go with");
    // A count no 2x2 census can reach is refused before any sum.
    scramble()
        .args([
            "merge",
            "fixtures/bad/shard-1-of-2.json",
            "fixtures/bad/shard_wrapping_sum.json",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "shard_wrapping_sum.json: solutions = 18446744073709551615 exceeds 1536 per puzzle",
        ));
}

#[test]
fn merge_refuses_every_forged_or_malformed_shard() {
    let cases = [
        (
            "shard_forged_repaired.json",
            ": repaired_mismatches = 5 cannot go with repaired_accepted = 377",
        ),
        ("shard_unknown_key.json", ":8:3: unknown key `uniqe\\u{1b}[31m`"),
        ("shard_duplicate_key.json", ":8:3: key `unique` given twice"),
        (
            "shard_negative.json",
            ":7:3: key `unique` = -1: expected a whole number from 0 to",
        ),
        ("shard_float.json", ":7:3: key `unique` = 0.5: expected a whole number"),
        (
            "shard_beyond_u64.json",
            ":7:3: key `unique` = 1.8446744073709552e+19: expected a whole number",
        ),
        (
            "shard_huge_seconds.json",
            ":4:3: key `seconds` = 1e+308: expected a number of seconds",
        ),
        ("shard_missing_key.json", ":19:1: missing key `unique`"),
        (
            "shard_without_condition_failures.json",
            ":20:1: missing key `condition_failures`",
        ),
        (
            "shard_corner_tuples_below.json",
            ": corners.tuples = 1, expected corners^4 = 20736",
        ),
    ];
    for (file, message) in cases {
        let path = format!("fixtures/bad/{file}");
        let mut args = vec!["merge", path.as_str()];
        if file == "shard_forged_repaired.json" {
            args.push("fixtures/bad/shard-2-of-2.json");
        }
        let output = scramble().args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{file}: {stderr}");
        // The file, then the line and column where the fault has one.
        assert!(
            stderr.starts_with(&format!("scramble: error: {path}{message}")),
            "{file}: {stderr}"
        );
        assert!(!stderr.contains('\u{1b}'), "{file}: a raw escape on stderr");
    }
}

/// `scramble show` on `text` fails with exactly `message` after `t.txt`.
fn rejects_text(text: &str, message: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.txt");
    std::fs::write(&path, text).unwrap();
    scramble()
        .arg("show")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(format!("scramble: error: {}{message}\n", path.display()));
}

#[test]
fn typos_are_named_at_the_token_that_is_wrong() {
    let good = "fox+ cat- owl+ elk-\n";
    rejects_text(
        &format!("{good}fox- cat+ owl\u{2212} elk+\n"),
        ":2:14: `\u{2212}` (U+2212) is not a sign: write `owl-` with the ASCII `-`",
    );
    rejects_text(
        &format!("{good}fox- cat+ elk-, owl+\n"),
        ":2:15: unexpected `,` after `elk-`: a picture ends with its sign; separate pictures with spaces",
    );
    rejects_text(
        &format!("{good}north fox- cat+ owl- elk+\n"),
        ":2:1: `north` has no sign: if it names the piece, write `north:`",
    );
    rejects_text(
        &format!("{good}fox- ca t+ owl- elk+\n"),
        ":2:6: `ca` has no sign: expected a picture such as `ca+` or `ca-`, or `ca=` for one that matches itself",
    );
    rejects_text(
        &format!("{good}fox- cat+ | owl- elk+\n"),
        ":2:11: unexpected `|`: this file is in the text format (its first piece has no `|`); a card file has a `|` on every line",
    );
    rejects_text(
        &format!("{good}fox- c\u{7}t+ owl- elk+\n"),
        ":2:6: `c\\u{7}t+`: expected a pattern name: a number, or a letter (of any language) followed by letters, digits or `_`",
    );
    rejects_text(
        "1+ 2+ 3+\n",
        ":1:9: only 3 pictures: a piece has exactly 4 pictures, clockwise from the top (top right bottom left)",
    );
    rejects_text(
        "1+ 2+ 3+ 4+\n",
        ":1:1: 1 piece does not fill a square grid: expected 4 pieces (n*n for an n x n grid, n >= 2)",
    );
    rejects_text(
        "0 | HEAD-A | TAIL-B\n",
        ":1:20: a card has 3 fields, expected 5: `name | HEAD-COLOR | TAIL-COLOR | ...` (top right bottom left)",
    );
}

#[test]
fn a_byte_order_mark_is_skipped_and_card_colors_ignore_case() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bom.txt");
    let text = std::fs::read_to_string(crate::at_root("fixtures/named2x2.txt")).unwrap();
    std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
    scramble()
        .arg("show")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("  north  sun+ moon+ star+ tree-\n"));
    // Every format: an edge-matching puzzle in JSON and in Brendan's text.
    for fixture in [
        "fixtures/edge/small/planted-4x4-k3.json",
        "fixtures/edge/brendan/brendan_06x06.txt",
    ] {
        let marked = dir.path().join(std::path::Path::new(fixture).file_name().unwrap());
        let bytes = std::fs::read(crate::at_root(fixture)).unwrap();
        std::fs::write(&marked, [&b"\xEF\xBB\xBF"[..], &bytes].concat()).unwrap();
        let show = |p: &std::path::Path| scramble().arg("show").arg(p).output().unwrap();
        let (with, without) = (show(&marked), show(&crate::at_root(fixture)));
        assert!(
            with.status.success(),
            "{fixture}: {}",
            String::from_utf8_lossy(&with.stderr)
        );
        assert_eq!(with.stdout, without.stdout, "{fixture}");
    }
    let cards = dir.path().join("cards.txt");
    std::fs::write(&cards, "a | HEAD-red | TAIL-Red | HEAD-RED | tail-red\nb | HEAD-RED | TAIL-RED | HEAD-RED | TAIL-RED\nc | HEAD-RED | TAIL-RED | HEAD-RED | TAIL-RED\nd | HEAD-RED | TAIL-RED | HEAD-RED | TAIL-RED\n").unwrap();
    scramble()
        .arg("show")
        .arg(&cards)
        .assert()
        .success()
        .stdout(predicate::str::contains("2x2 grid, 4 pieces, 1 pattern"));
}

#[test]
fn likely_typos_are_warned_about_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("typo.txt");
    std::fs::write(
        &path,
        "fox+ cat- owl+ elk-\nfx+ cat+ owl- elk+\nfox- cat+ owl+ elk-\nfox- cat- owl- elk+\n",
    )
    .unwrap();
    let p = path.display();
    scramble().arg("show").arg(&path).assert().success().stderr(format!(
        "scramble: warning: {p}: no side can match fx+: the complement never occurs (a typo?)\n\
             scramble: warning: {p}: pattern names that differ only by case or one letter (a typo?): `fox` and `fx`\n"
    ));
}

#[test]
fn a_fault_of_an_edge_puzzle_is_named_where_the_file_says_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.json");
    let json = "{\n  \"width\": 3,\n  \"height\": 2,\n  \"pieces\": [[0, 1, 1, 0], [0, 0, 1, 1], [1, 0, 0, 1], [1, 1, 0, 0]]\n}\n";
    std::fs::write(&path, json).unwrap();
    scramble()
        .args(["solve", "--no-pictures"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "scramble: error: {}:4:3: 4 pieces for a 3 x 2 board of 6 cells\n",
            path.display()
        ));
}

#[test]
fn a_batch_whose_puzzles_would_share_a_folder_is_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let (x, y) = (dir.path().join("x"), dir.path().join("y"));
    std::fs::create_dir(&x).unwrap();
    std::fs::create_dir(&y).unwrap();
    let fixture = |name: &str| format!("{}/fixtures/{name}", crate::ROOT);
    std::fs::copy(fixture("paper2x2.txt"), x.join("p.txt")).unwrap();
    std::fs::copy(fixture("planted3x3.txt"), y.join("p.txt")).unwrap();
    std::fs::copy(fixture("paper2x2.txt"), x.join("a b.txt")).unwrap();
    std::fs::copy(fixture("paper2x2.txt"), x.join("a_b.txt")).unwrap();
    let out = dir.path().join("out");
    for (first, second) in [
        (x.join("p.txt"), y.join("p.txt")),
        (x.join("a b.txt"), x.join("a_b.txt")),
    ] {
        scramble()
            .args(["solve", "--out"])
            .arg(&out)
            .arg(&first)
            .arg(&second)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "{} and {} both make the puzzle",
                first.display(),
                second.display()
            )));
        assert!(!out.exists(), "nothing is written");
    }
    // The same file twice is one puzzle; without pictures no folder is shared.
    let p = x.join("p.txt");
    scramble()
        .args(["solve", "--out"])
        .arg(&out)
        .arg(&p)
        .arg(&p)
        .assert()
        .success();
    scramble()
        .args(["solve", "--no-pictures"])
        .arg(&p)
        .arg(y.join("p.txt"))
        .assert()
        .success();
}
