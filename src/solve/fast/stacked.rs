//! The stacked search: [`Kernel::run_from`]'s tree, node for node, for a
//! static order over a stack of candidates instead of one frame per
//! depth (the model is the edge-matching fast path,
//! `crate::puzzle::edge::bits`).
//!
//! Expanding a cell checks its whole bucket at once (windows of up to 64
//! candidates, as the kernel does) and tries every candidate that fits:
//! each counts as a node, and for each the search reads its next cell's
//! bucket (the key from the candidate itself, as [`Step::previous`]) and
//! the pieces there; the bucket's candidates count as tested. Only the
//! candidates whose next bucket has an unused piece go on the stack, the
//! first in bucket order on top; a dead end thus costs no branch that
//! depends on it. Taking a candidate off the stack places it and expands
//! its next cell; the used pieces are kept per depth, so taking it off
//! undoes every deeper cell at once.
//!
//! The counts are those of the kernel: the nodes per depth (for observers
//! that read them, [`Observer::COUNTS`]), the candidate tests of every
//! bucket entered (the kernel checks every window of a bucket it does not
//! leave early), the states of the depth limit in search order
//! ([`Observer::reached`], with the board and the used pieces set), and a
//! poll every [`POLL_EVERY`] placements that went deeper. It runs only for
//! observers that never break at a reached state, watch no events and read
//! no position at polls ([`Observer::stackable`]): a break there would
//! need the kernel's unreached candidates taken off. A stop at a poll
//! leaves lower bounds, as the kernel's does.

use std::ops::ControlFlow;

use super::{Board, Candidate, Chooser, Control, Kernel, Observer, POLL_EVERY, State, View, WINDOW};

/// One candidate waiting on the stack: `c` goes into the cell of `depth`,
/// and `start..end` is the bucket of the cell after it (read when `c` was
/// tried).
#[derive(Clone, Copy, Default)]
struct Item {
    c: Candidate,
    start: u32,
    end: u32,
    depth: u8,
}

/// The most candidates one cell stacks: a bucket holds at most 64 pieces
/// in 4 turns.
const WIDE: usize = 256;

