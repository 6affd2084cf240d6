//! Theorem 2.1 when some pictures match themselves (`X=`, its own
//! complement): which criteria stay exact, checked against brute force on
//! every 2x2 puzzle of small mixed families (docs/notes/self-matching.md).
//!
//! A [`Family`] is every 2x2 puzzle (multiset of 4 piece classes) over `K`
//! signed patterns (`1..=K`, pictures `X+` and `X-`) and `L` self-matching
//! ones (`K+1..=K+L`, picture `X=`), with or without repetitions.
//! [`tabulate`] judges every four-colour subgraph of every puzzle of a
//! family four ways beside the arrangements: Theorem 2.1's conditions
//! (1)-(4), (1), (2), (3') as first stated for signed pictures, (4), the
//! repaired (3') that also excuses a self-matching middle (the toolkit's
//! `repaired`), and the twisted criterion. [`corner_table`] does the same for
//! every multiset of four corners over a mix of patterns, which by the
//! 4-pattern lemma covers every 2x2 puzzle over any number of patterns.
//! [`smallest_counterexample`] searches families in increasing size for the
//! first puzzle on which Theorem 2.1 rejects a solution graph.
//!
//! The truth is the number of the 24 placements of the four corners round
//! the centre that match on every inner boundary
//! ([`super::verdict::verdict`]), which the tests compare with the
//! plain judge's 6144 arrangements on whole puzzles.

use std::collections::BTreeMap;

use itertools::Itertools;
use serde::Serialize;

use super::verdict::{Edge, Failed, paths_return_unless_loop, verdict};
use crate::context::Context;
use crate::{Pattern, Picture, Piece, Sign};

/// Every 2x2 puzzle over `signed` signed and `self_matching` self-matching
/// patterns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Family {
    /// `K`: patterns `1..=K`, each with pictures `X-` and `X+`.
    pub signed: usize,
    /// `L`: patterns `K+1..=K+L`, each with the one picture `X=`.
    pub self_matching: usize,
    /// Whether only repetition-free pieces are included.
    pub repetition_free: bool,
}

impl Family {
    /// The `2K + L` pictures in increasing order.
    pub(crate) fn pictures(&self) -> Vec<Picture> {
        let signed = (1..=self.signed as u32).flat_map(|n| [Picture::minus(n), Picture::plus(n)]);
        let first = self.signed as u32 + 1;
        let same = (first..first + self.self_matching as u32).map(|n| Picture::new(Pattern::new(n), Sign::Same));
        signed.chain(same).collect()
    }

    /// The piece classes (each its smallest rotation), in increasing order.
    /// `O((2K + L)^4)`.
    pub(crate) fn pieces(&self) -> Vec<Piece> {
        let pictures = self.pictures();
        std::iter::repeat_n(pictures.iter().copied(), 4)
            .multi_cartesian_product()
            .map(|s| Piece::new([s[0], s[1], s[2], s[3]]))
            .filter(|piece| !self.repetition_free || !piece.has_repetition())
            .filter(|piece| piece.canonical() == *piece)
            .collect()
    }

    /// The puzzles: multisets of 4 piece classes.
    #[cfg(test)]
    pub(crate) fn puzzles(&self) -> u64 {
        super::pieces::multisets_of_four(self.pieces().len() as u64)
    }
}

/// What the arrangements and each criterion say about four corners.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Judged4 {
    /// Solutions (modulo whole-grid rotation) with these centre corners.
    pub solutions: u8,
    /// The conditions 2-4 of Theorem 2.1 that fail.
    pub failed: Failed,
    /// Conditions (1), (2), (3') and (4) with (3') as first stated: paths
    /// excused only by a loop at `A^c`.
    pub signed_repair: bool,
    /// Conditions (1), (2), (3') and (4) with (3') also excusing a
    /// self-matching middle.
    pub repaired: bool,
    /// The twisted-graph criterion.
    pub twisted: bool,
}

/// Judges four corners (one per piece). Constant time.
pub(crate) fn judge_corners(edges: &[Edge; 4]) -> Judged4 {
    let v = verdict(edges);
    let others_hold = v.failed.bits() & !Failed::PATHS.bits() == 0;
    Judged4 {
        solutions: v.solutions,
        failed: v.failed,
        signed_repair: others_hold && paths_return_unless_loop(edges),
        repaired: v.repaired,
        twisted: v.twisted,
    }
}

