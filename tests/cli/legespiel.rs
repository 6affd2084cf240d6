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
    let xml = std::fs::read_to_string(KNIFFLIG)
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
