//! The plain census: puzzle by puzzle, with the recording graph, every
//! four-colour subgraph judged by trying the arrangements it stands for.
//! Slow and obviously correct: the reference for [`super::fast`].
//!
//! Per puzzle: 256 subgraphs x 24 cell assignments, each checked with
//! [`Arrangement::is_solution`]; every arrangement of the 4 pieces (24 x
//! 4^4) is tried exactly once, under the subgraph of its centre corners.

use itertools::Itertools;
use rayon::prelude::*;

use super::disagreement::Disagreement;
use super::shard::{Shard, first_piece_work};
use super::verdict::{Edge, Verdict, centre_direction, theorem_failures, twisted_accepts};
use super::{Census, Histogram, Outcome, Progress, Tally, first_disagreements};
use crate::{Arrangement, Placement, Puzzle, RecordingGraph};

/// One puzzle's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleReport {
    /// Solutions modulo whole-grid rotation.
    pub solutions: u64,
    /// Every four-colour subgraph, as the corner chosen for each piece, and
    /// its verdicts, in lexicographic order of the corners.
    pub subgraphs: Vec<([usize; 4], Verdict)>,
}

/// Judges every four-colour subgraph of a 2x2 puzzle.
///
/// ```
/// use scramble::Puzzle;
/// use scramble::census::plain::evaluate;
/// let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
/// let report = evaluate(&puzzle);
/// assert_eq!(report.subgraphs.len(), 256);
/// let graphs = report.subgraphs.iter().filter(|(_, v)| v.is_solution_graph()).count();
/// assert!(report.solutions > 0 && graphs > 0);
/// ```
pub fn evaluate(puzzle: &Puzzle) -> PuzzleReport {
    let graph = RecordingGraph::new(puzzle);
    let subgraphs: Vec<([usize; 4], Verdict)> = (0..4)
        .map(|_| 0..4usize)
        .multi_cartesian_product()
        .map(|corners| {
            let corners = [corners[0], corners[1], corners[2], corners[3]];
            let edges = std::array::from_fn(|piece| {
                let (tail, head) = graph.endpoints(graph.edge(piece, corners[piece]));
                Edge::new(tail, head)
            });
            let arrangements = solving_arrangements(puzzle, &corners);
            let verdict = Verdict {
                solutions: u8::try_from(arrangements / 4).expect("at most 6"),
                failed: theorem_failures(&edges),
                twisted: twisted_accepts(&edges),
            };
            (corners, verdict)
        })
        .collect();
    let arrangements: u64 = subgraphs.iter().map(|(_, v)| u64::from(v.solutions) * 4).sum();
    PuzzleReport {
        solutions: arrangements / 4,
        subgraphs,
    }
}

/// The solution arrangements whose centre corners are `corners`: each of
/// the 24 cell assignments, every piece turned so that its chosen corner
/// lies at the centre.
fn solving_arrangements(puzzle: &Puzzle, corners: &[usize; 4]) -> usize {
    (0..4)
        .permutations(4)
        .filter(|order| {
            let cells = (0..4)
                .map(|cell| {
                    let piece = order[cell];
                    // Corner k comes to direction k + rotation.
                    let rotation = (centre_direction(cell) + 4 - corners[piece]) % 4;
                    Placement { piece, rotation }
                })
                .collect();
            Arrangement::new(2, cells).is_solution(puzzle)
        })
        .count()
}

/// The census over `census`'s puzzles whose first piece is in `shard`, one
/// puzzle at a time (in parallel over first pieces), with up to `keep`
/// disagreements.
pub fn run(census: &Census, shard: Shard, keep: usize, progress: &dyn Progress) -> Outcome {
    let pieces = census.pieces();
    let n = pieces.len();
    let work = first_piece_work(n);
    let range = shard.range(&work);
    progress.start(work[range.clone()].iter().sum());
    let parts: Vec<Outcome> = range
        .into_par_iter()
        .map(|p1| {
            let mut outcome = Outcome {
                tally: Tally::default(),
                disagreements: Vec::new(),
            };
            for p2 in p1..n {
                for p3 in p2..n {
                    for p4 in p3..n {
                        let ids = [p1, p2, p3, p4];
                        let puzzle = Puzzle::new(ids.iter().map(|&i| pieces[i]).collect()).expect("2x2");
                        record(&mut outcome, ids, &evaluate(&puzzle), keep);
                    }
                }
                progress.advance(((n - p2) * (n - p2 + 1) / 2) as u64);
            }
            outcome
        })
        .collect();
    let mut tally = Tally::default();
    parts.iter().for_each(|p| tally.merge(&p.tally));
    let disagreements = first_disagreements(parts.into_iter().map(|p| p.disagreements), keep);
    Outcome { tally, disagreements }
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
    use crate::census::fast;

    #[test]
    fn fast_equals_plain_for_one_and_two_patterns() {
        for census in [
            Census {
                patterns: 1,
                repetitions: false,
            },
            Census {
                patterns: 2,
                repetitions: false,
            },
            Census {
                patterns: 1,
                repetitions: true,
            },
        ] {
            let plain = run(&census, Shard::WHOLE, 20, &());
            let fast = fast::run(&census, Shard::WHOLE, 20, &());
            assert_eq!(fast, plain, "{census:?}");
        }
    }

    #[test]
    fn two_patterns_with_repetitions_on_a_shard() {
        let census = Census {
            patterns: 2,
            repetitions: true,
        };
        let shard = Shard {
            index: 994,
            count: 1000,
        };
        let plain = run(&census, shard, 20, &());
        assert!(plain.tally.puzzles > 500, "{}", plain.tally.puzzles);
        assert_eq!(fast::run(&census, shard, 20, &()), plain);
    }
}
