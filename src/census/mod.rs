//! The censuses of docs/format.md: every puzzle over patterns `1..=K`,
//! counted and judged. The 2x2 census goes through every multiset of 4
//! pieces, each of its 256 four-colour subgraphs judged three ways (the
//! arrangements, Theorem 2.1, the twisted-graph criterion); the `n x n`
//! census counts every 3x3 puzzle and checks the `n x n` theorem.
//!
//! Every front-end runs a census through one entry point: [`Options`]
//! describe the run as `scramble verify`'s flags do, [`run`] gives the
//! [`Report`] (the table, the JSON document, complete or stopped, whether
//! the claims hold, the pictures of disagreements to write), and [`merge`]
//! adds up the reports of sharded runs. Beside it: [`self_matching_tables`]
//! (the tables of docs/notes/self-matching.md), [`exact::data_file`] (the
//! shipped coefficients, computed again), the probes of the `n x n`
//! theorem in [`nxn::check`], and the piece classes ([`Census::pieces`]).
//!
//! Inside, one module per part:
//! - `pieces`: the piece classes (rotation classes of 4-tuples).
//! - `verdict`: the three verdicts on four corners.
//! - `judged`: `Judged`, a criterion's accepted and mismatch counts, as
//!   every census report carries them.
//! - `corners`: corners, the table of verdicts on every 4-tuple of
//!   corners, and the corner-level check.
//! - `fast`: the 2x2 census from that table by partial sums, in parallel.
//! - `plain`: the 2x2 census puzzle by puzzle with the recording graph,
//!   the independent reference for `fast`.
//! - `symmetric`: the same census, one orbit of pieces (under renaming
//!   patterns, swapping signs, mirroring) at a time.
//! - `engine`: which of the three runs a census, and what each may hold
//!   in memory, chosen here for every front-end.
//! - `exact`: every 2x2 total for any `K` from shipped coefficients,
//!   computed independently of the enumeration (solved grids, Burnside's
//!   lemma).
//! - `repair`: the search for the replacement of condition 3.
//! - `self_matching`: Theorem 2.1, (3') and the twisted criterion when
//!   some pictures match themselves, on every 2x2 puzzle of small mixed
//!   families and every multiset of corners.
//! - `mixed`: the 2x2 census over `K` signed and `L` self-matching
//!   patterns (`verify --self-matching L`), from `self_matching`'s
//!   enumeration of mixed families.
//! - `shard`: splitting the 2x2 census into independent shards and
//!   merging.
//! - `nxn`: the 3x3 census (`verify --size 3`): totals from solved grids,
//!   and puzzle by puzzle the backtracker, the graph solver and the `n x n`
//!   theorem's checker.
//! - `disagreement`: the subgraphs where a criterion and the judge
//!   disagree, written as puzzle files and pictures.
//! - `report`: the entry point, and the report's table and JSON.

pub(crate) mod corners;
pub(crate) mod disagreement;
pub(crate) mod engine;
pub mod exact;
pub(crate) mod fast;
mod judged;
pub(crate) mod mixed;
pub mod nxn;
pub(crate) mod pieces;
pub(crate) mod plain;
#[cfg(test)]
mod repair;
mod report;
mod self_matching;
pub(crate) mod shard;
mod sums;
pub(crate) mod symmetric;
pub(crate) mod verdict;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Piece;
pub use crate::context::Shard;
pub(crate) use disagreement::Disagreement;
pub(crate) use judged::Judged;
pub use report::{Options, Report, merge, run};
use verdict::{CODES, Verdict};

/// The largest `K` of a 2x2 census: corner numbers fit in a byte (K = 4
/// corners already cover every 2x2 puzzle, by the 4-pattern lemma of
/// [`corners`]).
pub(crate) const MAX_PATTERNS: usize = 8;

/// The tables of docs/notes/self-matching.md in markdown, and whether every
/// claim there holds on them: Theorem 2.1, (3') as stated and the repaired
/// (3'') against the arrangements on every 2x2 puzzle of the mixed families
/// of `K` signed and `L` self-matching patterns, on every multiset of four
/// corners over the mixes of 4 patterns, and the smallest counterexamples.
/// `quick` keeps the small families (about a second); the whole run judges
/// about 12 million puzzles, `O(puzzles * 256)`, about a minute.
///
/// ```
/// let (tables, ok) = scramble::census::self_matching_tables(true);
/// assert!(ok && tables.contains("| 1 | 2 | repetition-free | 126 |"));
/// ```
pub fn self_matching_tables(quick: bool) -> (String, bool) {
    self_matching::tables(quick)
}

