//! The observers of the search: what [`super::Kernel::run_from`] tells
//! as it goes (complete positions, depths, candidates checked, polls, and
//! on request every placement and removal) and who listens (counting,
//! progress, a parallel first solution's halt).

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::State;
use crate::context::Stop;
use crate::puzzle::Placement;

/// What a search answers its observer with: go on, or stop here (the
/// `Control` of petgraph's `depth_first_search`, as std's `ControlFlow`).
pub(crate) type Control = ControlFlow<()>;

/// Whoever watches a search (the `Sink` of ripgrep, the visitor of
/// petgraph's `depth_first_search`): counting, listing, the first or the
/// `i`-th solution ([`super::Walker`]), the prefixes of a parallel search,
/// the statistics ([`super::stats::Counters`]), a restart's budget
/// (the restarts' `Budget`), progress ([`Reporter`]) and the explorer's
/// recorded run are observers of the one kernel, [`Kernel::run_from`], and a
/// pair of observers is one ([`Observer`] for `(A, B)`). Each answers with
/// a [`Control`]; a break ends the search at once.
///
/// The kernel is monomorphised per observer and every hook has a no-op
/// default: an observer that leaves [`Observer::EVENTS`] false is never
/// called on placements and removals, and the kernel counts nodes per depth
/// (in the [`State`], one increment per node) only for observers that set
/// [`Observer::COUNTS`]: one that keeps no statistics pays nothing for
/// them.
pub(crate) trait Observer {
    /// Whether the search calls [`Observer::placed`] and
    /// [`Observer::removed`].
    const EVENTS: bool = false;

    /// Whether the search counts nodes per depth in its state, for
    /// [`State::nodes`] (statistics, a placement budget).
    const COUNTS: bool = false;

    /// A piece goes into `cell` (a node of the search tree).
    #[inline(always)]
    fn placed(&mut self, _cell: usize, _placement: Placement) -> Control {
        ControlFlow::Continue(())
    }

    /// The piece in `cell` is taken off again (after the subtree below it,
    /// or right after [`Observer::reached`] for the last cell).
    #[inline(always)]
    fn removed(&mut self, _cell: usize) -> Control {
        ControlFlow::Continue(())
    }

    /// `state` holds the search's `limit` placed pieces: a solution when
    /// the limit is every cell.
    #[inline(always)]
    fn reached(&mut self, _state: &State) -> Control {
        ControlFlow::Continue(())
    }

    /// Whether a search this observer watches may run on the stack of
    /// candidates ([`super::stacked`]): it never breaks at
    /// [`Observer::reached`] and reads no position at its polls (only
    /// counters). Only then; a search with events never does.
    #[inline(always)]
    fn stackable(&self) -> bool {
        false
    }

    /// A poll, after `placements` more placements that went deeper; `state`
    /// holds the search's position (see [`State::path`]) and its counters.
    #[inline(always)]
    fn polled(&mut self, _state: &State, _placements: u64) -> Control {
        ControlFlow::Continue(())
    }
}

/// Both observers are told everything, the first one first; a break of
/// either ends the search (at [`Observer::reached`] and on events the
/// second is not told once the first broke; at a poll both are).
impl<A: Observer, B: Observer> Observer for (A, B) {
    const EVENTS: bool = A::EVENTS || B::EVENTS;
    const COUNTS: bool = A::COUNTS || B::COUNTS;

    #[inline(always)]
    fn placed(&mut self, cell: usize, placement: Placement) -> Control {
        self.0.placed(cell, placement)?;
        self.1.placed(cell, placement)
    }

    #[inline(always)]
    fn removed(&mut self, cell: usize) -> Control {
        self.0.removed(cell)?;
        self.1.removed(cell)
    }

    #[inline(always)]
    fn reached(&mut self, state: &State) -> Control {
        self.0.reached(state)?;
        self.1.reached(state)
    }

    #[inline(always)]
    fn stackable(&self) -> bool {
        self.0.stackable() && self.1.stackable()
    }

    #[inline(always)]
    fn polled(&mut self, state: &State, placements: u64) -> Control {
        let (a, b) = (self.0.polled(state, placements), self.1.polled(state, placements));
        if a.is_break() { a } else { b }
    }
}

/// Watches nothing: the statistics of a search that keeps none.
impl Observer for () {
    #[inline(always)]
    fn stackable(&self) -> bool {
        true
    }
}

/// A closure called on the states of `limit` pieces alone.
pub(crate) struct OnReached<F>(pub F);

impl<F: FnMut(&State) -> Control> Observer for OnReached<F> {
    #[inline(always)]
    fn reached(&mut self, state: &State) -> Control {
        (self.0)(state)
    }
}

/// Progress as an observer: tells the [`crate::Progress`] of the
/// placements made at each poll ([`POLL_EVERY`] at a time, those that
/// went deeper), a live node count for a spinner.
pub(crate) struct Reporter<'a>(pub &'a dyn crate::Progress);

impl Observer for Reporter<'_> {
    #[inline(always)]
    fn stackable(&self) -> bool {
        true
    }

    #[inline(always)]
    fn polled(&mut self, _state: &State, placements: u64) -> Control {
        self.0.advance(placements);
        ControlFlow::Continue(())
    }
}

/// What a running search polls: the caller's [`Stop`] and, for one task of
/// a parallel first-solution search, whether a task earlier in search order
/// has found a solution (this task's answer would not be the first).
#[derive(Clone, Copy)]
pub(in crate::solve) struct Halt<'a> {
    pub(in crate::solve) stop: &'a Stop,
    /// The lowest task index that found a solution, and this task's index.
    pub(in crate::solve) behind: Option<(&'a AtomicUsize, usize)>,
}

impl<'a> Halt<'a> {
    /// Polls only `stop`.
    pub(crate) fn on(stop: &'a Stop) -> Self {
        Halt { stop, behind: None }
    }

    /// Whether an earlier task has found a solution.
    pub(crate) fn overtaken(&self) -> bool {
        self.behind.is_some_and(|(best, me)| best.load(Ordering::Relaxed) < me)
    }
}
