//! The answer at the top of the page, right under the puzzle box: the
//! count in words (as `scramble solve` says it), and for a puzzle without
//! a solution the reason and the fixes, ranked by the library
//! (`diagnose::rank`); the page draws the first solution beside it.

use serde::Serialize;

use super::solutions::{COUNT_LIMIT, SolutionsView};
use super::why::Why;
use crate::solve::diagnose::explain::{self, Fixes, Line, Wording};

/// What the answer block says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Answer {
    /// The count in words: `1 solution (4 counting the board's turns);
    /// every solution looks different`, `no solution`, or why it is missing.
    pub count: String,
    /// Whether a solution is shown (the first of the solutions section).
    pub solved: bool,
    /// Why there is no solution before any edit: the counting argument and
    /// the misfits, depth 1 a finding, 2 a detail.
    pub findings: Vec<Line>,
    /// The edits that make it solvable, most plausible first (no solution only).
    pub fixes: Option<Fixes>,
}

/// The answer for the solutions `found` (or why there are none) and the
/// diagnosis `why`.
pub(crate) fn answer(found: &Result<SolutionsView, String>, why: Option<&Why>) -> Answer {
    let (count, solved) = match found {
        Err(e) => (format!("not solved: {e}"), false),
        Ok(view) => (count_words(view), !view.shown.is_empty()),
    };
    Answer {
        count,
        solved,
        findings: why.map_or_else(Vec::new, |w| explain::findings(&w.diagnosis)),
        fixes: why.map(|w| explain::fixes(&w.diagnosis.edits, &Wording::default())),
    }
}

fn count_words(view: &SolutionsView) -> String {
    match (view.count, view.stopped, view.shown.is_empty()) {
        (_, true, true) => "not solved: the search was stopped before a first solution".into(),
        (_, true, false) => "not counted: the search was stopped; the first solution found".into(),
        (Some(0), _, _) | (None, false, true) => "no solution".into(),
        (Some(n), false, _) => crate::solve::looks::count_words(n, view.looks),
        (None, false, false) => {
            format!("a solution (grids larger than {COUNT_LIMIT}x{COUNT_LIMIT} are not counted: the first one found)")
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_answer_holds() {
        use crate::{
            Puzzle,
            render::page::{Options, page},
        };
        let puzzle: Puzzle = "1- 1+ 3- 3+\n1- 1+ 2- 2+\n2- 3- 1+ 2+\n1+ 3- 2+ 1-".parse().unwrap();
        let answer = page(&puzzle, &Options::default(), &crate::Context::new())
            .unwrap()
            .data
            .answer;
        assert_eq!(answer.count, "no solution");
        let fixes = answer.fixes.unwrap();
        assert_eq!(fixes.fixes[0], "card #4, left side: 1- -> 3- (then 1 solution)");
        assert_eq!((fixes.shown, fixes.fixes.len()), (3, 25));
    }

    use super::*;
    use crate::Puzzle;
    use crate::render::page::{Options, page};

    #[test]
    fn a_solved_puzzle_says_its_count_as_solve_does_and_has_no_fixes() {
        let puzzle: Puzzle = include_str!("../../../fixtures/real/wizards.txt").parse().unwrap();
        let answer = page(&puzzle, &Options::default(), &crate::Context::new())
            .unwrap()
            .data
            .answer;
        assert_eq!(
            answer.count,
            "1 solution (4 counting the board's turns); every solution looks different"
        );
        assert!(answer.solved && answer.findings.is_empty() && answer.fixes.is_none());
    }

    #[test]
    fn an_unsolvable_puzzle_gives_its_findings_and_the_ranked_fixes_of_its_diagnosis() {
        let puzzle: Puzzle = include_str!("../../../fixtures/unsolvable2x2.txt").parse().unwrap();
        let data = page(&puzzle, &Options::default(), &crate::Context::new()).unwrap().data;
        let why = data.why.unwrap();
        let answer = data.answer;
        assert_eq!(answer.count, "no solution");
        assert!(!answer.solved);
        let mut lines = answer.findings.clone();
        lines.extend(answer.fixes.unwrap().lines(&Wording::default()));
        assert_eq!(lines, why.lines, "the same words as the diagnosis");
    }

    #[test]
    fn a_stopped_search_says_so() {
        let view = SolutionsView {
            count: None,
            looks: None,
            shown: Vec::new(),
            note: None,
            stopped: true,
        };
        assert!(answer(&Ok(view), None).count.contains("stopped"));
        assert_eq!(answer(&Err("too big".into()), None).count, "not solved: too big");
    }
}