impl Judged4 {
    fn code(self) -> u16 {
        u16::from(self.solutions)
            | u16::from(self.failed.bits()) << 3
            | u16::from(self.signed_repair) << 6
            | u16::from(self.repaired) << 7
            | u16::from(self.twisted) << 8
    }

    fn from_code(code: u16) -> Self {
        Judged4 {
            solutions: (code & 7) as u8,
            failed: Failed::from_bits((code >> 3) as u8),
            signed_repair: code & 1 << 6 != 0,
            repaired: code & 1 << 7 != 0,
            twisted: code & 1 << 8 != 0,
        }
    }

    fn is_solution_graph(self) -> bool {
        self.solutions > 0
    }
}

/// A criterion's record against the arrangements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Record {
    /// Subgraphs it accepts.
    pub accepted: u64,
    /// Solution graphs it rejects.
    pub rejected_solution_graphs: u64,
    /// Non-solutions it accepts.
    pub accepted_non_solutions: u64,
}

impl Record {
    fn add(&mut self, accepts: bool, truth: bool, n: u64) {
        self.accepted += u64::from(accepts) * n;
        self.rejected_solution_graphs += u64::from(truth && !accepts) * n;
        self.accepted_non_solutions += u64::from(!truth && accepts) * n;
    }

    /// Subgraphs where it and the arrangements disagree.
    pub(crate) fn mismatches(&self) -> u64 {
        self.rejected_solution_graphs + self.accepted_non_solutions
    }
}

/// Counts over a family's subgraphs (or a set of corner tuples).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Table {
    /// Puzzles (or corner tuples) judged.
    pub puzzles: u64,
    /// Puzzles with a solution (0 for corner tables).
    pub solvable: u64,
    /// Puzzles with exactly one solution (0 for corner tables).
    pub unique: u64,
    /// Solutions modulo whole-grid rotation, summed.
    pub solutions: u64,
    /// Subgraphs that are solution graphs.
    pub solution_graphs: u64,
    /// Theorem 2.1, conditions (1)-(4).
    pub theorem: Record,
    /// Conditions (1), (2), (3') as stated for signed pictures, (4).
    pub signed_repair: Record,
    /// Conditions (1), (2), (3') excusing self-matching middles, (4).
    pub repaired: Record,
    /// The twisted-graph criterion.
    pub twisted: Record,
    /// Solution graphs Theorem 2.1 rejects, by the set of failing
    /// conditions (`3`, `2+3`).
    pub rejected_by: BTreeMap<String, u64>,
}

impl Table {
    fn add(&mut self, j: Judged4, n: u64) {
        let truth = j.is_solution_graph();
        self.solutions += u64::from(j.solutions) * n;
        self.solution_graphs += u64::from(truth) * n;
        self.theorem.add(j.failed.is_empty(), truth, n);
        self.signed_repair.add(j.signed_repair, truth, n);
        self.repaired.add(j.repaired, truth, n);
        self.twisted.add(j.twisted, truth, n);
        if truth && !j.failed.is_empty() {
            let key = j.failed.conditions().map(|c| c.to_string()).join("+");
            *self.rejected_by.entry(key).or_insert(0) += n;
        }
    }
}

/// Verdicts on corner tuples, computed once per multiset of corners.
struct Memo {
    pictures: Vec<Picture>,
    corners: usize,
    codes: Vec<u16>,
}

impl Memo {
    fn new(pictures: Vec<Picture>) -> Self {
        let corners = pictures.len() * pictures.len();
        Memo {
            pictures,
            corners,
            codes: vec![u16::MAX; corners.pow(4)],
        }
    }

    /// The corner number of `tail -> head` (picture indices).
    fn corner(&self, tail: usize, head: usize) -> usize {
        tail * self.pictures.len() + head
    }

    fn edge(&self, corner: usize) -> Edge {
        let n = self.pictures.len();
        Edge::new(self.pictures[corner / n], self.pictures[corner % n])
    }

    /// The verdict on four corners, in any order.
    fn judge(&mut self, mut ids: [usize; 4]) -> Judged4 {
        ids.sort_unstable();
        let key = ids.iter().fold(0, |k, &id| k * self.corners + id);
        if self.codes[key] == u16::MAX {
            self.codes[key] = judge_corners(&ids.map(|id| self.edge(id))).code();
        }
        Judged4::from_code(self.codes[key])
    }
}

