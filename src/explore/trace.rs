//! A recorded run of the backtracker, for the page's step-through.
//!
//! [`record`] walks the grid in a static [`Order`] (its cells and its piece
//! ranks) and logs every placement, every removal and every solution as an
//! [`Event`], up to a cap. Rotation classes are broken exactly as the fast
//! solver breaks them (odd `n`: the centre piece at rotation 0; even `n`:
//! the upper-left central cell holds the lowest-numbered of the four central
//! pieces), so a run to its end finds each solution modulo rotation once:
//! the tests judge it by [`Solver::count`](crate::solve::Solver::count).

use std::ops::ControlFlow;

use serde::Serialize;

use crate::puzzle::grid::Grid;
use crate::solve::Order;
use crate::{Error, Placement, Puzzle, Result};

/// One step of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Event {
    /// `(cell, piece, rotation)`: a piece that fits its placed neighbours
    /// goes into the cell (a node of the search tree).
    Place(usize, usize, usize),
    /// The cell is emptied again (backtracking).
    Remove(usize),
    /// The grid is full: a solution.
    Solution,
}

/// A run of the backtracker, recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Trace {
    /// The order searched.
    pub order: Order,
    /// The cells in filling order.
    pub cells: Vec<usize>,
    /// What happened, in order; at most the cap.
    pub events: Vec<Event>,
    /// Whether the search ended within the cap (otherwise it was cut off).
    pub complete: bool,
}

impl Trace {
    /// Nodes (placements) per depth `1..=n*n` in the recorded events.
    pub fn nodes_per_depth(&self) -> Vec<u64> {
        let mut nodes = vec![0; self.cells.len()];
        let mut depth = 0;
        for event in &self.events {
            match event {
                Event::Place(..) => {
                    nodes[depth] += 1;
                    depth += 1;
                }
                Event::Remove(_) => depth -= 1,
                Event::Solution => {}
            }
        }
        nodes
    }

    /// Solutions among the recorded events.
    pub fn solutions(&self) -> usize {
        self.events.iter().filter(|e| **e == Event::Solution).count()
    }
}

/// Runs the backtracker on `puzzle` in `order` (`seed` drives `random`),
/// recording at most `cap` events.
///
/// Fails for `center-max`, which picks its cells as it goes.
///
/// # Complexity
/// `O(cap)` events, each found in `O(4N)` fit checks for `N` pieces: the
/// cap bounds the work even where the whole search would be exponential.
///
/// ```
/// use scramble::{Puzzle, explore::trace::{Event, record}, solve::Order};
/// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let trace = record(&puzzle, Order::Spiral, 0, 10_000).unwrap();
/// assert!(trace.complete);
/// assert_eq!(trace.events[0], Event::Place(0, 0, 0));
/// assert!(trace.solutions() >= 1);
/// ```
pub fn record(puzzle: &Puzzle, order: Order, seed: u64, cap: usize) -> Result<Trace> {
    let n = puzzle.size();
    let cells = order.cells(n).ok_or_else(|| {
        Error::Unsupported(format!(
            "the {} order picks its next cell as it goes; a trace needs spiral, row-major or random",
            order.name()
        ))
    })?;
    let (first, rest) = order.ranks(puzzle, seed);
    let by_rank = |ranks: &[usize]| {
        let mut pieces: Vec<usize> = (0..ranks.len()).collect();
        pieces.sort_by_key(|&p| ranks[p]);
        pieces
    };
    let (first, rest) = (by_rank(&first), by_rank(&rest));
    let mut search = Search {
        puzzle,
        grid_shape: Grid::new(n),
        candidates: [&first, &rest],
        grid: vec![None; n * n],
        used: vec![false; puzzle.pieces().len()],
        events: Vec::new(),
        cap,
    };
    let complete = search.fill(&cells).is_continue();
    Ok(Trace {
        order,
        cells,
        events: search.events,
        complete,
    })
}

struct Search<'a> {
    puzzle: &'a Puzzle,
    grid_shape: Grid,
    /// Pieces in the order tried: in the first cell, and elsewhere.
    candidates: [&'a [usize]; 2],
    grid: Vec<Option<Placement>>,
    used: Vec<bool>,
    events: Vec<Event>,
    cap: usize,
}

