//! The statistics observer of the backtracker's kernel: [`Counters`]
//! (which has the kernel count nodes per depth in its state); a search that
//! needs none uses `()` instead ([`Tally`] names the two), and its kernel
//! has no per-node counting code. The counters' meaning is
//! [`Stats`]'.

use web_time::Instant;

use super::fast::{Observer, State};
use crate::context::Stats;

/// The statistics observer: has the kernel count nodes per depth in its
/// state ([`Observer::COUNTS`]), and reads them with the candidate tests.
#[derive(Clone, Copy, Debug)]
pub(super) struct Counters;

impl Observer for Counters {
    const COUNTS: bool = true;

    #[inline(always)]
    fn stackable(&self) -> bool {
        true
    }
}

/// What a search keeps beside its goal: [`Counters`], or `()` for no
/// statistics (then [`Tally::stats`] has zero counters).
pub(super) trait Tally: Observer + Send {
    /// Nothing counted yet.
    fn fresh() -> Self;

    /// The statistics of a search of `cells` cells on `state` that started
    /// at `started`.
    fn stats(&self, state: &State, cells: usize, started: Instant) -> Stats;
}

impl Tally for Counters {
    fn fresh() -> Self {
        Counters
    }

    #[inline]
    fn stats(&self, state: &State, cells: usize, started: Instant) -> Stats {
        Stats {
            nodes_per_depth: state.nodes()[..cells].to_vec(),
            candidate_tests: state.tests(),
            elapsed: started.elapsed(),
            stopped: state.stopped,
        }
    }
}

impl Tally for () {
    fn fresh() -> Self {}

    #[inline]
    fn stats(&self, state: &State, cells: usize, started: Instant) -> Stats {
        Stats {
            elapsed: started.elapsed(),
            stopped: state.stopped,
            ..Stats::new(cells)
        }
    }
}