/// One puzzle of a family: four piece classes and, for each, its four
/// corners as picture-index pairs.
fn piece_corners(pieces: &[Piece], pictures: &[Picture], memo: &Memo) -> Vec<[usize; 4]> {
    let index = |p: Picture| pictures.iter().position(|&q| q == p).expect("a family picture");
    pieces
        .iter()
        .map(|piece| [0, 1, 2, 3].map(|i| memo.corner(index(piece.side(i)), index(piece.side((i + 1) % 4)))))
        .collect()
}

/// Judges every four-colour subgraph of every puzzle of `family`, calling
/// `each(puzzle, per-subgraph verdicts)` on every puzzle (pieces as indices
/// into [`Family::pieces`], in increasing order). `O(puzzles * 256)` after
/// at most one verdict per multiset of corners.
pub(crate) fn for_each_puzzle(family: &Family, each: impl FnMut([usize; 4], &[Judged4; 256])) {
    for_each_puzzle_until(family, &Context::new(), each);
}

/// [`for_each_puzzle`] until `context`'s stop, which is polled before every
/// puzzle; its progress hears of the puzzles done (of
/// [`Family::puzzles`]) every [`PROGRESS_EVERY`]. Whether every puzzle
/// was judged.
pub(crate) fn for_each_puzzle_until(
    family: &Family,
    context: &Context,
    mut each: impl FnMut([usize; 4], &[Judged4; 256]),
) -> bool {
    let pieces = family.pieces();
    let pictures = family.pictures();
    let mut memo = Memo::new(pictures.clone());
    let corners = piece_corners(&pieces, &pictures, &memo);
    let mut verdicts = [Judged4::from_code(0); 256];
    context
        .progress()
        .start(super::pieces::multisets_of_four(pieces.len() as u64));
    for (done, ids) in (0..pieces.len()).combinations_with_replacement(4).enumerate() {
        if context.stop().reached() {
            return false;
        }
        if done % PROGRESS_EVERY == PROGRESS_EVERY - 1 {
            context.progress().advance(PROGRESS_EVERY as u64);
        }
        let quad = [ids[0], ids[1], ids[2], ids[3]];
        for (s, verdict) in verdicts.iter_mut().enumerate() {
            let choice = [s >> 6, s >> 4 & 3, s >> 2 & 3, s & 3];
            *verdict = memo.judge([0, 1, 2, 3].map(|i| corners[quad[i]][choice[i]]));
        }
        each(quad, &verdicts);
    }
    true
}

/// How many puzzles [`for_each_puzzle_until`] judges between two reports
/// to its progress.
const PROGRESS_EVERY: usize = 4096;

/// The table of `family`: every puzzle, every subgraph.
pub(crate) fn tabulate(family: &Family) -> Table {
    tabulate_until(family, &Context::new()).0
}

/// [`tabulate`] until `context`'s stop: the table of the puzzles judged
/// (the first ones in enumeration order) and whether that is all of them.
pub(crate) fn tabulate_until(family: &Family, context: &Context) -> (Table, bool) {
    let mut table = Table::default();
    let complete = for_each_puzzle_until(family, context, |_, verdicts| {
        let solutions: u64 = verdicts.iter().map(|v| u64::from(v.solutions)).sum();
        table.puzzles += 1;
        table.solvable += u64::from(solutions > 0);
        table.unique += u64::from(solutions == 1);
        verdicts.iter().for_each(|&v| table.add(v, 1));
    });
    (table, complete)
}

/// Every multiset of four corners (loops included when `loops`) over
/// `signed` signed and `self_matching` self-matching patterns, each counted
/// as often as it has orderings, so that `puzzles` is the number of ordered
/// 4-tuples. `O(C^4 / 24)` for `C = (2K + L)^2` corners.
pub(crate) fn corner_table(signed: usize, self_matching: usize, loops: bool) -> Table {
    let family = Family {
        signed,
        self_matching,
        repetition_free: !loops,
    };
    let mut memo = Memo::new(family.pictures());
    let n = memo.pictures.len();
    let corners: Vec<usize> = (0..n)
        .cartesian_product(0..n)
        .filter(|&(t, h)| loops || t != h)
        .map(|(t, h)| memo.corner(t, h))
        .collect();
    let mut table = Table::default();
    for ids in corners.iter().copied().combinations_with_replacement(4) {
        let orderings = 24
            / ids
                .iter()
                .dedup_with_count()
                .map(|(k, _)| factorial(k))
                .product::<u64>();
        table.puzzles += orderings;
        table.add(memo.judge([ids[0], ids[1], ids[2], ids[3]]), orderings);
    }
    table
}