/// Which census: pieces over patterns `1..=patterns`, with or without
/// repetitions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Census {
    /// `K`.
    pub patterns: usize,
    /// Whether only repetition-free pieces are included (no picture twice
    /// on a piece), as Theorem 2.1 assumes.
    pub repetition_free: bool,
}

impl Census {
    /// The piece classes of the census, in enumeration order.
    pub fn pieces(&self) -> Vec<Piece> {
        pieces::piece_classes(self.patterns, self.repetition_free)
    }

    /// The number of piece classes [`Census::pieces`] lists, without
    /// listing them.
    ///
    /// ```
    /// use scramble::census::Census;
    /// let census = Census { patterns: 4, repetition_free: true };
    /// assert_eq!(census.class_count(), census.pieces().len() as u64);
    /// ```
    pub fn class_count(&self) -> u64 {
        pieces::class_count(self.patterns, self.repetition_free)
    }

    /// The number of puzzles (multisets of 4 pieces).
    pub fn puzzles(&self) -> u64 {
        pieces::multisets_of_four(self.pieces().len() as u64)
    }
}

/// How many four-colour subgraphs (or corner tuples) got each verdict code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Histogram {
    counts: Vec<u64>,
}

impl Default for Histogram {
    fn default() -> Self {
        Histogram { counts: vec![0; CODES] }
    }
}

impl Histogram {
    /// Counts `n` more subgraphs with verdict `code`.
    pub(crate) fn add(&mut self, code: u8, n: u64) {
        self.counts[usize::from(code)] += n;
    }

    /// Every count times `factor`.
    pub(crate) fn times(&self, factor: u64) -> Histogram {
        Histogram::from_counts(self.counts.iter().map(|c| c * factor).collect())
    }

    /// Adds another histogram.
    pub(crate) fn merge(&mut self, other: &Histogram) {
        self.counts.iter_mut().zip(&other.counts).for_each(|(a, b)| *a += b);
    }

    /// The count of each code, indexed by code.
    pub(crate) fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// The histogram with these counts (one per code).
    ///
    /// # Panics
    /// Unless there are [`CODES`] counts.
    pub(crate) fn from_counts(counts: Vec<u64>) -> Self {
        assert_eq!(counts.len(), CODES, "one count per verdict code");
        Histogram { counts }
    }

    /// Sum of `weight(verdict) * count` over the codes.
    fn sum(&self, weight: impl Fn(Verdict) -> u64) -> u64 {
        (0..CODES)
            .map(|code| weight(Verdict::from_code(code as u8)) * self.counts[code])
            .sum()
    }

    /// Sum of the counts of the verdicts that satisfy `keep`.
    fn count(&self, keep: impl Fn(Verdict) -> bool) -> u64 {
        self.sum(|v| u64::from(keep(v)))
    }

    /// All subgraphs counted.
    pub(crate) fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Subgraphs that are solution graphs.
    pub(crate) fn solution_subgraphs(&self) -> u64 {
        self.count(Verdict::is_solution_graph)
    }

    /// Solutions (modulo rotation) summed over the subgraphs.
    pub(crate) fn solutions(&self) -> u64 {
        self.sum(|v| u64::from(v.solutions))
    }

    /// Subgraphs meeting conditions 1-4.
    pub(crate) fn theorem_accepted(&self) -> u64 {
        self.count(Verdict::theorem_accepts)
    }

    /// Subgraphs where Theorem 2.1 and the judge disagree.
    pub(crate) fn theorem_mismatches(&self) -> u64 {
        self.count(Verdict::theorem_mismatch)
    }

    /// Subgraphs the twisted criterion accepts.
    pub(crate) fn twisted_accepted(&self) -> u64 {
        self.count(|v| v.twisted)
    }

    /// Subgraphs where the twisted criterion and the judge disagree.
    pub(crate) fn twisted_mismatches(&self) -> u64 {
        self.count(Verdict::twisted_mismatch)
    }

    /// Subgraphs meeting conditions 1, 2, 3' and 4.
    pub(crate) fn repaired_accepted(&self) -> u64 {
        self.count(|v| v.repaired)
    }

    /// Subgraphs where conditions 1, 2, 3', 4 and the judge disagree.
    pub(crate) fn repaired_mismatches(&self) -> u64 {
        self.count(Verdict::repaired_mismatch)
    }

