//! Checkpoints within one shard of a row-scan count: the subtrees the
//! shard counted to their end, kept in its document while it runs and
//! saved every so often, so that a run stopped (a time limit, Ctrl-C, a
//! killed job) continues where it was instead of from the start.
//!
//! A subtree counts only once it ran to its end; a stopped subtree is
//! counted again by the next run. The nodes above the cut are not in a
//! checkpoint: every run of the first shard counts them again, and the
//! final document has them once.

use std::sync::Mutex;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use web_time::Instant;

use super::scan::{Board, Ledger, Part};
use crate::Result;

/// A checkpoint's own part: the subtrees counted (indices within the
/// shard, per run of a pinned search, sorted), the boards they found
/// (every turn of a pinned board not yet counted), and where the first
/// board found lies.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Tally {
    pub(super) done: Vec<Vec<usize>>,
    pub(super) found: u128,
    pub(super) first: Option<(usize, usize)>,
}

/// What the counted subtrees add up to: the tally and the counts kept
/// beside it in the document.
#[derive(Clone, Debug, Default)]
pub(super) struct Sums {
    pub(super) tally: Tally,
    pub(super) nodes_per_depth: Vec<u64>,
    pub(super) candidate_tests: u64,
    pub(super) board: Option<Board>,
}

/// Saves a checkpoint (the shard's document, not complete).
pub(super) type Save<'a> = &'a (dyn Fn(&Sums) -> Result<()> + Sync);

/// The ledger of one shard's run: the sums so far, and when it saves them.
pub(super) struct Book<'a> {
    sums: Mutex<Sums>,
    save: Option<(Duration, Save<'a>)>,
    saved: Mutex<Instant>,
    failed: Mutex<Option<crate::Error>>,
}

impl<'a> Book<'a> {
    /// A ledger that starts from `sums` (a checkpoint's, or none for
    /// `cells` cells) and calls `save` at most every `every`.
    pub(super) fn new(sums: Option<Sums>, cells: usize, save: Option<(Duration, Save<'a>)>) -> Book<'a> {
        let sums = sums.unwrap_or_else(|| Sums {
            nodes_per_depth: vec![0; cells],
            ..Sums::default()
        });
        Book {
            sums: Mutex::new(sums),
            save,
            saved: Mutex::new(Instant::now()),
            failed: Mutex::new(None),
        }
    }

    /// The sums, or the error a save met.
    pub(super) fn into_sums(self) -> Result<Sums> {
        match self.failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(error) => Err(error),
            None => Ok(self.sums.into_inner().unwrap_or_else(|e| e.into_inner())),
        }
    }

    /// Saves a copy of the sums when `every` has passed since the last save
    /// (one save at a time; a failed save stops the counting of subtrees).
    fn maybe_save(&self) {
        let Some((every, save)) = self.save else { return };
        let Ok(mut saved) = self.saved.try_lock() else { return };
        if saved.elapsed() < every {
            return;
        }
        let copy = self.sums.lock().unwrap_or_else(|e| e.into_inner()).clone();
        if let Err(error) = save(&copy) {
            *self.failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(error);
        }
        *saved = Instant::now();
    }
}

impl Ledger for Book<'_> {
    fn counted(&self, run: usize, k: usize) -> bool {
        let failed = self.failed.lock().unwrap_or_else(|e| e.into_inner()).is_some();
        let sums = self.sums.lock().unwrap_or_else(|e| e.into_inner());
        failed
            || sums
                .tally
                .done
                .get(run)
                .is_some_and(|done| done.binary_search(&k).is_ok())
    }

    fn record(&self, run: usize, k: usize, part: &Part) {
        {
            let mut sums = self.sums.lock().unwrap_or_else(|e| e.into_inner());
            let tally = &mut sums.tally;
            if tally.done.len() <= run {
                tally.done.resize(run + 1, vec![]);
            }
            if let Err(at) = tally.done[run].binary_search(&k) {
                tally.done[run].insert(at, k);
            }
            tally.found += u128::from(part.found);
            let earlier = tally.first.is_none_or(|first| (run, k) < first);
            if let Some(board) = part.boards.first().filter(|_| earlier) {
                tally.first = Some((run, k));
                sums.board = Some(board.clone());
            }
            for (total, n) in sums.nodes_per_depth.iter_mut().zip(&part.nodes) {
                *total += n;
            }
            sums.candidate_tests += part.tests;
        }
        self.maybe_save();
    }
}
