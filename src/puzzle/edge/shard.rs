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
use std::time::Duration;

use super::checkpoint::{Book, Sums, Tally};
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
    /// The order the cells are filled in: `frame-first`, or (the key left
    /// out) `row-scan`.
    #[serde(default, skip_serializing_if = "CellOrder::is_row_scan")]
    order: CellOrder,
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
    /// A checkpoint's (a shard not complete): the subtrees counted, whose
    /// counts the fields above add up (without the nodes above the cut).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tally: Option<Tally>,
}

/// The order of a shard's search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum CellOrder {
    #[default]
    RowScan,
    FrameFirst,
}

impl CellOrder {
    fn of(frame_first: bool) -> CellOrder {
        if frame_first {
            CellOrder::FrameFirst
        } else {
            CellOrder::RowScan
        }
    }

    fn is_row_scan(&self) -> bool {
        *self == CellOrder::RowScan
    }

    /// The search's goal in this order, keeping the first board.
    fn goal(self) -> Goal {
        match self {
            CellOrder::RowScan => Goal::Count(1),
            CellOrder::FrameFirst => Goal::FrameFirst(1),
        }
    }
}

/// Saves a shard's checkpoint.
type SaveShard<'a> = &'a (dyn Fn(&EdgeShard) -> Result<()> + Sync);

impl EdgeShard {
    /// Counts `shard` of `puzzle`'s count (every rotation, or with the
    /// first corner pinned, as [`EdgePuzzle::count`]; in the frame-first
    /// order when `frame_first`, as [`EdgePuzzle::count_frame_first`]), on
    /// the context's threads. With `resume` (a checkpoint of this shard, see
    /// `continues`) the subtrees it counted are not counted
    /// again; with `save`, a checkpoint is handed to it at most every so
    /// often while the shard runs. A stopped shard returns its checkpoint
    /// (not [`complete`](EdgeShard::complete)), to be saved and resumed.
    ///
    /// # Errors
    /// `shard` is not `I/N` with `1 <= I <= N <= 4096`; `resume` is not a
    /// checkpoint of this shard; an error of `save` (the count stops).
    pub fn count(
        puzzle: &EdgePuzzle,
        every_rotation: bool,
        frame_first: bool,
        shard: Shard,
        resume: Option<&EdgeShard>,
        save: Option<(Duration, SaveShard)>,
        context: &Context,
    ) -> Result<EdgeShard> {
        if !(1..=MAX_SHARDS).contains(&shard.count) || !(1..=shard.count).contains(&shard.index) {
            return Err(Error::Shard(format!(
                "shard {shard}: expected I/N with 1 <= I <= N <= {MAX_SHARDS}"
            )));
        }
        let order = CellOrder::of(frame_first);
        if resume.is_some_and(|r| !r.continues(puzzle, every_rotation, frame_first, shard)) {
            return Err(Error::Shard(format!("shard {shard}: a checkpoint of another search")));
        }
        let started = web_time::Instant::now();
        let resumed = resume.map(EdgeShard::sums);
        let blank = EdgeShard::blank(puzzle, shard, every_rotation || corner_pins(puzzle).is_none(), order);
        let seconds = resume.map_or(0.0, |r| r.seconds);
        let symmetries = puzzle.symmetries();
        let checkpoint = |sums: &Sums| blank.checkpoint(sums, seconds + started.elapsed().as_secs_f64(), symmetries);
        let saving = save.map(|(every, save)| (every, move |sums: &Sums| save(&checkpoint(sums))));
        let book = Book::new(
            resumed.clone(),
            puzzle.pieces.len(),
            saving
                .as_ref()
                .map(|(every, f)| (*every, f as &(dyn Fn(&Sums) -> Result<()> + Sync))),
        );
        let deal = Deal {
            index: shard.index - 1,
            count: shard.count,
            ledger: Some(&book),
        };
        let counted = search(puzzle, every_rotation, order.goal(), Some(deal), context);
        let sums = book.into_sums()?;
        if counted.stats.stopped {
            return Ok(checkpoint(&sums));
        }
        let resumed = resumed.unwrap_or_default();
        let fresh = if counted.every_rotation {
            counted.arrangements
        } else {
            counted.solutions
        };
        let mut nodes = counted.stats.nodes_per_depth;
        for (total, n) in nodes.iter_mut().zip(&resumed.nodes_per_depth) {
            *total += n;
        }
        Ok(EdgeShard {
            complete: true,
            nodes_per_depth: nodes,
            candidate_tests: counted.stats.candidate_tests + resumed.candidate_tests,
            seconds: seconds + counted.stats.elapsed.as_secs_f64(),
            // The ledger's first board is the first of every subtree; none
            // there, the search's (a tree that fitted above the cut).
            board: sums.board.or(counted.boards.into_iter().next()),
            ..blank.counting(fresh + resumed.tally.found, counted.symmetries)
        })
    }