    /// Theorem 2.1's accepted and mismatch counts.
    pub(crate) fn theorem(&self) -> Judged {
        Judged {
            accepted: self.theorem_accepted(),
            mismatches: self.theorem_mismatches(),
        }
    }

    /// The twisted criterion's accepted and mismatch counts.
    pub(crate) fn twisted(&self) -> Judged {
        Judged {
            accepted: self.twisted_accepted(),
            mismatches: self.twisted_mismatches(),
        }
    }

    /// The repaired conditions' accepted and mismatch counts.
    pub(crate) fn repaired(&self) -> Judged {
        Judged {
            accepted: self.repaired_accepted(),
            mismatches: self.repaired_mismatches(),
        }
    }

    /// Which conditions reject solution graphs, and how many non-solutions
    /// are accepted.
    pub(crate) fn condition_failures(&self) -> ConditionFailures {
        let rejected = |v: Verdict| v.is_solution_graph() && !v.theorem_accepts();
        let by_condition = (2..=4)
            .map(|c| {
                let n = self.count(|v| rejected(v) && v.failed.conditions().any(|f| f == c));
                (format!("condition_{c}"), n)
            })
            .collect();
        let mut by_combination = BTreeMap::new();
        for code in 0..CODES {
            let v = Verdict::from_code(code as u8);
            if rejected(v) && self.counts[code] > 0 {
                let name = v
                    .failed
                    .conditions()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join("+");
                *by_combination.entry(name).or_insert(0) += self.counts[code];
            }
        }
        ConditionFailures {
            rejected_solution_graphs: self.count(rejected),
            rejected_by_condition: by_condition,
            rejected_by_combination: by_combination,
            accepted_non_solutions: self.count(|v| !v.is_solution_graph() && v.theorem_accepts()),
            twisted_rejected_solution_graphs: self.count(|v| v.is_solution_graph() && !v.twisted),
            twisted_accepted_non_solutions: self.count(|v| !v.is_solution_graph() && v.twisted),
        }
    }
}

/// The census totals, named as docs/format.md names them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Totals {
    /// Multisets of 4 pieces.
    pub puzzles: u64,
    /// Puzzles with at least one solution.
    pub solvable: u64,
    /// Puzzles with exactly one solution.
    pub unique: u64,
    /// Solutions (modulo rotation) summed over the puzzles.
    pub solutions: u64,
    /// Four-colour subgraphs that are solution graphs.
    pub solution_subgraphs: u64,
    /// Four-colour subgraphs meeting conditions 1-4 of Theorem 2.1, and
    /// those where Theorem 2.1 and the judge disagree.
    #[serde(flatten, with = "judged::theorem")]
    pub theorem: Judged,
    /// Subgraphs the twisted-graph criterion accepts, and those where it
    /// and the judge disagree.
    #[serde(flatten, with = "judged::twisted")]
    pub twisted: Judged,
    /// Subgraphs meeting conditions 1, 2, 3' and 4 (condition 3 repaired),
    /// and those where they and the judge disagree.
    #[serde(flatten, with = "judged::repaired")]
    pub repaired: Judged,
}

impl Totals {
    /// Adds another shard's totals; `None` if a sum overflows `u64`.
    pub(crate) fn checked_merge(&mut self, o: &Totals) -> Option<()> {
        let add = |a: &mut u64, b: u64| a.checked_add(b).map(|sum| *a = sum);
        add(&mut self.puzzles, o.puzzles)?;
        add(&mut self.solvable, o.solvable)?;
        add(&mut self.unique, o.unique)?;
        add(&mut self.solutions, o.solutions)?;
        add(&mut self.solution_subgraphs, o.solution_subgraphs)?;
        self.theorem.checked_merge(&o.theorem)?;
        self.twisted.checked_merge(&o.twisted)?;
        self.repaired.checked_merge(&o.repaired)
    }

