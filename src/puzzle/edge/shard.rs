//! One shard of a row-scan count, for a count too long for one run (jobs
//! of GNU parallel or a Slurm array, or one shard after another as
//! restart points), and the merge of the shards' documents into the whole
//! count.
//!
//! The tree is cut where it has `SUBTREES_PER_SHARD` subtrees per shard, a
//! cut that depends on the number of shards alone (not on threads); shard
//! `i` of `n` counts the subtrees whose index is `i - 1` modulo `n`, on the
//! context's threads, and the first shard also counts the nodes above the
//! cut. So the shards' counts, nodes and candidate tests add up to the
//! single run's, and the merge checks that every shard of one search is
//! there once, complete.

use serde::{Deserialize, Serialize};

use super::EdgePuzzle;
use super::read::{EdgeFormat, parse_edge};
use super::scan::{Board, Counted, Deal, Goal, corner_pins, search};
use super::write::json;
use crate::context::{Context, Shard, Stats};
use crate::{Error, Result};

/// The most shards of one count.
const MAX_SHARDS: usize = 4096;

/// The `kind` of a shard's document.
const KIND: &str = "edge-shard";

/// What one shard counted, as `solve --shard I/N --json` writes it and
/// [`EdgeShard::merge`] reads it back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EdgeShard {
    /// Always `edge-shard`.
    kind: String,
    /// The puzzle's name.
    name: String,
    /// The puzzle, as the eternity2.dev Puzzle JSON.
    puzzle: serde_json::Value,
    /// This shard (`index` from 1) and the shards of the search.
    shard: Shard,
    /// The search covered every rotation (no corner piece pinned).
    every_rotation: bool,
    /// The shard ran to its end.
    complete: bool,
    /// Filled boards in the shard's subtrees, every rotation counted.
    arrangements: u128,
    /// The same modulo the board's rotations: the classes whose pinned
    /// board lies in the shard's subtrees, or (every rotation searched)
    /// the shard's boards divided by the rotations, rounded down; the
    /// merge divides the sum instead.
    solutions: u128,
    /// Placements per depth (the nodes above the cut in the first shard).
    nodes_per_depth: Vec<u64>,
    /// Candidates checked.
    candidate_tests: u64,
    /// Seconds of the shard's run.
    seconds: f64,
    /// The shard's first board, `(piece, turn)` per cell.
    board: Option<Board>,
}

impl EdgeShard {
    /// Counts `shard` of `puzzle`'s row-scan count (every rotation, or with
    /// the first corner pinned, as [`super::count`]), on the context's
    /// threads.
    ///
    /// # Errors
    /// `shard` is not `I/N` with `1 <= I <= N <= 4096`.
    pub fn count(puzzle: &EdgePuzzle, every_rotation: bool, shard: Shard, context: &Context) -> Result<EdgeShard> {
        if !(1..=MAX_SHARDS).contains(&shard.count) || !(1..=shard.count).contains(&shard.index) {
            return Err(Error::Shard(format!(
                "shard {shard}: expected I/N with 1 <= I <= N <= {MAX_SHARDS}"
            )));
        }
        let deal = Deal {
            index: shard.index - 1,
            count: shard.count,
        };
        let counted = search(puzzle, every_rotation, Goal::Count(1), Some(deal), context);
        Ok(EdgeShard {
            kind: KIND.into(),
            name: puzzle.name.clone(),
            puzzle: serde_json::from_str(&json(puzzle)).expect("the Puzzle JSON is JSON"),
            shard,
            every_rotation: counted.every_rotation,
            complete: !counted.stats.stopped,
            arrangements: counted.arrangements,
            solutions: counted.solutions,
            nodes_per_depth: counted.stats.nodes_per_depth,
            candidate_tests: counted.stats.candidate_tests,
            seconds: counted.stats.elapsed.as_secs_f64(),
            board: counted.boards.into_iter().next(),
        })
    }

    /// Whether `bytes` hold a shard's document (by its `kind`).
    pub fn is_document(bytes: &[u8]) -> bool {
        #[derive(Deserialize)]
        struct Kind {
            kind: Option<String>,
        }
        serde_json::from_slice::<Kind>(bytes).is_ok_and(|k| k.kind.as_deref() == Some(KIND))
    }