    /// A document of `shard` of `puzzle`'s search that has counted nothing.
    fn blank(puzzle: &EdgePuzzle, shard: Shard, every_rotation: bool, order: CellOrder) -> EdgeShard {
        EdgeShard {
            kind: KIND.into(),
            name: puzzle.name.clone(),
            puzzle: serde_json::from_str(&json(puzzle)).expect("the Puzzle JSON is JSON"),
            shard,
            every_rotation,
            order,
            complete: false,
            arrangements: 0,
            solutions: 0,
            nodes_per_depth: vec![0; puzzle.pieces.len()],
            candidate_tests: 0,
            seconds: 0.0,
            board: None,
            tally: None,
        }
    }

    /// This document with `found` boards (every turn of a pinned board not
    /// counted) in the conventions of the fields.
    fn counting(&self, found: u128, symmetries: u64) -> EdgeShard {
        let (arrangements, solutions) = match self.every_rotation {
            true => (found, found / u128::from(symmetries)),
            false => (found * u128::from(symmetries), found),
        };
        EdgeShard {
            arrangements,
            solutions,
            ..self.clone()
        }
    }

    /// The checkpoint of `sums`, after `seconds` of counting in all, for a
    /// puzzle whose board keeps `symmetries` rotations.
    fn checkpoint(&self, sums: &Sums, seconds: f64, symmetries: u64) -> EdgeShard {
        EdgeShard {
            nodes_per_depth: sums.nodes_per_depth.clone(),
            candidate_tests: sums.candidate_tests,
            seconds,
            board: sums.board.clone(),
            tally: Some(sums.tally.clone()),
            ..self.counting(sums.tally.found, symmetries)
        }
    }

    /// What a checkpoint counted, as the ledger keeps it.
    fn sums(&self) -> Sums {
        Sums {
            tally: self.tally.clone().unwrap_or_default(),
            nodes_per_depth: self.nodes_per_depth.clone(),
            candidate_tests: self.candidate_tests,
            board: self.board.clone(),
        }
    }

    /// Whether this document is a checkpoint of `shard` of `puzzle`'s
    /// search (every rotation when `every_rotation`, or when no corner
    /// piece can be pinned; frame first when `frame_first`), which
    /// `EdgeShard::count` continues: its counts are for the puzzle's cells
    /// and its board fills the puzzle.
    pub(crate) fn continues(&self, puzzle: &EdgePuzzle, every_rotation: bool, frame_first: bool, shard: Shard) -> bool {
        let cells = puzzle.pieces.len();
        !self.complete
            && self.tally.is_some()
            && self.nodes_per_depth.len() == cells
            && self.board.as_ref().is_none_or(|b| puzzle.is_solution(b))
            && self.same_search(puzzle, every_rotation, frame_first, shard)
    }

