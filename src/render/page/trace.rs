//! A recorded run of the backtracker, for the page's step-through.
//!
//! [`record`] runs the fast backtracker ([`Solver`]) in a static [`Order`]
//! with an observer that logs every placement, every removal and every
//! solution as an [`Event`], up to a cap: the page steps through the very
//! search `solve` runs (its nodes, its rotation-class rule, its candidate
//! order), not a copy of it. A run to its end finds each solution modulo
//! rotation once.

use std::ops::ControlFlow;

use serde::Serialize;

use crate::solve::{Control, Observer, Order, Solver, State};
use crate::{Error, Placement, Puzzle, Result};

/// One step of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) enum Event {
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
pub(crate) struct Trace {
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
    #[cfg(test)]
    pub(crate) fn nodes_per_depth(&self) -> Vec<u64> {
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
    #[cfg(test)]
    pub(crate) fn solutions(&self) -> usize {
        self.events.iter().filter(|e| **e == Event::Solution).count()
    }
}

/// Runs the backtracker on `puzzle` in `order` (`seed` drives `random`),
/// recording at most `cap` events.
///
/// Fails for the orders that pick their cells as they go.
///
/// # Complexity
/// The candidate tables (`O(P^2 + 4N)` per neighbour pattern), then `O(1)`
/// per event: the cap bounds the work even where the whole search would be
/// exponential.
pub(crate) fn record(puzzle: &Puzzle, order: Order, seed: u64, cap: usize) -> Result<Trace> {
    let n = puzzle.size();
    let cells = order.cells(n).ok_or_else(|| {
        Error::Unsupported(format!(
            "the {} order picks its next cell as it goes; a trace needs spiral, row-major or random",
            order.name()
        ))
    })?;
    let mut recorder = Recorder {
        events: Vec::new(),
        cap,
        complete: true,
    };
    Solver::new(puzzle, order, seed)?.observe(&mut recorder);
    Ok(Trace {
        order,
        cells,
        events: recorder.events,
        complete: recorder.complete,
    })
}

/// The observer that logs the search's events until the cap.
struct Recorder {
    events: Vec<Event>,
    cap: usize,
    complete: bool,
}

impl Recorder {
    /// Logs `event`, or breaks the search when the cap is reached.
    fn log(&mut self, event: Event) -> Control {
        if self.events.len() >= self.cap {
            self.complete = false;
            return ControlFlow::Break(());
        }
        self.events.push(event);
        ControlFlow::Continue(())
    }
}

impl Observer for Recorder {
    const EVENTS: bool = true;

    fn placed(&mut self, cell: usize, p: Placement) -> Control {
        self.log(Event::Place(cell, p.piece, p.rotation))
    }

    fn removed(&mut self, cell: usize) -> Control {
        self.log(Event::Remove(cell))
    }

    fn reached(&mut self, _: &State) -> Control {
        self.log(Event::Solution)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_record_holds() {
        use crate::{
            Puzzle,
            render::page::trace::{Event, record},
            solve::Order,
        };
        let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
        let trace = record(&puzzle, Order::Spiral, 0, 10_000).unwrap();
        assert!(trace.complete);
        assert_eq!(trace.events[0], Event::Place(0, 0, 0));
        assert!(trace.solutions() >= 1);
    }

    use super::*;
    use crate::Arrangement;
    use crate::puzzle::generate::{PlantOptions, Recipe};

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
                assert_eq!(
                    trace.nodes_per_depth(),
                    count.stats.nodes_per_depth,
                    "the trace is the search"
                );
                several += usize::from(count.solutions > 1);
            }
        }
        eprintln!("{several} of 180 runs had several solutions");
        assert!(several >= 60, "only {several} runs had several solutions");
    }

    #[test]
    fn the_cap_cuts_the_run_and_nodes_add_up() {
        let puzzle: Puzzle = include_str!("../../../fixtures/planted3x3.txt").parse().unwrap();
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
