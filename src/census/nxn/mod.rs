//! The `n x n` census (`scramble verify --size 3`): every 3x3 puzzle over
//! `K` patterns (every multiset of 9 piece classes).
//!
//! - `count`: the totals of every puzzle at once (`puzzles`, `solvable`,
//!   `unique`, `solutions`, as in the 2x2 census), from the solved grids
//!   over the piece classes, weighted by the orders of identical pieces and
//!   the turns of symmetric ones. Seconds, not hours: the default.
//! - `check`: puzzle by puzzle (`--check`): the backtracker's count
//!   against `count`'s, the graph solver's count, and the `n x n`
//!   theorem's checker against a brute force on candidate subgraphs (open
//!   question 4.2).

pub mod check;
pub(crate) mod count;

use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::Census;
use super::shard::Shard;
pub(crate) use check::Checked;

/// The totals of the `n x n` census, the first four of the 2x2 census's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct NxnTotals {
    /// Multisets of `n * n` pieces.
    pub puzzles: u64,
    /// Puzzles with at least one solution.
    pub solvable: u64,
    /// Puzzles with exactly one solution.
    pub unique: u64,
    /// Solutions (modulo rotation) summed over the puzzles.
    pub solutions: u64,
}

impl NxnTotals {
    /// The totals of the puzzles of `range`, from their arrangement counts
    /// (indexed by puzzle, as [`count::arrangements`] gives them).
    pub(crate) fn of(arrangements: &[u64], range: Range<usize>) -> NxnTotals {
        let mut t = NxnTotals::default();
        for &a in &arrangements[range] {
            t.add(a / 4);
        }
        t
    }

    /// Counts one more puzzle with `solutions` solutions.
    pub(crate) fn add(&mut self, solutions: u64) {
        self.puzzles += 1;
        self.solvable += u64::from(solutions > 0);
        self.unique += u64::from(solutions == 1);
        self.solutions += solutions;
    }
}

/// The puzzles (ranks in enumeration order) of shard `shard` of a census of
/// `puzzles`: equal runs in enumeration order.
pub(crate) fn shard_range(puzzles: usize, shard: Shard) -> Range<usize> {
    shard.range(&vec![1; puzzles])
}

/// What `verify --size 3 --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct NxnReport {
    /// `n`.
    pub size: usize,
    /// `K`.
    pub patterns: usize,
    /// Whether only repetition-free pieces were included.
    pub repetition_free: bool,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Whether the run went to its end; `false`: stopped early. If the
    /// solved-grid count stopped, every total is 0; if `--check` stopped,
    /// the totals are whole and `checked` says how many puzzles were
    /// compared.
    pub complete: bool,
    /// Why it stopped early: `time-limit` or `interrupted`.
    pub stopped: Option<String>,
    /// The totals.
    #[serde(flatten)]
    pub totals: NxnTotals,
    /// With `--check`: the puzzle-by-puzzle comparisons.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub check: Option<Checked>,
    /// The first mismatches: the puzzle's pieces and what disagreed.
    pub mismatches: Vec<String>,
    /// With `--shard`: which shard these totals are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

impl NxnReport {
    /// Whether a mismatch (a counterexample to the theorem or to the code)
    /// was found.
    pub(crate) fn counterexample(&self) -> bool {
        self.check.as_ref().is_some_and(Checked::counterexample)
    }
}

/// The census's puzzles in enumeration order: sorted multisets of
/// `size^2` class numbers.
pub(crate) fn multisets(census: &Census, size: usize) -> impl Iterator<Item = Vec<usize>> {
    use itertools::Itertools;
    (0..census.pieces().len()).combinations_with_replacement(size * size)
}

#[cfg(test)]
mod tests {
    #[test]
    fn of_as_documented() {
        use crate::census::nxn::NxnTotals;
        let t = NxnTotals::of(&[0, 4, 8, 4], 1..4);
        assert_eq!((t.puzzles, t.solvable, t.unique, t.solutions), (3, 3, 2, 4));
    }
}
