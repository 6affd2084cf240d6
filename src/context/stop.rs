//! Stopping long work early: a deadline and a cancel flag.
//!
//! The library knows no signals and no command line: whoever wants work to
//! stop (a time limit, Ctrl-C, another thread that found an answer) hands
//! it a [`Stop`], usually inside a [`Context`](super::Context). A search
//! polls it every [`POLL_EVERY`] placements, which costs one decrement and
//! one well-predicted branch per placement; stopped work returns what it
//! found so far marked as partial ([`Stats::stopped`](super::Stats::stopped)
//! for searches), so counts are lower bounds.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

// The browser's clock in WebAssembly, where std's panics.
use web_time::Instant;

/// Placements between two polls of the stop conditions (a poll reads the
/// clock; at ~100 M placements per second this is a poll every ~0.2 ms).
pub(crate) const POLL_EVERY: u32 = 1 << 14;

/// When a search must stop before it is done.
///
/// ```
/// use std::time::Duration;
/// use scramble::Stop;
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

    /// Whether the flag is set (rather than, or beside, the deadline
    /// passed): why a study that stopped says `interrupted`.
    #[cfg(feature = "plots")]
    pub(crate) fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

impl Stop {
    /// Why work stopped early, as reports say it: `interrupted` when the
    /// flag is set (a signal), else `time-limit`.
    pub(crate) fn reason(&self) -> &'static str {
        if self.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            "interrupted"
        } else {
            "time-limit"
        }
    }
}

/// [`Stop::never`], for work that always runs to the end.
pub(crate) static NEVER: Stop = Stop::never();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_says_whether_its_flag_or_its_clock_stopped_it() {
        let flag = Arc::new(AtomicBool::new(false));
        let stop = Stop::never().cancelled_by(flag.clone()).after(Duration::ZERO);
        assert_eq!(stop.reason(), "time-limit");
        flag.store(true, Ordering::Relaxed);
        assert_eq!(stop.reason(), "interrupted");
        assert_eq!(Stop::never().reason(), "time-limit");
    }
}
