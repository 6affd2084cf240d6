//! `solve` on a puzzle without a solution: the diagnosis in text and JSON,
//! its edits judged by solving the edited puzzle.

use scramble::Puzzle;
use scramble::solve::plain;

use crate::{json_report_exiting, real, scramble};

/// The puzzle read from `path` with the JSON edit `edit` made.
fn made(puzzle: &Puzzle, edit: &serde_json::Value) -> Puzzle {
    let to = puzzle
        .pictures()
        .flat_map(|p| [p, p.complement()])
        .find(|&p| puzzle.picture_label(p) == edit["to"].as_str().unwrap())
        .unwrap();
    let card = edit["card"].as_u64().unwrap() as usize;
    assert!(card >= 1, "cards are numbered from 1: {edit}");
    puzzle.with_side(card - 1, edit["side"].as_u64().unwrap() as usize, to)
}

#[test]
fn one_flipped_sign_gets_the_edit_that_undoes_it() {
    // The Wizards puzzle with the right side of card 5 turned into its
    // complement: no solution, and turning it back is among the edits.
    let text = std::fs::read_to_string(crate::at_root(&real("wizards"))).unwrap();
    let puzzle: Puzzle = text.parse().unwrap();
    let right = puzzle.pieces()[4].side(1);
    let broken = puzzle.with_side(4, 1, right.complement());
    assert_eq!(plain::count_solutions(&broken), 0);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.txt");
    std::fs::write(&path, broken.to_string()).unwrap();
    let r = json_report_exiting(1, &["solve", path.to_str().unwrap()], dir.path());
    let diagnosis = &r["diagnosis"];
    assert_eq!(diagnosis["edits"]["complete"], true);
    let one = diagnosis["edits"]["one"].as_array().unwrap();
    assert!(!one.is_empty());
    for edit in one {
        assert!(plain::count_solutions(&made(&broken, edit)) > 0, "{edit}");
    }
    let undo = one.iter().find(|e| e["card"] == 5 && e["side"] == 1).unwrap();
    assert_eq!(undo["to"], puzzle.picture_label(right));
    scramble()
        .args(["solve", path.to_str().unwrap(), "--no-pictures", "--all-fixes"])
        .assert()
        .code(1)
        .stdout(predicates::str::contains(format!(
            "card #5, right side: {} -> {} (then 1 solution)\n",
            broken.picture_label(right.complement()),
            puzzle.picture_label(right)
        )));
}

#[test]
fn counting_comes_first_with_its_numbers() {
    let out = tempfile::tempdir().unwrap();
    let r = json_report_exiting(1, &["solve", &real("no_solution")], out.path());
    let shortage = &r["diagnosis"]["shortage"];
    assert_eq!(
        (shortage["inner_boundaries"].as_u64(), shortage["pairs"].as_u64()),
        (Some(12), Some(10))
    );
    let solvable = json_report_exiting(0, &["solve", &real("wizards")], out.path());
    assert!(solvable["diagnosis"].is_null());
}

#[test]
fn the_likeliest_fixes_come_first_and_wrong_lists_other_answers() {
    let out = tempfile::tempdir().unwrap();
    // The own Wizards typo: card 5's right side typed purple- for purple+.
    let shown = scramble()
        .args(["solve", "fixtures/own/wizards_typo.txt", "--no-pictures"])
        .assert()
        .code(1);
    let text = String::from_utf8(shown.get_output().stdout.clone()).unwrap();
    let fixes: Vec<&str> = text.lines().filter(|l| l.starts_with("    card ")).collect();
    assert_eq!(fixes.len(), 3, "{text}");
    assert!(
        fixes.contains(&"    card #5, right side: purple- -> purple+ (then 1 solution)"),
        "{text}"
    );
    assert!(
        text.contains("  8 less likely ways: --all-fixes lists them\n"),
        "{text}"
    );
    let r = json_report_exiting(0, &["solve", &real("wizards"), "--wrong"], out.path());
    let alternatives = r["alternatives"]["one"].as_array().unwrap();
    assert!(!alternatives.is_empty(), "{r}");
    assert_eq!(r["alternatives"]["complete"], true);
}

#[test]
fn changes_that_make_the_same_puzzle_are_one_fix_with_their_places() {
    // Card 1 shows 1+ 2+ twice: its top and bottom sides changed alike
    // make one puzzle, listed once, with the other place in text and JSON.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("twice.txt");
    std::fs::write(&path, "1+ 2+ 1+ 2+\n2- 1- 3+ 4+\n3- 4- 1- 2-\n4- 3+ 2- 1+\n").unwrap();
    let r = json_report_exiting(1, &["solve", path.to_str().unwrap()], dir.path());
    let one = r["diagnosis"]["edits"]["one"].as_array().unwrap();
    let folded: Vec<&serde_json::Value> = one
        .iter()
        .filter(|e| !e["also"].as_array().unwrap().is_empty())
        .collect();
    assert!(!folded.is_empty(), "{r}");
    for e in &folded {
        assert_eq!((&e["card"], &e["side"]), (&1.into(), &0.into()), "{e}");
        assert_eq!(
            e["also"],
            serde_json::json!([{"card": 1, "label": "#1", "side": 2, "direction": "bottom"}])
        );
    }
    let every_place = |e: &serde_json::Value| 1 + e["also"].as_array().unwrap().len();
    assert!(one.iter().all(|e| !(e["card"] == 1 && e["side"] == 2)), "{r}");
    assert!(one.iter().map(every_place).sum::<usize>() > one.len());
    scramble()
        .args(["solve", path.to_str().unwrap(), "--all-fixes"])
        .assert()
        .code(1)
        .stdout(predicates::str::contains(format!(
            "    card #1, top side (or card #1, bottom side): 1+ -> {} (then ",
            folded[0]["to"].as_str().unwrap()
        )));
}
