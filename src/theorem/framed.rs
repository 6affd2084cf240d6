//! The exact verdict on a subgraph H for any `n`: a search over *framed*
//! arrangements (open question 4.2).
//!
//! By Lemma 1 of [`super::frame`], an arrangement keeps exactly H if and
//! only if H has the shapes (H1) and every piece lies in a cell of its kind,
//! a corner or border piece turned so that its kept corners are the cell's
//! interior ones (one turn per cell), an inner piece turned any way. So the
//! solutions keeping H are the solutions of the puzzle with that frame
//! prescribed, and [`decide`]'s search finds exactly those: every cell's
//! candidates are the pieces of its kind in their forced turn (inner cells:
//! every turn), and the search always fills the empty cell with the fewest
//! candidates that fit its placed neighbours (a cell with none ends the
//! branch at once: propagation by forward checking). The lowest-numbered
//! corner piece is put in the top-left cell, so every solution is found in
//! exactly one of its four rotations.
//!
//! Deciding this for every `n` is NP-complete
//! (`super::reduction`), so the search is exponential in the worst case;
//! the frame cuts it to the puzzle's own frame and the checker in
//! `inspect --subgraph` runs it only when the instant conditions of
//! [`super::frame::check`] hold.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use super::arrangement_form::shapes;
use super::frame::{Frame, FrameVerdict, Kind, check};
use crate::context::{Context, POLL_EVERY, Stop};
use crate::puzzle::grid::{Grid, opposite};
use crate::{Arrangement, Picture, Placement, Puzzle};

/// A placement candidate: a piece in a turn, with the pictures it shows at
/// each direction.
#[derive(Clone, Copy, Debug)]
struct Option4 {
    piece: usize,
    rotation: usize,
    shows: [Picture; 4],
}

/// The framed puzzle of H: each cell's candidates.
struct Framed {
    grid: Grid,
    candidates: Vec<Vec<Option4>>,
    pieces: usize,
}