fn factorial(k: usize) -> u64 {
    (1..=k as u64).product()
}

/// A puzzle on which Theorem 2.1 rejects a solution graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Counterexample {
    /// The family searched.
    pub family: Family,
    /// The four pieces.
    pub pieces: Vec<Piece>,
    /// The rejected solution graph: the corner (`0..4`, corner `i` runs
    /// from side `i` to side `i + 1`) of each piece.
    pub corners: [usize; 4],
}

impl Counterexample {
    /// The puzzle file: one piece per line.
    #[cfg(test)]
    pub(crate) fn text(&self) -> String {
        self.pieces.iter().map(|p| format!("{p}\n")).collect()
    }

    /// The rejected solution graph's edges, one per piece.
    pub(crate) fn edges(&self) -> [Edge; 4] {
        [0, 1, 2, 3].map(|i| {
            let (piece, c) = (&self.pieces[i], self.corners[i]);
            Edge::new(piece.side(c), piece.side((c + 1) % 4))
        })
    }
}

/// The families with `patterns` patterns, at least one self-matching,
/// fewest pictures first.
pub(crate) fn mixes(patterns: usize, repetition_free: bool) -> impl Iterator<Item = Family> {
    (1..=patterns).rev().map(move |self_matching| Family {
        signed: patterns - self_matching,
        self_matching,
        repetition_free,
    })
}

/// The smallest puzzle on which Theorem 2.1 (or, with `signed_repair`,
/// conditions (1), (2), (3') as stated for signed pictures, (4)) rejects a
/// solution graph: fewest patterns, then fewest pictures, then fewest
/// distinct pieces, then first in enumeration order; families of up to
/// `max_patterns` patterns with at least one self-matching pattern are
/// searched.
pub(crate) fn smallest_counterexample(
    max_patterns: usize,
    repetition_free: bool,
    signed_repair: bool,
) -> Option<Counterexample> {
    let rejects = move |v: &Judged4| {
        if signed_repair {
            !v.signed_repair
        } else {
            !v.failed.is_empty()
        }
    };
    (1..=max_patterns)
        .flat_map(|k| mixes(k, repetition_free))
        .find_map(|family| first_in(&family, rejects))
}

fn first_in(family: &Family, rejects: impl Fn(&Judged4) -> bool) -> Option<Counterexample> {
    let pieces = family.pieces();
    let mut best: Option<(usize, [usize; 4], usize)> = None;
    for_each_puzzle(family, |quad, verdicts| {
        let distinct = quad.iter().dedup().count();
        if best.is_some_and(|(d, _, _)| d <= distinct) {
            return;
        }
        if let Some(s) = verdicts.iter().position(|v| v.is_solution_graph() && rejects(v)) {
            best = Some((distinct, quad, s));
        }
    });
    best.map(|(_, quad, s)| Counterexample {
        family: *family,
        pieces: quad.iter().map(|&i| pieces[i]).collect(),
        corners: [s >> 6, s >> 4 & 3, s >> 2 & 3, s & 3],
    })
}

/// The families of the puzzle-level table: `(K, L, repetition_free)`; `quick`
/// keeps the ones that take under a second.
fn table_families(quick: bool) -> Vec<Family> {
    let mut list = vec![(0, 1, false), (0, 2, false), (1, 1, false), (0, 3, false)];
    list.extend([(1, 2, true), (0, 4, true), (2, 1, true), (1, 3, true), (0, 5, true)]);
    if !quick {
        list.extend([(1, 2, false), (0, 4, false), (2, 2, true), (1, 4, true)]);
    }
    let family = |(signed, self_matching, repetition_free)| Family {
        signed,
        self_matching,
        repetition_free,
    };
    list.into_iter().map(family).collect()
}