    /// Adds up the documents of every shard of one count (`(name, bytes)`,
    /// names for messages) into the single run's count, with its puzzle; the
    /// first board is the lowest shard's. `elapsed` is the shards' seconds
    /// added up.
    ///
    /// # Errors
    /// A document that is not a shard's, shards of different searches, a
    /// shard missing, repeated or incomplete.
    pub fn merge(documents: &[(String, Vec<u8>)]) -> Result<(EdgePuzzle, Counted)> {
        let bad = |name: &str, why: String| Error::Shard(format!("{name}: {why}"));
        let mut shards: Vec<(String, EdgeShard)> = documents
            .iter()
            .map(|(name, bytes)| {
                let shard: EdgeShard = serde_json::from_slice(bytes)
                    .map_err(|e| bad(name, format!("not a shard of an edge count: {e}")))?;
                Ok((name.clone(), shard))
            })
            .collect::<Result<_>>()?;
        shards.sort_by_key(|(_, s)| s.shard.index);
        let (first_name, first) = shards.first().ok_or_else(|| bad("merge", "no shard given".into()))?;
        let same = |s: &EdgeShard| {
            (&s.name, &s.puzzle, s.shard.count, s.every_rotation)
                == (&first.name, &first.puzzle, first.shard.count, first.every_rotation)
        };
        if let Some((name, _)) = shards.iter().find(|(_, s)| !same(s)) {
            return Err(bad(name, format!("a shard of another search than {first_name}'s")));
        }
        let count = first.shard.count;
        for (k, (name, s)) in shards.iter().enumerate() {
            if s.shard.index != k + 1 {
                let why = match s.shard.index == k {
                    true => format!("shard {} given twice", s.shard),
                    false => format!("shard {}/{count} is missing", k + 1),
                };
                return Err(bad(name, why));
            }
            if !s.complete {
                return Err(bad(name, format!("shard {} was stopped: run it again", s.shard)));
            }
        }
        if shards.len() != count {
            return Err(bad(
                first_name,
                format!("shard {}/{count} is missing", shards.len() + 1),
            ));
        }
        let text = serde_json::to_string(&first.puzzle).map_err(|e| bad(first_name, e.to_string()))?;
        let puzzle = parse_edge(&text, first_name, EdgeFormat::Json)?.with_name(first.name.clone());
        let cells = puzzle.pieces.len();
        let mut counted = Counted {
            symmetries: puzzle.symmetries(),
            every_rotation: first.every_rotation,
            stats: Stats::new(cells),
            ..Counted::default()
        };
        for (name, s) in &shards {
            if s.nodes_per_depth.len() != cells || s.board.as_ref().is_some_and(|b| b.len() != cells) {
                return Err(bad(
                    name,
                    format!("counts for {} cells, the puzzle has {cells}", s.nodes_per_depth.len()),
                ));
            }
            counted.arrangements += s.arrangements;
            counted.solutions += s.solutions;
            for (total, n) in counted.stats.nodes_per_depth.iter_mut().zip(&s.nodes_per_depth) {
                *total += n;
            }
            counted.stats.candidate_tests += s.candidate_tests;
            counted.stats.elapsed += std::time::Duration::from_secs_f64(s.seconds.max(0.0));
            if counted.boards.is_empty() {
                counted.boards.extend(s.board.clone());
            }
        }
        // A search of every rotation meets each class of boards `symmetries`
        // times, not always within one shard.
        if counted.every_rotation {
            counted.solutions = counted.arrangements / u128::from(counted.symmetries);
        }
        Ok((puzzle, counted))
    }

    /// Whether the shard ran to its end.
    pub fn complete(&self) -> bool {
        self.complete
    }

    /// Whether this document is the complete count of `shard` of
    /// `puzzle`'s search (every rotation when `every_rotation`, or when no
    /// corner piece can be pinned): a rerun that finds it has nothing to
    /// do.
    pub fn answers(&self, puzzle: &EdgePuzzle, every_rotation: bool, shard: Shard) -> bool {
        let every_rotation = every_rotation || corner_pins(puzzle).is_none();
        let same_puzzle = serde_json::from_str::<serde_json::Value>(&json(puzzle)).is_ok_and(|p| p == self.puzzle);
        self.complete
            && same_puzzle
            && (self.shard, self.every_rotation, &*self.name) == (shard, every_rotation, puzzle.name())
    }
}

