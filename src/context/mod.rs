//! The one context of long computations: when to stop ([`Stop`]: a
//! deadline and a cancel flag), whom to tell how far the work got
//! ([`Progress`]) and on how many threads it runs.
//!
//! Every long library call (searches, the graph method, censuses, studies,
//! estimates) can run inside a [`Context`]: [`Context::install`] runs the
//! call on a thread pool of exactly the context's threads, so every rayon
//! split inside it (and [`rayon::current_num_threads`], which the splits
//! size their chunks by) sees that number and no other; the stop and the
//! progress are handed on by [`Context::stop`] and [`Context::progress`].
//! Stopped work returns what it found, marked as partial
//! ([`Stats::stopped`] for a search).
//!
//! The parallel policy lives here too: whether a search is split over the
//! pool at all ([`Threads`], [`PARALLEL_FROM`]).

mod shard;
mod stats;
mod stop;

use std::num::NonZeroUsize;

pub(crate) use shard::MAX_SHARDS;
pub use shard::Shard;
pub use stats::Stats;
pub(crate) use stats::seconds;
pub(crate) use stop::NEVER;
pub(crate) use stop::POLL_EVERY;
pub use stop::Stop;

use crate::Progress;

/// The most threads a context runs on ([`Context::MAX_THREADS`]).
const MAX_THREADS: usize = 256;

/// When long work stops, whom it tells how far it got, on how many
/// threads.
///
/// ```
/// use std::num::NonZeroUsize;
/// use scramble::{Context, Stop};
/// let three = NonZeroUsize::new(3).unwrap();
/// let stop = Stop::never();
/// let context = Context::new().on_threads(three).until(&stop);
/// assert_eq!(context.threads(), 3);
/// let seen = context.install(rayon::current_num_threads).unwrap();
/// assert_eq!(seen, 3);
/// ```
#[derive(Clone, Copy)]
pub struct Context<'a> {
    stop: &'a Stop,
    progress: &'a dyn Progress,
    threads: Option<NonZeroUsize>,
}

impl Default for Context<'static> {
    fn default() -> Self {
        Context::new()
    }
}

impl std::fmt::Debug for Context<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("stop", self.stop)
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

impl Context<'static> {
    /// Never stopped, telling no one, on every core.
    pub fn new() -> Self {
        Context {
            stop: &NEVER,
            progress: &(),
            threads: None,
        }
    }
}

impl<'a> Context<'a> {
    /// The most threads a context runs on (`-j` refuses more): far above
    /// the cores of common machines, low enough that starting the pool is
    /// quick.
    pub const MAX_THREADS: usize = MAX_THREADS;

    /// This context stopping at `stop`.
    pub fn until<'b>(self, stop: &'b Stop) -> Context<'b>
    where
        'a: 'b,
    {
        Context { stop, ..self }
    }

    /// This context telling `progress` how far the work got.
    pub fn reporting<'b>(self, progress: &'b dyn Progress) -> Context<'b>
    where
        'a: 'b,
    {
        Context { progress, ..self }
    }

    /// This context on exactly `threads` threads (by default: every core),
    /// at most [`Context::MAX_THREADS`] (more are taken as that many).
    ///
    /// ```
    /// let many = std::num::NonZeroUsize::new(100_000).unwrap();
    /// assert_eq!(scramble::Context::new().on_threads(many).threads(), scramble::Context::MAX_THREADS);
    /// ```
    pub fn on_threads(self, threads: NonZeroUsize) -> Self {
        let most = NonZeroUsize::new(MAX_THREADS).expect("not zero");
        Context {
            threads: Some(threads.min(most)),
            ..self
        }
    }

    /// When the work stops.
    pub fn stop(&self) -> &'a Stop {
        self.stop
    }

    /// Whom the work tells how far it got.
    pub fn progress(&self) -> &'a dyn Progress {
        self.progress
    }

    /// The threads the work runs on: the number asked for, or every core
    /// (rayon's global pool).
    pub fn threads(&self) -> usize {
        self.threads.map_or_else(rayon::current_num_threads, NonZeroUsize::get)
    }

    /// Runs `work` on this context's threads: on a pool of exactly the
    /// number asked for (threads named `scramble-0`, `scramble-1`, ...), or
    /// where it is called when none was asked for. Fails only when the
    /// system refuses the threads.
    ///
    /// # Complexity
    /// That of `work`, plus starting the pool's threads.
    pub fn install<R: Send>(&self, work: impl FnOnce() -> R + Send) -> crate::Result<R> {
        let Some(threads) = self.threads else {
            return Ok(work());
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.get())
            .thread_name(|i| format!("scramble-{i}"))
            .build()
            .map_err(|e| crate::Error::Unsupported(format!("cannot start {threads} threads: {e}")))?;
        Ok(pool.install(work))
    }
}

