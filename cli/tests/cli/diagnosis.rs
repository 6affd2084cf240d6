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

#[test]
fn a_count_on_the_cards_drops_the_fixes_that_disagree_and_names_the_next_picture() {
    let out = tempfile::tempdir().unwrap();
    // Card 5's right side typed purple- for purple+: the cards show purple- 6 times.
    let typo = "fixtures/own/wizards_typo.txt";
    let r = json_report_exiting(1, &["solve", typo], out.path());
    let edits = &r["diagnosis"]["edits"];
    assert_eq!(edits["ask"], serde_json::json!({"picture": "purple-", "typed": 7}));
    assert!(
        edits.get("counts").is_none() && edits.get("dropped").is_none(),
        "{edits}"
    );
    let all = edits["one"].as_array().unwrap().len();
    let r = json_report_exiting(1, &["solve", typo, "--count", "purple-=6"], out.path());
    let edits = &r["diagnosis"]["edits"];
    let one = edits["one"].as_array().unwrap();
    assert!(
        one.iter().all(|e| e["from"] == "purple-" && e["to"] != "purple-"),
        "{edits}"
    );
    assert!(
        one.iter()
            .any(|e| e["card"] == 5 && e["side"] == 1 && e["to"] == "purple+")
    );
    assert_eq!(edits["dropped"].as_u64(), Some((all - one.len()) as u64));
    assert_eq!(
        edits["counts"],
        serde_json::json!([{"picture": "purple-", "count": 6, "typed": 7}])
    );
    assert_eq!(edits["ask"]["picture"], "blue+");
    scramble()
        .args(["solve", typo, "--no-pictures", "--count", "purple-=6"])
        .assert()
        .code(1)
        .stdout(predicates::str::contains(format!(
            "({} ways, the likeliest typo first; {} more dropped by your counts):\n",
            one.len(),
            all - one.len()
        )))
        .stdout(predicates::str::contains(
            "  to narrow them down, count how often blue+ shows on your cards (typed 3 times) and give it: --count blue+=N\n",
        ));
    // A count no fix fits is said, with the counts.
    scramble()
        .args(["solve", typo, "--no-pictures", "--count", "purple-=2"])
        .assert()
        .code(1)
        .stdout(predicates::str::contains(format!(
            "  none of the {all} changes that make it solvable fits your counts (purple- counted 2 times, typed 7 times); count again"
        )));
}

#[test]
fn a_count_on_a_solvable_puzzle_lists_the_changes_that_fit_it_as_wrong_does() {
    let out = tempfile::tempdir().unwrap();
    // As typed, the Wizards' 3- shows 6 times; counted 5, one of them is a typo.
    let r = json_report_exiting(0, &["solve", &real("wizards"), "--count", "3-=5"], out.path());
    let one = r["alternatives"]["one"].as_array().unwrap();
    assert!(!one.is_empty(), "{r}");
    assert!(one.iter().all(|e| e["from"] == "3-" && e["to"] != "3-"), "{r}");
    let wrong = json_report_exiting(0, &["solve", &real("wizards"), "--wrong"], out.path());
    let all = wrong["alternatives"]["one"].as_array().unwrap();
    let kept: Vec<&serde_json::Value> = all.iter().filter(|e| e["from"] == "3-" && e["to"] != "3-").collect();
    assert_eq!(one.iter().collect::<Vec<_>>(), kept);
    assert_eq!(
        r["alternatives"]["dropped"].as_u64(),
        Some((all.len() - one.len()) as u64)
    );
}

#[test]
fn a_bad_count_is_refused_before_any_search() {
    for (args, said) in [
        (
            vec!["--count", "9+=2"],
            "count of `9+`: not a picture of wizards; expected one of 1-, 1+,",
        ),
        (
            vec!["--count", "1+=99"],
            "count of 1+: 99 is more than the 36 sides of the 9 cards of wizards",
        ),
        (vec!["--count", "1+"], "expected PICTURE=N, such as 3-=5; found `1+`"),
        (vec!["--count", "1+=2", "--count", "1+=3"], "count of 1+: counted twice"),
        (vec!["--count", "1+=2", "fixtures/paper2x2.txt"], "give one file"),
        (
            vec!["--count", "1+=2", "--method", "frontier"],
            "--count: not with --method frontier",
        ),
        (vec!["--count", "1+=2", "--first"], "cannot be used with"),
    ] {
        scramble()
            .args(["solve", &real("wizards"), "--no-pictures"])
            .args(&args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(said));
    }
}
