//! How long library work reports how far it got: the one [`Progress`]
//! trait. The library never draws anything; the command line adapts it to a
//! progress bar (`cli/src/progress.rs`), tests and pipes pass `&()`.

/// Where long passes report how far they got, in units the pass names
/// (puzzles, corners, candidates, subtrees).
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use scramble::Progress;
/// struct Count(AtomicU64);
/// impl Progress for Count {
///     fn advance(&self, n: u64) {
///         self.0.fetch_add(n, Ordering::Relaxed);
///     }
/// }
/// let count = Count(AtomicU64::new(0));
/// count.start(10);
/// (0..10).for_each(|_| count.advance(1));
/// assert_eq!(count.0.into_inner(), 10);
/// ().advance(3); // no reporting
/// ```
pub trait Progress: Sync {
    /// The pass will cover `total` units (called again if it learns more).
    fn start(&self, total: u64) {
        let _ = total;
    }
    /// `n` more units are done.
    fn advance(&self, n: u64) {
        let _ = n;
    }
    /// A new pass named `name` begins (a run of several passes, such as a
    /// census and its corner check): counting starts again from 0, and
    /// its `start` follows.
    fn phase(&self, name: &str) {
        let _ = name;
    }
}

/// No reporting.
impl Progress for () {}

/// A progress that remembers what it was told, for tests: the last total
/// and the units advanced.
#[cfg(test)]
#[derive(Default)]
pub(crate) struct Tally {
    pub total: std::sync::atomic::AtomicU64,
    pub done: std::sync::atomic::AtomicU64,
}

#[cfg(test)]
impl Progress for Tally {
    fn start(&self, total: u64) {
        self.total.store(total, std::sync::atomic::Ordering::Relaxed);
    }
    fn advance(&self, n: u64) {
        self.done.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    }
}