    /// The relations every census obeys, for totals read from a file:
    /// `unique <= solvable <= puzzles`, `solvable <= solution_subgraphs <=
    /// solutions`, at most 256 subgraphs per puzzle, and each mismatch count
    /// `M` against its accepted count `A` and `S = solution_subgraphs`:
    /// `|A - S| <= M <= A + S` with `M = A + S (mod 2)` (a mismatch is a
    /// subgraph in exactly one of the two sets). Returns the first broken one.
    pub(crate) fn check(&self) -> std::result::Result<(), String> {
        let t = self;
        let subgraphs = u128::from(t.puzzles) * 256;
        let at_most = [
            ("unique", t.unique, "solvable", t.solvable),
            ("solvable", t.solvable, "puzzles", t.puzzles),
            ("solvable", t.solvable, "solution_subgraphs", t.solution_subgraphs),
            ("solution_subgraphs", t.solution_subgraphs, "solutions", t.solutions),
        ];
        if let Some((a, x, b, y)) = at_most.iter().find(|(_, x, _, y)| x > y) {
            return Err(format!("{a} = {x} exceeds {b} = {y}"));
        }
        let subgraph_counts = [
            ("solution_subgraphs", t.solution_subgraphs),
            ("theorem_accepted", t.theorem.accepted),
            ("twisted_accepted", t.twisted.accepted),
        ];
        if let Some((name, n)) = subgraph_counts.iter().find(|(_, n)| u128::from(*n) > subgraphs) {
            return Err(format!("{name} = {n} exceeds 256 subgraphs per puzzle"));
        }
        if u128::from(t.solutions) > u128::from(t.puzzles) * MAX_SOLUTIONS_2X2 {
            return Err(format!(
                "solutions = {} exceeds {MAX_SOLUTIONS_2X2} per puzzle (the arrangements of 4 pieces modulo rotation)",
                t.solutions
            ));
        }
        let truth = ("solution_subgraphs", t.solution_subgraphs);
        t.theorem.check("theorem", truth)?;
        t.twisted.check("twisted", truth)?;
        t.repaired.check("repaired", truth)
    }
}

/// Solutions modulo rotation a 2x2 puzzle can have at most: 4! placements
/// times 4^4 rotations, divided by the 4 rotations of the whole grid.
pub(crate) const MAX_SOLUTIONS_2X2: u128 = 24 * 256 / 4;

impl ConditionFailures {
    /// The identities that tie these counts to the totals they come with
    /// (`accepted`, `mismatches` of Theorem 2.1 and of the twisted
    /// criterion, `truth` the solution subgraphs): rejected solutions plus
    /// accepted non-solutions are the mismatches, and accepted minus truth
    /// is accepted non-solutions minus rejected solutions; each condition
    /// rejects at most the rejected solutions, the combinations add up to
    /// them, each of conditions 2-4 (and only they) is named, and each
    /// rejects what the combinations naming it add up to.
    pub(crate) fn check(&self, theorem: Judged, twisted: Judged, truth: u64) -> std::result::Result<(), String> {
        let pairs = [
            ("", self.rejected_solution_graphs, self.accepted_non_solutions, theorem),
            (
                "twisted_",
                self.twisted_rejected_solution_graphs,
                self.twisted_accepted_non_solutions,
                twisted,
            ),
        ];
        for (kind, rejected, accepted_non, Judged { accepted, mismatches }) in pairs {
            let sum_ok = u128::from(rejected) + u128::from(accepted_non) == u128::from(mismatches);
            let difference_ok =
                i128::from(accepted_non) - i128::from(rejected) == i128::from(accepted) - i128::from(truth);
            if !sum_ok || !difference_ok {
                return Err(format!(
                    "{kind}rejected_solution_graphs = {rejected} and {kind}accepted_non_solutions = {accepted_non} \
                     cannot go with {} accepted, {mismatches} mismatches and {truth} solution subgraphs",
                    accepted
                ));
            }
        }
        let named: Vec<String> = (2..=4).map(|c| format!("condition_{c}")).collect();
        for (key, &n) in &self.rejected_by_condition {
            if !named.contains(key) {
                return Err(format!(
                    "rejected_by_condition has the unknown key `{}`",
                    crate::error::excerpt(key)
                ));
            }
            if n > self.rejected_solution_graphs {
                return Err(format!(
                    "rejected_by_condition.{key} = {n} exceeds rejected_solution_graphs = {}",
                    self.rejected_solution_graphs
                ));
            }
        }
        if let Some(missing) = named.iter().find(|k| !self.rejected_by_condition.contains_key(*k)) {
            return Err(format!("rejected_by_condition lacks the key `{missing}`"));
        }
        let combination = |k: &str| k.split('+').all(|c| ["2", "3", "4"].contains(&c));
        if let Some(key) = self.rejected_by_combination.keys().find(|k| !combination(k)) {
            return Err(format!(
                "rejected_by_combination has the unknown key `{}`",
                crate::error::excerpt(key)
            ));
        }
        // Each condition rejects exactly the graphs of the combinations
        // that name it.
        for (c, key) in ["2", "3", "4"].iter().zip(&named) {
            let naming: u128 = (self.rejected_by_combination.iter())
                .filter(|(k, _)| k.split('+').any(|x| x == *c))
                .map(|(_, &n)| u128::from(n))
                .sum();
            if naming != u128::from(self.rejected_by_condition[key]) {
                return Err(format!(
                    "rejected_by_condition.{key} = {}, but the combinations naming condition {c} add up to {naming}",
                    self.rejected_by_condition[key]
                ));
            }
        }
        let sum: u128 = self.rejected_by_combination.values().map(|&n| u128::from(n)).sum();
        if sum != u128::from(self.rejected_solution_graphs) {
            return Err(format!(
                "rejected_by_combination adds up to {sum}, not rejected_solution_graphs = {}",
                self.rejected_solution_graphs
            ));
        }
        Ok(())
    }
}