/// The solutions (modulo rotation, each canonical, sorted) that keep
/// exactly `h` (edge numbers `4 * piece + corner`); empty when (H1) fails.
/// `limit` stops after that many solutions (`usize::MAX` for all), `stop`
/// too (polled every [`POLL_EVERY`] nodes); whether it did.
///
/// # Complexity
/// Exponential in the worst case (the question is NP-complete); each node
/// costs `O(n^2 m)` for `m` candidates per cell (at most `4 n^2`).
pub(crate) fn solutions(puzzle: &Puzzle, h: &BTreeSet<usize>, limit: usize, stop: &Stop) -> (Vec<Arrangement>, bool) {
    let mut found = BTreeSet::new();
    let mut stopped = false;
    if let Some(framed) = Framed::new(puzzle, h) {
        stopped = framed.search(stop, &mut |a| {
            found.insert(a.canonical());
            if found.len() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    }
    (found.into_iter().collect(), stopped)
}

/// Whether some solution keeps exactly `h`: [`solutions`] ended at the
/// first one.
#[cfg(test)]
pub(crate) fn kept(puzzle: &Puzzle, h: &BTreeSet<usize>) -> bool {
    !solutions(puzzle, h, 1, &Stop::never()).0.is_empty()
}

/// The exact verdict on H, cheapest first: the conditions on H alone, then
/// the framed search only when they all hold.
#[derive(Clone, Debug)]
pub struct Decision {
    /// (H1)-(H5), and (H6) for `n = 3`, with witnesses.
    pub conditions: FrameVerdict,
    /// The solutions (modulo rotation, canonical, sorted) keeping exactly H.
    pub solutions: Vec<Arrangement>,
    /// Whether the framed search ran (the conditions held).
    pub searched: bool,
    /// Whether the context's stop ended the framed search before its end:
    /// `solutions` are those found by then, and an empty list decides
    /// nothing.
    pub stopped: bool,
}

impl Decision {
    /// Whether some solution keeps exactly H.
    pub fn kept(&self) -> bool {
        !self.solutions.is_empty()
    }
}

/// Decides whether a solution keeps exactly `h`: [`super::frame::check`]
/// first (instant; a failure settles the question, every condition being
/// necessary), then the framed search: every solution (modulo rotation,
/// each canonical, sorted) that keeps exactly `h`, until the context's
/// stop, polled every 16,384 nodes.
///
/// ```
/// use scramble::{Context, Puzzle, Stop};
/// use scramble::theorem::framed::decide;
/// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// // The centre corners of the planted solution: piece i keeps corner [1, 2, 0, 3][i].
/// let kept = decide(&puzzle, &[1, 6, 8, 15].into(), &Context::new());
/// assert!(kept.kept() && kept.searched && !kept.stopped);
/// assert_eq!(kept.solutions.len(), 1);
/// let unbalanced = decide(&puzzle, &[0, 4, 8, 12].into(), &Context::new());
/// assert!(!unbalanced.kept() && !unbalanced.searched);
/// let stopped = Stop::never().after(std::time::Duration::ZERO);
/// let cut = decide(&puzzle, &[1, 6, 8, 15].into(), &Context::new().until(&stopped));
/// assert!(cut.stopped && !cut.kept());
/// ```
///
/// # Complexity
/// That of [`super::frame::check`], plus, when it passes, a search
/// exponential in the worst case (the question is NP-complete); each node
/// costs `O(n^2 m)` for `m` candidates per cell (at most `4 n^2`).
pub fn decide(puzzle: &Puzzle, h: &BTreeSet<usize>, context: &Context) -> Decision {
    let conditions = check(puzzle, h);
    let searched = conditions.passes();
    let (solutions, stopped) = if searched {
        solutions(puzzle, h, usize::MAX, context.stop())
    } else {
        (Vec::new(), false)
    };
    Decision {
        conditions,
        solutions,
        searched,
        stopped,
    }
}

impl Framed {
    fn new(puzzle: &Puzzle, h: &BTreeSet<usize>) -> Option<Framed> {
        shapes(puzzle, h).ok()?;
        let n = puzzle.size();
        let frame = Frame::new(puzzle.pieces().len(), h)?;
        let grid = Grid::new(n);
        let kept = |p: usize, rotation: usize, cell: usize| -> bool {
            (0..4).all(|k| h.contains(&(4 * p + k)) == grid.corner_point(cell, (k + rotation) % 4).is_some())
        };
        let candidates = grid
            .cells()
            .map(|cell| {
                let kind = cell_kind(grid, cell);
                (0..puzzle.pieces().len())
                    .filter(|&p| frame.kind(p) == kind)
                    .flat_map(|p| (0..4).map(move |r| (p, r)))
                    .filter(|&(p, r)| kept(p, r, cell))
                    .map(|(piece, rotation)| Option4 {
                        piece,
                        rotation,
                        shows: std::array::from_fn(|d| puzzle.pieces()[piece].side_turned(rotation, d)),
                    })
                    .collect()
            })
            .collect();
        let mut framed = Framed {
            grid,
            candidates,
            pieces: puzzle.pieces().len(),
        };
        framed.fix_rotation();
        Some(framed)
    }

    /// The lowest-numbered piece among the top-left cell's candidates is
    /// the only one allowed there: one representative per rotation class.
    fn fix_rotation(&mut self) {
        if let Some(first) = self.candidates[0].iter().map(|o| o.piece).min() {
            self.candidates[0].retain(|o| o.piece == first);
        }
    }

    /// Visits every solution until `visit` or `stop` ends the search;
    /// whether `stop` did.
    fn search(&self, stop: &Stop, visit: &mut impl FnMut(Arrangement) -> ControlFlow<()>) -> bool {
        let mut state = State {
            placed: vec![None; self.grid.cells().len()],
            used: vec![false; self.pieces],
            countdown: 1,
            stop,
            stopped: false,
        };
        let _ = self.fill(&mut state, visit);
        state.stopped
    }

    /// The candidates of an empty cell that fit its placed neighbours and
    /// use no used piece.
    fn fitting<'a>(&'a self, state: &'a State, cell: usize) -> impl Iterator<Item = &'a Option4> + 'a {
        self.candidates[cell].iter().filter(move |o| {
            !state.used[o.piece]
                && self.grid.neighbours(cell).all(|(d, nb)| match state.placed[nb] {
                    Some(other) => o.shows[d].matches(other.shows[opposite(d)]),
                    None => true,
                })
        })
    }

    fn fill(&self, state: &mut State, visit: &mut impl FnMut(Arrangement) -> ControlFlow<()>) -> ControlFlow<()> {
        state.poll()?;
        let mut best: Option<(usize, usize)> = None;
        for cell in self.grid.cells().filter(|&c| state.placed[c].is_none()) {
            let count = self.fitting(state, cell).count();
            if best.is_none_or(|(_, b)| count < b) {
                best = Some((cell, count));
            }
            if count == 0 {
                return ControlFlow::Continue(());
            }
        }
        let Some((cell, _)) = best else {
            return visit(state.arrangement(self.grid.size()));
        };
        let options: Vec<Option4> = self.fitting(state, cell).copied().collect();
        for o in options {
            state.placed[cell] = Some(o);
            state.used[o.piece] = true;
            let flow = self.fill(state, visit);
            state.used[o.piece] = false;
            state.placed[cell] = None;
            flow?;
        }
        ControlFlow::Continue(())
    }
}

struct State<'a> {
    placed: Vec<Option<Option4>>,
    used: Vec<bool>,
    /// Nodes until the next look at `stop` (the first node looks).
    countdown: u32,
    stop: &'a Stop,
    stopped: bool,
}

