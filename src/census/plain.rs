//! The plain census: puzzle by puzzle, the reference for [`super::fast`].
//!
//! Each puzzle gets its recording graph; the judge ([`crate::Judgement`]) finds
//! its solutions with the plain backtracker; every one of the 256 subgraphs of
//! [`four_color_subgraphs`] is checked by [`crate::theorem::evaluate`] and
//! [`twisted_criterion`]. None of it shares code with the fast path's
//! corner table: the two are independent implementations.

use std::ops::Range;

use rayon::prelude::*;

use super::disagreement::Disagreement;
use super::shard::{Shard, first_piece_work};
use super::verdict::{Failed, Verdict};
use super::{Census, Histogram, Outcome, Tally, first_disagreements};
use crate::context::{Context, Stop};
use crate::judge::judge;
use crate::progress::Progress;
use crate::theorem::{self, Condition, four_color_subgraphs, twisted_criterion};
use crate::{Puzzle, RecordingGraph};

/// One puzzle's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PuzzleReport {
    /// Solutions modulo whole-grid rotation.
    pub solutions: u64,
    /// Every four-colour subgraph, as the corner chosen for each piece, and
    /// its verdicts, in the enumerator's order (lexicographic in the corners).
    pub subgraphs: Vec<([usize; 4], Verdict)>,
}

/// Judges every four-colour subgraph of a 2x2 puzzle: the judge's plain
/// backtracking, then constant work per subgraph.
///
/// # Panics
/// If the puzzle is not 2x2.
pub(crate) fn evaluate(puzzle: &Puzzle) -> PuzzleReport {
    let graph = RecordingGraph::new(puzzle);
    let judgement = judge(puzzle, &graph).expect("the census has 2x2 puzzles");
    let subgraphs = four_color_subgraphs(&graph)
        .map(|subgraph| {
            let corners = subgraph.edges().map(|e| graph.corner(e).corner);
            let conditions = theorem::evaluate(&graph, &subgraph);
            assert!(conditions.holds(Condition::Colors), "one edge per color");
            let failed = conditions
                .failing()
                .into_iter()
                .fold(Failed::NONE, |f, c| f.with(failed_bit(c), true));
            let solutions = judgement.solution_graphs.get(&subgraph).map_or(0, Vec::len);
            let verdict = Verdict {
                solutions: u8::try_from(solutions).expect("at most 6 solutions share a centre"),
                failed,
                twisted: twisted_criterion(&graph, &subgraph),
                repaired: conditions.repaired_accepted(),
            };
            (corners, verdict)
        })
        .collect();
    PuzzleReport {
        solutions: judgement.count() as u64,
        subgraphs,
    }
}

/// The census's bit for one of conditions 2-4.
fn failed_bit(condition: Condition) -> Failed {
    match condition {
        Condition::Degrees => Failed::DEGREES,
        Condition::Paths => Failed::PATHS,
        Condition::PseudoConnected => Failed::PSEUDO_CONNECTED,
        Condition::Colors => unreachable!("a four-colour subgraph has one edge per color"),
    }
}

/// The census over `census`'s puzzles whose first piece is in `shard`, one
/// puzzle at a time (in parallel over first and second pieces), with up to
/// `keep` disagreements, until the context's stop, polled before each
/// third piece. The first pieces go in chunks (one per thread), and a chunk
/// that the stop cut short is left out whole: the outcome covers exactly
/// the puzzles whose first piece is in the returned range, a prefix of the
/// shard's (the whole of it when not stopped), as [`super::fast::run`].
pub(crate) fn run(census: &Census, shard: Shard, keep: usize, context: &Context) -> (Outcome, Range<usize>) {
    let (stop, progress) = (context.stop(), context.progress());
    let pieces = census.pieces();
    let n = pieces.len();
    let work = first_piece_work(n);
    let whole = shard.range(&work);
    progress.start(work[whole.clone()].iter().sum());
    let step = rayon::current_num_threads().max(1);
    let (mut parts, mut end) = (Vec::new(), whole.start);
    while end < whole.end {
        let next = (end + step).min(whole.end);
        let pairs: Vec<(usize, usize)> = (end..next).flat_map(|p1| (p1..n).map(move |p2| (p1, p2))).collect();
        let chunk: Option<Vec<Outcome>> = pairs
            .into_par_iter()
            .map(|(p1, p2)| pair(&pieces, [p1, p2], keep, stop, progress))
            .collect();
        let Some(chunk) = chunk else { break };
        parts.extend(chunk);
        end = next;
    }
    let mut tally = Tally::default();
    parts.iter().for_each(|p| tally.merge(&p.tally));
    let disagreements = first_disagreements(parts.into_iter().map(|p| p.disagreements), keep);
    (Outcome { tally, disagreements }, whole.start..end)
}