    fn same_search(&self, puzzle: &EdgePuzzle, every_rotation: bool, frame_first: bool, shard: Shard) -> bool {
        let every_rotation = every_rotation || corner_pins(puzzle).is_none();
        let same_puzzle = serde_json::from_str::<serde_json::Value>(&json(puzzle)).is_ok_and(|p| p == self.puzzle);
        let search = (self.shard, self.every_rotation, self.order, &*self.name);
        same_puzzle && search == (shard, every_rotation, CellOrder::of(frame_first), puzzle.name())
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
                if !Self::is_document(bytes) {
                    let why = "not a shard of an edge count (`scramble solve --shard I/N` on an edge-matching puzzle); \
                               merge takes the shards of one search";
                    return Err(bad(name, why.into()));
                }
                let shard: EdgeShard = serde_json::from_slice(bytes)
                    .map_err(|e| Error::Shard(crate::error::json_fault(name, "not a shard of an edge count", &e)))?;
                Ok((name.clone(), shard))
            })
            .collect::<Result<_>>()?;
        shards.sort_by_key(|(_, s)| s.shard.index);
        let (first_name, first) = shards.first().ok_or_else(|| bad("merge", "no shard given".into()))?;
        let same = |s: &EdgeShard| {
            (&s.name, &s.puzzle, s.shard.count, s.every_rotation, s.order)
                == (
                    &first.name,
                    &first.puzzle,
                    first.shard.count,
                    first.every_rotation,
                    first.order,
                )
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
        for (name, s) in &shards {
            if s.nodes_per_depth.len() != cells || s.board.as_ref().is_some_and(|b| b.len() != cells) {
                return Err(bad(
                    name,
                    format!("counts for {} cells, the puzzle has {cells}", s.nodes_per_depth.len()),
                ));
            }
        }
        let counted = sum(&puzzle, shards.iter().map(|(_, s)| s));
        Ok((puzzle, counted))
    }

    /// What this document counted, as a count of `puzzle` reports it
    /// (marked stopped when the document is a checkpoint): a whole count
    /// kept as a shard of one gives the single run's count.
    pub fn counted(&self, puzzle: &EdgePuzzle) -> Counted {
        let mut counted = sum(puzzle, [self]);
        counted.stats.stopped = !self.complete;
        counted
    }

    /// Whether the shard ran to its end.
    pub fn complete(&self) -> bool {
        self.complete
    }

    /// Whether this document is the complete count of `shard` of
    /// `puzzle`'s search (every rotation when `every_rotation`, or when no
    /// corner piece can be pinned): a rerun that finds it has nothing to
    /// do.
    #[cfg(feature = "fs")]
    pub(crate) fn answers(&self, puzzle: &EdgePuzzle, every_rotation: bool, frame_first: bool, shard: Shard) -> bool {
        self.complete && self.same_search(puzzle, every_rotation, frame_first, shard)
    }
}