/// The markdown tables of docs/notes/self-matching.md and whether every
/// claim holds on them (see [`super::self_matching_tables`]).
pub(crate) fn tables(quick: bool) -> (String, bool) {
    let mut ok = true;
    let mut out = String::from("## Every 2x2 puzzle of a mixed family\n\n");
    out += "| K signed | L self-matching | pieces | puzzles | solvable | solution graphs | rejected by (1)-(4) | rejected by (3') as stated | failing | accepted non-solutions (any) | (3'') mismatches | twisted mismatches |\n";
    out += "|---:|---:|---|---:|---:|---:|---:|---:|---|---:|---:|---:|\n";
    for family in table_families(quick) {
        let t = tabulate(&family);
        ok &= holds(&t);
        let pieces = if family.repetition_free {
            "repetition-free"
        } else {
            "any"
        };
        out += &format!(
            "| {} | {} | {pieces} | {} | {} | {} | {} |\n",
            family.signed,
            family.self_matching,
            n(t.puzzles),
            n(t.solvable),
            n(t.solution_graphs),
            columns(&t)
        );
    }
    out += "\n## Every multiset of four corners over 4 patterns (ordered 4-tuples counted)\n\n";
    out += "| K signed | L self-matching | loops | tuples | solution tuples | rejected by (1)-(4) | rejected by (3') as stated | failing | accepted non-solutions (any) | (3'') mismatches | twisted mismatches |\n";
    out += "|---:|---:|---|---:|---:|---:|---:|---|---:|---:|---:|\n";
    let mixes = if quick { 3..=4 } else { 0..=4 };
    for self_matching in mixes {
        for loops in [false, true] {
            let t = corner_table(4 - self_matching, self_matching, loops);
            ok &= holds(&t);
            out += &format!(
                "| {} | {self_matching} | {} | {} | {} | {} |\n",
                4 - self_matching,
                if loops { "yes" } else { "no" },
                n(t.puzzles),
                n(t.solution_graphs),
                columns(&t)
            );
        }
    }
    out += "\n## Smallest puzzles on which a criterion rejects a solution graph\n\n";
    for (signed_repair, repetition_free) in [(false, false), (false, true), (true, false), (true, true)] {
        out += &counterexample_line(signed_repair, repetition_free);
    }
    (out, ok)
}

fn counterexample_line(signed_repair: bool, repetition_free: bool) -> String {
    let criterion = if signed_repair { "(3') as stated" } else { "Theorem 2.1" };
    let pieces = if repetition_free {
        "repetition-free"
    } else {
        "any pieces"
    };
    match smallest_counterexample(4, repetition_free, signed_repair) {
        Some(c) => {
            let edges: Vec<String> = c.edges().iter().map(|e| format!("{} -> {}", e.tail, e.head)).collect();
            let lines: Vec<String> = c.pieces.iter().map(|p| p.to_string()).collect();
            format!(
                "- {criterion}, {pieces}: K = {}, L = {}: pieces `{}`; solution graph `{}`\n",
                c.family.signed,
                c.family.self_matching,
                lines.join(" / "),
                edges.join(", ")
            )
        }
        None => format!("- {criterion}, {pieces}: none up to 4 patterns\n"),
    }
}

/// The columns from "rejected by (1)-(4)" on.
fn columns(t: &Table) -> String {
    format!(
        "{} | {} | {} | {} | {} | {}",
        n(t.theorem.rejected_solution_graphs),
        n(t.signed_repair.rejected_solution_graphs),
        failing(t),
        n(accepted_wrongly(t)),
        n(t.repaired.mismatches()),
        n(t.twisted.mismatches()),
    )
}

/// The note's claims on one table.
fn holds(t: &Table) -> bool {
    t.twisted.mismatches() == 0 && t.repaired.mismatches() == 0 && accepted_wrongly(t) == 0
}

fn accepted_wrongly(t: &Table) -> u64 {
    [&t.theorem, &t.signed_repair, &t.repaired, &t.twisted]
        .iter()
        .map(|r| r.accepted_non_solutions)
        .sum()
}

fn failing(t: &Table) -> String {
    if t.rejected_by.is_empty() {
        return "none".into();
    }
    let parts: Vec<String> = t.rejected_by.keys().map(|k| format!("({k})")).collect();
    format!("only {}", parts.join(", "))
}