/// The puzzles whose first two pieces are `p1 <= p2`; `None` when `stop`
/// came first (polled before each third piece).
fn pair(
    pieces: &[crate::Piece],
    [p1, p2]: [usize; 2],
    keep: usize,
    stop: &Stop,
    progress: &dyn Progress,
) -> Option<Outcome> {
    let n = pieces.len();
    let mut outcome = Outcome::default();
    for p3 in p2..n {
        if stop.reached() {
            return None;
        }
        for p4 in p3..n {
            let ids = [p1, p2, p3, p4];
            let puzzle = Puzzle::new(ids.iter().map(|&i| pieces[i]).collect()).expect("2x2");
            record(&mut outcome, ids, &evaluate(&puzzle), keep);
        }
    }
    progress.advance(outcome.tally.puzzles);
    Some(outcome)
}

/// Adds one puzzle to the outcome.
fn record(outcome: &mut Outcome, pieces: [usize; 4], report: &PuzzleReport, keep: usize) {
    let tally = &mut outcome.tally;
    tally.puzzles += 1;
    tally.solvable += u64::from(report.solutions > 0);
    tally.unique += u64::from(report.solutions == 1);
    tally.solutions += report.solutions;
    let mut histogram = Histogram::default();
    for &(corners, verdict) in &report.subgraphs {
        histogram.add(verdict.code(), 1);
        if (verdict.theorem_mismatch() || verdict.twisted_mismatch()) && outcome.disagreements.len() < keep {
            outcome.disagreements.push(Disagreement {
                pieces,
                corners,
                verdict,
            });
        }
    }
    tally.subgraphs.merge(&histogram);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::corners::tests::table_k3_with_repetitions;
    use crate::census::fast;
    use crate::{Picture, Piece};
    use proptest::prelude::*;

    #[test]
    fn evaluate_as_documented() {
        use crate::Puzzle;
        use crate::census::plain::evaluate;
        let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
        let report = evaluate(&puzzle);
        assert_eq!(report.subgraphs.len(), 256);
        assert_eq!(report.solutions, 3);
        let graphs = report.subgraphs.iter().filter(|(_, v)| v.is_solution_graph()).count();
        assert_eq!(graphs, 2);
    }

    #[test]
    fn run_as_documented() {
        use crate::census::{Census, plain, shard::Shard};
        use crate::context::{Context, Stop};
        let census = Census {
            patterns: 2,
            repetition_free: true,
        };
        let (outcome, done) = plain::run(&census, Shard::WHOLE, 5, &Context::new());
        assert_eq!((outcome.tally.puzzles, outcome.tally.solvable), (126, 120));
        assert!(outcome.disagreements.is_empty() && done == (0..census.pieces().len()));
        let stopped = Stop::never().after(std::time::Duration::ZERO);
        let (outcome, done) = plain::run(&census, Shard::WHOLE, 0, &Context::new().until(&stopped));
        assert_eq!((outcome.tally.puzzles, done), (0, 0..0));
    }

    #[test]
    fn fast_equals_plain_for_one_and_two_patterns() {
        for census in [
            Census {
                patterns: 1,
                repetition_free: true,
            },
            Census {
                patterns: 2,
                repetition_free: true,
            },
            Census {
                patterns: 1,
                repetition_free: false,
            },
        ] {
            let plain = run(&census, Shard::WHOLE, 20, &Context::new()).0;
            let fast = fast::run(&census, Shard::WHOLE, 20, &Context::new()).0;
            assert_eq!(fast, plain, "{census:?}");
        }
    }

    #[test]
    fn fast_equals_plain_on_the_last_shards_of_two_and_three_patterns() {
        for (patterns, repetition_free) in [(2, false), (3, true)] {
            let census = Census {
                patterns,
                repetition_free,
            };
            let shard = Shard {
                index: 10_000,
                count: 10_000,
            };
            let plain = run(&census, shard, 20, &Context::new()).0;
            assert!(plain.tally.puzzles >= 70, "{census:?}: {}", plain.tally.puzzles);
            assert_eq!(fast::run(&census, shard, 20, &Context::new()).0, plain, "{census:?}");
        }
    }

    fn picture() -> impl Strategy<Value = Picture> {
        (1u32..=3, any::<bool>()).prop_map(|(n, plus)| if plus { Picture::plus(n) } else { Picture::minus(n) })
    }

    fn puzzle() -> impl Strategy<Value = Puzzle> {
        proptest::collection::vec(proptest::array::uniform4(picture()), 4)
            .prop_map(|sides| Puzzle::new(sides.into_iter().map(Piece::new).collect()).unwrap())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// On random puzzles (repetitions allowed), the corner table holds
        /// the plain verdict of every subgraph, and its solution counts add
        /// up to the judge's.
        #[test]
        fn the_corner_table_agrees_with_the_plain_verdicts(puzzle in puzzle()) {
            let table = table_k3_with_repetitions();
            let ids: Vec<[usize; 4]> = puzzle.pieces().iter().map(|p| table.corners().piece_corners(p)).collect();
            let report = evaluate(&puzzle);
            for &(corners, verdict) in &report.subgraphs {
                let code = table.code(std::array::from_fn(|i| ids[i][corners[i]]));
                prop_assert_eq!(Verdict::from_code(code), verdict, "{:?}", corners);
            }
            let total: u64 = report.subgraphs.iter().map(|(_, v)| u64::from(v.solutions)).sum();
            prop_assert_eq!(total, report.solutions);
        }
    }
}