#[cfg(test)]
mod tests {
    use std::num::NonZeroUsize;

    use super::*;
    use crate::puzzle::edge::count;
    use crate::puzzle::edge::tests::planted;

    fn on(threads: usize) -> Context<'static> {
        Context::new().on_threads(NonZeroUsize::new(threads).unwrap())
    }

    fn documents(puzzle: &EdgePuzzle, every_rotation: bool, shards: usize) -> Vec<(String, Vec<u8>)> {
        (1..=shards)
            .map(|k| {
                let shard = Shard {
                    index: k,
                    count: shards,
                };
                let shard = EdgeShard::count(puzzle, every_rotation, shard, &on(1 + k % 2)).unwrap();
                (format!("s{k}.json"), serde_json::to_vec(&shard).unwrap())
            })
            .collect()
    }

    #[test]
    fn shards_add_up_to_the_single_run() {
        for (seed, (w, h)) in [(1, (4, 4)), (2, (5, 3)), (3, (4, 3))] {
            let puzzle = planted(seed, w, h, 3, false);
            for every_rotation in [true, false] {
                let whole = count(&puzzle, every_rotation, 1, &on(1));
                for shards in [1, 3, 7] {
                    let (back, merged) = EdgeShard::merge(&documents(&puzzle, every_rotation, shards)).unwrap();
                    assert_eq!((back.width, back.height, &back.pieces), (w, h, &puzzle.pieces));
                    assert_eq!(
                        (merged.arrangements, merged.solutions, merged.every_rotation),
                        (whole.arrangements, whole.solutions, whole.every_rotation),
                        "{shards} shards of {puzzle:?}"
                    );
                    assert_eq!(merged.stats.nodes_per_depth, whole.stats.nodes_per_depth);
                    assert_eq!(merged.stats.candidate_tests, whole.stats.candidate_tests);
                    assert!(merged.boards.iter().all(|b| puzzle.is_solution(b)));
                    assert_eq!(merged.boards.len(), usize::from(whole.arrangements > 0));
                }
            }
        }
    }

    #[test]
    fn a_merge_refuses_missing_repeated_stopped_and_foreign_shards() {
        let puzzle = planted(4, 4, 4, 3, false);
        let docs = documents(&puzzle, true, 3);
        let message = |docs: &[(String, Vec<u8>)]| EdgeShard::merge(docs).unwrap_err().to_string();
        assert!(message(&docs[..2]).contains("shard 3/3 is missing"));
        assert!(message(&[docs[0].clone(), docs[2].clone()]).contains("shard 2/3 is missing"));
        let twice = [docs[0].clone(), docs[1].clone(), docs[1].clone()];
        assert!(message(&twice).contains("given twice"), "{}", message(&twice));
        let mut stopped: EdgeShard = serde_json::from_slice(&docs[1].1).unwrap();
        stopped.complete = false;
        let stopped = [
            docs[0].clone(),
            ("s2.json".into(), serde_json::to_vec(&stopped).unwrap()),
            docs[2].clone(),
        ];
        assert!(message(&stopped).contains("was stopped"));
        let other = documents(&planted(5, 4, 4, 3, false), true, 3);
        assert!(message(&[docs[0].clone(), other[1].clone(), docs[2].clone()]).contains("another search"));
        assert!(message(&[("x.json".into(), b"{}".to_vec())]).contains("not a shard"));
        for (index, count) in [(4, 3), (0, 3), (1, MAX_SHARDS + 1)] {
            assert!(EdgeShard::count(&puzzle, true, Shard { index, count }, &on(1)).is_err());
        }
        assert!(EdgeShard::is_document(&docs[0].1) && !EdgeShard::is_document(b"{\"kind\": \"solve-shard\"}"));
        let first: EdgeShard = serde_json::from_slice(&docs[0].1).unwrap();
        let shard = |index| Shard { index, count: 3 };
        assert!(first.answers(&puzzle, true, shard(1)));
        assert!(!first.answers(&puzzle, true, shard(2)));
        assert!(
            !first.answers(&puzzle, false, shard(1)),
            "a pinned search is another search"
        );
        assert!(!first.answers(&planted(5, 4, 4, 3, false), true, shard(1)));
    }
}
