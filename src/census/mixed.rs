//! `verify --patterns K --self-matching L`: the 2x2 census over a mixed
//! palette of `K` signed patterns (`X+`, `X-`) and `L` self-matching ones
//! (`X=`, patterns `K+1..=K+L`).
//!
//! Every puzzle (multiset of 4 piece classes) of the mixed family is
//! enumerated by the self-matching module's `Family`; each of its 256
//! four-colour subgraphs is judged by the arrangements (brute force: the
//! placements of the four corners that match on every inner boundary),
//! Theorem 2.1's conditions (1)-(4), the repaired condition (3') that also
//! excuses a self-matching middle, and the twisted criterion. Theorem 2.1
//! is stated for signed pictures: on mixed families it rejects solution
//! graphs (condition 3 alone), which [`MixedReport::condition_failures`]
//! counts; what must hold ([`MixedReport::holds`]) is that no criterion
//! accepts a non-solution and that the repaired and twisted criteria agree
//! with the arrangements everywhere (docs/notes/self-matching.md).
//!
//! `O(puzzles * 256)` after one verdict per multiset of corners; refused
//! above 20,000,000 puzzles or 8 pictures.

use std::time::Instant;

use serde::Serialize;

use super::self_matching::{Family, Record, Table, tabulate_until};
use super::{ConditionFailures, Judged, Totals, pieces};
use crate::context::Context;
use crate::{Error, Result};

/// The most puzzles a mixed census judges (about a minute and a half on
/// one core).
pub(crate) const MAX_PUZZLES: u64 = 20_000_000;

/// The most pictures (`2K + L`) of a mixed census: its verdict memo holds
/// `(2K + L)^8` entries of two bytes (33 MB at 8).
pub(crate) const MAX_PICTURES: usize = 8;

/// What `verify --self-matching L --json` prints: the census keys of the
/// signed census, `self_matching`, and Theorem 2.1's failures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct MixedReport {
    /// `K`, signed patterns.
    pub patterns: usize,
    /// `L`, self-matching patterns.
    pub self_matching: usize,
    /// Whether only repetition-free pieces were included.
    pub repetition_free: bool,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The census totals, named as the signed census names them.
    #[serde(flatten)]
    pub totals: Totals,
    /// Which conditions of Theorem 2.1 reject solution graphs, and the
    /// non-solutions it and the twisted criterion accept.
    pub condition_failures: ConditionFailures,
    /// False when the context's stop ended the census early: the totals
    /// then cover the first `totals.puzzles` puzzles in enumeration order.
    /// (The command line prints it, with why it stopped, when a time limit
    /// was given or the run was stopped.)
    #[serde(skip)]
    pub complete: bool,
}

impl MixedReport {
    /// The claims of docs/notes/self-matching.md on this census: the
    /// twisted criterion and the repaired (3') agree with the arrangements
    /// on every subgraph, and Theorem 2.1 accepts no non-solution.
    pub(crate) fn holds(&self) -> bool {
        self.totals.twisted.mismatches == 0
            && self.totals.repaired.mismatches == 0
            && self.condition_failures.accepted_non_solutions == 0
    }
}

fn family(signed: usize, self_matching: usize, repetition_free: bool) -> Result<Family> {
    let pictures = 2 * signed + self_matching;
    if self_matching == 0 {
        return Err(Error::Impossible(
            "a mixed census needs at least one self-matching pattern".into(),
        ));
    }
    if pictures > MAX_PICTURES {
        return Err(Error::Impossible(format!(
            "{signed} signed and {self_matching} self-matching patterns make {pictures} pictures: \
             the mixed census takes at most {MAX_PICTURES} (2K + L)"
        )));
    }
    if repetition_free && pictures < 4 {
        return Err(Error::Impossible(format!(
            "{signed} signed and {self_matching} self-matching patterns make {pictures} pictures, \
             too few for a repetition-free piece (4 distinct): add --repetitions or patterns"
        )));
    }
    Ok(Family {
        signed,
        self_matching,
        repetition_free,
    })
}

/// The number of puzzles of the mixed census, or why it is refused (no
/// self-matching pattern, too many pictures, no repetition-free piece,
/// more than [`MAX_PUZZLES`] puzzles). `O((2K + L)^4)`.
pub(crate) fn puzzles(signed: usize, self_matching: usize, repetition_free: bool) -> Result<u64> {
    let family = family(signed, self_matching, repetition_free)?;
    let puzzles = pieces::multisets_of_four(family.pieces().len() as u64);
    if puzzles > MAX_PUZZLES {
        return Err(Error::Impossible(format!(
            "{signed} signed and {self_matching} self-matching patterns{} make {puzzles} puzzles: \
             the mixed census takes at most {MAX_PUZZLES}",
            if repetition_free { "" } else { " with repetitions" }
        )));
    }
    Ok(puzzles)
}