impl State<'_> {
    /// Ends the search once `stop` is reached, looked at every
    /// [`POLL_EVERY`] nodes.
    fn poll(&mut self) -> ControlFlow<()> {
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = POLL_EVERY;
            self.stopped = self.stop.reached();
        }
        if self.stopped {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn arrangement(&self, size: usize) -> Arrangement {
        let cells = self
            .placed
            .iter()
            .map(|o| {
                let o = o.expect("a full grid");
                Placement {
                    piece: o.piece,
                    rotation: o.rotation,
                }
            })
            .collect();
        Arrangement::new(size, cells)
    }
}

/// The kind of a cell: how many of its corners are interior.
pub(crate) fn cell_kind(grid: Grid, cell: usize) -> Kind {
    match grid.inner_corner_directions(cell).count() {
        1 => Kind::Corner,
        2 => Kind::Border,
        _ => Kind::Inner,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recording::gluing::tests::planted;
    use crate::recording::kept::kept_corners;
    use crate::theorem::arrangement_form::{corner_moves, evaluate};

    fn kept_set(a: &Arrangement) -> BTreeSet<usize> {
        kept_corners(a).map(|(p, c)| 4 * p + c).collect()
    }

    #[test]
    fn the_verdict_and_solutions_are_the_arrangement_forms_on_kept_and_nearby_subgraphs() {
        let mut judged = 0;
        for (size, patterns) in [(2, 3), (3, 3), (3, 4), (4, 5)] {
            for puzzle in planted(size, patterns, 6) {
                let (first, _) = crate::recording::gluing::Gluer::new(&puzzle, None).first();
                let h = kept_set(&first.expect("planted puzzles are solvable").arrangement);
                for probe in std::iter::once(h.clone()).chain(corner_moves(&h).take(40)) {
                    let old = evaluate(&puzzle, &probe);
                    assert_eq!(
                        solutions(&puzzle, &probe, usize::MAX, &Stop::never()).0,
                        old.solutions,
                        "{puzzle:?} {probe:?}"
                    );
                    judged += 1;
                }
            }
        }
        assert!(judged > 500, "{judged}");
    }
}