/// The answer to the paper's open question 4.1 in numbers: with repetitions,
/// which conditions reject true solution graphs, and how many non-solutions
/// Theorem 2.1 accepts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ConditionFailures {
    /// Solution graphs that Theorem 2.1 rejects.
    pub rejected_solution_graphs: u64,
    /// Of those, how many break each condition (`condition_2` ...); one
    /// subgraph may break several.
    pub rejected_by_condition: BTreeMap<String, u64>,
    /// Of those, how many break exactly this set of conditions (`3`, `2+3`).
    pub rejected_by_combination: BTreeMap<String, u64>,
    /// Non-solutions that meet conditions 1-4.
    pub accepted_non_solutions: u64,
    /// Solution graphs the twisted criterion rejects.
    pub twisted_rejected_solution_graphs: u64,
    /// Non-solutions the twisted criterion accepts.
    pub twisted_accepted_non_solutions: u64,
}

impl ConditionFailures {
    /// Adds another shard's counts; `None` if a sum overflows `u64`.
    pub(crate) fn checked_merge(&mut self, o: &ConditionFailures) -> Option<()> {
        let add = |a: &mut u64, b: u64| a.checked_add(b).map(|sum| *a = sum);
        add(&mut self.rejected_solution_graphs, o.rejected_solution_graphs)?;
        for (mine, theirs) in [
            (&mut self.rejected_by_condition, &o.rejected_by_condition),
            (&mut self.rejected_by_combination, &o.rejected_by_combination),
        ] {
            for (k, v) in theirs {
                add(mine.entry(k.clone()).or_insert(0), *v)?;
            }
        }
        add(&mut self.accepted_non_solutions, o.accepted_non_solutions)?;
        add(
            &mut self.twisted_rejected_solution_graphs,
            o.twisted_rejected_solution_graphs,
        )?;
        add(
            &mut self.twisted_accepted_non_solutions,
            o.twisted_accepted_non_solutions,
        )
    }
}

/// What a census pass counts: per-puzzle figures and the verdict histogram
/// of all four-colour subgraphs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Puzzles enumerated.
    pub puzzles: u64,
    /// Puzzles with a solution.
    pub solvable: u64,
    /// Puzzles with exactly one solution.
    pub unique: u64,
    /// Solutions summed puzzle by puzzle.
    pub solutions: u64,
    /// Verdicts on all their four-colour subgraphs.
    pub subgraphs: Histogram,
}

impl Tally {
    /// Adds another tally.
    pub(crate) fn merge(&mut self, o: &Tally) {
        self.puzzles += o.puzzles;
        self.solvable += o.solvable;
        self.unique += o.unique;
        self.solutions += o.solutions;
        self.subgraphs.merge(&o.subgraphs);
    }

    /// The census totals.
    pub(crate) fn totals(&self) -> Totals {
        let h = &self.subgraphs;
        Totals {
            puzzles: self.puzzles,
            solvable: self.solvable,
            unique: self.unique,
            solutions: self.solutions,
            solution_subgraphs: h.solution_subgraphs(),
            theorem: h.theorem(),
            twisted: h.twisted(),
            repaired: h.repaired(),
        }
    }
}

/// A census pass's result: the tally and the first disagreements.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// The counts.
    pub tally: Tally,
    /// The first disagreements in enumeration order (at most the number
    /// asked for).
    pub disagreements: Vec<Disagreement>,
}

/// Keeps the first `keep` disagreements of several parts, in enumeration
/// order.
pub(crate) fn first_disagreements(
    parts: impl IntoIterator<Item = Vec<Disagreement>>,
    keep: usize,
) -> Vec<Disagreement> {
    let mut all: Vec<Disagreement> = parts.into_iter().flatten().collect();
    all.sort_by_key(|d| (d.pieces, d.corners));
    all.truncate(keep);
    all
}
