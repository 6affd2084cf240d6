//! Stopping a search early: a deadline and a cancel flag, and a placement
//! budget.
//!
//! The library knows no signals and no command line: whoever wants a search
//! to stop (a time limit, Ctrl-C, another thread that found an answer) hands
//! it a [`Stop`]. The search polls it every [`POLL_EVERY`] placements, which
//! costs one decrement and one well-predicted branch per placement; a stopped
//! search returns what it found so far with
//! [`Stats::stopped`](super::Stats::stopped) set, so counts are lower bounds.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;
use web_time::Instant;

use super::fast::{Control, Observer, State};

/// Placements between two polls of the stop conditions (a poll reads the
/// clock; at ~100 M placements per second this is a poll every ~0.2 ms).
pub const POLL_EVERY: u32 = 1 << 14;

/// When a search must stop before it is done.
///
/// ```
/// use std::time::Duration;
/// use scramble::solve::Stop;
/// let never = Stop::never();
/// assert!(!never.reached());
/// assert!(Stop::never().after(Duration::ZERO).reached());
/// let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
/// let stop = Stop::never().cancelled_by(flag.clone());
/// assert!(!stop.reached());
/// flag.store(true, std::sync::atomic::Ordering::Relaxed);
/// assert!(stop.reached());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stop {
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

impl Stop {
    /// A search that runs to the end.
    pub const fn never() -> Self {
        Stop {
            deadline: None,
            cancel: None,
        }
    }

    /// Also stop `limit` from now.
    pub fn after(self, limit: Duration) -> Self {
        Stop {
            deadline: Some(Instant::now() + limit),
            ..self
        }
    }

    /// Also stop once `flag` is set (e.g. by a Ctrl-C handler).
    pub fn cancelled_by(self, flag: Arc<AtomicBool>) -> Self {
        Stop {
            cancel: Some(flag),
            ..self
        }
    }

    /// Whether the deadline has passed or the flag is set.
    pub fn reached(&self) -> bool {
        self.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|at| Instant::now() >= at)
    }
}

/// [`Stop::never`], for searches that always run to the end.
pub(super) static NEVER: Stop = Stop::never();

/// What a running search polls: the caller's [`Stop`] and, for one task of
/// a parallel first-solution search, whether a task earlier in search order
/// has found a solution (this task's answer would not be the first).
#[derive(Clone, Copy)]
pub(super) struct Halt<'a> {
    pub stop: &'a Stop,
    /// The lowest task index that found a solution, and this task's index.
    pub behind: Option<(&'a AtomicUsize, usize)>,
}

impl<'a> Halt<'a> {
    /// Polls only `stop`.
    pub fn on(stop: &'a Stop) -> Self {
        Halt { stop, behind: None }
    }

    /// Whether an earlier task has found a solution.
    pub fn overtaken(&self) -> bool {
        self.behind.is_some_and(|(best, me)| best.load(Ordering::Relaxed) < me)
    }
}

/// A placement budget as an observer (a restart's): at the first poll
/// where the search has made `limit` placements, sets `spent` and breaks
/// it. Checked at polls only, so the search makes up to [`POLL_EVERY`]
/// placements more than `limit`, the same for every run.
pub(super) struct Budget {
    pub limit: u64,
    /// The search gave up at the budget before it was done.
    pub spent: bool,
}

impl Observer for Budget {
    const COUNTS: bool = true;

    fn polled(&mut self, state: &State, _placements: u64) -> Control {
        self.spent = state.nodes().iter().sum::<u64>() >= self.limit;
        if self.spent {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}
