//! Why the page's puzzle has no solution: the library's diagnosis
//! ([`crate::solve::diagnose`]) and its explanation in words, shown beside the
//! count and in Play.

use std::time::Duration;

use serde::Serialize;

use crate::Puzzle;
use crate::context::{Context, Stop};
use crate::solve::diagnose::{Diagnosis, diagnose, explain};

/// How long the search for an edit that makes the puzzle solvable runs.
pub(crate) const BUDGET: Duration = Duration::from_secs(3);

/// The diagnosis and its lines.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Why {
    /// What [`diagnose`] found.
    pub diagnosis: Diagnosis,
    /// It in words: depth 1 a finding, 2 a detail under it.
    pub lines: Vec<explain::Line>,
}

/// The diagnosis of `puzzle` when the search found no solution and ran to
/// its end (`solved` is `Some(false)`); `None` otherwise. The edit search
/// stops after [`BUDGET`] and says so.
///
/// # Complexity
/// That of [`diagnose`], bounded by [`BUDGET`].
pub(crate) fn why(puzzle: &Puzzle, solved: Option<bool>) -> Option<Why> {
    if solved != Some(false) {
        return None;
    }
    let diagnosis = diagnose(puzzle, &Context::new().until(&Stop::never().after(BUDGET))).ok()?;
    let lines = explain::lines(&diagnosis, &explain::Wording::default());
    Some(Why { diagnosis, lines })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_why_holds() {
        use crate::render::page::why::why;
        let puzzle: crate::Puzzle = "3- 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
        let found = why(&puzzle, Some(false)).unwrap();
        let fix = |e: &crate::solve::diagnose::Edit| (e.at.card, e.at.side, e.to.as_str()) == (0, 0, "3+");
        assert!(found.diagnosis.edits.one.iter().any(fix));
        assert!(!found.lines.is_empty());
        assert!(why(&puzzle, None).is_none());
    }

    use super::*;
    use crate::render::page::{Options, page};

    #[test]
    fn the_page_says_why_a_puzzle_has_no_solution_and_nothing_when_it_has_one() {
        let bad: Puzzle = include_str!("../../../fixtures/unsolvable2x2.txt").parse().unwrap();
        let data = page(&bad, &Options::default(), &crate::Context::new()).unwrap().data;
        assert_eq!(data.solutions.as_ref().unwrap().count, Some(0));
        assert_eq!(data.solutions.as_ref().unwrap().looks, Some(0));
        let why = data.why.unwrap();
        assert_eq!(why.diagnosis, diagnose(&bad, &Context::new()).unwrap());
        assert!(!why.lines.is_empty());
        let good: Puzzle = include_str!("../../../fixtures/paper2x2.txt").parse().unwrap();
        let data = page(&good, &Options::default(), &crate::Context::new()).unwrap().data;
        assert!(data.why.is_none());
        assert_eq!(data.solutions.unwrap().looks, Some(3));
    }
}