/// The shards of one search added up; the first board is the first
/// shard's that has one.
fn sum<'s>(puzzle: &EdgePuzzle, shards: impl IntoIterator<Item = &'s EdgeShard>) -> Counted {
    let mut shards = shards.into_iter().peekable();
    let mut counted = Counted {
        symmetries: puzzle.symmetries(),
        every_rotation: shards.peek().is_some_and(|s| s.every_rotation),
        frame_first: shards.peek().is_some_and(|s| s.order == CellOrder::FrameFirst),
        stats: Stats::new(puzzle.pieces.len()),
        ..Counted::default()
    };
    for s in shards {
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
    counted
}

#[cfg(test)]
mod tests {
    use std::num::NonZeroUsize;

    use super::*;
    use crate::puzzle::edge::tests::planted;

    fn on(threads: usize) -> Context<'static> {
        Context::new().on_threads(NonZeroUsize::new(threads).unwrap())
    }

    fn documents_of(
        puzzle: &EdgePuzzle,
        every_rotation: bool,
        frame_first: bool,
        shards: usize,
    ) -> Vec<(String, Vec<u8>)> {
        (1..=shards)
            .map(|k| {
                let shard = Shard {
                    index: k,
                    count: shards,
                };
                let shard =
                    EdgeShard::count(puzzle, every_rotation, frame_first, shard, None, None, &on(1 + k % 2)).unwrap();
                (format!("s{k}.json"), serde_json::to_vec(&shard).unwrap())
            })
            .collect()
    }

    #[test]
    fn shards_add_up_to_the_single_run() {
        for (seed, (w, h)) in [(1, (4, 4)), (2, (5, 3)), (3, (4, 3))] {
            let puzzle = planted(seed, w, h, 3, false);
            for every_rotation in [true, false] {
                let whole = puzzle.count(every_rotation, 1, &on(1));
                for shards in [1, 3, 7] {
                    let (back, merged) =
                        EdgeShard::merge(&documents_of(&puzzle, every_rotation, false, shards)).unwrap();
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
    fn frame_first_shards_add_up_to_the_single_run_and_do_not_mix_with_row_scan_ones() {
        for (seed, (w, h)) in [(8, (5, 5)), (2, (5, 3)), (7, (6, 4))] {
            let puzzle = planted(seed, w, h, 3, false);
            for every_rotation in [true, false] {
                let whole = puzzle.count_frame_first(every_rotation, usize::MAX, &on(1));
                for shards in [1, 3, 7] {
                    let documents = documents_of(&puzzle, every_rotation, true, shards);
                    assert!(String::from_utf8_lossy(&documents[0].1).contains(r#""order":"frame-first""#));
                    let (_, merged) = EdgeShard::merge(&documents).unwrap();
                    assert_eq!(
                        (merged.arrangements, merged.solutions, merged.frame_first),
                        (whole.arrangements, whole.solutions, true),
                        "{shards} shards of {puzzle:?}"
                    );
                    assert_eq!(merged.stats.nodes_per_depth, whole.stats.nodes_per_depth);
                    assert_eq!(merged.stats.candidate_tests, whole.stats.candidate_tests);
                    // The first board is the lowest shard's: one of the
                    // single run's, its first when the shard is the whole.
                    assert_eq!(merged.boards.len(), 1);
                    assert!(whole.boards.contains(&merged.boards[0]));
                    if shards == 1 {
                        assert_eq!(merged.boards[..], whole.boards[..1]);
                    }
                    if shards == 3 {
                        let row_scan = documents_of(&puzzle, every_rotation, false, 3);
                        let mixed = [documents[0].clone(), row_scan[1].clone(), documents[2].clone()];
                        let refused = EdgeShard::merge(&mixed).unwrap_err().to_string();
                        assert!(refused.contains("another search"), "{refused}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_shard_resumed_from_any_of_its_checkpoints_ends_as_one_run() {
        // Boards with more than 256 live prefixes above their last cells:
        // their shards have subtrees to count, keep and skip.
        for (seed, (w, h), every_rotation) in [(8, (5, 5), false), (7, (6, 4), false), (8, (5, 5), true)] {
            let puzzle = planted(seed, w, h, 3, false);
            for (index, count) in [(1, 1), (1, 2), (2, 2)] {
                let shard = Shard { index, count };
                let whole = EdgeShard::count(&puzzle, every_rotation, false, shard, None, None, &on(1)).unwrap();
                let saved = std::sync::Mutex::new(vec![]);
                let save = |doc: &EdgeShard| {
                    saved.lock().unwrap().push(serde_json::to_vec(doc).unwrap());
                    Ok(())
                };
                let again = EdgeShard::count(
                    &puzzle,
                    every_rotation,
                    false,
                    shard,
                    None,
                    Some((Duration::ZERO, &save)),
                    &on(2),
                );
                let again = again.unwrap();
                assert_eq!(
                    EdgeShard { seconds: 0.0, ..again },
                    EdgeShard {
                        seconds: 0.0,
                        ..whole.clone()
                    }
                );
                let saved = saved.into_inner().unwrap();
                assert!(saved.len() >= 2, "{} checkpoints", saved.len());
                for bytes in saved.iter().step_by(saved.len() / 5 + 1) {
                    let checkpoint: EdgeShard = serde_json::from_slice(bytes).unwrap();
                    assert!(checkpoint.continues(&puzzle, every_rotation, false, shard) && !checkpoint.complete());
                    let resumed = EdgeShard::count(
                        &puzzle,
                        every_rotation,
                        false,
                        shard,
                        Some(&checkpoint),
                        None,
                        &on(1 + (seed % 2) as usize),
                    )
                    .unwrap();
                    assert_eq!(
                        EdgeShard {
                            seconds: 0.0,
                            ..resumed
                        },
                        EdgeShard {
                            seconds: 0.0,
                            ..whole.clone()
                        },
                        "{puzzle:?} shard {shard}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_stopped_shard_is_its_checkpoint_and_another_searchs_is_refused() {
        let puzzle = planted(8, 5, 5, 3, false);
        let shard = Shard { index: 1, count: 1 };
        let stop = crate::context::Stop::never().after(Duration::ZERO);
        let stopped = EdgeShard::count(&puzzle, false, false, shard, None, None, &Context::new().until(&stop)).unwrap();
        assert!(!stopped.complete() && stopped.continues(&puzzle, false, false, shard));
        assert!(!stopped.answers(&puzzle, false, false, shard));
        let whole = EdgeShard::count(&puzzle, false, false, shard, None, None, &on(1)).unwrap();
        let resumed = EdgeShard::count(&puzzle, false, false, shard, Some(&stopped), None, &on(1)).unwrap();
        assert_eq!(resumed.arrangements, whole.arrangements);
        assert_eq!(resumed.nodes_per_depth, whole.nodes_per_depth);
        for (other, every_rotation, shard) in [
            (planted(10, 4, 4, 3, false), false, shard),
            (puzzle.clone(), true, shard),
            (puzzle.clone(), false, Shard { index: 1, count: 2 }),
        ] {
            let refused = EdgeShard::count(&other, every_rotation, false, shard, Some(&stopped), None, &on(1));
            assert!(
                refused
                    .unwrap_err()
                    .to_string()
                    .contains("a checkpoint of another search")
            );
        }
        assert!(
            !whole.continues(&puzzle, false, false, shard),
            "a complete shard continues nothing"
        );
        let short = EdgeShard {
            nodes_per_depth: vec![0; 3],
            ..stopped.clone()
        };
        let wrong_board = EdgeShard {
            board: Some(vec![(0, 0); 25]),
            ..stopped.clone()
        };
        assert!(!short.continues(&puzzle, false, false, shard) && !wrong_board.continues(&puzzle, false, false, shard));
        let failing = |_: &EdgeShard| Err(crate::Error::Shard("disk full".into()));
        let failed = EdgeShard::count(
            &puzzle,
            false,
            false,
            shard,
            None,
            Some((Duration::ZERO, &failing)),
            &on(1),
        );
        assert!(failed.unwrap_err().to_string().contains("disk full"));
    }

    #[test]
    fn a_merge_refuses_missing_repeated_stopped_and_foreign_shards() {
        let puzzle = planted(4, 4, 4, 3, false);
        let docs = documents_of(&puzzle, true, false, 3);
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
        let other = documents_of(&planted(5, 4, 4, 3, false), true, false, 3);
        assert!(message(&[docs[0].clone(), other[1].clone(), docs[2].clone()]).contains("another search"));
        assert!(message(&[("x.json".into(), b"{}".to_vec())]).contains("not a shard"));
        for (index, count) in [(4, 3), (0, 3), (1, MAX_SHARDS + 1)] {
            assert!(EdgeShard::count(&puzzle, true, false, Shard { index, count }, None, None, &on(1)).is_err());
        }
        assert!(EdgeShard::is_document(&docs[0].1) && !EdgeShard::is_document(b"{\"kind\": \"solve-shard\"}"));
        let first: EdgeShard = serde_json::from_slice(&docs[0].1).unwrap();
        let shard = |index| Shard { index, count: 3 };
        assert!(first.answers(&puzzle, true, false, shard(1)));
        assert!(!first.answers(&puzzle, true, false, shard(2)));
        assert!(
            !first.answers(&puzzle, false, false, shard(1)),
            "a pinned search is another search"
        );
        assert!(!first.answers(&planted(5, 4, 4, 3, false), true, false, shard(1)));
    }
}