/// `1234567` as `1,234,567`.
fn n(x: u64) -> String {
    let s = x.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Puzzle, RecordingGraph, judge::judge};

    fn family(signed: usize, self_matching: usize, repetition_free: bool) -> Family {
        Family {
            signed,
            self_matching,
            repetition_free,
        }
    }

    /// The claims of docs/notes/self-matching.md on one table: the twisted
    /// criterion and the repaired (3') are exact; Theorem 2.1 and (3') as
    /// stated for signed pictures never accept a non-solution, and every
    /// solution graph they reject fails (3) alone.
    fn assert_claims(t: &Table, what: &str) {
        assert_eq!(t.twisted.mismatches(), 0, "{what}: twisted");
        assert_eq!(t.repaired.mismatches(), 0, "{what}: repaired (3')");
        assert_eq!(t.theorem.accepted_non_solutions, 0, "{what}: (1)-(4) sufficient");
        assert_eq!(
            t.signed_repair.accepted_non_solutions, 0,
            "{what}: signed (3') sufficient"
        );
        assert!(
            t.rejected_by.keys().all(|k| k == "3"),
            "{what}: only (3) fails: {:?}",
            t.rejected_by
        );
    }

    #[test]
    fn every_puzzle_of_the_small_mixed_families() {
        // (K, L, repetition-free, puzzles, solution graphs, rejected by Theorem 2.1)
        let cases = [
            (0, 1, false, 1, 256, 0),
            (0, 2, false, 126, 6_936, 5_040),
            (1, 1, false, 17_550, 252_002, 210_255),
            (1, 2, true, 126, 605, 382),
            (0, 4, true, 126, 744, 690),
        ];
        for (k, l, free, puzzles, graphs, rejected) in cases {
            let t = tabulate(&family(k, l, free));
            let what = format!("K = {k}, L = {l}, repetition-free {free}");
            assert_claims(&t, &what);
            assert_eq!(
                (t.puzzles, t.solution_graphs, t.theorem.rejected_solution_graphs),
                (puzzles, graphs, rejected),
                "{what}"
            );
            assert_eq!(t.puzzles, family(k, l, free).puzzles());
        }
    }

    #[test]
    fn the_signed_family_is_the_paper_s_theorem() {
        let t = tabulate(&family(2, 0, true));
        assert_claims(&t, "K = 2");
        assert_eq!((t.puzzles, t.solvable, t.theorem.mismatches()), (126, 120, 0));
        assert_eq!(t.signed_repair, t.repaired);
    }

    /// The memoised verdicts against the plain judge's arrangements, puzzle
    /// by puzzle: solutions per puzzle and per subgraph.
    #[test]
    fn the_verdicts_count_the_judge_s_solutions() {
        for fam in [family(0, 2, false), family(1, 2, true), family(0, 4, true)] {
            let pieces = fam.pieces();
            for_each_puzzle(&fam, |quad, verdicts| {
                let puzzle = Puzzle::new(quad.iter().map(|&i| pieces[i]).collect()).unwrap();
                let graph = RecordingGraph::new(&puzzle);
                let judgement = judge(&puzzle, &graph).unwrap();
                let total: usize = verdicts.iter().map(|v| usize::from(v.solutions)).sum();
                assert_eq!(total, judgement.count(), "{puzzle}");
                for (subgraph, solutions) in &judgement.solution_graphs {
                    let s = (subgraph.edges().iter().map(|&e| graph.corner(e)))
                        .fold(0, |s, c| s | c.corner << (2 * (3 - c.piece)));
                    assert_eq!(usize::from(verdicts[s].solutions), solutions.len(), "{puzzle}");
                }
            });
        }
    }

    #[test]
    fn corner_tables_with_self_matching_patterns() {
        for (k, l) in [(0, 4), (1, 3)] {
            for loops in [false, true] {
                let t = corner_table(k, l, loops);
                let pictures = (2 * k + l) as u64;
                let corners = if loops {
                    pictures * pictures
                } else {
                    pictures * (pictures - 1)
                };
                assert_eq!(t.puzzles, corners.pow(4));
                assert_claims(&t, &format!("corners K = {k}, L = {l}, loops {loops}"));
                assert!(t.theorem.rejected_solution_graphs > 0);
            }
        }
    }

    #[test]
    fn the_smallest_counterexamples() {
        let mix = |c: &Counterexample| (c.family.signed, c.family.self_matching);
        let any = smallest_counterexample(4, false, false).unwrap();
        assert_eq!(mix(&any), (0, 2));
        let free = smallest_counterexample(4, true, false).unwrap();
        assert_eq!(mix(&free), (1, 2));
        let stated = smallest_counterexample(4, false, true).unwrap();
        assert_eq!(mix(&stated), (1, 1));
        for c in [&any, &free, &stated] {
            let puzzle: Puzzle = c.text().parse().unwrap();
            assert_eq!(puzzle.is_repetition_free(), c.family.repetition_free);
            let j = judge_corners(&c.edges());
            assert!(j.solutions > 0 && !j.failed.is_empty() && j.repaired && j.twisted);
        }
        assert!(!judge_corners(&free.edges()).signed_repair);
        assert!(!judge_corners(&stated.edges()).signed_repair);
        // One pattern is not enough: its only piece is `1= 1= 1= 1=`.
        assert!(smallest_counterexample(1, false, false).is_none());
    }
}
