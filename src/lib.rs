#![warn(missing_docs)]
#![deny(unsafe_code)]
//! `scramble` studies Scramble Squares puzzles with graph theory, after
//! Mason & Zhang, "A graph theoretical approach to solving Scramble Squares
//! puzzles".
//!
//! - [`puzzle`]: pictures, pieces, puzzles, arrangements and puzzle files.
//! - [`recording`]: the recording graph G(P), a petgraph multigraph in which
//!   every piece is a colored directed 4-cycle.
//! - [`render`]: DOT (graphviz-rust) and SVG pictures of recording graphs,
//!   solution graphs and pieces, with Graphviz or an embedded renderer.
//! - `output`: files written whole or not at all (feature `fs`).
//! - [`solve`]: the searches for n x n puzzles behind one front (the bitset
//!   backtracker and its search orders, the graph solver, random restarts,
//!   tree-size estimates) and the plain reference backtracker.
//! - [`generate`], [`rng`]: seeded random puzzles with a planted solution.
//! - [`cnf`]: a puzzle as DIMACS CNF for SAT solvers, and models read back.
//! - [`theorem`]: Theorem 2.1 and the twisted-graph criterion for 2x2
//!   puzzles, the n x n forms (the frame conditions on a subgraph alone, the
//!   arrangement form, circuits glued at lattice points).
//! - [`Judgement`]: the 2x2 reference without graph theory.
//! - [`census`]: the exhaustive 2x2 and 3x3 censuses that check the
//!   theorems, and the 2x2 totals in closed form for every number of
//!   patterns.
//! - `study`: studies of the paper's open questions on generated puzzles
//!   (feature `plots`).
//! - [`explore`]: the data of the one-file interactive page.
//! - [`Context`]: the one context of long work (stop, progress, threads):
//!   every call that can run long takes `&Context`.
//! - [`Progress`], [`error`]: the one progress trait and the one error type.
//!
//! Features (all on by default): `render` DOT text and Graphviz (without
//! it the embedded renderer draws every picture); `plots` the studies and
//! their plots; `fs` the output layer;
//! `parallel` is not one: rayon builds for every target and runs on the
//! calling thread where there are none. With `--no-default-features` the
//! library builds for `wasm32-unknown-unknown`, the engine of the page in
//! `web/`.
//!
//! See ARCHITECTURE.md for the bird's-eye view.

#[cfg(test)]
mod architecture;
pub mod census;
pub mod cnf;
mod context;
pub mod diagnose;
pub mod edge;
pub mod error;
pub mod explore;
pub mod generate;
mod judge;
pub mod looks;
#[cfg(feature = "fs")]
pub mod output;
mod partition;
mod progress;
pub mod puzzle;
pub mod recording;
pub mod render;
pub mod rng;
pub mod solve;
#[cfg(feature = "plots")]
pub mod study;
pub mod theorem;

pub use context::{Context, Stats, Stop, Threads};
pub use error::{Error, Result};

/// The version of the layout of every JSON document scramble writes (its
/// `schema` field): raised when a key is renamed or removed or changes
/// meaning, not when a key is added.
pub const JSON_SCHEMA: u32 = 3;
pub use progress::Progress;
pub use puzzle::read::{Format, read_puzzle};
pub use puzzle::{Arrangement, Pattern, Picture, Piece, Placement, Puzzle, Sign};
pub use recording::RecordingGraph;

// The façade: what a program using the library needs first, by name from
// the crate root (ARCHITECTURE.md, "Public surface"; `architecture.rs`
// keeps this list under review).
pub use census::Census;
pub use generate::{PlantOptions, planted};
pub use judge::{Judgement, judge};
pub use render::export::{graphml, node_link};
pub use solve::{Goal, Method, Order, Outcome, Search, Solver};
pub use theorem::analysis::{Analysis, analyse};
