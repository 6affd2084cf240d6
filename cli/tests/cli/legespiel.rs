//! Legespiel XML configurations read as they are, and written back in the
//! text format.

use crate::scramble;

const KNIFFLIG: &str = "fixtures/legespiel/AbsolutKnifflig.config.xml";

#[test]
fn a_legespiel_file_is_read_and_exported_as_text_that_solves_the_same() {
    let out = scramble().args(["export", "--text", KNIFFLIG]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().next(), Some("Monkey- Horse- Pippi+ Pippi+"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("knifflig.txt");
    std::fs::write(&path, &text).unwrap();
    let solved = |file: &str| {
        let out = scramble().args(["solve", "--json", file]).output().unwrap();
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        json["solutions"].clone()
    };
    assert_eq!(solved(KNIFFLIG), serde_json::json!(37));
    assert_eq!(solved(path.to_str().unwrap()), serde_json::json!(37));
}

#[test]
fn german_names_and_self_matching_pictures_work_from_the_file() {
    let out = scramble()
        .args(["export", "--text", "fixtures/legespiel/GlücksschweinSpiel.config.xml"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(!out.stdout.is_empty());
    let out = scramble()
        .args(["export", "--text", "fixtures/legespiel/Quadromino.config.xml"])
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stdout).unwrap().contains("p0_0="));
}

#[test]
fn a_relation_scramble_cannot_express_is_an_error_naming_the_picture() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.xml");
    let xml = std::fs::read_to_string(crate::at_root(KNIFFLIG))
        .unwrap()
        .replace("matchWithIds=\"2\"", "matchWithIds=\"2,3\"");
    std::fs::write(&path, xml).unwrap();
    let out = scramble().args(["solve", path.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("two.xml:13:48: picture `Pippi 1` (id 1) matches 2 pictures (ids 2, 3)"),
        "{err}"
    );
}

/// A 2x2 configuration with `pictures` (XML) and four cards of picture
/// ids `card`, written into `dir`.
fn configuration(dir: &std::path::Path, pictures: &str, card: [&str; 4]) -> std::path::PathBuf {
    let [n, e, s, w] = card;
    let cards = format!("<card north=\"{n}\" east=\"{e}\" south=\"{s}\" west=\"{w}\"/>").repeat(4);
    let xml = format!(
        "<legespielConfiguration><numberOfRows>2</numberOfRows><numberOfColumns>2</numberOfColumns>\
         <pictures>{pictures}</pictures><cards>{cards}</cards></legespielConfiguration>"
    );
    let path = dir.join("p.xml");
    std::fs::write(&path, xml).unwrap();
    path
}

#[test]
fn many_pictures_of_one_name_and_long_match_lists_read_in_linear_time() {
    let dir = tempfile::tempdir().unwrap();
    let many: String = (1..=20_000)
        .map(|i| format!("<picture id=\"{i}\" name=\"Same\" matchWithIds=\"{i}\"/>"))
        .collect();
    let path = configuration(dir.path(), &many, ["1", "1", "1", "1"]);
    let started = std::time::Instant::now();
    scramble().arg("show").arg(&path).assert().code(0);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let list = (0..40_000).map(|i| format!("x{i}")).collect::<Vec<_>>().join(",");
    let long = format!("<picture id=\"1\" name=\"A\" matchWithIds=\"{list}\"/>");
    let path = configuration(dir.path(), &long, ["1", "1", "1", "1"]);
    let started = std::time::Instant::now();
    let output = scramble().arg("show").arg(&path).output().unwrap();
    crate::common::assert_exit(&output, 2);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(
        output.stderr.len() < 1000,
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn long_picture_names_and_ids_are_capped_and_quoted_short() {
    let dir = tempfile::tempdir().unwrap();
    let name = "N".repeat(1_000_000);
    let pictures = format!("<picture id=\"1\" name=\"{name}\" matchWithIds=\"1\"/>");
    let path = configuration(dir.path(), &pictures, ["1", "1", "1", "1"]);
    let output = scramble().arg("show").arg(&path).output().unwrap();
    crate::common::assert_exit(&output, 0);
    assert!(
        output.stdout.len() < 10_000,
        "show printed {} bytes",
        output.stdout.len()
    );
    let id = "7".repeat(500_000);
    let pictures = format!("<picture id=\"{id}\" name=\"A\" matchWithIds=\"{id}\"/>");
    let path = configuration(dir.path(), &pictures, [id.as_str(); 4]);
    let output = scramble().arg("show").arg(&path).output().unwrap();
    crate::common::assert_exit(&output, 2);
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.len() < 1000 && message.contains("too long"),
        "{} bytes",
        message.len()
    );
}

#[test]
fn text_from_the_file_reaches_the_terminal_escaped() {
    let dir = tempfile::tempdir().unwrap();
    // An id holding a newline (`&#10;`) and a right-to-left override: the
    // message stays one line and neither reaches the terminal raw.
    let pictures = "<picture id=\"1\" name=\"A\" matchWithIds=\"1\"/>";
    let path = configuration(
        dir.path(),
        pictures,
        ["1", "1", "1", "1&#10;scramble: all good&#x202E;"],
    );
    let output = scramble().arg("show").arg(&path).output().unwrap();
    crate::common::assert_exit(&output, 2);
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(message.trim_end().lines().count(), 1, "{message}");
    assert!(!message.contains('\u{202e}') && message.contains("\\u{a}"), "{message}");
    // U+202E (right-to-left override) and a zero-width space in a token of
    // the text format are written `\u{...}`.
    let text = dir.path().join("p.txt");
    std::fs::write(
        &text,
        "1+ a\u{202e}b\u{200b}+ 1- 1-\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-\n",
    )
    .unwrap();
    let output = scramble().arg("show").arg(&text).output().unwrap();
    crate::common::assert_exit(&output, 2);
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        !message.contains('\u{202e}') && !message.contains('\u{200b}'),
        "{message}"
    );
    assert!(message.contains("\\u{202e}"), "{message}");
}

#[test]
fn pattern_names_of_the_text_format_are_capped() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("p.txt");
    let name = "a".repeat(65);
    std::fs::write(&text, format!("{name}+ {name}- 1x+ 1x-\n").repeat(4).replace("1x", "b")).unwrap();
    let output = scramble().arg("show").arg(&text).output().unwrap();
    crate::common::assert_exit(&output, 2);
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("at most 64"), "{message}");
    std::fs::write(&text, format!("{0}+ {0}- b+ b-\n", &name[..64]).repeat(4)).unwrap();
    scramble().arg("show").arg(&text).assert().code(0);
}