impl Search<'_> {
    /// Fills `cells[0]`, then the rest; `Break` once the cap is reached.
    fn fill(&mut self, cells: &[usize]) -> ControlFlow<()> {
        let Some((&cell, rest)) = cells.split_first() else {
            return self.log(Event::Solution);
        };
        let pieces = self.candidates[usize::from(self.grid.iter().any(Option::is_some))];
        for &piece in pieces {
            if self.used[piece] {
                continue;
            }
            for rotation in 0..4 {
                let placement = Placement { piece, rotation };
                if !self.fits(cell, placement) {
                    continue;
                }
                self.grid[cell] = Some(placement);
                self.used[piece] = true;
                let result = if self.canonical() {
                    self.descend(cell, placement, rest)
                } else {
                    ControlFlow::Continue(())
                };
                self.grid[cell] = None;
                self.used[piece] = false;
                result?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Logs the placement, fills the rest, logs the removal.
    fn descend(&mut self, cell: usize, p: Placement, rest: &[usize]) -> ControlFlow<()> {
        self.log(Event::Place(cell, p.piece, p.rotation))?;
        self.fill(rest)?;
        self.log(Event::Remove(cell))
    }

    fn log(&mut self, event: Event) -> ControlFlow<()> {
        if self.events.len() >= self.cap {
            return ControlFlow::Break(());
        }
        self.events.push(event);
        ControlFlow::Continue(())
    }

    /// Whether `placement` at `cell` matches every placed neighbour.
    fn fits(&self, cell: usize, placement: Placement) -> bool {
        let side = |p: Placement, d: usize| self.puzzle.pieces()[p.piece].side_turned(p.rotation, d);
        self.grid_shape
            .neighbours(cell)
            .all(|(d, other)| self.grid[other].is_none_or(|other| side(placement, d).matches(side(other, (d + 2) % 4))))
    }

    /// Whether the grid so far can be the representative of its rotation
    /// class: odd `n`, the centre piece unturned; even `n`, once the four
    /// central cells are full, the upper-left one holds the lowest piece.
    fn canonical(&self) -> bool {
        let n = self.grid_shape.size();
        if n % 2 == 1 {
            let centre = (n / 2) * n + n / 2;
            return self.grid[centre].is_none_or(|p| p.rotation == 0);
        }
        match self.grid_shape.block((n / 2, n / 2)).map(|c| self.grid[c]) {
            [Some(a), Some(b), Some(c), Some(d)] => a.piece < b.piece.min(c.piece).min(d.piece),
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Arrangement;
    use crate::generate::{PlantOptions, Recipe};
    use crate::solve::Solver;

    /// Replays a trace, checking every event against the grid it builds.
    fn replay(puzzle: &Puzzle, trace: &Trace) {
        let n = puzzle.size();
        let mut grid: Vec<Option<Placement>> = vec![None; n * n];
        let mut depth = 0;
        for event in &trace.events {
            match *event {
                Event::Place(cell, piece, rotation) => {
                    assert_eq!(cell, trace.cells[depth], "cells are filled in order");
                    assert!(grid[cell].is_none());
                    grid[cell] = Some(Placement { piece, rotation });
                    depth += 1;
                }
                Event::Remove(cell) => {
                    depth -= 1;
                    assert_eq!(cell, trace.cells[depth], "the last cell filled is emptied");
                    grid[cell] = None;
                }
                Event::Solution => {
                    let cells = grid.iter().map(|p| p.unwrap()).collect();
                    assert!(Arrangement::new(n, cells).is_solution(puzzle));
                }
            }
        }
    }

    #[test]
    fn a_whole_run_finds_what_the_fast_solver_counts() {
        let mut several = 0;
        for round in 0..60u64 {
            // 2x2 over 1-3 patterns (few patterns: many solutions),
            // 3x3 over 3-4 patterns, some repetition-free.
            let size = if round % 3 == 0 { 3 } else { 2 };
            let patterns = if size == 3 { 3 + round % 2 } else { 1 + round % 3 } as u32;
            let identical = 0;
            let recipe = Recipe {
                size,
                patterns,
                seed: round,
                options: PlantOptions {
                    repetition_free: patterns >= 3 && identical == 0 && round % 2 == 0,
                    identical,
                },
            };
            let puzzle = recipe.draw(0).unwrap().puzzle;
            for order in [Order::Spiral, Order::RowMajor, Order::Random] {
                let trace = record(&puzzle, order, round, usize::MAX).unwrap();
                assert!(trace.complete);
                replay(&puzzle, &trace);
                let count = Solver::new(&puzzle, order, round).unwrap().count();
                assert_eq!(trace.solutions() as u64, count.solutions, "{order:?}\n{puzzle}");
                several += usize::from(count.solutions > 1);
            }
        }
        eprintln!("{several} of 180 runs had several solutions");
        assert!(several >= 60, "only {several} runs had several solutions");
    }

    #[test]
    fn the_cap_cuts_the_run_and_nodes_add_up() {
        let puzzle: Puzzle = include_str!("../../fixtures/planted3x3.txt").parse().unwrap();
        let trace = record(&puzzle, Order::RowMajor, 0, 50).unwrap();
        assert_eq!(trace.events.len(), 50);
        assert!(!trace.complete);
        replay(&puzzle, &trace);
        let places = trace.events.iter().filter(|e| matches!(e, Event::Place(..))).count();
        assert_eq!(trace.nodes_per_depth().iter().sum::<u64>(), places as u64);
    }

    #[test]
    fn center_max_has_no_static_trace() {
        let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
        let err = record(&puzzle, Order::CenterMax, 0, 10).unwrap_err();
        assert!(err.to_string().contains("center-max"), "{err}");
    }
}