/// The mixed census: every 2x2 puzzle over `signed` signed and
/// `self_matching` self-matching patterns, every subgraph judged (see the
/// module). Refused with no self-matching pattern, more than 8 pictures,
/// fewer than 4 for a repetition-free census, or more than 20,000,000
/// puzzles. The context's stop is polled before every puzzle and its
/// progress counts the puzzles judged; one thread.
pub(crate) fn run(
    signed: usize,
    self_matching: usize,
    repetition_free: bool,
    context: &Context,
) -> Result<MixedReport> {
    puzzles(signed, self_matching, repetition_free)?;
    let started = Instant::now();
    let (table, complete) = tabulate_until(&family(signed, self_matching, repetition_free)?, context);
    Ok(MixedReport {
        patterns: signed,
        self_matching,
        repetition_free,
        seconds: started.elapsed().as_secs_f64(),
        totals: totals(&table),
        condition_failures: failures(&table),
        complete,
    })
}

/// The piece classes (each its smallest rotation) over `signed` signed and
/// `self_matching` self-matching patterns, in increasing order.
/// `O((2K + L)^4)`.
#[cfg(feature = "plots")]
pub(crate) fn piece_classes(signed: usize, self_matching: usize, repetition_free: bool) -> Vec<crate::Piece> {
    Family {
        signed,
        self_matching,
        repetition_free,
    }
    .pieces()
}

fn judged(r: &Record) -> Judged {
    Judged {
        accepted: r.accepted,
        mismatches: r.mismatches(),
    }
}

fn totals(t: &Table) -> Totals {
    Totals {
        puzzles: t.puzzles,
        solvable: t.solvable,
        unique: t.unique,
        solutions: t.solutions,
        solution_subgraphs: t.solution_graphs,
        theorem: judged(&t.theorem),
        twisted: judged(&t.twisted),
        repaired: judged(&t.repaired),
    }
}

fn failures(t: &Table) -> ConditionFailures {
    let rejected_by_condition = (2..=4)
        .map(|c| {
            let n = t
                .rejected_by
                .iter()
                .filter(|(k, _)| k.split('+').any(|f| f == c.to_string()))
                .map(|(_, n)| n)
                .sum();
            (format!("condition_{c}"), n)
        })
        .collect();
    ConditionFailures {
        rejected_solution_graphs: t.theorem.rejected_solution_graphs,
        rejected_by_condition,
        rejected_by_combination: t.rejected_by.clone(),
        accepted_non_solutions: t.theorem.accepted_non_solutions,
        twisted_rejected_solution_graphs: t.twisted.rejected_solution_graphs,
        twisted_accepted_non_solutions: t.twisted.accepted_non_solutions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_as_documented() {
        use crate::{census::mixed, context::Context};
        let report = mixed::run(1, 1, false, &Context::new()).unwrap();
        assert!(report.complete && report.holds());
        assert_eq!(report.totals.puzzles, 17_550);
    }

    /// The totals against the self-matching module's table (itself checked
    /// against the judge's arrangements there), and the note's claims.
    #[test]
    fn the_small_mixed_censuses() {
        let r = run(1, 1, false, &Context::new()).unwrap();
        assert_eq!(r.totals.puzzles, 17_550);
        assert_eq!(r.totals.solution_subgraphs, 252_002);
        assert_eq!(r.condition_failures.rejected_solution_graphs, 210_255);
        assert_eq!(r.totals.theorem.mismatches, 210_255);
        assert!(r.holds());
        assert!(r.condition_failures.rejected_by_combination.keys().all(|k| k == "3"));
        assert_eq!(r.condition_failures.rejected_by_condition["condition_3"], 210_255);
        let free = run(1, 2, true, &Context::new()).unwrap();
        assert_eq!((free.totals.puzzles, free.totals.solution_subgraphs), (126, 605));
        assert!(free.holds() && free.totals.unique <= free.totals.solvable);
    }

    /// A stop already reached judges nothing and says so; a progress hears
    /// of every puzzle judged, in steps, and of the total first.
    #[test]
    fn the_stop_and_the_progress_are_the_context_s() {
        use std::sync::atomic::Ordering;

        use crate::progress::Tally;
        let stop = crate::context::Stop::never().after(std::time::Duration::ZERO);
        let stopped = run(1, 1, false, &Context::new().until(&stop)).unwrap();
        assert!(!stopped.complete);
        assert_eq!(stopped.totals.puzzles, 0);
        let tally = Tally::default();
        let whole = run(1, 1, false, &Context::new().reporting(&tally)).unwrap();
        assert!(whole.complete);
        let (total, done) = (tally.total.load(Ordering::Relaxed), tally.done.load(Ordering::Relaxed));
        assert_eq!(total, whole.totals.puzzles);
        assert!(done > 0 && done <= total && total - done < 4096, "{done} of {total}");
    }

    #[test]
    fn refusals() {
        assert!(run(2, 0, true, &Context::new()).is_err());
        assert!(
            run(1, 1, true, &Context::new())
                .unwrap_err()
                .to_string()
                .contains("--repetitions")
        );
        assert!(puzzles(4, 1, true).is_err());
        assert!(puzzles(1, 3, false).is_err());
        assert_eq!(puzzles(0, 4, true).unwrap(), 126);
    }
}
