//! Search statistics, defined the same way for every order so orders can be
//! compared.
//!
//! - A **candidate test** is one (piece, rotation) taken from a candidate
//!   table and checked against the used pieces, the neighbours not covered
//!   by the table key and the rotation rule.
//! - A **node** is a placement that passed: a piece put in a cell with a
//!   rotation, every placed neighbour matching. `nodes_per_depth[d]` counts
//!   placements of the `d+1`-th piece; the last depth counts solutions found
//!   (one per rotation class).
//!
//! They are also the one partial-result mark of a search: [`Stats::stopped`]
//! says the counts beside them are lower bounds. The backtracker keeps them
//! through an observer of its kernel (`solve::stats`), the gluer of the
//! graph method by hand.

use std::time::Duration;

/// What a search did.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    /// Placements per depth (index 0: the first cell filled).
    pub nodes_per_depth: Vec<u64>,
    /// Candidates taken from the tables and checked.
    pub candidate_tests: u64,
    /// Wall-clock time of the search, tables included.
    #[serde(rename = "seconds", serialize_with = "seconds")]
    pub elapsed: Duration,
    /// The search was stopped (time limit, cancel) before it was done: the
    /// counts are lower bounds.
    pub stopped: bool,
}

/// Serializes a duration as seconds (a float), for every report.
pub(crate) fn seconds<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

impl Stats {
    /// Stats with `depths` zero counters.
    pub fn new(depths: usize) -> Self {
        Stats {
            nodes_per_depth: vec![0; depths],
            ..Stats::default()
        }
    }

    /// All placements.
    pub fn nodes(&self) -> u64 {
        self.nodes_per_depth.iter().sum()
    }

    /// Placements per second of wall-clock time (0 when no time was measured).
    pub fn nodes_per_second(&self) -> f64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds > 0.0 {
            self.nodes() as f64 / seconds
        } else {
            0.0
        }
    }

    /// These counters plus another search's (see [`Stats::add`]).
    pub fn merged(mut self, other: &Stats) -> Stats {
        self.add(other);
        self
    }

    /// Adds another search's counters (not its time); stopped if either was.
    pub fn add(&mut self, other: &Stats) {
        self.stopped |= other.stopped;
        if self.nodes_per_depth.len() < other.nodes_per_depth.len() {
            self.nodes_per_depth.resize(other.nodes_per_depth.len(), 0);
        }
        for (mine, theirs) in self.nodes_per_depth.iter_mut().zip(&other.nodes_per_depth) {
            *mine += theirs;
        }
        self.candidate_tests += other.candidate_tests;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adding_sums_counters() {
        let mut a = Stats {
            nodes_per_depth: vec![1, 2],
            candidate_tests: 5,
            elapsed: Duration::from_secs(1),
            stopped: false,
        };
        a.add(&Stats {
            nodes_per_depth: vec![3, 4, 5],
            candidate_tests: 1,
            elapsed: Duration::ZERO,
            stopped: true,
        });
        assert!(a.stopped, "a stopped part makes the whole partial");
        assert_eq!(a.nodes_per_depth, vec![4, 6, 5]);
        assert_eq!((a.nodes(), a.candidate_tests), (15, 6));
        assert_eq!(a.nodes_per_second(), 15.0);
    }
}