/// Whether a search splits its tree over the threads it runs on (the one
/// parallel policy of the searches).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Threads {
    /// One thread below 4 x 4 (the smallest grid split) or on a pool
    /// of one thread, every thread of the pool from there up (the first
    /// solution and a count; the `i`-th and a list run on one thread).
    #[default]
    Auto,
    /// The calling thread only.
    One,
    /// Every thread of the pool, whatever the grid's size.
    All,
}

/// The smallest grid side that [`Threads::Auto`] searches on every thread:
/// below it a search takes microseconds and splitting costs more than it
/// saves.
pub(crate) const PARALLEL_FROM: usize = 4;

impl Threads {
    /// Whether a search of an `n x n` grid is split over the pool it runs
    /// on.
    pub fn parallel(self, n: usize) -> bool {
        match self {
            Threads::Auto => n >= PARALLEL_FROM && rayon::current_num_threads() > 1,
            Threads::One => false,
            Threads::All => true,
        }
    }

    /// How many searches run side by side on an `n x n` grid (restarts).
    pub(crate) fn side_by_side(self, n: usize) -> usize {
        if self.parallel(n) {
            rayon::current_num_threads()
        } else {
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::sync::Mutex;

    use rayon::prelude::*;

    use super::*;

    /// The names of the threads that ran some of 10,000 small tasks
    /// inside `context`.
    fn threads_seen(context: &Context) -> BTreeSet<String> {
        let seen = Mutex::new(BTreeSet::new());
        context
            .install(|| {
                (0..10_000u64).into_par_iter().for_each(|i| {
                    // Enough work per task that idle threads steal some.
                    std::hint::black_box((0..200).fold(i, |a, b| a.wrapping_mul(31) ^ b));
                    let name = std::thread::current().name().unwrap_or("unnamed").to_string();
                    seen.lock().unwrap().insert(name);
                })
            })
            .unwrap();
        seen.into_inner().unwrap()
    }

    #[test]
    fn work_runs_on_exactly_the_threads_asked_for() {
        for n in [1, 2, 3] {
            let context = Context::new().on_threads(NonZeroUsize::new(n).unwrap());
            assert_eq!(context.install(rayon::current_num_threads).unwrap(), n);
            let seen = threads_seen(&context);
            let allowed: BTreeSet<String> = (0..n).map(|i| format!("scramble-{i}")).collect();
            assert!(seen.is_subset(&allowed), "{n} threads asked, ran on {seen:?}");
            assert!(!seen.is_empty());
        }
    }

    #[test]
    fn one_thread_never_splits_a_search() {
        let one = Context::new().on_threads(NonZeroUsize::MIN);
        let split = one.install(|| Threads::Auto.parallel(8)).unwrap();
        assert!(!split);
        assert!(one.install(|| Threads::All.parallel(2)).unwrap(), "All is All");
        assert!(!Threads::Auto.parallel(PARALLEL_FROM - 1));
    }

    #[test]
    fn the_stop_and_progress_are_handed_on() {
        let stop = Stop::never().after(std::time::Duration::ZERO);
        let context = Context::new().until(&stop);
        assert!(context.stop().reached());
        assert!(!Context::new().stop().reached());
        assert_eq!(Context::new().threads(), rayon::current_num_threads());
    }
}