impl<C: Chooser> Kernel<'_, C> {
    /// Searches below `state` (fresh or a prefix, its cell not entered) to
    /// `limit` placed pieces on the stack of candidates; the counts and
    /// the calls of `observer` are those of [`Kernel::enter_and_run`]'s
    /// kernel for a static order ([`Chooser::STATIC`]) and an observer
    /// that may run here ([`Observer::stackable`]).
    pub(super) fn stacked<O: Observer>(&self, state: &mut State, limit: usize, observer: &mut O) -> Control {
        debug_assert!(C::STATIC && !O::EVENTS && usize::from(state.depth) < limit);
        if self.halted(state) {
            return ControlFlow::Break(());
        }
        let view = self.view();
        let floor = state.depth;
        let limit = limit as u8;
        // `used[d]`: the pieces used above depth `d`.
        let mut used = [0u64; 256];
        used[usize::from(floor)] = state.used;
        let mut stack = vec![Item::default(); 4 * WIDE];
        let mut tests = 0;
        let root = view.bucket(view.step(usize::from(floor)).bucket(state.board()));
        tests += u64::from(root[1] - root[0]);
        let mut sp = 0;
        let mut to_go = (floor, root, state.used);
        let mut countdown = POLL_EVERY;
        loop {
            let (depth, bucket, below) = to_go;
            if depth + 1 == limit {
                if self.leaves(view, state, observer, depth, bucket, below).is_break() {
                    return Self::ended(state, tests, floor, used[usize::from(floor)], ControlFlow::Break(()));
                }
            } else {
                if stack.len() < sp + WIDE {
                    stack.resize(2 * stack.len(), Item::default());
                }
                let window = stack[sp..].first_chunk_mut::<WIDE>().expect("grown");
                sp += self.expand::<O>(view, state, window, depth, bucket, below, &mut tests);
            }
            if sp == 0 {
                return Self::ended(state, tests, floor, used[usize::from(floor)], ControlFlow::Continue(()));
            }
            sp -= 1;
            let item = stack[sp];
            let d = usize::from(item.depth);
            state.placed[usize::from(view.step(d).cell)] = item.c;
            let below = used[d] | 1 << item.c.piece;
            used[(d + 1) & 255] = below;
            let depth = item.depth + 1;
            countdown -= 1;
            if countdown == 0 {
                countdown = POLL_EVERY;
                if self.polled(state, observer, (depth, below, state.filled, std::mem::take(&mut tests))) {
                    return ControlFlow::Break(());
                }
            }
            to_go = (depth, [item.start, item.end], below);
        }
    }

    /// Tries the candidates of `bucket` at `depth` (not the last) with the
    /// pieces `used` taken: counts them as nodes, the buckets of the next
    /// cell as tested, and writes those whose next bucket has an unused
    /// piece to `window`, the last in bucket order first; how many.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn expand<O: Observer>(
        &self,
        view: View,
        state: &mut State,
        window: &mut [Item; WIDE],
        depth: u8,
        [start, end]: [u32; 2],
        used: u64,
        tests: &mut u64,
    ) -> usize {
        let step = view.step(usize::from(depth));
        let next = view.step(usize::from(depth) + 1);
        let board = Board::at(&state.placed, (depth, used, state.filled));
        let checks = self.checks(step, board);
        let mut n = 0;
        let mut nodes = 0;
        let mut from = end;
        while from > start {
            let first = start + (from - start - 1) / WINDOW * WINDOW;
            let fits = match view.quad(first, from) {
                Some(quad) => checks.fits_quad(quad, from - first),
                None => checks.fits(view.window(first, from)),
            };
            nodes += u64::from(fits.count_ones());
            let mut rest = fits;
            while rest != 0 {
                let high = 63 - rest.leading_zeros();
                rest ^= 1 << high;
                let c = view.candidate(first + high);
                let at = next.bucket_after(board, c);
                let [s, e] = view.bucket(at);
                *tests += u64::from(e - s);
                window[n & (WIDE - 1)] = Item {
                    c,
                    start: s,
                    end: e,
                    depth,
                };
                n += usize::from(view.pieces(at) & !(used | 1 << c.piece) != 0);
            }
            from = first;
        }
        if O::COUNTS {
            state.nodes[usize::from(depth)] += nodes;
        }
        n
    }

    /// Tries the candidates of `bucket` at `depth`, the last, with the
    /// pieces `used` taken: counts them as nodes and tells `observer` of
    /// each state in bucket order.
    #[inline(always)]
    fn leaves<O: Observer>(
        &self,
        view: View,
        state: &mut State,
        observer: &mut O,
        depth: u8,
        [start, end]: [u32; 2],
        used: u64,
    ) -> Control {
        let step = view.step(usize::from(depth));
        let checks = self.checks(step, Board::at(&state.placed, (depth, used, state.filled)));
        let mut first = start;
        while first < end {
            let last = end.min(first + WINDOW);
            let fits = match view.quad(first, last) {
                Some(quad) => checks.fits_quad(quad, last - first),
                None => checks.fits(view.window(first, last)),
            };
            if O::COUNTS {
                state.nodes[usize::from(depth)] += u64::from(fits.count_ones());
            }
            let mut rest = fits;
            while rest != 0 {
                let c = view.candidate(first + rest.trailing_zeros());
                rest &= rest - 1;
                state.placed[usize::from(step.cell)] = c;
                (state.depth, state.used) = (depth + 1, used | 1 << c.piece);
                observer.reached(state)?;
            }
            first = last;
        }
        ControlFlow::Continue(())
    }

    /// Ends a stacked search: the tests told, the position back at
    /// `floor` with the pieces `used`.
    #[cold]
    fn ended(state: &mut State, tests: u64, floor: u8, used: u64, flow: Control) -> Control {
        state.tests += tests;
        (state.depth, state.used) = (floor, used);
        flow
    }
}
